package serve

import (
	"fmt"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestSnapshotHoldingAStandIn: the page says a faller holds a card only
// while the engine takes them to (game.Holding). Seat 1's Split starts a
// second stack with a card dealt by hand, which the dealer says seat 1
// picked up: seat 1 is holding; passes later, no card shown for it, they
// most likely played it unseen, and the page no longer says so, though
// the engine keeps its stand-in in the hand.
func TestSnapshotHoldingAStandIn(t *testing.T) {
	deck := []game.Card{{ID: "split", Kind: game.Split}, {ID: "hit", Kind: game.Hit}, {ID: "skip", Kind: game.Skip}}
	for i := range 14 {
		deck = append(deck, game.Card{ID: fmt.Sprintf("m%d", i), Kind: game.Move})
	}
	deck = append(deck, game.Card{ID: "g1", Kind: game.Ground}, game.Card{ID: "g2", Kind: game.Ground})
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{1, 2}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	events := []game.Event{game.Scan("m0"), game.Scan("m1"), game.Scan("split"), game.Scan("m2"), game.Scan("split"),
		game.Confirm(), game.Confirm(), game.NotOnTopAt(1, 2), game.Step()}
	for i := 3; len(events) < 30; i++ {
		events = append(events, game.Scan(fmt.Sprintf("m%d", i)))
	}
	held := false
	for _, e := range events {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		s := SnapshotOf(g, Meta{})
		if s.Seats[0].Holding != g.Holding(0) {
			t.Fatalf("after %v the page says holding %v, the engine %v", e, s.Seats[0].Holding, g.Holding(0))
		}
		held = held || s.Seats[0].Holding
		if held && !s.Seats[0].Holding {
			if h := g.Hand(0); h < 0 || !g.Blind(h) {
				t.Fatalf("after %v seat 1's hand is %d, want the stand-in still the engine's", e, h)
			}
			return
		}
	}
	t.Fatalf("seat 1 held %v and then never stopped", held)
}
