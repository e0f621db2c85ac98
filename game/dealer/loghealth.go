package dealer

import (
	"fmt"

	"github.com/falling-table/falling/game/playlog"
)

// HealthReporter is a Log that can say how it is taking the hand beyond
// each entry's error. The play log needs it: once its disk failed it takes
// every entry in a continuation file, so no Append fails, yet the table
// must see that the disk is gone.
//
// HealthChanges is a counter that goes up whenever Health would say
// something new (it may go up when it does not): the dealer logs an entry
// at every event and asks Health only when the counter moved, so a healthy
// log costs it nothing per entry.
type HealthReporter interface {
	Health() playlog.Health
	HealthChanges() uint64
}

// logHealth is how the play log is taking the hand. A failing log does not
// stop the hand, but it is never quiet about it: the screen shows it and
// Run returns it. It keeps the first cause and a count, since a dead disk
// fails every entry and a hand is thousands of them.
type logHealth struct {
	first  error // the first failure to log
	failed int   // entries not logged
	// health is the log's own report after the last entry, when it has
	// one, as of its HealthChanges count seen (asked: at all, since a log
	// may start out unwell, as one resumed in a continuation does); state
	// is the part of it whose every change is announced.
	health playlog.Health
	seen   uint64
	asked  bool
	state  logState
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

// text is the log's trouble in a line for the screen and the page; "" when
// there is none.
func (h *logHealth) text() string {
	if s := h.health.String(); s != "" {
		return s
	}
	if h.first != nil {
		return fmt.Sprintf("play log: %d entries not written: %v", h.failed, h.first)
	}
	return ""
}

// logState is what changes in a log's health are announced on: it dies,
// it fills, it goes on in another file, it catches up. Counts are not: they
// show in the View's Log line, which every screen keeps in sight.
type logState struct {
	dead, full bool
	continued  string
}

func stateOf(h playlog.Health) logState {
	return logState{dead: h.Dead != "", full: h.Full, continued: h.Continued}
}

// append writes one log entry at the dealer's clock. Called with d.mu held.
func (d *Dealer) append(e playlog.Entry) {
	e.Mono = d.now()
	e.Wall = d.wall()
	err := d.log.Append(e)
	if err != nil {
		err = fmt.Errorf("dealer: play log: %w", err)
	}
	hr, reports := d.log.(HealthReporter)
	h, news := d.logHealth.health, false
	if reports {
		if n := hr.HealthChanges(); n != d.logHealth.seen || !d.logHealth.asked {
			h, news = hr.Health(), true
			d.logHealth.seen, d.logHealth.asked = n, true
		}
	}
	if err != nil && d.logHealth.fail(err) {
		// Said once: the message list and the error log would otherwise
		// fill with the same failure. A log whose health tells of it is
		// announced by its state below instead.
		d.lg.Error(err.Error())
		if !reports || stateOf(h) == stateOf(playlog.Health{}) {
			d.msgs.add(Message{At: e.Mono, Text: err.Error(), Warning: true})
		}
	}
	if !news {
		return
	}
	was := d.logHealth.health
	d.logHealth.health = h
	state := stateOf(h)
	if state == d.logHealth.state {
		return
	}
	d.logHealth.state = state
	switch {
	case h.Dead != "" || h.Full || h.Continued != was.Continued:
		d.lg.Warn("dealer: play log", "health", h.String())
		d.msgs.add(Message{At: e.Mono, Text: h.String(), Warning: true})
	case was.Full || was.Dead != "":
		text := "play log taking entries again"
		if h.Lost > 0 {
			text = fmt.Sprintf("play log taking entries again: %d lost so far, each gap marked in the log where it happened", h.Lost)
		}
		d.lg.Warn("dealer: " + text)
		d.msgs.add(Message{At: e.Mono, Text: text, Warning: true})
	}
}

// note records a device failure: the hand goes on, the log and the screen
// say so.
func (d *Dealer) note(err error) {
	d.say(true, "%v", err)
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Error: err.Error()})
}
