package simtable

import (
	"fmt"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestDealerNamesTheImaginaryGroundAsked: "Shuffle the rest of the cards,
// and put the Grounds at the bottom" and "there is an unlimited supply of
// ground" (rulebook). Every Ground is dealt and the table's deck is empty,
// but the lights ask seat 3 for a card (the assistant counts one left: a
// card dealt unscanned and never said). The screen says so: "deal seat 3
// an imaginary Ground and name it (g)". The simulated dealer, with no card
// to deal, does as it says: the imaginary Ground named from the panel. A
// screen that asks nothing, or asks it of another seat, leaves them
// waiting for the light, as before.
func TestDealerNamesTheImaginaryGroundAsked(t *testing.T) {
	const asked = "every Ground is dealt, so the deck should be empty, yet the lights count 1 card(s) in it (dealt unscanned and never said?): if your deck is empty, deal seat %d an imaginary Ground and name it (g)"
	for _, tc := range []struct {
		name  string
		lines []string
		want  int // Grounds named from the panel
	}{
		{"asked", []string{"seat 2 hits the ground", fmt.Sprintf(asked, 3)}, 1},
		{"not asked", []string{"seat 2 hits the ground"}, 0},
		{"asked of another seat", []string{fmt.Sprintf(asked, 4)}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			deck := []game.Card{{ID: "stop-0", Kind: game.Stop}, {ID: "stop-1", Kind: game.Stop}, {ID: "stop-2", Kind: game.Stop}, {ID: "ground-3", Kind: game.Ground}}
			tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3, 4}, StopWindow: 1500 * time.Millisecond, Seed: 1, Reaction: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			// Three Stops dealt, then the one Ground, which lands on seat 2.
			for range 5 {
				if err := tb.truth.Apply(game.Step()); err != nil {
					t.Fatal(err)
				}
			}
			if in := tb.truth.Next(); in.Action != game.ActDeal || !in.Imaginary || in.Seat != 3 || tb.truth.DeckSize() != 0 {
				t.Fatalf("the table's next %v, deck %d: want an imaginary Ground for seat 3 from an empty deck", in, tb.truth.DeckSize())
			}
			tb.SetScreen(func() game.Instruction {
				return game.Instruction{Action: game.ActDeal, Player: 1, Seat: 3, Stack: 0, Due: 1}
			})
			tb.SetLines(func() []string { return tc.lines })
			tb.Start()
			tb.Clock.At(hwtest.Seconds(1), func() {
				_ = tb.Lights.Set(3, hw.Pattern{Kind: hw.On, Color: hw.Green})
				_ = tb.Sound.Play(hw.CueDealHere, tb.Clock.Now())
			})
			tb.Clock.RunUntil(hwtest.Seconds(1.5))
			named := 0
			for len(tb.Panel.Controls()) > 0 {
				e := <-tb.Panel.Controls()
				if e.Control != hw.ControlConfirm || e.As != game.Ground.String() || e.Kernel != hwtest.Seconds(1)+tb.cfg.DealDelay {
					t.Fatalf("the panel said %+v", e)
				}
				named++
			}
			if named != tc.want || len(tb.Reader.Cards()) != 0 {
				t.Errorf("Grounds named %d, cards read %d; want %d, 0", named, len(tb.Reader.Cards()), tc.want)
			}
		})
	}
}
