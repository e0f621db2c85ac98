package messy

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestKnockedOverNamedByTheIdentifiedTwin: a card dealt by hand and never
// identified (buried before the dealer was asked for it) slid in front of
// the next seat when its stack was knocked over, where the engine's guess
// for another card dealt by hand happened to put it: the audit's scan
// finds it where the record says. Told which card each confirmation by
// hand was, the twin has it at the seat it was dealt to (its order in the
// stack a guess after the knock-over, its seat not), and the scan, seat
// by seat, names it: unidentified, where it was missed while any card
// that had once stood in was taken for a guess of seat too (seatGuessed).
func TestKnockedOverNamedByTheIdentifiedTwin(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
		card  string
		found string
	}{
		{"official", 4008131, "skip-1", "seat 6"},
		{"official", 7008798, "split-3", "seat 1"},
		{"classic", 7008798, "split-3", "seat 1"},
		{"french", 7008798, "split-3", "seat 1"},
		{"official", 2003400, "split-5", "seat 1"},
		{"classic", 2004000, "grab-1", "seat 1"},
	} {
		t.Run(fmt.Sprintf("%s seed %d %s", c.rules, c.seed, c.card), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(h.Faults, func(f Fault) bool { return f.Kind == KnockedOver && f.Card == c.card })
			if i < 0 {
				t.Fatalf("no knock-over of %s: find another seed", c.card)
			}
			f := h.Faults[i]
			if f.Answer != Unidentified || !strings.Contains(f.Why, c.card+" found in "+c.found) {
				t.Fatalf("%v: %s", f.Answer, f.Why)
			}
		})
	}
}
