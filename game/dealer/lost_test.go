package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestLightsLostHint: "The dealer's solution is final, so use your best
// judgement." Three cards in a row that the engine refuses, nothing taken
// between them, are what a table whose lights lost the hand sees: the
// dealer is told the winner control ends it. A request only: the state
// does not move, and the next card taken puts it away. Two refusals in a
// row (a stray card, a second read) say nothing of it.
func TestLightsLostHint(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reads []string
		hint  bool
	}{
		{"three refused in a row", []string{"Stop-0", "Stop-1", "Stop-0"}, true},
		{"two refused", []string{"Stop-0", "Stop-1"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(many(S, 16), G, G), nil)
			for i, id := range tc.reads {
				s.tb.Reader.ScanCardAt(id, hwtest.Seconds(2.5+0.1*float64(i)))
			}
			var before, after uint64
			s.tb.Clock.At(hwtest.Seconds(2.45), func() { before = s.d.View().Digest })
			s.tb.Clock.At(hwtest.Seconds(2.95), func() { after = s.d.View().Digest })
			hinted := s.saidAt(2.95, "could not be where the lights say", true)
			later := s.saidAt(4.5, "could not be where the lights say", true)
			s.run()
			_, refused := s.engineEvents(func(e *playlog.Entry) bool {
				return e.Event.Kind == game.EvScan && strings.HasPrefix(e.Event.Card, "Stop-") && e.Kernel >= hwtest.Seconds(2.5) && e.Kernel < hwtest.Seconds(3)
			})
			if len(refused) != len(tc.reads) {
				t.Fatalf("%d reads refused, want %d: the script's reads are off", len(refused), len(tc.reads))
			}
			if before != after {
				t.Errorf("the state moved: %x → %x", before, after)
			}
			if (*hinted != "") != tc.hint {
				t.Errorf("hint %q, want one %v", *hinted, tc.hint)
			}
			if *later != "" {
				t.Errorf("the hint stayed after the next card was taken: %q", *later)
			}
			s.agree()
		})
	}
}
