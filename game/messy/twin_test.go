package messy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// The largest class of hands out of step with every mistake at 2 % (see
// twin.go): a card dealt by hand to a seat, a card dealt unscanned later,
// the next card read held and judged a card shown (the seat's card dealt
// by hand, picked up and played) because another came at once behind it.
// oos31a's table (HISTORY.md) says timing cannot tell it from a table
// whose faller did just that; these tests build that table, the twin, and
// replay it through the rules.

// twinHand plays the hand with every mistake at 2 % and keeps its table.
func twinHand(t *testing.T, rules string, seed uint64) *table {
	t.Helper()
	return twinHandOf(t, rules, seed, false)
}

// twinHandOf is twinHand, the table's dealer silent on a Ground dealt
// unscanned under a held rider if silent (olderDealer.silentOnLanding).
func twinHandOf(t *testing.T, rules string, seed uint64, silent bool) *table {
	t.Helper()
	tb := playedHand(t, rules, seed, silent)
	if !tb.hand.OutOfStep {
		t.Fatalf("%s %d: in step now: take it out of this test", rules, seed)
	}
	return tb
}

// playedHand is the table of seed's hand under rules, every mistake at
// rate, played to its end; its dealer is silent on a Ground dealt
// unscanned under a held rider if silent (olderDealer.silentOnLanding).
func playedHand(t *testing.T, rules string, seed uint64, silent bool) *table {
	t.Helper()
	opt, deck := ruleSet(t, rules)
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate)})
	if err != nil {
		t.Fatal(err)
	}
	tb.older = olderDealer{silentOnLanding: silent, quietAfterUnscanned: true} // the dealer these hands were pinned on
	if err := tb.play(); err != nil {
		t.Fatalf("%s %d: %v", rules, seed, err)
	}
	return tb
}

// twinsOf are the twins of tb's hand that hold, by the card dealt by hand
// the twin's faller grabbed the held card in the place of, and why each
// other card does not give one.
func twinsOf(t *testing.T, tb *table, hs heldShown, on int) (twins, whys []string) {
	t.Helper()
	for _, f := range tb.hand.Faults {
		if f.Seat != hs.seat || !dealtByHand[f.Kind] || f.Card == "" {
			continue
		}
		if why := tb.twinWhyPlaying(hs, f.Card, on); why != "" {
			whys = append(whys, f.Card+": "+why)
			continue
		}
		twins = append(twins, f.Card)
	}
	return twins, whys
}

// TestHeldShownTwin: "Once you are holding a card, you may play it right
// away, or you may keep holding it." In 1007904, 1009836 and 1005012, on
// each rule set, the card read at the hold may have been the seat's card dealt by
// hand (dealt unscanned, said so), grabbed as it was dealt and played just
// then, its deal right behind: that twin, every move legal, shows the
// assistant every observation the table showed it up to the moment its
// light is a seat behind, each true of the twin, and deals next, where the
// light asks, the card read at once. The hand is judged to have a twin.
func TestHeldShownTwin(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		for _, c := range []struct {
			seed       uint64
			held, pick string
		}{
			{1007904, "split-3", "skip-2"},
			{1009836, "split-2", "stop-1"},
			{1005012, "hit-3", "extra-5"},
		} {
			t.Run(fmt.Sprintf("%s/%d", rules, c.seed), func(t *testing.T) {
				tb := twinHand(t, rules, c.seed)
				hs, ok := findHeldShown(tb.log, len(tb.log))
				if !ok || hs.h != c.held {
					t.Fatalf("the mark: %+v, %v; want %s held", hs, ok, c.held)
				}
				twins, whys := twinsOf(t, tb, hs, -1)
				if len(twins) != 1 || twins[0] != c.pick {
					t.Fatalf("twins %v, want the one grabbing %s in %s's place; the others:\n%s", twins, c.held, c.pick, strings.Join(whys, "\n"))
				}
				if !tb.hand.Twin {
					t.Fatal("the hand is not judged to have a twin")
				}
				// Not every table is a twin: played on the other seat, or
				// the table itself, the replay says no.
				g := tb.truth
				for p := range g.NumPlayers() {
					if p == tb.seen.Where(mustCard(t, g, c.held)).Player {
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

func mustCard(t *testing.T, g *game.Game, id string) int {
	t.Helper()
	c, ok := g.CardIndex(id)
	if !ok {
		t.Fatalf("no card %s", id)
	}
	return c
}

// TestHeldExtraNoRiderInStep: 1001640, on each rule set, had the mark of
// a card dealt by hand picked up and shown (the hold took a read for one)
// but no twin: the card read at the hold was an Extra and no seat had a
// rider ("An Extra card modifies a rider"), so no faller could have played
// it; the assistant believed it where the card dealt by hand lay, under
// the cards dealt on it since, though it was read after them ("You can
// only pick up the top card of your stack"), and fell a seat behind. The
// hold now judges such an Extra the deal, since the card read at once
// brings no rider for it (game.ExtraLeftRiderless): the hand ends in step.
func TestHeldExtraNoRiderInStep(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			opt, deck := ruleSet(t, rules)
			seed := uint64(1001640)
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			if h.OutOfStep || h.Diverged {
				t.Errorf("out of step %v, another winner named %v", h.OutOfStep, h.Diverged)
			}
			if !heldExtraDealt(t, opt, deck, seed, All(rate)) {
				t.Error("extra-4, held, was not judged the deal")
			}
		})
	}
}

// twinWhyPlaying is twinWhy with the twin playing the held card on faller
// on (-1: where the assistant believes it shown): the negative controls
// play it elsewhere.
func (t *table) twinWhyPlaying(hs heldShown, eID string, on int) string {
	if on < 0 {
		return t.twinWhy(hs, eID)
	}
	m, why := t.twinMarkOf(hs, eID)
	if why != "" {
		return why
	}
	return t.twinWhyOn(m, on)
}

// buildTwin is buildTwinAt with the twin's faller grabbing h as it was
// dealt (kP = kE).
func buildTwin(order []int, events []game.Event, p, target, e, h, kE, kH, stack int) twinTable {
	return buildTwinAt(order, events, p, target, e, h, kE, kH, kE, stack)
}
