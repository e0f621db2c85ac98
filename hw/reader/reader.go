// Package reader turns a card reader chip that can only be polled into the
// table's hw.CardReader: one event per card laid on the reader, timestamps
// from the table's clock, and a status stream that follows the reader being
// unplugged and plugged back in.
//
// Status policy: ReaderLost makes the dealer play a warning and ask for
// confirmation by hand, so it is kept for a reader that is really gone. A
// single failed poll (a glitch on the I2C bus) is logged at debug level and
// the next poll goes ahead as scheduled; only Options.LostAfter failed polls
// in a row (about 50 ms) report the reader lost. Once lost, Reinit is
// retried with backoff and ReaderOK is reported when it succeeds. A reader
// that does not answer when the table starts is started lost (NewLost), so
// the table runs without it and picks it up when it answers.
//
// Delivery policy: the polling loop never blocks on a consumer. Events go
// through an in-memory queue to buffered channels; when a consumer falls
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

	"github.com/falling-table/falling/hw"
)

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
	// Interval is the time from one poll's start to the next: 15 ms, so a
	// card swiped past the reader in 50 ms is polled at least twice.
	Interval time.Duration
	// LeaveAfter is how many polls in a row must miss a card before it
	// counts as gone and may count again: 3, so a poll lost to RF flicker
	// does not count a resting card twice.
	LeaveAfter int
	// LostAfter is how many polls in a row must fail before the reader is
	// reported lost: 3, about 50 ms at the default Interval, so a glitch on
	// the bus does not alarm the table but an unplugged reader is told
	// within a card's swipe.
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
		r.cards.push(hw.CardEvent{UID: u, Time: now})
	}
}

// recover reports the reader lost, then retries Reinit with doubling
// backoff until it succeeds (true) or the Reader is closed (false).
func (r *Reader) recover(cause error) bool {
	r.log.Warn("card reader lost", "err", cause)
	r.setStatus(hw.ReaderLost, cause)
	done := r.ctx.Done()
	wait := r.o.Backoff
	for {
		if !r.clk.SleepUntil(r.clk.Now()+wait, done) {
			return false
		}
		err := r.p.Reinit()
		if r.ctx.Err() != nil {
			return false
		}
		if err == nil {
			r.log.Info("card reader back")
			r.setStatus(hw.ReaderOK, nil)
			return true
		}
		wait = min(2*wait, r.o.MaxBackoff)
		r.log.Debug("card reader still lost", "err", err, "retry_in", wait)
	}
}
