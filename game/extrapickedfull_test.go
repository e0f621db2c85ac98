package game

import "testing"

// TestExtraReadOnARiderWithOneIsTheDeal: "A rider can only have one Extra
// at a time, so if a rider already has one Extra on it, you can't give it
// another one." The reader gone, seat 1's card is dealt by hand, and the
// engine stands an Extra in for it; the dealer says it is no longer on
// top (picked up). At seat 1's turn a Hit is shown with an Extra on it,
// and then the Extra standing in is read. Seat 1 cannot have laid it on a
// Hit that has one already: it is the Hit's first card, the deal in the
// dealer's hand, still in the deck, and another deck card stands in for
// the one seat 1 picked up. Before, the engine took it for the card seat
// 1 picked up, shown, and refused the true deal as a second Extra, the
// lights a seat off (messy seed 3005291, official rules, every mistake at
// 2 %).
func TestExtraReadOnARiderWithOneIsTheDeal(t *testing.T) {
	kinds := []Kind{Extra, Hit, Extra, Move, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	tb.ok(Confirm()) // seat 1, by hand: the reader is gone
	x := inf(tb, InfBlindDeal)
	if tb.Card(x).Kind != Extra {
		t.Fatalf("seat 1's card dealt by hand stands in as %v, want an Extra", tb.Card(x))
	}
	tb.ok(Scan(tb.id(Hit, 0)))   // seat 2
	tb.ok(Scan(tb.id(Extra, 1))) // seat 3
	tb.ok(IdentifyAt(1, 1, ""))  // seat 1's card is no longer on top: picked up
	tb.ok(Scan(tb.id(Hit, 0)))   // seat 1's turn: the Hit seat 2 played on seat 1
	tb.ok(Scan(tb.id(Extra, 1))) // and the Extra seat 3 laid on it
	tb.ok(Scan(tb.Card(x).ID))   // the Hit's first card
	if w := tb.Where(x); w.Zone != InStack || w.Player != 0 || tb.Blind(x) {
		t.Fatalf("the Extra read is at %+v (blind %v), want dealt to seat 1's stack", w, tb.Blind(x))
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
