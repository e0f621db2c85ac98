package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestMisreadWhileAskedAfterUnscanned: "These are instruction cards, which
// must be played horizontally between a player and the dealer", a card
// dealt lying in a stack. Seat 2's card is confirmed by hand and said no
// longer on top (its faller picked it up, the Hit, played at seat 4 as
// its rider); seat 3's card is dealt unscanned, and the Hit is read as the
// dealer reaches seat 4, taken for seat 3's card. The dealer says
// unscanned: the read moves to seat 4's turn, where the engine, believing
// the Hit in the deck, takes it for the deal, and the screen at once asks
// for seat 3's card dealt by hand. The dealer, who sees the Hit lying as
// seat 4's rider, must still be offered the misread, and saying it makes
// the Hit seat 4's rider, its two cards due, and asks for seat 3's card
// again (messy deal-unscanned seed 1003451, all three rule sets).
func TestMisreadWhileAskedAfterUnscanned(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, _, _ := dealing(t, kinds, 2, 3, 4)
	d.reader = hw.ReaderOK
	tell(t, d, playlog.FromReader, game.Event{Kind: game.EvConfirm}, game.Scan("Move-1"), game.Scan("Move-2"), game.NotOnTop(2), game.Scan("Move-3"))
	// Seat 3's card, dealt unscanned, and the Hit read at seat 4's turn.
	tell(t, d, playlog.FromReader, game.Scan("Hit-5"))
	d.lastRead = "Hit-5"
	at := 6 * time.Second
	d.control(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at})
	if in := d.g.Next(); in.Seat != 2 || d.g.Where(5).Zone != game.InStack || d.ident.seat != 3 {
		t.Fatalf("after unscanned: the Hit at %+v, the light asks %v, asking seat %d; want the Hit taken for seat 4's deal and seat 3 asked for", d.g.Where(5), in, d.ident.seat)
	}
	if v := d.View(); v.Misread != "Hit-5" {
		t.Fatalf("while asking for seat 3's card the screen offers misread of %q (unsaid %q); want the Hit", v.Misread, v.Unsaid)
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: at + 500*time.Millisecond})
	in := d.g.Next()
	if in.Seat != 4 || in.Rider != game.Hit || in.Due != 2 || d.g.Where(5).Zone != game.AsRider {
		t.Fatalf("after the misread: the Hit at %+v, the light asks %v; want seat 4's Hit shown and its two cards due", d.g.Where(5), in)
	}
	if !d.g.AskFor(d.g.PlayerAt(3)) || d.ident.seat != 3 || !d.ident.held {
		t.Fatalf("after the misread: asking seat %d (beat held %v); want seat 3's card dealt unscanned asked for again", d.ident.seat, d.ident.held)
	}
}
