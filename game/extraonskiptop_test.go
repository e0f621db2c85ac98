package game

import "testing"

// TestExtraOnASkipFromTheTopNeverAsked: "To play an Extra, lay it on top
// of the rider you wish to modify, overlapping it so the dealer can still
// read both cards", "You can only pick up the top card of your stack" and
// "EXTRA SKIP: Deal no cards to this player, and sweep away only the
// Extra card. (The Skip remains.)" Seat 1's first card was dealt by hand
// (a guess stands in), and a Skip was dealt onto it before the dealer
// could ask for it. Seat 1's faller played the Skip on themself, then
// picked up the card under it, an Extra, and laid it on the Skip. At seat
// 1's turn the dealer shows the Skip, then the Extra, which the engine
// believes in the deck: no card is dealt after a Skip, so it is no deal,
// and the card dealt by hand, on top since the Skip left it and never
// asked for, is the one laid on it. Taken for the Skip swept and the next
// seat's card (messy 4003951, every mistake at 2 %, out of step on the
// three rule sets), the Skip was swept where only its Extra goes.
func TestExtraOnASkipFromTheTopNeverAsked(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Skip, Extra, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())            // seat 1, by hand: a guess stands in
	tb.ok(Scan(tb.id(Move, 1))) // seat 2
	tb.ok(Scan(tb.id(Skip, 0))) // seat 1, onto the card dealt by hand
	tb.ok(Scan(tb.id(Move, 2))) // seat 2
	tb.ok(Scan(tb.id(Skip, 0))) // seat 1 played it on themself
	if in := tb.Next(); in.Player != 0 || in.Action != ActSweep || !in.SweepRider {
		t.Fatalf("after the Skip shown: %+v, want seat 1's Skip swept", in)
	}
	extra := tb.id(Extra, 0)
	tb.ok(Scan(extra))
	x, _ := tb.CardIndex(extra)
	if w := tb.Where(x); w.Zone != AsExtra || w.Player != 0 {
		t.Fatalf("the Extra lies at %+v, want on seat 1's Skip", w)
	}
	in := tb.Next()
	if in.Player != 0 || in.Action != ActSweep || in.SweepRider || in.SweepExtras != 1 {
		t.Fatalf("next: %+v, want seat 1's Extra Skip: only the Extra swept", in)
	}
	if s, _ := tb.CardIndex(tb.id(Skip, 0)); tb.Rider(0) != s {
		t.Fatalf("seat 1's rider is %d, want the Skip", tb.Rider(0))
	}
}

// TestExtraAfterASkipWithNoCardDealtByHand is the negative control: with
// no card dealt by hand on seat 1's stacks (the one dealt by hand was
// read while it lay on top), nothing of seat 1's can be the Extra read
// after its Skip, and the engine takes it as before (the Skip swept, the
// Extra the next seat's).
func TestExtraAfterASkipWithNoCardDealtByHand(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Skip, Extra, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())                   // seat 1, by hand
	tb.ok(Identify(1, tb.id(Move, 0))) // read while on top: no guess left
	tb.ok(Scan(tb.id(Move, 1)))        // seat 2
	tb.ok(Scan(tb.id(Skip, 0)))        // seat 1
	tb.ok(Scan(tb.id(Move, 2)))        // seat 2
	tb.ok(Scan(tb.id(Skip, 0)))        // seat 1 played it on themself
	extra := tb.id(Extra, 0)
	tb.ok(Scan(extra))
	x, _ := tb.CardIndex(extra)
	if w := tb.Where(x); w.Zone == AsExtra && w.Player == 0 {
		t.Fatalf("the Extra lies on seat 1's Skip with no card of seat 1's to be it")
	}
}
