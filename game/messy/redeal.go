package messy

import (
	"errors"
	"fmt"
	"slices"

	"github.com/falling-table/falling/game"
)

// Some mistakes change the order of the cards rather than their places:
// two cards dealt as one leave the dealer's deck a card short, so every
// later card goes one deal earlier than the truth would deal it, and a
// stack gathered back in another order has another top. The truth, a
// rules engine dealing its deck in order, can only follow by having dealt
// another deck: redeal plays the hand again from a deck in the new order,
// with the same moves. The past it replays is not the table's (a card
// dealt an instant earlier or later), but its present is, and that is all
// the truth is asked: where each card is now and what the rules deal
// next. The assistant, which deals whatever card is read, is not touched.

// redeal replays the truth's moves on a deck in order (top first). It
// checks that every card but those in moved ends where it was, in the
// same place of its stack, and that the rules deal on as before; if not,
// the truth is put back as it was and the error says why.
//
// want, if not nil, says whether the truth redealt is the table the
// mistake made; if not, the truth is put back too.
func (t *table) redeal(order []int, moved map[int]bool, want func() error) error {
	g := t.truth
	was := g.Clone()
	if err := t.replay(order); err != nil {
		return t.undoRedeal(was, fmt.Errorf("redeal: %w", err))
	}
	if err := sameTable(was, g, moved); err != nil {
		return t.undoRedeal(was, fmt.Errorf("redeal: %w", err))
	}
	if want != nil {
		if err := want(); err != nil {
			return t.undoRedeal(was, fmt.Errorf("redeal: %w", err))
		}
	}
	t.order = order
	return nil
}

func (t *table) replay(order []int) error {
	g := t.truth
	if err := g.Redeal(order); err != nil {
		return err
	}
	for i, e := range t.events {
		if err := g.Apply(e); err != nil {
			return fmt.Errorf("move %d (%v) refused: %w", i, e, err)
		}
	}
	return nil
}

// errUndo is wrapped by redeal's error when the truth could not be put
// back as it was: the hand cannot go on.
var errUndo = errors.New("the truth cannot be put back")

// undoRedeal puts the truth back on its old order after a failed redeal.
func (t *table) undoRedeal(was *game.Game, err error) error {
	if e := t.replay(t.order); e != nil {
		return fmt.Errorf("%w; %w: %v", err, errUndo, e)
	}
	if e := sameTable(was, t.truth, nil); e != nil {
		return fmt.Errorf("%w; %w: it differs: %v", err, errUndo, e)
	}
	return err
}

// sameTable reports where b differs from a, the cards in moved aside:
// each card's place, the order of every stack, and what the rules ask
// next.
func sameTable(a, b *game.Game, moved map[int]bool) error {
	if a.Next() != b.Next() || a.Winner() != b.Winner() || a.DeckSize() != b.DeckSize() {
		return fmt.Errorf("the rules now ask %v (deck %d), not %v (deck %d)", b.Next(), b.DeckSize(), a.Next(), a.DeckSize())
	}
	for c := 0; c < a.NumCards(); c++ {
		if !moved[c] && a.Where(c) != b.Where(c) {
			return fmt.Errorf("%v is at %+v, not %+v", a.Card(c), b.Where(c), a.Where(c))
		}
	}
	for p := 0; p < a.NumPlayers(); p++ {
		if a.NumStacks(p) != b.NumStacks(p) {
			return fmt.Errorf("seat %d has %d stacks, not %d", a.Seat(p), b.NumStacks(p), a.NumStacks(p))
		}
		for s := 0; s < a.NumStacks(p); s++ {
			x, y := a.Stack(p, s), b.Stack(p, s)
			if len(x) != len(y) {
				return fmt.Errorf("seat %d's stack %d holds %d cards, not %d", a.Seat(p), s+1, len(y), len(x))
			}
			for i := range x {
				if x[i] != y[i] && !(moved[x[i]] && moved[y[i]]) {
					return fmt.Errorf("seat %d's stack %d holds %v where %v was", a.Seat(p), s+1, b.Card(y[i]), a.Card(x[i]))
				}
			}
		}
	}
	return nil
}

// peekDeal is the card the truth deals next, found on a copy, or -1 if
// the hand ends or a Ground lands first or the next deal is imaginary.
func (t *table) peekDeal() int {
	g := t.truth.Clone()
	for range 64 {
		in := g.Next()
		if in.Action == game.ActOver || in.Action == game.ActLand {
			return -1
		}
		if g.Apply(game.Step()) != nil {
			return -1
		}
		if in.Action != game.ActDeal {
			continue
		}
		if _, c, _, ok := g.PendingDeal(); ok && !in.Imaginary {
			return c
		}
		return -1
	}
	return -1
}

// twoAsOne is the dealer dealing card c to faller p with the next card of
// the deck stuck under it, and the reader reading only c. The assistant
// sees one deal, as the table does; the stuck card lies at p, and the
// dealer's deck is a card short, so each later card goes one deal earlier
// than the truth would have dealt it. The truth follows by moving the stuck
// card to the bottom of its deck, under the Grounds, where the table has
// none: should the truth ever deal it, the dealer's deck is empty while
// the lights ask for a card, and they confirm the deal from the panel.
//
// Only the audit, which scans what lies in front of each seat, can find
// the card: in front of p, believed in the deck.
func (t *table) twoAsOne(p, c int) error {
	g := t.truth
	if g.Card(c).Kind == game.Ground || !t.happens(TwoAsOne) {
		return nil
	}
	c2 := t.peekDeal()
	if c2 < 0 || g.Card(c2).Kind == game.Ground || g.Where(c2).Zone != game.InDeck || t.stuck[c2] {
		return nil // the Grounds wait at the bottom: none is stuck to a card above them
	}
	order := make([]int, 0, len(t.order))
	for _, x := range t.order {
		if x != c2 {
			order = append(order, x)
		}
	}
	order = append(order, c2)
	err := t.redeal(order, map[int]bool{c2: true}, func() error {
		if t.peekDeal() == c2 && g.DeckSize() > 1 {
			return fmt.Errorf("the truth still deals %v next", g.Card(c2))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("two as one: %w", err)
	}
	t.stuck[c2] = true
	t.phys[c2] = p
	t.fault(TwoAsOne, g.Card(c2).ID, g.Seat(p))
	return nil
}

// regather is a faller knocking one of their stacks over and gathering it
// back in another order ("you can never mess with the cards in someone's
// stack", but a stack knocked over is one nobody meant to mess with).
// Nothing is read, but the table sees it fall, and the dealer says so from
// the panel (game.Knocked): the assistant keeps the order it saw dealt,
// and a card it believes buried may now be the top, picked up and played,
// so the audit must judge no play by that order. The truth follows by
// having dealt those cards in the order they now lie.
//
// Stacks holding a card with another story (lying elsewhere, the other
// way up for a buried play, its read held back, the card being dealt) are
// left alone.
func (t *table) regather() error {
	g := t.truth
	if !t.happens(Regathered) {
		return nil
	}
	p := t.rng.IntN(g.NumPlayers())
	if g.Out(p) || g.NumStacks(p) == 0 {
		return nil
	}
	s := t.rng.IntN(g.NumStacks(p))
	st := slices.Clone(g.Stack(p, s))
	if len(st) < 2 || slices.ContainsFunc(st, t.storied) {
		return nil
	}
	// Gathered back in another order: a random one, the top never the same.
	now := slices.Clone(st)
	for now[len(now)-1] == st[len(st)-1] {
		t.rng.Shuffle(len(now), func(i, j int) { now[i], now[j] = now[j], now[i] })
	}
	order := slices.Clone(t.order)
	moved := map[int]bool{}
	var at []int // where the stack's cards are in the deck's order, bottom card first
	for _, c := range st {
		at = append(at, slices.Index(order, c))
		moved[c] = true
	}
	for i, c := range now {
		order[at[i]] = c
	}
	err := t.redeal(order, moved, func() error {
		if got := g.Stack(p, s); !slices.Equal(got, now) {
			return fmt.Errorf("seat %d's stack %d is %v, not %v", g.Seat(p), s+1, got, now)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("regather: %w", err)
	}
	f := t.fault(Regathered, g.Card(now[len(now)-1]).ID, g.Seat(p))
	f.stack = map[string]bool{}
	for _, c := range now {
		f.stack[g.Card(c).ID] = true
	}
	f.live = true
	if t.held == 0 && len(t.unscanned) == 0 && t.justRead() {
		// The card just dealt and read, taken for a rider or an Extra,
		// is still on the screen to take back, and the report would
		// close it: a dealer who sees it lying in the stack they dealt
		// it to says so first, as before an ask (play). Said after, it
		// was no longer offered, and the light asked for cards the
		// table did not owe (7003782 classic and french: extra-2 dealt
		// on seat 2's Hit, taken for the card its faller picked up,
		// laid on it).
		t.riderNotThere()
	}
	if t.observe(game.Knocked(g.Seat(p))) || t.knockedAfterUnscanned(p, now) {
		f.Answer, f.Why = Named, "the dealer said the stack was knocked over: its cards' order proves nothing"
	} else {
		f.Answer, f.Why = Missed, "the dealer's report that the stack was knocked over was refused"
	}
	return nil
}

// storied reports whether card c has a story of its own at the table: it
// lies elsewhere than the truth has it, lies the other way up for a
// buried play, waits for its read, or is the card being dealt.
func (t *table) storied(c int) bool {
	if _, ok := t.phys[c]; ok {
		return true
	}
	if t.held == c+1 {
		return true
	}
	if _, d, _, ok := t.truth.PendingDeal(); ok && d == c {
		return true
	}
	for _, ch := range t.cheats {
		if ch.top == c || ch.under == c {
			return true
		}
	}
	return false
}
