package dealer

import (
	"context"
	"errors"
	"time"

	"github.com/falling-table/falling/hw"
)

// The dealer's loop: one goroutine takes the devices' inputs one at a time
// and acts on its own deadlines (the beat, a Stop window's end, an
// imaginary Ground), on a real clock (Run) or a virtual one it advances
// itself (RunStepped).

// Stepper is a clock that a single goroutine advances itself: the
// simulated table's virtual clock.
type Stepper interface {
	hw.Clock
	// Next is the time of the next thing the clock has scheduled.
	Next() (time.Duration, bool)
	// AdvanceTo runs what is scheduled up to t and sets the clock to t.
	AdvanceTo(t time.Duration)
}

// RunStepped plays the hand on a clock it advances itself, in this
// goroutine, never waiting in real time: falling play --fast, and tests that
// must be exact. Between two moments of virtual time the dealer handles
// everything the devices delivered.
func (d *Dealer) RunStepped(ctx context.Context, clk Stepper) (Result, error) {
	d.start()
	for !d.finished() {
		if err := ctx.Err(); err != nil {
			return d.end(err)
		}
		if d.drain() {
			continue
		}
		now := clk.Now()
		dl, ok := d.deadline()
		if ok && dl <= now {
			d.fire(dl)
			continue
		}
		next, more := clk.Next()
		if ok && (!more || dl < next) {
			next, more = dl, true
		}
		if !more {
			return d.end(ErrIdle)
		}
		clk.AdvanceTo(next)
	}
	return d.end(nil)
}

// Run plays the hand in real time until it is done or ctx ends.
func (d *Dealer) Run(ctx context.Context) (Result, error) {
	d.start()
	ch := d.channels()
	fire := make(chan time.Duration)
	var cancel chan struct{}
	armed, armedAt := false, time.Duration(0)
	defer func() {
		if armed {
			close(cancel)
		}
	}()
	for !d.finished() {
		dl, ok := d.deadline()
		if armed && (!ok || dl != armedAt) {
			close(cancel)
			armed = false
		}
		if ok && !armed {
			// One sleeper per deadline: the beat is always slept to as an
			// absolute time, never as a relative sleep that would drift.
			cancel, armed, armedAt = make(chan struct{}), true, dl
			go func(t time.Duration, stop chan struct{}) {
				if d.hw.Clock.SleepUntil(t, stop) {
					select {
					case fire <- t:
					case <-stop:
					}
				}
			}(dl, cancel)
		}
		select {
		case <-ctx.Done():
			return d.end(ctx.Err())
		case e, ok := <-ch.buttons:
			if !ok {
				ch.buttons = nil
				continue
			}
			d.onButton(e)
		case l, ok := <-ch.lost:
			if !ok {
				ch.lost = nil
				continue
			}
			d.onLost(l)
		case s, ok := <-ch.status:
			if !ok {
				ch.status = nil
				continue
			}
			d.onStatus(s)
		case c, ok := <-ch.cards:
			if !ok {
				ch.cards = nil
				continue
			}
			d.onCard(c)
		case p, ok := <-ch.panel:
			if !ok {
				ch.panel = nil
				continue
			}
			d.control(p)
		case <-d.corr.wake:
			d.onCorrections()
		case t := <-fire:
			if armed && t == armedAt {
				armed = false
				close(cancel)
				d.fire(t)
			}
		}
	}
	return d.end(nil)
}

type inputs struct {
	buttons <-chan hw.ButtonEvent
	lost    <-chan hw.LostEvents
	status  <-chan hw.ReaderStatus
	cards   <-chan hw.CardEvent
	panel   <-chan hw.PanelEvent
}

func (d *Dealer) channels() inputs {
	var in inputs
	if d.hw.Buttons != nil {
		in.buttons, in.lost = d.hw.Buttons.Events(), d.hw.Buttons.Lost()
	}
	if d.hw.Reader != nil {
		in.status, in.cards = d.hw.Reader.Status(), d.hw.Reader.Cards()
	}
	if d.hw.Panel != nil {
		in.panel = d.hw.Panel.Controls()
	}
	return in
}

// drain handles one delivered input, if any, taking the devices in a fixed
// order so a stepped run is repeatable: buttons first, since their kernel
// stamps are what disputes are settled on.
func (d *Dealer) drain() bool {
	in := d.channels()
	if in.buttons != nil {
		select {
		case e := <-in.buttons:
			d.onButton(e)
			return true
		default:
		}
		select {
		case l := <-in.lost:
			d.onLost(l)
			return true
		default:
		}
	}
	if in.status != nil {
		select {
		case s := <-in.status:
			d.onStatus(s)
			return true
		default:
		}
		select {
		case c := <-in.cards:
			d.onCard(c)
			return true
		default:
		}
	}
	if in.panel != nil {
		select {
		case p := <-in.panel:
			d.control(p)
			return true
		default:
		}
	}
	return d.onCorrections()
}

func (d *Dealer) finished() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.phase == PhaseDone
}

// end closes the hand's loop: what Run returns, with what the log failed
// to take.
func (d *Dealer) end(err error) (Result, error) {
	d.mu.Lock()
	// A read still held when the hand stops (ctx ended) is judged as any
	// other input judges it, the deal: its scan is logged, so the engine
	// and a resume must have it too.
	flushed := d.held.active || d.kept.active
	d.flushHeld(d.now())
	// A Ground kept through a Stop claim is told only once the claim is
	// settled, which stopping the hand does not do (kept.go).
	d.dropKept(d.now(), "the hand stopped with the Stop claim waiting")
	// A correction accepted while the hand ran is logged, even when the
	// hand ended before the loop came to it; after this, none is accepted.
	logged := d.correct() || flushed
	d.corr.running = false
	if lerr := d.logHealth.err(); lerr != nil {
		err = errors.Join(err, lerr)
	}
	res := d.result
	d.mu.Unlock()
	if logged {
		d.publish()
	}
	return res, err
}

// deadline is the next time the dealer must act on its own.
func (d *Dealer) deadline() (time.Duration, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.panel.paused {
		return 0, false
	}
	var t time.Duration
	ok := false
	consider := func(x time.Duration) {
		if !ok || x < t {
			t, ok = x, true
		}
	}
	if d.stop.open {
		consider(d.stop.due())
	}
	if d.imag.announced {
		consider(d.imag.at)
	}
	if d.held.active {
		consider(d.held.until)
	}
	if d.beat.running && !d.ident.held && (d.phase == PhaseCountIn || (d.phase == PhaseDealing && !d.stop.open && !d.imag.announced)) {
		consider(d.beatWake())
	}
	return t, ok
}

// fire is the dealer's own move at time t: a beat, or a Stop window ending.
func (d *Dealer) fire(t time.Duration) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	// A Stop window or an imaginary Ground over, the cards dealt by hand
	// may be asked for.
	defer d.maybeIdentify(t)
	d.flushHeld(t)
	if d.stop.open && t >= d.stop.due() {
		d.stopWindowOver(t)
		d.flushKept(t, false)
		return
	}
	if d.imag.announced && t >= d.imag.at {
		d.dealImaginary(t)
		return
	}
	if d.beat.running && t >= d.beatWake() {
		d.onBeat(d.beat.next)
	}
}
