package dealer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/sim"
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

// botHand plays a whole hand of computer fallers on the simulated table.
func botHand(tb testing.TB, seed uint64, fallers int, mode config.Mode, audit bool) (*sim.Table, *dealer.Dealer, *memLog, dealer.Result, error) {
	tb.Helper()
	// No Extras and no permanent riders: the engine cannot yet take an
	// Extra read after a Skip, nor a permanent rider shown again on its
	// next pass (see the report); scripted tests cover both.
	deck := botDeck(seed)
	seats := make([]int, fallers)
	for i := range seats {
		seats[i] = i + 2 // seat 1 deals
	}
	window := 1500 * time.Millisecond
	t, err := sim.NewTable(sim.TableConfig{Rules: game.Official(), Deck: deck, Seats: seats, Seed: seed, StopWindow: window, Ready: true})
	if err != nil {
		tb.Fatal(err)
	}
	log := &memLog{}
	d, err := dealer.New(botConfig(seed, seats, deck, t, mode, audit), dealer.Hardware{Clock: t.Clock, Lights: t.Lights, Sound: t.Sound, Buttons: t.Buttons, Reader: t.Reader, Panel: t.Panel}, log)
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

func botDeck(seed uint64) []game.Card {
	var deck []game.Card
	for _, c := range game.NewDeck(game.DeckSpec{Move: true}) {
		if c.Kind != game.Extra {
			deck = append(deck, c)
		}
	}
	return game.Shuffle(deck, rand.New(rand.NewPCG(seed, 1)))
}

func botConfig(seed uint64, seats []int, deck []game.Card, t *sim.Table, mode config.Mode, audit bool) dealer.Config {
	return dealer.Config{
		Hand: fmt.Sprintf("bots-%d", seed), Dealer: 1, Cards: t.Cards(),
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: dealer.Tempo{Start: 60, RampEvery: 10, RampBy: 10, Max: 120, RiseLast: 5, RiseTo: 150},
		Mode:  mode, CountIn: 2, WaitReady: true, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond,
		Audit: audit, Wall: func() time.Time { return time.Unix(0, 0) },
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
