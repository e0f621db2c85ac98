package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestHeldShownTwinPlayBetween: "Once you are holding a card, you may play
// it right away, or you may keep holding it." In 2003312 and 3005554, on
// each rule set, the hand has twin.go's mark, but a faller played a rider
// between the card dealt unscanned and the held card's deal, and the twin
// was refused ("the move before the held card's deal is no card dealt
// unscanned"). That play deals nothing: the card dealt unscanned is still
// the last one dealt before the held card, the dealer's "unscanned" true
// of the twin, which holds. Negative controls: the play does lie between
// (the old check fails), and the twin playing the held card on any other
// seat is refused.
func TestHeldShownTwinPlayBetween(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		move7 := "move-7" // official's Move is classic and french's Push
		if rules != "official" {
			move7 = "push-2"
		}
		for _, c := range []struct {
			seed       uint64
			held, pick string
		}{
			{2003312, "split-4", move7},
			{3005554, "hit-2", "hit-4"},
		} {
			t.Run(fmt.Sprintf("%s/%d", rules, c.seed), func(t *testing.T) {
				tb := twinHand(t, rules, c.seed)
				hs, ok := findHeldShown(tb.log, len(tb.log))
				if !ok || hs.h != c.held {
					t.Fatalf("the mark: %+v, %v; want %s held", hs, ok, c.held)
				}
				if !aPlayBetween(t, tb, hs) {
					t.Fatal("no faller's move between the card dealt unscanned and the held card's deal: this seed no longer shows the class")
				}
				twins, whys := twinsOf(t, tb, hs, -1)
				if len(twins) != 1 || twins[0] != c.pick {
					t.Fatalf("twins %v, want the one grabbing %s in %s's place; the others:\n%s", twins, c.held, c.pick, strings.Join(whys, "\n"))
				}
				if !tb.hand.Twin {
					t.Fatal("the hand is not judged to have a twin")
				}
				// The seat the assistant believes it shown at, at the
				// moment (by the hand's end it may be swept).
				seen, err := replayedLog(tb.start, tb.log[:hs.end])
				if err != nil {
					t.Fatal(err)
				}
				g := tb.truth
				for p := range g.NumPlayers() {
					if p == seen.Where(mustCard(t, g, c.held)).Player {
						continue
					}
					if tw, _ := twinsOf(t, tb, hs, p); len(tw) > 0 {
						t.Errorf("played on seat %d, still a twin: the check proves nothing", g.Seat(p))
					}
				}
			})
		}
	}
}

// aPlayBetween reports whether the move right before the held card's deal
// took no card from the deck (a faller's move), a deal coming before it.
func aPlayBetween(t *testing.T, tb *table, hs heldShown) bool {
	t.Helper()
	real, err := replayedFrom(tb.truth, tb.order, tb.events[:tb.logAt[hs.end-1]])
	if err != nil {
		t.Fatal(err)
	}
	kH := dealtAtMove(real, mustCard(t, real[0], hs.h))
	return kH > 0 && dealsNothing(real[kH-1], real[kH]) && lastDealBefore(real, kH) >= 0
}
