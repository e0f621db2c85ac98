package game

import "testing"

// TestBlindStandInReadLater: "Reader unplugged or I2C errors mid-hand: the
// assistant says so, keeps pacing with manual confirmation from the dealer
// panel, and picks the reader up again when it comes back" (product.md).
// A deal confirmed by hand stands in a deck card the engine cannot know;
// once the reader is back, reading that very card being dealt proves the
// guess wrong: it was still in the deck. The read is the deal, and another
// deck card stands in for the earlier one. The messy table found these
// reads refused, the assistant left waiting for a card it had already
// placed, a seat behind the dealer for the rest of the hand.
func TestBlindStandInReadLater(t *testing.T) {
	// No riders: a rider read as a seat's turn starts is that seat's
	// rider, played unseen, as far as anyone at the table can tell.
	tb := newObserved(t, 2, Stop, Move, Stop, Move, Ground, Ground)
	tb.ok(Event{Kind: EvConfirm}) // seat 1's card, the reader gone
	guess := -1
	for c := range tb.NumCards() {
		if tb.Blind(c) {
			guess = c
		}
	}
	if guess < 0 || tb.Where(guess).Zone != InStack || tb.Where(guess).Player != 0 {
		t.Fatalf("no blind deal at seat 1: %+v", tb.Inferences())
	}
	// The reader is back: the card the engine stood in is read dealt to
	// seat 2.
	tb.ok(Scan(tb.Card(guess).ID))
	if w := tb.Where(guess); w.Zone != InStack || w.Player != 1 || tb.Blind(guess) {
		t.Fatalf("the card read is at %v (blind %v), want dealt to seat 2", w, tb.Blind(guess))
	}
	if tb.NumStacks(0) != 1 || len(tb.Stack(0, 0)) != 1 {
		t.Fatalf("seat 1 lost its card: %s", tb.kinds(0))
	}
	other := tb.Stack(0, 0)[0]
	if other == guess || !tb.Blind(other) {
		t.Fatalf("seat 1's card %v is not a new stand-in", tb.Card(other))
	}
	if inf := tb.Inferences(); inf[len(inf)-1].Kind != InfBlindDeal || inf[len(inf)-1].Card != other {
		t.Fatalf("the new stand-in is not named: %+v", inf)
	}
	// A card that was really dealt, read again, is still refused.
	tb.refused(Scan(tb.Card(guess).ID), RuleCardNotExpected)
}
