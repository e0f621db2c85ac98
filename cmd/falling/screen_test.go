package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
)

// The screen must fit an 80×24 terminal over SSH in every state of a hand,
// with the most fallers a table can have.
func TestScreenFits80x24(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		n := 2 + int(seed%10)
		seats := make([]int, n)
		for i := range seats {
			seats[i] = i + 1
		}
		g, err := game.New(game.Config{Rules: game.Official(), Seats: seats, Deck: game.Shuffle(game.NewDeck(game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}), rng), Ordered: true})
		if err != nil {
			t.Fatal(err)
		}
		fallers := make([]bot.Strategy, n)
		for i := range fallers {
			fallers[i] = &bot.Sensible{}
		}
		var pl bot.Player
		msgs := []string{strings.Repeat("a very long message that goes on and on ", 4)}
		_, err = pl.Play(g, fallers, rng, bot.DefaultParams(), func(at time.Duration, e game.Event) {
			for _, color := range []bool{false, true} {
				f := &frame{G: g, Next: g.Next(), Rules: "official", Tempo: 60, Beat: 12, Elapsed: at,
					You: 1, Lit: g.Next().Seat, Red: true, Messages: msgs, Footer: "space: your button   p: pause   d: dispute   q: quit"}
				lines := render(f, color)
				if len(lines) > screenHeight {
					t.Fatalf("%d lines", len(lines))
				}
				for _, l := range lines {
					if visible(l) > screenWidth {
						t.Fatalf("line of %d columns: %q", visible(l), l)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestScreenShowsTheTable(t *testing.T) {
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3, 5}, Deck: game.NewDeck(game.DeckSpec{Move: true}), Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := g.Apply(game.Step()); err != nil {
			t.Fatal(err)
		}
	}
	out := strings.Join(render(&frame{G: g, Next: g.Next(), Rules: "official", Tempo: 60, Lit: 2}, false), "\n")
	for _, want := range []string{"FALLING  official rules  60 cards/min", "Skip×1", "DEALER: deal a card to seat 2, stack 1 (1 due)", "deck 51 cards (5 Grounds)"} {
		if !strings.Contains(out, want) {
			t.Errorf("screen lacks %q:\n%s", want, out)
		}
	}
}
