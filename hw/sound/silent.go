package sound

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/falling-table/falling/hw"
)

// keepPlayed is how many cues a Silent sink remembers: enough for any test
// and for the log of a hand, bounded so a night with no sound does not grow
// without end on a 512 MB Pi.
const keepPlayed = 4096

// Played is one cue a Silent sink accepted.
type Played struct {
	Cue hw.Cue
	At  time.Duration // when it was scheduled for
	// Start is when it would have sounded: At, or the clock's now when At
	// was already past.
	Start time.Duration
	Late  bool
}

// Silent accepts cues and makes no sound: for a table without a speaker,
// the simulator and tests. It validates cues like the other sinks so a bad
// cue fails the same way everywhere.
type Silent struct {
	clk hw.Clock

	mu     sync.Mutex
	played []Played // ring of the last keepPlayed
	next   int      // where the next one goes once the ring is full
	total  uint64
	late   uint64
	closed bool
}

// NewSilent returns a Silent sink. clk may be nil: then no cue is late.
func NewSilent(clk hw.Clock) *Silent { return &Silent{clk: clk} }

// Play records c.
func (s *Silent) Play(c hw.Cue, at time.Duration) error {
	if c < 0 || c >= hw.NumCues {
		return fmt.Errorf("silent: play %v: %w", c, ErrUnknownCue)
	}
	p := Played{Cue: c, At: at, Start: at}
	if s.clk != nil {
		if now := s.clk.Now(); at < now {
			p.Start, p.Late = now, true
		}
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return fmt.Errorf("silent: play %v: %w", c, ErrClosed)
	}
	if len(s.played) < keepPlayed {
		s.played = append(s.played, p)
	} else {
		s.played[s.next] = p
		s.next = (s.next + 1) % keepPlayed
	}
	s.total++
	if p.Late {
		s.late++
	}
	s.mu.Unlock()
	slog.Debug("sound: silent cue", "cue", c, "at", at, "late", p.Late)
	return nil
}

// Played returns the cues accepted, oldest first (at most the last 4096).
func (s *Silent) Played() []Played {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Played, 0, len(s.played))
	out = append(out, s.played[s.next:]...)
	return append(out, s.played[:s.next]...)
}

// Stats counts the cues accepted and the late ones.
func (s *Silent) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Played: s.total, Late: s.late}
}

// Close makes later Plays fail; the record stays readable.
func (s *Silent) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return nil
}
