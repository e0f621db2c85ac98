package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestNotThereTakesBackAStrayRider: "Unknown card UID, the same card
// scanned twice, a card scanned that should not be there: a warning sound
// and message, the event is logged, the game state does not move"
// (product.md). The Skip dealt to seat 2, read again once the beat has
// moved on to seat 3, is taken for a Skip seat 2 played on seat 3: the
// light says to sweep it. The dealer finds none there and says "not there"
// on the panel: the read is taken back with a warning, seat 3 is dealt to,
// and the hand ends as the table played it.
func TestNotThereTakesBackAStrayRider(t *testing.T) {
	s := newScripted(t, idles(2), kinds(game.Skip, many(S, 6), G, G), nil)
	s.tb.Reader.ScanCardAt("Skip-0", hwtest.Seconds(1.02))
	s.tb.Panel.ControlAt(hw.ControlSkip, hwtest.Seconds(1.05))
	var said string
	s.tb.Clock.At(hwtest.Seconds(1.06), func() {
		for _, m := range s.d.View().Messages {
			if m.Warning && strings.Contains(m.Text, "taken back") {
				said = m.Text
			}
		}
	})
	s.run()
	s.agree()
	if c := s.cuesAt(hwtest.Seconds(1.05)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 1.05 s: %v", c)
	}
	var took bool
	for _, e := range s.log.entries {
		if e.Kind == playlog.KindInference && e.Inference.Kind == game.InfReadTakenBack && e.Seat == 3 {
			took = true
		}
	}
	if !took {
		t.Errorf("no read taken back at seat 3 in the log")
	}
	if said != "Skip#Skip-0 was not at seat 3: that read is taken back (a stray card or a second read)" {
		t.Errorf("the dealer said %q", said)
	}
}
