package game

import "testing"

// TestPlayedUnseenByAFallerNowOut: "You may place a rider in front of any
// player, including yourself, as long as that person doesn't already have
// one", and the dealer meets it only at that player's turn ("When you
// encounter a rider, you follow the card's meaning"). A faller who picked
// up their card dealt by hand and played it on the next seat may hit the
// ground before that seat's turn comes: "Once you have hit the Ground, you
// can no longer play cards", but the card was played before. The read at
// that turn may be that card as much as it was while its faller was in, so
// the dealer holds it, and what follows judges it. Taken for the seat's
// deal, the lights ran a seat ahead of the table.
func TestPlayedUnseenByAFallerNowOut(t *testing.T) {
	// The real card dealt by hand to seat 1 is the Hit; the engine stands
	// in the first Move.
	kinds := []Kind{Move, Hit, Move, Move, Move, Move, Move, Ground, Ground, Ground}
	shownAt2 := func(t *testing.T, tb *table) {
		t.Helper()
		hit := tb.id(Hit, 0)
		c, _ := tb.CardIndex(hit)
		if got := tb.PlayedUnseen(c); got != 1 {
			t.Fatalf("PlayedUnseen(the Hit) = seat %d, want seat 1 (its card, played before it went out)", got)
		}
		// The deal came at once: the dealer judged it shown.
		tb.ok(Identify(1, hit))
		tb.ok(Scan(hit))
		if w := tb.Where(c); w != (Place{Zone: AsRider, Player: 1}) {
			t.Fatalf("the Hit lies at %+v, want seat 2's rider", w)
		}
		if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 || in.Rider != Hit {
			t.Fatalf("next: %v, want seat 2's Hit carried out", in)
		}
	}
	t.Run("said picked up", func(t *testing.T) {
		tb := newObserved(t, 3, kinds...)
		tb.ok(Confirm()) // seat 1, by hand
		tb.ok(NotOnTop(1))
		tb.ok(Scan(tb.id(Move, 1)))   // seat 2
		tb.ok(Scan(tb.id(Move, 2)))   // seat 3
		tb.ok(Scan(tb.id(Ground, 0))) // seat 1
		tb.ok(StopClosed())           // out
		shownAt2(t, tb)
	})
	t.Run("grabbed before the Ground covered it", func(t *testing.T) {
		tb := newObserved(t, 3, kinds...)
		tb.ok(Confirm())            // seat 1, by hand, never asked for
		tb.ok(Scan(tb.id(Move, 1))) // seat 2
		tb.ok(Scan(tb.id(Move, 2))) // seat 3
		tb.ok(ConfirmAs(Ground))    // seat 1, by hand too: it covers the card
		tb.ok(StopClosed())
		if !tb.Out(0) {
			t.Fatal("seat 1 still in after its Ground")
		}
		shownAt2(t, tb)
	})
	t.Run("no card dealt by hand: the deal", func(t *testing.T) {
		tb := newObserved(t, 3, kinds...)
		tb.ok(Scan(tb.id(Move, 0)))   // seat 1, read
		tb.ok(Scan(tb.id(Move, 1)))   // seat 2
		tb.ok(Scan(tb.id(Move, 2)))   // seat 3
		tb.ok(Scan(tb.id(Ground, 0))) // seat 1
		tb.ok(StopClosed())
		c, _ := tb.CardIndex(tb.id(Hit, 0))
		if got := tb.PlayedUnseen(c); got != 0 {
			t.Fatalf("PlayedUnseen(the Hit) = seat %d, want none", got)
		}
	})
}

// TestPlayedUnseenNotLongAfterItsFallerWentOut: "Once you have hit the
// Ground, you can no longer play cards", and "When you encounter a rider,
// you follow the card's meaning, and then sweep the rider": a rider a
// faller played before going out lies in front of a seat until that seat's
// next turn meets it. Once every seat still in has had a turn since the
// faller went out, a rider read from the deck as a turn begins cannot be
// that faller's card: it is the deal, and nothing is held for it.
func TestPlayedUnseenNotLongAfterItsFallerWentOut(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Move, Hit, Ground, Ground, Ground}
	for _, tc := range []struct {
		name string
		out  func(tb *table)
	}{
		{"grabbed before the Ground covered it", func(tb *table) {
			tb.ok(Confirm())            // seat 1, by hand, never asked for
			tb.ok(Scan(tb.id(Move, 1))) // seat 2
			tb.ok(Scan(tb.id(Move, 2))) // seat 3
			tb.ok(ConfirmAs(Ground))    // seat 1, by hand too: it covers the card
			tb.ok(StopClosed())
		}},
		{"said picked up", func(tb *table) {
			tb.ok(Confirm()) // seat 1, by hand
			tb.ok(NotOnTop(1))
			tb.ok(Scan(tb.id(Move, 1)))   // seat 2
			tb.ok(Scan(tb.id(Move, 2)))   // seat 3
			tb.ok(Scan(tb.id(Ground, 0))) // seat 1
			tb.ok(StopClosed())
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, kinds...)
			tc.out(tb)
			if !tb.Out(0) {
				t.Fatal("seat 1 still in after its Ground")
			}
			tb.ok(Scan(tb.id(Move, 3))) // seat 2: its first turn since, no rider
			tb.ok(Scan(tb.id(Move, 4))) // seat 3: likewise
			if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 || !in.First {
				t.Fatalf("next: %v, want seat 2's turn", in)
			}
			c, _ := tb.CardIndex(tb.id(Hit, 0))
			if got := tb.PlayedUnseen(c); got != 0 {
				t.Fatalf("PlayedUnseen(the Hit) = seat %d at seat 2's second turn since seat 1 went out, want none (the deal)", got)
			}
			tb.ok(Scan(tb.id(Hit, 0)))
			if w := tb.Where(c); w != (Place{Zone: InStack, Player: 1}) {
				t.Fatalf("the Hit lies at %+v, want dealt to seat 2", w)
			}
		})
	}
}
