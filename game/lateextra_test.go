package game

import "testing"

// TestStandInReadAfterASkipIsTheNextDeal: "SKIP: Deal no cards to this
// player. (And sweep away the Skip.)" A read just after a Skip's sweep is
// confirmed may be that Skip's Extra shown late (lateRun), but a card that
// only stood in for another seat's card dealt by hand was one deck card of
// many the engine could have picked: read as the next seat's turn begins
// with a card due, it is that deal, as it is when no Skip comes before it.
// Taken for an Extra on the swept Skip, the lights owed the next seat a
// card the table had dealt, and ran a seat behind. The stand-in for the
// Skip's own faller's card, said picked up, is still the guess come true,
// played on their Skip: "Once you are holding a card, you may play it
// right away".
func TestStandInReadAfterASkipIsTheNextDeal(t *testing.T) {
	t.Run("another seat's stand-in: the next seat's deal", func(t *testing.T) {
		tb, extra, c := standInThenSkipSwept(t)
		tb.ok(Scan(extra)) // seat 1's deal, not judged by the dealer
		if w := tb.Where(c); w.Zone != InStack || w.Player != 0 || tb.Blind(c) {
			t.Fatalf("the Extra is at %+v (blind %v), want seat 1's stack, seen", w, tb.Blind(c))
		}
		if n := len(tb.Extras(1)); n != 0 {
			t.Fatalf("seat 2 has %d Extras", n)
		}
		if in := tb.Next(); in.Action != ActDeal || in.Player != 1 {
			t.Fatalf("after seat 1's deal: %v, want seat 2's", in)
		}
	})
	t.Run("the Skip's own faller's stand-in, picked up: its Extra, late", func(t *testing.T) {
		tb := newObserved(t, 2, Move, Extra, Skip, Move, Move, Move, Move, Move, Ground, Ground)
		extra := tb.id(Extra, 0)
		c, _ := tb.CardIndex(extra)
		tb.ok(Scan(tb.id(Move, 0))) // seat 1
		tb.ok(Confirm())            // seat 2, by hand: the engine stands in the Extra
		if !tb.Blind(c) || tb.Where(c).Player != 1 {
			t.Fatalf("the Extra is at %+v (blind %v), want standing in for seat 2's card", tb.Where(c), tb.Blind(c))
		}
		tb.ok(NotOnTop(2))
		tb.ok(Scan(tb.id(Skip, 0))) // seat 1
		tb.ok(Scan(tb.id(Skip, 0))) // seat 1 played it on seat 2
		tb.ok(Confirm())            // swept
		tb.ok(Scan(extra))          // seat 2 had laid its card on the Skip
		if w := tb.Where(c); w.Zone != AsExtra || w.Player != 1 {
			t.Fatalf("the Extra is at %+v, want on seat 2's Skip", w)
		}
		if in := tb.Next(); in.Action != ActSweep || in.Player != 1 || in.Extras != 1 {
			t.Fatalf("next: %v, want seat 2's Extra swept", in)
		}
	})
}

// standInThenSkipSwept is a hand of two whose seat 1 card dealt by hand
// the engine stands in with the Extra, and whose seat 2 then played its
// Skip on itself, swept: the Extra, read next, is seat 1's deal.
func standInThenSkipSwept(t *testing.T) (*table, string, int) {
	t.Helper()
	tb := newObserved(t, 2, Extra, Skip, Move, Move, Move, Move, Move, Ground, Ground)
	extra := tb.id(Extra, 0)
	c, _ := tb.CardIndex(extra)
	tb.ok(Confirm()) // seat 1, by hand: the engine stands in the Extra
	if !tb.Blind(c) {
		t.Fatal("the Extra does not stand in for seat 1's card dealt by hand")
	}
	tb.ok(Scan(tb.id(Skip, 0))) // seat 2
	tb.ok(Scan(tb.id(Move, 0))) // seat 1
	tb.ok(Scan(tb.id(Skip, 0))) // seat 2 played it on itself
	tb.ok(Confirm())            // swept
	return tb, extra, c
}
