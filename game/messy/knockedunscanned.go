package messy

import (
	"slices"

	"github.com/falling-table/falling/game"
)

// knockedAfterUnscanned is the dealer whose report that faller p's stack
// (its cards now bottom first) was knocked over the assistant refused
// ("seat N has no stack of two cards or more"), one of those cards being
// one they dealt unscanned and have not said: warned, they look at the
// light, which still waits for the cards they dealt unscanned, confirm
// those by hand (the reader reads: game/dealer asks for them at once), and
// report the stack again, as they do for a read refused (observe). "Your
// job is to control the pace of the game, follow the instructions of the
// riders, and be the referee": the stack has the cards they dealt it,
// and the screen is told so before it is told they were gathered back.
// It reports whether the report was taken.
func (t *table) knockedAfterUnscanned(p int, stack []int) bool {
	fs := t.unscanned
	if t.held != 0 || len(fs) == 0 || !slices.ContainsFunc(fs, func(i int) bool { return t.inStack(i, stack) }) {
		return false
	}
	first, ok := t.truth.CardIndex(t.hand.Faults[fs[0]].Card)
	if !ok {
		return false
	}
	// The light lags for them: it asks for the first of them where it
	// was dealt.
	if !t.lightOn(t.dealtTo(first, t.hand.Faults[fs[0]].Seat)) {
		return false
	}
	t.unscanned, t.hiddenLag = nil, false
	if !t.confirmByHand(fs, false) {
		return false
	}
	t.identify()
	return t.observe(game.Knocked(t.truth.Seat(p)))
}

// inStack reports whether fault i's card is one of cards.
func (t *table) inStack(i int, cards []int) bool {
	c, ok := t.truth.CardIndex(t.hand.Faults[i].Card)
	return ok && slices.Contains(cards, c)
}
