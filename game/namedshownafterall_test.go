package game

import "testing"

// TestNamedRiderGuessShownAfterAll: "Hold the deck face down, and deal from
// the top", and riders "must be played horizontally between a player and
// the dealer", while stacks "are oriented vertically". The Hit the engine
// took from its deck for the one named by hand at seat 1, and swept, read
// as seat 2's turn begins, was still in the deck (unguessNamed): the
// engine deals it to seat 2. It was played there as seat 2's rider, and
// the dealer, who sees it lying so while the light goes on, says misread:
// it is seat 2's rider, shown after all, and the light asks for the Hit's
// two cards. Before, the screen offered no misread for it
// (riderDealtFromDeck took only a card in the deck or standing in), and
// the lights ran a seat behind (messy 3006437 french, the run with
// --seed 3, every mistake at 2 %).
func TestNamedRiderGuessShownAfterAll(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Move, Hit, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())            // seat 1, by hand: the reader is gone
	tb.ok(Scan(tb.id(Move, 0))) // seat 2 (the reader back)
	tb.ok(ConfirmAs(Hit))       // seat 1's turn: a Hit shown, named by hand
	c := inf(tb, InfRiderPlayed)
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Confirm()) // the Hit swept
	hit := tb.Card(c).ID
	tb.ok(Scan(hit)) // seat 2's turn begins: taken for its deal
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit named, read as seat 2's turn begins, is at %+v, want seat 2's deal", w)
	}
	if got, ok := tb.ReadToTakeBack(); !ok || got != hit {
		t.Fatalf("ReadToTakeBack = %q %v, want %s offered", got, ok, hit)
	}
	tb.ok(NotThereRead(hit))
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("after the misread the Hit is at %+v, want seat 2's rider", w)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Rider != Hit || in.Due != 2 {
		t.Fatalf("after the misread the light asks %+v, want seat 2's two cards for its Hit", in)
	}
}
