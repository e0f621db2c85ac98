package messy

import (
	"strings"
	"testing"
)

// TestStoppedGroundUnscannedLeavesNoLag: "To Stop a Ground, play the Stop
// as the Ground is being dealt to you. The dealer keeps the Ground, and
// you discard the Stop." In french 1008742, with every mistake at 2 %,
// seat 1's Ground is dealt unscanned, and its faller presses and shows a
// Stop at once: the engine, which never saw the Ground, takes the Stop
// for seat 1's deal, and the light goes on to seat 2, as the table does
// (the Ground is back in the dealer's deck). Seat 3 had grabbed seat 2's
// Skip unseen, so the light asked to sweep a Skip the table no longer had
// there, and this table's dealer took that difference for the lag of the
// card dealt unscanned and said "landed" of the Stop
// (game.GroundDealtUnscanned): the engine landed a Ground at the seat the
// Stop had saved, dealt the Stop to seat 3, and fell a seat behind. No
// card the dealer dealt is left behind the light: the dealer says nothing
// of it, and "not there" of the Skip the light asks them to sweep
// (riderGone). (Where the light agreed with the table, the dealer said
// nothing before either.) The assistant, told of no Ground, now finds it
// from the press and the Stop, the deck holding only Grounds, and names
// it live (TestGroundStoppedUnreadNamed); before, it was missed, "where
// the record puts it".
func TestStoppedGroundUnscannedLeavesNoLag(t *testing.T) {
	opt, deck := ruleSet(t, "french")
	const seed = 1008742
	landed := false
	h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + seed%6, Seed: seed, Faults: All(0.02),
		Trace: func(s string) {
			landed = landed || strings.Contains(s, "seen  a Ground dealt unscanned before stop-1")
		}})
	if err != nil {
		t.Fatal(err)
	}
	if landed || h.OutOfStep || h.Diverged {
		t.Errorf("seed %d: landed said of the Stop that saved the Ground %v, out of step %v, another winner named %v", seed, landed, h.OutOfStep, h.Diverged)
	}
	found := false
	for _, f := range h.Faults {
		if f.Kind == DealUnscanned && f.Card == "ground-3" && f.Seat == 1 {
			found = true
			// The Ground the Stop saved went back to the dealer's deck and
			// was dealt again, read: it lies where the record puts it. A
			// Ground had left the deck before it ("The Ground cards are
			// waiting at the bottom of the deck"), so the Stop read with
			// the faller's press where their card was due is their Stop on
			// a Ground dealt unscanned, named as it is shown
			// (game TestStoppedUnscanned); before, nothing told of it.
			if f.Answer != Named || f.Why != stoppedUnreadWhy {
				t.Errorf("seed %d: ground-3 answered %v (%q): want %v, the Stop on it read", seed, f.Answer, f.Why, Named)
			}
		}
	}
	if !found {
		t.Errorf("seed %d: no Ground dealt unscanned to seat 1: the seed no longer shows the case", seed)
	}
}
