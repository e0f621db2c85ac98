package messy

import (
	"strings"
	"testing"
)

// TestNoAskWhileADealIsUnread: "On each beat the light of the seat to deal
// to comes on (and says how many cards: one per stack, more for a Hit);
// the dealer scans and places one card per beat" (product.md), and
// game/dealer asks for a card dealt by hand only between two cards, never
// while the card the light asks for is not yet read (maybeIdentify waits
// while slot.open). A dealer who lays a Hit's card and holds its read
// back, to lay the next one under it (BuriedPlay), has dealt a card the
// screen still waits for. This table asked them meanwhile for the seat's
// card dealt by hand, uncovered as its rider was shown, and they scanned
// the top of that stack: the card just dealt, unread. The engine took the
// deal for that stand-in, refused its read that followed, and the dealer's
// "not there" of the stack then dropped the rest of the seat's Hit: french
// 1004249 and 1006601, with every mistake at 2 %, fell a seat behind.
func TestNoAskWhileADealIsUnread(t *testing.T) {
	opt, deck := ruleSet(t, "french")
	for _, tc := range []struct {
		seed uint64
		held string // the Hit's card whose read the dealer held back
	}{
		{1004249, "grab-2"},
		{1006601, "push-4"},
	} {
		var trace []string
		h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(tc.seed%6), Seed: tc.seed, Faults: All(0.02),
			Trace: func(s string) { trace = append(trace, s) }})
		if err != nil {
			t.Fatal(err)
		}
		if !readHeldBack(trace, tc.held) {
			t.Errorf("seed %d: %s was read as it was dealt: the seed no longer shows the case", tc.seed, tc.held)
		}
		asked := "the card dealt by hand to seat 6, stack 1, is " + tc.held
		for _, s := range trace {
			if strings.Contains(s, asked) {
				t.Errorf("seed %d: the ask answered by the card whose read was held: %s", tc.seed, s)
			}
		}
		if h.OutOfStep || h.Diverged {
			t.Errorf("seed %d: out of step %v, another winner named %v", tc.seed, h.OutOfStep, h.Diverged)
		}
	}
}

// readHeldBack reports whether, in trace, card id was dealt and the next
// card read was another: its read held back.
func readHeldBack(trace []string, id string) bool {
	for i, s := range trace {
		if !strings.Contains(s, " truth step deal ") || !strings.HasSuffix(s, "#"+id) {
			continue
		}
		for _, n := range trace[i+1:] {
			if strings.Contains(n, " seen  scan ") {
				return !strings.Contains(n, " seen  scan "+id+":")
			}
		}
	}
	return false
}
