package messy

import "github.com/falling-table/falling/game"

// identify is the dealer answering the assistant's asks once the reader
// reads again (after a card confirmed by hand, or the reader's return), as
// game/dealer asks them: for each seat where the assistant has a card
// dealt by hand on top of a stack, the dealer scans the card really on
// top of that seat's stacks if it is one they confirmed by hand
// (game.EvIdentify), and says n (game.NotOnTop) if none is; a seat whose
// other stack is topped by another card dealt by hand is asked again, for
// that one. It waits as game/dealer waits (identifyWaits), and asks once
// the wait is over (askAfterWindow).
func (t *table) identify() {
	t.resolveHold(nil) // the dealer asks only once the held read is judged
	if t.seen.Over() {
		return
	}
	if t.identifyWaits() {
		t.askAfterWindow = true // as game/dealer asks: once the wait is over
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

// identifyWaits mirrors game/dealer's maybeIdentify, which asks nothing
// while
//   - a Ground's Stop window is open (stop.open): the Ground lands or goes
//     back on the deck, and is no card to ask for;
//   - an imaginary Ground is announced and not yet dealt (imag.announced):
//     the beat has reached its seat (beatAt), and its window follows;
//   - a Ground read while a Stop claim waits is kept (kept.active): only
//     inside a window, which this table's dealer deals nothing into, so
//     the first case covers it;
//   - a card is due (slot.open), or the panel is paused: this table asks
//     only between two cards, and never pauses.
func (t *table) identifyWaits() bool {
	in := t.seen.Next()
	if in.Action == game.ActLand {
		return true
	}
	return in.Action == game.ActDeal && in.Imaginary && in.Seat == t.beatAt
}
