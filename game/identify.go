package game

// A card the dealer confirmed by hand (the reader missed it, or was gone)
// is stood in by a deck card of the engine's choosing: a guess. Once the
// reader can read again the dealer passes that card over it while it still
// lies on top of its stack, and the engine learns which card it was, so
// the real card, played later, is not taken for something else.

// identify: card id is the card dealt by hand on top of a stack of the
// faller at seat. The stand-in found there is
//   - that very card: the guess was right, and it is no longer blind;
//   - another card, with id still in the deck: they swap, the stand-in
//     back to the deck;
//   - another card, with id stood in for a card dealt by hand elsewhere
//     (on top of a stack or under later deals): they swap, and the other
//     place keeps a card whose identity is a guess.
//
// Anything else is refused, the state unchanged: a card seen elsewhere, a
// Ground where none was named (or a card that is not one where one was: a
// Ground named was seen as one), a seat with no card dealt by hand on top.
// Every card involved stays guessed: the log's deals named the stand-in,
// so the record of where each lay proves nothing.
func (g *Game) identify(seat int, id string) error {
	c, ok := g.index[id]
	if !ok {
		return refuse(RuleUnknownCard, "card %q", id)
	}
	p := g.PlayerAt(seat)
	if p < 0 {
		return refuse(RuleNoPlayer, "seat %d", seat)
	}
	s := g.blindTop(p, c)
	if s < 0 {
		return refuse(RuleCardNotExpected, "%v: no card dealt by hand lies on top of seat %d's stacks", g.cards[c], seat)
	}
	t := &g.table
	if c == s {
		t.blind[c] = false
		return nil
	}
	if (g.cards[c].Kind == Ground) != (g.cards[s].Kind == Ground) {
		return refuse(RuleCardNotExpected, "%v read for the card dealt by hand to seat %d, which was named %v", g.cards[c], seat, g.cards[s].Kind)
	}
	w, ws := g.where[c], g.where[s]
	switch {
	case w.Zone == InDeck:
		g.removeFromDeck(c)
		g.putAt(ws, s, c)
		g.deck = append(g.deck, s)
		if g.cards[s].Kind == Ground {
			g.grounds++
		}
		g.where[s] = Place{Zone: InDeck}
		t.blind[s] = false
	case w.Zone == InStack && t.blind[c]:
		// Both are guesses standing in stacks: the one read takes the
		// place seen, the other the place still unknown.
		g.putAt(w, c, s)
		g.putAt(ws, s, c)
		t.blind[s] = true
	default:
		return refuse(RuleCardNotExpected, "%v read for the card dealt by hand to seat %d, but it is known to be elsewhere (%v)", g.cards[c], seat, w.Zone)
	}
	t.blind[c] = false
	t.guessed[c], t.guessed[s] = true, true
	t.swept[c], t.swept[s] = false, false
	if g.pend.active {
		switch g.pend.card {
		case s:
			g.pend.card = c
		case c:
			g.pend.card = s
		}
	}
	return nil
}

// blindTop is the card stood in for a deal confirmed by hand that lies on
// top of one of player p's stacks: c itself if it is one, else the first
// found; -1 if there is none.
func (g *Game) blindTop(p, c int) int {
	found := -1
	for _, st := range g.players[p].stacks {
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		if !g.table.blind[top] {
			continue
		}
		if top == c {
			return c
		}
		if found < 0 {
			found = top
		}
	}
	return found
}

// putAt puts card to in the stack slot at w that card from holds.
func (g *Game) putAt(w Place, from, to int) {
	st := g.players[w.Player].stacks[w.Stack]
	for i := len(st) - 1; i >= 0; i-- {
		if st[i] == from {
			st[i] = to
			break
		}
	}
	g.where[to] = w
}
