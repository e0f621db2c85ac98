package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestMisreadExtraLaidOnItsRider: "To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards." Seat 2's Hit's first card was dealt unscanned and said so,
// under its second, a Hit seat 2 then played on itself and the dealer
// shows as seat 2's turn begins; seat 2 had also picked up the card dealt
// by hand, an Extra, and laid it on that Hit. Read with the Hit, the
// Extra is taken for the Hit's first card (the engine believes it in the
// deck), and the light asks for one card more. The screen offers the
// misread; the dealer, who showed an Extra Hit ("EXTRA HIT: After dealing
// normally, deal two extra cards to each stack"), says it, and the Extra
// is shown on the Hit after all, its three cards due (game's
// TestMisreadExtraLaidOnItsRider).
func TestMisreadExtraLaidOnItsRider(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Hit, game.Extra, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid, _ := dealing(t, kinds)
	tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Hit-0"), game.Scan("Hit-2"),
		game.DealtUnscanned("Hit-2"), game.Confirm(), game.Scan("Move-5"), game.Scan("Hit-2"))
	if in := d.g.Next(); in.Seat != 2 || in.Rider != game.Hit || in.Due != 2 {
		t.Fatalf("after seat 2's Hit shown: %v, want its two cards", in)
	}
	extra := 3
	if d.g.Where(extra).Zone != game.InDeck {
		extra = 4 // the other stands in for the card dealt by hand
	}
	id := d.g.Card(extra).ID
	read := 10 * time.Second
	d.onCard(hw.CardEvent{UID: uid[id], Time: read})
	if d.held.active || !inStackAt(d, extra, 2) {
		t.Fatalf("the Extra read is held (%v) or at %+v; want it taken for seat 2's deal", d.held.active, d.g.Where(extra))
	}
	if got, ok := d.misreadCard(); !ok || got != id {
		t.Fatalf("the screen offers misread of %q, %v; want %s", got, ok, id)
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: read + 100*time.Millisecond})
	if w := d.g.Where(extra); w.Zone != game.AsExtra || d.g.Seat(w.Player) != 2 {
		t.Fatalf("after the misread the Extra is at %+v, want on seat 2's Hit", w)
	}
	if in := d.g.Next(); in.Seat != 2 || in.Rider != game.Hit || in.Extras != 1 || in.Due != 3 {
		t.Fatalf("after the misread: %v, want the Extra Hit's three cards for seat 2", in)
	}
	var said bool
	for _, m := range d.View().Messages {
		said = said || m.Text == "Extra#"+id+" was shown at seat 2 after all, not dealt there: its cards are due again (c for one dealt unread)"
	}
	if !said {
		t.Errorf("the dealer was not told the Extra was shown after all: %+v", d.View().Messages)
	}
}
