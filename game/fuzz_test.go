package game

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// FuzzApply drives the engine with arbitrary event streams, full-information
// and table observations mixed, on both ordered and unknown-order decks,
// through Apply or, as a real table does, through Observe: it must never
// panic, a refusal must leave the state exactly as it was, Observe must
// refuse every event that is not an observation, and the invariants must
// hold after every event.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("step step pick play scan press confirm"))
	f.Add(make([]byte, 64))
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 0, 0, 3, 0, 1, 0, 1, 1, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		opts := []Rules{Official(), Classic(), French()}
		rng := rand.New(rand.NewPCG(uint64(data[0]), 1))
		g, err := New(Config{Rules: opts[int(data[0])%3], Seats: []int{1, 2, 3, 4},
			Deck:    Shuffle(NewDeck(DeckSpec{Move: data[1]&1 == 0, Anvil: true, Chute: true, Goggles: true}), rng),
			Ordered: data[1]&2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		apply, observe := g.Apply, data[1]&4 != 0
		if observe {
			apply = g.Observe
		}
		var buf []Event
		for i := 2; i+1 < len(data); i += 2 {
			a, b := data[i], data[i+1]
			var e Event
			switch a % 8 {
			case 0, 1:
				e = Step()
				if observe && a%8 == 1 { // what lands a Ground at a real table
					e = StopClosed()
				}
			case 2: // a legal play, if any
				buf = g.Legal(int(b)%4, buf[:0])
				if len(buf) == 0 {
					continue
				}
				e = buf[int(b/4)%len(buf)]
			case 3:
				e = Scan(g.Card(int(b) % g.NumCards()).ID)
				if id, ok := g.UnscannedBefore(); b >= 224 && ok { // the panel's unscanned
					e = DealtUnscanned(id)
					if b >= 240 { // naming the card a Ground, or (refused) another kind
						e.As = Kind(b % 14)
					}
				} else if b >= 208 { // unscanned said of a card, any card
					e = DealtUnscanned(g.Card(int(b) % g.NumCards()).ID)
				} else if b >= 176 { // a held read, judged dealt
					e = ScanDealt(g.Card(int(b) % g.NumCards()).ID)
				}
			case 4:
				e = Press(int(b)%6 - 1)
				if _, ok := g.GoneToTakeBack(); b >= 240 && ok { // the panel's take-back of a not there
					e = ThereAfterAll()
				} else if b >= 232 { // said after anything
					e = ThereAfterAll()
				} else if b >= 228 { // the table declares a winner (seats -1 to 2)
					e = DeclareWinner(int(b)%6 - 1)
				} else if id, ok := g.UnscannedToTakeBack(); b >= 226 && ok { // the panel's take-back of an unscanned
					e = UnscannedTakenBack(id)
				} else if b >= 224 { // said of a card, any card
					e = UnscannedTakenBack(g.Card(int(b) % g.NumCards()).ID)
				}
			case 5:
				e = Event{Kind: EvConfirm}
				if b >= 128 { // the dealer names the card: a Ground, a Stop, a rider
					e.As = Kind(b % 14)
				}
			case 6:
				e = Event{Kind: EvStackGone}
				if b >= 128 { // the reader, back, reads a card dealt by hand at a seat
					e = Identify(int(b)%6-1, g.Card(int(b/8)%g.NumCards()).ID)
				} else if b >= 96 { // the dealer's n: the card dealt by hand was picked up
					e = NotOnTop(int(b)%6 - 1)
				} else if b >= 64 { // a stack knocked over and gathered back
					e = Knocked(int(b)%6 - 1)
				} else if id, ok := g.ReadToTakeBack(); b >= 32 && ok { // the panel's misread
					e = NotThereRead(id)
				} else if b >= 16 { // n said of a card, any card
					e = NotThereRead(g.Card(int(b) % g.NumCards()).ID)
				}
			default:
				e = Event{Kind: EventKind(b % 14), Player: int(b>>4) - 2, Target: int(b&7) - 2, Stack: int(b%5) - 1, Stop: StopOn(b % 4), Card: string(data[i:]), Dealt: b&32 != 0}
			}
			before := snapshot(g) + guesses(g)
			if err := apply(e); err != nil {
				var re *RuleError
				if !errors.As(err, &re) {
					t.Fatalf("%v: %v is not a *RuleError", e, err)
				}
				if observe && !e.Kind.Observation() && re.Rule != RuleNotObservation {
					t.Fatalf("Observe(%v) refused under %q, want %q", e, re.Rule.Text(), RuleNotObservation.Text())
				}
				if snapshot(g)+guesses(g) != before {
					t.Fatalf("%v refused (%v) but the state moved", e, err)
				}
			} else if observe && !e.Kind.Observation() {
				t.Fatalf("Observe took %v, which is not an observation", e)
			}
			if err := g.Check(); err != nil {
				t.Fatalf("after %v: %v", e, err)
			}
		}
	})
}

// Replaying the same events always gives the same state.
func TestReplayIsExact(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		var log []Event
		rng := rand.New(rand.NewPCG(seed, 3))
		deck := Shuffle(NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}), rng)
		cfg := Config{Rules: Official(), Seats: []int{2, 4, 5, 7, 9}, Deck: deck, Ordered: true}
		g, _ := New(cfg)
		var buf []Event
		for !g.Over() {
			e := Step()
			if rng.IntN(2) == 0 {
				if buf = g.Legal(rng.IntN(5), buf[:0]); len(buf) > 0 {
					e = buf[rng.IntN(len(buf))]
				}
			}
			if err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
			log = append(log, e)
		}
		h, _ := New(cfg)
		for _, e := range log {
			if err := h.Apply(e); err != nil {
				t.Fatalf("replay refused %v: %v", e, err)
			}
		}
		if snapshot(g) != snapshot(h) {
			t.Fatalf("seed %d: replay differs", seed)
		}
		// Reset reuses memory and must give the same hand again.
		if err := h.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		for _, e := range log {
			if err := h.Apply(e); err != nil {
				t.Fatalf("replay after Reset refused %v: %v", e, err)
			}
		}
		if snapshot(g) != snapshot(h) {
			t.Fatalf("seed %d: replay after Reset differs", seed)
		}
	}
}

func TestDigestFollowsState(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	g := playRandom(t, Official(), DeckSpec{Move: true}, 4, 11)
	c := g.Clone()
	if c.Digest() != g.Digest() {
		t.Fatal("a clone has another digest")
	}
	h, _ := New(Config{Rules: Official(), Seats: []int{1, 2, 3}, Deck: Shuffle(NewDeck(DeckSpec{}), rng), Ordered: true})
	d := h.Digest()
	if err := h.Apply(Step()); err != nil {
		t.Fatal(err)
	}
	if h.Digest() == d {
		t.Fatal("a deal did not change the digest")
	}
	// What the engine keeps to reconcile a real table's observations is
	// state too: a stack knocked over moves no card but makes its cards
	// guesses, which the audit reads.
	o, _ := New(Config{Rules: Official(), Seats: []int{1, 2}, Deck: NewDeck(DeckSpec{})})
	for _, c := range []int{0, 1, 2} {
		if err := o.Observe(Scan(o.Card(c).ID)); err != nil {
			t.Fatal(err)
		}
	}
	d, r := o.Digest(), o.RulesDigest()
	if err := o.Observe(Knocked(1)); err != nil {
		t.Fatal(err)
	}
	if o.Digest() == d || o.RulesDigest() != r {
		t.Fatalf("a stack knocked over: digest %x -> %x, rules digest %x -> %x; want the first changed, the second not", d, o.Digest(), r, o.RulesDigest())
	}
}
