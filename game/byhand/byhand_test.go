package byhand

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// twoStacks is a table where seat 2 (player 0) has played a Split on
// itself ("If a player has more than one stack, you will deal one card
// into each"): its stack 0 is mv0 under the hit, its stack 1 the y, a
// Move alone.
func twoStacks(t *testing.T) *game.Game {
	t.Helper()
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "y", Kind: game.Move},
		{ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []game.Event{game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"),
		game.Scan("split"), game.Scan("hit"), game.Scan("y")} {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	if g.NumStacks(0) != 2 || g.Stack(0, 0)[0] != 0 || g.Card(g.Top(0, 0)).Kind != game.Hit || g.Stack(0, 1)[0] != 5 {
		t.Fatalf("seat 2's stacks %v %v: want [mv0 hit] [y]", g.Stack(0, 0), g.Stack(0, 1))
	}
	return g
}

// TestMatch: the dealer matches the screen's "stack K" to one of the
// seat's stacks by its place where the screen draws as many stacks as the
// table has. Where the counts differ ("Extra stacks disappear once they
// are empty", and the screen may draw one the table lost, or lack one a
// card dealt unscanned started), they take the seat's one stack topped by
// a card they remember dealing it by hand; with two such, the place is
// all they have to go by. A K the table has no stack for is none.
func TestMatch(t *testing.T) {
	hit := card{seat: 2, bottom: 0, kind: game.Hit} // on top of stack 0
	y := card{seat: 2, bottom: 5, kind: game.Move}  // on top of stack 1
	for _, tc := range []struct {
		name               string
		remembered         []card
		stack, drawn, want int
	}{
		{"as many drawn: stack 1 by place", []card{y}, 1, 2, 0},
		{"as many drawn: stack 2 by place", []card{y}, 2, 2, 1},
		{"one drawn: the stack topped by the card dealt by hand", []card{y}, 1, 1, 1},
		{"three drawn: the stack topped by the card dealt by hand", []card{hit}, 2, 3, 0},
		{"one drawn, two topped by cards dealt by hand: by place", []card{hit, y}, 1, 1, 0},
		{"one drawn, nothing remembered: by place", nil, 1, 1, 0},
		{"one drawn, another face on top: by place", []card{{seat: 2, bottom: 5, kind: game.Stop}}, 1, 1, 0},
		{"one drawn, dealt by hand to another seat: by place", []card{{seat: 3, bottom: 5, kind: game.Move}}, 1, 1, 0},
		{"stack 3 of two", []card{y}, 3, 2, -1},
		{"stack 3 of three drawn, nothing remembered", nil, 3, 3, -1},
		{"stack 0", []card{y}, 0, 1, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := twoStacks(t)
			m := Memory{cards: tc.remembered}
			if got := m.Match(g, 0, tc.stack, tc.drawn); got != tc.want {
				t.Errorf("screen's stack %d of %d drawn: table's stack %d, want %d (-1: none)", tc.stack, tc.drawn, got, tc.want)
			}
		})
	}
}

// TestTake: asked for the card on top of a stack, the dealer scans it if
// they remember dealing that seat a card of its face into that stack, and
// thinks of it no more; cards of one kind look alike.
func TestTake(t *testing.T) {
	g := twoStacks(t)
	var m Memory
	m.Remember(2, Bottom(g, 5), game.Move) // y, in stack 1
	if m.Take(g, 0, 0) {
		t.Error("took stack 0's hit for the Move dealt by hand into stack 1")
	}
	if !m.Take(g, 0, 1) || !m.Empty() {
		t.Errorf("stack 1's Move not taken, or still remembered (%v)", m.cards)
	}
	if m.Take(g, 0, 1) {
		t.Error("stack 1's Move taken twice")
	}
	m.Remember(2, Bottom(g, 5), game.Move)
	m.Forget(2)
	if m.Any(2) {
		t.Error("seat 2's card remembered after Forget")
	}
}
