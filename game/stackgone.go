package game

import "slices"

// A stack the dealer says is not there (the panel's n: its only card was
// picked up unseen), a stack knocked over and gathered back, and what an
// address still deals once some of its stacks are gone.

// due is how many cards the address still deals, the next one included:
// the deals planned into stacks the dealer reported gone are not dealt, so
// they are not due either.
func (a *address) due() int {
	n := a.deals() - a.done
	if a.gone == 0 {
		return n
	}
	for k := a.done; k < a.deals(); k++ {
		if s := a.slot(k); s < 64 && a.gone&(1<<s) != 0 {
			n--
		}
	}
	return n
}

// noneDealt reports whether the address has dealt no card yet: every deal
// it has moved past went to a stack reported gone.
func (a *address) noneDealt() bool {
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			return false
		}
	}
	return true
}

// dealtSoFar counts the cards the address has dealt: the deals it has
// moved past, but for those planned into stacks reported gone.
func (a *address) dealtSoFar() int {
	n := 0
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			n++
		}
	}
	return n
}

// noCards reports whether every stack of player p is empty.
func (g *Game) noCards(p int) bool {
	for _, st := range g.players[p].stacks {
		if len(st) > 0 {
			return false
		}
	}
	return true
}

// stackGone: the dealer reports that the stack they were told to deal into
// is no longer there. Its cards were picked up unseen; the deal moves on.
// At the start of a seat's turn, told to sweep or leave a rider, it is the
// rider that is not there.
func (g *Game) stackGone() error {
	if g.takeBack() {
		return nil
	}
	in := g.Next()
	if (in.Action == ActSweep || in.Action == ActPass) && in.First && g.players[in.Player].rider >= 0 {
		// Told to sweep or leave a rider that is not there: it was Moved
		// or Stopped unseen. With a card to deal the read says so (see
		// scan); an imaginary Ground leaves nothing to read, so the dealer
		// says it from the panel.
		g.settle()
		g.dropUnseenRider(in.Player)
		g.table.goneUntil, g.table.goneFrom = g.applied+1, in.Player // Apply counts this observation once it is done
		return nil
	}
	if in.Action != ActDeal || in.NewStack || in.Stack >= len(g.players[in.Player].stacks) {
		return refuse(RuleCardNotExpected, "no stack is expected to be there")
	}
	g.settle()
	if in.First {
		g.begin(in.Player)
		g.commitTurn(in.Player)
	}
	p, s := in.Player, in.Stack
	pl := &g.players[p]
	empty := len(pl.stacks[s]) == 0
	for _, c := range pl.stacks[s] {
		g.infer(InfStackGone, c, p, g.where[c])
		g.goneUnseen(c)
	}
	pl.stacks[s] = pl.stacks[s][:0]
	g.emptied(p)
	a := &g.addr
	// A gone stack is owed no cards, but a seat the dealer reaches to find
	// no stack at all is dealt to as the rules deal to a player with no
	// stacks: "If a player has no stacks at all, you must start a new one."
	// The deals planned into the gone stack start it again. Once a card of
	// the address is down the plan stands ("Once the dealer is addressing a
	// player, no one can affect the deal"), and told "not there" again for
	// the new stack, before a card is in it, the dealer has the last word:
	// the seat is owed nothing.
	if s < 64 && (empty || !g.noCards(p) || !a.noneDealt()) {
		a.gone |= 1 << s
	}
	a.skipGone()
	if a.done >= a.deals() && a.sweep == 0 {
		g.endAddress()
	}
	g.table.goneUntil, g.table.goneFrom = g.applied+1, p // Apply counts this observation once it is done
	return nil
}

// knocked: a stack of the faller at seat was knocked over and gathered
// back. "You can never mess with the cards in someone's stack", but nobody
// meant to: the cards are all still there, in an order nobody knows. The
// engine keeps the order it saw dealt, the only one it has, and every card
// in the faller's stacks becomes a guess, so the audit proves nothing by
// which lay under which (a card brought up and played would look exactly
// like a buried card played). The dealer is not asked which stack: a faller
// with two stacks gathering one is the rare case, and both together cost
// only the proof of a buried play.
func (g *Game) knocked(seat int) error {
	p := g.PlayerAt(seat)
	if p < 0 {
		return refuse(RuleNoPlayer, "seat %d", seat)
	}
	stacks := g.players[p].stacks
	if !slices.ContainsFunc(stacks, func(st []int) bool { return len(st) > 1 }) {
		// A card alone has no order to lose.
		return refuse(RuleCardNotExpected, "seat %d has no stack of two cards or more", seat)
	}
	for _, st := range stacks {
		for _, c := range st {
			g.table.guessed[c] = true
		}
	}
	return nil
}
