package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestMisreadRiderReadAsADeal: "These are instruction cards, which must be
// played horizontally between a player and the dealer", a card dealt lying
// in a stack ("Stacks are oriented vertically"). Two cards dealt
// unscanned, one to each of two fallers, leave the light a whole pass
// behind and looking right; the Hit read as seat 2's turn begins, which
// the engine believes in the deck and no card dealt by hand may be, is
// not held and is taken for the deal, and the light goes on to seat 3.
// The dealer, who sees the Hit lying as seat 2's rider, says misread: it
// is seat 2's rider, gone from the deck unread, and the light asks for its
// two cards (game TestRiderShownFromTheDeck).
func TestMisreadRiderReadAsADeal(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid, _ := dealing(t, kinds)
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"))
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	if d.held.active {
		t.Fatal("the Hit is held, with no card dealt by hand to be")
	}
	if in := d.g.Next(); in.Seat != 3 || d.g.Where(4).Zone != game.InStack {
		t.Fatalf("the Hit at %+v, the light asks %v; want it taken for seat 2's deal", d.g.Where(4), in)
	}
	misreadHitShownAtSeat2(t, d, read+700*time.Millisecond,
		"Hit#Hit-4 was shown at seat 2, not dealt there: it left the deck unread (dealt unscanned where the light did not lag); its cards are due")
}

// misreadHitShownAtSeat2 says misread of Hit-4 (card 4), which the screen
// must offer, at at: it is seat 2's rider shown, its two cards due, the
// screen asking for them, and the dealer said want.
func misreadHitShownAtSeat2(t *testing.T, d *Dealer, at time.Duration, want string) {
	t.Helper()
	if id, ok := d.misreadCard(); !ok || id != "Hit-4" {
		t.Fatalf("the screen offers misread of %q, %v; want the Hit", id, ok)
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: at})
	in := d.g.Next()
	if in.Seat != 2 || in.Rider != game.Hit || in.Due != 2 || d.g.Where(4).Zone != game.AsRider {
		t.Fatalf("after the misread: the Hit at %+v, the light asks %v; want seat 2's Hit shown and its two cards due", d.g.Where(4), in)
	}
	if v := d.View().Instruction; v.Seat != 2 {
		t.Fatalf("the screen asks %v, want seat 2's cards", v)
	}
	for _, m := range d.View().Messages {
		if m.Text == want {
			return
		}
	}
	t.Errorf("the dealer did not say %q: %+v", want, d.View().Messages)
}
