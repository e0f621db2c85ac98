package messy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// A claim from a faller holding a Stop at the table is no mistake, even
// where the truth has that Stop elsewhere: "Once you are holding a card,
// you may play it right away, or you may keep holding it", and the dealer
// confirms a Stop claim "by scanning the Stop, or with the dealer panel"
// (product.md). A wrong sweep's truth plays the Stop of a faller holding
// one on the rider the dealer lost, while at the table that faller still
// holds it (wrongSweep); a Move between two others leaves a faller holding
// the card the truth has them play (moveAs). noStop must see that hand.
func TestNoStopSeesTheStopHeldAtTheTable(t *testing.T) {
	tb, err := newTable(Options{Rules: game.Official(), Fallers: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	stop, other := -1, -1
	for c := range tb.truth.NumCards() {
		switch k := tb.truth.Card(c).Kind; {
		case k == game.Stop && stop < 0:
			stop = c
		case k != game.Stop && k != game.Ground && other < 0:
			other = c
		}
	}
	const p = 2
	if !tb.noStop(p) {
		t.Fatal("a faller with no card at all has a Stop")
	}
	tb.holding[p] = other
	if !tb.noStop(p) {
		t.Errorf("holding %v at the table: a Stop", tb.truth.Card(other))
	}
	tb.holding[p] = stop
	if tb.noStop(p) {
		t.Errorf("holding %v at the table, which the truth has in the deck: no Stop", tb.truth.Card(stop))
	}
}

// TestClaimHoldingAStopIsNoMistake: the claims once counted missed as a
// Stop played unseen (official 1001308, 1001440, 1003828, 1006222 without
// the four) or a stand-in (official 1003631, classic and french 1002047
// with every mistake) were each made by a faller holding the Stop at the
// table that the assistant stood in: the truth had played it on the rider
// a wrong sweep lost (1002047: kept in a Move between two others). Their
// press is an honest claim, and the assistant was right to take it: no
// claim-no-stop is made at that seat now.
func TestClaimHoldingAStopIsNoMistake(t *testing.T) {
	for _, c := range []struct {
		missedCase
		faults Faults
	}{
		{missedCase{"official", 1001308, ClaimNoStop, 5}, withoutTheFour()},
		{missedCase{"official", 1001440, ClaimNoStop, 4}, withoutTheFour()},
		{missedCase{"official", 1003828, ClaimNoStop, 1}, withoutTheFour()},
		{missedCase{"official", 1006222, ClaimNoStop, 3}, withoutTheFour()},
		{missedCase{"official", 1003631, ClaimNoStop, 3}, All(rate)},
		{missedCase{"classic", 1002047, ClaimNoStop, 3}, All(rate)},
		{missedCase{"french", 1002047, ClaimNoStop, 3}, All(rate)},
	} {
		t.Run(c.String(), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			var tb *table
			held := -1
			o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: c.faults}
			o.Trace = func(s string) {
				if _, f, ok := strings.Cut(s, " FAULT "); ok && strings.HasPrefix(f, c.kind.String()+" ") && strings.HasSuffix(f, fmt.Sprintf(" seat %d", c.seat)) {
					t.Errorf("made: %s", s)
				}
				// The Ground the claim was made at: the seat's light red.
				if tb == nil {
					return
				}
				if n := tb.seen.Next(); n.Action == game.ActLand && n.Player == c.seat-1 && held < 0 {
					if h, ok := tb.holding[c.seat-1]; ok {
						held = h
					}
				}
			}
			var err error
			if tb, err = newTable(o); err != nil {
				t.Fatal(err)
			}
			if err := tb.play(); err != nil {
				t.Fatal(err)
			}
			if held < 0 || tb.truth.Card(held).Kind != game.Stop {
				t.Fatalf("seat %d holds no Stop at the table as its Ground comes", c.seat)
			}
			if w := tb.truth.Where(held); w.Zone == game.InHand && w.Player == c.seat-1 {
				t.Fatalf("the truth has %v in seat %d's hand too: not a Stop only the table shows", tb.truth.Card(held), c.seat)
			}
		})
	}
}
