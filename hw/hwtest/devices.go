package hwtest

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/falling-table/falling/hw"
)

// chanBuffer is how many events a fake device holds for a reader that has
// not caught up. Scripted events are sent by the clock in the goroutine that
// also runs the dealer in stepped mode, so a send must never block.
const chanBuffer = 1 << 14

// ErrFull is returned when a script outruns a device's buffer: the reader
// of the device has stopped reading.
var ErrFull = errors.New("sim: device buffer full")

// send delivers v without ever blocking the clock.
func send[T any](ch chan T, v T) error {
	select {
	case ch <- v:
		return nil
	default:
		return ErrFull
	}
}

// Buttons is a bank of seat buttons driven by a script. Each scripted edge
// is delivered when the clock reaches it, stamped with that time as its
// kernel time and with the next sequence numbers, like the GPIO character
// device does.
type Buttons struct {
	clk    *Virtual
	events chan hw.ButtonEvent
	lost   chan hw.LostEvents

	mu      sync.Mutex
	seq     uint32
	lineSeq [hw.MaxSeats + 1]uint32
	errs    []error
}

var _ hw.Buttons = (*Buttons)(nil)

// NewButtons returns a button bank on clk.
func NewButtons(clk *Virtual) *Buttons {
	return &Buttons{clk: clk, events: make(chan hw.ButtonEvent, chanBuffer), lost: make(chan hw.LostEvents, 64)}
}

// PressAt presses seat's button at virtual time t.
func (b *Buttons) PressAt(seat int, t time.Duration) { b.edgeAt(seat, true, t) }

// ReleaseAt releases seat's button at t.
func (b *Buttons) ReleaseAt(seat int, t time.Duration) { b.edgeAt(seat, false, t) }

// ClickAt presses seat's button at t and releases it hold later.
func (b *Buttons) ClickAt(seat int, t, hold time.Duration) {
	b.PressAt(seat, t)
	b.ReleaseAt(seat, t+hold)
}

// PressNow presses seat's button now: a terminal key standing in for a seat.
func (b *Buttons) PressNow(seat int) { b.ClickAt(seat, b.clk.Now(), 80*time.Millisecond) }

// LoseAt reports count dropped edges of seat (0: unknown seat) at t, and
// skips as many sequence numbers, as a kernel overflow would.
func (b *Buttons) LoseAt(seat, count int, t time.Duration) {
	b.clk.At(t, func() {
		b.mu.Lock()
		b.seq += uint32(count)
		b.mu.Unlock()
		b.note(send(b.lost, hw.LostEvents{Seat: seat, Count: count, Kernel: t}))
	})
}

func (b *Buttons) edgeAt(seat int, press bool, t time.Duration) {
	b.clk.At(t, func() {
		b.mu.Lock()
		b.seq++
		if seat >= 0 && seat <= hw.MaxSeats {
			b.lineSeq[seat]++
		}
		e := hw.ButtonEvent{Seat: seat, Press: press, Kernel: t, Seq: b.seq}
		if seat >= 0 && seat <= hw.MaxSeats {
			e.LineSeq = b.lineSeq[seat]
		}
		b.mu.Unlock()
		b.note(send(b.events, e))
	})
}

func (b *Buttons) note(err error) {
	if err != nil {
		b.mu.Lock()
		b.errs = append(b.errs, err)
		b.mu.Unlock()
	}
}

// Err reports the first delivery that failed (a full buffer).
func (b *Buttons) Err() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errs) > 0 {
		return fmt.Errorf("buttons: %w", b.errs[0])
	}
	return nil
}

func (b *Buttons) Events() <-chan hw.ButtonEvent { return b.events }
func (b *Buttons) Lost() <-chan hw.LostEvents    { return b.lost }

// Close keeps the channels open: a dealer still selecting on them must not
// see a closed bank as a flood of zero events.
func (b *Buttons) Close() error { return nil }

// Reader is a card reader driven by a script. While it is gone, scans are
// not read, as when a PN532 is unplugged.
type Reader struct {
	clk    *Virtual
	cards  chan hw.CardEvent
	status chan hw.ReaderStatus

	mu      sync.Mutex
	gone    bool
	tags    map[string]hw.UID
	dropped []hw.CardEvent
	errs    []error
}

var _ hw.CardReader = (*Reader)(nil)

// NewReader returns a working reader. tags maps card IDs to their tags for
// ScanCardAt; it may be nil.
func NewReader(clk *Virtual, tags map[string]hw.UID) *Reader {
	return &Reader{clk: clk, cards: make(chan hw.CardEvent, chanBuffer), status: make(chan hw.ReaderStatus, 64), tags: tags}
}

// ScanAt reads tag uid at t.
func (r *Reader) ScanAt(uid hw.UID, t time.Duration) {
	r.clk.At(t, func() {
		r.mu.Lock()
		gone := r.gone
		e := hw.CardEvent{UID: uid, Time: t}
		if gone {
			r.dropped = append(r.dropped, e)
		}
		r.mu.Unlock()
		if !gone {
			r.note(send(r.cards, e))
		}
	})
}

// ScanCardAt reads the tag of card id at t. An ID with no tag is read as a
// tag made from its bytes, which no deck knows: an unknown card.
func (r *Reader) ScanCardAt(id string, t time.Duration) {
	r.mu.Lock()
	uid, ok := r.tags[id]
	r.mu.Unlock()
	if !ok {
		uid = unknownTag(id)
	}
	r.ScanAt(uid, t)
}

// GoneAt unplugs the reader at t, with err as the cause.
func (r *Reader) GoneAt(t time.Duration, err error) {
	if err == nil {
		err = errors.New("i2c: no ACK from 0x24")
	}
	r.clk.At(t, func() {
		r.mu.Lock()
		r.gone = true
		r.mu.Unlock()
		r.note(send(r.status, hw.ReaderStatus{State: hw.ReaderLost, Err: err, Time: t}))
	})
}

// BackAt plugs the reader back in at t.
func (r *Reader) BackAt(t time.Duration) {
	r.clk.At(t, func() {
		r.mu.Lock()
		r.gone = false
		r.mu.Unlock()
		r.note(send(r.status, hw.ReaderStatus{State: hw.ReaderOK, Time: t}))
	})
}

// Gone reports whether the reader is unplugged now.
func (r *Reader) Gone() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gone
}

// Dropped lists the scans made while the reader was gone.
func (r *Reader) Dropped() []hw.CardEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]hw.CardEvent(nil), r.dropped...)
}

func (r *Reader) note(err error) {
	if err != nil {
		r.mu.Lock()
		r.errs = append(r.errs, err)
		r.mu.Unlock()
	}
}

// Err reports the first delivery that failed.
func (r *Reader) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.errs) > 0 {
		return fmt.Errorf("reader: %w", r.errs[0])
	}
	return nil
}

func (r *Reader) Cards() <-chan hw.CardEvent     { return r.cards }
func (r *Reader) Status() <-chan hw.ReaderStatus { return r.status }
func (r *Reader) Close() error                   { return nil }

// Panel is the dealer panel driven by a script.
type Panel struct {
	clk      *Virtual
	controls chan hw.PanelEvent
	mu       sync.Mutex
	errs     []error
}

var _ hw.Panel = (*Panel)(nil)

// NewPanel returns a panel on clk.
func NewPanel(clk *Virtual) *Panel {
	return &Panel{clk: clk, controls: make(chan hw.PanelEvent, 1024)}
}

// ControlAt works control c at t.
func (p *Panel) ControlAt(c hw.Control, t time.Duration) {
	p.EventAt(hw.PanelEvent{Control: c, Kernel: t})
}

// EventAt delivers e at its Kernel time: a control with more to it than
// its kind (a confirmation naming the card).
func (p *Panel) EventAt(e hw.PanelEvent) {
	p.clk.At(e.Kernel, func() {
		if err := send(p.controls, e); err != nil {
			p.mu.Lock()
			p.errs = append(p.errs, err)
			p.mu.Unlock()
		}
	})
}

// ControlNow works control c now.
func (p *Panel) ControlNow(c hw.Control) { p.ControlAt(c, p.clk.Now()) }

// Err reports the first delivery that failed.
func (p *Panel) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.errs) > 0 {
		return fmt.Errorf("panel: %w", p.errs[0])
	}
	return nil
}

func (p *Panel) Controls() <-chan hw.PanelEvent { return p.controls }
func (p *Panel) Close() error                   { return nil }

// LightSet is one Set of a seat's light.
type LightSet struct {
	At      time.Duration
	Seat    int
	Pattern hw.Pattern
}

// Lights records every Set with the clock's time, so a test can ask what a
// seat showed at any instant.
type Lights struct {
	clk *Virtual
	mu  sync.Mutex
	log []LightSet
	obs []func(LightSet)
}

var _ hw.Lights = (*Lights)(nil)

// NewLights returns lights on clk, all off.
func NewLights(clk *Virtual) *Lights { return &Lights{clk: clk} }

// Set records p for seat from now on.
func (l *Lights) Set(seat int, p hw.Pattern) error {
	if seat < 1 || seat > hw.MaxSeats {
		return fmt.Errorf("sim lights: seat %d out of range 1..%d", seat, hw.MaxSeats)
	}
	s := LightSet{At: l.clk.Now(), Seat: seat, Pattern: p}
	l.mu.Lock()
	l.log = append(l.log, s)
	obs := l.obs
	l.mu.Unlock()
	for _, f := range obs {
		f(s)
	}
	return nil
}

// At is what seat showed at t: the last pattern set at or before t (ties:
// the last one set), Off before any.
func (l *Lights) At(seat int, t time.Duration) hw.Pattern {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := hw.Pattern{}
	for _, s := range l.log {
		if s.At > t {
			break
		}
		if s.Seat == seat {
			p = s.Pattern
		}
	}
	return p
}

// Now is what seat shows now.
func (l *Lights) Now(seat int) hw.Pattern { return l.At(seat, l.clk.Now()) }

// History lists every Set, oldest first.
func (l *Lights) History() []LightSet {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]LightSet(nil), l.log...)
}

// Observe calls f after every Set, in the setter's goroutine.
func (l *Lights) Observe(f func(LightSet)) {
	l.mu.Lock()
	l.obs = append(l.obs, f)
	l.mu.Unlock()
}

func (l *Lights) Close() error { return nil }

// CuePlayed is one cue the dealer asked for.
type CuePlayed struct {
	Cue hw.Cue
	At  time.Duration // when it was scheduled for
	Now time.Duration // the clock when it was asked for
}

// Sound records every cue with its time.
type Sound struct {
	clk    *Virtual
	mu     sync.Mutex
	played []CuePlayed
	obs    []func(CuePlayed)
}

var _ hw.Sound = (*Sound)(nil)

// NewSound returns a recording sound sink on clk.
func NewSound(clk *Virtual) *Sound { return &Sound{clk: clk} }

// Play records c.
func (s *Sound) Play(c hw.Cue, at time.Duration) error {
	if c < 0 || c >= hw.NumCues {
		return fmt.Errorf("sim sound: unknown cue %v", c)
	}
	p := CuePlayed{Cue: c, At: at, Now: s.clk.Now()}
	s.mu.Lock()
	s.played = append(s.played, p)
	obs := s.obs
	s.mu.Unlock()
	for _, f := range obs {
		f(p)
	}
	return nil
}

// Played lists the cues, oldest first.
func (s *Sound) Played() []CuePlayed {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CuePlayed(nil), s.played...)
}

// Count is how many times c was played.
func (s *Sound) Count(c hw.Cue) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range s.played {
		if p.Cue == c {
			n++
		}
	}
	return n
}

// Observe calls f after every Play, in the player's goroutine.
func (s *Sound) Observe(f func(CuePlayed)) {
	s.mu.Lock()
	s.obs = append(s.obs, f)
	s.mu.Unlock()
}

func (s *Sound) Close() error { return nil }

// Tag is the NFC tag the simulated deck gives card number i: a 7-byte
// NTAG-like UID, stable for a given i.
func Tag(i int) hw.UID {
	u, _ := hw.NewUID([]byte{0x04, 0x5A, 0x11, byte(i >> 16), byte(i >> 8), byte(i), 0x80})
	return u
}

// unknownTag is a tag no deck has, for scanning a card ID that has none.
func unknownTag(id string) hw.UID {
	b := []byte{0x08, 0, 0, 0}
	for i := 0; i < len(id); i++ {
		b[1+i%3] ^= id[i]
	}
	u, _ := hw.NewUID(b)
	return u
}
