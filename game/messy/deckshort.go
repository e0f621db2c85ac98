package messy

import (
	"fmt"

	"github.com/falling-table/falling/game"
)

// The audit's deck short of the record (audit.Result.DeckShort), judged
// against the dealer's real deck: which mistakes it surely shows, and when
// saying it is an accusation.

// judgeShort weighs the audit's deck short (audit.Result.DeckShort): each
// card the table dealt with no deal on record leaves the deck a card short
// of the record. One of two dealt as one still stuck at its seat, or one
// dealt unscanned that the dealer never said nor confirmed by hand (Named),
// surely does (others may: a deal held and taken for a card shown, say).
// Where the deck is short by at least as many cards as surely left it
// unrecorded, each of those shows, whichever card the engine's guesses now
// name in its place: those not caught otherwise are named by the audit. A
// deck said shorter than the table's really is, is an accusation.
func (t *table) judgeShort() {
	short := t.hand.Audit.DeckShort
	if real := t.seen.DeckSize() - t.deckLeft(); short > max(real, 0) {
		t.hand.Accusations = append(t.hand.Accusations, fmt.Sprintf("the deck said %d card(s) short, %d really", short, real))
	}
	var surely []*Fault
	for i := range t.hand.Faults {
		f := &t.hand.Faults[i]
		c, ok := t.truth.CardIndex(f.Card)
		switch {
		case !ok:
		case f.Kind == TwoAsOne && t.stuck[c],
			f.Kind == DealUnscanned && f.Answer != Named && t.truth.Where(c).Zone != game.InDeck:
			surely = append(surely, f)
		}
	}
	if short == 0 || short < len(surely) {
		return // another card made up for one of them: which shows is not known
	}
	for _, f := range surely {
		if f.Answer == Missed {
			f.Answer, f.Why = Audited, fmt.Sprintf("the deck %d card(s) short of the record", short)
		}
	}
}

// deckLeft counts the cards really left in the dealer's deck: the truth's,
// but those lying at a seat (stuck to a card dealt, TwoAsOne).
func (t *table) deckLeft() int {
	n := 0
	for c := range t.truth.NumCards() {
		if t.truth.Where(c).Zone != game.InDeck {
			continue
		}
		if q, ok := t.phys[c]; ok && q >= 0 {
			continue
		}
		n++
	}
	return n
}
