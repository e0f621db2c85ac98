// Package buttons reads the seat buttons from the GPIO character device and
// turns their edges into debounced presses that keep the kernel's timestamp
// of each press's first edge: the time a "who was first" dispute is settled
// on.
//
// It uses go-gpiocdev rather than periph's gpio.PinIn.WaitForEdge because
// WaitForEdge only says that an edge happened: it drops the kernel's
// timestamp and sequence numbers, so order would come from when a goroutine
// woke up, and lost edges could not be detected.
//
// All seat lines go in ONE line request, so the kernel numbers the edges of
// every seat in one sequence (Seqno) and a gap anywhere shows up.
//
// The kernel's own debounce (gpiocdev.WithDebounce) is deliberately not used:
// gpiolib-cdev then reports an edge only once the line has been stable for
// the debounce period, and stamps it at that moment, so every press would be
// stamped one period late and a bouncier button would look slower. Bounce is
// absorbed here instead (see Debouncer), keeping the first edge's time.
package buttons

import (
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
)

// Defaults for Options.
const (
	// DefaultArrivalSlack is how long after its kernel stamp an edge is
	// certain to have been read by this process. It delays settling a window
	// and declaring a sequence gap lost, never the stamps themselves.
	DefaultArrivalSlack = 20 * time.Millisecond
	// DefaultEventBuffer is the kernel event buffer this package asks for.
	// 12 seats mashing at 20 presses/s with bounce make ~2000 edges/s;
	// 1024 would cover half a second of the process not reading. It is a
	// request only: go-gpiocdev v0.9.1 (the newest served) does not pass
	// WithEventBufferSize to the kernel, which then keeps its default of
	// 16 events a line rounded up to a power of two, 256 for twelve seats
	// (TestKernelStalledReaderReportsLoss meets exactly that). An overflow
	// is never silent: the kernel's sequence numbers report it on Lost.
	DefaultEventBuffer = 1024
)

// Options tune Open. The zero value is the reference table's setup.
type Options struct {
	Debounce time.Duration // default DefaultDebounce
	// ArrivalSlack bounds how late an edge reaches this process after its
	// kernel stamp. If the process falls further behind, a sequence gap may
	// be reported lost before its straggler arrives, and a glitch may be
	// reported as a press and a release; stamps are never moved.
	ArrivalSlack time.Duration // default DefaultArrivalSlack
	EventBuffer  int           // kernel event buffer asked for (see DefaultEventBuffer)
	Consumer     string        // label shown by gpioinfo; default "falling"
	// Clock must read CLOCK_MONOTONIC, the clock of the kernel's stamps;
	// nil means the system's.
	Clock  hw.Clock
	Logger *slog.Logger // nil means slog.Default()
}

func (o *Options) defaults() {
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	if o.ArrivalSlack <= 0 {
		o.ArrivalSlack = DefaultArrivalSlack
	}
	if o.EventBuffer <= 0 {
		o.EventBuffer = DefaultEventBuffer
	}
	if o.Consumer == "" {
		o.Consumer = "falling"
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// Buttons delivers the debounced seat button events of one line request. It
// implements hw.Buttons. Consumers must drain both Events and Lost: when
// either is full the reader waits, and the kernel's buffer takes the
// backlog (an overflow there is reported on Lost, never silent).
type Buttons struct {
	events chan hw.ButtonEvent
	lost   chan hw.LostEvents
	edges  chan Edge
	ticks  chan struct{}
	arm    chan time.Duration
	done   chan struct{}
	wg     sync.WaitGroup

	deb  *Debouncer
	opts Options
	log  *slog.Logger

	closeOnce sync.Once
	closeErr  error
	release   func() error // releases the line request
}

var _ hw.Buttons = (*Buttons)(nil)

// Open requests the seat lines of chip (a name such as "gpiochip0" or a path
// under /dev) as one request: inputs with pull-ups, active low (a button to
// ground), both edges. lines maps seat (1..hw.MaxSeats) to line offset.
// The number of the Pi header's chip changes across models and kernels; the
// caller finds it by its label (pi.ChooseChip, config.HeaderLabels) and
// passes the name it has on this machine.
func Open(chip string, lines map[int]int, opts Options) (*Buttons, error) {
	seats, offsets, err := checkLines(lines)
	if err != nil {
		return nil, fmt.Errorf("buttons on %s: %w", chip, err)
	}
	if opts.Clock == nil {
		// Checked here, where an error can be returned, so the debounce
		// loop's Now never reads a clock that failed.
		c, err := clock.New()
		if err != nil {
			return nil, fmt.Errorf("buttons: %w", err)
		}
		opts.Clock = c
	}
	opts.defaults()
	seatOf := make(map[int]int, len(lines))
	for s, off := range lines {
		seatOf[off] = s
	}
	b, err := newButtons(seats, opts)
	if err != nil {
		return nil, fmt.Errorf("buttons on %s: %w", chip, err)
	}
	req, err := gpiocdev.RequestLines(chip, offsets,
		gpiocdev.WithConsumer(opts.Consumer),
		gpiocdev.AsInput,
		gpiocdev.WithPullUp,
		gpiocdev.AsActiveLow,
		gpiocdev.WithBothEdges,
		gpiocdev.WithEventBufferSize(opts.EventBuffer),
		gpiocdev.WithEventHandler(func(le gpiocdev.LineEvent) {
			seat, ok := seatOf[le.Offset]
			if !ok {
				b.log.Warn("buttons: edge on a line not requested", "offset", le.Offset)
				return
			}
			b.deliver(Edge{
				Seat:      seat,
				Rising:    le.Type == gpiocdev.LineEventRisingEdge,
				Kernel:    le.Timestamp,
				Seqno:     le.Seqno,
				LineSeqno: le.LineSeqno,
			})
		}))
	if err != nil {
		b.stop()
		return nil, fmt.Errorf("buttons: request lines %v of %s: %w", offsets, chip, err)
	}
	b.release = req.Close
	return b, nil
}

// checkLines validates the seat → offset map and returns seats and offsets
// in seat order.
func checkLines(lines map[int]int) (seats, offsets []int, err error) {
	if len(lines) == 0 {
		return nil, nil, errors.New("no seat lines given")
	}
	byOffset := make(map[int]int, len(lines))
	for s, off := range lines {
		if s < 1 || s > hw.MaxSeats {
			return nil, nil, fmt.Errorf("seat %d out of range 1..%d", s, hw.MaxSeats)
		}
		if off < 0 {
			return nil, nil, fmt.Errorf("seat %d: negative line offset %d", s, off)
		}
		if other, dup := byOffset[off]; dup {
			a, b := min(s, other), max(s, other)
			return nil, nil, fmt.Errorf("line %d given to both seat %d and seat %d", off, a, b)
		}
		byOffset[off] = s
		seats = append(seats, s)
	}
	sort.Ints(seats)
	for _, s := range seats {
		offsets = append(offsets, lines[s])
	}
	return seats, offsets, nil
}

// newButtons starts the debouncing goroutines fed through deliver; Open
// connects them to the kernel, tests to a fake source.
func newButtons(seats []int, opts Options) (*Buttons, error) {
	deb, err := NewDebouncer(seats, opts.Debounce)
	if err != nil {
		return nil, err
	}
	b := &Buttons{
		events:  make(chan hw.ButtonEvent, 256),
		lost:    make(chan hw.LostEvents, 16),
		edges:   make(chan Edge, 256),
		ticks:   make(chan struct{}),
		arm:     make(chan time.Duration, 1),
		done:    make(chan struct{}),
		deb:     deb,
		opts:    opts,
		log:     opts.Logger,
		release: func() error { return nil },
	}
	b.wg.Add(2)
	go b.run()
	go b.settler()
	return b, nil
}

// deliver hands an edge to the debouncing goroutine. It blocks rather than
// drop when that goroutine is behind, which backs up into the kernel's
// buffer where an overflow is numbered and reported; it gives up on Close so
// that the line request can be released.
func (b *Buttons) deliver(e Edge) {
	select {
	case b.edges <- e:
	case <-b.done:
	}
}

// Events implements hw.Buttons. Per seat, events are in kernel-time order.
func (b *Buttons) Events() <-chan hw.ButtonEvent { return b.events }

// Lost implements hw.Buttons.
func (b *Buttons) Lost() <-chan hw.LostEvents { return b.lost }

// Close releases the lines and stops delivery; Events and Lost are then
// closed. Windows still open are not reported: their edges are too recent
// to say whether they were presses.
func (b *Buttons) Close() error {
	b.closeOnce.Do(func() {
		b.stop()
		if err := b.release(); err != nil {
			b.closeErr = fmt.Errorf("buttons: release lines: %w", err)
		}
	})
	return b.closeErr
}

func (b *Buttons) stop() {
	close(b.done)
	b.wg.Wait()
	close(b.events)
	close(b.lost)
}

// run owns the debouncer: every change to it happens here, so output order
// is the order of Feed and Advance.
func (b *Buttons) run() {
	defer b.wg.Done()
	var out Output
	armed := false
	for {
		select {
		case e := <-b.edges:
			if err := b.deb.Feed(e, &out); err != nil {
				b.log.Warn("buttons: edge rejected", "err", err)
			}
		case <-b.ticks:
			armed = false
			b.deb.Advance(b.opts.Clock.Now()-b.opts.ArrivalSlack, &out)
		case <-b.done:
			return
		}
		if !b.flush(&out) {
			return
		}
		if t, ok := b.deb.NextDeadline(); ok && !armed {
			armed = true
			b.arm <- t + b.opts.ArrivalSlack // never blocks: the settler is idle while !armed
		}
	}
}

func (b *Buttons) flush(out *Output) bool {
	for _, l := range out.Lost {
		b.log.Warn("buttons: kernel dropped edges", "seat", l.Seat, "count", l.Count, "before", l.Kernel)
		select {
		case b.lost <- l:
		case <-b.done:
			return false
		}
	}
	for _, e := range out.Events {
		select {
		case b.events <- e:
		case <-b.done:
			return false
		}
	}
	out.Reset()
	return true
}

// settler sleeps on the clock until the time run asked for, then wakes run.
// Sleeping against absolute kernel times keeps it testable on a fake clock.
func (b *Buttons) settler() {
	defer b.wg.Done()
	for {
		var t time.Duration
		select {
		case t = <-b.arm:
		case <-b.done:
			return
		}
		if !b.opts.Clock.SleepUntil(t, b.done) {
			return
		}
		select {
		case b.ticks <- struct{}{}:
		case <-b.done:
			return
		}
	}
}
