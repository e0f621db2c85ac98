package game

import "testing"

// TestPlayedThreePassesAfterPickedUp: "Once you are holding a card, you
// may play it right away, or you may keep holding it." At a table of two a
// pass is two deals: a faller who picked up their card dealt by hand (the
// dealer's n) and kept it through two of their turns, playing it on
// themselves as the third begins, was taken for that turn's deal; the
// Hit's second card then went to the next seat in the lights while the
// table dealt it to the first.
func TestPlayedThreePassesAfterPickedUp(t *testing.T) {
	// The real card dealt by hand to seat 1 is the Hit; the engine stands
	// in the Stop.
	kinds := []Kind{Stop, Hit, Move, Move, Move, Move, Move, Move, Move, Move, Ground, Ground}
	cases := []struct {
		name   string
		deals  int // cards read between the n and the Hit
		played bool
	}{
		{"kept through one turn: played", 2, true},
		{"kept through looseFor turns: played", 2 * (looseFor - 1), true},
		{"long after: a deal", 2 * looseFor, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newObserved(t, 2, kinds...)
			tb.ok(Confirm())            // seat 1, by hand
			tb.ok(NotOnTop(1))          // picked up
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			for i := 1; i <= c.deals; i++ {
				tb.ok(Scan(tb.id(Move, i))) // seat 1, seat 2, ...
			}
			hit := tb.id(Hit, 0)
			h, _ := tb.CardIndex(hit)
			if got := tb.PlayedUnseen(h); (got == 1) != c.played {
				t.Fatalf("PlayedUnseen(the Hit) = seat %d, want seat 1: %v", got, c.played)
			}
			tb.ok(Scan(hit)) // seat 1's turn
			want := Place{Zone: InStack}
			if c.played {
				want = Place{Zone: AsRider}
			}
			if w := tb.Where(h); w != want {
				t.Fatalf("the Hit is at %+v, want %+v", w, want)
			}
		})
	}
}
