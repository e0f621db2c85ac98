package simtable_test

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/simtable"
)

// A rate that is no chance, or a card fault asked of the scripted reader
// (which has no chip to hang nor a card to hold too briefly), is refused
// with the fault named, and a table whose hand has started keeps its
// faults.
func TestFaultsRefused(t *testing.T) {
	deck := game.NewDeck(game.DeckSpec{})
	base := simtable.Config{Rules: game.Official(), Deck: deck, Seats: []int{1, 2}, StopWindow: time.Second}
	for _, tc := range []struct {
		name   string
		fs     simtable.Faults
		pn532  bool
		reason string
	}{
		{"negative", simtable.Only(simtable.FaultMash, -0.1), true, "mash: rate -0.1"},
		{"above one", simtable.Only(simtable.FaultReadTwice, 1.5), true, "read-twice: rate 1.5"},
		{"not a number", simtable.Only(simtable.FaultStrayCard, math.NaN()), true, "stray-card: rate NaN"},
		{"card fault, scripted reader", simtable.Only(simtable.FaultReaderMiss, 0.1), false, "reader-miss needs the PN532"},
		// Laid on the chip a gap after the first: on the scripted reader
		// it would never happen, the run counting a clean table as one
		// that dealt two at once.
		{"two at once, scripted reader", simtable.Only(simtable.FaultTwoAtOnce, 0.1), false, "two-at-once needs the PN532"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := base
			cfg.Faults = tc.fs
			if tc.pn532 {
				cfg.PN532 = &simtable.PN532{}
			}
			_, err := simtable.New(cfg)
			if err == nil || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("New: %v, want an error saying %q", err, tc.reason)
			}
		})
	}
	// Press faults need no chip.
	cfg := base
	cfg.Faults = simtable.Faults{simtable.FaultPressLate: 0.5, simtable.FaultPressOther: 0.5, simtable.FaultMash: 1}
	tb, err := simtable.New(cfg)
	if err != nil {
		t.Fatalf("press faults on the scripted reader: %v", err)
	}
	tb.Start()
	if err := tb.SetFaults(simtable.Faults{}); err == nil {
		t.Fatal("SetFaults after Start: no error")
	}
}

// Faults are off unless asked for: a table with every rate at 0 plays the
// same hand as one never told of faults, and a table with faults plays the
// same hand, faults included, for the same seed.
func TestFaultsOffPlaysAsBefore(t *testing.T) {
	s, err := night.Resolve(nil, night.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		plain := playMessy(s, seed, simtable.Faults{})
		zero := playMessy(s, seed, simtable.Every(0))
		if plain.err != nil || zero.err != nil {
			t.Fatalf("seed %d: %v, %v", seed, plain.err, zero.err)
		}
		if !reflect.DeepEqual(plain.res, zero.res) || len(zero.injected) != 0 {
			t.Errorf("seed %d: rates of 0 changed the hand: %+v, then %+v", seed, plain.res, zero.res)
		}
		a, b := playMessy(s, seed, simtable.Every(0.05)), playMessy(s, seed, simtable.Every(0.05))
		if len(a.injected) == 0 || !reflect.DeepEqual(a.injected, b.injected) || !reflect.DeepEqual(a.res, b.res) {
			t.Errorf("seed %d: the same faulty hand played twice differs: %v, then %v", seed, a.injected, b.injected)
		}
	}
}
