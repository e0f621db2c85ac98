package messy

import "testing"

// TestExtraShownOnItsRiderFromAnUncoveredGuess: "To play an Extra, lay it
// on top of the rider you wish to modify". Seat 2's Extra, dealt by hand
// with the reader gone and covered by its Hit's second card, came on top
// again when the faller played that card as its rider; the faller laid
// the Extra on it. Read just after the rider, the engine took it for the
// Hit's first card and offered no misread, as a card said picked up long
// before at that seat hid the uncovered one (game's
// TestExtraOnItsRiderFromAnUncoveredGuess); now the dealer, who sees it
// lying on the Hit, says misread (7008773, three rule sets).
func TestExtraShownOnItsRiderFromAnUncoveredGuess(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		h, said := playSaidAfter(t, opt, deck, 7008773, "shown on the rider after all: extra-2", "seen  not there: extra-2: <nil>")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s: the Extra shown on its rider after all %v, out of step %v, another winner named %v", rules, said, h.OutOfStep, h.Diverged)
		}
	}
}

// TestStopGrabbedFromTheHitConfirmed: "If the dealer is giving you two
// cards in a row (because of a Hit), you can certainly grab the first
// one." With the reader gone, seat 1's Hit dealt it a Stop and a Ground;
// the faller grabbed the Stop as the Ground came and played it, and the
// dealer confirmed it by hand. The engine took it (game's
// TestStopNamedGrabbedFromTheHit); before, it refused, and the Ground
// landed on a faller the table had saved (7006738, three rule sets).
func TestStopGrabbedFromTheHitConfirmed(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		opt, deck := ruleSet(t, rules)
		h, refused := playSaidAfter(t, opt, deck, 7006738, "seat 1 has no Stop the engine knows of", "seen  press seat 1")
		if refused || h.OutOfStep || h.Diverged {
			t.Errorf("%s: the Stop claim refused %v, out of step %v, another winner named %v", rules, refused, h.OutOfStep, h.Diverged)
		}
	}
}

// TestMisreadBeforeTheKnock: "Deal the cards face up into stacks in front
// of each player", and "To play an Extra, lay it on top of the rider you
// wish to modify". The Hit's first card at seat 2, an Extra the engine had
// standing in for the card seat 2's faller was said to have picked up, was
// taken for that card laid on the Hit. Before the next beat a faller
// knocked a stack over and gathered it back, and the dealer said so: the
// report closed the misread the screen offered, and the dealer, who dealt
// the Extra into the stack, later said "not there" of a stack that was
// there (7003782 classic and french). The dealer now says misread first,
// as before an ask, and the Extra is the deal after all.
func TestMisreadBeforeTheKnock(t *testing.T) {
	for _, rules := range []string{"classic", "french"} {
		opt, deck := ruleSet(t, rules)
		h, said := playSaidAfter(t, opt, deck, 7003782, "seen  not there: extra-2: <nil>", "seen  scan extra-2: <nil>")
		if !said || h.OutOfStep || h.Diverged {
			t.Errorf("%s: misread said of extra-2 before the knock %v, out of step %v, another winner named %v", rules, said, h.OutOfStep, h.Diverged)
		}
	}
}
