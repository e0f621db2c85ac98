package game

import "testing"

// TestRiderNamedIsTheSeatsOwnCardDealtByHand: "You may place a rider in
// front of any player, including yourself." With the reader gone, the
// dealer names a Hit shown as seat 2's turn begins, and the engine knows
// of no Hit outside the deck: it is a card dealt by hand, picked up and
// played. Both seats' cards dealt by hand lie on top, never asked for: seat
// 2's, stood in by an Extra, and seat 1's, stood in by a Hit. The stand-in's
// kind is the engine's own guess, no word of the table's, so it tells
// nothing of which card was the Hit; the seat at whose turn the rider is
// shown comes first, as pickedUpAnyone takes a rider said not dealt ("one
// still a guess on top of a stack, p's first"). Taken from seat 1's place,
// seat 1's card was said played where seat 2 had played its own, and the
// lights ran a seat off: the expert deck's 1004107 with the reader gone at
// 2 %, on three rule sets.
func TestRiderNamedIsTheSeatsOwnCardDealtByHand(t *testing.T) {
	tb := newObserved(t, 2, Move, Extra, Hit, Hit, Move, Move, Move, Ground, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0))) // seat 1
	tb.ok(Confirm())            // seat 2, stood in by the Extra
	tb.ok(Confirm())            // seat 1, stood in by the first Hit
	extra, hit := tb.index[tb.id(Extra, 0)], tb.index[tb.id(Hit, 0)]
	if tb.Where(extra).Player != 1 || tb.Where(hit).Player != 0 || !tb.Blind(extra) || !tb.Blind(hit) {
		t.Fatalf("stand-ins: %v at %+v, %v at %+v: want the Extra at seat 2, the Hit at seat 1", tb.Card(extra), tb.Where(extra), tb.Card(hit), tb.Where(hit))
	}
	tb.ok(ConfirmAs(Hit)) // shown as seat 2's turn begins
	if w := tb.Where(hit); w.Zone != InStack || w.Player != 0 || !tb.Blind(hit) {
		t.Fatalf("seat 1's stand-in %v at %+v, blind %v: want it still standing in at seat 1", tb.Card(hit), w, tb.Blind(hit))
	}
	if w := tb.Where(extra); w.Zone != InDeck {
		t.Fatalf("seat 2's stand-in %v at %+v: want it back in the deck, seat 2's card being the Hit shown", tb.Card(extra), w)
	}
	if r := tb.players[1].rider; r < 0 || tb.Card(r).Kind != Hit {
		t.Fatalf("seat 2's rider %d: want a Hit", r)
	}
}
