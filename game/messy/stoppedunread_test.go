package messy

import (
	"slices"
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
				found = found || x.Kind.StopsUnread()
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

// TestTwinReadsTheGroundStoppedUnread: the identified twin is given what a
// reader that missed nothing gives, and that reader read the Ground the
// assistant found Stopped (TestGroundStoppedUnreadNamed) as it was dealt,
// before the Stop. In official 3005692 ground-5 is dealt unscanned to seat
// 3, which presses and shows stop-1; the twin, told stop-1 alone where the
// light asks seat 3 for a card, still counts move-9 in its deck (dealt as
// one with another card) and refused it: it could not follow the hand, and
// move-9's two-as-one, which its audit names, was missed. Told ground-5's
// read first, it follows, and move-9 is unidentified, as before the
// assistant found the Ground. Its log reads ground-5 just before stop-1,
// where the assistant's has none (the negative control).
func TestTwinReadsTheGroundStoppedUnread(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	const seed = 3005692
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + seed%6, Seed: seed, Faults: All(rate)})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.play(); err != nil {
		t.Fatal(err)
	}
	if f := faultOf(t, tb, DealUnscanned, "ground-5"); f.Why != stoppedUnreadWhy {
		t.Fatalf("deal-unscanned ground-5: %v (%s), want found from its Stop", f.Answer, f.Why)
	}
	if f := faultOf(t, tb, TwoAsOne, "move-9"); f.Answer != Unidentified {
		t.Errorf("two-as-one move-9: %v (%s), want unidentified", f.Answer, f.Why)
	}
	last := func(log []game.Event) int {
		for i, e := range slices.Backward(log) {
			if e == game.Scan("stop-1") {
				return i
			}
		}
		return -1
	}
	id := tb.identifiedLog()
	if i := last(id); i < 1 || i >= len(id) || id[i-1] != game.Scan("ground-5") {
		t.Fatalf("the twin's log before its last stop-1: %v, want ground-5 read just before it", id[max(0, i-2):min(len(id), i+1)])
	}
	if i := last(tb.log); i < 1 || i >= len(tb.log) || tb.log[i-1] == game.Scan("ground-5") {
		t.Fatalf("the assistant's log before its last stop-1: %v, want no read of ground-5 there", tb.log[max(0, i-2):min(len(tb.log), i+1)])
	}
}
