package dealer_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/hw/sim"
)

// Hands that once went wrong, played as falling play --fast plays them.
//
// Seed 7 with 9 fallers: a faller with a Stop in hand answered an imaginary
// Ground within 70 ms, before the dealer (which deals an announced
// imaginary Ground a moment after the beat, so a rider shown first still
// counts) had dealt it; the Stop was refused, the dealer and the table
// disagreed who was out, and the hand never ended. "a press from that seat
// within the Stop window claims a Stop (the dealer confirms by scanning the
// Stop card, or with the dealer panel)".
func TestRegressions(t *testing.T) {
	for _, c := range []struct{ seed, fallers int }{{7, 9}} {
		n := c.fallers
		seats := make([]int, n+1)
		for i := range seats {
			seats[i] = i + 1
		}
		rng := rand.New(rand.NewPCG(uint64(c.seed), 0x5eed))
		fallers := game.SeatsAfter(n+1, seats)
		deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rng)
		tb, err := sim.NewTable(sim.TableConfig{Rules: game.Official(), Deck: deck, Seats: fallers, Seed: uint64(c.seed), StopWindow: 1500 * time.Millisecond, Ready: true})
		if err != nil {
			t.Fatal(err)
		}
		log := &memLog{}
		d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: fallers, Deck: deck}, Dealer: n + 1, Cards: tb.Cards(),
			Tempo: dealer.Tempo{Start: 60, RiseLast: 8, RiseTo: 75}, CountIn: 4, WaitReady: true, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond, Audit: true},
			dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		tb.Clock.At(time.Hour, cancel)
		tb.Start()
		res, err := d.RunStepped(ctx, tb.Clock)
		cancel()
		if err != nil {
			t.Fatalf("seed %d, %d fallers: %v", c.seed, n, err)
		}
		truth := tb.Truth()
		if !truth.Over() || res.Winner != truth.Seat(truth.Winner()) {
			t.Fatalf("seed %d, %d fallers: the dealer says seat %d won, the table %v", c.seed, n, res.Winner, truth.Next())
		}
		if w := warnings(d); len(w) > 0 {
			t.Fatalf("seed %d, %d fallers: warnings %q", c.seed, n, w)
		}
	}
}
