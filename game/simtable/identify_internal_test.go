package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
)

// TestDealerRemembersTheFace: the simulated dealer asked for a card they
// dealt by hand knows what a person at the table knows of it: the seat and
// the stack they dealt it to, and its face; cards of one kind look alike
// (as game/messy's dealer, e29). Seat 2 is dealt a Stop by hand on its
// first card. On top, it is scanned; picked up ("You can only pick up the
// top card of your stack"), the card under it is scanned if it has the
// same face (the dealer takes it for theirs; game/dealer's n answers for
// them, TestIdentifyAnsweredByTheCardUnder), and n is said if it has not.
func TestDealerRemembersTheFace(t *testing.T) {
	for _, tc := range []struct {
		name     string
		under    game.Kind
		pickedUp bool
		want     int // the card scanned, -1 for n
	}{
		{"on top", game.Move, false, 2},
		{"picked up, a Stop under it", game.Stop, true, 0},
		{"picked up, a Move under it", game.Move, true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			deck := []game.Card{{ID: "under", Kind: tc.under}, {ID: "m", Kind: game.Move}, {ID: "byhand", Kind: game.Stop},
				{ID: "s", Kind: game.Stop}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
			tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				tb.step() // under to seat 2, m to seat 3, byhand to seat 2
			}
			tb.confirmDealt(2, "", 0, 3) // byhand, card 2
			if tc.pickedUp {
				if err := tb.truth.Apply(game.PickUp(0, 0)); err != nil {
					t.Fatal(err)
				}
			}
			tb.mu.Lock()
			got := tb.byHandOnTop(0, Ask{}) // no screen: any stack
			tb.mu.Unlock()
			if got != tc.want {
				t.Errorf("scanned card %d, want %d (-1: n)", got, tc.want)
			}
		})
	}
}

// TestDealerScansTheStackNamed: "If a player has more than one stack, you
// will deal one card into each", so a seat may have two stacks topped by
// cards dealt by hand, and the light names only the seat: the simulated
// dealer reads the stack from the screen ("scan the card dealt by hand to
// seat 2, stack 1") and looks at that stack's top alone; a stack without
// the card they dealt there by hand is an n.
func TestDealerScansTheStackNamed(t *testing.T) {
	deck := []game.Card{{ID: "under", Kind: game.Move}, {ID: "m", Kind: game.Move}, {ID: "byhand", Kind: game.Stop},
		{ID: "s", Kind: game.Stop}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	for _, tc := range []struct {
		stack int // the screen's "scan the card dealt by hand to seat 2, stack N"
		want  int // the card scanned, -1 for n
	}{
		{1, 2},
		{2, -1},
	} {
		tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			tb.step() // under to seat 2, m to seat 3, byhand to seat 2
		}
		tb.confirmDealt(2, "", 0, 3)                                             // byhand, card 2
		tb.SetAsk(func() Ask { return Ask{Seat: 2, Stack: tc.stack, Drawn: 1} }) // the screen draws seat 2's one stack
		ask := tb.askedStack(2)
		tb.mu.Lock()
		got := tb.byHandOnTop(0, ask)
		tb.mu.Unlock()
		if got != tc.want {
			t.Errorf("stack %d asked: scanned card %d (%+v read), want %d (-1: n)", tc.stack, got, ask, tc.want)
		}
	}
}
