package messy

import (
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestKnockedAfterUnscanned: "Your job is to control the pace of the game,
// follow the instructions of the riders, and be the referee." In 1008977
// (seven fallers, three rule sets) seat 1's Hit deals extra-2, read, then
// skip-6, dealt unscanned and not yet said; seat 1 knocks that stack over
// and gathers it back with extra-2 on top. The dealer's report is refused:
// on the screen seat 1 has "no stack of two cards or more". Warned, the
// dealer sees the light still waiting for seat 1's second card, confirms
// skip-6 by hand (game/dealer asks for it at once; it is under extra-2
// now), and reports the stack again, which is taken. Before, the report
// stayed refused and the mistake was counted missed. A stack that holds
// no card dealt unscanned and unsaid gives the dealer no such cause: they
// say nothing more (the negative control, at the same moment).
func TestKnockedAfterUnscanned(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			opt, deck := ruleSet(t, rules)
			const seed = 1008977
			var tb *table
			controlled := false
			o := Options{Rules: opt, Deck: deck, Fallers: 2 + seed%6, Seed: seed, Faults: All(rate)}
			o.Trace = func(s string) {
				if controlled || !strings.HasSuffix(s, "FAULT regathered extra-2 seat 1") {
					return
				}
				controlled = true
				if len(tb.unscanned) == 0 {
					t.Fatal("no card dealt unscanned unsaid as seat 1's stack is gathered back")
				}
				n := len(tb.log)
				if tb.knockedAfterUnscanned(0, nil) || len(tb.log) != n {
					t.Error("a stack without a card dealt unscanned: the dealer confirmed or reported")
				}
			}
			var err error
			if tb, err = newTable(o); err != nil {
				t.Fatal(err)
			}
			if err := tb.play(); err != nil {
				t.Fatal(err)
			}
			if !controlled {
				t.Fatal("extra-2's stack was not gathered back")
			}
			if tb.hand.OutOfStep || len(tb.hand.Accusations) > 0 {
				t.Fatalf("out of step %v, accusations %v", tb.hand.OutOfStep, tb.hand.Accusations)
			}
			if f := faultOf(t, tb, Regathered, "extra-2"); f.Answer != Named {
				t.Errorf("regathered extra-2: %v (%s), want named live", f.Answer, f.Why)
			}
			if f := faultOf(t, tb, DealUnscanned, "skip-6"); f.Answer != Named {
				t.Errorf("deal-unscanned skip-6: %v (%s), want named live", f.Answer, f.Why)
			}
			knocked := slices.Index(tb.log, game.Knocked(1))
			if knocked < 3 || !slices.ContainsFunc(tb.log[knocked-3:knocked], func(e game.Event) bool { return e == game.Confirm() }) {
				t.Fatalf("seat 1's stack reported at observation %d, not just after a card confirmed by hand", knocked)
			}
		})
	}
}
