// Package hw defines what the table's hardware gives the dealer and what the
// dealer asks of it: seat button edges with kernel time, card reads, seat
// lights, sound cues and a clock. Like periph's conn, it holds only types and
// interfaces and imports nothing that touches hardware, so the real Pi
// (package hw/pi) and the simulated table (game/simtable, on hw/hwtest's
// fakes) both satisfy it and the dealer can be tested on a virtual clock.
//
// Time everywhere is a time.Duration on the kernel's CLOCK_MONOTONIC: that is
// the clock the GPIO character device stamps edges with, so a card read and a
// button press can be ordered against each other without conversion.
package hw

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// MaxSeats is the most seats a table can have (product.md: "Up to 12 seats").
const MaxSeats = 12

// ButtonEvent is one press or release of a seat button, after debouncing.
type ButtonEvent struct {
	Seat  int  // physical seat, 1..MaxSeats
	Press bool // true for a press, false for its release
	// Kernel is the kernel's timestamp of the first edge of this press or
	// release. Bounce after it never moves it: a dispute is settled on it.
	Kernel time.Duration
	// Seq is the kernel's per-request sequence number of that edge. A gap
	// between consecutive events means the kernel dropped edges.
	Seq uint32
	// LineSeq is the kernel's per-line sequence number of that edge.
	LineSeq uint32
}

// LostEvents reports edges the kernel dropped (a gap in sequence numbers or
// an overflowed event buffer). Seat is 0 when the loss cannot be pinned to
// one seat.
type LostEvents struct {
	Seat   int
	Count  int           // how many sequence numbers were skipped
	Kernel time.Duration // kernel time of the first event after the gap
}

func (l LostEvents) Error() string {
	if l.Seat == 0 {
		return fmt.Sprintf("kernel dropped %d button edge(s) before t=%v", l.Count, l.Kernel)
	}
	return fmt.Sprintf("kernel dropped %d edge(s) of seat %d before t=%v", l.Count, l.Seat, l.Kernel)
}

// UID is an NFC tag's unique identifier: 4, 7 or 10 bytes (ISO/IEC 14443-3).
// It is a comparable value so it can key a map.
type UID struct {
	b [10]byte
	n uint8
}

// ErrBadUID is wrapped by every UID parsing error.
var ErrBadUID = errors.New("bad card UID")

// NewUID returns the UID made of b, which must be 4, 7 or 10 bytes long.
func NewUID(b []byte) (UID, error) {
	switch len(b) {
	case 4, 7, 10:
	default:
		return UID{}, fmt.Errorf("%w: %d bytes, want 4, 7 or 10", ErrBadUID, len(b))
	}
	var u UID
	u.n = uint8(copy(u.b[:], b))
	return u, nil
}

// ParseUID reads a UID written as hex, with or without ':' separators
// ("04:A2:2B:1A:5C:61:80" or "04a22b1a5c6180").
func ParseUID(s string) (UID, error) {
	b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(s), ":", ""))
	if err != nil {
		return UID{}, fmt.Errorf("%w %q: %v", ErrBadUID, s, err)
	}
	u, err := NewUID(b)
	if err != nil {
		return UID{}, fmt.Errorf("%q: %w", s, err)
	}
	return u, nil
}

// Bytes returns a copy of the UID's bytes.
func (u UID) Bytes() []byte { return append([]byte(nil), u.b[:u.n]...) }

// IsZero reports whether u is the zero UID (no card).
func (u UID) IsZero() bool { return u.n == 0 }

// String formats the UID as colon-separated upper-case hex.
func (u UID) String() string {
	var sb strings.Builder
	for i, c := range u.b[:u.n] {
		if i > 0 {
			sb.WriteByte(':')
		}
		fmt.Fprintf(&sb, "%02X", c)
	}
	return sb.String()
}

// MarshalText makes a UID read well in JSON and YAML.
func (u UID) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText is the inverse of MarshalText.
func (u *UID) UnmarshalText(b []byte) error {
	v, err := ParseUID(string(b))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// CardEvent is a card arriving on the reader. A card lying on the reader
// gives one event until it leaves.
type CardEvent struct {
	UID  UID
	Time time.Duration // CLOCK_MONOTONIC when the read completed
}

// ReaderState says whether the card reader is working.
type ReaderState int

const (
	ReaderAbsent ReaderState = iota // not configured
	ReaderOK
	ReaderLost // configured but not answering; the dealer confirms by hand
)

func (s ReaderState) String() string {
	switch s {
	case ReaderAbsent:
		return "absent"
	case ReaderOK:
		return "ok"
	case ReaderLost:
		return "lost"
	}
	return fmt.Sprintf("ReaderState(%d)", int(s))
}

// ReaderStatus is sent whenever the reader's state changes.
type ReaderStatus struct {
	State ReaderState
	Err   error // why it was lost, when State is ReaderLost
	Time  time.Duration
}

// Color is a 24-bit RGB colour. Lights that have no colour treat any
// non-black colour as on.
type Color struct{ R, G, B uint8 }

var (
	Black  = Color{}
	White  = Color{255, 255, 255}
	Red    = Color{255, 0, 0}
	Green  = Color{0, 255, 0}
	Blue   = Color{0, 0, 255}
	Amber  = Color{255, 160, 0}
	Violet = Color{160, 0, 255}
)

// PatternKind is how a light behaves over time.
type PatternKind int

const (
	Off PatternKind = iota
	On
	Blink // square wave, half the period on
	Pulse // smooth rise and fall over the period (dims where the light can)
)

func (k PatternKind) String() string {
	switch k {
	case Off:
		return "off"
	case On:
		return "on"
	case Blink:
		return "blink"
	case Pulse:
		return "pulse"
	}
	return fmt.Sprintf("PatternKind(%d)", int(k))
}

// Pattern is what one seat's light shows.
type Pattern struct {
	Kind   PatternKind
	Color  Color
	Period time.Duration // for Blink and Pulse
}

// Cue is a sound the dealer plays.
type Cue int

const (
	CueTick     Cue = iota // an ordinary beat
	CueAccent              // the first beat of a pass, and the count-in
	CueDealHere            // a card is due at the lit seat
	CueSkip                // a Skip (or Chute): no cards for this seat
	CueGround              // a Ground is being dealt
	CueStop                // a Stop was accepted
	CueWarning             // bad input: unknown card, wrong card, reader lost
	CueWin                 // the hand is over
	NumCues
)

var cueNames = [NumCues]string{"tick", "accent", "deal-here", "skip", "ground", "stop", "warning", "win"}

func (c Cue) String() string {
	if c >= 0 && c < NumCues {
		return cueNames[c]
	}
	return fmt.Sprintf("Cue(%d)", int(c))
}

// Clock is the table's time source: the kernel's monotonic clock on the Pi,
// a virtual clock in the simulated table and in tests.
type Clock interface {
	// Now returns the current CLOCK_MONOTONIC time.
	Now() time.Duration
	// SleepUntil blocks until Now() >= t or done is closed; it reports
	// whether t was reached. Scheduling against absolute times (never
	// relative sleeps) is what keeps the beat from drifting.
	SleepUntil(t time.Duration, done <-chan struct{}) bool
}

// Lights shows a pattern on each seat's light.
type Lights interface {
	Set(seat int, p Pattern) error
	Close() error
}

// Sound plays cues.
type Sound interface {
	// Play schedules cue c to start at time at (CLOCK_MONOTONIC); a time in
	// the past plays at once.
	Play(c Cue, at time.Duration) error
	Close() error
}

// Buttons delivers seat button events in kernel-time order per seat.
type Buttons interface {
	Events() <-chan ButtonEvent
	// Lost delivers reports of dropped kernel events.
	Lost() <-chan LostEvents
	Close() error
}

// CardReader delivers card reads and reader status changes.
type CardReader interface {
	Cards() <-chan CardEvent
	Status() <-chan ReaderStatus
	Close() error
}

// Control is a dealer panel action.
type Control int

const (
	ControlPause     Control = iota + 1 // freeze lights and beat; the second press resumes
	ControlDispute                      // show who pressed first in the last seconds
	ControlConfirm                      // confirm the instruction by hand (no reader, or a Stop claim)
	ControlSkip                         // the expected stack is gone: move on
	ControlKnocked                      // a stack of the seat lit was knocked over and gathered back
	ControlMisread                      // the card just read is not at the seat lit (a stray card, a second read): take the read back; just after a skip, take that back
	ControlUnscanned                    // the card before the one just read was dealt unscanned: the light lags a seat behind
	ControlWinner                       // the table ends a hand the assistant lost: the winner presses their button (or As names the seat)
)

func (c Control) String() string {
	switch c {
	case ControlPause:
		return "pause"
	case ControlDispute:
		return "dispute"
	case ControlConfirm:
		return "confirm"
	case ControlSkip:
		return "skip"
	case ControlKnocked:
		return "knocked"
	case ControlMisread:
		return "misread"
	case ControlUnscanned:
		return "unscanned"
	case ControlWinner:
		return "winner"
	}
	return fmt.Sprintf("Control(%d)", int(c))
}

// PanelEvent is a dealer panel control, from its own button, a long press of
// the dealer's seat button, or the keyboard.
type PanelEvent struct {
	Control Control
	Kernel  time.Duration
	// As is, for a ControlConfirm, what the dealer says the card the
	// reader did not see was: a card kind's name as the deck file writes
	// it ("Ground", "Stop", "Hit", "Extra"...), since the dealer sees its
	// face and a plain confirmation can only say "a card"; for a
	// ControlUnscanned, "Ground" (the landed: button, the keyboard's l):
	// the card dealt unscanned was a Ground, which landed; for a
	// ControlWinner, the winner's seat number ("3", the keyboard's w then
	// the seat; taken only while the table asks for the winner), where the
	// panel's button asks the winner to press. Empty:
	// a plain control. A string, not the rules engine's kind: hw knows nothing of
	// the game, and the dealer reads it.
	As string
}

// Panel delivers dealer panel controls.
type Panel interface {
	Controls() <-chan PanelEvent
	Close() error
}
