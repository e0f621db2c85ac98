package game

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// playRandom plays one hand with fallers choosing uniformly among their legal
// events (or waiting), checking the invariants after every event. It returns
// the game and how many events were applied.
func playRandom(t testing.TB, opt Rules, spec DeckSpec, fallers int, seed uint64) *Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	seats := make([]int, fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	g, err := New(Config{Rules: opt, Seats: seats, Deck: Shuffle(NewDeck(spec), rng), Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf []Event
	outBefore := make([]bool, fallers)
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d: hand did not end after %d events", seed, steps)
		}
		var e Event
		if rng.IntN(3) == 0 {
			e = Step()
		} else {
			p := rng.IntN(fallers)
			buf = g.Legal(p, buf[:0])
			if len(buf) == 0 {
				continue
			}
			e = buf[rng.IntN(len(buf))]
		}
		for p := range outBefore {
			outBefore[p] = g.Out(p)
		}
		stacksBefore := make([]int, fallers)
		for p := range stacksBefore {
			stacksBefore[p] = cardsInStacks(g, p)
		}
		if err := g.Apply(e); err != nil {
			t.Fatalf("seed %d: legal event %v refused: %v", seed, e, err)
		}
		if err := g.Check(); err != nil {
			t.Fatalf("seed %d after %v: %v", seed, e, err)
		}
		for p := range outBefore {
			if outBefore[p] && cardsInStacks(g, p) > stacksBefore[p] {
				t.Fatalf("seed %d: seat %d is out but received a card", seed, p+1)
			}
		}
	}
	return g
}

func cardsInStacks(g *Game, p int) int {
	n := 0
	for s := 0; s < g.NumStacks(p); s++ {
		n += len(g.Stack(p, s))
	}
	return n
}

func TestRandomPlayKeepsInvariants(t *testing.T) {
	cases := []struct {
		name string
		opt  Rules
		spec DeckSpec
	}{
		{"official", Official(), DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}},
		{"official-basic", Official(), DeckSpec{Move: true}},
		{"classic", Classic(), DeckSpec{}},
		{"french", French(), DeckSpec{}},
		{"beginner", French(), DeckSpec{Beginner: true}},
		{"mixed", Rules{Name: "mixed", MaxExtras: 0, StopDiscardsRider: true, StopCancelsPlay: true, StopCancelsDealtCard: true, ExtraDoublesHit: true}, DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}},
	}
	n := 300
	if testing.Short() {
		n = 50
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(0); seed < uint64(n); seed++ {
				g := playRandom(t, c.opt, c.spec, 2+int(seed%7), seed)
				if g.Winner() < 0 || g.InPlay() != 1 {
					t.Fatalf("seed %d: hand ended with winner %d and %d in play", seed, g.Winner(), g.InPlay())
				}
			}
		})
	}
}

// Invalid events are refused and leave the state exactly as it was.
func TestInvalidEventsChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	g, err := New(Config{Rules: Official(), Seats: []int{1, 2, 3, 4}, Deck: Shuffle(NewDeck(DeckSpec{Move: true}), rng), Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3000 && !g.Over(); i++ {
		e := Event{Kind: EventKind(rng.IntN(int(numEventKinds) + 1)), Player: rng.IntN(6) - 1, Target: rng.IntN(6) - 1,
			Stack: rng.IntN(4) - 1, Stop: StopOn(rng.IntN(4)), Seat: rng.IntN(6), Card: "nope"}
		if e.Kind == EvScan && rng.IntN(2) == 0 {
			e.Card = g.Card(rng.IntN(g.NumCards())).ID
		}
		before := snapshot(g)
		err := g.Apply(e)
		if err != nil {
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%v: error %v is not a *RuleError", e, err)
			}
			if after := snapshot(g); after != before {
				t.Fatalf("%v refused (%v) but the state changed:\n%s\n%s", e, err, before, after)
			}
		}
		if err := g.Check(); err != nil {
			t.Fatalf("after %v: %v", e, err)
		}
	}
}
