package game

import "testing"

// TestIdentifyNamesTheStack: "If a player has more than one stack, you will
// deal one card into each." Seat 1 plays its Split on itself and the reader
// is gone for both its cards: each of its two stacks is topped by a card
// dealt by hand, two stand-ins. Asked to scan "the card dealt by hand to
// seat 1", the dealer picks the card up from one stack; the card they read
// may be the very one the engine stood in on the other. Named only by its
// seat, the answer was taken for the guess come true where it stands, on
// the other stack, and the two stacks' cards crossed: the card later
// picked up from the first stack and shown was taken from the second,
// which the engine then ended while the table still had it (messy seed
// 1005358, the reader gone, official and classic). The ask names the stack
// (AskStack), and the answer is for that stack (IdentifyAt, NotOnTopAt).
func TestIdentifyNamesTheStack(t *testing.T) {
	setup := func(t *testing.T) (tb *table, first, second int) {
		tb = newObserved(t, 2, Split, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0)))  // seat 1
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 1
		tb.ok(Scan(tb.id(Move, 1)))  // seat 2, on its Skip
		tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself
		tb.ok(Confirm())             // seat 1, stack 1: the reader is gone
		tb.ok(Confirm())             // seat 1, a new stack
		first, second = tb.Top(0, 0), tb.Top(0, 1)
		if tb.NumStacks(0) != 2 || !tb.Blind(first) || !tb.Blind(second) {
			t.Fatalf("seat 1: %s, want two stacks topped by cards dealt by hand", tb.kinds(0))
		}
		if s := tb.AskStack(0); s != 1 {
			t.Fatalf("asked about seat 1's stack %d, want its first", s)
		}
		return tb, first, second
	}
	t.Run("the card read stands in on the other stack", func(t *testing.T) {
		tb, first, second := setup(t)
		// The card on the first stack is the one the engine stood in on
		// the second.
		tb.ok(IdentifyAt(1, 1, tb.Card(second).ID))
		if tb.Top(0, 0) != second || tb.Blind(second) {
			t.Fatalf("seat 1's first stack is topped by %v (blind %v), want %v, seen", tb.Card(tb.Top(0, 0)), tb.Blind(tb.Top(0, 0)), tb.Card(second))
		}
		if tb.Top(0, 1) != first || !tb.Blind(first) {
			t.Fatalf("seat 1's second stack is topped by %v, want %v still standing in", tb.Card(tb.Top(0, 1)), tb.Card(first))
		}
		if s := tb.AskStack(0); s != 2 {
			t.Fatalf("asked next about seat 1's stack %d, want its second", s)
		}
		move := tb.id(Move, 4)
		tb.ok(IdentifyAt(1, 2, move))
		if c := tb.index[move]; tb.Top(0, 1) != c || tb.Blind(c) || tb.Where(first).Zone != InDeck {
			t.Fatalf("seat 1's second stack is topped by %v, want %s read there, %v back in the deck", tb.Card(tb.Top(0, 1)), move, tb.Card(first))
		}
	})
	t.Run("n is said of the stack asked about", func(t *testing.T) {
		tb, first, second := setup(t)
		tb.ok(NotOnTopAt(1, 2))
		if !tb.saidPickedUp(second) || tb.saidPickedUp(first) {
			t.Fatalf("said picked up: first stack %v, second %v; want the second only", tb.saidPickedUp(first), tb.saidPickedUp(second))
		}
	})
	t.Run("a stack with no card dealt by hand on top is refused", func(t *testing.T) {
		tb, _, _ := setup(t)
		tb.refusedAsIs(IdentifyAt(1, 3, tb.id(Move, 4)), RuleCardNotExpected)
		tb.refusedAsIs(NotOnTopAt(1, 3), RuleCardNotExpected)
		tb.ok(IdentifyAt(1, 1, tb.id(Move, 4)))
		tb.refusedAsIs(IdentifyAt(1, 1, tb.id(Move, 5)), RuleCardNotExpected) // now seen
	})
}
