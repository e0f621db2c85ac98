package dealer_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw/config"
)

// correctHand is a bot hand of seed 2 on the simulated table, not started:
// its dealer, table and log.
func correctHand(t *testing.T) (*dealer.Dealer, *simtable.Table, *memLog) {
	t.Helper()
	deck := botDeck(2)
	seats := []int{2, 3, 4, 5}
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Seed: 2, StopWindow: 1500 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	log := &memLog{}
	d, err := dealer.New(botConfig(2, seats, deck, tb, config.Follow, true), dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	return d, tb, log
}

func runStepped(t *testing.T, d *dealer.Dealer, tb *simtable.Table) dealer.Result {
	t.Helper()
	tb.Start()
	res, err := d.RunStepped(context.Background(), tb.Clock)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCorrectDuringHand: a correction made mid-hand is logged by the
// dealer at its clock, in order among the hand's entries, and shown; it
// changes nothing else in the hand.
func TestCorrectDuringHand(t *testing.T) {
	plain, ptb, plog := correctHand(t)
	want := runStepped(t, plain, ptb)

	d, tb, log := correctHand(t)
	const at = 20 * time.Second
	notes := []string{"seat 3's claim stands: the light was red", "seat 4 showed the Stop late"}
	var errs []error
	tb.Clock.At(at, func() {
		for _, n := range notes {
			errs = append(errs, d.Correct(playlog.FromReferee, n))
		}
	})
	got := runStepped(t, d, tb)
	for _, err := range errs {
		if err != nil {
			t.Fatalf("Correct during the hand: %v", err)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the corrected hand ended %+v, the same hand without: %+v", got, want)
	}

	all := log.all()
	var at0 []int // indexes of the corrections
	for i, e := range all {
		if e.Kind == playlog.KindCorrection {
			at0 = append(at0, i)
		}
	}
	if len(at0) != len(notes) {
		t.Fatalf("%d corrections logged, want %d", len(at0), len(notes))
	}
	for k, i := range at0 {
		e := all[i]
		if e.Note != notes[k] || e.Source != playlog.FromReferee || e.Mono != at {
			t.Errorf("correction %d logged as %+v, want %q from the referee at %v", k, e, notes[k], at)
		}
		if i == 0 || all[i-1].Mono > at || i+1 == len(all) || all[i+1].Mono < at {
			t.Errorf("correction %d (entry %d) is not in time order among the hand's entries", k, i)
		}
	}
	if end := log.kind(playlog.KindHandEnd); len(end) != 1 || end[0].Seq < all[at0[len(at0)-1]].Seq {
		t.Errorf("the corrections are not logged before the hand's end")
	}

	// Without them, the log is the plain hand's, entry for entry.
	var rest []playlog.Entry
	for _, e := range all {
		if e.Kind != playlog.KindCorrection {
			e.Seq = 0
			rest = append(rest, e)
		}
	}
	pall := plog.all()
	if len(rest) != len(pall) {
		t.Fatalf("the corrected hand has %d other entries, the plain one %d", len(rest), len(pall))
	}
	for i := range pall {
		pall[i].Seq = 0
		if a, b := entryString(rest[i]), entryString(pall[i]); a != b {
			t.Fatalf("entry %d differs from the plain hand's:\n%s\n%s", i, a, b)
		}
	}

	shown := 0
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "seat 4 showed the Stop late") {
			shown++
		}
	}
	if shown != 1 {
		t.Errorf("the correction is shown %d times in the view's messages", shown)
	}
}

// TestCorrectRefused: no correction is taken when the hand is not running
// or the correction is malformed, and nothing is logged.
func TestCorrectRefused(t *testing.T) {
	d, tb, log := correctHand(t)
	if err := d.Correct(playlog.FromReferee, "before the hand"); !errors.Is(err, dealer.ErrNotRunning) {
		t.Errorf("Correct before Run: %v, want ErrNotRunning", err)
	}
	if n := len(log.all()); n != 0 {
		t.Fatalf("a correction before Run wrote %d entries", n)
	}

	bad := []struct {
		name   string
		source playlog.Source
		note   string
	}{
		{"no note", playlog.FromReferee, ""},
		{"a blank note", playlog.FromReferee, "  \t"},
		{"no source", 0, "a note"},
		{"an unknown source", playlog.FromReferee + 1, "a note"},
	}
	tb.Clock.At(10*time.Second, func() {
		for _, c := range bad {
			if err := d.Correct(c.source, c.note); err == nil || errors.Is(err, dealer.ErrNotRunning) {
				t.Errorf("Correct with %s during the hand: %v, want it refused as malformed", c.name, err)
			}
		}
	})
	runStepped(t, d, tb)
	if n := len(log.kind(playlog.KindCorrection)); n != 0 {
		t.Fatalf("%d malformed corrections logged", n)
	}

	n := len(log.all())
	if err := d.Correct(playlog.FromReferee, "after the hand"); !errors.Is(err, dealer.ErrNotRunning) {
		t.Errorf("Correct after the end: %v, want ErrNotRunning", err)
	}
	if m := len(log.all()); m != n {
		t.Errorf("a correction after the end wrote %d entries", m-n)
	}
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "after the hand") || strings.Contains(m.Text, "before the hand") {
			t.Errorf("a refused correction is shown: %q", m.Text)
		}
	}
}

// TestCorrectInRealTime: through Run, the loop at a real table, a
// correction from another goroutine is logged at the time it was made.
func TestCorrectInRealTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		d, tb, log := correctHand(t)
		tb.Clock.SetSettle(synctest.Wait)
		tb.Start()
		done := make(chan error, 1)
		go func() {
			_, err := d.Run(context.Background())
			done <- err
		}()
		corrected := false
		for {
			synctest.Wait()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
				c := log.kind(playlog.KindCorrection)
				if len(c) != 1 || c[0].Note != "a late press" || c[0].Mono != 15*time.Second {
					t.Fatalf("corrections logged: %+v, want one at 15s", c)
				}
				return
			default:
			}
			if now := tb.Clock.Now(); now >= 15*time.Second && !corrected {
				corrected = true
				if now != 15*time.Second {
					t.Fatalf("the clock jumped past 15s to %v", now)
				}
				if err := d.Correct(playlog.FromReferee, "a late press"); err != nil {
					t.Fatal(err)
				}
				continue // let the loop take it before time moves on
			}
			next, ok := tb.Clock.Next()
			if !ok || next > 30*time.Minute {
				t.Fatalf("the hand stalled at %v", tb.Clock.Now())
			}
			if !corrected && next > 15*time.Second {
				next = 15 * time.Second
			}
			tb.Clock.AdvanceTo(next)
		}
	})
}

// entryString is an entry as the log would encode it, to compare two.
func entryString(e playlog.Entry) string {
	b, err := json.Marshal(e)
	if err != nil {
		panic(err)
	}
	return string(b)
}
