package messy

import "testing"

// TestUnscannedSaidOfAHeldRider: "You may place a rider in front of any
// player, including yourself", and the dealer's "unscanned" is said of
// the card read last when the light asks again for the seat just dealt
// to. Seat 1's card is dealt unscanned; seat 2 shows the Hit it picked up,
// read while the light still waits at seat 1, and held (it may be seat
// 1's card dealt by hand, picked up unseen); the Hit's first card goes
// unread. The dealer, about to confirm it, sees the light lag and says
// "unscanned" of the Hit first: the hold judges it the deal, then the card
// dealt unscanned is seat 1's, and the Hit, read again at seat 2, is the
// rider there (the misread). Before, the dealer confirmed the card dealt
// unscanned by hand, a confirmation in the Hit's beat that made it seat
// 1's card dealt by hand, shown there, and the Hit's cards went to seat 1
// (1009248 fell a seat behind on three rule sets).
func TestUnscannedSaidOfAHeldRider(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		seed := uint64(1009248)
		h, said := playSaidAfter(t, opt, deck, seed, "seen  a card dealt unscanned before hit-11: <nil>", "seen  scan hit-11 (dealt)")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s seed %d: unscanned said of the held Hit %v, out of step %v, another winner named %v", rules, seed, said, h.OutOfStep, h.Diverged)
		}
	}
}

// TestSkipNotThereAfterUnscannedEndingAnAddress: "SKIP: Deal no cards to
// this player. (And sweep away the Skip.)" As TestSkipNotThereAfterUnscanned,
// but the Skip had been taken for a Hit's second card, the card dealt
// unscanned: said so, the Hit is swept with it, and the Skip, read again,
// is taken for the next seat's rider (its faller's card dealt by hand,
// said picked up). The dealer, who dealt it into that seat's stack, says
// "not there" at once, and it is the deal after all, the Hit's sweep kept
// (game's TestWordAfterUnscannedEndingAnAddress/Skip). Before, this table's
// dealer kept that "not there" back until after the ask, where the engine
// refused it, and the Skip, swept on the record, was refused when its
// faller played it (1002188 fell a seat behind on three rule sets).
func TestSkipNotThereAfterUnscannedEndingAnAddress(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		seed := uint64(1002188)
		h, said := playSaidAfter(t, opt, deck, seed, "seen  stack-gone: <nil>", "seen  a card dealt unscanned before skip-11")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s seed %d: not there said of the Skip %v, out of step %v, another winner named %v", rules, seed, said, h.OutOfStep, h.Diverged)
		}
	}
}

// TestUnscannedSaidOfARiderShownAtTheNextSeat: "Starting with the player
// to your left, deal cards one at a time clockwise around the table", and
// "When you encounter a rider, you follow the card's meaning". Seat 1's
// card is dealt unscanned; the dealer goes on to seat 2 and shows the Hit
// its faller played there, read while the light still waits at seat 1 and
// held (it may be seat 1's card dealt by hand, picked up unseen). The
// Hit's first card goes unscanned too, so nothing is read at once, and
// half a beat judges the Hit seat 1's deal: the light, a card ahead for
// the Hit and a card behind for seat 1's, now agrees with the table's
// next deal. The dealer showed the rider of seat 2 with the light on seat
// 1: they saw it lag then, as at the read of a card they deal to another
// seat than the light's, and say "unscanned" of the Hit (litElsewhere).
// The card dealt unscanned is seat 1's, the Hit, read again, is seat 2's
// deal, and the dealer's misread shows it after all (shownNotDealt).
// Before, the dealer said nothing until the Hit's second card, taken for
// seat 2's card dealt by hand played there, and the lights ran a seat
// behind (6002099, three rule sets).
func TestUnscannedSaidOfARiderShownAtTheNextSeat(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		seed := uint64(6002099)
		h, said := playSaidAfter(t, opt, deck, seed, "seen  a card dealt unscanned before hit-8: <nil>", "seen  scan hit-8 (dealt)")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s seed %d: unscanned said of the held Hit %v, out of step %v, another winner named %v", rules, seed, said, h.OutOfStep, h.Diverged)
		}
	}
}
