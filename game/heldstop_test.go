package game

import "testing"

// TestStopHeldForItsGround: "Once you are holding a card, you may play it
// right away, or you may keep holding it." and "To Stop a Ground, play the
// Stop as the Ground is being dealt to you. The dealer keeps the Ground,
// and you discard the Stop." A card dealt by hand that its faller picked
// up, shown as a Stop in the window of the Ground dealt to them, is that
// card played, however long they held it; and so is one grabbed before a
// later deal covered it ("If the dealer is giving you two cards in a row
// ... you can certainly grab the first one"). Taken for the next deal, the
// Ground landed and the faller was out while the table saved them, and the
// lights ran a seat ahead.
func TestStopHeldForItsGround(t *testing.T) {
	saved := func(t *testing.T, tb *table) {
		t.Helper()
		stop, _ := tb.CardIndex(tb.id(Stop, 0))
		if tb.Out(0) || tb.Where(stop).Zone == InDeck || tb.Where(stop).Zone == InStack {
			t.Fatalf("seat 1 out %v, the Stop at %+v: want saved by the Stop it held", tb.Out(0), tb.Where(stop))
		}
		if in := tb.Next(); in.Action == ActLand || tb.Over() {
			t.Fatalf("next: %v, want the hand going on, seat 1 in", in)
		}
	}
	// The real card dealt by hand to seat 1 is the Stop; the engine stands
	// in the first Move.
	t.Run("held long after the n", func(t *testing.T) {
		tb := newObserved(t, 2, Move, Stop, Move, Move, Move, Move, Move, Move, Ground, Ground)
		tb.ok(Confirm())
		tb.ok(NotOnTop(1))
		for i := 1; i <= 5; i++ {
			tb.ok(Scan(tb.id(Move, i))) // seat 2, 1, 2, 1, 2: three passes
		}
		tb.ok(Scan(tb.id(Ground, 0))) // seat 1: its Stop window opens
		tb.ok(Press(1))               // the faller claims a Stop
		tb.ok(Scan(tb.id(Stop, 0)))   // and shows the one held since
		saved(t, tb)
	})
	t.Run("grabbed before a deal covered it", func(t *testing.T) {
		tb := newObserved(t, 2, Move, Stop, Move, Move, Move, Ground, Ground)
		tb.ok(Confirm())              // seat 1, never asked for
		tb.ok(Scan(tb.id(Move, 1)))   // seat 2
		tb.ok(Scan(tb.id(Move, 2)))   // seat 1: covers the card dealt by hand
		tb.ok(Scan(tb.id(Move, 3)))   // seat 2
		tb.ok(Scan(tb.id(Ground, 0))) // seat 1
		tb.ok(Press(1))
		tb.ok(Scan(tb.id(Stop, 0)))
		saved(t, tb)
	})
	t.Run("at another seat's Ground it is the next deal", func(t *testing.T) {
		// Only the faller who may hold it can show it: seat 2 never had a
		// card dealt by hand, so the Ground lands and the Stop is dealt on.
		tb := newObserved(t, 3, Move, Stop, Move, Move, Move, Ground, Ground, Ground)
		tb.ok(Confirm()) // seat 1
		tb.ok(NotOnTop(1))
		tb.ok(Scan(tb.id(Ground, 0))) // seat 2
		tb.ok(Scan(tb.id(Stop, 0)))
		stop, _ := tb.CardIndex(tb.id(Stop, 0))
		if !tb.Out(1) || tb.Where(stop) != (Place{Zone: InStack, Player: 2}) {
			t.Fatalf("seat 2 out %v, the Stop at %+v: want seat 2 out, the Stop dealt to seat 3", tb.Out(1), tb.Where(stop))
		}
	})
}

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
