package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestReadAgainBeforeTheNextBeat: "Unknown card UID, the same card scanned
// twice, a card scanned that should not be there: a warning sound and
// message, the event is logged, the game state does not move." The Skip
// dealt to seat 2 on the first beat read again before the second: the
// engine alone would take it for a rider seat 2 played on seat 3, whom the
// dealer reaches only on the next beat, and the hand would never end.
func TestReadAgainBeforeTheNextBeat(t *testing.T) {
	for _, kind := range []game.Kind{game.Skip, S} {
		t.Run(kind.String(), func(t *testing.T) {
			s := newScripted(t, idles(2), kinds(kind, many(S, 6), G, G), nil)
			id := kind.String() + "-0"
			var before, after uint64
			s.tb.Clock.At(hwtest.Seconds(0.25), func() { before = s.d.View().Digest })
			s.tb.Reader.ScanCardAt(id, hwtest.Seconds(0.3))
			s.tb.Clock.At(hwtest.Seconds(0.35), func() { after = s.d.View().Digest })
			s.run()
			s.agree()
			if before != after {
				t.Errorf("the state moved: %x → %x", before, after)
			}
			if c := s.cuesAt(hwtest.Seconds(0.3)); len(c) != 1 || c[0] != hw.CueWarning {
				t.Errorf("cues at 0.3 s: %v", c)
			}
			if s.res.Audit == nil || !s.res.Audit.Accounted || len(s.res.Audit.Impossible) > 0 {
				t.Errorf("audit %+v", s.res.Audit)
			}
		})
	}
}
