// Package nighttest plays simulated nights for tests that need hand logs:
// the real dealer, through night, on the simulated table (night.SimTable)
// on a virtual clock. Review, the page and the log reader are then tested
// on exactly what the table writes, not on a copy of the dealer that can
// drift from it. A hand takes a fraction of a second, and the same
// Options write the same entries, wall times included.
package nighttest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
)

// Wall is the wall time a night starts at unless Options say otherwise,
// so that its logs and their reviews are the same on every run.
var Wall = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

// Options is a simulated night.
type Options struct {
	// Fallers play at seats 1..Fallers; the first hand's dealer sits at
	// Fallers+1 (0: 4 fallers).
	Fallers int
	// Hands is how many hands are played in a row, the winner dealing the
	// next (0: one).
	Hands int
	// Seed makes the shuffles and the fallers repeatable.
	Seed uint64
	// Overrides set the rules and pace over the defaults.
	Overrides night.Overrides
	// Wall is when the first hand starts (zero: Wall).
	Wall time.Time
	// Inputs are what people at the table do besides play: a seat's
	// button pressed at a given time, a dispute called from the panel.
	Inputs []Input
}

// Input is one button press or panel control at a set time of a hand, on
// top of what the simulated table does by itself.
type Input struct {
	Hand int           // 1 for the night's first hand (0: the first)
	At   time.Duration // on the hand's virtual clock, from its start
	// Seat's button is pressed (and released a moment later); 0 for a
	// panel control.
	Seat int
	// Control is pressed on the dealer's panel when Seat is 0: a dispute
	// over the last seconds' presses, a pause.
	Control hw.Control
}

// Play plays o's night with its logs in dir and returns each hand's log
// file, in order. dir may already hold a night: its hands are numbered on.
func Play(dir string, o Options) ([]string, error) {
	if o.Fallers == 0 {
		o.Fallers = 4
	}
	if o.Hands == 0 {
		o.Hands = 1
	}
	if o.Wall.IsZero() {
		o.Wall = Wall
	}
	for _, in := range o.Inputs {
		if in.Hand < 0 || in.Hand > o.Hands || in.At < 0 || (in.Seat == 0) == (in.Control == 0) {
			return nil, fmt.Errorf("nighttest: input %+v: want a hand of the night, a time from its start, and a seat or a control", in)
		}
	}
	s, err := night.Resolve(nil, o.Overrides)
	if err != nil {
		return nil, fmt.Errorf("nighttest: %w", err)
	}
	seats := make([]int, o.Fallers+1)
	for i := range seats {
		seats[i] = i + 1
	}
	hand := 0
	table := night.NewSimTable(night.SimOptions{Settings: s, Seed: o.Seed, Wall: o.Wall, OnTable: func(tb *simtable.Table) {
		hand++
		for _, in := range o.Inputs {
			if max(in.Hand, 1) != hand {
				continue
			}
			if in.Seat != 0 {
				tb.Buttons.ClickAt(in.Seat, in.At, 80*time.Millisecond)
			} else {
				tb.Panel.ControlAt(in.Control, in.At)
			}
		}
	}})
	n, err := night.New(night.Config{Settings: s, Seats: seats, Hands: o.Hands, LogDir: dir}, table)
	if err != nil {
		return nil, fmt.Errorf("nighttest: %w", err)
	}
	var logs []string
	err = n.Run(context.Background(), func(r night.HandResult) { logs = append(logs, r.Log) })
	if err != nil {
		return logs, fmt.Errorf("nighttest: seed %d: %w", o.Seed, err)
	}
	return logs, nil
}

// Night is Play for a test: it fails t if the night cannot be played.
func Night(t testing.TB, dir string, o Options) []string {
	t.Helper()
	logs, err := Play(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	return logs
}

// Hand plays one hand of o (o.Hands is ignored) and returns its log file.
func Hand(t testing.TB, dir string, o Options) string {
	t.Helper()
	o.Hands = 1
	return Night(t, dir, o)[0]
}
