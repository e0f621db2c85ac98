package buttons

import (
	"errors"
	"fmt"
	"time"

	"github.com/falling-table/falling/hw"
)

// DefaultDebounce is how long after a seat's first edge further edges on that
// seat count as contact bounce. Arcade microswitches settle in 1–5 ms; a
// human cannot press and release in under about 30 ms, so 10 ms absorbs
// bounce without merging two real presses of a seat mashing at 20/s.
const DefaultDebounce = 10 * time.Millisecond

// maxAhead bounds how many out-of-order sequence numbers the debouncer keeps
// while it waits for a missing one. Past it the oldest hole is declared lost
// at once, so a caller that never calls Advance cannot grow memory forever.
const maxAhead = 4096

// Errors returned by Feed for input that cannot come from a line request.
var (
	ErrUnknownSeat = errors.New("edge for a seat that has no button")
	ErrOutOfOrder  = errors.New("edge older than its seat's previous edge")
)

// Edge is one edge event of a seat button as the kernel reported it.
type Edge struct {
	Seat int
	// Rising is true when the line went active. The line is requested active
	// low (the button shorts it to ground), so Rising means "pressed".
	Rising bool
	// Kernel is the kernel's CLOCK_MONOTONIC timestamp of the edge.
	Kernel time.Duration
	// Seqno is the request-wide sequence number. The kernel (uAPI v2)
	// counts from 1; uAPI v1 has no numbers and gives 0 throughout, which
	// turns off loss detection across the request. Once a non-zero number
	// has been seen, 0 is the count wrapping past 2^32-1, not "unknown".
	Seqno uint32
	// LineSeqno is the per-line sequence number, 0 as for Seqno.
	LineSeqno uint32
}

// Output collects what Feed and Advance produce. The caller empties it
// (Reset) once it has passed the contents on; reusing it keeps the hot path
// free of allocations.
type Output struct {
	Events []hw.ButtonEvent
	Lost   []hw.LostEvents
}

// Reset empties o, keeping its storage.
func (o *Output) Reset() {
	o.Events = o.Events[:0]
	o.Lost = o.Lost[:0]
}

type seatState struct {
	used    bool
	pressed bool // debounced level, what the last emitted event said
	raw     bool // level reported by the latest edge
	open    bool // a debounce window is running
	first   Edge // the edge that opened the window: its time is the event's
	seen    bool
	last    time.Duration // kernel time of the latest edge
	lastSeq uint32        // latest LineSeqno, when numbered
	// numbered is set at the first non-zero LineSeqno: from then on the
	// kernel is known to number this line, and a 0 is the wrap.
	numbered bool
}

type seqEntry struct {
	seq    uint32
	kernel time.Duration
}

// Debouncer turns raw edges into one press and one release per physical
// press. It is pure (no clock, no goroutine, no I/O) so every rule below can
// be tested with chosen kernel times; it is not safe for concurrent use.
//
// The rule: the first edge on a seat opens a window of the debounce length.
// Edges inside it are bounce and only update the seat's last reported level.
// When the window ends (a later edge of the same seat, or Advance past its
// end), the level the line settled at is compared with the debounced level:
// if it differs, one event is emitted stamped with the window's FIRST edge,
// so bounce never moves the time a dispute is settled on. That first edge
// counts whichever way the kernel labelled it: every edge event is the line
// moving at that instant, and the label is only the level read a little
// later (see below). A pulse shorter
// than the window that ends at the level it started from is noise, not a
// press.
//
// An edge that repeats the debounced level is expected: gpiolib-cdev reads
// the line level in its interrupt thread to decide rising or falling, so
// fast bounce can be reported as two rises in a row. Such an edge simply
// opens a window, and the settled level decides. Only when the seat's
// LineSeqno shows the kernel dropped edges just before it, does a repeated
// level mean the button went through the other level unseen (released and
// pressed again, say); then the missed transition is emitted stamped with
// this edge (its real time is unknown but no later), so presses and
// releases still alternate and the next press is not lost. The seat's
// LostEvents report flags that stretch as doubtful.
//
// Losses: a gap in a seat's LineSeqno is reported at once for that seat. A
// gap in the request-wide Seqno is reported with Seat 0 once Advance shows
// every edge stamped before the next sequence number has been delivered:
// seqnos are assigned in stamp order but the kernel's per-line interrupt
// threads can queue them slightly out of order, so a gap is not a loss until
// then. A drop from the kernel's full event buffer shows in both reports;
// one the interrupt handler coalesced (two edges before its thread ran)
// shows only as Seat 0. Treat reports as flags on a stretch of time, not as
// counts to add up.
type Debouncer struct {
	window time.Duration
	seats  [hw.MaxSeats + 1]seatState

	// Request-wide sequence tracking: next is the lowest Seqno neither seen
	// nor declared lost; ahead holds seen Seqnos above it, sorted.
	next  uint32
	ahead []seqEntry
	// numbered is set at the first non-zero Seqno (see Edge.Seqno).
	numbered bool
}

// NewDebouncer returns a debouncer for the given seats. window <= 0 means
// DefaultDebounce.
func NewDebouncer(seats []int, window time.Duration) (*Debouncer, error) {
	if len(seats) == 0 {
		return nil, errors.New("debouncer: no seats")
	}
	if window <= 0 {
		window = DefaultDebounce
	}
	d := &Debouncer{window: window, next: 1}
	for _, s := range seats {
		if s < 1 || s > hw.MaxSeats {
			return nil, fmt.Errorf("debouncer: seat %d out of range 1..%d", s, hw.MaxSeats)
		}
		if d.seats[s].used {
			return nil, fmt.Errorf("debouncer: seat %d listed twice", s)
		}
		d.seats[s].used = true
	}
	return d, nil
}

// Window returns the debounce window.
func (d *Debouncer) Window() time.Duration { return d.window }

// Feed takes one edge in the order the kernel delivered it and appends any
// resulting events and loss reports to out. An edge it cannot use (unknown
// seat, older than its seat's previous edge) is rejected with an error and
// changes nothing.
func (d *Debouncer) Feed(e Edge, out *Output) error {
	if e.Seat < 1 || e.Seat > hw.MaxSeats || !d.seats[e.Seat].used {
		return fmt.Errorf("seat %d at t=%v: %w", e.Seat, e.Kernel, ErrUnknownSeat)
	}
	s := &d.seats[e.Seat]
	if s.seen && e.Kernel < s.last {
		return fmt.Errorf("seat %d: t=%v after t=%v: %w", e.Seat, e.Kernel, s.last, ErrOutOfOrder)
	}
	var gap uint32
	if e.LineSeqno != 0 || s.numbered {
		// Unsigned arithmetic makes the 2^32 wrap harmless, the 0 it
		// passes through included. Before the first numbered edge,
		// lastSeq is 0, so numbers missing before it count as lost.
		gap = e.LineSeqno - s.lastSeq - 1
		if s.numbered && gap >= 1<<31 {
			return fmt.Errorf("seat %d: line seqno %d after %d: %w", e.Seat, e.LineSeqno, s.lastSeq, ErrOutOfOrder)
		}
		if gap != 0 {
			out.Lost = append(out.Lost, hw.LostEvents{Seat: e.Seat, Count: int(gap), Kernel: e.Kernel})
		}
		s.lastSeq = e.LineSeqno
		s.numbered = true
	}
	s.seen = true
	s.last = e.Kernel
	d.noteSeq(e, out)

	if s.open && e.Kernel-s.first.Kernel >= d.window {
		d.settle(e.Seat, out)
	}
	if s.open {
		s.raw = e.Rising
		return nil
	}
	if gap != 0 && e.Rising == s.pressed {
		// The kernel dropped the opposite edge: emit it here (see type doc).
		s.pressed = !s.pressed
		out.Events = append(out.Events, event(e.Seat, s.pressed, e))
	}
	s.open = true
	s.first = e
	s.raw = e.Rising
	return nil
}

// Advance promises that every edge the kernel stamped before upTo has been
// fed. Windows that ended by then are settled (events appended in kernel
// order) and request-wide sequence gaps that can no longer be filled are
// reported.
func (d *Debouncer) Advance(upTo time.Duration, out *Output) {
	for {
		best := 0
		for i := 1; i <= hw.MaxSeats; i++ {
			s := &d.seats[i]
			if s.open && s.first.Kernel+d.window <= upTo && (best == 0 || s.first.Kernel < d.seats[best].first.Kernel) {
				best = i
			}
		}
		if best == 0 {
			break
		}
		d.settle(best, out)
	}
	for len(d.ahead) > 0 && d.ahead[0].kernel < upTo {
		d.declareHole(out)
	}
}

// NextDeadline returns the earliest time that Advance would act on, so a
// driver knows when to wake; ok is false when nothing is pending.
func (d *Debouncer) NextDeadline() (t time.Duration, ok bool) {
	for i := 1; i <= hw.MaxSeats; i++ {
		s := &d.seats[i]
		if s.open && (!ok || s.first.Kernel+d.window < t) {
			t, ok = s.first.Kernel+d.window, true
		}
	}
	if len(d.ahead) > 0 && (!ok || d.ahead[0].kernel+1 < t) {
		t, ok = d.ahead[0].kernel+1, true
	}
	return t, ok
}

func (d *Debouncer) settle(seat int, out *Output) {
	s := &d.seats[seat]
	s.open = false
	if s.raw != s.pressed {
		s.pressed = s.raw
		out.Events = append(out.Events, event(seat, s.pressed, s.first))
	}
}

func event(seat int, press bool, e Edge) hw.ButtonEvent {
	return hw.ButtonEvent{Seat: seat, Press: press, Kernel: e.Kernel, Seq: e.Seqno, LineSeq: e.LineSeqno}
}

func (d *Debouncer) noteSeq(e Edge, out *Output) {
	if e.Seqno == 0 && !d.numbered {
		return
	}
	d.numbered = true
	if diff := e.Seqno - d.next; diff >= 1<<31 {
		// Below next: a duplicate, or a straggler for a gap already reported
		// lost. Its edge was still used above; only the count was pessimistic.
		return
	}
	if e.Seqno == d.next {
		d.next++
		d.absorbAhead()
		return
	}
	i := len(d.ahead)
	for i > 0 && d.ahead[i-1].seq-d.next > e.Seqno-d.next {
		i--
	}
	if i > 0 && d.ahead[i-1].seq == e.Seqno {
		return
	}
	d.ahead = append(d.ahead, seqEntry{})
	copy(d.ahead[i+1:], d.ahead[i:])
	d.ahead[i] = seqEntry{seq: e.Seqno, kernel: e.Kernel}
	if len(d.ahead) > maxAhead {
		d.declareHole(out)
	}
}

// declareHole reports the gap before the oldest out-of-order seqno as lost.
func (d *Debouncer) declareHole(out *Output) {
	a := d.ahead[0]
	out.Lost = append(out.Lost, hw.LostEvents{Count: int(a.seq - d.next), Kernel: a.kernel})
	d.next = a.seq
	d.absorbAhead()
}

func (d *Debouncer) absorbAhead() {
	n := 0
	for n < len(d.ahead) && d.ahead[n].seq == d.next {
		d.next++
		n++
	}
	if n > 0 {
		d.ahead = d.ahead[:copy(d.ahead, d.ahead[n:])]
	}
}
