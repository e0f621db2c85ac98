package game

import "testing"

// TestBlindStopShownLater: "To Stop a Ground, play the Stop as the Ground
// is being dealt to you. The dealer keeps the Ground, and you discard the
// Stop." A Stop confirmed by hand stands in the Stop nearest the top of the
// faller's stacks, a guess: the faller may have played one they held,
// picked up unseen. When the card stood in is later shown for another
// Ground, it is that faller's Stop, not a card swept already. The real
// dealer on the messy table (reader gone, then back) left hands unfinished
// on this refusal.
func TestBlindStopShownLater(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Move, Move, Move, Move, Move, Ground, Ground, Ground)
	// Seat 1 is dealt a Stop, picks it up unseen, and is dealt another.
	tb.ok(Scan(tb.id(Stop, 0)))
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Stop, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Scan(tb.id(Move, 3)))
	// The reader is gone: seat 1's Ground, and the Stop they held, are
	// confirmed by hand. The engine stands in the Stop on the stack's top.
	tb.ok(ConfirmAs(Ground))
	tb.ok(Press(1))
	tb.ok(Confirm())
	guess := tb.index[tb.id(Stop, 1)]
	if tb.Out(0) || tb.Where(guess).Zone != InDiscard {
		t.Fatalf("after seat 1's Stop: out %v, the Stop stood in at %+v", tb.Out(0), tb.Where(guess))
	}
	// The reader is back. The Ground goes to seat 2, who has no Stop.
	tb.ok(Scan(tb.id(Ground, 0)))
	tb.ok(StopClosed())
	tb.ok(Scan(tb.id(Move, 4)))
	// Seat 1 picked up the Stop on its stack, and shows it for its next
	// Ground.
	tb.ok(Scan(tb.id(Ground, 1)))
	if in := tb.Next(); in.Action != ActLand || in.Player != 0 {
		t.Fatalf("want seat 1's Ground landing, got %+v", in)
	}
	tb.ok(Scan(tb.id(Stop, 1)))
	if tb.Out(0) {
		t.Fatal("seat 1 is out: the Stop they showed was taken for one swept already")
	}
}

// TestNamedRiderShownLater: "You may place a rider in front of any player,
// including yourself, as long as that person doesn't already have one." A
// rider the dealer names by hand stands in a card of its kind the engine
// guesses (the top of a stack); when the card it guessed is later shown as
// another seat's rider, that seat played it: it is not a card swept
// already. The real dealer on the messy table (reader gone, then back)
// left hands unfinished on this refusal.
func TestNamedRiderShownLater(t *testing.T) {
	tb := newObserved(t, 3, Move, Hit, Hit, Move, Move, Move, Move, Ground, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Hit, 0))) // seat 2's stack
	tb.ok(Scan(tb.id(Hit, 1))) // seat 3's stack
	// Unseen, seat 3 plays its Hit on seat 1. The reader is gone as the
	// dealer comes round: the Hit named stands in seat 2's, the first
	// the engine finds on a stack's top.
	tb.ok(ConfirmAs(Hit))
	guess := tb.index[tb.id(Hit, 0)]
	if w := tb.Where(guess); w.Zone != AsRider || w.Player != 0 {
		t.Fatalf("the Hit named is %+v, want seat 2's stood in as seat 1's rider", w)
	}
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	for in := tb.Next(); in.Action == ActSweep && in.Player == 0; in = tb.Next() {
		tb.ok(Confirm()) // the Hit swept
	}
	// The reader is back. Seat 2 plays its own Hit on itself, and the
	// dealer shows it as seat 2's turn begins.
	tb.ok(Scan(tb.id(Hit, 0)))
	if in := tb.Next(); in.Player != 1 || in.Rider != Hit || in.Action != ActDeal {
		t.Fatalf("after seat 2's Hit shown: %+v, want its deals", in)
	}
}

// TestBlindStopAfterStackGone: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you." A stack reported gone is taken for picked
// up unseen, its cards discarded as far as the engine knows; its Stop may
// be in the faller's hand. Confirmed by hand for a Ground, that Stop saves
// them, as it would if read. The messy table's reader-gone hands left a
// faller out who had Stopped their Ground.
func TestBlindStopAfterStackGone(t *testing.T) {
	tb := newObserved(t, 3, Stop, Move, Move, Move, Move, Ground, Ground, Ground)
	tb.ok(Scan(tb.id(Stop, 0)))
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Move, 1)))
	// Seat 1 picks up its Stop, and its only stack with it: the dealer
	// says it is gone, and deals a new one.
	tb.ok(StackGone())
	stop := tb.index[tb.id(Stop, 0)]
	if w := tb.Where(stop); w.Zone != InDiscard {
		t.Fatalf("the Stop of the stack gone is at %+v, want guessed discarded", w)
	}
	// The reader is gone: the Ground and the Stop are confirmed by hand.
	tb.ok(ConfirmAs(Ground))
	tb.ok(Press(1))
	tb.ok(Confirm())
	if tb.Out(0) {
		t.Fatal("seat 1 is out: its Stop, in hand since its stack went, did not save it")
	}
}
