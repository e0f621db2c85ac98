package lights

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/falling-table/falling/hw"
)

// Driver shows one frame: one colour per light, in the driver's own order.
// Show may keep no reference to the slice.
type Driver interface {
	Len() int
	Show(frame []hw.Color) error
}

// Dimmer is implemented by drivers that can show intermediate levels; the
// engine renders pulses as on/off for drivers that cannot.
type Dimmer interface {
	CanDim() bool
}

// DefaultRate is the most frames per second written by default: smooth
// enough for a pulse, and well inside what an APA102 (400 Hz) or a WS2812
// strip of 12 pixels can take.
const DefaultRate = 50

// Options tune New.
type Options struct {
	Rate   int      // frames per second at most; default DefaultRate
	Clock  hw.Clock // required: the table's clock
	Logger *slog.Logger
}

type slot struct {
	index   int // in the driver's frame, -1 when the seat has no light
	pattern hw.Pattern
	since   time.Duration
}

// Engine holds each seat's pattern and writes frames to a Driver. It
// implements hw.Lights. Changes within one frame interval are coalesced into
// the next frame: Set never queues, so a burst of Sets costs one write.
type Engine struct {
	drv      Driver
	clock    hw.Clock
	interval time.Duration
	canDim   bool
	log      *slog.Logger

	mu     sync.Mutex
	seats  [hw.MaxSeats + 1]slot
	dirty  bool
	closed bool

	wake chan struct{}
	done chan struct{}
	wg   sync.WaitGroup

	// Owned by run.
	frame, shown []hw.Color
	valid        bool // shown is what the lights show
	writeErr     error
}

var _ hw.Lights = (*Engine)(nil)

// New starts an engine writing to d. seats maps seat → index in d's frame.
// All lights start off.
func New(d Driver, seats map[int]int, opts Options) (*Engine, error) {
	if d == nil {
		return nil, errors.New("lights: no driver")
	}
	if opts.Clock == nil {
		return nil, errors.New("lights: no clock")
	}
	if opts.Rate < 0 {
		return nil, fmt.Errorf("lights: rate %d/s is negative", opts.Rate)
	}
	if opts.Rate == 0 {
		opts.Rate = DefaultRate
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	e := &Engine{
		drv:      d,
		clock:    opts.Clock,
		interval: time.Second / time.Duration(opts.Rate),
		log:      opts.Logger,
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		frame:    make([]hw.Color, d.Len()),
		shown:    make([]hw.Color, d.Len()),
		dirty:    true, // write the first (dark) frame: the lights' state is unknown
	}
	if dm, ok := d.(Dimmer); ok {
		e.canDim = dm.CanDim()
	}
	for i := range e.seats {
		e.seats[i].index = -1
	}
	used := map[int]int{}
	for s, idx := range seats {
		if s < 1 || s > hw.MaxSeats {
			return nil, fmt.Errorf("lights: seat %d out of range 1..%d", s, hw.MaxSeats)
		}
		if idx < 0 || idx >= d.Len() {
			return nil, fmt.Errorf("lights: seat %d: light %d out of range 0..%d", s, idx, d.Len()-1)
		}
		if other, dup := used[idx]; dup {
			return nil, fmt.Errorf("lights: light %d given to both seat %d and seat %d", idx, min(s, other), max(s, other))
		}
		used[idx] = s
		e.seats[s].index = idx
	}
	e.wg.Add(1)
	go e.run()
	return e, nil
}

// Set shows p on seat's light from now on.
func (e *Engine) Set(seat int, p hw.Pattern) error {
	if seat < 1 || seat > hw.MaxSeats || e.seats[seat].index < 0 {
		return fmt.Errorf("lights: seat %d has no light", seat)
	}
	if err := checkPattern(p); err != nil {
		return fmt.Errorf("lights: seat %d: %w", seat, err)
	}
	now := e.clock.Now()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("lights: seat %d: engine closed", seat)
	}
	s := &e.seats[seat]
	if s.pattern == p {
		return nil // keep the phase of a blink that is set again
	}
	s.pattern, s.since = p, now
	e.dirty = true
	select {
	case e.wake <- struct{}{}:
	default: // a wake-up is already pending: coalesce
	}
	return nil
}

// Frame renders the frame for time t from the current patterns.
func (e *Engine) Frame(t time.Duration) []hw.Color {
	frame := make([]hw.Color, e.drv.Len())
	e.mu.Lock()
	defer e.mu.Unlock()
	e.render(frame, t)
	return frame
}

func (e *Engine) render(frame []hw.Color, t time.Duration) {
	clear(frame)
	for _, s := range e.seats {
		if s.index >= 0 {
			frame[s.index] = Render(s.pattern, s.since, t, e.canDim)
		}
	}
}

// Close stops the engine and turns every light off. It returns the first
// write error the engine met, if any.
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return errors.New("lights: already closed")
	}
	e.closed = true
	e.mu.Unlock()
	close(e.done)
	e.wg.Wait()
	var errs []error
	if e.writeErr != nil {
		errs = append(errs, e.writeErr)
	}
	if err := e.drv.Show(make([]hw.Color, e.drv.Len())); err != nil {
		errs = append(errs, fmt.Errorf("lights: turn off: %w", err))
	}
	return errors.Join(errs...)
}

// run writes frames on an absolute grid of frame times (t0 + n·interval),
// at most one per grid slot, and sleeps without waking while nothing is
// animated and nothing was set.
func (e *Engine) run() {
	defer e.wg.Done()
	t0 := e.clock.Now()
	last := int64(-1) // grid slot of the latest frame
	for {
		e.mu.Lock()
		dirty, anim := e.dirty, e.anyAnimated()
		e.mu.Unlock()
		if !dirty && !anim {
			select {
			case <-e.wake:
				continue
			case <-e.done:
				return
			}
		}
		n := int64((e.clock.Now() - t0) / e.interval)
		if n <= last {
			if !e.clock.SleepUntil(t0+time.Duration(last+1)*e.interval, e.done) {
				return
			}
			continue
		}
		last = n
		e.mu.Lock()
		e.dirty = false
		e.render(e.frame, t0+time.Duration(n)*e.interval)
		e.mu.Unlock()
		e.write()
	}
}

func (e *Engine) anyAnimated() bool {
	for _, s := range e.seats {
		if s.index >= 0 && animated(s.pattern) {
			return true
		}
	}
	return false
}

func (e *Engine) write() {
	if e.valid && slices.Equal(e.frame, e.shown) {
		return
	}
	if err := e.drv.Show(e.frame); err != nil {
		// Retry on the next frame: valid stays false, so it is written again
		// even if nothing changes.
		e.valid = false
		e.log.Error("lights: write frame", "err", err)
		if e.writeErr == nil {
			e.writeErr = fmt.Errorf("lights: write frame: %w", err)
		}
		e.mu.Lock()
		e.dirty = true
		e.mu.Unlock()
		return
	}
	copy(e.shown, e.frame)
	e.valid = true
}
