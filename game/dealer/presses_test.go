package dealer_test

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestDispute: "the dealer ... calls a dispute: the assistant shows at once
// who pressed first in the last seconds and by how many milliseconds, and
// lights the winner's seat"; "ties inside a configurable window are called
// ties, not guessed".
func TestDispute(t *testing.T) {
	cases := []struct {
		name     string
		seat4At  float64
		winner   int
		tie      bool
		tied     []int
		marginMs float64
	}{
		{"seat 3 first by 25 ms", 1.2253, 3, false, nil, 25},
		{"3 ms apart is a tie inside 5 ms", 1.2033, 0, true, []int{3, 4}, 3},
		{"seat 4 first by 0.3 ms", 1.2000, 0, true, []int{4, 3}, 0.3}, // inside the tie window too
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(many(S, 9), G, G), func(cfg *dealer.Config) { cfg.CountIn = 2 })
			s.tb.Buttons.ClickAt(3, hwtest.Seconds(1.2003), 50*time.Millisecond)
			s.tb.Buttons.ClickAt(4, hwtest.Seconds(c.seat4At), 50*time.Millisecond)
			s.tb.Buttons.ClickAt(2, hwtest.Seconds(0.1), 50*time.Millisecond) // before the window
			s.tb.Panel.ControlAt(hw.ControlDispute, hwtest.Seconds(3.5))
			s.tb.Panel.ControlAt(hw.ControlPause, hwtest.Seconds(9))
			var during dealer.View
			s.tb.Clock.At(hwtest.Seconds(5), func() { during = s.d.View() })
			s.run()
			s.agree()
			ds := s.log.kind(playlog.KindDispute)
			if len(ds) != 1 {
				t.Fatalf("disputes %+v", ds)
			}
			got := ds[0].Dispute
			if got.Winner != c.winner || got.Tie != c.tie || len(got.Seats) != 2 || float64(got.Margin)/1e6 != c.marginMs {
				t.Fatalf("dispute %+v", got)
			}
			if !slices.Equal(got.TiedSeats, c.tied) {
				t.Errorf("the log's tied seats %v, want %v", got.TiedSeats, c.tied)
			}
			// "the dealer pauses (lights and beat freeze, the log notes it)"
			if p, r := s.log.kind(playlog.KindPause), s.log.kind(playlog.KindResume); len(p) != 1 || len(r) != 1 || p[0].Kernel != hwtest.Seconds(3.5) || r[0].Kernel != hwtest.Seconds(9) {
				t.Errorf("pause entries %+v, resume entries %+v", p, r)
			}
			if during.Dispute == nil || !during.Paused || during.Dispute.Winner != c.winner {
				t.Fatalf("view during the dispute %+v", during.Dispute)
			}
			lit := []int{c.winner}
			if c.tie {
				lit = c.tied
			}
			for _, seat := range lit {
				if p := s.tb.Lights.At(seat, hwtest.Seconds(5)); p != dealer.LightFirst {
					t.Errorf("seat %d shows %+v during the dispute", seat, p)
				}
			}
			// The table froze until the dealer resumed, then counted in.
			for _, b := range s.log.kind(playlog.KindBeat) {
				if b.Kernel > hwtest.Seconds(3.5) && b.Kernel < hwtest.Seconds(9) {
					t.Fatalf("a beat at %v during the pause", b.Kernel)
				}
			}
			if n := s.cueCount(hw.CueAccent, hwtest.Seconds(9), hwtest.Seconds(10.5)); n != 2 {
				t.Errorf("%d count-in accents after resuming", n)
			}
		})
	}
}
