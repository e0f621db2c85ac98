package dealer

import (
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// stopWindow is the Stop window: while a Ground is being dealt to a seat,
// "a press from that seat within the Stop window claims a Stop". A claim
// holds the Ground until the dealer scans the Stop or confirms it, or the
// claim's own window ends.
type stopWindow struct {
	open     bool
	seat     int           // the seat the Ground is dealt to
	start    time.Duration // when the Ground was dealt
	end      time.Duration // the last moment a press claims a Stop
	claimed  bool          // the seat pressed in time
	claimEnd time.Duration // a claim not confirmed by then lapses
}

// due is when the window ends on its own: the Ground lands.
func (w *stopWindow) due() time.Duration {
	if w.claimed {
		return w.claimEnd
	}
	return w.end
}

// claimable reports whether a press from seat at t claims a Stop.
func (w *stopWindow) claimable(seat int, t time.Duration) bool {
	return w.open && seat == w.seat && !w.claimed && t >= w.start && t <= w.end
}

// after reports whether a press from the window's seat at t came too late.
func (w *stopWindow) after(seat int, t time.Duration) bool {
	return w.open && seat == w.seat && t > w.end
}

// claim records a claim pressed at t: the dealer has at least window from
// the press to confirm it.
func (w *stopWindow) claim(t, window time.Duration) {
	w.claimed = true
	w.claimEnd = max(w.end, t+window)
}

// close ends the window: the Ground landed or was Stopped.
func (w *stopWindow) close() { w.open, w.claimed = false, false }

// shift moves an open window's end by a pause: it keeps the time it had
// left.
func (w *stopWindow) shift(by time.Duration) {
	if w.open {
		w.end += by
		w.claimEnd += by
	}
}

// view is the window as a screen shows it, nil when none is open.
func (w *stopWindow) view() *Window {
	if !w.open {
		return nil
	}
	v := &Window{Seat: w.seat, Start: w.start, End: w.end, Claimed: w.claimed}
	if w.claimed {
		v.End = w.claimEnd
	}
	return v
}

// openStopWindow starts seat's Stop window: a Ground is being dealt to
// it. It sounds the Ground unless it was announced already.
func (d *Dealer) openStopWindow(seat int, t time.Duration, sound bool) {
	d.stop = stopWindow{open: true, seat: seat, start: t, end: t + d.cfg.StopWindow}
	d.slot.open = false
	d.showOnly(seat, LightGround)
	if sound {
		d.cue(hw.CueGround, t)
	}
}

// endStopWindow closes the Stop window of seat, whatever ended it: its
// claim is asked no more and the seat's red light goes off.
func (d *Dealer) endStopWindow(seat int) {
	d.stop.close()
	d.settle(askClaim)
	d.light(seat, LightOff)
}

// stopWindowOver ends a Stop window with no Stop: the Ground lands.
func (d *Dealer) stopWindowOver(t time.Duration) {
	seat := d.stop.seat
	claimed := d.stop.claimed
	d.stop.close()
	d.settle(askClaim)
	if in := d.g.Next(); in.Action == game.ActLand {
		if d.apply(game.StopClosed(), playlog.FromDealer, t) != nil {
			return
		}
		if claimed {
			d.say(true, "seat %d's Stop claim was not confirmed: the Ground lands", seat)
		} else {
			d.say(false, "seat %d hits the ground", seat)
		}
	}
	d.light(seat, LightOff)
	d.restartBeat(t)
	if d.g.Over() {
		d.handOver(t)
	}
}
