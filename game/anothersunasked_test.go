package game

import "testing"

// TestStopHeldWhereTheRiderWasAnothersUnasked: "You can only pick up the
// top card of your stack", "If the dealer is giving you two cards in a
// row ... you can certainly grab the first one", "You may place a rider in
// front of any player, including yourself", and "To Stop a Ground, play
// the Stop as the Ground is being dealt to you." As in
// TestStopHeldWhereTheRiderWasAnothers, but seat 1's card dealt by hand is
// never asked for: seat 1 grabbed it before its next deal covered it, and
// the dealer never said so. The Hit the engine took for seat 2's own card
// was seat 1's, and the Stop shown at seat 2's claim was seat 2's, held.
// Taken for the next deal (no faller's card was said picked up), seat 2
// was out while the table saved it, and the lights ran a seat behind:
// messy 2000266 (french), 2008725 and 3008801 (all three rule sets) with
// every mistake at 2 %.
func TestStopHeldWhereTheRiderWasAnothersUnasked(t *testing.T) {
	tb := newObserved(t, 2, Move, Hit, Move, Move, Move, Move, Move, Move, Stop, Ground, Ground, Ground)
	tb.ok(Confirm()) // seat 1, stood in by the first Move, never asked for
	tb.ok(Confirm()) // seat 2, stood in by the Hit
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2))) // seat 2: covers its card, never asked for
	tb.ok(Scan(tb.id(Move, 3))) // seat 1: covers its card likewise
	hit := tb.index[tb.id(Hit, 0)]
	if q := tb.PlayedUnseen(hit); q != 2 {
		t.Fatalf("PlayedUnseen(%v) = %d, want seat 2's own card, the guess come true", tb.Card(hit), q)
	}
	// The dealer's hold judges the Hit shown as seat 2's turn begins.
	tb.ok(Identify(2, tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Move, 4))) // the Hit's two cards
	tb.ok(Scan(tb.id(Move, 5)))
	tb.ok(Confirm())            // the Hit swept
	tb.ok(Scan(tb.id(Move, 6))) // seat 1
	tb.ok(Scan(tb.id(Ground, 0)))
	tb.ok(Press(2))
	tb.ok(Scan(tb.id(Stop, 0)))
	stop := tb.index[tb.id(Stop, 0)]
	if tb.Out(1) || tb.Where(stop).Zone != InDiscard {
		t.Fatalf("seat 2 out %v, the Stop at %+v: want seat 2 saved by the Stop it held", tb.Out(1), tb.Where(stop))
	}
	if in := tb.Next(); in.Action == ActLand || tb.Over() {
		t.Fatalf("next: %v, want the hand going on, seat 2 in", in)
	}
	move := tb.index[tb.id(Move, 0)]
	if w := tb.Where(move); w.Zone != InDeck {
		t.Fatalf("seat 1's stand-in %v at %+v: want it back in the deck, the Hit being seat 1's card", tb.Card(move), w)
	}
}

// TestStopUnclaimedWhereTheRiderWasAnothersUnasked is the control: with
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
