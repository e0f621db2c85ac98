package messy

import (
	"fmt"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestExtraUnshownIsNoLag: "To play an Extra, lay it on top of the rider
// you wish to modify, overlapping it so the dealer can still read both
// cards." The dealer shows a seat's rider, then its Extra, each read in
// turn, so just after the rider the light asks fewer cards than the table
// owes: no lag, for a dealer who sees the Extra still to show. Anything
// else the light asks otherwise than the table is one.
func TestExtraUnshownIsNoLag(t *testing.T) {
	deal := func(p int, rider game.Kind, extras, due int) game.Instruction {
		return game.Instruction{Action: game.ActDeal, Player: p, Rider: rider, Extras: extras, Due: due}
	}
	for _, c := range []struct {
		name        string
		light, owed game.Instruction
		want        bool
	}{
		{"a Hit's Extra still to show", deal(3, game.Hit, 0, 2), deal(3, game.Hit, 1, 3), true},
		{"the Extra shown: the light asks as the table", deal(3, game.Hit, 1, 3), deal(3, game.Hit, 1, 3), false},
		{"another seat", deal(2, game.Hit, 0, 2), deal(3, game.Hit, 1, 3), false},
		{"another rider", deal(3, game.Split, 0, 2), deal(3, game.Hit, 1, 3), false},
		{"no rider: nothing for an Extra to lie on", deal(3, game.NoKind, 0, 1), deal(3, game.NoKind, 1, 2), false},
		{"one card more asked, no Extra: the lag itself", deal(3, game.Hit, 0, 2), deal(3, game.Hit, 0, 1), false},
		{"the Extra shown, a card more owed than the light asks", deal(3, game.Hit, 1, 2), deal(3, game.Hit, 1, 3), false},
		{"a sweep owed", deal(3, game.Hit, 0, 2), game.Instruction{Action: game.ActSweep, Player: 3, Rider: game.Hit, Extras: 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := extraUnshown(c.light, c.owed); got != c.want {
				t.Errorf("extraUnshown(%+v, %+v) = %v, want %v", c.light, c.owed, got, c.want)
			}
		})
	}
}

// TestUnscannedNotSaidBeforeTheExtra: a Hit's first card dealt unscanned
// at seat 3, its second a Ground the reader missed, confirmed a Ground by
// hand, which landed there (the light asked seat 3 for two: no lag to
// see, and the seat is out with it). Seat 4's Hit was read next, an Extra
// lying on it still to show. Before, the dealer took the light's count
// (the rider alone) for a lag and said "unscanned" of the Hit: the card
// stood in at seat 4, the hand out of step in all three rule sets. Now
// they wait for the Extra's read, which shows no lag either, and say
// nothing: the card dealt unscanned is the audit's to name.
func TestUnscannedNotSaidBeforeTheExtra(t *testing.T) {
	const seed = 26008376
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(fmt.Sprintf("%s/%d", rules, seed), func(t *testing.T) {
			opt, deck := ruleSet(t, rules)
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			if h.OutOfStep || !h.Finished || len(h.Accusations) > 0 {
				t.Fatalf("out of step %v, finished %v, accusations %v: want in step, finished, none", h.OutOfStep, h.Finished, h.Accusations)
			}
			for _, f := range h.Faults {
				if f.Kind == DealUnscanned && f.Card == "skip-7" {
					if f.Answer != Audited {
						t.Errorf("skip-7 dealt unscanned at seat %d: %v (%s), want named by the audit", f.Seat, f.Answer, f.Why)
					}
					return
				}
			}
			t.Fatal("no skip-7 dealt unscanned: the hand is not the one this test is about")
		})
	}
}
