package messy

import (
	"slices"

	"github.com/falling-table/falling/game"
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

// dealtByHand is what the dealer remembers of a card they confirmed by
// hand: the seat and the stack they dealt it to, and its face. Cards of
// one kind look alike, and which card it was only the reader could tell.
// The stack is the one they see, wherever stacks before it come and go
// ("Extra stacks disappear once they are empty"): here, the card at its
// bottom when the card was dealt, which stays in it while it lies on the
// table (only the top card is picked up), -1 for none.
type dealtByHand struct {
	seat, bottom int
	kind         game.Kind
}

// remember notes card c, confirmed by hand, dealt to the faller at seat (0:
// where the truth has it, just dealt), until the dealer is asked for it.
// The stack is the one it lies in, none if it lies in none now (a Ground
// Stopped goes back on the deck).
func (t *table) remember(c, seat int) {
	g := t.truth
	bottom := -1
	if w := g.Where(c); w.Zone == game.InStack {
		bottom = g.Stack(w.Player, w.Stack)[0]
	}
	t.byHand = append(t.byHand, dealtByHand{seat: g.Seat(t.dealtTo(c, seat)), bottom: bottom, kind: g.Card(c).Kind})
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
		t.forget(seat)
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
	t.forget(seat)
	return false
}

// dealtByHandOnTop is the card the dealer scans, asked for player p's card
// dealt by hand on top of stack (counted from 1, as the screen names it),
// or -1 for n. They look at the top of that stack (tableStack) and scan it
// if they remember dealing p a card by hand into it with that face: the
// very card, or, if p picked it up, another of that kind under it, read
// before; else n. Asked with nothing in mind for p (a card that came back
// on top a pass later, the card on it played), they go by the screen and
// scan the top card of that stack.
func (t *table) dealtByHandOnTop(p, stack int) int {
	g := t.truth
	k := t.tableStack(p, stack)
	if k < 0 {
		return -1 // no such stack at the table: nothing on top of it
	}
	top := g.Top(p, k)
	if !slices.ContainsFunc(t.byHand, func(m dealtByHand) bool { return m.seat == g.Seat(p) }) || top < 0 {
		return top
	}
	if m := t.rememberedAt(p, k); m >= 0 {
		t.byHand = slices.Delete(t.byHand, m, m+1)
		return top
	}
	return -1
}

// tableStack is player p's stack at the table (the truth's index) that
// the screen's stack (counted from 1, game.Game.StackNumber) is, as the
// dealer who sees both tells them apart: the one in that place where the
// screen draws as many stacks as the table has.
// The places part where the screen draws a stack the faller emptied
// unseen ("You can only pick up the top card of your stack"), or lacks
// one a card dealt unscanned started (the screen a card behind): the
// dealer, who sees the seat's one stack topped by a card they dealt it by
// hand, takes that for the one asked about (messy official every mistake
// 1003559 went out of step when they went by the place). -1 if none.
func (t *table) tableStack(p, stack int) int {
	at := heldStacks(t.truth, p)
	if stack < 1 {
		return -1
	}
	if len(heldStacks(t.seen, p)) != len(at) {
		only := -1
		for _, k := range at {
			if t.rememberedAt(p, k) < 0 {
				continue
			}
			if only >= 0 {
				only = -1 // two: the place is all the dealer has to go by
				break
			}
			only = k
		}
		if only >= 0 {
			return only
		}
	}
	if stack > len(at) {
		return -1
	}
	return at[stack-1]
}

// heldStacks are player p's stacks with a card in them in g: those a
// screen numbers (game.Game.StackNumber), and those the table has.
func heldStacks(g *game.Game, p int) []int {
	var at []int
	for k := range g.NumStacks(p) {
		if g.Top(p, k) >= 0 {
			at = append(at, k)
		}
	}
	return at
}

// rememberedAt is what the dealer remembers of a card they dealt by hand
// to player p into the table's stack k, with the face of the card on top
// of it now (its index in byHand), -1 if nothing.
func (t *table) rememberedAt(p, k int) int {
	g := t.truth
	top := g.Top(p, k)
	if top < 0 {
		return -1
	}
	seat, kind, st := g.Seat(p), g.Card(top).Kind, g.Stack(p, k)
	return slices.IndexFunc(t.byHand, func(m dealtByHand) bool {
		return m.seat == seat && m.kind == kind && m.bottom >= 0 && slices.Contains(st, m.bottom)
	})
}

// forget drops what the dealer remembers of the cards they dealt by hand
// to seat.
func (t *table) forget(seat int) {
	t.byHand = slices.DeleteFunc(t.byHand, func(m dealtByHand) bool { return m.seat == seat })
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
