package simtable

import (
	"fmt"
	"slices"
	"strings"
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
	stack := t.askedStack(seat)
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
	card := t.byHandOnTop(g.PlayerAt(seat), stack)
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

// askedStack is the stack of seat (from 1) the dealer's screen asks them
// to scan the card dealt by hand on top of ("scan the card dealt by hand
// to seat 2, stack 2"): a seat may have two stacks topped by cards dealt
// by hand ("If a player has more than one stack, you will deal one card
// into each"), and the light names only the seat. 0 where the screen
// names none, or the table cannot read it. Called without t.mu held (the
// screen's lines take the dealer's lock); it reads them once.
func (t *Table) askedStack(seat int) int {
	if seat == 0 || t.lines == nil {
		return 0
	}
	const ask = "scan the card dealt by hand to seat "
	for _, l := range t.lines() {
		i := strings.Index(l, ask)
		if i < 0 {
			continue
		}
		var s, k int
		if n, _ := fmt.Sscanf(l[i:], ask+"%d, stack %d ", &s, &k); n == 2 && s == seat {
			return k
		}
	}
	return 0
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
// reader could tell (as game/messy's dealer remembers them).
type dealtByHand struct {
	seat, stack int
	kind        game.Kind
}

// rememberByHand notes card c, confirmed by hand, dealt to seat (0: where
// the truth has it), until the dealer is asked for it. The stack is the one
// it lies in, counted left to right, -1 if it lies in none now (picked up
// already, or a Ground Stopped and back on the deck).
func (t *Table) rememberByHand(c, seat int) {
	g := t.truth
	stack := -1
	if w := g.Where(c); w.Zone == game.InStack {
		if seat == 0 {
			seat = g.Seat(w.Player)
		}
		if g.Seat(w.Player) == seat {
			stack = w.Stack
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.byHandCards[c] = true
	t.remembered = append(t.remembered, dealtByHand{seat: seat, stack: stack, kind: g.Card(c).Kind})
}

// byHandOnTop is the card the simulated dealer scans, asked for player p's
// card dealt by hand on top of stack (from 1; 0: any of p's stacks), or -1
// for n. They look at the top of each such stack they remember dealing p
// a card by hand into, and scan the first with that card's face: the very
// card, or, if p picked it up, another of that kind under it. What they
// scan they think of no more. Called with t.mu held.
func (t *Table) byHandOnTop(p, stack int) int {
	g := t.truth
	if p < 0 {
		return -1
	}
	seat := g.Seat(p)
	t.scripted = slices.DeleteFunc(t.scripted, func(c int) bool {
		w := g.Where(c)
		if w.Zone == game.InStack {
			t.remembered = append(t.remembered, dealtByHand{seat: g.Seat(w.Player), stack: w.Stack, kind: g.Card(c).Kind})
		}
		return w.Zone == game.InStack
	})
	for k := range g.NumStacks(p) {
		top := g.Top(p, k)
		if top < 0 || (stack > 0 && k != stack-1) {
			continue
		}
		if m := slices.Index(t.remembered, dealtByHand{seat: seat, stack: k, kind: g.Card(top).Kind}); m >= 0 {
			t.remembered = slices.Delete(t.remembered, m, m+1)
			return top
		}
	}
	return -1
}
