package simtable

import (
	"slices"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/byhand"
	"github.com/falling-table/falling/hw"
)

// askIdentify is the light of a seat whose card dealt by hand the dealer
// asks to have scanned (dealer.LightIdentify: the table knows the light
// language, not the dealer's code).
var askIdentify = hw.Pattern{Kind: hw.Blink, Color: hw.Blue, Period: 500 * time.Millisecond}

// identifyAsked is the simulated dealer, hearing a warning, looking for a
// seat whose card dealt by hand they are asked to scan: they scan the card
// on top of the stack the screen names (askedStack; any of the seat's
// stacks where it names none) that they take for one they confirmed by
// hand (byHandOnTop), and say n (not there) if none is, as a person who
// sees the stacks would.
func (t *Table) identifyAsked() {
	now := t.Clock.Now()
	seat := t.identifySeat()
	ask := t.askedStack(seat)
	t.mu.Lock()
	if seat == 0 {
		t.mu.Unlock()
		return
	}
	if seat == t.identSeat && now < t.identUntil {
		// Asked again about the seat just answered: the dealer may not
		// have taken the answer yet, or, having taken it, asks about
		// another of the seat's stacks. A person looks again once the
		// answer is taken: a light still asking then is a new ask.
		look := !t.identLook
		t.identLook = true
		until := t.identUntil
		t.mu.Unlock()
		if look {
			t.Clock.At(until+t.cfg.Reaction, t.identifyLookAgain)
		}
		return
	}
	// One answer to one ask: another warning heard before the dealer has
	// taken it is not a new ask, but the light blinking at another seat
	// is.
	t.identSeat, t.identUntil = seat, now+t.hear+50*time.Millisecond
	g := t.truth
	card := t.byHandOnTop(g.PlayerAt(seat), ask)
	if card >= 0 {
		delete(t.byHandCards, card)
	}
	t.mu.Unlock()
	if card < 0 {
		t.Panel.ControlAt(hw.ControlSkip, now)
		return
	}
	t.scan.layAt(t.tags[g.Card(card).ID], now, noWait)
}

// identifyLookAgain is the simulated dealer looking again at a light that
// asked for a seat's card dealt by hand while their answer to the last ask
// about that seat was on its way (identifyAsked).
func (t *Table) identifyLookAgain() {
	t.mu.Lock()
	t.identLook = false
	t.mu.Unlock()
	t.identifyAsked()
}

// Ask is the dealer's ask for a card dealt by hand as the screen shows
// it (dealer.View.Identify): the seat, the stack (from 1, as the screen
// numbers the seat's stacks) and how many stacks the screen draws for the
// seat. The zero Ask is none.
type Ask struct {
	Seat, Stack, Drawn int
}

// SetAsk lets the simulated dealer read the dealer's ask for a card
// dealt by hand off the screen: f reports it. Set before the hand starts;
// f is called without the table's lock held.
func (t *Table) SetAsk(f func() Ask) { t.ask = f }

// askedStack is the ask the dealer's screen shows about seat ("scan the
// card dealt by hand to seat 2, stack 2"): a seat may have two stacks
// topped by cards dealt by hand ("If a player has more than one stack,
// you will deal one card into each"), and the light names only the seat.
// The zero Ask where the screen names none for seat, or the table cannot
// see it. Called without t.mu held (the screen takes the dealer's lock).
func (t *Table) askedStack(seat int) Ask {
	if seat == 0 || t.ask == nil {
		return Ask{}
	}
	if a := t.ask(); a.Seat == seat {
		return a
	}
	return Ask{}
}

// identifySeat is the seat whose light asks for its card dealt by hand to
// be scanned, 0 for none.
func (t *Table) identifySeat() int {
	for _, s := range t.cfg.Seats {
		if t.Lights.Now(s) == askIdentify {
			return s
		}
	}
	return 0
}

// rememberByHand notes card c, confirmed by hand, dealt to seat (0: where
// the truth has it), until the dealer is asked for it. The stack is the one
// it lies in, none if it lies in none now (picked up already, or a Ground
// Stopped and back on the deck) or lies at another seat.
func (t *Table) rememberByHand(c, seat int) {
	g := t.truth
	bottom := -1
	if w := g.Where(c); w.Zone == game.InStack {
		if seat == 0 {
			seat = g.Seat(w.Player)
		}
		if g.Seat(w.Player) == seat {
			bottom = byhand.Bottom(g, c)
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.byHandCards[c] = true
	t.remembered.Remember(seat, bottom, g.Card(c).Kind)
}

// byHandOnTop is the card the simulated dealer scans, asked for player p's
// card dealt by hand on top of the stack ask names (any of p's stacks if
// it names none), or -1 for n. They look at the top of each such stack
// (byhand.Memory.Match) they remember dealing p a card by hand into, and
// scan the first with that card's face: the very card, or, if p picked it
// up, another of that kind under it. What they scan they think of no more.
// Called with t.mu held.
func (t *Table) byHandOnTop(p int, ask Ask) int {
	g := t.truth
	if p < 0 {
		return -1
	}
	t.scripted = slices.DeleteFunc(t.scripted, func(c int) bool {
		w := g.Where(c)
		if w.Zone == game.InStack {
			t.remembered.Remember(g.Seat(w.Player), byhand.Bottom(g, c), g.Card(c).Kind)
		}
		return w.Zone == game.InStack
	})
	if ask.Stack > 0 {
		// The one stack named: no such stack at the table, or one with
		// nothing of theirs on top, is an n.
		if k := t.remembered.Match(g, p, ask.Stack, ask.Drawn); k >= 0 && t.remembered.Take(g, p, k) {
			return g.Top(p, k)
		}
		return -1
	}
	for k := range g.NumStacks(p) {
		if t.remembered.Take(g, p, k) {
			return g.Top(p, k)
		}
	}
	return -1
}
