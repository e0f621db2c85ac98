// Package reader turns a card reader chip that can only be polled into the
// table's hw.CardReader: one event per card laid on the reader, timestamps
// from the table's clock, and a status stream that follows the reader being
// unplugged and plugged back in.
//
// Status policy: ReaderLost makes the dealer play a warning and ask for
// confirmation by hand, so it is kept for a reader that is really gone. A
// single failed poll (a glitch on the I2C bus) is logged at debug level and
// the next poll goes ahead as scheduled; only Options.LostAfter failed polls
// in a row report the reader lost (about 300 ms with the PN532 driver, whose
// polls of a silent chip each wait out its 100 ms command timeout). Once lost, Reinit is
// retried with backoff and ReaderOK is reported when it succeeds. A reader
// that does not answer when the table starts is started lost (NewLost), so
// the table runs without it and picks it up when it answers.
//
// Watchdog: the failure PN532 users report most is a chip that stops
// answering after hours (NACKing its address, or holding SCL low so every
// transaction fails) until its RSTPDN pin is pulled low or its power is
// cycled. The service sees it as LostAfter failed polls in a row (each poll
// bounded by the driver's command timeout). It reports the reader lost and
// tries Reinit; when that fails too and Options.Reset names the chip's
// RSTPDN line, every further attempt first pulses it (ResetPulse low, then
// ResetBoot to boot), each reset logged and counted. Without a reset line
// the lost status tells the dealer to switch the reader off and on
// (errors.Is(err, ErrPowerCycle)), and Reinit keeps being retried so the
// reader is picked up once they have. Health reports the state and the
// counters for the doctor and the referee page.
//
// Delivery policy: the polling loop never blocks on a consumer. An event
// goes straight into its buffered channel when there is room and nothing
// is queued ahead of it, so it is there before the loop polls again (what
// lets the simulated table run the service in lock-step with its virtual
// clock); otherwise it waits in an in-memory queue; when a consumer falls
// behind the backlog is logged (slog, Warn) as it grows, and only past
// Options.MaxQueue are the oldest events dropped, each one logged (Error)
// with its UID and time. Close hands over whatever still fits in the
// channels' buffers, logs anything else, and closes both channels.
package reader

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/internal/plural"
)

// ErrPowerCycle is wrapped by the lost status of a reader with no reset
// line: only switching it off and on can bring back a hung PN532.
var ErrPowerCycle = errors.New("if it does not come back, switch the card reader off and on")

// ResetLine is the PN532's RSTPDN input, active low, as a GPIO output: a
// periph gpio.PinOut fits.
type ResetLine interface {
	Out(l gpio.Level) error
}

// Poller is what the service needs from a reader chip. *pn532.Dev
// satisfies it.
type Poller interface {
	// Poll looks for a card once. No card is present == false, not an
	// error; an error means the chip or the bus failed.
	Poll(ctx context.Context) (uid []byte, present bool, err error)
	// Reinit re-synchronises with the chip after errors. It must return
	// within a bounded time; Close waits for it.
	Reinit() error
}

// Options tunes the service; zero fields take the defaults.
type Options struct {
	// Interval is the time from one poll's start to the next: 15 ms. With
	// the PN532 a poll itself takes longer (25 ms with no card, 50 ms with
	// one, at the driver's 5 ms bus-free time), so polls run back to back.
	Interval time.Duration
	// LeaveAfter is how many polls in a row must miss a card before it
	// counts as gone and may count again: 3, so a poll lost to RF flicker
	// does not count a resting card twice.
	LeaveAfter int
	// LostAfter is how many polls in a row must fail before the reader is
	// reported lost: 3, so a glitch on the bus does not alarm the table
	// but an unplugged or hung reader is told within a few cards.
	LostAfter int
	// Backoff is the first wait before Reinit after the reader failed:
	// 100 ms, doubling up to MaxBackoff (2 s).
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Buffer is the capacity of the Cards and Status channels: 64.
	Buffer int
	// MaxQueue is how many events are held for a consumer that is not
	// reading, beyond Buffer, before the oldest are dropped: 4096.
	MaxQueue int
	// Logger receives the service's logs; nil means slog.Default().
	Logger *slog.Logger
	// Reset is the chip's RSTPDN line, or nil when it is not wired.
	Reset ResetLine
	// ResetPulse is how long Reset is held low: 100 ms, far above the
	// chip's minimum, as breakout boards put a capacitor on the pin.
	ResetPulse time.Duration
	// ResetBoot is how long the chip is given to boot after Reset is
	// released, before Reinit: 50 ms.
	ResetBoot time.Duration
}

func (o Options) withDefaults() Options {
	if o.Interval <= 0 {
		o.Interval = 15 * time.Millisecond
	}
	if o.LeaveAfter <= 0 {
		o.LeaveAfter = 3
	}
	if o.LostAfter <= 0 {
		o.LostAfter = 3
	}
	if o.Backoff <= 0 {
		o.Backoff = 100 * time.Millisecond
	}
	if o.MaxBackoff < o.Backoff {
		o.MaxBackoff = max(2*time.Second, o.Backoff)
	}
	if o.Buffer <= 0 {
		o.Buffer = 64
	}
	if o.MaxQueue <= 0 {
		o.MaxQueue = 4096
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.ResetPulse <= 0 {
		o.ResetPulse = 100 * time.Millisecond
	}
	if o.ResetBoot <= 0 {
		o.ResetBoot = 50 * time.Millisecond
	}
	return o
}

// Reader polls a Poller on its own goroutine and implements hw.CardReader.
type Reader struct {
	p      Poller
	clk    hw.Clock
	o      Options
	log    *slog.Logger
	cards  *queue[hw.CardEvent]
	status *queue[hw.ReaderStatus]

	ctx     context.Context
	cancel  context.CancelFunc
	fwdDone chan struct{}
	loop    sync.WaitGroup
	fwd     sync.WaitGroup
	once    sync.Once

	hmu    sync.Mutex
	health Health
}

var _ hw.CardReader = (*Reader)(nil)

// New starts polling p. The first status sent is ReaderOK: the caller
// hands over a reader it has just set up.
func New(p Poller, clk hw.Clock, opts Options) *Reader {
	return start(p, clk, opts, nil)
}

// NewLost starts the service for a reader that did not answer its setup:
// the first status sent is ReaderLost carrying cause, and Reinit is retried
// with backoff until the chip answers, when ReaderOK follows and polling
// starts. The table can so start without its reader and pace the deal with
// the dealer confirming by hand until it is plugged in.
func NewLost(p Poller, clk hw.Clock, cause error, opts Options) *Reader {
	if cause == nil {
		cause = errors.New("card reader: not answering at start")
	}
	return start(p, clk, opts, cause)
}

// start runs the service; lost is nil to start with the reader working, or
// why it is not.
func start(p Poller, clk hw.Clock, opts Options, lost error) *Reader {
	o := opts.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	r := &Reader{
		p:       p,
		clk:     clk,
		o:       o,
		log:     o.Logger,
		cards:   newQueue("cards", o.Buffer, o.MaxQueue, o.Logger, cardAttr),
		status:  newQueue("status", o.Buffer, o.MaxQueue, o.Logger, statusAttr),
		ctx:     ctx,
		cancel:  cancel,
		fwdDone: make(chan struct{}),
	}
	r.health = Health{State: HealthOK, Since: clk.Now(), ResetLine: o.Reset != nil}
	if o.Reset != nil {
		// Out of reset whatever state the line was left in.
		if err := o.Reset.Out(gpio.High); err != nil {
			o.Logger.Warn("card reader: cannot release RSTPDN", "err", err)
			r.noteErr(fmt.Errorf("card reader: releasing RSTPDN: %w", err))
		}
	}
	r.fwd.Add(2)
	go func() { defer r.fwd.Done(); r.cards.run(r.fwdDone) }()
	go func() { defer r.fwd.Done(); r.status.run(r.fwdDone) }()
	r.loop.Add(1)
	go func() { defer r.loop.Done(); r.run(lost) }()
	return r
}

// Cards delivers one event per card laid on the reader. It is closed by
// Close.
func (r *Reader) Cards() <-chan hw.CardEvent { return r.cards.out }

// Status delivers reader state changes. It is closed by Close.
func (r *Reader) Status() <-chan hw.ReaderStatus { return r.status.out }

// Close stops polling, waiting for a Poll or Reinit in progress, and
// closes both channels. It is safe to call more than once.
func (r *Reader) Close() error {
	r.once.Do(func() {
		r.cancel()
		r.loop.Wait()
		// Only now, with nothing left to push, may the forwarders flush.
		close(r.fwdDone)
		r.fwd.Wait()
	})
	return nil
}

func cardAttr(e hw.CardEvent) slog.Attr {
	return slog.Group("card", "uid", e.UID.String(), "time", e.Time)
}

func statusAttr(s hw.ReaderStatus) slog.Attr {
	return slog.Group("status", "state", s.State.String(), "err", s.Err, "time", s.Time)
}

func (r *Reader) setStatus(s hw.ReaderState, err error) {
	r.status.push(hw.ReaderStatus{State: s, Err: err, Time: r.clk.Now()})
}

func (r *Reader) run(lost error) {
	if lost != nil {
		if !r.recover(lost) {
			return
		}
	} else {
		r.setStatus(hw.ReaderOK, nil)
	}
	done := r.ctx.Done()
	var (
		cur    hw.UID // card on the reader, zero if none
		misses int    // polls in a row without cur
		bad    string // last UID hw rejected, so it is logged once per appearance
		failed int    // polls in a row that failed
	)
	next := r.clk.Now()
	for {
		if !r.clk.SleepUntil(next, done) {
			return
		}
		uid, present, err := r.p.Poll(r.ctx)
		now := r.clk.Now()
		if r.ctx.Err() != nil {
			return
		}
		r.count(err)
		if err != nil {
			// cur is kept: a card lying on the reader through a glitch
			// must not count twice when the reader comes back.
			if failed++; failed < r.o.LostAfter {
				// The driver has already aborted the failed exchange, so
				// the next poll, on schedule, starts in step with the chip.
				r.log.Debug("card reader: poll failed, retrying", "err", err, "failed", failed, "time", now)
				next = max(next+r.o.Interval, now)
				continue
			}
			if failed > 1 {
				err = fmt.Errorf("%d polls in a row failed: %w", failed, err)
			}
			if !r.recover(err) {
				return
			}
			failed = 0
			next = r.clk.Now()
			continue
		}
		failed = 0
		// Absolute schedule; after a slow poll, poll at once rather than
		// try to catch up.
		next = max(next+r.o.Interval, now)
		if !present {
			bad = ""
			if !cur.IsZero() {
				if misses++; misses >= r.o.LeaveAfter {
					cur, misses = hw.UID{}, 0
				}
			}
			continue
		}
		u, err := hw.NewUID(uid)
		if err != nil {
			if string(uid) != bad {
				r.log.Warn("card reader: skipping card", "err", err, "uid", uid, "time", now)
				bad = string(uid)
			}
			continue
		}
		misses = 0
		if u == cur {
			continue
		}
		cur = u
		r.hmu.Lock()
		r.health.Reads++
		r.hmu.Unlock()
		r.cards.push(hw.CardEvent{UID: u, Time: now})
	}
}

// recover reports the reader lost, then retries Reinit with doubling
// backoff until it succeeds (true) or the Reader is closed (false). The
// first attempt is a plain Reinit (a glitch or a replugged reader needs no
// more); after that each attempt pulses the reset line first, if there is
// one. Without one the reader is marked as needing a power cycle once a
// Reinit has failed.
func (r *Reader) recover(cause error) bool {
	if r.o.Reset != nil {
		cause = fmt.Errorf("%w; resetting it", cause)
	} else {
		cause = fmt.Errorf("%w (%w)", cause, ErrPowerCycle)
	}
	r.log.Warn("card reader lost", "err", cause)
	r.setHealth(HealthLost, cause)
	r.setStatus(hw.ReaderLost, cause)
	done := r.ctx.Done()
	wait := r.o.Backoff
	for attempt := 1; ; attempt++ {
		if !r.clk.SleepUntil(r.clk.Now()+wait, done) {
			return false
		}
		if attempt > 1 && r.o.Reset != nil {
			if err := r.reset(attempt); err != nil {
				if r.ctx.Err() != nil {
					return false
				}
				r.log.Error("card reader: reset failed", "err", err)
				r.noteErr(err)
			}
		}
		err := r.p.Reinit()
		if r.ctx.Err() != nil {
			return false
		}
		if err == nil {
			r.log.Info("card reader back", "attempts", attempt)
			r.setHealth(HealthOK, nil)
			r.setStatus(hw.ReaderOK, nil)
			return true
		}
		r.noteErr(err)
		if r.o.Reset == nil && attempt == 1 {
			r.log.Warn("card reader still not answering: switch it off and on", "err", err)
			r.setHealth(HealthPowerCycle, fmt.Errorf("%w: %w", ErrPowerCycle, err))
		}
		wait = min(2*wait, r.o.MaxBackoff)
		r.log.Debug("card reader still lost", "err", err, "retry_in", wait)
	}
}

// reset pulses RSTPDN: low for ResetPulse, then high and ResetBoot for the
// chip to boot.
func (r *Reader) reset(attempt int) error {
	r.hmu.Lock()
	r.health.Resets++
	n := r.health.Resets
	r.hmu.Unlock()
	// Every reset is logged; the first of an outage as a warning, the
	// rest (a reader unplugged gets one every MaxBackoff) as info.
	lvl := slog.LevelInfo
	if attempt == 2 {
		lvl = slog.LevelWarn
	}
	r.log.Log(r.ctx, lvl, "card reader: resetting the PN532 through RSTPDN", "reset", n, "attempt", attempt)
	if err := r.o.Reset.Out(gpio.Low); err != nil {
		return fmt.Errorf("card reader: pulling RSTPDN low: %w", err)
	}
	done := r.ctx.Done()
	held := r.clk.SleepUntil(r.clk.Now()+r.o.ResetPulse, done)
	// Released even when closing: a chip left in reset reads nothing.
	if err := r.o.Reset.Out(gpio.High); err != nil {
		return fmt.Errorf("card reader: releasing RSTPDN: %w", err)
	}
	if !held || !r.clk.SleepUntil(r.clk.Now()+r.o.ResetBoot, done) {
		return r.ctx.Err()
	}
	return nil
}

// HealthState is the reader's condition as the watchdog sees it.
type HealthState int

const (
	// HealthOK: polling, the chip answers.
	HealthOK HealthState = iota
	// HealthLost: not answering; Reinit (and resets, with a reset line)
	// being retried.
	HealthLost
	// HealthPowerCycle: not answering and no reset line: the dealer has
	// been asked to switch the reader off and on.
	HealthPowerCycle
)

func (s HealthState) String() string {
	switch s {
	case HealthOK:
		return "ok"
	case HealthLost:
		return "not answering"
	case HealthPowerCycle:
		return "needs a power cycle"
	}
	return fmt.Sprintf("HealthState(%d)", int(s))
}

// Health is the reader's state and counters since the service started.
type Health struct {
	State     HealthState
	Since     time.Duration // table clock time State began
	LastErr   error         // the last failure, nil if none yet
	LastErrAt time.Duration
	Polls     int  // polls made
	Misses    int  // polls that failed: the chip or the bus did not answer
	Reads     int  // cards reported
	Resets    int  // RSTPDN pulses
	Lost      int  // times the reader was reported lost
	ResetLine bool // whether a reset line is configured
}

func (h Health) String() string {
	s := fmt.Sprintf("%s: %s read, %s, %d failed, reported lost %s, %s",
		h.State, plural.Count(h.Reads, "card"), plural.Count(h.Polls, "poll"), h.Misses, plural.Count(h.Lost, "time"), plural.Count(h.Resets, "reset"))
	if !h.ResetLine {
		s += " (no reset line)"
	}
	if h.LastErr != nil {
		s += fmt.Sprintf("; last error at %v: %v", h.LastErrAt, h.LastErr)
	}
	return s
}

// Health returns the reader's state and counters now. It is safe to call
// from any goroutine, and cheap: the doctor and the referee page poll it.
func (r *Reader) Health() Health {
	r.hmu.Lock()
	defer r.hmu.Unlock()
	return r.health
}

func (r *Reader) count(err error) {
	r.hmu.Lock()
	defer r.hmu.Unlock()
	r.health.Polls++
	if err != nil {
		r.health.Misses++
		r.health.LastErr, r.health.LastErrAt = err, r.clk.Now()
	}
}

func (r *Reader) noteErr(err error) {
	r.hmu.Lock()
	defer r.hmu.Unlock()
	r.health.LastErr, r.health.LastErrAt = err, r.clk.Now()
}

func (r *Reader) setHealth(s HealthState, err error) {
	r.hmu.Lock()
	defer r.hmu.Unlock()
	if s == HealthLost {
		r.health.Lost++
	}
	r.health.State, r.health.Since = s, r.clk.Now()
	if err != nil {
		r.health.LastErr, r.health.LastErrAt = err, r.clk.Now()
	}
}
