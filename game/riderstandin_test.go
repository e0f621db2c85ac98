package game

import "testing"

// TestRiderNamedKeepsAStack: "If a player has more than one stack, you will
// deal one card into each." With the reader gone, the dealer names a Skip
// shown at seat 1's turn. Two Skips could be it: the only card of seat 1's
// second stack, on top, and seat 2's, under two cards dealt since. Taking
// the first ends seat 1's second stack, and if that guess is wrong the
// lights deal seat 1 a card fewer each pass, a seat behind the dealer, with
// nothing the dealer's panel can say to bring the stack back. Taking the
// second, if wrong, the dealer mends at once: the lights ask for a card in
// seat 1's second stack, and the dealer says it is gone. With the reader
// gone alone at 2 %, the messy table had 11 to 13 hands of 10,000 per rule
// set a seat astray this way, most shown when a Stop sent a Ground back
// and the seat was owed another the lights did not count.
func TestRiderNamedKeepsAStack(t *testing.T) {
	// Seat 1: Move, then its Split; seat 2: a Skip, then Moves.
	setup := func(t *testing.T) *table {
		tb := newObserved(t, 2, Split, Skip, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0)))  // seat 1
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 1
		tb.ok(Scan(tb.id(Move, 1)))  // seat 2, on its Skip
		tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself
		tb.ok(Scan(tb.id(Move, 2)))  // seat 1, stack 1
		tb.ok(Scan(tb.id(Skip, 1)))  // seat 1, a new stack: its only card
		tb.ok(Confirm())             // the Split swept
		tb.ok(Scan(tb.id(Move, 3)))  // seat 2
		// The reader is gone as the dealer comes round to seat 1: "a
		// Skip is here".
		tb.ok(ConfirmAs(Skip))
		return tb
	}
	t.Run("the stack is kept", func(t *testing.T) {
		tb := setup(t)
		if n := tb.NumStacks(0); n != 2 {
			t.Fatalf("seat 1 has %d stacks (%s), want its 2 kept", n, tb.kinds(0))
		}
		want := tb.index[tb.id(Skip, 0)]
		if w := tb.Where(want); w.Zone != AsRider || w.Player != 0 {
			t.Fatalf("%v is at %+v: want it stood in for the Skip shown at seat 1", tb.Card(want), w)
		}
		tb.ok(Confirm()) // the Skip swept: seat 1 is dealt nothing
		tb.ok(Confirm()) // seat 2
		if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Due != 2 {
			t.Fatalf("seat 1's next turn: %+v, want a card into each of its 2 stacks", in)
		}
	})
	t.Run("a wrong guess the dealer mends", func(t *testing.T) {
		// It was seat 1's own Skip: its second stack is gone. The lights
		// ask for a card there, and the dealer says it is gone.
		tb := setup(t)
		tb.ok(Confirm()) // the Skip swept
		tb.ok(Confirm()) // seat 2
		tb.ok(Confirm()) // seat 1, stack 1
		if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Stack != 1 {
			t.Fatalf("after seat 1's first stack: %+v, want its second", in)
		}
		tb.ok(StackGone())
		if in := tb.Next(); in.Player != 1 {
			t.Fatalf("after seat 1's second stack said gone: %+v, want seat 2's deal", in)
		}
		if n := tb.NumStacks(0); n != 1 {
			t.Fatalf("seat 1 has %d stacks (%s), want 1", n, tb.kinds(0))
		}
	})
}
