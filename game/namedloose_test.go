package game

import "testing"

// TestNamedGuessReadAsPickedUpCardPlayed: "Once you are holding a card,
// you may play it right away, or you may keep holding it", and "Hold the
// deck face down, and deal from the top." The engine takes a deck Hit for
// a Hit named by hand at seat 2's turn, and it is swept into the discard
// pile: a guess, never read. Seat 1's card dealt by hand is said no
// longer on top, and as seat 1's turn begins that very Hit is read. It
// was in the deck, so it may be the card seat 1 picked up, played on
// itself, as a card the engine counts in its deck would be (swapLoose):
// seat 1's rider, two cards due. Before, it was taken for seat 1's deal
// (the guess given back to the deck and dealt) and the lights went on to
// seat 2 while the table dealt seat 1 its Hit's cards (messy seed 3006437,
// official rules, every mistake at 2 %).
func TestNamedGuessReadAsPickedUpCardPlayed(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Move, Hit, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	id := func(i int) string { return tb.Card(i).ID }
	tb.ok(Scan(id(0)))    // seat 1
	tb.ok(Confirm())      // seat 2, by hand: the reader is gone
	tb.ok(Scan(id(1)))    // seat 1 (the reader back)
	tb.ok(ConfirmAs(Hit)) // seat 2's turn: a Hit shown, named by hand
	c := inf(tb, InfRiderPlayed)
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("the Hit named is at %+v, want seat 2's rider", w)
	}
	tb.ok(Scan(id(2)))
	tb.ok(Scan(id(3)))
	tb.ok(Confirm()) // the Hit swept
	if w := tb.Where(c); w.Zone != InDiscard {
		t.Fatalf("the Hit named is at %+v after its sweep, want the discard pile", w)
	}
	tb.ok(Confirm())   // seat 1, by hand
	tb.ok(Scan(id(4))) // seat 2
	tb.ok(NotOnTop(1)) // seat 1's card dealt by hand, picked up
	tb.ok(Scan(tb.Card(c).ID))
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 0 {
		t.Fatalf("the Hit read as seat 1's turn begins is at %+v, want seat 1's rider", w)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Due != 2 {
		t.Fatalf("next: %v, want the Hit's two cards at seat 1", in)
	}
	hits := 0
	for _, x := range tb.discard {
		if tb.Card(x).Kind == Hit {
			hits++
		}
	}
	if hits != 1 {
		t.Fatalf("the discard pile holds %d Hits, want one standing in for the Hit shown at seat 2", hits)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
