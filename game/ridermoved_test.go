package game

import "testing"

// TestPermanentRiderNamedWhereItWasMoved: "MOVE: This card moves a rider.
// You can either steal someone else's rider, or you can give your rider to
// someone else." and "The three optional cards, Anvil, Chute, and Goggles,
// are permanent riders. This means that the dealer does not sweep them,
// though they can still be Moved and Stopped." Seat 1 plays the Anvil on
// itself; seat 2 steals it with a Move, unseen. With the reader gone, the
// dealer names the Anvil shown at seat 2's turn. The engine believes it in
// front of seat 1, or, once the dealer said it was not there, gone from
// seat 1 to the discard pile, a guess: either way it is the deck's only
// Anvil, and it was refused ("a card of a kind the engine knows of nowhere
// it could come from"), so seat 2 was dealt one card where the table dealt
// two. The messy table's reader gone on the expert deck put 34 of its 73
// official hands out of step this way (seeds 1000108, 1000135, 1000435).
func TestPermanentRiderNamedWhereItWasMoved(t *testing.T) {
	for _, gone := range []bool{false, true} {
		tb := newObserved(t, 2, Anvil, Move, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
		anvil := tb.index[tb.id(Anvil, 0)]
		tb.ok(Scan(tb.id(Anvil, 0))) // seat 1
		tb.ok(Scan(tb.id(Move, 0)))  // seat 2
		tb.ok(Scan(tb.id(Anvil, 0))) // seat 1 plays it on itself, shown
		if w := tb.Where(anvil); w != (Place{Zone: AsRider, Player: 0}) {
			t.Fatalf("the Anvil is at %+v, want seat 1's rider", w)
		}
		tb.ok(Scan(tb.id(Move, 1))) // seat 1, the Anvil's two cards
		tb.ok(Scan(tb.id(Move, 2)))
		for in := tb.Next(); in.Player == 0; in = tb.Next() {
			tb.ok(Confirm()) // the Anvil stays
		}
		if gone {
			// The dealer said the Anvil was not there at seat 1: the
			// engine guesses it into the discard pile.
			tb.dropUnseenRider(0)
		}
		// Seat 2 stole it; the reader is gone as seat 2's turn begins.
		tb.ok(ConfirmAs(Anvil))
		if w := tb.Where(anvil); w != (Place{Zone: AsRider, Player: 1}) {
			t.Fatalf("gone %v: the Anvil is at %+v, want seat 2's rider", gone, w)
		}
		if tb.Rider(0) >= 0 {
			t.Fatalf("gone %v: seat 1 still has a rider, %v", gone, tb.Card(tb.Rider(0)))
		}
		if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Due != 2 {
			t.Fatalf("gone %v: after the Anvil named at seat 2: %v, want its two cards", gone, in)
		}
		if err := tb.Check(); err != nil {
			t.Fatal(err)
		}
	}
}
