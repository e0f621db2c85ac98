package messy

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// TestLyingOnlyAtTheTable: a card the table has elsewhere than the truth
// (phys: stuck under the card it was dealt with, dealt to another seat)
// is no card a faller can put down as a rider from the stack the truth
// has it on top of ("You can only pick up the top card of your stack"),
// as blocked refuses its pick-up. The second riders once counted missed
// (official 1008989 split-4, classic 1008857 hit-3, french 1003661 skip-5,
// 1006181 skip-4 with every mistake; official 1005665 split-2, 1006019
// skip-3, classic 1000133 skip-4, 1004255 skip-3 without the four) were
// each such a card, two dealt as one or at once.
func TestLyingOnlyAtTheTable(t *testing.T) {
	tb, err := newTable(Options{Rules: game.Official(), Fallers: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := tb.truth
	var tops []int
	for range 200 {
		tops = tops[:0]
		for p := range g.NumPlayers() {
			for s := range g.NumStacks(p) {
				if c := g.Top(p, s); c >= 0 && g.Card(c).Kind.IsRider() {
					tops = append(tops, c)
				}
			}
		}
		if len(tops) > 0 || g.Apply(game.Step()) != nil {
			break
		}
	}
	if len(tops) == 0 {
		t.Fatal("no rider on top of any stack")
	}
	if tb.lying(game.NoKind) < 0 {
		t.Fatal("no rider found on top")
	}
	for i, c := range tops {
		tb.phys[c] = (g.Where(c).Player + i) % g.NumPlayers()
	}
	if c := tb.lying(game.NoKind); c >= 0 {
		t.Errorf("%v put down, which lies elsewhere at the table", g.Card(c))
	}
	for _, c := range []struct {
		missedCase
		card   string
		faults Faults
	}{
		{missedCase{"official", 1008989, SecondRider, 3}, "split-4", All(rate)},
		{missedCase{"classic", 1008857, SecondRider, 2}, "hit-3", All(rate)},
		{missedCase{"french", 1003661, SecondRider, 2}, "skip-5", All(rate)},
		{missedCase{"french", 1006181, SecondRider, 4}, "skip-4", All(rate)},
		{missedCase{"official", 1005665, SecondRider, 6}, "split-2", withoutTheFour()},
		{missedCase{"official", 1006019, SecondRider, 1}, "skip-3", withoutTheFour()},
		{missedCase{"classic", 1000133, SecondRider, 5}, "skip-4", withoutTheFour()},
		{missedCase{"classic", 1004255, SecondRider, 6}, "skip-3", withoutTheFour()},
	} {
		t.Run(c.String(), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: c.faults})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range h.Faults {
				if f.Kind == c.kind && (f.Card == c.card || (f.Seat == c.seat && f.Answer == Missed)) {
					t.Errorf("%v %s at seat %d: %v, %s", f.Kind, f.Card, f.Seat, f.Answer, f.Why)
				}
			}
		})
	}
}
