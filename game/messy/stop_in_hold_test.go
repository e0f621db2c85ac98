package messy

import (
	"fmt"
	"testing"
)

// TestStopInHoldInStep: "To Stop a Ground, play the Stop as the Ground is
// being dealt to you." In 1007999 (classic) the dealer holds a read of
// hit-4 (it may be a card shown); a faller presses during the hold, and
// the Stop is read before the hold ends. It was refused as a stray card,
// and the Ground dealt unscanned went unnamed live. The press and the Stop prove a Ground
// was dealt right after the held read, the card that comes with a card
// shown, so the hold is judged a card shown (game/dealer's
// stopOnKeptPress, heldAsRider): the hand stays in step, and the Ground
// dealt unscanned is named.
func TestStopInHoldInStep(t *testing.T) {
	for _, c := range []struct {
		rules  string
		seed   uint64
		ground string
	}{
		{"classic", 1007999, "ground-1"},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			tb := playedAsItIs(t, c.rules, c.seed)
			named := false
			for _, f := range tb.hand.Faults {
				named = named || f.Kind == DealUnscanned && f.Card == c.ground && f.Answer == Named && f.live
			}
			if !named {
				t.Fatalf("%s, dealt unscanned and Stopped, is not named live", c.ground)
			}
		})
	}
}
