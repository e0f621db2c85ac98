// Package byhand is what a person dealing remembers of the cards they
// confirmed by hand, and how they match the stack the screen names to one
// on the table. Both simulated dealers (game/messy and game/simtable)
// remember the same way, so they share it here rather than keep two copies
// that drift. It stands for the person at the table, not the engine: it
// reads the truth (the physical table, a *game.Game) and decides nothing
// the assistant would.
package byhand

import (
	"slices"

	"github.com/falling-table/falling/game"
)

// card is what the dealer remembers of a card they confirmed by hand: the
// seat and the stack they dealt it to, and its face. Cards of one kind
// look alike, and which card it was only the reader could tell. The stack
// is the one they see, wherever stacks before it come and go ("Extra
// stacks disappear once they are empty"): here, the card at its bottom
// when the card was dealt, which stays in it while it lies on the table
// (only the top card is picked up), -1 for none.
type card struct {
	seat, bottom int
	kind         game.Kind
}

// Memory is what one dealer remembers of the cards they dealt by hand,
// until they are asked for them. The zero Memory remembers nothing.
type Memory struct {
	cards []card
}

// Remember notes a card of face kind dealt by hand to seat, into the
// stack whose bottom card is bottom (-1: none, as for a card that lies in
// no stack now, a Ground Stopped and back on the deck).
func (m *Memory) Remember(seat, bottom int, kind game.Kind) {
	m.cards = append(m.cards, card{seat: seat, bottom: bottom, kind: kind})
}

// Bottom is the card at the bottom of the stack card c lies in in g, -1
// if it lies in none: the stack the dealer sees c in.
func Bottom(g *game.Game, c int) int {
	if w := g.Where(c); w.Zone == game.InStack {
		return g.Stack(w.Player, w.Stack)[0]
	}
	return -1
}

// Empty reports whether the dealer remembers no card.
func (m *Memory) Empty() bool { return len(m.cards) == 0 }

// Any reports whether the dealer remembers a card dealt by hand to seat.
func (m *Memory) Any(seat int) bool {
	return slices.ContainsFunc(m.cards, func(c card) bool { return c.seat == seat })
}

// Forget drops what the dealer remembers of the cards they dealt by hand
// to seat.
func (m *Memory) Forget(seat int) {
	m.cards = slices.DeleteFunc(m.cards, func(c card) bool { return c.seat == seat })
}

// Knows reports whether the dealer remembers dealing player p a card by
// hand into g's stack k with the face of the card on top of it now.
func (m *Memory) Knows(g *game.Game, p, k int) bool { return m.at(g, p, k) >= 0 }

// Take is the dealer scanning the top of player p's stack k in g: it
// reports whether they remember dealing p a card by hand into it with
// that face (the very card, or, if p picked it up, another of that kind
// under it), and thinks of that card no more if so.
func (m *Memory) Take(g *game.Game, p, k int) bool {
	i := m.at(g, p, k)
	if i < 0 {
		return false
	}
	m.cards = slices.Delete(m.cards, i, i+1)
	return true
}

// at is the index of what the dealer remembers of a card they dealt by
// hand to player p into g's stack k, with the face of the card on top of
// it now, -1 if nothing.
func (m *Memory) at(g *game.Game, p, k int) int {
	top := g.Top(p, k)
	if top < 0 {
		return -1
	}
	seat, kind, st := g.Seat(p), g.Card(top).Kind, g.Stack(p, k)
	return slices.IndexFunc(m.cards, func(c card) bool {
		return c.seat == seat && c.kind == kind && c.bottom >= 0 && slices.Contains(st, c.bottom)
	})
}

// Match is player p's stack in g (the truth's index) that the screen's
// stack (counted from 1, game.Game.StackNumber) is, as the dealer who sees
// both tells them apart, the screen drawing drawn stacks for p: the one in
// that place where the screen draws as many stacks as the table has.
// The places part where the screen draws a stack the faller emptied
// unseen ("You can only pick up the top card of your stack"), or lacks
// one a card dealt unscanned started (the screen a card behind): the
// dealer, who sees the seat's one stack topped by a card they dealt it by
// hand, takes that for the one asked about (messy official every mistake
// 1003559 went out of step when they went by the place). -1 if none.
func (m *Memory) Match(g *game.Game, p, stack, drawn int) int {
	if stack < 1 {
		return -1
	}
	if drawn != Held(g, p) {
		if k := m.only(g, p); k >= 0 {
			return k
		}
	}
	return g.StackNumbered(p, stack)
}

// only is player p's one stack in g topped by a card the dealer
// remembers dealing p by hand, -1 if none or two (the place is then all
// the dealer has to go by).
func (m *Memory) only(g *game.Game, p int) int {
	only := -1
	for k := range g.NumStacks(p) {
		if !m.Knows(g, p, k) {
			continue
		}
		if only >= 0 {
			return -1
		}
		only = k
	}
	return only
}

// Held is how many of player p's stacks have a card in them in g: those a
// screen draws, or those the table has.
func Held(g *game.Game, p int) int {
	n := 0
	for k := range g.NumStacks(p) {
		if g.Top(p, k) >= 0 {
			n++
		}
	}
	return n
}
