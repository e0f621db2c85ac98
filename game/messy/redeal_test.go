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
		err := tb.redeal(tc.order, nil)
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
	if err := tb.redeal(order, map[int]bool{next: true}); err != nil {
		t.Fatal(err)
	}
	if got := tb.peekDeal(); got == next || got < 0 {
		t.Fatalf("after the redeal the truth deals %d next, want another card than %v", got, g.Card(next))
	}
	if !slices.Equal(tb.order, order) {
		t.Fatal("the truth's order was not kept")
	}
}
