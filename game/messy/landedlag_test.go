package messy

import (
	"fmt"
	"testing"
)

// TestLandedGroundTakesTheLagWithIt: "GROUND: If you receive one of
// these, you are immediately out." A Hit's first card dealt unscanned,
// its second a Ground the reader missed (or dealt with the reader gone),
// confirmed a Ground by hand where the light asked that seat for two: the
// light shows the Ground landing where it was dealt, and nothing of the
// card before it. Landed, the seat is out, and the lag with it, as for a
// Ground read (lagInWindow). Kept, the card was said "unscanned" at the
// next seat's read (26008376) or confirmed by hand with the reader gone,
// where the light, in step, took the confirmation for the next seat's
// sweep (27009761 classic): out of step both. The audit names the card.
func TestLandedGroundTakesTheLagWithIt(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
		card  string
	}{
		{"official", 26008376, "skip-7"},
		{"classic", 26008376, "skip-7"},
		{"french", 26008376, "skip-7"},
		{"classic", 27009761, "skip-2"},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			// The Extra still to show counted as a lag, as before
			// extraUnshown, so that this mend alone is what is tried.
			h := olderHand(t, c.rules, c.seed, olderDealer{extraAsLag: true})
			if h.OutOfStep || !h.Finished || len(h.Accusations) > 0 {
				t.Fatalf("out of step %v, finished %v, accusations %v: want in step, finished, none", h.OutOfStep, h.Finished, h.Accusations)
			}
			if !audited(t, h, c.card) {
				t.Errorf("%s dealt unscanned: want named by the audit", c.card)
			}
			if h := olderHand(t, c.rules, c.seed, olderDealer{extraAsLag: true, lagPastConfirmedGround: true}); !h.OutOfStep {
				t.Error("the lag kept past the landed Ground: want out of step, as before")
			}
		})
	}
}
