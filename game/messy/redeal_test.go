package messy

import (
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// playedTable is a clean messy table of n fallers after beats beats.
func playedTable(t *testing.T, n int, seed uint64, beats int) *table {
	t.Helper()
	opt, deck := ruleSet(t, "official")
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for range beats {
		if tb.truth.Over() {
			t.Fatal("the hand ended before the test could look at it")
		}
		if err := tb.fallersAct(); err != nil {
			t.Fatal(err)
		}
		if err := tb.beat(); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// TestRedeal: the truth deals its deck in order, and a redeal is how it
// follows a table whose deck or stack turned out to be in another order.
// It is for those orders only: one that would change where any other card
// lies, or what the rules deal next, is refused with the reason, and the
// truth is left as it was.
func TestRedeal(t *testing.T) {
	tb := playedTable(t, 4, 11, 12)
	g := tb.truth
	before := g.Digest()
	var a, b = -1, -1 // two cards dealt to two seats
	for c := 0; c < g.NumCards(); c++ {
		if w := g.Where(c); w.Zone == game.InStack {
			if a < 0 {
				a = c
			} else if w.Player != g.Where(a).Player {
				b = c
				break
			}
		}
	}
	if a < 0 || b < 0 {
		t.Fatal("no two cards dealt to two seats")
	}
	swapped := slices.Clone(tb.order)
	ia, ib := slices.Index(swapped, a), slices.Index(swapped, b)
	swapped[ia], swapped[ib] = b, a
	for _, tc := range []struct {
		name  string
		order []int
		want  string
	}{
		{"an order that is not the deck", tb.order[:len(tb.order)-1], "redeal"},
		{"two seats' cards swapped", swapped, "is at"},
	} {
		err := tb.redeal(tc.order, nil, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
		if g.Digest() != before {
			t.Fatalf("%s: the refused redeal changed the truth", tc.name)
		}
	}
	// The card the truth deals next, moved to the bottom of its deck, as
	// two dealt as one do: every card is where it was, and the rules deal
	// another card next.
	next := tb.peekDeal()
	if next < 0 {
		t.Fatal("no card to deal next")
	}
	order := append(slices.DeleteFunc(slices.Clone(tb.order), func(x int) bool { return x == next }), next)
	if err := tb.redeal(order, map[int]bool{next: true}, nil); err != nil {
		t.Fatal(err)
	}
	if got := tb.peekDeal(); got == next || got < 0 {
		t.Fatalf("after the redeal the truth deals %d next, want another card than %v", got, g.Card(next))
	}
	if !slices.Equal(tb.order, order) {
		t.Fatal("the truth's order was not kept")
	}
}

// TestRegather: a stack knocked over and gathered back in another order is
// a stack with another top card for its faller to pick up, while the
// assistant, told by the dealer only that it fell, keeps the order it saw
// dealt and holds every card of the faller's stacks a guess.
// "You can only pick up the top card of your stack": the truth follows
// the new order, every other card stays where it was.
func TestRegather(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		tb := playedTable(t, 3, seed, 16)
		tb.opt.Faults = Only(Regathered, 1)
		g := tb.truth
		was, seen := g.Clone(), tb.seen.RulesDigest()
		for range 20 {
			if err := tb.regather(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if len(tb.hand.Faults) > 0 {
				break
			}
		}
		if len(tb.hand.Faults) == 0 {
			continue // no stack of two cards or more
		}
		f := tb.hand.Faults[0]
		p := g.PlayerAt(f.Seat)
		moved := 0
		for s := 0; s < g.NumStacks(p); s++ {
			a, b := was.Stack(p, s), g.Stack(p, s)
			if slices.Equal(a, b) {
				continue
			}
			moved++
			top := b[len(b)-1]
			if top == a[len(a)-1] || g.Card(top).ID != f.Card {
				t.Errorf("seed %d: the stack's top is %v (was %v), the fault names %s", seed, g.Card(top), was.Card(a[len(a)-1]), f.Card)
			}
			sa, sb := slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
			if !slices.Equal(sa, sb) {
				t.Errorf("seed %d: the stack gathered back holds other cards: %v, was %v", seed, b, a)
			}
			for _, c := range b {
				if !f.stack[g.Card(c).ID] {
					t.Errorf("seed %d: %v is not listed with the stack", seed, g.Card(c))
				}
			}
		}
		if moved != 1 {
			t.Errorf("seed %d: %d stacks of seat %d in another order, want 1", seed, moved, f.Seat)
		}
		if err := sameTable(was, g, stackCards(g, f)); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		if tb.seen.RulesDigest() != seen {
			t.Errorf("seed %d: the assistant moved cards for a stack gathered back", seed)
		}
		if f.Answer != Named {
			t.Errorf("seed %d: the dealer's report: %v (%s), want named live", seed, f.Answer, f.Why)
		}
		for _, c := range tb.seen.Stack(p, 0) {
			if !tb.seen.Guessed(c) {
				t.Errorf("seed %d: %v in the knocked stack is not a guess", seed, tb.seen.Card(c))
			}
		}
		return
	}
	t.Fatal("no stack was knocked over in 20 hands")
}

// stackCards are the indices in g of the cards of f's stack.
func stackCards(g *game.Game, f Fault) map[int]bool {
	m := map[int]bool{}
	for id := range f.stack {
		if c, ok := g.CardIndex(id); ok {
			m[c] = true
		}
	}
	return m
}
