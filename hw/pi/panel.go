package pi

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/falling-table/falling/hw"
)

// DefaultLongPress is how long the dealer holds their seat button to call a
// dispute: well past a firm tap (100..250 ms), short enough that the dealer
// is not left wondering whether the table heard.
const DefaultLongPress = 600 * time.Millisecond

// longPress turns the dealer seat's presses into controls: released before
// hold is a pause, held to hold is a dispute. It is a pure state machine,
// fed events and the time, so its timing can be tested without a clock.
type longPress struct {
	hold time.Duration
	// grace is how long after the hold is reached the decision waits, so a
	// release stamped before it, still on its way through the debouncer,
	// is seen first and the press is not mistaken for a long one.
	grace time.Duration

	held    bool
	decided bool          // the press already gave its control
	since   time.Duration // kernel time of the press
}

// feed takes one of the dealer seat's events and returns the control it
// completes, if any. Controls are stamped with the press's kernel time: the
// moment the dealer acted, which is what a dispute looks back from.
func (lp *longPress) feed(e hw.ButtonEvent) (hw.PanelEvent, bool) {
	if e.Press {
		lp.held, lp.decided, lp.since = true, false, e.Kernel
		return hw.PanelEvent{}, false
	}
	if !lp.held {
		return hw.PanelEvent{}, false
	}
	lp.held = false
	if lp.decided {
		return hw.PanelEvent{}, false
	}
	lp.decided = true
	c := hw.ControlPause
	if e.Kernel-lp.since >= lp.hold {
		c = hw.ControlDispute
	}
	return hw.PanelEvent{Control: c, Kernel: lp.since}, true
}

// deadline is when advance should next be called, if a press is pending.
func (lp *longPress) deadline() (time.Duration, bool) {
	if !lp.held || lp.decided {
		return 0, false
	}
	return lp.since + lp.hold + lp.grace, true
}

// advance gives the dispute of a press still held at now.
func (lp *longPress) advance(now time.Duration) (hw.PanelEvent, bool) {
	t, ok := lp.deadline()
	if !ok || now < t {
		return hw.PanelEvent{}, false
	}
	lp.decided = true
	return hw.PanelEvent{Control: hw.ControlDispute, Kernel: lp.since}, true
}

// Panel merges the dealer panel's own buttons and the dealer seat's long
// press into one stream of controls. It implements hw.Panel.
type Panel struct {
	out  chan hw.PanelEvent
	done chan struct{}
	wg   sync.WaitGroup
	clk  hw.Clock

	dealer atomic.Int32 // seat whose button is also the panel; 0 for none

	mu sync.Mutex // guards lp
	lp longPress

	arm chan time.Duration

	closeOnce sync.Once
	closeErr  error
	release   func() error
}

var _ hw.Panel = (*Panel)(nil)

func newPanel(clk hw.Clock, hold time.Duration) *Panel {
	p := &Panel{
		out:     make(chan hw.PanelEvent, 16),
		done:    make(chan struct{}),
		clk:     clk,
		lp:      longPress{hold: hold, grace: 50 * time.Millisecond},
		arm:     make(chan time.Duration, 1),
		release: func() error { return nil },
	}
	p.wg.Add(1)
	go p.timer()
	return p
}

// Controls implements hw.Panel. It is closed by Close.
func (p *Panel) Controls() <-chan hw.PanelEvent { return p.out }

// SetDealer says whose seat button is the panel this hand (the winner of
// the last one deals the next); 0 turns the long press off. A press already
// under way on the old dealer's seat is dropped.
func (p *Panel) SetDealer(seat int) {
	p.dealer.Store(int32(seat))
	p.mu.Lock()
	p.lp.held, p.lp.decided = false, false
	p.mu.Unlock()
}

// Close stops the panel and releases its buttons; Controls is then closed.
func (p *Panel) Close() error {
	p.closeOnce.Do(func() {
		close(p.done)
		// Releasing the buttons closes their Events, which ends the
		// forwarding goroutines that wg waits for.
		p.closeErr = p.release()
		p.wg.Wait()
		close(p.out)
	})
	return p.closeErr
}

// send delivers c unless the panel is closing. A dealer's control is never
// dropped for a slow reader: the channel is buffered and controls come at
// human speed.
func (p *Panel) send(c hw.PanelEvent) {
	select {
	case p.out <- c:
	case <-p.done:
	}
}

// seatEvent is every seat button event, seen on its way to the game; only
// the dealer's seat matters here.
func (p *Panel) seatEvent(e hw.ButtonEvent) {
	if int32(e.Seat) != p.dealer.Load() || p.dealer.Load() == 0 {
		return
	}
	p.mu.Lock()
	c, ok := p.lp.feed(e)
	t, armed := p.lp.deadline()
	p.mu.Unlock()
	if ok {
		p.send(c)
	}
	if armed {
		select {
		case p.arm <- t:
		default:
			// The timer has a deadline pending already; it reads the
			// current one from lp when it wakes.
		}
	}
}

// timer wakes at each pending press's deadline, so a dispute is called
// while the dealer is still holding the button rather than on release.
func (p *Panel) timer() {
	defer p.wg.Done()
	for {
		var t time.Duration
		select {
		case t = <-p.arm:
		case <-p.done:
			return
		}
		for {
			if !p.clk.SleepUntil(t, p.done) {
				return
			}
			p.mu.Lock()
			c, ok := p.lp.advance(p.clk.Now())
			next, again := p.lp.deadline()
			p.mu.Unlock()
			if ok {
				p.send(c)
			}
			if !again {
				break
			}
			t = next
		}
	}
}

// buttonControls forwards the panel's own buttons: each press is its
// control (a confirm naming a Ground, for the ground button).
// seatToControl maps the pseudo-seats the buttons were opened as.
func (p *Panel) buttonControls(b hw.Buttons, seatToControl map[int]hw.PanelEvent) {
	p.wg.Add(2)
	go func() {
		defer p.wg.Done()
		for e := range b.Events() {
			if c, ok := seatToControl[e.Seat]; ok && e.Press {
				c.Kernel = e.Kernel
				p.send(c)
			}
		}
	}()
	go func() {
		defer p.wg.Done()
		for range b.Lost() {
			// Lost panel edges were logged by the buttons package; a
			// missed control is pressed again by the dealer.
		}
	}()
}
