package game

import "testing"

// TestStopReadFromAnothersStack: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you", and "You can only pick up the top card of
// your stack": "you can never mess with the cards in someone's stack". A
// Stop read in the window of seat 2's Ground that the engine saw dealt to
// seat 1's stack, and that is no guess there, is seat 1's: seat 2 cannot
// hold it, and the Stop does not save seat 2. Before, it was taken from
// seat 1's stack for seat 2's Stop, a visible cheat nothing named (review31).
// A Stop standing in at seat 1's stack for a card dealt by hand is a guess:
// where the real one lay is unknown, so it may be seat 2's own.
func TestStopReadFromAnothersStack(t *testing.T) {
	// deal reads a Stop dealt to seat 1 (by hand if byHand: the engine
	// stands it in) and Moves to the others until seat 2's Ground.
	deal := func(t *testing.T, byHand bool) (*table, int) {
		tb := newObserved(t, 3, Stop, Move, Move, Move, Move, Move, Move, Move, Ground, Ground, Ground)
		stop := tb.id(Stop, 0)
		if byHand {
			tb.ok(Confirm()) // seat 1, by hand: the Stop stands in
		} else {
			tb.ok(Scan(stop)) // seat 1
		}
		s, _ := tb.CardIndex(stop)
		if w := tb.Where(s); w.Zone != InStack || w.Player != 0 || tb.Blind(s) != byHand {
			t.Fatalf("the Stop is at %+v (blind %v), want in seat 1's stack", w, tb.Blind(s))
		}
		tb.movesUntilDealTo(1)
		tb.ok(Scan(tb.id(Ground, 0))) // seat 2: its window opens
		tb.ok(Press(2))
		return tb, s
	}
	t.Run("read dealt to another seat", func(t *testing.T) {
		tb, s := deal(t, false)
		tb.refused(Scan(tb.Card(s).ID), RuleStopGround)
		tb.ok(StopClosed())
		if !tb.Out(1) {
			t.Fatal("seat 2 saved by seat 1's Stop")
		}
		if w := tb.Where(s); w.Zone != InStack || w.Player != 0 {
			t.Fatalf("seat 1's Stop is at %+v, want still in its stack", w)
		}
	})
	t.Run("standing in at another seat for a card dealt by hand", func(t *testing.T) {
		tb, s := deal(t, true)
		tb.ok(Scan(tb.Card(s).ID))
		if tb.Out(1) {
			t.Fatal("seat 2 out: want saved, the Stop only guessed at seat 1")
		}
	})
	t.Run("its own", func(t *testing.T) {
		tb := newObserved(t, 3, Move, Stop, Move, Move, Move, Move, Move, Move, Ground, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0))) // seat 1
		tb.ok(Scan(tb.id(Stop, 0))) // seat 2
		tb.movesUntilDealTo(1)
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.ok(Press(2))
		tb.ok(Scan(tb.id(Stop, 0)))
		if tb.Out(1) {
			t.Fatal("seat 2 out: want saved by its own Stop")
		}
	})
}
