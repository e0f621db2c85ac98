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
