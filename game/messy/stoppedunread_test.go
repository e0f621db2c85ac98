package messy

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// TestGroundStoppedUnreadNamed: "Stop can also repel a Ground." In 1008742
// french (ground-3 to seat 1) and 7003782 classic (ground-1 to seat 2) the
// deck holds only Grounds when the dealer deals one unscanned; its faller
// presses and shows a Stop, and the dealer keeps the Ground and deals it
// on. Before, the assistant took the Stop for the deal and the Ground was
// never accounted for: counted missed, "nothing at the table tells of it"
// (missedWhereRecorded). The press and the Stop told of it: the assistant
// now has the Ground dealt there unread and Stopped (game's
// InfStoppedUnread), and the mistake is named as it is shown. The other
// cards each hand's dealer dealt unscanned, never Stopped, are not (the
// negative control, in the same hands: they are said, or missed, as
// before).
func TestGroundStoppedUnreadNamed(t *testing.T) {
	for _, tc := range []struct {
		rules  string
		seed   uint64
		ground string
		others []string // the other cards dealt unscanned, and said
	}{
		{"french", 1008742, "ground-3", []string{"skip-12"}},
		{"classic", 7003782, "ground-1", []string{"skip-10", "stop-6"}},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			opt, deck := ruleSet(t, tc.rules)
			tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(tc.seed%6), Seed: tc.seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.play(); err != nil {
				t.Fatal(err)
			}
			if tb.hand.OutOfStep || len(tb.hand.Accusations) > 0 {
				t.Fatalf("out of step %v, accusations %v", tb.hand.OutOfStep, tb.hand.Accusations)
			}
			if f := faultOf(t, tb, DealUnscanned, tc.ground); f.Answer != Named || f.Why != stoppedUnreadWhy {
				t.Errorf("deal-unscanned %s: %v (%s), want named: %s", tc.ground, f.Answer, f.Why, stoppedUnreadWhy)
			}
			found := false
			for _, x := range tb.seen.Inferences() {
				found = found || x.Kind == game.InfStoppedUnread
			}
			if !found {
				t.Error("no Ground inferred dealt unread and Stopped")
			}
			for _, id := range tc.others {
				if f := faultOf(t, tb, DealUnscanned, id); f.Why == stoppedUnreadWhy {
					t.Errorf("deal-unscanned %s, never Stopped: %v (%s)", id, f.Answer, f.Why)
				}
			}
		})
	}
}
