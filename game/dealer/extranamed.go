package dealer

import (
	"github.com/falling-table/falling/game"
)

// extraNamedOnHeld reports whether a confirmation naming as, within half a
// beat of the held read, is an Extra laid on the held card, shown: "An
// Extra card modifies a rider", and "To play an Extra, lay it on top of
// the rider you wish to modify, overlapping it so the dealer can still read
// both cards." The reader missed the Extra and the dealer named it by hand;
// read, it would have made the held read a card shown (comesWithShown). No
// rider was shown as the seat's turn began but the held card, so the Extra
// lies on it, and the held card was no deal. Tried on a copy: the engine
// must take the held card as shown (Identify, then the read, and the read
// that waited with it), then the Extra named, laid on it; where it would
// not, the confirmation proves nothing of the held read, judged as before.
func (d *Dealer) extraNamedOnHeld(as string) bool {
	k, err := game.ParseKind(as)
	if err != nil || k != game.Extra {
		return false
	}
	h := d.held
	try := d.g.Clone()
	if try.Observe(game.Identify(h.seat, h.id)) != nil || try.Observe(game.Scan(h.id)) != nil {
		return false
	}
	w := try.Where(h.c)
	if w.Zone != game.AsRider {
		return false
	}
	if h.next != 0 {
		_ = try.Observe(game.Scan(h.nextID)) // told after the held one however it is judged (heldNext)
	}
	laid := len(try.Extras(w.Player))
	if try.Observe(game.ConfirmAs(game.Extra)) != nil {
		return false
	}
	return try.Where(h.c) == w && len(try.Extras(w.Player)) > laid
}
