package game

import "testing"

// TestStandInReadAfterTheRiderShown: "A player can never have more than
// one rider at a time." Seat 2 shows its Hit as its turn begins; the next
// card read is the Hit's first card, whatever its kind. Seat 1's card,
// dealt by hand with the reader gone, stands in a Skip, and an earlier
// guess gone wrong leaves the engine's deck holding only Grounds. That
// very Skip, read as the Hit's first card, was taken as one that may be a
// rider shown (a card dealt by hand, picked up and played), so no card
// from the discard pile could stand in at seat 1 instead: the read was
// refused, the dealer, waved on, said seat 2's stack gone, and the lights
// ran a seat off when the Grounds came (messy reader-gone, official seed
// 1008844; french 1003360, 1003402, 1003695). With a rider shown already,
// it is the deal.
func TestStandInReadAfterTheRiderShown(t *testing.T) {
	tb := newObserved(t, 2, Skip, Skip, Hit, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the reader is gone
	guess, other := -1, -1
	for c := range tb.NumCards() {
		switch {
		case tb.Blind(c):
			guess = c
		case tb.cards[c].Kind == Skip:
			other = c
		}
	}
	if guess < 0 || tb.cards[guess].Kind != Skip || other < 0 {
		t.Fatalf("stand-in %d (want a Skip), the other Skip %d", guess, other)
	}
	hit := tb.id(Hit, 0)
	tb.ok(Scan(hit))            // seat 2's deal (the reader back)
	tb.ok(Scan(tb.id(Move, 0))) // seat 1's
	tb.phantomDiscard(other)    // an earlier guess gone wrong: only Grounds left
	tb.ok(Scan(hit))            // seat 2's turn: its own Hit, played on itself
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 || in.Due != 2 {
		t.Fatalf("next: %v, want the Hit's two cards for seat 2", in)
	}
	tb.ok(Scan(tb.Card(guess).ID)) // the Hit's first card: seat 1's stand-in
	if w := tb.Where(guess); w.Zone != InStack || w.Player != 1 || tb.Blind(guess) {
		t.Fatalf("the Skip read is at %+v (blind %v), want dealt to seat 2", w, tb.Blind(guess))
	}
	if w := tb.Where(other); w.Zone != InStack || w.Player != 0 || !tb.Blind(other) {
		t.Fatalf("the discarded Skip is at %+v (blind %v), want standing in at seat 1", w, tb.Blind(other))
	}
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 || in.Due != 1 {
		t.Fatalf("next: %v, want the Hit's second card for seat 2", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
