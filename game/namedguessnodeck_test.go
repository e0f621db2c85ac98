package game

import "testing"

// TestNamedRiderGuessIdentifiedNoDeckCardLeft: "Hold the deck face down,
// and deal from the top." The reader gone, seat 1's first card is dealt
// by hand, and at seat 1's turn the dealer names a Hit shown: the engine
// takes a deck Hit for it (a guess, named by hand), and it is swept. Seat
// 2's next card is dealt by hand too; the engine's deck has one Hit left,
// and it stands in there. The reader back, the card dealt by hand to seat
// 2 is read: it is the very Hit the engine took for the one shown and
// swept. That Hit was still in the deck then, so the Hit shown and swept
// was another: with no Hit left in the deck, the one whose place is now
// no more than a guess, the Hit that stood in at seat 2, takes its place
// in the discard pile. Before, a guess in the discard pile was given back
// only while the deck still had a card of its kind
// (TestNamedRiderGuessReadBeingDealt), and the true answer was refused
// as "known to be elsewhere (discard)" (messy seed 2002205, official
// rules, every mistake at 2 %).
func TestNamedRiderGuessIdentifiedNoDeckCardLeft(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())            // seat 1, by hand: the reader is gone
	tb.ok(Scan(tb.id(Move, 2))) // seat 2
	tb.ok(ConfirmAs(Hit))       // seat 1's turn: a Hit shown, named by hand
	c := inf(tb, InfRiderPlayed)
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 0 || tb.Card(c).Kind != Hit {
		t.Fatalf("the Hit named is %v at %+v, want a deck Hit as seat 1's rider", tb.Card(c), w)
	}
	tb.ok(Scan(tb.id(Move, 1))) // the Hit's two cards
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Confirm()) // the Hit swept
	if w := tb.Where(c); w.Zone != InDiscard {
		t.Fatalf("the Hit named is at %+v after its sweep, want the discard pile", w)
	}
	tb.ok(Confirm()) // seat 2's card, by hand
	s := inf(tb, InfBlindDeal)
	if w := tb.Where(s); w.Zone != InStack || w.Player != 1 || tb.Card(s).Kind != Hit {
		t.Fatalf("seat 2's card dealt by hand stands in as %v at %+v, want the deck's last Hit in seat 2's stack", tb.Card(s), w)
	}
	tb.ok(IdentifyAt(2, 1, tb.Card(c).ID))
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 || tb.Blind(c) {
		t.Fatalf("the Hit read for seat 2's card dealt by hand is at %+v (blind %v), want on seat 2's stack", w, tb.Blind(c))
	}
	if w := tb.Where(s); w.Zone != InDiscard {
		t.Fatalf("the Hit that stood in at seat 2 is at %+v, want the discard pile, as the Hit shown and swept", w)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
