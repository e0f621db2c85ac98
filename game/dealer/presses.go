package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// The seat buttons: a press claims a Stop in its seat's Stop window (see
// stopwindow.go), says a faller is ready before the deal, and is kept for
// the dispute the dealer may call: "who pressed first in the last seconds".

// pressLog is the last presses, oldest first, that a dispute is settled on.
type pressLog []hw.ButtonEvent

// add keeps e, and the last keepPresses presses.
func (p *pressLog) add(e hw.ButtonEvent) {
	*p = append(*p, e)
	if len(*p) > keepPresses {
		*p = append((*p)[:0], (*p)[len(*p)-keepPresses:]...)
	}
}

// keepPresses bounds the presses remembered for disputes.
const keepPresses = 512

// onButton handles one seat button edge.
func (d *Dealer) onButton(e hw.ButtonEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	kind := playlog.KindRelease
	if e.Press {
		kind = playlog.KindPress
	}
	ent := playlog.Entry{Kind: kind, Source: playlog.FromSeat, Kernel: e.Kernel, Seat: e.Seat, HwSeq: e.Seq}
	if !e.Press {
		d.append(ent)
		return
	}
	d.presses.add(e)
	if d.imag.announced && e.Seat == d.imag.seat && !d.naming(e.Kernel) {
		// The seat reacts to the imaginary Ground announced for it: to them
		// it is being dealt now, so deal it and let the press claim a Stop.
		d.dealImaginary(e.Kernel)
	}
	switch {
	case d.naming(e.Kernel):
		ent.Note = "naming the winner"
		d.append(ent)
		d.declare(e.Seat, e.Kernel)
	// What a press claims is the engine's to say (game.Game.ClaimOf, which
	// the messy table asks too); whether it came within the window, the
	// window's clock. Every other press is only logged.
	case d.stop.claimable(e.Seat, e.Kernel) && d.g.ClaimOf(e.Seat) == game.PressStopClaim:
		d.append(ent)
		d.claimStop(e.Seat, e.Kernel, e.Kernel)
	case d.stop.after(e.Seat, e.Kernel):
		ent.Note = "after the Stop window"
		d.append(ent)
	case d.phase == PhaseDealing:
		d.pressDealing(ent, e)
	case d.phase == PhaseReady:
		d.append(ent)
		if d.isFaller(e.Seat) && !d.ready[e.Seat] {
			d.ready[e.Seat] = true
			d.light(e.Seat, LightReady)
			if len(d.ready) == len(d.cfg.Game.Seats) {
				d.settle(askReady)
				d.say(false, "everyone is ready")
				d.countIn(d.now())
			}
		}
	default:
		d.append(ent)
	}
}

// pressDealing handles press e, logged as ent, while the cards are dealt,
// where it claims no Stop in a window. A read held before the press is
// judged first where its time is up, so that the engine sees the table's
// order; that judgement may end the hand, and the press is then only
// logged.
func (d *Dealer) pressDealing(ent playlog.Entry, e hw.ButtonEvent) {
	d.expireHeld(e.Kernel)
	switch {
	case d.claimsUnread(e.Seat):
		// Only a Ground can be dealt to this seat now: its faller may be
		// claiming a Stop for one the reader missed, and the engine is
		// told, for a Stop shown next (game.InfStoppedUnread).
		d.append(ent)
		d.apply(game.Press(e.Seat), playlog.FromSeat, e.Kernel)
	case d.phase == PhaseDealing && d.held.active:
		// Its faller may be claiming a Stop on a Ground dealt unread that
		// the light will ask about once the held read is told: kept, and
		// judged then (tellHeldPresses), not lost for the claim.
		ent.Note = "kept while a read is held: told the engine once that read is judged, if the light then asks this seat for a Ground"
		d.append(ent)
		d.keepHeldPress(e.Seat, e.Kernel)
	default:
		d.append(ent)
	}
}

// claimsUnread reports whether seat's press may claim a Stop on a Ground
// dealt unread (game.PressUnreadClaim). A read still held keeps the press
// from the engine until it is judged (keepHeldPress): the light may not
// yet ask what it will once that read is told.
func (d *Dealer) claimsUnread(seat int) bool {
	return !d.held.active && d.g.ClaimOf(seat) == game.PressUnreadClaim
}

// claimStop is seat's press at pressed, told the engine at at: "a press
// from that seat within the Stop window claims a Stop".
func (d *Dealer) claimStop(seat int, pressed, at time.Duration) {
	if d.apply(game.Press(seat), playlog.FromSeat, at) == nil {
		d.stop.claim(pressed, d.cfg.StopWindow)
		d.light(seat, LightClaim)
		d.ask(askClaim, false, "seat %d claims a Stop: scan the Stop, or confirm from the panel", seat)
	}
}

// isFaller reports whether seat plays this hand (the dealer's does not).
func (d *Dealer) isFaller(seat int) bool {
	for _, s := range d.cfg.Game.Seats {
		if s == seat {
			return true
		}
	}
	return false
}

// onLost records edges the kernel dropped.
func (d *Dealer) onLost(l hw.LostEvents) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	d.append(playlog.Entry{Kind: playlog.KindLost, Source: playlog.FromSeat, Kernel: l.Kernel, Seat: l.Seat, Count: l.Count, Note: l.Error()})
	d.say(true, "%v", l)
}

// callDispute pauses the table and shows who pressed first in the last
// seconds: "the assistant shows at once who pressed first in the last
// seconds and by how many milliseconds, and lights the winner's seat."
func (d *Dealer) callDispute(at time.Duration) {
	d.pause(at)
	since := at - d.cfg.DisputeWindow
	ds := settle(d.presses, since, at, d.cfg.TieWindow)
	d.dispute = &ds
	for _, s := range d.cfg.Game.Seats {
		d.light(s, LightOff)
	}
	if d.cfg.Dealer > 0 {
		d.light(d.cfg.Dealer, LightOff)
	}
	for _, s := range ds.Lit() {
		d.light(s, LightFirst)
	}
	pl := ds.Dispute
	pl.TiedSeats = ds.Tied
	d.append(playlog.Entry{Kind: playlog.KindDispute, Source: playlog.FromPanel, Kernel: at, Seat: ds.Winner, Dispute: &pl, Note: ds.String()})
	d.say(false, "dispute: %s", ds.String())
}

// Dispute is a settled "who was first", with the seats a tie covers.
type Dispute struct {
	game.Dispute
	Tied []int `json:"tied,omitempty"` // the seats inside the tie window of the first
	At   time.Duration
}

// Lit lists the seats the dispute lights: the winner, or every tied seat.
func (ds Dispute) Lit() []int {
	if ds.Tie {
		return ds.Tied
	}
	if ds.Winner > 0 {
		return []int{ds.Winner}
	}
	return nil
}

func (ds Dispute) String() string {
	switch {
	case len(ds.Seats) == 0:
		return "nobody pressed"
	case ds.Tie:
		return fmt.Sprintf("a tie between seats %v (inside %v)", ds.Tied, ds.Margin)
	case len(ds.Seats) == 1:
		return fmt.Sprintf("seat %d pressed, nobody else", ds.Winner)
	}
	return fmt.Sprintf("seat %d was first, by %.1f ms over seat %d", ds.Winner, float64(ds.Margin)/float64(time.Millisecond), ds.Seats[1])
}

// settle orders the seats by their first press in [since, until] and calls
// a tie when the runner-up is within tie of the first.
func settle(presses []hw.ButtonEvent, since, until time.Duration, tie time.Duration) Dispute {
	// One "who pressed first" for the table and the referee: the rule's,
	// which falling review applies to the same presses afterwards.
	in := make([]game.SeatPress, 0, len(presses))
	for _, e := range presses {
		if e.Press {
			in = append(in, game.SeatPress{Seat: e.Seat, Kernel: e.Kernel})
		}
	}
	pl := game.SettleWindow(in, since, until, tie)
	return Dispute{Dispute: pl, Tied: pl.TiedSeats, At: until}
}
