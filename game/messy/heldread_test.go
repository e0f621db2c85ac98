package messy

import (
	"fmt"
	"testing"
)

// A read held back to lay the next card under it (BuriedPlay) needs a next
// card dealt onto the same stack: "You can only pick up the top card of
// your stack", and only a card dealt on top of another buries it. These
// hands held the read of a seat's first card where the next went to a new
// stack (a Split's) while the assistant, not seeing the faller take the
// only card of the seat's second stack, still counted that stack: the
// held read kept the dealer from saying it was not there ("Extra stacks
// disappear once they are empty"), the card for the new stack was taken
// for the gone one's, and the Ground dealt to the next seat for the new
// stack: the first hands ever out of step without the four.
func TestHeldReadOnlyUnderACardDealtOnTop(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
	}{
		{"official", 8001676},
		{"french", 8003642},
	} {
		t.Run(fmt.Sprint(c.rules, " ", c.seed), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: withoutTheFour()})
			if err != nil {
				t.Fatal(err)
			}
			if h.OutOfStep {
				t.Errorf("%s %d: out of step without the four", c.rules, c.seed)
			}
		})
	}
}
