package messy

import "testing"

// TestUnscannedSaidAtAHeldReadAStrayJudged: the dealer's "unscanned" is
// said of the card read when the light asks for something else than the
// table owes. Seat 2's card (hit-4) is dealt unscanned; seat 3 shows the
// Hit it picked up (hit-5), read while the light still waits at seat 2,
// and held; a stray card read before the Hit's first card (stop-4) judges
// it shown (seat 3's card dealt by hand, picked up unseen). Told so, the
// engine takes the Hit for seat 2's rider, the light still there, and
// the dealer, who showed it at seat 3, says "unscanned" of it, as they do
// where the Hit's own first card judges the hold (TestUnscannedSaidOfAHeldRider).
// Before, this table's dealer had set the cards dealt unscanned aside
// while the stray was read, said "unscanned" one read late, of stop-4,
// and the engine put stop-4 at seat 2 (2000564 fell a seat behind on
// three rule sets).
func TestUnscannedSaidAtAHeldReadAStrayJudged(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		seed := uint64(2000564)
		h, said := playSaidAfter(t, opt, deck, seed, "seen  a card dealt unscanned before hit-5: <nil>", "seen  scan hit-5: <nil>")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s seed %d: unscanned said of the held Hit %v, out of step %v, another winner named %v", rules, seed, said, h.OutOfStep, h.Diverged)
		}
	}
}
