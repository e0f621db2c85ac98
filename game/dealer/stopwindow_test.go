package dealer_test

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestStopOnAGround: "Grounds: when a Ground is dealt, that seat's light
// turns red and a distinct sound plays; a press from that seat within the
// Stop window claims a Stop (the dealer confirms by scanning the Stop, or
// with the dealer panel); the Ground goes back on top of the deck."
func TestStopOnAGround(t *testing.T) {
	for _, byPanel := range []bool{false, true} {
		s := newScripted(t, []bot.Strategy{stopper{}, idle{}}, kinds(S, S, G, G), nil)
		if byPanel {
			// The dealer confirms the claim from the panel instead of
			// reading the Stop: the reader is gone just then.
			s.tb.Reader.GoneAt(hwtest.Seconds(2.121), nil)
			s.tb.Reader.BackAt(hwtest.Seconds(3))
		}
		s.run()
		s.agree()
		ground := s.scanOf("Ground-2", 0)
		if got := s.tb.Lights.At(2, ground); got != dealer.LightGround {
			t.Errorf("seat 2 shows %+v as its Ground is dealt", got)
		}
		if c := s.cuesAt(ground); len(c) != 1 || c[0] != hw.CueGround {
			t.Errorf("cues at the Ground: %v", c)
		}
		presses := s.log.kind(playlog.KindPress)
		if len(presses) != 1 || presses[0].Seat != 2 || presses[0].Kernel <= ground || presses[0].Kernel > ground+1500*time.Millisecond {
			t.Fatalf("presses %+v", presses)
		}
		if got := s.tb.Lights.At(2, presses[0].Kernel); got != dealer.LightClaim {
			t.Errorf("seat 2 shows %+v after its claim", got)
		}
		if !s.inferred(game.InfStopClaimed, 2) || !s.inferred(game.InfStopPlayed, 2) {
			t.Error("claim or Stop not inferred")
		}
		if s.cueCount(hw.CueStop, presses[0].Kernel, presses[0].Kernel+time.Second) != 1 {
			t.Error("no Stop cue")
		}
		// The same Ground went back on top and was dealt to seat 3, who
		// had no Stop: it landed when the window ended.
		again := s.scanOf("Ground-2", ground+1)
		end := s.log.kind(playlog.KindHandEnd)
		if s.res.Winner != 2 || len(end) != 1 || end[0].Kernel != again+1500*time.Millisecond {
			t.Errorf("winner %d, hand end %+v, second Ground read at %v", s.res.Winner, end, again)
		}
	}
}
