package game

import "testing"

// TestRiderNamedFromAHeldStandIn: "Once you are holding a card, you may
// play it right away, or you may keep holding it", and "You may place a
// rider in front of any player, including yourself". Seat 1's second
// stack, started by a Split, is a card dealt by hand, its stand-in a Hit;
// the dealer says it is no longer on top, so seat 1 holds it (heldAlone).
// At seat 2's turn the dealer names a Hit shown, and the engine takes the
// Hit seat 1 holds for it: played on seat 2, its rider, two cards due.
// Before, the read of that stand-in went through the test for a card
// dealt by hand read as a turn begins ("the deal in the dealer's hand"):
// the Hit named was dealt into seat 2's stack and the lights went on to
// seat 1, a seat ahead of the table (messy seed 2002293, official rules,
// every mistake at 2 %).
func TestRiderNamedFromAHeldStandIn(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Split, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	id := func(i int) string { return tb.Card(i).ID }
	sp, h0, h1, m5 := 7, 8, 9, 5
	// Bottom first: the Grounds, the cards read, the two the engine takes
	// for the Split's cards dealt by hand on top (m5, then h0).
	tb.deck = []int{10, 11, 0, 1, 2, 3, 4, 6, sp, h1, h0, m5}
	tb.ok(Scan(id(0)))  // seat 1
	tb.ok(Scan(id(1)))  // seat 2
	tb.ok(Scan(id(2)))  // seat 1
	tb.ok(Scan(id(sp))) // seat 2: the Split
	tb.ok(Scan(id(sp))) // seat 1's turn: seat 2 played it there
	tb.ok(Confirm())    // into seat 1's stack, by hand: the reader is gone
	tb.ok(Confirm())    // a new stack, by hand
	if w := tb.Where(h0); w.Zone != InStack || w.Player != 0 || w.Stack != 1 || !tb.Blind(h0) {
		t.Fatalf("the Hit stands in at %+v (blind %v), want seat 1's second stack", w, tb.Blind(h0))
	}
	tb.ok(Confirm())   // the Split swept
	tb.ok(Scan(id(3))) // seat 2
	tb.ok(NotOnTopAt(1, 2))
	if w := tb.Where(h0); w.Zone != InHand || w.Player != 0 {
		t.Fatalf("said picked up, the Hit stands in at %+v, want seat 1's hand", w)
	}
	tb.ok(Scan(id(4)))    // seat 1
	tb.ok(ConfirmAs(Hit)) // seat 2's turn: a Hit shown, named by hand
	if w := tb.Where(h0); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("the Hit named is at %+v, want seat 2's rider", w)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Due != 2 {
		t.Fatalf("next: %v, want the Hit's two cards at seat 2", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
