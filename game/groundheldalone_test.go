package game

import "testing"

// TestNotOnTopLeavesAGroundToLand: "GROUND: If you receive one of these,
// you are immediately out", and a Ground is never picked up (pickUp:
// "reaches for a Ground"). Seat 1's Split starts a second stack with a
// card dealt by hand that the dealer names a Ground: it is being dealt,
// and the next step lands it. An n said of that stack (named, or the
// second n of two unnamed, the first for the stack 1's top) must not take
// the Ground into the faller's hand (heldAlone) and end its dealing: seat
// 1 would never go out. It is refused, or left where it lies, to land.
func TestNotOnTopLeavesAGroundToLand(t *testing.T) {
	for _, tc := range []struct {
		name string
		ns   []Event
	}{
		{"named", []Event{NotOnTopAt(1, 2)}},
		{"unnamed, the second n", []Event{NotOnTop(1), NotOnTop(1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := splitOnSelf(t)
			tb.ok(Confirm())         // stack 1's card
			tb.ok(ConfirmAs(Ground)) // the new stack's only card
			if in := tb.Next(); in.Action != ActLand || in.Seat != 1 {
				t.Fatalf("next %v, want seat 1 to hit the ground", in)
			}
			for _, e := range tc.ns {
				_ = tb.Apply(e) // refused or not: the Ground must still land
			}
			if h := tb.Hand(0); h >= 0 && tb.Card(h).Kind == Ground {
				t.Errorf("seat 1 holds %v", tb.Card(h))
			}
			if in := tb.Next(); in.Action != ActLand || in.Seat != 1 {
				t.Fatalf("next %v, want seat 1 still to hit the ground", in)
			}
			tb.ok(Step())
			if !tb.Out(0) {
				t.Errorf("seat 1 is still in after its Ground was dealt")
			}
		})
	}
}
