package simtable

import (
	"slices"
	"time"

	"github.com/falling-table/falling/game"
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

// dealtByHand is what the simulated dealer remembers of a card they
// confirmed by hand: the seat and the stack they dealt it to, and its
// face. Cards of one kind look alike, and which card it was only the
// reader could tell (as game/messy's dealer remembers them). The stack is
// the one they see, wherever stacks before it come and go ("Extra stacks
// disappear once they are empty"): here, the card at its bottom when the
// card was dealt, which stays in it while it lies on the table (only the
// top card is picked up), -1 for none.
type dealtByHand struct {
	seat, bottom int
	kind         game.Kind
}

// rememberByHand notes card c, confirmed by hand, dealt to seat (0: where
// the truth has it), until the dealer is asked for it. The stack is the one
// it lies in, none if it lies in none now (picked up already, or a Ground
// Stopped and back on the deck).
func (t *Table) rememberByHand(c, seat int) {
	g := t.truth
	bottom := -1
	if w := g.Where(c); w.Zone == game.InStack {
		if seat == 0 {
			seat = g.Seat(w.Player)
		}
		if g.Seat(w.Player) == seat {
			bottom = g.Stack(w.Player, w.Stack)[0]
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.byHandCards[c] = true
	t.remembered = append(t.remembered, dealtByHand{seat: seat, bottom: bottom, kind: g.Card(c).Kind})
}

// byHandOnTop is the card the simulated dealer scans, asked for player p's
// card dealt by hand on top of the stack ask names (any of p's stacks if
// it names none), or -1 for n. They look at the top of each such stack
// (tableStack) they remember dealing p a card by hand into, and scan the
// first with that card's face: the very card, or, if p picked it up,
// another of that kind under it. What they scan they think of no more.
// Called with t.mu held.
func (t *Table) byHandOnTop(p int, ask Ask) int {
	g := t.truth
	if p < 0 {
		return -1
	}
	t.scripted = slices.DeleteFunc(t.scripted, func(c int) bool {
		w := g.Where(c)
		if w.Zone == game.InStack {
			t.remembered = append(t.remembered, dealtByHand{seat: g.Seat(w.Player), bottom: g.Stack(w.Player, w.Stack)[0], kind: g.Card(c).Kind})
		}
		return w.Zone == game.InStack
	})
	named := -1
	if ask.Stack > 0 {
		if named = t.tableStack(p, ask); named < 0 {
			return -1 // no such stack at the table: nothing on top of it
		}
	}
	for k := range g.NumStacks(p) {
		if k != named && named >= 0 {
			continue
		}
		if m := t.rememberedAt(p, k); m >= 0 {
			t.remembered = slices.Delete(t.remembered, m, m+1)
			return g.Top(p, k)
		}
	}
	return -1
}

// tableStack is player p's stack at the table (the truth's index) that
// the screen's stack ask.Stack (counted from 1, game.Game.StackNumber) is,
// as the dealer who sees both tells them apart: the one in that place
// where the screen draws as many stacks as the table has.
// The places part where the screen draws a stack the faller emptied
// unseen ("You can only pick up the top card of your stack"), or lacks
// one a card dealt unscanned started (the screen a card behind): the
// dealer, who sees the seat's one stack topped by a card they dealt it by
// hand, takes that for the one asked about (messy official every mistake
// 1003559 went out of step when they went by the place). -1 if none.
func (t *Table) tableStack(p int, ask Ask) int {
	at := heldStacks(t.truth, p)
	if ask.Drawn != len(at) {
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
	if ask.Stack < 1 || ask.Stack > len(at) {
		return -1
	}
	return at[ask.Stack-1]
}

// heldStacks are player p's stacks with a card in them in g: those the
// table has.
func heldStacks(g *game.Game, p int) []int {
	var at []int
	for k := range g.NumStacks(p) {
		if g.Top(p, k) >= 0 {
			at = append(at, k)
		}
	}
	return at
}

// rememberedAt is what the simulated dealer remembers of a card they
// dealt by hand to player p into the table's stack k, with the face of the
// card on top of it now (its index in remembered), -1 if nothing.
func (t *Table) rememberedAt(p, k int) int {
	g := t.truth
	top := g.Top(p, k)
	if top < 0 {
		return -1
	}
	seat, kind, st := g.Seat(p), g.Card(top).Kind, g.Stack(p, k)
	return slices.IndexFunc(t.remembered, func(m dealtByHand) bool {
		return m.seat == seat && m.kind == kind && m.bottom >= 0 && slices.Contains(st, m.bottom)
	})
}
