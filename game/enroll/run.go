package enroll

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/hw"
)

// Table is the hardware enrollment uses. Only Reader is required.
type Table struct {
	Reader hw.CardReader
	Lights hw.Lights // nil: no lights
	Seats  []int     // the seats whose lights show each outcome
	Sound  hw.Sound  // nil: silent
	Clock  hw.Clock  // schedules the cues; required with Sound
	// Panel's Confirm and Skip buttons end a turn like Enter, so a table
	// without a keyboard can enroll an open-ended composition.
	Panel hw.Panel
}

// Options are Run's other inputs and outputs.
type Options struct {
	// Save writes the deck; it is called after every change, before the
	// person is told the card is in, so a crash loses no accepted card.
	Save func(*deckfile.Deck) error
	Out  io.Writer     // what the person reads; nil discards
	Keys <-chan string // lines typed; closed or nil when there is no keyboard
	Log  *slog.Logger  // nil: slog.Default()
}

// The patterns the seat lights show: amber pulsing while a turn waits for
// cards, green for a card in, red blinking for a refused one.
var (
	lightWaiting  = hw.Pattern{Kind: hw.Pulse, Color: hw.Amber, Period: time.Second}
	lightAccepted = hw.Pattern{Kind: hw.On, Color: hw.Green}
	lightRefused  = hw.Pattern{Kind: hw.Blink, Color: hw.Red, Period: 250 * time.Millisecond}
)

// announceDelay separates a new turn's cue from the cue of the card that
// ended the last one, so both are heard.
const announceDelay = 400 * time.Millisecond

// ErrReaderClosed is returned when the reader's channel closes mid-session.
var ErrReaderClosed = errors.New("the card reader stopped")

// Run drives s until it is done, ctx ends, or a deck cannot be saved. Every
// outcome is printed, sounded and lit; lights are turned off on return.
func Run(ctx context.Context, s *Session, t Table, o Options) error {
	if t.Reader == nil {
		return errors.New("enroll: no card reader")
	}
	if t.Sound != nil && t.Clock == nil {
		return errors.New("enroll: sound needs a clock")
	}
	if o.Save == nil {
		return errors.New("enroll: nowhere to save the deck")
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	d := &driver{t: t, o: o}
	defer d.light(hw.Pattern{})

	if err := d.show(s, s.Start()); err != nil {
		return err
	}
	var controls <-chan hw.PanelEvent
	if t.Panel != nil {
		controls = t.Panel.Controls()
	}
	keys := o.Keys
	for !s.Done() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-t.Reader.Cards():
			if !ok {
				return ErrReaderClosed
			}
			if err := d.show(s, s.Scan(ev.UID)); err != nil {
				return err
			}
		case st, ok := <-t.Reader.Status():
			if !ok {
				return ErrReaderClosed
			}
			d.status(st)
		case k, ok := <-keys:
			if !ok {
				keys = nil // no keyboard: scans and the panel go on
				continue
			}
			if err := d.show(s, s.Key(k)); err != nil {
				return err
			}
		case pe, ok := <-controls:
			if !ok {
				controls = nil
				continue
			}
			if pe.Control == hw.ControlConfirm || pe.Control == hw.ControlSkip {
				if err := d.show(s, s.Key("")); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

type driver struct {
	t Table
	o Options
}

// show saves what changed, then tells the person.
func (d *driver) show(s *Session, out Outcome) error {
	if out.Save {
		if err := d.o.Save(s.Deck()); err != nil {
			d.cue(hw.CueWarning, 0)
			d.light(lightRefused)
			fmt.Fprintf(d.o.Out, "%s was NOT saved: %v\n", out.Entry.Name(), err)
			return fmt.Errorf("saving %s: %w", out.Entry.Name(), err)
		}
	}
	if out.Text != "" {
		if p := s.Progress(); p != "" && !out.Done && out.Announce == "" {
			fmt.Fprintf(d.o.Out, "[%s] %s\n", p, out.Text)
		} else {
			fmt.Fprintln(d.o.Out, out.Text)
		}
	}
	switch {
	case out.Verdict.Refused():
		d.cue(hw.CueWarning, 0)
		d.light(lightRefused)
	case out.Verdict == Accepted:
		d.cue(hw.CueDealHere, 0)
		d.light(lightAccepted)
	case out.Verdict == Seen:
		d.cue(hw.CueTick, 0)
		d.light(lightAccepted)
	}
	if out.Done {
		// Run turns the lights off as it returns; the win cue and the
		// terminal say it is over.
		d.cue(hw.CueWin, announceDelay)
		return nil
	}
	if out.Announce != "" {
		if p := s.Progress(); p != "" {
			fmt.Fprintf(d.o.Out, "[%s] %s\n", p, out.Announce)
		} else {
			fmt.Fprintln(d.o.Out, out.Announce)
		}
		d.cue(hw.CueAccent, announceDelay)
		d.light(lightWaiting)
	}
	return nil
}

func (d *driver) status(st hw.ReaderStatus) {
	switch st.State {
	case hw.ReaderLost:
		fmt.Fprintf(d.o.Out, "the card reader stopped answering (%v): check its cable; scanning goes on when it is back\n", st.Err)
		d.cue(hw.CueWarning, 0)
		d.light(lightRefused)
	case hw.ReaderOK:
		fmt.Fprintln(d.o.Out, "the card reader is back: go on scanning")
		d.light(lightWaiting)
	}
}

// cue plays c after delay. A speaker that fails is no reason to stop
// enrolling: the terminal says everything the cue does.
func (d *driver) cue(c hw.Cue, delay time.Duration) {
	if d.t.Sound == nil {
		return
	}
	if err := d.t.Sound.Play(c, d.t.Clock.Now()+delay); err != nil {
		d.o.Log.Warn("enroll: cue not played", "cue", c, "err", err)
	}
}

// light shows p on every enrollment seat; as with cues, a failure is logged.
func (d *driver) light(p hw.Pattern) {
	if d.t.Lights == nil {
		return
	}
	for _, seat := range d.t.Seats {
		if err := d.t.Lights.Set(seat, p); err != nil {
			d.o.Log.Warn("enroll: light not set", "seat", seat, "err", err)
		}
	}
}
