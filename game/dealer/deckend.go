package dealer

import "github.com/falling-table/falling/game"

// deckEnd tells the dealer when the lights ask for a plain card where the
// table must be dealing imaginary Grounds. "Shuffle the rest of the cards,
// and put the Grounds at the bottom": once every Ground is dealt the
// table's deck is empty, and "there is an unlimited supply of ground". An
// engine that still counts other cards in it missed one dealt (unscanned,
// and never said), and asks for "a card" no dealer has. Named a Ground
// (g), the card is the imaginary Ground the table deals; a plain confirm
// would stand in the card the engine believes left, and the seat would
// stay in. Called with d.mu held after each event the engine takes.
func (d *Dealer) deckEnd() {
	owed := d.g.GroundsOut() && d.g.DeckSize() > 0 // cheap: on most events, false
	var in game.Instruction
	if owed {
		in = d.g.Next()
		owed = in.Action == game.ActDeal // not Imaginary: the deck holds cards
	}
	switch {
	case owed && !d.deckEndAsked:
		d.deckEndAsked = true
		d.ask(askDeckEnd, false, "every Ground is dealt, so the deck should be empty, yet the lights count %d card(s) in it (dealt unscanned and never said?): if your deck is empty, deal seat %d an imaginary Ground and name it (g)", d.g.DeckSize(), in.Seat)
	case !owed && d.deckEndAsked:
		d.deckEndAsked = false
		d.settle(askDeckEnd)
	}
}
