package game

import (
	"fmt"
	"strings"
	"testing"
)

// TestDealIntoAStackEmptiedMidAddressNamesNoOtherStack: "Extra stacks
// disappear once they are empty, so you don't have to remember anything
// beyond the first." Seat 2 has two stacks, its first only the Stop s0;
// its Hit deals one card into each, twice. The Ground dealt onto its first
// stack it Stops with s0, that stack's only card: at the table the stack
// is gone, and seat 2 has one stack, y's. The engine keeps the emptied
// stack mid-address (dropEmpty) and deals into it again; the screen, which
// numbers the stacks as the table has them (StackNumber), then tells the
// dealer "stack 1" for it, the table's stack 1 being y's, and "stack 1"
// again for y's own card: the dealer puts both on y, and the engine has
// one of them in a stack the table does not have. A deal into a stack the
// table does not have says "a new stack" (Instruction.Emptied), never the
// number of another.
func TestDealIntoAStackEmptiedMidAddressNamesNoOtherStack(t *testing.T) {
	deck := []Card{{ID: "s0", Kind: Stop}, {ID: "mv1", Kind: Move}, {ID: "split", Kind: Split},
		{ID: "mv2", Kind: Move}, {ID: "hit", Kind: Hit}, {ID: "y", Kind: Move}, {ID: "mv3", Kind: Move},
		{ID: "g1", Kind: Ground}, {ID: "mv5", Kind: Move}, {ID: "mv6", Kind: Move}, {ID: "mv7", Kind: Move},
		{ID: "mv8", Kind: Move}, {ID: "g2", Kind: Ground}, {ID: "g3", Kind: Ground}}
	g, err := New(Config{Rules: Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 2 plays its Split on itself (hit onto s0, y into a new stack),
	// then shows the hit; the Ground dealt onto s0's stack it Stops with s0.
	for _, e := range []Event{Scan("s0"), Scan("mv1"), Scan("split"), Scan("mv2"), Scan("split"),
		Scan("hit"), Scan("y"), Step(), Scan("mv3"), Scan("hit"), Scan("g1"), Press(2), Scan("s0")} {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	if g.Out(0) || g.NumStacks(0) != 2 || g.Top(0, 0) >= 0 {
		t.Fatalf("seat 2 out %v, %d stacks, the first topped by %d: want it saved, its first stack empty", g.Out(0), g.NumStacks(0), g.Top(0, 0))
	}
	restarted := 0
	for _, id := range []string{"mv5", "mv6", "mv7"} {
		in := g.Next()
		if in.Action != ActDeal || in.Seat != 2 {
			break
		}
		if in.Emptied {
			restarted++
			if !strings.Contains(in.String(), "a new stack") || !in.StartsStack() {
				t.Errorf("before %s the light says %q (starts a stack: %v), into a stack the table does not have", id, in, in.StartsStack())
			}
		}
		if !in.StartsStack() {
			var k int
			if _, err := fmt.Sscanf(in.String()[strings.Index(in.String(), "stack "):], "stack %d", &k); err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			if got := g.StackNumbered(0, k); got != in.Stack {
				t.Errorf("before %s the light says %q, the table's stack %d being the engine's %d (heights %v): the card is meant for the engine's stack %d",
					id, in, k, got, heights(g, 0), in.Stack)
			}
		}
		if err := g.Apply(Scan(id)); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
	if restarted == 0 {
		t.Error("no deal went into the emptied stack: the hand no longer shows what this test is for")
	}
}

func heights(g *Game, p int) []int {
	var h []int
	for s := range g.NumStacks(p) {
		h = append(h, len(g.Stack(p, s)))
	}
	return h
}
