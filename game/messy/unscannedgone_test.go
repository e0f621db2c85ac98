package messy

import (
	"fmt"
	"strings"
	"testing"
)

// TestGroundReadIntoAGoneStack: "Extra stacks disappear once they are
// empty, so you don't have to remember anything beyond the first." A
// seat's second stack had one card, picked up unseen (never shown, never
// said), and the assistant still counts the stack. The seat's card goes
// unscanned into its one stack, and the dealer, dealing on past the light,
// deals the next seat a Ground; read, it is taken for the seat's card, and
// the dealer says "unscanned": the card dealt unscanned stands in, and the
// Ground lands in the stack the table does not have. The dealer, who sees
// the screen land it at that seat, says "not there" in its Stop window,
// where no ask for the card dealt by hand is on the screen: the stack goes,
// the Ground lands at the seat it was dealt to, and the hand stays in step
// and names the table's winner. The control: the same dealer blind to it
// (olderDealer.blindToGoneStack) leaves each hand out of step, as before.
func TestGroundReadIntoAGoneStack(t *testing.T) {
	for _, c := range []struct {
		rules  string
		seed   uint64
		ground string
	}{
		{"classic", 4003295, "ground-1"},  // seat 6's second stack, a Grab played unseen
		{"official", 5000183, "ground-1"}, // seat 4's second stack, an Extra laid unseen
	} {
		t.Run(fmt.Sprintf("%s/%d", c.rules, c.seed), func(t *testing.T) {
			for _, blind := range []bool{false, true} {
				tb := goneStackHand(t, c.rules, c.seed, blind)
				said := c.ground + " read into a gone stack"
				if blind {
					if !tb.hand.OutOfStep || tb.saw(said) {
						t.Errorf("the dealer blind to the gone stack: out of step %v, said %v; want out of step, as before", tb.hand.OutOfStep, tb.saw(said))
					}
					continue
				}
				if !tb.saw(said) || tb.hand.OutOfStep || tb.hand.Diverged || len(tb.hand.Accusations) > 0 {
					t.Errorf("%q said %v, out of step %v, another winner named %v, accusations %v", said, tb.saw(said), tb.hand.OutOfStep, tb.hand.Diverged, tb.hand.Accusations)
				}
			}
		})
	}
}

// goneStackTable is a hand played with its trace kept.
type goneStackTable struct {
	*table
	lines []string
}

func (g *goneStackTable) saw(s string) bool {
	for _, l := range g.lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// goneStackHand plays seed's hand under rules, every mistake at rate, its
// dealer blind to a read put into a gone stack if blind.
func goneStackHand(t *testing.T, rules string, seed uint64, blind bool) *goneStackTable {
	t.Helper()
	opt, deck := ruleSet(t, rules)
	g := &goneStackTable{}
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate),
		Trace: func(s string) { g.lines = append(g.lines, s) }})
	if err != nil {
		t.Fatal(err)
	}
	tb.older.blindToGoneStack = blind
	if err := tb.play(); err != nil {
		t.Fatalf("%s %d: %v", rules, seed, err)
	}
	g.table = tb
	return g
}

// TestTwoUnscannedPastASkipMovedAway: "SKIP: Deal no cards to this
// player." Seat 4's Skip, left by an Extra Skip, was Moved away unseen;
// the dealer deals seats 3 and 4 without scanning and reads seat 1's card.
// The light asks for seat 4's Skip to be swept, and the dealer says
// "unscanned" twice: the second, a card dealt where the light asked for
// that sweep, says the Skip was not there (game
// TestUnscannedWhereASkipWasMovedAway), and both are caught live. Before,
// the second was refused, and the light asked seat 4 for the card it
// already had, a seat behind the table.
func TestTwoUnscannedPastASkipMovedAway(t *testing.T) {
	for _, rules := range []string{"official", "french"} {
		t.Run(rules, func(t *testing.T) {
			tb := goneStackHand(t, rules, 8005382, false)
			if tb.hand.OutOfStep || tb.hand.Diverged || len(tb.hand.Accusations) > 0 {
				t.Errorf("out of step %v, another winner named %v, accusations %v", tb.hand.OutOfStep, tb.hand.Diverged, tb.hand.Accusations)
			}
			for _, f := range tb.hand.Faults {
				if f.Kind == DealUnscanned && (f.Card == "hit-5" || f.Card == "skip-9") && f.Answer != Named {
					t.Errorf("%s dealt unscanned at seat %d: %v (%s), want named live", f.Card, f.Seat, f.Answer, f.Why)
				}
			}
		})
	}
}
