package messy

import (
	"fmt"
	"strings"
	"testing"
)

// playTraced plays one hand with every mistake at 2 % and reports it with
// the lines of its trace.
func playTraced(t *testing.T, rules string, seed uint64) (Hand, []string) {
	t.Helper()
	opt, deck := ruleSet(t, rules)
	var lines []string
	h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate),
		Trace: func(s string) { lines = append(lines, s) }})
	if err != nil {
		t.Fatalf("%s %d: %v", rules, seed, err)
	}
	return h, lines
}

// said reports whether a line of the trace is the engine taking e's
// words, as this table's observe writes them.
func said(lines []string, words string) int {
	for i, s := range lines {
		if strings.Contains(s, " seen  "+words+": <nil>") {
			return i
		}
	}
	return -1
}

// TestUnscannedSeenByTheRiderTheScreenNames: the dealer who dealt a card
// without scanning it and dealt on, then showed the next seat's rider and
// dealt that seat its first card, sees the screen take the rider for the
// seat before's deal: the light then asks the next seat for a card as the
// table owes it one, but with no rider, where the dealer has just shown
// one ("Each rider tells you how to deal to the players": the screen
// names the rider in force with the seat's light). That is the lag, and
// they say "unscanned" of the rider's read. Before, only the seat and the
// count of cards were looked at, the light looked right, and the lights
// ran a seat off. Out of step on the three rule sets before.
func TestUnscannedSeenByTheRiderTheScreenNames(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		card string
	}{
		{4004483, "hit-5"},
		{5005499, "hit-11"},
		{5007518, "hit-6"},
	} {
		for _, rules := range []string{"official", "classic", "french"} {
			t.Run(fmt.Sprintf("%s/%d", rules, c.seed), func(t *testing.T) {
				h, lines := playTraced(t, rules, c.seed)
				if said(lines, "a card dealt unscanned before "+c.card) < 0 {
					t.Errorf("no \"unscanned\" said of %s", c.card)
				}
				if h.OutOfStep {
					t.Errorf("out of step")
				}
			})
		}
	}
}
