package messy

import (
	"fmt"
	"testing"
)

// TestMisreadAfterUnscannedBeforeTheAsk: the dealer who has just said
// "unscanned" of a read (the light lagged a seat behind), and sees the
// screen take the card read again for the rider of the seat they dealt it
// to, says misread before answering the ask for the card confirmed by hand:
// "Deal the cards face up into stacks in front of each player", and the
// rider the screen names for that seat does not lie there. Answered first,
// the ask closed the misread's window, and the dealer, told to deal the
// rider's cards there, said the seat's stack was not there. Each hand's
// read was the second of two dealt at once judged by the dealer's hold a
// card shown (game's misread takes the Identify back with it: TestMisread
// AfterUnscannedTakesTheIdentifyBack); out of step on the three rule sets
// before.
func TestMisreadAfterUnscannedBeforeTheAsk(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		card string
	}{
		{4000995, "hit-11"},
		{4003534, "split-2"},
		{5004543, "hit-10"},
	} {
		for _, rules := range []string{"official", "classic", "french"} {
			t.Run(fmt.Sprintf("%s/%d", rules, c.seed), func(t *testing.T) {
				h, lines := playTraced(t, rules, c.seed)
				u := said(lines, "a card dealt unscanned before "+c.card)
				if u < 0 {
					t.Fatalf("no \"unscanned\" said of %s", c.card)
				}
				if m := said(lines, "not there: "+c.card); m != u+1 {
					t.Errorf("the misread of %s at line %d, want just after the \"unscanned\" (line %d)", c.card, m, u)
				}
				if h.OutOfStep {
					t.Errorf("out of step")
				}
			})
		}
	}
}

// TestMisreadAfterUnscannedPastASweepDue: in official 4001291, hit-5,
// said to follow a card dealt unscanned (seat 1's Extra Hit's last card),
// is read again as seat 2's rider past the sweep of seat 1's Extra Hit
// still due. The dealer, who dealt it into seat 2's stack, says misread
// before the ask, as in TestMisreadAfterUnscannedBeforeTheAsk: the misread
// confirms that sweep again and deals hit-5 at seat 2 after all (game's
// TestWordAfterUnscannedEndingAnAddress/Split), and the hand stays in step.
// Before, the misread took it back as a stray card and seat 2's deal was
// lost, so this table's dealer kept it back (the negative control this
// was), and the Hit stood as seat 2's rider.
func TestMisreadAfterUnscannedPastASweepDue(t *testing.T) {
	h, lines := playTraced(t, "official", 4001291)
	u := said(lines, "a card dealt unscanned before hit-5")
	if u < 0 {
		t.Fatal("no \"unscanned\" said of hit-5")
	}
	if m := said(lines, "not there: hit-5"); m != u+1 {
		t.Errorf("the misread of hit-5 at line %d, want just after the \"unscanned\" (line %d)", m, u)
	}
	if h.OutOfStep {
		t.Error("out of step")
	}
}
