package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// TestUnscannedOfAHeldRiderThenMisread: "You may place a rider in front of
// any player, including yourself." Seat 2's card dealt by hand is said
// picked up; seat 2's next card is dealt unscanned, and seat 3 shows a
// Hit, read while the light still waits at seat 2 and held (it may be seat
// 2's card, played there). The dealer, who sees the light lag, presses
// "unscanned" before any confirmation: the hold is judged the deal, then
// the card dealt unscanned is seat 2's and the Hit, read again as seat 3's
// turn begins, is taken for seat 3's deal. The screen offers its misread,
// which makes it seat 3's rider, its two cards due there (game
// TestRiderJudgedDealtShownAfterUnscanned; the messy table's dealer does
// the same, messy TestUnscannedSaidOfAHeldRider). Before, the misread was
// not offered: the hold had judged the read dealt, at seat 2.
func TestUnscannedOfAHeldRiderThenMisread(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Hit read as seat 2's turn begins is not held")
	}
	d.control(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: read + 300*time.Millisecond})
	if d.held.active {
		t.Fatal("the hold is still on after the unscanned")
	}
	if in := d.g.Next(); in.Seat != 2 || !inStackAt(d, 4, 3) {
		t.Fatalf("after the unscanned the Hit is at %+v, the light asks %v; want it taken for seat 3's deal, the light at seat 2", d.g.Where(4), in)
	}
	if id, ok := d.misreadCard(); !ok || id != "Hit-4" {
		t.Fatalf("the screen offers misread of %q, %v; want the Hit", id, ok)
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: read + 900*time.Millisecond})
	if in := d.g.Next(); in.Seat != 3 || in.Rider != game.Hit || in.Due != 2 || d.g.Where(4).Zone != game.AsRider {
		t.Fatalf("after the misread the Hit is at %+v, the light asks %v; want seat 3's Hit shown and its two cards due", d.g.Where(4), in)
	}
}
