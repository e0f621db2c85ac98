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
