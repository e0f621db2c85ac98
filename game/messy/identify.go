package messy

import "github.com/falling-table/falling/game"

// identify is the dealer answering the assistant's asks once the reader
// reads again (after a card confirmed by hand, or the reader's return), as
// game/dealer asks them: for each seat where the assistant has a card
// dealt by hand on top of a stack, the dealer scans the card really on
// top of that seat's stacks if it is one they confirmed by hand
// (game.EvIdentify), and says n (game.NotOnTop) if none is; a seat whose
// other stack is topped by another card dealt by hand is asked again, for
// that one. A Ground's Stop window must close first: the Ground lands or
// goes back on the deck, and is no card to ask for.
func (t *table) identify() {
	t.resolveHold(nil) // the dealer asks only once the held read is judged
	if t.seen.Over() {
		return
	}
	if in := t.seen.Next(); in.Action == game.ActLand {
		t.askAfterWindow = true // as game/dealer asks: once it closes
		return
	}
	for p := range t.seen.NumPlayers() {
		for t.identifyAt(p) {
			// Another stack of the seat is topped by a card dealt by hand:
			// game/dealer asks about the seat again (identified).
		}
	}
}

// identifyAt is the dealer asked about player p's card dealt by hand, if
// the assistant has one on top: it reports whether the answer was taken
// and another is on top still, so that the seat is asked again.
func (t *table) identifyAt(p int) bool {
	g, s := t.truth, t.seen
	if s.Out(p) || !s.AskFor(p) {
		return false
	}
	card := -1
	for k := 0; p < g.NumPlayers() && k < g.NumStacks(p); k++ {
		if top := g.Top(p, k); top >= 0 && t.byHand[top] {
			card = top
			break
		}
	}
	if card < 0 {
		// n: the card dealt by hand is not on top (picked up).
		t.observe(game.NotOnTop(s.Seat(p)))
		return false
	}
	delete(t.byHand, card)
	return t.observe(game.Identify(s.Seat(p), g.Card(card).ID)) && s.AskFor(p)
}
