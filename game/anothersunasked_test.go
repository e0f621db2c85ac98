package game

import "testing"

// TestStopUnclaimedWhereTheRiderWasAnothersUnasked is the control of
// TestStopHeldWhereTheRiderWasAnothers/unasked: with
// no claim ("A button press from seat N while a Ground is being dealt to
// N is N's Stop claim", product.md) the dealer dealt on, so the Ground
// lands: seat 2 is out, which ends this two-seat hand, and the Stop read
// after it is refused, seat 1's guess left where it lies.
func TestStopUnclaimedWhereTheRiderWasAnothersUnasked(t *testing.T) {
	tb := newObserved(t, 2, Move, Hit, Move, Move, Move, Move, Move, Move, Stop, Ground, Ground, Ground)
	tb.ok(Confirm())
	tb.ok(Confirm())
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Scan(tb.id(Move, 3)))
	tb.ok(Identify(2, tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Move, 4)))
	tb.ok(Scan(tb.id(Move, 5)))
	tb.ok(Confirm())
	tb.ok(Scan(tb.id(Move, 6)))
	tb.ok(Scan(tb.id(Ground, 0)))
	tb.refused(Scan(tb.id(Stop, 0)), RuleGameOver) // no claim: the Ground landed first
	tb.ok(StopClosed())
	if !tb.Out(1) || !tb.Over() {
		t.Fatalf("seat 2 out %v, over %v: want seat 2 out and the hand over", tb.Out(1), tb.Over())
	}
	move := tb.index[tb.id(Move, 0)]
	if w := tb.Where(move); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("seat 1's stand-in %v at %+v: want it left in seat 1's stack", tb.Card(move), w)
	}
}
