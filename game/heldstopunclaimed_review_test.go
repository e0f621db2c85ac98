package game

import "testing"

// TestHeldStopNeedsAClaim: "A button press from seat N while a Ground is
// being dealt to N is N's Stop claim" (product.md), and "To Stop a Ground,
// play the Stop as the Ground is being dealt to you." A card dealt by hand
// the faller may have held for long (said picked up passes ago, grabbed
// before a deal covered it, or never asked for) is taken for a deck Stop
// read in the window of their Ground only if they claimed it. With no
// claim, the dealer dealt on: the Ground landed, and the Stop is the next
// seat's deal. Taken for a Stop held, a faller the table put out stayed in.
func TestHeldStopNeedsAClaim(t *testing.T) {
	// The real card dealt by hand to seat 1 is the Stop; the engine stands
	// in the first Move.
	moves := func(n int) []Kind {
		k := []Kind{Move, Stop}
		for range n {
			k = append(k, Move)
		}
		return append(k, Ground, Ground, Ground)
	}
	for _, tc := range []struct {
		name string
		kind []Kind
		deal func(tb *table)
	}{
		{"grabbed before a deal covered it", moves(5), func(tb *table) {
			tb.ok(Confirm()) // seat 1, never asked for
			for i := 1; i <= 5; i++ {
				tb.ok(Scan(tb.id(Move, i))) // seats 2, 3, 1 (covers it), 2, 3
			}
			tb.ok(Scan(tb.id(Ground, 0))) // seat 1
		}},
		{"said picked up long ago", moves(11), func(tb *table) {
			tb.ok(Confirm()) // seat 1
			tb.ok(NotOnTop(1))
			for i := 1; i <= 11; i++ {
				tb.ok(Scan(tb.id(Move, i))) // four passes on
			}
			tb.ok(Scan(tb.id(Ground, 0))) // seat 1
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, tc.kind...)
			tc.deal(tb)
			tb.ok(Scan(tb.id(Stop, 0))) // no claim: the dealer dealt on
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			if !tb.Out(0) || tb.Where(stop) != (Place{Zone: InStack, Player: 1}) {
				t.Fatalf("seat 1 out %v, the Stop at %+v: want seat 1 out, the Stop dealt to seat 2", tb.Out(0), tb.Where(stop))
			}
		})
	}
}
