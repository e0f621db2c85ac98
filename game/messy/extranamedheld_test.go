package messy

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestHeldRiderExtraNamed: "An Extra card modifies a rider", and "To play
// an Extra, lay it on top of the rider you wish to modify, overlapping it
// so the dealer can still read both cards." A Hit read from the deck as a
// seat's turn begins is held (game.PlayedUnseen: a card dealt by hand,
// picked up unseen, may be shown there); the reader misses the Extra a
// faller lays on it, and the dealer names it from the panel within half a
// beat. No rider was shown at that seat but the held card, so the Extra
// lies on it: game/dealer's extraNamedOnHeld makes the Hit a card shown
// (game/dealer's TestHeldRiderExtraNamed), and this table's dealer does
// too (showsHeld). Before, the hold counted only a deal confirmed by hand
// as the card that follows a card shown: it judged the Hit the seat's
// deal, the Extra was taken at the next seat's turn, and these hands fell
// a seat behind (every mistake at 2 %).
func TestHeldRiderExtraNamed(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
		held  string
	}{
		{"official", 2001821, "hit-3"}, {"classic", 2002223, "hit-1"}, {"official", 2004640, "hit-8"},
		{"official", 2006363, "hit-10"}, {"french", 3001268, "hit-4"}, {"official", 3007895, "hit-7"},
	} {
		opt, deck := ruleSet(t, c.rules)
		h, named := playExtraNamedOnHeld(t, opt, deck, c.seed, c.held)
		if !named || h.OutOfStep || h.Diverged {
			t.Errorf("%s seed %d: the Extra named on the held %s after it was told shown %v, out of step %v, another winner named %v",
				c.rules, c.seed, c.held, named, h.OutOfStep, h.Diverged)
		}
	}
}

// playExtraNamedOnHeld plays seed with every mistake at 2 %, and reports
// whether held, a read held, was told to the engine as a card shown (the
// read taken right after the engine was told which card it was) right
// before the dealer named an Extra by hand.
func playExtraNamedOnHeld(t *testing.T, opt game.Rules, deck game.DeckSpec, seed uint64, held string) (Hand, bool) {
	t.Helper()
	named, last := false, ""
	h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(0.02),
		Trace: func(s string) {
			if strings.Contains(s, "seen  confirm Extra: <nil>") && strings.Contains(last, "seen  scan "+held+": <nil>") {
				named = true
			}
			if strings.Contains(s, " seen ") {
				last = s
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	return h, named
}

// TestHeldExtraExtraNamed: the negative control. The card held is itself
// an Extra: told as a card shown it is no rider, and "A rider can only
// have one Extra at a time", so an Extra named within half a beat is laid
// on no held card, and shows nothing of it (showsHeld false): the hold
// judges it as before.
func TestHeldExtraExtraNamed(t *testing.T) {
	tb, id := heldTable(t, func(tb *table, id string) bool {
		c, _ := tb.seen.CardIndex(id)
		return tb.seen.Card(c).Kind == game.Extra
	})
	if !tb.holdIfPlayedUnseen(id) {
		t.Fatalf("%s not held", id)
	}
	if tb.showsHeld(tb.hold, game.ConfirmAs(game.Extra)) {
		t.Errorf("an Extra named while the Extra %s is held makes it a card shown", id)
	}
}
