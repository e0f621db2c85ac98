package review_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/review"
)

// TestTableSaysAHeldStandInIsAGuess: seat 1's Split starts a second stack
// with a card dealt by hand (the reader gone), which the dealer says seat
// 1 picked up: the engine holds a stand-in of its own choosing in seat
// 1's hand. The review's table says seat 1 holds a card dealt by hand,
// not read, the kind a guess, not that they hold that kind; and once no
// card shown may be taken for it (passes later, most likely played
// unseen), it says nothing of a card held.
func TestTableSaysAHeldStandInIsAGuess(t *testing.T) {
	g := heldAloneHand(t)
	h := g.Hand(0)
	line := review.Table(g)[1]
	guess := fmt.Sprintf("holds a card dealt by hand, not read (guessed %v)", g.Card(h).Kind)
	if !strings.Contains(line, guess) {
		t.Errorf("seat 1's line %q, want it to say %q", line, guess)
	}
	apply(t, g, game.Step()) // sweep the Split
	for i := 3; g.Holding(0); i++ {
		apply(t, g, game.Scan(fmt.Sprintf("m%d", i)))
	}
	if line := review.Table(g)[1]; strings.Contains(line, "holds") || g.Hand(0) != h {
		t.Errorf("seat 1's line %q (the engine's hand %d, the stand-in %d), want no card said held", line, g.Hand(0), h)
	}
}

// heldAloneHand: two fallers, seats 1 and 2; seat 1 plays a Split on
// themself, both its cards are dealt by hand, and the dealer says the
// new stack's only card was picked up (game's heldAlone).
func heldAloneHand(t *testing.T) *game.Game {
	t.Helper()
	deck := []game.Card{{ID: "split", Kind: game.Split}, {ID: "hit", Kind: game.Hit}, {ID: "skip", Kind: game.Skip}}
	for i := range 14 {
		deck = append(deck, game.Card{ID: fmt.Sprintf("m%d", i), Kind: game.Move})
	}
	deck = append(deck, game.Card{ID: "g1", Kind: game.Ground}, game.Card{ID: "g2", Kind: game.Ground})
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{1, 2}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, game.Scan("m0"), game.Scan("m1"), game.Scan("split"), game.Scan("m2"), game.Scan("split"),
		game.Confirm(), game.Confirm(), game.NotOnTopAt(1, 2))
	if h := g.Hand(0); h < 0 || !g.Blind(h) || !g.Holding(0) {
		t.Fatalf("seat 1 holds %d (holding %v), want a stand-in", h, g.Holding(0))
	}
	return g
}

func apply(t *testing.T, g *game.Game, es ...game.Event) {
	t.Helper()
	for _, e := range es {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
}
