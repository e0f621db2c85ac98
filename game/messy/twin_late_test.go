package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestHeldShownTwinPickedUpLate: "You may pick up only one card at a
// time, and you may only play the card that is in your hand (you can't
// set it back down)." In 3007324, on each rule set, the hand has
// twin.go's mark (split-3 held, judged seat 1's card dealt by hand, hit-1
// dealt unscanned, picked up and shown), but seat 1's faller picks up and
// plays hit-5, dealt on top of hit-1, in between: the twin grabbing
// split-3 as it was dealt would hold two cards, and its moves are
// refused. The twin picking split-3 up once hit-5 has left its hand, from
// the top of its stack, and holding it until the hold ("you may keep
// holding it") shows the assistant every observation the table showed it,
// and its light is the assistant's. Negative controls: the twin grabbing
// it as it was dealt is refused by that rule, and the late twin playing
// the held card on any other seat is refused.
func TestHeldShownTwinPickedUpLate(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(fmt.Sprintf("%s/3007324", rules), func(t *testing.T) {
			tb := twinHand(t, rules, 3007324)
			hs, ok := findHeldShown(tb.log, len(tb.log))
			if !ok || hs.h != "split-3" {
				t.Fatalf("the mark: %+v, %v; want split-3 held", hs, ok)
			}
			if why := grabbedAsDealt(t, tb, hs, "hit-1"); !strings.Contains(why, "only one card at a time") {
				t.Fatalf("the twin grabbing split-3 as dealt: %q; want its moves refused, two cards held (else this seed no longer shows the class)", why)
			}
			twins, whys := twinsOf(t, tb, hs, -1)
			if len(twins) != 1 || twins[0] != "hit-1" {
				t.Fatalf("twins %v, want the one picking split-3 up late in hit-1's place; the others:\n%s", twins, strings.Join(whys, "\n"))
			}
			if !tb.hand.Twin {
				t.Fatal("the hand is not judged to have a twin")
			}
			seen, err := replayedLog(tb.start, tb.log[:hs.end])
			if err != nil {
				t.Fatal(err)
			}
			g := tb.truth
			for p := range g.NumPlayers() {
				if p == seen.Where(mustCard(t, g, hs.h)).Player {
					continue
				}
				if tw, _ := twinsOf(t, tb, hs, p); len(tw) > 0 {
					t.Errorf("played on seat %d, still a twin: the check proves nothing", g.Seat(p))
				}
			}
		})
	}
}

// grabbedAsDealt is why twin.go's first twin, its faller grabbing the held
// card as card eID's place is dealt, does not replay.
func grabbedAsDealt(t *testing.T, tb *table, hs heldShown, eID string) string {
	t.Helper()
	events := tb.events[:tb.logAt[hs.end-1]]
	real, err := replayedFrom(tb.truth, tb.order, events)
	if err != nil {
		t.Fatal(err)
	}
	g := real[0]
	e, h := mustCard(t, g, eID), mustCard(t, g, hs.h)
	kE, kH := dealtAtMove(real, e), dealtAtMove(real, h)
	seen, err := replayedLog(tb.start, tb.log[:hs.end])
	if err != nil {
		t.Fatal(err)
	}
	tw := buildTwin(tb.order, events, g.PlayerAt(hs.seat), seen.Where(h).Player, e, h, kE, kH, real[kE+1].Where(e).Stack)
	if _, err := replayedFrom(tb.truth, tw.order, tw.events); err != nil {
		return err.Error()
	}
	return ""
}
