package dealer_test

import (
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestHeldReadOwnPickedUp: seat 2's Hit and seat 3's Hit, both dealt by
// hand while the reader was gone, are both picked up (the dealer says n
// for each). Seat 3 plays its own Hit in front of itself; at seat 3's turn
// the dealer shows it, then deals. "You may place a rider in front of any
// player, including yourself": the engine took such a read for seat 3's
// own card (swapLoose: "Only p's own card is taken"), and did before
// 4b1e7c6. The hold must not hand it to seat 2 because a deal followed at
// once: mayHold asks only PickedUpElsewhere, never whether the seat's own
// picked-up card would take the read.
func TestHeldReadOwnPickedUp(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, game.Hit, many(S, 11), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil) // Hit-3 to seat 2 at 3.12 s, Hit-4 to seat 3 at 4.12 s, by hand
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.at(4.6, game.PickUp(1, 0))
	s.at(6.2, game.Play(1, 1)) // seat 3 plays its own Hit in front of itself
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	for _, e := range applied {
		if e.Seat == 2 || e.Player == 0 {
			t.Errorf("the dealer told the engine %v: seat 3's own Hit taken for seat 2's card", e)
		}
	}
	// Seat 2's Hit is still in their hand (nobody can know it); seat 3's
	// stacks the engine can know, and knew before reads were held.
	g := s.tb.Truth()
	for _, sv := range s.d.View().Seats {
		if sv.Seat != 3 {
			continue
		}
		var got, want []string
		for _, st := range sv.Stacks {
			for _, c := range st {
				got = append(got, c.ID)
			}
		}
		for st := 0; st < g.NumStacks(1); st++ {
			for _, c := range g.Stack(1, st) {
				want = append(want, g.Card(c).ID)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("seat 3: engine believes %v, the table has %v", got, want)
		}
	}
}
