package messy

import (
	"fmt"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestStopItselfInStep: in 1004911 (every rule set) and 1001285 (official)
// the card dealt unscanned is the Stop itself, the first of two for one
// seat; its faller grabs it ("If the dealer is giving you two cards in a
// row (because of a Hit), you can certainly grab the first one"), the
// second card, a Ground, is read where the light still asks for the first,
// and the faller presses and shows the Stop. This table's dealer once said
// "unscanned" of the Stop: the card before it went unscanned
// (game.DealtUnscanned), which is false (the Stop was dealt before the
// Ground), and no honest table showed the hand (it had no twin; twin2).
// The dealer, who dealt both cards to that seat, now says "unscanned" of
// the Ground when it is read (grabbedFirstOfTwo), before the Stop is
// shown; the Stop shown in the Ground's window then saves its faller ("To
// Stop a Ground, play the Stop as the Ground is being dealt to you"), and
// the hand stays in step.
func TestStopItselfInStep(t *testing.T) {
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
			tb := playedAsItIs(t, c.rules, c.seed)
			said := false
			for _, f := range tb.hand.Faults {
				said = said || f.Kind == DealUnscanned && f.Card == c.stop
			}
			if !said {
				t.Fatalf("%s is not the card dealt unscanned", c.stop)
			}
			ground, stop := -1, -1
			for i, ob := range tb.log {
				if ob == game.DealtUnscanned(c.stop) {
					t.Fatalf("\"unscanned\" said of %s, the card dealt unscanned", c.stop)
				}
				if ob == game.DealtUnscanned(c.ground) && ground < 0 {
					ground = i
				}
				if ob == game.Scan(c.stop) && stop < 0 {
					stop = i
				}
			}
			if ground < 0 || stop < ground {
				t.Fatalf("\"unscanned\" of %s at %d, %s shown at %d: want the \"unscanned\" first", c.ground, ground, c.stop, stop)
			}
		})
	}
}
