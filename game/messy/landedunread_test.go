package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestGroundUnderAHeldRiderShownAfterAll: "GROUND: If you receive one of
// these, you are immediately out. To reflect this, gather your cards
// together under the Ground, or turn your cards face down." A rider played
// unseen on a seat is shown as that seat's turn begins and held; the
// seat's first card, a Ground, is dealt unscanned and lands; nothing is
// read within half a beat, so the hold judges the rider the seat's deal,
// and the light goes on to the next seat. The seat's cards are all down,
// so the light moving on is no lag (stillOwed), and the next read shows
// none either: before, this table's dealer said nothing, the screen kept
// the faller in, and its light came back to them a seat behind the
// table's (classic and french 1003403 and 1001495), named another winner
// (1001198, official 1000125, classic and french 1002014), or missed the
// Ground and what lay about it (1009672; official 1000125's card dealt
// two as one and a card dealt to the wrong seat). But the dealer showed the
// rider lying horizontally and dealt that seat a Ground they saw land:
// they say misread, the rider is shown after all, and the next read
// shows the Ground's lag (landedUnread). Each hand is in step and names
// the table's winner, the dealer says misread of the rider, and the
// Ground dealt unscanned is caught live, where it was missed before. The
// control: the same dealer silent there (olderDealer.silentOnLanding) leaves
// 1003403 and 1001495 out of step, as before.
func TestGroundUnderAHeldRiderShownAfterAll(t *testing.T) {
	for _, c := range []struct {
		rules  string
		seed   uint64
		rider  string // the rider held and judged the deal
		ground string // the Ground dealt unscanned under it
		seat   int
		behind bool // out of step with the dealer silent
	}{
		{"classic", 1003403, "hit-12", "ground-3", 6, true},
		{"french", 1003403, "hit-12", "ground-3", 6, true},
		{"classic", 1001495, "hit-6", "ground-4", 2, true},
		{"french", 1001495, "hit-6", "ground-4", 2, true},
		{"official", 1009672, "hit-9", "ground-2", 2, false},
		{"classic", 1009672, "hit-9", "ground-2", 2, false},
		{"french", 1009672, "hit-9", "ground-2", 2, false},
		{"official", 1000125, "split-4", "ground-3", 1, false},
		{"official", 1001198, "hit-1", "ground-2", 4, false},
		{"classic", 1001198, "hit-1", "ground-2", 4, false},
		{"french", 1001198, "hit-1", "ground-2", 4, false},
		{"classic", 1002014, "split-4", "ground-2", 1, false},
		{"french", 1002014, "split-4", "ground-2", 3, false},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			said := " shown after all: " + c.rider
			saw := false
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: All(rate),
				Trace: func(s string) { saw = saw || strings.HasSuffix(s, said) }})
			if err != nil {
				t.Fatal(err)
			}
			if !saw || h.OutOfStep || h.Diverged {
				t.Errorf("%q said %v, out of step %v, another winner named %v", said, saw, h.OutOfStep, h.Diverged)
			}
			found := false
			for _, f := range h.Faults {
				if f.Kind == DealUnscanned && f.Card == c.ground && f.Seat == c.seat {
					found = true
					if f.Answer != Named {
						t.Errorf("%s dealt unscanned at seat %d: %v (%s), want named live", c.ground, c.seat, f.Answer, f.Why)
					}
				}
			}
			if !found {
				t.Errorf("no %s dealt unscanned at seat %d: the hand is not the one found", c.ground, c.seat)
			}
			if c.behind {
				if tb := twinHandOf(t, c.rules, c.seed, true); tb.hand.Twin != (c.seed == 1001495) {
					t.Errorf("the dealer silent: a twin %v", tb.hand.Twin)
				}
			}
		})
	}
}
