package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestUnscannedGround: "a GROUND card dealt to a faller ... the Stop
// window" (product.md). Seat 4's card goes unscanned and the Ground dealt
// on to seat 2 is read: the engine takes it for seat 4's, and the Stop
// window opens there. The dealer says "unscanned": the window moves to
// seat 2, the seat the Ground was dealt to, seat 4's light goes off, and
// the Ground lands on seat 2, not on seat 4.
func TestUnscannedGround(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
	s.at(1.3, game.Step()) // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step()) // seat 2's, the Ground, dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.6))
	s.at(3.0, game.Step()) // the Ground lands on seat 2 (the script dealt it, not the table)
	s.run()
	if got := s.tb.Lights.At(4, hwtest.Seconds(1.55)); got != dealer.LightGround {
		t.Fatalf("seat 4 at 1.55 s: %v, want the Ground the engine took the read for", got)
	}
	if got := s.tb.Lights.At(4, hwtest.Seconds(1.65)); got == dealer.LightGround {
		t.Errorf("seat 4 still shows the Ground after unscanned")
	}
	if got := s.tb.Lights.At(2, hwtest.Seconds(1.65)); got != dealer.LightGround {
		t.Errorf("seat 2 after unscanned: %v, want the Ground", got)
	}
	if !s.inferred(game.InfBlindDeal, 4) {
		t.Error("seat 4's card is not a deal confirmed by hand")
	}
	s.agree()
}

// TestUnscannedAfterAClaim: "a press from that seat within the Stop window
// claims a Stop" (product.md). Seat 4's card goes unscanned and the Ground
// dealt on to seat 2 is read: the engine takes it for seat 4's, and seat 4,
// seeing its Ground light, presses. The dealer says "unscanned" (a press
// leaves it open): the Ground was seat 2's, and seat 2 claimed nothing. The
// claim pressed for a Ground seat 4 was never dealt must not stay on the
// screen asking the dealer to confirm a Stop, nor show in the Stop window
// now open at seat 2.
func TestUnscannedAfterAClaim(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
	s.at(1.3, game.Step()) // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step()) // seat 2's, the Ground, dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
	s.tb.Buttons.ClickAt(4, hwtest.Seconds(1.55), 0)
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.6))
	s.at(3.0, game.Step()) // the Ground lands on seat 2
	claimed := s.saidAt(1.58, "claims a Stop", false)
	after := s.saidAt(1.65, "seat 4 claims a Stop", false)
	var window *dealer.Window
	s.tb.Clock.At(hwtest.Seconds(1.65), func() { window = s.d.View().StopWindow })
	s.run()
	if *claimed == "" {
		t.Fatal("seat 4's press in its Ground's window was not taken for a claim: the test sets nothing up")
	}
	if *after != "" {
		t.Errorf("after unscanned the screen still asks: %q", *after)
	}
	if window == nil {
		t.Fatal("no Stop window open after unscanned")
	}
	if window.Seat != 2 || window.Claimed {
		t.Errorf("the Stop window after unscanned: seat %d, claimed %v; want seat 2's, unclaimed", window.Seat, window.Claimed)
	}
	s.agree()
}
