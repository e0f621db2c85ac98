package game

import "testing"

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
