package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// extraOnSeat3 is dealing on kinds (card 1 an Extra), where seat 2's card
// dealt by hand is said picked up and seat 3 is dealt Extra-1: seat 2's
// turn comes next, a rider read from the deck then is held, and seat 3 has
// an Extra on top of its stack to lay on it.
func extraOnSeat3(t *testing.T, kinds []game.Kind) (*Dealer, map[string]hw.UID) {
	t.Helper()
	d, uid, _ := dealing(t, kinds)
	tell(t, d, playlog.FromPanel, game.Confirm(), game.NotOnTop(2), game.Scan("Extra-1"))
	return d, uid
}

// TestHeldRiderExtraNamed: "An Extra card modifies a rider", and "To play
// an Extra, lay it on top of the rider you wish to modify, overlapping it
// so the dealer can still read both cards." Seat 2's card dealt by hand is
// said picked up; the Hit read from the deck as seat 2's turn begins is
// held (it may be that card, shown). Seat 3 lays the Extra on top of its
// stack on it; the reader misses it, and the dealer names it from the
// panel within half a beat. No rider
// was shown at seat 2 but the held card: the Extra lies on it, so the Hit
// was a card shown there, not seat 2's deal, and the light asks for the
// Extra Hit's cards ("After dealing normally, deal two extra cards to each
// stack"). Before, the hold counted only a deal confirmed by hand as the
// card that follows a card shown (dealConfirmed): it judged the Hit seat
// 2's deal, and the Extra was taken at seat 3's turn (messy 2001821,
// 2002223, 2004640, 2006363, 3001268, 3007895 out of step).
func TestHeldRiderExtraNamed(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Extra, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := extraOnSeat3(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Hit read as seat 2's turn begins is not held")
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Extra", Kernel: read + 100*time.Millisecond})
	if d.held.active {
		t.Fatal("the Hit is still held")
	}
	p := d.g.PlayerAt(2)
	if w := d.g.Where(4); w.Zone != game.AsRider || w.Player != p {
		t.Fatalf("the Hit lies at %+v, want shown at seat 2 (player %d)", w, p)
	}
	if len(d.g.Extras(p)) != 1 {
		t.Errorf("seat 2's Hit has Extras %v, want the one named", d.g.Extras(p))
	}
	if in := d.g.Next(); in.Seat != 2 {
		t.Errorf("the light asks %v, want seat 2's Extra Hit dealt", in)
	}
}

// TestHeldExtraExtraNamed: the negative control of TestHeldRiderExtraNamed.
// The card held is itself an Extra, and an Extra is named within half a
// beat: told as a card shown, the held card is no rider an Extra can be
// laid on ("A rider can only have one Extra at a time"), so nothing shows
// it was shown, and the hold judges it as before: seat 2's deal.
func TestHeldExtraExtraNamed(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Extra, game.Move, game.Move, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := extraOnSeat3(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Extra read as seat 2's turn begins is not held")
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Extra", Kernel: read + 100*time.Millisecond})
	if d.held.active || !inStackAt(d, 4, 2) {
		t.Fatalf("held %v; the Extra lies at %+v, want dealt to seat 2", d.held.active, d.g.Where(4))
	}
}

// TestHeldRiderExtraNamedNowhere: the other negative control. The Hit is
// held as in TestHeldRiderExtraNamed, but no faller has an Extra the
// engine knows of to lay on it (the only one is in the deck): told the
// Hit shown, the engine would refuse the Extra named, so the confirmation
// proves nothing of the held read, and the hold judges it as before:
// seat 2's deal.
func TestHeldRiderExtraNamedNowhere(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Hit read as seat 2's turn begins is not held")
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Extra", Kernel: read + 100*time.Millisecond})
	if d.held.active || !inStackAt(d, 4, 2) {
		t.Fatalf("held %v; the Hit lies at %+v, want dealt to seat 2", d.held.active, d.g.Where(4))
	}
}
