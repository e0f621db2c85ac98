package messy

import (
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/byhand"
)

// identify is the dealer answering the assistant's asks once the reader
// reads again (after a card confirmed by hand, or the reader's return), as
// game/dealer asks them: for each seat where the assistant has a card
// dealt by hand on top of a stack, the dealer is asked about that stack
// (game.Game.AskStack, as the screen names it), looks at its top and scans
// it if they take it for the card they dealt there by hand
// (game.IdentifyAt, dealtByHandOnTop), or says n (game.NotOnTopAt) if
// not; a seat whose other stack is topped by another card dealt by hand is
// asked again, for that one, after a scan or an n. It waits as game/dealer waits
// (identifyWaits), and asks once the wait is over (askAfterWindow).
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

// remember notes card c, confirmed by hand, dealt to the faller at seat (0:
// where the truth has it, just dealt), until the dealer is asked for it.
// The stack is the one it lies in, none if it lies in none now (a Ground
// Stopped goes back on the deck).
func (t *table) remember(c, seat int) {
	g := t.truth
	t.byHand.Remember(g.Seat(t.dealtTo(c, seat)), byhand.Bottom(g, c), g.Card(c).Kind)
}

// identifyAt is the dealer asked about player p's card dealt by hand, if
// the assistant has one on top: it reports whether the answer was taken
// and another is on top still, so that the seat is asked again (seen).
func (t *table) identifyAt(p int) bool {
	s := t.seen
	if s.Out(p) || !s.AskFor(p) {
		return false
	}
	seat, stack := s.Seat(p), s.AskStack(p)
	card := t.dealtByHandOnTop(p, stack)
	if card < 0 {
		// n: the card dealt by hand is not on top (picked up). Another
		// stack of the seat topped by one not said picked up, game/dealer
		// asks about the seat again (identifySkipped), for that stack.
		if t.observe(game.NotOnTopAt(seat, stack)) && s.AskFor(p) {
			return true
		}
		t.byHand.Forget(seat)
		return false
	}
	id := t.truth.Card(card).ID
	if !t.observe(game.IdentifyAt(seat, stack, id)) {
		if s.UnderGuess(seat, id) {
			// game/dealer says n for them: the card the engine has
			// under the card dealt by hand is on top (identified).
			t.observe(game.NotOnTopAt(seat, stack))
		}
	} else if s.AskFor(p) {
		return true
	}
	// The seat's other cards dealt by hand lie under later deals: the
	// dealer thinks of them no more (asked for one again once on top, they
	// go by what they see).
	t.byHand.Forget(seat)
	return false
}

// dealtByHandOnTop is the card the dealer scans, asked for player p's card
// dealt by hand on top of stack (counted from 1, as the screen names it),
// or -1 for n. They look at the top of that stack (byhand.Memory.Match,
// the screen drawing the stacks the assistant has) and scan it if they
// remember dealing p a card by hand into it with that face: the very
// card, or, if p picked it up, another of that kind under it, read
// before; else n. Asked with nothing in mind for p (a card that came back
// on top a pass later, the card on it played), they go by the screen and
// scan the top card of that stack.
func (t *table) dealtByHandOnTop(p, stack int) int {
	g := t.truth
	k := t.byHand.Match(g, p, stack, byhand.Held(t.seen, p))
	if k < 0 {
		return -1 // no such stack at the table: nothing on top of it
	}
	top := g.Top(p, k)
	if !t.byHand.Any(g.Seat(p)) || top < 0 {
		return top
	}
	if t.byHand.Take(g, p, k) {
		return top
	}
	return -1
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
//     only between two cards, and never pauses; but a card dealt whose
//     read the dealer holds back, to lay the next one under it
//     (BuriedPlay's held), is a card the screen still waits for.
func (t *table) identifyWaits() bool {
	if t.held > 0 {
		return true
	}
	in := t.seen.Next()
	if in.Action == game.ActLand {
		return true
	}
	return in.Action == game.ActDeal && in.Imaginary && in.Seat == t.beatAt
}
