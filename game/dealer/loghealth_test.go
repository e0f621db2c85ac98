package dealer_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
)

// onDisk is a 3-faller official hand on the simulated table whose dealer
// logs to disk.
func onDisk(t *testing.T, disk dealer.Log) (*simtable.Table, *dealer.Dealer) {
	t.Helper()
	seats := []int{2, 3, 4}
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(3, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Seed: 3, StopWindow: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: seats, Deck: deck}, Dealer: 1, Cards: tb.Cards(),
		Tempo: dealer.Tempo{Start: 60}, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, disk)
	if err != nil {
		t.Fatal(err)
	}
	return tb, d
}

type deadDisk struct{ n int }

func (d *deadDisk) Append(playlog.Entry) error { d.n++; return errors.New("EIO") }

// A log that cannot be written must not stop the table, nor be forgotten:
// the dealer says so once, plays on, and ends the hand with the first cause
// and how many entries were lost ("Nothing ... may lose a logged event"
// silently).
func TestDeadLogIsReportedOnce(t *testing.T) {
	disk := &deadDisk{}
	tb, d := onDisk(t, disk)
	tb.Start()
	res, err := d.RunStepped(context.Background(), tb.Clock)
	if res.Winner == 0 {
		t.Fatal("the hand did not end")
	}
	if err == nil || !strings.Contains(err.Error(), "EIO") || !strings.Contains(err.Error(), " log entries not written") {
		t.Fatalf("err = %v", err)
	}
	if disk.n < 50 || len(err.Error()) > 200 {
		t.Fatalf("%d entries failed; the error is %d bytes: %v", disk.n, len(err.Error()), err)
	}
	n := 0
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "play log") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the dead log was announced %d times", n)
	}
}

// troubledDisk is a play log that goes through what a real one can: it
// fills (the disk slower than the table) and catches up, then its file dies
// and it goes on in a continuation. It says so through Health, and notes
// the hand time each change happened at.
type troubledDisk struct {
	n       int
	health  playlog.Health
	changes uint64
	asked   int                      // calls to Health
	calm    bool                     // never troubled
	at      map[string]time.Duration // when the health changed, by what
}

func (d *troubledDisk) Append(e playlog.Entry) error {
	d.n++
	if d.calm {
		return nil
	}
	was := d.health
	defer func() {
		if d.health != was {
			d.changes++
		}
	}()
	switch {
	case d.n == 30:
		d.health.Full = true
		d.at["full"] = e.Mono
	case d.n == 40:
		d.health.Full = false
		d.at["caught up"] = e.Mono
	case d.n == 60:
		d.health.Continued = "/logs/hand-0001.fall.cont"
		d.at["continued"] = e.Mono
	}
	if d.health.Full {
		d.health.Lost++
		d.health.Unmarked++
		return errors.New("log buffer full: the disk is slower than the table")
	}
	d.health.Unmarked = 0
	return nil
}

func (d *troubledDisk) Health() playlog.Health { d.asked++; return d.health }

func (d *troubledDisk) HealthChanges() uint64 { return d.changes }

// The screen hears of each change in the log's health the moment the entry
// that met it was logged, once, and keeps the trouble in sight in the View's
// Log line: "Nothing ... may lose a logged event" silently.
func TestLogHealthIsShownAtOnce(t *testing.T) {
	disk := &troubledDisk{at: map[string]time.Duration{}}
	tb, d := onDisk(t, disk)
	tb.Start()
	res, err := d.RunStepped(context.Background(), tb.Clock)
	if res.Winner == 0 {
		t.Fatal("the hand did not end")
	}
	if err == nil || !strings.Contains(err.Error(), "10 log entries not written") {
		t.Fatalf("err = %v", err)
	}
	v := d.View()
	if !strings.Contains(v.Log, "goes on in hand-0001.fall.cont") || !strings.Contains(v.Log, "10 log entries lost") {
		t.Fatalf("the view's log line is %q", v.Log)
	}
	tests := []struct {
		change, says string
	}{
		{"full", "play log full"},
		{"caught up", "play log taking entries again: 10 lost so far"},
		{"continued", "the log's disk failed: the hand goes on in hand-0001.fall.cont"},
	}
	for _, tt := range tests {
		at, ok := disk.at[tt.change]
		if !ok {
			t.Fatalf("the hand never got to %q (%d entries)", tt.change, disk.n)
		}
		var said []time.Duration
		for _, m := range v.Messages {
			if strings.Contains(m.Text, tt.says) && m.Warning {
				said = append(said, m.At)
			}
		}
		if len(said) != 1 || said[0] != at {
			t.Errorf("%s at %v: said at %v", tt.change, at, said)
		}
	}
}

// The dealer logs an entry at every event: it asks the log for its health
// at the first entry (a log may start out unwell) and then only when the
// log reports a change, so a healthy log costs nothing per entry, and a
// troubled one is asked once per change.
func TestLogHealthIsAskedOnlyOnChange(t *testing.T) {
	tests := []struct {
		name    string
		trouble bool
		start   playlog.Health // the log's health before the first entry
		shows   string         // in the View's Log line at the end
	}{
		{name: "healthy"},
		{name: "troubled", trouble: true, shows: "10 log entries lost"},
		// Resumed in a continuation: unwell from the start, with no
		// change to report.
		{name: "resumed in a continuation", start: playlog.Health{Continued: "/logs/hand-0001.fall.cont"}, shows: "goes on in hand-0001.fall.cont"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			disk := &troubledDisk{at: map[string]time.Duration{}, calm: !tt.trouble, health: tt.start}
			tb, d := onDisk(t, disk)
			tb.Start()
			if res, _ := d.RunStepped(context.Background(), tb.Clock); res.Winner == 0 {
				t.Fatal("the hand did not end")
			}
			if disk.n < 100 {
				t.Fatalf("only %d entries logged", disk.n)
			}
			if disk.asked != 1+int(disk.changes) {
				t.Errorf("health asked %d times for %d changes over the hand", disk.asked, disk.changes)
			}
			if tt.trouble && disk.changes == 0 {
				t.Error("the troubled log reported no change")
			}
			if v := d.View(); tt.shows != "" && !strings.Contains(v.Log, tt.shows) || tt.shows == "" && v.Log != "" {
				t.Errorf("the view's log line is %q, want it to say %q", v.Log, tt.shows)
			}
		})
	}
}
