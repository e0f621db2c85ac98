package game

import (
	"strings"
	"testing"
)

// TestScreenNumbersTheStacksTheTableHas: "Extra stacks disappear once they
// are empty, so you don't have to remember anything beyond the first."
// Mid-address the engine keeps a stack the dealer said was not there,
// empty, until the address is done (dropEmpty), and the screen counted
// it: seat 2, its first stack gone at the table, was told to deal into
// "stack 2" and asked to scan the card dealt by hand on "stack 2" where
// the table has one stack (review32; the simulated dealers then said n of
// a card they had just dealt by hand and saw on top). The screen numbers
// only the stacks with a card in them (StackNumber): the deal, the ask
// and the answer name stack 1, the one the dealer sees.
func TestScreenNumbersTheStacksTheTableHas(t *testing.T) {
	deck := []Card{{ID: "mv0", Kind: Move}, {ID: "mv1", Kind: Move}, {ID: "split", Kind: Split},
		{ID: "mv2", Kind: Move}, {ID: "hit", Kind: Hit}, {ID: "y", Kind: Move}, {ID: "mv3", Kind: Move},
		{ID: "byhand", Kind: Stop}, {ID: "mv5", Kind: Move}, {ID: "mv6", Kind: Move}, {ID: "g1", Kind: Ground}, {ID: "g2", Kind: Ground}}
	setup := func(t *testing.T) *Game {
		t.Helper()
		g, err := New(Config{Rules: Official(), Seats: []int{2, 3}, Deck: deck})
		if err != nil {
			t.Fatal(err)
		}
		// Seat 2 plays its Split on itself (hit into stack 1, y into a new
		// one), then, its turn again, shows the hit it picked up (one
		// card into each stack): stack 1, whose mv0 it picked up too, is
		// not there, and the card dealt into its other stack is
		// confirmed by hand.
		for _, e := range []Event{Scan("mv0"), Scan("mv1"), Scan("split"), Scan("mv2"), Scan("split"),
			Scan("hit"), Scan("y"), Step(), Scan("mv3"), Scan("hit"), StackGone(), Confirm()} {
			if err := g.Apply(e); err != nil {
				t.Fatalf("%v: %v", e, err)
			}
		}
		if g.NumStacks(0) != 2 || g.Top(0, 0) >= 0 {
			t.Fatalf("seat 2 has %d stacks, want the first empty, kept mid-address, and the second", g.NumStacks(0))
		}
		return g
	}
	t.Run("the deal and the ask", func(t *testing.T) {
		g := setup(t)
		if s := g.AskStack(0); s != 1 {
			t.Errorf("the ask names seat 2's stack %d, want 1", s)
		}
		if in := g.Next(); in.Action != ActDeal || in.Seat != 2 || !strings.Contains(in.String(), "stack 1") {
			t.Errorf("next %v: want a deal to seat 2, stack 1", in)
		}
	})
	t.Run("scanned", func(t *testing.T) {
		g := setup(t)
		if err := g.Apply(IdentifyAt(2, 1, "byhand")); err != nil {
			t.Fatalf("the card dealt by hand on seat 2's stack 1: %v", err)
		}
		if c := g.index["byhand"]; g.Top(0, 1) != c || g.Blind(c) {
			t.Errorf("seat 2's stack is topped by %v, want byhand, seen", g.Card(g.Top(0, 1)))
		}
	})
	t.Run("n", func(t *testing.T) {
		g := setup(t)
		s := g.Top(0, 1)
		if err := g.Apply(NotOnTopAt(2, 1)); err != nil {
			t.Fatalf("n of seat 2's stack 1: %v", err)
		}
		if g.table.loose[s] == 0 {
			t.Errorf("%v not said picked up", g.Card(s))
		}
	})
}
