package dealer_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// memLog is the play log kept in memory.
type memLog struct {
	mu      sync.Mutex
	entries []playlog.Entry
}

func (l *memLog) Append(e playlog.Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.Seq = uint64(len(l.entries) + 1)
	l.entries = append(l.entries, e)
	return nil
}

func (l *memLog) all() []playlog.Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]playlog.Entry(nil), l.entries...)
}

func (l *memLog) kind(k playlog.Kind) []playlog.Entry {
	var out []playlog.Entry
	for _, e := range l.all() {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// handSpec is one computer-faller hand on the simulated table.
type handSpec struct {
	seed    uint64
	fallers int
	mode    config.Mode
	rules   game.Rules
	deck    game.DeckSpec
	audit   bool
	// trace, if set, hears every event of the truth.
	trace func(at time.Duration, e game.Event, what string)
}

func (h handSpec) String() string {
	return fmt.Sprintf("%s/%s/%d fallers/%s/seed %d", h.rules.Name, deckName(h.deck), h.fallers, h.mode, h.seed)
}

func deckName(s game.DeckSpec) string {
	name := "1998"
	if s.Move {
		name = "move"
	}
	if s.Anvil || s.Chute || s.Goggles {
		name += "+expert"
	}
	return name
}

// botHand plays a whole hand of computer fallers on the simulated table,
// official rules, with the deck botDeck gives the seed.
func botHand(tb testing.TB, seed uint64, fallers int, mode config.Mode, audit bool) (*simtable.Table, *dealer.Dealer, *memLog, dealer.Result, error) {
	tb.Helper()
	return playHand(tb, handSpec{seed: seed, fallers: fallers, mode: mode, rules: game.Official(), deck: botDeckSpec(seed), audit: audit})
}

// playHand plays h to the end with RunStepped.
func playHand(tb testing.TB, h handSpec) (*simtable.Table, *dealer.Dealer, *memLog, dealer.Result, error) {
	tb.Helper()
	deck := game.Shuffle(game.NewDeck(h.deck), rand.New(rand.NewPCG(h.seed, 1)))
	seats := make([]int, h.fallers)
	for i := range seats {
		seats[i] = i + 2 // seat 1 deals
	}
	window := 1500 * time.Millisecond
	t, err := simtable.New(simtable.Config{Rules: h.rules, Deck: deck, Seats: seats, Seed: h.seed, StopWindow: window, Ready: true, Trace: h.trace})
	if err != nil {
		tb.Fatal(err)
	}
	log := &memLog{}
	cfg := botConfig(h.seed, seats, deck, t, h.mode, h.audit)
	cfg.Game.Rules = h.rules
	d, err := dealer.New(cfg, dealer.Hardware{Clock: t.Clock, Lights: t.Lights, Sound: t.Sound, Buttons: t.Buttons, Reader: t.Reader, Panel: t.Panel}, log)
	if err != nil {
		tb.Fatal(err)
	}
	t.Start()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	t.Clock.At(30*time.Minute, cancel) // a hand lasts minutes: a stuck one fails
	res, err := d.RunStepped(ctx, t.Clock)
	return t, d, log, res, err
}

// botDeckSpec is the official 2014 deck, Extras included; every third seed
// adds the expert permanent riders.
func botDeckSpec(seed uint64) game.DeckSpec {
	expert := seed%3 == 0
	return game.DeckSpec{Move: true, Anvil: expert, Chute: expert, Goggles: expert}
}

func botDeck(seed uint64) []game.Card {
	return game.Shuffle(game.NewDeck(botDeckSpec(seed)), rand.New(rand.NewPCG(seed, 1)))
}

func botConfig(seed uint64, seats []int, deck []game.Card, t *simtable.Table, mode config.Mode, audit bool) dealer.Config {
	return dealer.Config{
		Hand: fmt.Sprintf("bots-%d", seed), Dealer: 1, Cards: t.Cards(),
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: dealer.Tempo{Start: 60, RampEvery: 10, RampBy: 10, Max: 120, RiseLast: 5, RiseTo: 150},
		Mode:  mode, CountIn: 2, WaitReady: true, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond,
		Audit: audit, Wall: func() time.Time { return time.Unix(0, 0) },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), // the tests read warnings from the view
	}
}

func warnings(d *dealer.Dealer) []string {
	var out []string
	for _, m := range d.View().Messages {
		if m.Warning {
			out = append(out, m.Text)
		}
	}
	return out
}

var _ = hw.CueTick
