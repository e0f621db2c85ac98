package game

import "testing"

// TestExtraReadAfterItsRiderIsDealt: "Once the dealer is addressing a
// player, no one can affect the deal by meddling with the rider, either
// with a Move, Stop, or Extra." Seat 1's card dealt by hand was said picked
// up (NotOnTop); at seat 1's next turn the dealer shows the Hit seat 2
// played there, and the next read is an Extra the engine believes in the
// deck. It is the Hit's first card ("After dealing normally, deal a second
// card into each of this player's stacks"), not seat 1's own card laid on
// the Hit: taken for that, the lights owed seat 1 three cards where the
// table dealt two, and ran a seat ahead of it.
func TestExtraReadAfterItsRiderIsDealt(t *testing.T) {
	kinds := []Kind{Move, Hit, Move, Extra, Hit, Move, Move, Move, Move, Ground, Ground, Ground}
	cases := []struct {
		name    string
		shown   bool // the Hit is shown before the card read
		read    Kind // the deck card read then
		wantAt  Zone // where it lies
		wantDue int  // cards then owed to seat 1
	}{
		{"an Extra after the Hit shown: the Hit's first card", true, Extra, InStack, 1},
		// With no rider shown, a deck rider read as the turn begins is
		// still the card seat 1 picked up, played there (swapLoose).
		{"a Hit, no rider shown: seat 1's own card, played", false, Hit, AsRider, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newObserved(t, 3, kinds...)
			tb.ok(Confirm())            // seat 1, by hand
			tb.ok(Scan(tb.id(Hit, 0)))  // seat 2
			tb.ok(Scan(tb.id(Move, 1))) // seat 3
			tb.ok(NotOnTop(1))
			if c.shown {
				tb.ok(Scan(tb.id(Hit, 0))) // seat 2 played it on seat 1
				if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || in.Due != 2 {
					t.Fatalf("after the Hit shown, next: %v, want two cards for seat 1", in)
				}
			}
			nth := 0
			if c.read == Hit {
				nth = 1
			}
			id := tb.id(c.read, nth)
			tb.ok(Scan(id))
			x, _ := tb.CardIndex(id)
			if w := tb.Where(x); w.Zone != c.wantAt || w.Player != 0 {
				t.Fatalf("the %v lies at %+v, want %v at seat 1", c.read, w, c.wantAt)
			}
			if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || in.Due != c.wantDue {
				t.Fatalf("next: %v, want %d card(s) still owed to seat 1", in, c.wantDue)
			}
		})
	}
}
