package messy

import (
	"fmt"
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestFirstGroundStopped: "To Stop a Ground, play the Stop as the Ground is
// being dealt to you." With every mistake at 2 %, a faller whose first
// Ground is dealt unscanned, before any Ground has left the deck, with a
// card dealt by hand at their seat, presses and shows a Stop: the engine
// takes it for their Stop on that Ground dealt unread (game's
// firstGroundStopped), which names the Ground dealt unscanned live and
// leaves the card stuck under another (two dealt as one) for the audit's
// deck short, where before the Stop was taken for a deal from the deck
// that made the deck count right again and both were missed. Its honest
// twin, a nervous press before a Stop dealt from the deck, is 1008535
// official: this table's dealer never says the misread the screen offers,
// but the next card read is no Ground, where the Ground the Stop put back
// would come next, and the Stop is the card dealt after all
// (game.InfDealtAfterAll; or, where nothing was read next, shown again by
// its faller at their own Ground, game.InfStopDealtAfterAll): the hand
// stays in step.
func TestFirstGroundStopped(t *testing.T) {
	for _, c := range []struct {
		rules  string
		seed   uint64
		ground string // the Ground dealt unscanned and Stopped, named live
		stuck  string // the card stuck under another, named by the audit
		dealt  bool   // the honest twin: the Stop the card dealt after all
	}{
		{rules: "official", seed: 6000579, ground: "ground-1", stuck: "split-2"},
		{rules: "classic", seed: 6000579, ground: "ground-1", stuck: "split-2"},
		{rules: "french", seed: 6000579, ground: "ground-1", stuck: "split-2"},
		{rules: "official", seed: 7003978, ground: "ground-1"},
		{rules: "official", seed: 1008535, dealt: true},
		// The twin again, the card read next (hit-3) refuting the Stop,
		// then taken back by the dealer's misread (seat 1's card dealt by
		// hand, shown): the Stop is spent again until seat 1 shows it at
		// their own Ground, where the refutation's inference, gone back
		// on, must not hide the Stop's spending (seat 1 was put out).
		{rules: "official", seed: 6007064, dealt: true},
		// A nervous press, then a Stop dealt into a new stack: taken for
		// the first Ground's Stop, seat 1 had a stack fewer and the lights
		// fell a seat behind at their next turn. The rule keeps out of a
		// deal into a new stack.
		{rules: "official", seed: 30005950},
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			tb := playedAsItIs(t, c.rules, c.seed)
			if len(tb.hand.Accusations) > 0 {
				t.Fatalf("accusations %v", tb.hand.Accusations)
			}
			after := slices.ContainsFunc(tb.seen.Inferences(), func(x game.Inference) bool {
				return x.Kind == game.InfStopDealtAfterAll || x.Kind == game.InfDealtAfterAll && tb.seen.Card(x.Card).Kind == game.Stop
			})
			if after != c.dealt {
				t.Fatalf("a Stop dealt after all: %v, want %v", after, c.dealt)
			}
			for _, f := range tb.hand.Faults {
				switch {
				case f.Kind == DealUnscanned && f.Card == c.ground && (f.Answer != Named || !f.live):
					t.Errorf("%s, dealt unscanned and Stopped, is %v, want named live", c.ground, f.Answer)
				case f.Kind == TwoAsOne && f.Card == c.stuck && f.Answer != Audited:
					t.Errorf("%s, stuck under another, is %v, want named by the audit", c.stuck, f.Answer)
				case f.Answer == Missed && f.Kind.Visible() && f.Kind != PlayAfterOut && f.Kind != BuriedPlay:
					t.Errorf("%v %s missed", f.Kind, f.Card)
				}
			}
		})
	}
}
