package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// seen is what the next observation depends on: the state, the guesses, and
// what the dealer's panel would offer for "unscanned", "misread" and its
// take-back of a "not there".
func seen(g *Game) string {
	u, uok := g.UnscannedBefore()
	r, rok := g.ReadToTakeBack()
	s, sok := g.GoneToTakeBack()
	b, bok := g.UnscannedToTakeBack()
	return fmt.Sprintf("%s%s unscanned=%q,%v misread=%q,%v there=%d,%v unsaid=%q,%v digest=%x", snapshot(g), guesses(g), u, uok, r, rok, s, sok, b, bok, g.Digest())
}

// unsaidHand is what an "unscanned" taken back goes back to: the hand, its
// guesses, the light's ask and what the panel may say of it (the windows
// open then are open again); not the inferences, which keep both.
func unsaidHand(g *Game) string {
	u, uok := g.UnscannedBefore()
	r, rok := g.ReadToTakeBack()
	s, sok := g.GoneToTakeBack()
	b, bok := g.UnscannedToTakeBack()
	return fmt.Sprintf("%s%s %v unscanned=%q,%v misread=%q,%v there=%d,%v unsaid=%q,%v", rulesOnly(snapshot(g)), guesses(g), g.Next(), u, uok, r, rok, s, sok, b, bok)
}

// TestUnscannedInterleaved: "state + event → new state". Reads, the
// dealer's "unscanned" (and the card it stood in scanned, a Ground),
// "misread", "not there" and its take-back, the take-back of an
// "unscanned", confirmations and presses in random order at a real table:
// a clone made before each event takes it as the hand does, a hand that saw
// only the accepted events reaches the same state, a refused event changes
// nothing, the invariants hold, and an "unscanned" taken back leaves the
// hand as it was before it (the inferences aside), one by one when said
// twice in a row.
func TestUnscannedInterleaved(t *testing.T) {
	hands := 150
	if testing.Short() {
		hands = 50
	}
	accepted := map[EventKind]int{}
	twice, landed, closed, untold := 0, 0, 0, 0
	for h := range hands {
		rng := rand.New(rand.NewPCG(uint64(h), 7))
		cfg := Config{Rules: Official(), Seats: []int{1, 2, 3, 4},
			Deck: Shuffle(NewDeck(DeckSpec{Move: h%2 == 0, Anvil: true, Chute: true, Goggles: true}), rng)}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		shadow, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var log []Event
		// The hands before each "unscanned" that may still be taken back,
		// the last on top.
		var unsaid []string
		for i := 0; i < 300 && g.Winner() < 0; i++ {
			var e Event
			switch x := rng.IntN(100); {
			case x < 41:
				e = Scan(g.Card(rng.IntN(g.NumCards())).ID)
			case x < 45:
				// The card dealt by hand, asked for, scanned: a Ground,
				// at any seat (landUnscanned).
				var grounds []string
				for c := range g.NumCards() {
					if g.Card(c).Kind == Ground {
						grounds = append(grounds, g.Card(c).ID)
					}
				}
				seat := rng.IntN(4) + 1
				if t := &g.table; t.readWin.again && t.readWin.until == g.applied && t.dealt != nil && t.dealt.pend.active && rng.IntN(2) == 0 {
					// The seat the "unscanned" stood a card in at, the
					// only one where a Ground scanned may land.
					seat = g.Seat(t.dealt.pend.player)
				}
				e = Identify(seat, grounds[rng.IntN(len(grounds))])
			case x < 60:
				if id, ok := g.UnscannedBefore(); ok && rng.IntN(4) != 0 {
					e = DealtUnscanned(id)
				} else {
					e = DealtUnscanned(g.Card(rng.IntN(g.NumCards())).ID)
				}
			case x < 70:
				if id, ok := g.UnscannedToTakeBack(); ok && rng.IntN(2) == 0 {
					e = UnscannedTakenBack(id)
				} else if id, ok := g.ReadToTakeBack(); ok {
					e = NotThereRead(id)
				} else if _, ok := g.GoneToTakeBack(); ok && rng.IntN(2) == 0 {
					e = ThereAfterAll()
				} else {
					e = Event{Kind: EvStackGone}
				}
			case x < 88:
				e = Confirm()
			case x < 96:
				e = Press(rng.IntN(4) + 1)
			default:
				e = StopClosed()
			}
			if g.table.readWin.again && g.Next().Action == ActLand && rng.IntN(3) == 0 {
				// The window of a Ground read again after an "unscanned"
				// closes before the card it stood in is asked for.
				e = StopClosed()
			}
			c := g.Clone()
			before, inferred, wasLanded := seen(g), len(g.Inferences()), g.table.readWin.landed
			hand := unsaidHand(g)
			err := g.Observe(e)
			cerr := c.Observe(e)
			if (err == nil) != (cerr == nil) {
				t.Fatalf("hand %d after %v: %v: the hand says %v, its clone %v", h, log, e, err, cerr)
			}
			if err != nil {
				var re *RuleError
				if !errors.As(err, &re) {
					t.Fatalf("hand %d: %v: %v is not a *RuleError", h, e, err)
				}
				if got := seen(g); got != before {
					t.Fatalf("hand %d after %v: %v refused (%v) but the state moved:\n%s\nwas\n%s", h, log, e, err, got, before)
				}
			} else {
				accepted[e.Kind]++
				if e.Kind == EvIdentify && slices.ContainsFunc(g.Inferences()[inferred:], func(x Inference) bool { return x.Kind == InfUnscannedGround }) {
					landed++
					if wasLanded {
						closed++ // after the window of the Ground read again closed
					}
				}
				if e.Kind == EvUnscanned && len(log) > 0 && log[len(log)-1].Kind == EvUnscanned {
					twice++
				}
				switch {
				case e.Kind == EvUnscanned:
					unsaid = append(unsaid, hand)
				case e.Kind == EvThere && e.Card != "":
					untold++
					if len(unsaid) == 0 {
						t.Fatalf("hand %d after %v: %v taken with no unscanned to take back", h, log, e)
					}
					if got, want := unsaidHand(g), unsaid[len(unsaid)-1]; got != want {
						t.Fatalf("hand %d after %v: %v left\n%s\nwant the hand before the unscanned\n%s", h, log, e, got, want)
					}
					unsaid = unsaid[:len(unsaid)-1]
				}
				if _, ok := g.UnscannedToTakeBack(); !ok {
					unsaid = unsaid[:0]
				}
				log = append(log, e)
				if serr := shadow.Observe(e); serr != nil {
					t.Fatalf("hand %d after %v: %v refused by the hand that saw only accepted events: %v", h, log[:len(log)-1], e, serr)
				}
			}
			if got, want := seen(c), seen(g); got != want {
				t.Fatalf("hand %d after %v: the clone took %v differently:\n%s\nwant\n%s", h, log, e, got, want)
			}
			if got, want := seen(shadow), seen(g); got != want {
				t.Fatalf("hand %d after %v: the hand that saw only accepted events differs after %v:\n%s\nwant\n%s", h, log, e, got, want)
			}
			if err := g.Check(); err != nil {
				t.Fatalf("hand %d after %v: %v", h, log, err)
			}
			if h%3 == 0 {
				// Go on with the clone, whose own kept hands are new.
				g = c
			}
		}
	}
	t.Logf("accepted %v, unscanned twice in a row %d, unscanned Grounds landed %d (%d after the read's window closed), unscanned taken back %d", accepted, twice, landed, closed, untold)
}
