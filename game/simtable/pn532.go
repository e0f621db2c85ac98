package simtable

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/reader"
)

// PN532 reads the simulated dealer's cards as the table does: each card
// is laid on pn532test's model of the chip and read by the real PN532
// driver and the real reader service, whose events and status the dealer
// under test receives (Table.CardReader). Only the I²C wire is simulated.
type PN532 struct {
	// Chip is the model's timing and behaviour; nil: its defaults.
	Chip *pn532test.Options
	// Driver configures the PN532 driver; nil: pn532.DefaultOptions. Its
	// Clock is always the table's.
	Driver *pn532.Options
	// Reader configures the reader service. Its Reset is the chip's RSTPDN
	// unless NoReset, as on a table whose board config has `reset:`.
	Reader  reader.Options
	NoReset bool
	// Dwell is how long a dealt card stays over the reader when no other
	// card comes first: 300 ms.
	Dwell time.Duration
	// Gap is how long the dealer holds each card of a run (a rider and its
	// Extras, the audit) over the reader before the next: 60 ms, twice the
	// shortest stay the service reads whatever the moment of its polling
	// (TestModelShortestStay).
	Gap time.Duration
	// Hear is how long the dealer waits after laying a card before acting
	// on its having been read (confirming an audit group): 100 ms, more than
	// the longest the service takes to report a card (TestModelReadLatency).
	Hear time.Duration
}

// lead is how long before the hand the reader was switched on and set up.
// The setup (GetFirmwareVersion, SAMConfiguration, RFConfiguration) takes
// tens of milliseconds of the model's time.
const lead = time.Second

// chipReader is the chip model, the driver and the service on the table's
// clock, and what the simulated dealer's hand over the reader did.
type chipReader struct {
	chip  *pn532test.Chip
	svc   *reader.Reader
	ls    *lockstep
	clk   interface{ At(time.Duration, func()) }
	dwell time.Duration
	gap   time.Duration
	hear  time.Duration

	mu   sync.Mutex
	on   hw.UID // the card over the reader, zero if none
	layN int    // counts lays, so a dwell's end takes off only its card
	// unread holds, for each deal, Stop or rider laid that the dealer
	// has not yet been seen to hear of, the service's Reads when it was
	// laid and how the simulated dealer confirms it from the panel if the
	// reader turns out to be lost.
	unread []unread
	laid   int // cards laid
	// dealtAt is when the dealer last laid a card dealt to each seat: what
	// their own hand did, which they remember.
	dealtAt map[int]time.Duration
}

func newChipReader(t *Table, cfg PN532) (*chipReader, error) {
	ls := newLockstep(t.Clock, lead)
	chip := pn532test.New(ls, cfg.Chip)
	dopts := pn532.DefaultOptions
	if cfg.Driver != nil {
		dopts = *cfg.Driver
	}
	dopts.Clock = ls
	ropts := cfg.Reader
	if ropts.Logger == nil {
		// The dealer under test tells the table about the reader; the
		// service's own log would only clutter the terminal.
		ropts.Logger = slog.New(slog.DiscardHandler)
	}
	if !cfg.NoReset && ropts.Reset == nil {
		ropts.Reset = chip.RSTPDN()
	}
	// reader.Open's steps, with the lockstep switched from the setup's
	// own time to the table's clock between the chip's setup and the
	// service's start.
	dev, err := pn532.Attach(chip, &dopts)
	if err != nil {
		return nil, fmt.Errorf("sim: card reader: %w", err)
	}
	if err := dev.Reinit(); err != nil {
		return nil, fmt.Errorf("sim: card reader: the model did not answer its setup: %w", err)
	}
	if !ls.start(1) {
		return nil, fmt.Errorf("sim: card reader: its setup took more than %v", lead)
	}
	r := &chipReader{chip: chip, ls: ls, clk: t.Clock, dwell: cfg.Dwell, gap: cfg.Gap, hear: cfg.Hear}
	if r.dwell <= 0 {
		r.dwell = 300 * time.Millisecond
	}
	if r.gap <= 0 {
		r.gap = 60 * time.Millisecond
	}
	if r.hear <= 0 {
		r.hear = 100 * time.Millisecond
	}
	r.svc = reader.New(dev, tableClock{ls}, ropts)
	// The service's first poll starts now; the hand starts once it sleeps.
	ls.settle()
	return r, nil
}

// layAt lays the card tagged uid on the reader at t, taking off the one
// there, if any: the dealer passes one card at a time. It stays for the
// dwell unless another comes first. A deal, a Stop or a rider (w.wait)
// is one the dealer waits to hear of.
func (r *chipReader) layAt(uid hw.UID, t time.Duration, w ifUnheard) {
	r.layFor(uid, t, r.dwell, w)
}

// unread is a card laid that the dealer was not yet seen to hear of.
type unread struct {
	reads int    // the service's Reads when it was laid
	as    string // what the panel names it, "" for a plain confirmation
	seat  int    // the seat a card was dealt to, 0 for one shown
	stray bool   // no deal: read, but never confirmed
	card  int    // the card dealt, its index + 1 (0 for none)
	at    time.Duration
}

// layFor is layAt with the card staying for dwell: a faulty table lays a
// card too briefly to be read, or lays it again after lifting it.
func (r *chipReader) layFor(uid hw.UID, t, dwell time.Duration, w ifUnheard) {
	r.clk.At(t, func() {
		r.mu.Lock()
		r.layN++
		n := r.layN
		r.laid++
		r.on = uid
		if w.wait && w.seat > 0 {
			if r.dealtAt == nil {
				r.dealtAt = map[int]time.Duration{}
			}
			r.dealtAt[w.seat] = t
		}
		if w.wait || w.stray {
			reads := r.svc.Health().Reads
			// Those read since they were laid are heard: forget them.
			// A deal laid again unheard (FaultScanNoDeal: scanned, put
			// back on the deck, then dealt) is one card dealt: the
			// dealer confirms it once, as they dealt it once.
			keep := r.unread[:0]
			for _, u := range r.unread {
				if u.reads == reads && !(w.card > 0 && !w.stray && !u.stray && u.card == w.card) {
					keep = append(keep, u)
				}
			}
			r.unread = append(keep, unread{reads: reads, as: w.as, seat: w.seat, stray: w.stray, card: w.card, at: t})
		}
		r.mu.Unlock()
		r.chip.RemoveCard()
		r.chip.PutCard(pn532test.NTAG(uid.Bytes()))
		r.clk.At(t+dwell, func() { r.takeOff(n) })
	})
}

// liftIf takes the card tagged uid off the reader if it is the one there,
// and says how many cards had been laid then.
func (r *chipReader) liftIf(uid hw.UID) (int, bool) {
	r.mu.Lock()
	mine := r.on == uid
	if mine {
		r.on = hw.UID{}
	}
	n := r.layN
	r.mu.Unlock()
	if mine {
		r.chip.RemoveCard()
	}
	return n, mine
}

// lays is how many cards have been laid so far: a fault that lifts a
// card and lays it again does so only if no other card came meanwhile.
func (r *chipReader) lays() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.layN
}

// takeOff takes the card of lay n off the reader, if it is still there.
func (r *chipReader) takeOff(n int) {
	r.mu.Lock()
	still := r.layN == n && !r.on.IsZero()
	if still {
		r.on = hw.UID{}
	}
	r.mu.Unlock()
	if still {
		r.chip.RemoveCard()
	}
}

// gone reports whether the dealer has been told the reader is lost.
func (r *chipReader) gone() bool { return r.svc.Health().State != reader.HealthOK }

// unheard lists, in the order they were laid, the deals, Stops and riders
// laid since the reader last read a card (what the panel names them, the
// seat dealt to), which
// the dealer never heard of, and forgets them: the simulated dealer
// confirms them from the panel. The card over the reader is taken off. A
// card laid at least Gap before the next is read before it unless the
// reader has stopped, so none read is listed.
func (r *chipReader) unheard() []unread {
	reads := r.svc.Health().Reads
	r.mu.Lock()
	var n []unread
	for _, u := range r.unread {
		if u.reads == reads && !u.stray {
			n = append(n, u)
		}
	}
	r.unread = r.unread[:0]
	on := !r.on.IsZero()
	r.on = hw.UID{}
	r.layN++
	r.mu.Unlock()
	if on {
		r.chip.RemoveCard()
	}
	return n
}

// laidFor is when the dealer last laid a card dealt to seat on the
// reader, if ever.
func (r *chipReader) laidFor(seat int) (time.Duration, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	at, ok := r.dealtAt[seat]
	return at, ok
}

// forgetDealt forgets the card laid for seat: the dealer confirmed it by
// hand.
func (r *chipReader) forgetDealt(seat int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.dealtAt, seat)
}

// heardBy is the service's Reads once the cards laid so far that the
// dealer waits for, and the stray ones, are read: a card laid right after
// a rider and its Extras, or a stray card, is laid while they may still be
// being read.
func (r *chipReader) heardBy() int {
	reads := r.svc.Health().Reads
	r.mu.Lock()
	defer r.mu.Unlock()
	n := reads
	for _, u := range r.unread {
		if u.reads == reads {
			n++
		}
	}
	return n
}

// close stops the service. The lockstep lets go of the table's clock
// first, so whatever the service is in the middle of ends at once.
func (r *chipReader) close() error {
	r.ls.stop()
	return r.svc.Close()
}
