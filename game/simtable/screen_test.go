package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestDealerReadsTheStackOnTheScreen: "Extra stacks disappear once they are
// empty." Seat 2 shows a Hit ("After dealing normally, deal a second card
// into each of this player's stacks") and has one stack; the screen asks
// for its next card into stack 2, one the assistant still counts (its only
// card picked up unseen). The light says only how many cards; the
// simulated dealer reads the stack from the screen and says "not there"
// before dealing, as a person would. Asked for stack 1, they deal.
func TestDealerReadsTheStackOnTheScreen(t *testing.T) {
	for _, tc := range []struct {
		name      string
		stack     int // the screen's stack, from 0
		wantSkips int
	}{
		{"a stack the table has not", 1, 1},
		{"the stack the table has", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			deck := []game.Card{{ID: "stop-0", Kind: game.Stop}, {ID: "hit-1", Kind: game.Hit}, {ID: "stop-2", Kind: game.Stop},
				{ID: "stop-3", Kind: game.Stop}, {ID: "ground-4", Kind: game.Ground}, {ID: "ground-5", Kind: game.Ground}}
			tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond, Seed: 1, Reaction: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			// Seat 2 is dealt stop-0, seat 3 hit-1, which they pick up and
			// play on seat 2; seat 2's address begins with the Hit shown.
			for _, e := range []game.Event{game.Step(), game.Step(), game.PickUp(1, 0), {Kind: game.EvPlay, Player: 1, Target: 0}, game.Step()} {
				if err := tb.truth.Apply(e); err != nil {
					t.Fatalf("%v: %v", e, err)
				}
			}
			if in := tb.truth.Next(); in.Action != game.ActDeal || in.First || in.Player != 0 || tb.truth.NumStacks(0) != 1 {
				t.Fatalf("the table's next %v, seat 2's stacks %d: want the Hit's deal into its one stack", in, tb.truth.NumStacks(0))
			}
			tb.SetScreen(func() game.Instruction {
				return game.Instruction{Action: game.ActDeal, Player: 0, Seat: 2, Stack: tc.stack, Due: 3, Rider: game.Hit}
			})
			tb.Start()
			tb.Clock.At(hwtest.Seconds(1), func() {
				_ = tb.Lights.Set(2, hw.Pattern{Kind: hw.On, Color: hw.White})
				_ = tb.Sound.Play(hw.CueDealHere, tb.Clock.Now())
			})
			tb.Clock.RunUntil(hwtest.Seconds(2))
			skips, reads := 0, len(tb.Reader.Cards())
			for len(tb.Panel.Controls()) > 0 {
				if c := <-tb.Panel.Controls(); c.Control == hw.ControlSkip {
					skips++
				}
			}
			if skips != tc.wantSkips || tb.StacksGone() != tc.wantSkips || reads != 1-tc.wantSkips {
				t.Errorf("not there %d times, stacks gone %d, cards read %d; want %d, %d, %d", skips, tb.StacksGone(), reads, tc.wantSkips, tc.wantSkips, 1-tc.wantSkips)
			}
		})
	}
}
