package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// The Ground kept through a Stop: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you. The dealer keeps the Ground, and you
// discard the Stop." A dealer who keeps it may deal it on at once (a Hit's
// second card, say), before passing the Stop over the reader. Read then,
// while the claim waits, the Ground is still the claimed seat's to the
// engine: refused there as a card that cannot be, and the light, once the
// Stop is shown, waits for a card already down; or, where that seat's
// Ground was confirmed by hand and the engine only guessed which, taken for
// the dealer dealing on, so that the Ground lands on a seat that showed a
// Stop. So a Ground read while a claim waits is kept until the claim is
// settled: the Stop shown (read, or confirmed from the panel), it is told
// as read, the next deal, the Ground being back on top of the deck; the
// claim lapsed and the Ground landed, it is told as read too, and the
// engine judges it there.

// keptGround is a Ground read while a Stop claim waits.
type keptGround struct {
	active bool
	id     string
	c      int
	at     time.Duration // when it was read
	// seat is the claiming seat, and pressed its last press handled
	// before the Ground was kept: the claim, which may be stamped after
	// the read (the loop takes ready inputs in any order), and claims no
	// window the kept Ground opens again at that seat (a Hit's second card).
	seat    int
	pressed time.Duration
}

// mayKeep reports whether card c, just read, is a Ground to keep until the
// claim waiting in the Stop window is settled, and keeps it.
func (d *Dealer) mayKeep(id string, c int, at time.Duration) bool {
	if d.kept.active || !d.stop.open || !d.stop.claimed || d.panel.paused || d.g.Card(c).Kind != game.Ground {
		return false
	}
	if in := d.g.Next(); in.Action != game.ActLand || in.Seat != d.stop.seat {
		return false
	}
	d.kept = keptGround{active: true, id: id, c: c, at: at, seat: d.stop.seat}
	for _, p := range d.presses {
		if p.Seat == d.kept.seat {
			d.kept.pressed = max(d.kept.pressed, p.Kernel)
		}
	}
	d.say(false, "%v read while seat %d's Stop claim waits: the Ground kept and dealt on, told once the Stop is shown", d.g.Card(c), d.stop.seat)
	return true
}

// overtakesKept reports whether card id, read while a Ground is kept, is a
// card the engine takes now as dealt on past the claiming seat's Ground
// (it lands): dealt after the kept Ground, it must be told after it. A
// Stop that saves the seat is the claim's, and settles it; a card refused
// where it is read (a stray one) deals nothing, and the claim still waits.
func (d *Dealer) overtakesKept(id string) bool {
	in := d.g.Next()
	try := d.g.Clone()
	return in.Action == game.ActLand && try.Observe(game.Scan(id)) == nil && try.Out(in.Player)
}

// flushKept tells the engine the kept Ground once the claim is settled (the
// Stop window closed), or now if force: a card dealt on after it must not
// overtake it (overtakesKept). A faller whose press came between the
// Ground's read and now, when it opens their own Stop window, claims a
// Stop: "a press from that seat within the Stop window claims a Stop".
// (The hand stopped or over, it is dropped instead: dropKept.)
func (d *Dealer) flushKept(at time.Duration, force bool) {
	if !d.kept.active || (d.stop.open && !force) {
		return
	}
	if d.g.Over() {
		// The claim lapsed and the Ground that landed ended the hand:
		// there is no deal to tell the kept Ground as.
		d.dropKept(at, "the hand is over")
		return
	}
	k := d.kept
	d.kept = keptGround{}
	d.event(game.Scan(k.id), playlog.FromReader, at, k.c)
	if !d.stop.open || d.stop.claimed {
		return
	}
	for _, p := range d.presses {
		if p.Seat == d.stop.seat && p.Kernel >= k.at && p.Kernel <= at && (p.Seat != k.seat || p.Kernel > k.pressed) {
			d.claimStop(p.Seat, p.Kernel, at)
			return
		}
	}
}

// dropKept forgets the kept Ground, untold, and notes why in the log (its
// read is logged already): the hand ended with it kept, or stopped while
// the claim waits. Told then, while the claim waits, it would be refused
// as read twice or, for a Ground named by hand, land the claimed seat and
// go on to the next: a claim settled by nobody, and kept so by the log a
// hand is resumed from. A resumed hand deals that Ground again (its
// window opens on the first beat), and the dealer reads it again there.
func (d *Dealer) dropKept(at time.Duration, why string) {
	if !d.kept.active {
		return
	}
	k := d.kept
	d.kept = keptGround{}
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Kernel: at, Seat: d.stop.seat, Card: k.id,
		Note: fmt.Sprintf("%s, kept through a Stop claim, is not told: %s", k.id, why)})
}
