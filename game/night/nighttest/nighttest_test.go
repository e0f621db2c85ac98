package nighttest_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// The same options write the same entries, stamped from the night's wall
// time on the virtual clock, the winner dealing the next hand. (Not the
// same bytes: where the log's group commits fall depends on the host.)
func TestNightRepeats(t *testing.T) {
	o := nighttest.Options{Hands: 2, Seed: 4}
	a := nighttest.Night(t, t.TempDir(), o)
	b := nighttest.Night(t, t.TempDir(), o)
	if len(a) != 2 || len(b) != 2 {
		t.Fatalf("logs %q and %q, want two hands each", a, b)
	}
	var first *playlog.Hand
	for i := range a {
		h, err := playlog.Read(a[i])
		if err != nil {
			t.Fatal(err)
		}
		again, err := playlog.Read(b[i])
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(h.Entries, again.Entries) {
			t.Errorf("hand %d: the entries differ", i+1)
		}
		if !h.Ended || h.Winner == 0 || h.Start == nil {
			t.Fatalf("hand %d: ended %v, winner %d", i+1, h.Ended, h.Winner)
		}
		start := h.Entries[0].Wall
		switch i {
		case 0:
			first = h
			if !start.Equal(nighttest.Wall) {
				t.Errorf("the night starts at %v, want %v", start, nighttest.Wall)
			}
		case 1:
			last := first.Entries[len(first.Entries)-1].Wall
			if start.Before(last) || start.Sub(last) > time.Second {
				t.Errorf("hand 2 starts at %v; hand 1 ended at %v", start, last)
			}
			if h.Start.Dealer != first.Winner {
				t.Errorf("hand 2 is dealt by seat %d; hand 1 was won by seat %d", h.Start.Dealer, first.Winner)
			}
		}
	}
}

// Inputs reach the dealer as at the table: two presses 12 ms apart and a
// dispute, settled and logged by the dealer.
func TestInputs(t *testing.T) {
	path := nighttest.Hand(t, t.TempDir(), nighttest.Options{Seed: 3, Inputs: []nighttest.Input{
		{At: 10 * time.Second, Seat: 2},
		{At: 10*time.Second + 12*time.Millisecond, Seat: 3},
		{At: 10*time.Second + 300*time.Millisecond, Control: hw.ControlDispute},
		{At: 11 * time.Second, Control: hw.ControlPause},
	}})
	h, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !h.Ended || h.Winner == 0 {
		t.Errorf("the hand did not end: ended %v, winner %d", h.Ended, h.Winner)
	}
	var disputes []string
	for _, e := range h.Entries {
		if e.Kind == playlog.KindDispute {
			disputes = append(disputes, e.Note)
		}
	}
	if len(disputes) != 1 || !strings.Contains(disputes[0], "seat 2 was first, by 12.0 ms over seat 3") {
		t.Errorf("disputes logged %q, want seat 2 first by 12 ms", disputes)
	}
}

// Bad options are refused with a reason, before anything is played.
func TestBadOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    nighttest.Options
		want string
	}{
		{"an input for a hand not played", nighttest.Options{Inputs: []nighttest.Input{{Hand: 2, Seat: 1}}}, "a hand of the night"},
		{"an input that does nothing", nighttest.Options{Inputs: []nighttest.Input{{At: time.Second}}}, "a seat or a control"},
		{"both", nighttest.Options{Inputs: []nighttest.Input{{Seat: 1, Control: hw.ControlPause}}}, "a seat or a control"},
		{"unknown rules", nighttest.Options{Overrides: night.Overrides{Rules: "nope"}}, "nope"},
		{"one faller", nighttest.Options{Fallers: 1}, "fallers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			logs, err := nighttest.Play(dir, tc.o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want one saying %q", err, tc.want)
			}
			if len(logs) != 0 {
				t.Errorf("logs %q written", logs)
			}
		})
	}
}
