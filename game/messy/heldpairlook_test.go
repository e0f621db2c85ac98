package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestLooksAtTheLightBetweenAHeldPair: "Extra stacks disappear once they
// are empty, so you don't have to remember anything beyond the first"
// (french: "Le joueur qui prend la dernière carte d'un de ces tas actif
// réduit alors son nombre de tas actif de un"), and a Hit deals stack by
// stack ("HIT: After dealing normally, deal a second card into each of this
// player's stacks"). A dealer who holds a Hit's card back to lay the next
// one under it (BuriedPlay) reads the two in a row; the assistant, not
// seeing the faller take the only card of their second stack, asks for
// that stack after the first read. The dealer looks at the light between
// the two reads, as before any card, and says it is not there; before, the
// second read was taken for the gone stack's card, the "not there" came a
// card late and dropped the real stack's Hit, and the Ground went to the
// next seat: out of step without the four.
func TestLooksAtTheLightBetweenAHeldPair(t *testing.T) {
	for _, c := range []struct {
		rules         string
		seed          uint64
		first, second string // the held pair, in the order the dealer reads it
	}{
		{"french", 15007252, "hit-10", "hit-11"},
	} {
		t.Run(fmt.Sprint(c.rules, " ", c.seed), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			var trace []string
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: withoutTheFour(),
				Trace: func(s string) { trace = append(trace, s) }})
			if err != nil {
				t.Fatal(err)
			}
			if !goneBetween(trace, c.first, c.second) {
				t.Errorf("no stack said gone between the reads of %s and %s", c.first, c.second)
			}
			if h.OutOfStep || h.Diverged {
				t.Errorf("out of step %v, another winner named %v", h.OutOfStep, h.Diverged)
			}
		})
	}
}

// goneBetween reports whether, in trace, the read of first is followed by
// a stack said gone before the read of second.
func goneBetween(trace []string, first, second string) bool {
	for i, s := range trace {
		if !strings.Contains(s, " seen  scan "+first+":") {
			continue
		}
		gone := false
		for _, n := range trace[i+1:] {
			switch {
			case strings.Contains(n, " seen  stack-gone:"):
				gone = true
			case strings.Contains(n, " seen  scan "):
				return gone && strings.Contains(n, " seen  scan "+second+":")
			}
		}
	}
	return false
}
