package game

import "testing"

// TestStandInReadAfterTheRiderWithOnlyGroundsLeft: "A player can never have
// more than one rider at a time." Seat 1's first card, dealt by hand with
// the reader gone, stands in a Skip; an earlier guess gone wrong leaves the
// engine's deck holding only Grounds while the table's still holds that
// Skip. At seat 2's turn the dealer reads seat 2's rider, a Hit, then the
// Skip being dealt as the Hit's first card. A rider read as a turn begins
// may be the seat's own card dealt by hand, shown there (mayBeShown), so
// with only Grounds left the read was refused: but seat 2's rider was
// shown already, and the Skip can be no second one. The read is the deal,
// and a card from the discard pile stands in at seat 1 (as
// TestStandInReadWithOnlyGroundsLeft). Refused, the messy table's dealer
// said seat 2's stack gone to move on, and the lights ran a seat off (reader
// gone, official seeds 1008844, 1009643).
func TestStandInReadAfterTheRiderWithOnlyGroundsLeft(t *testing.T) {
	tb := newObserved(t, 2, Skip, Move, Move, Move, Hit, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Skip on top stands in
	skip := tb.index[tb.id(Skip, 0)]
	if w := tb.Where(skip); w.Zone != InStack || w.Player != 0 || !tb.Blind(skip) {
		t.Fatalf("the Skip is at %+v (blind %v), want standing in at seat 1", w, tb.Blind(skip))
	}
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Scan(tb.id(Move, 1))) // seat 1
	tb.ok(Scan(tb.id(Move, 2))) // seat 2
	tb.ok(Scan(tb.id(Hit, 0)))  // seat 1
	phantom := tb.index[tb.id(Move, 3)]
	tb.phantomDiscard(phantom) // the earlier guess gone wrong: only Grounds left
	// Seat 1 plays its Hit on seat 2, shown as seat 2's turn begins.
	tb.ok(Scan(tb.id(Hit, 0)))
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Due != 2 {
		t.Fatalf("after seat 2's Hit: %v, want its two cards", in)
	}
	tb.ok(Scan(tb.Card(skip).ID)) // the Hit's first card
	if w := tb.Where(skip); w.Zone != InStack || w.Player != 1 || tb.Blind(skip) {
		t.Fatalf("the Skip read is at %+v (blind %v), want dealt to seat 2", w, tb.Blind(skip))
	}
	if w := tb.Where(phantom); w.Zone != InStack || w.Player != 0 || !tb.Blind(phantom) {
		t.Fatalf("the discarded card is at %+v (blind %v), want standing in at seat 1", w, tb.Blind(phantom))
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Due != 1 {
		t.Fatalf("next: %v, want the Hit's second card for seat 2", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
