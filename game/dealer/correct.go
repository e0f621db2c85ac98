package dealer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/falling-table/falling/game/playlog"
)

// A referee's correction is an input to the dealer like a press or a scan:
// it goes through the dealer's loop and the dealer logs it at its own
// clock, so every hand's log has one writer and the correction sits in
// order among the entries it corrects.

// ErrNotRunning is matched by Correct's error when the hand is not being
// played: Run has not started it, or it has ended.
var ErrNotRunning = errors.New("the hand is not running")

// correction is one referee's correction waiting for the loop.
type correction struct {
	source playlog.Source
	note   string
}

// corrections are the corrections accepted and not logged yet.
type corrections struct {
	running bool // the loop runs the hand: Run has started and not returned
	queue   []correction
	wake    chan struct{} // tells Run a correction waits (capacity 1)
}

// Correct logs a referee's correction, a note in words, as a hand's entry
// (playlog.KindCorrection at the dealer's clock) and shows it on the
// screen. It is safe to call from any goroutine, including a virtual
// clock's callback: it only hands the correction to the dealer's loop,
// which logs it before it waits for anything else. It returns an error,
// and nothing is logged, when the hand is not running (ErrNotRunning) or
// the correction is malformed.
func (d *Dealer) Correct(source playlog.Source, note string) error {
	if strings.TrimSpace(note) == "" {
		return errors.New("dealer: a correction needs a note saying what it corrects")
	}
	if source < playlog.FromEngine || source > playlog.FromReferee {
		return fmt.Errorf("dealer: correction %q: unknown source %v", note, source)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.corr.running || d.phase == PhaseDone {
		return fmt.Errorf("dealer: correction %q: %w", note, ErrNotRunning)
	}
	d.corr.queue = append(d.corr.queue, correction{source: source, note: note})
	select {
	case d.corr.wake <- struct{}{}:
	default: // a wake-up is pending already: the loop takes the whole queue
	}
	return nil
}

// correct logs the corrections waiting, in the order they were made, and
// reports whether there were any. Called with d.mu held.
func (d *Dealer) correct() bool {
	if len(d.corr.queue) == 0 {
		return false
	}
	for _, c := range d.corr.queue {
		d.append(playlog.Entry{Kind: playlog.KindCorrection, Source: c.source, Note: c.note})
		d.say(false, "referee's correction: %s", c.note)
	}
	d.corr.queue = nil
	return true
}

// onCorrections is the loop taking the corrections waiting.
func (d *Dealer) onCorrections() bool {
	d.mu.Lock()
	ok := d.correct()
	d.mu.Unlock()
	if ok {
		d.publish()
	}
	return ok
}
