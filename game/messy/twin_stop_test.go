package messy

import (
	"fmt"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestStopItselfNoTwin: in 1004911 (every rule set) and 1001285 (official)
// the card dealt unscanned is the Stop itself, the first of two for one
// seat; its faller grabs it, the second card, a Ground, is read where the
// light still asks for the first, the faller presses and shows the Stop,
// and the dealer then says "unscanned" of the Stop: the card before it
// went unscanned (game.DealtUnscanned). The twin oosa34 proposed (the
// press a claim with no Stop, the Ground the address's first card, the
// Stop the next seat's deal) shows the same up to the Stop's read, but
// not that "unscanned": in it the card dealt before the Stop is the
// Ground, and the Ground was read. Nor is it true of the table, whose Stop
// was dealt before the Ground, not after a card dealt unscanned. No honest
// table shows the hand: it is not judged to have a twin, and needs a mend
// (the report says where: the dealer's "unscanned" said of the very card
// dealt unscanned).
func TestStopItselfNoTwin(t *testing.T) {
	for _, c := range []struct {
		rules        string
		seed         uint64
		stop, ground string
	}{
		{"official", 1004911, "stop-1", "ground-1"},
		{"classic", 1004911, "stop-1", "ground-1"},
		{"french", 1004911, "stop-1", "ground-1"},
		{"official", 1001285, "stop-3", "ground-1"},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			tb := twinHand(t, c.rules, c.seed)
			if tb.hand.Twin {
				t.Fatal("judged to have a twin")
			}
			u, read := -1, -1
			for i, ob := range tb.log {
				if ob == game.Scan(c.ground) && read < 0 {
					read = i
				}
				if ob == game.DealtUnscanned(c.stop) {
					u = i
					break
				}
			}
			if u < 0 || read < 0 || read > u {
				t.Fatalf("%s read at %d, \"unscanned\" said of %s at %d", c.ground, read, c.stop, u)
			}
			said := false
			for _, f := range tb.hand.Faults {
				said = said || f.Kind == DealUnscanned && f.Card == c.stop
			}
			if !said {
				t.Fatalf("%s is not the card dealt unscanned", c.stop)
			}
			real, err := replayedFrom(tb.truth, tb.order, tb.events[:tb.logAt[u]])
			if err != nil {
				t.Fatal(err)
			}
			s, g := mustCard(t, real[0], c.stop), mustCard(t, real[0], c.ground)
			if ks, kg := dealtAtMove(real, s), dealtAtMove(real, g); ks < 0 || kg < ks {
				t.Fatalf("%s dealt at move %d, %s at %d: want the Stop first", c.stop, ks, c.ground, kg)
			}
		})
	}
}
