package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
)

// TestScreenLacksAStackOfThePlan: "Extra stacks disappear once they are
// empty." The person says "not there" of a stack the screen asks them to
// deal into that the table does not have at the seat being dealt to: a
// place of the address's plan (Instruction.Stack) at or beyond the stacks
// the table has there, counted as the truth keeps them, one emptied during
// this address included. A new stack beyond the seat's (NewStack) is one
// to start. A stack the screen calls "a new stack" because the engine
// emptied it mid-address (Emptied) is a place of the plan all the same:
// where the table had it too, its only card played before the person's
// eyes, the table keeps it and it is dealt into; where the table never had
// it in this address (official seed 84 on a perfect table: its only card
// picked up unseen before, and played from the hand as the Stop on the
// Ground dealt to the seat's first stack), the card owed there is owed
// nowhere, and "not there" brings the lights back to the table's deal.
func TestScreenLacksAStackOfThePlan(t *testing.T) {
	deck := []game.Card{{ID: "a", Kind: game.Hit}, {ID: "b", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	deal := func(seat, stack int) game.Instruction {
		return game.Instruction{Action: game.ActDeal, Seat: seat, Stack: stack, Due: 1}
	}
	emptied := func(in game.Instruction) game.Instruction { in.Emptied = true; return in }
	for _, tc := range []struct {
		name   string
		screen game.Instruction
		seat   int
		have   int // the stacks the table has at seat
		lacks  bool
	}{
		{"a stack the table has", deal(2, 0), 2, 1, false},
		{"a stack beyond the table's", deal(2, 1), 2, 1, true},
		{"a new stack to start", game.Instruction{Action: game.ActDeal, Seat: 2, Stack: 1, NewStack: true, Due: 1}, 2, 1, false},
		{"emptied where the table had it this address", emptied(deal(2, 1)), 2, 2, false},
		{"emptied where the table never had it this address", emptied(deal(2, 1)), 2, 1, true},
		{"another seat", deal(3, 1), 2, 1, false},
		{"an imaginary Ground", game.Instruction{Action: game.ActDeal, Seat: 2, Stack: 1, Imaginary: true, Due: 1}, 2, 1, false},
		{"a sweep", game.Instruction{Action: game.ActSweep, Seat: 2, Stack: 1}, 2, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { tb.Close() })
			tb.SetScreen(func() game.Instruction { return tc.screen })
			if got := tb.screenLacks(tc.seat, tc.have); got != tc.lacks {
				t.Errorf("screen %v, the table with %d stacks at seat %d: lacks %v, want %v", tc.screen, tc.have, tc.seat, got, tc.lacks)
			}
		})
	}
}
