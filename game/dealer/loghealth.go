package dealer

import (
	"fmt"

	"github.com/falling-table/falling/game/playlog"
)

// logHealth is how the play log is taking the hand. A failing log does not
// stop the hand, but it is never quiet about it: the screen shows it and
// Run returns it. It keeps the first cause and a count, since a dead disk
// fails every entry and a hand is thousands of them.
type logHealth struct {
	first  error // the first failure to log
	failed int   // entries not logged
}

// fail counts one entry not logged, and reports whether it is the first.
func (h *logHealth) fail(err error) (first bool) {
	h.failed++
	if h.first != nil {
		return false
	}
	h.first = err
	return true
}

// err is what Run returns about the log: nil when every entry was written.
func (h *logHealth) err() error {
	if h.first == nil {
		return nil
	}
	return fmt.Errorf("%d log entries not written, the first: %w", h.failed, h.first)
}

// append writes one log entry at the dealer's clock. Called with d.mu held.
func (d *Dealer) append(e playlog.Entry) {
	e.Mono = d.now()
	e.Wall = d.wall()
	if err := d.log.Append(e); err != nil {
		err = fmt.Errorf("dealer: play log: %w", err)
		// Said once: the message list and the error log would otherwise
		// fill with the same failure.
		if d.logHealth.fail(err) {
			d.msgs = append(d.msgs, Message{At: e.Mono, Text: err.Error(), Warning: true})
			d.lg.Error(err.Error())
		}
	}
}

// note records a device failure: the hand goes on, the log and the screen
// say so.
func (d *Dealer) note(err error) {
	d.say(true, "%v", err)
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Error: err.Error()})
}
