package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/sound"
	"github.com/falling-table/falling/internal/regularfile"
)

// table is the night's table as the command sets it up.
type table struct {
	table    night.Table
	settings night.Settings
	seats    []int
	you      int  // the seat the space bar presses, 0 for none
	paced    bool // hands take real time and the screen follows them
	seed     uint64
	close    func() error
}

// openSimTable is the simulated table: computer fallers, and the keyboard as
// one seat's button.
func openSimTable(o playOptions, stdin io.Reader, stdout, stderr io.Writer) (table, int) {
	s, err := night.Resolve(nil, o.over)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 2
	}
	if o.fallers < game.MinFallers || o.fallers > game.MaxFallers {
		fmt.Fprintf(stderr, "falling play: --fallers %d: want %d to %d\n", o.fallers, game.MinFallers, game.MaxFallers)
		return table{}, 2
	}
	seed := o.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	human := o.seat
	if o.fast || !isTerminal(stdin) || !isTerminal(stdout) {
		human = 0 // nobody at the keyboard: computer fallers only
	}
	if human < 0 || human > o.fallers {
		fmt.Fprintf(stderr, "falling play: --seat %d: the simulated table's fallers sit at seats 1 to %d\n", o.seat, o.fallers)
		return table{}, 2
	}
	// A seat for every faller and one for the dealer, who starts at the
	// last seat, so seat 1 is dealt to first.
	seats := make([]int, o.fallers+1)
	for i := range seats {
		seats[i] = i + 1
	}
	cfg := night.SimOptions{Settings: s, Seed: seed, Human: human, Paced: !o.fast}
	if !o.fast {
		mono, err := clock.New()
		if err != nil {
			fmt.Fprintf(stderr, "falling play: %v\n", err)
			return table{}, 1
		}
		cfg.Real = mono
		cfg.Speaker = func() (hw.Sound, hw.Clock, error) {
			spk, err := sound.Open("default", mono)
			return spk, mono, err
		}
	}
	return table{table: night.NewSimTable(cfg), settings: s, seats: seats, you: human, paced: !o.fast, seed: seed}, 0
}

// openRealTable is the table the board config describes.
func openRealTable(ctx context.Context, o playOptions, stderr io.Writer) (table, int) {
	b, err := config.Load(o.config)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: the board config is refused:\n%v\n", err)
		return table{}, 2
	}
	s, err := night.Resolve(b, o.over)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 2
	}
	deckPath := o.deck
	if deckPath == "" {
		deckPath = defaultDeck(o.config)
	}
	dk, err := deckfile.Read(deckPath)
	if errors.Is(err, regularfile.ErrNotRegular) {
		// Enrolling into a pipe or a device is no help: name a file.
		fmt.Fprintf(stderr, "falling play: %v\n(name the deck file: --deck FILE)\n", err)
		return table{}, 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(enroll the deck first: falling enroll --config %s --deck %s)\n", err, o.config, deckPath)
		return table{}, 2
	}
	if msg := deckShort(dk.GameCards(), s.Deck); msg != "" {
		fmt.Fprintf(stderr, "falling play: warning: %s (falling enroll --config %s --deck %s carries on enrolling)\n", msg, o.config, deckPath)
	}
	clk, err := clock.New()
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 1
	}
	t, err := pi.Open(ctx, b, clk, pi.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(falling doctor --config %s tells what is missing)\n", err, o.config)
		return table{}, 1
	}
	var panel night.DealerPanel
	if t.Panel != nil { // a nil *pi.Panel would be a panel that is not there
		panel = t.Panel
	}
	f := night.NewFixed(dk.GameCards(), clk, dealer.Hardware{Clock: clk, Lights: t.Lights, Sound: t.Sound, Buttons: t.Buttons}, panel)
	f.StartsAlone = panel == nil && !hasSeatButton(b)
	if t.Reader != nil {
		// Not a nil *reader.Reader in the interface: the dealer would
		// take it for a reader.
		f.Hardware.Reader = t.Reader
	}
	seats := make([]int, len(b.Seats))
	for i, st := range b.Seats {
		seats[i] = st.Number
	}
	return table{table: f, settings: s, seats: seats, paced: true, close: t.Close}, 0
}

// hasSeatButton reports whether any seat of the board has a button wired.
func hasSeatButton(b *config.Board) bool {
	for _, s := range b.Seats {
		if !s.NoButton {
			return true
		}
	}
	return false
}

// deckShort says what an enrolled deck lacks of the rule set's deck, ""
// if nothing: a half-enrolled deck plays, but a hand with no Ground ends
// only on imaginary ones, and a referee should know the deck was short.
func deckShort(cards []game.Card, spec game.DeckSpec) string {
	have := map[game.Kind]int{}
	for _, c := range cards {
		have[c.Kind]++
	}
	want := map[game.Kind]int{}
	full := game.NewDeck(spec)
	for _, c := range full {
		want[c.Kind]++
	}
	var short []string
	for _, k := range game.Kinds() {
		if have[k] < want[k] {
			short = append(short, fmt.Sprintf("%d %v", want[k]-have[k], k))
		}
	}
	if len(short) == 0 {
		return ""
	}
	return fmt.Sprintf("the deck has %d of the %d cards this rule set deals: it lacks %s", len(cards), len(full), strings.Join(short, ", "))
}
