package game

import "testing"

// TestExtraReadAfterASkipIsPlayed: "SKIP: Deal no cards to this player."
// and "EXTRA SKIP: Deal no cards to this player, and sweep away only the
// Extra card. (The Skip remains.)" Seat 1's card dealt by hand was said
// picked up (NotOnTop), and seat 2 played a Skip on seat 1. At seat 1's
// turn the dealer shows the Skip, and the next read is an Extra the engine
// believes in the deck: no card is dealt after a Skip, so it cannot be a
// deal. It is seat 1's own card, laid on the Skip before the dealer reached
// the seat (swapLoose), as it was before an Extra read just after its
// rider was taken for the rider's first deal.
func TestExtraReadAfterASkipIsPlayed(t *testing.T) {
	kinds := []Kind{Move, Skip, Move, Extra, Move, Move, Move, Move, Move, Ground, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	tb.ok(Confirm())            // seat 1, by hand
	tb.ok(Scan(tb.id(Skip, 0))) // seat 2
	tb.ok(Scan(tb.id(Move, 1))) // seat 3
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Skip, 0))) // seat 2 played it on seat 1
	if in := tb.Next(); in.Seat != 1 || in.Action == ActDeal {
		t.Fatalf("after the Skip shown, next: %v, want seat 1 skipped", in)
	}
	tb.ok(Scan(tb.id(Extra, 0)))
	x, _ := tb.CardIndex(tb.id(Extra, 0))
	if w := tb.Where(x); w.Zone != AsExtra || w.Player != 0 {
		t.Fatalf("the Extra lies at %+v, want on seat 1's Skip", w)
	}
	if in := tb.Next(); in.Seat != 1 || in.Action == ActDeal {
		t.Fatalf("next: %v, want seat 1's Extra Skip carried out (no card)", in)
	}
}
