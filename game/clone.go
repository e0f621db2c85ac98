package game

// Clone returns an independent copy of the hand: the functional form of the
// engine, state + event → new state, is g.Clone() then Apply.
func (g *Game) Clone() *Game {
	c := &Game{}
	g.copyTo(c)
	return c
}

// copyTo makes dst a deep copy of g, reusing dst's memory. The deck's cards
// and index never change during a hand, so they are shared.
func (g *Game) copyTo(dst *Game) {
	players, tbl := dst.players, dst.table
	// The undo copies and the flags of the move dst is making (a step
	// dealing from a deck the table has emptied, a misread making deals
	// again) are dst's own: a copy restored in the middle of that move
	// must not end it.
	undo, groundsOut := dst.undo, dst.groundsOut
	*dst = *g
	dst.undo, dst.groundsOut = undo, groundsOut
	dst.where = append(dst.where[:0:0], g.where...)
	dst.deck = append(dst.deck[:0:0], g.deck...)
	dst.discard = append(dst.discard[:0:0], g.discard...)
	dst.players = resize(players, len(g.players))
	for i := range g.players {
		src, d := &g.players[i], &dst.players[i]
		stacks := resize(d.stacks, len(src.stacks))
		for s := range src.stacks {
			stacks[s] = append(stacks[s][:0], src.stacks[s]...)
		}
		extras := append(d.extras[:0], src.extras...)
		*d = *src
		d.stacks, d.extras = stacks, extras
	}
	// The hand to go back to for a late card (see lateRun) is copied too,
	// into dst's own copy, so a clone or an undo copy takes the same late
	// card; it is there only just after a Skip's sweep was confirmed.
	// Likewise the hand before a read taken for a rider played unseen,
	// while the dealer's "not there" can still take the read back
	// (takeBack), before a deal read while the dealer can still say a
	// card before it went unscanned (dealtUnscanned), and before a "not
	// there" the dealer can still take back (thereAfterAll).
	back, backAt := g.keptCopy(g.table.back, g.table.backAt, tbl.back)
	before, until := g.keptCopy(g.table.before, g.table.beforeUntil, tbl.before)
	dealt, dealtUntil := g.keptCopy(g.table.dealt, g.table.readWin.until, tbl.dealt)
	// The hand before a "not there" is copied while it can be taken back,
	// or while a read that closed its window can be (undoRead opens it
	// again).
	goneAt := g.table.goneUntil
	if g.table.beforeGone && g.current(g.table.beforeUntil) {
		goneAt = g.applied
	}
	gone, _ := g.keptCopy(g.table.gone, goneAt, tbl.gone)
	goneUntil := uint64(0)
	if g.current(g.table.goneUntil) {
		goneUntil = g.table.goneUntil
	}
	againUntil := dealtUntil
	if !g.table.readWin.again {
		againUntil = 0
	}
	again, _ := g.keptCopy(g.table.again, againUntil, tbl.again)
	ident, identAt := g.keptCopy(g.table.ident, g.table.identAt, tbl.ident)
	if identAt == 0 && dealtUntil != 0 && g.table.readWin.ident {
		// Kept with the read told just after it, while an "unscanned"
		// may still be said of that read (dealtUnscanned).
		ident, _ = g.keptCopy(g.table.ident, g.applied, tbl.ident)
	}
	unsaid, unsaidUntil := g.keptCopy(g.table.unsaid, g.table.unsaidUntil, tbl.unsaid)
	stopped, stoppedAt := g.keptCopy(g.table.stopped, g.table.stoppedAt, tbl.stopped)
	dst.table = tableState{
		inferred:   append(tbl.inferred[:0], g.table.inferred...),
		blind:      append(tbl.blind[:0], g.table.blind...),
		guessed:    append(tbl.guessed[:0], g.table.guessed...),
		orderGuess: append(tbl.orderGuess[:0], g.table.orderGuess...),
		swept:      append(tbl.swept[:0], g.table.swept...),
		namedGuess: append(tbl.namedGuess[:0], g.table.namedGuess...),
		loose:      append(tbl.loose[:0], g.table.loose...),
		uncovered:  append(tbl.uncovered[:0], g.table.uncovered...),
		placeGuess: append(tbl.placeGuess[:0], g.table.placeGuess...),
		deckGuess:  g.table.deckGuess,
		shown:      append(tbl.shown[:0], g.table.shown...),
		shownSeq:   g.table.shownSeq,
		back:       back,
		backAt:     backAt,
		before:     before,
		dealt:      dealt,
		gone:       gone,
		again:      again,
		ident:      ident,
		identAt:    identAt,
		identCard:  g.table.identCard,
		spare:      tbl.spare, // dst's own memory: nothing of g's is kept in it
		// spareIdent lives only from dealtUnscanned to keepBefore within
		// one observation, never between two: a copy starts without it.
		spareIdent: nil,
		// The hand before an "unscanned" the dealer can still take back
		// (unscannedTakenBack).
		unsaid:      unsaid,
		unsaidUntil: unsaidUntil,
		unsaidCard:  g.table.unsaidCard,
		unsaidSpare: tbl.unsaidSpare, // dst's own memory, as spare
		remaking:    tbl.remaking,    // dst's own move (above)
		// The hand before a Stop taken for one on a Ground dealt unread,
		// while the dealer may still say misread (stopDealtAfterAll).
		stopped:      stopped,
		stoppedAt:    stoppedAt,
		stoppedCard:  g.table.stoppedCard,
		stoppedSince: g.table.stoppedSince,
	}
	if dealtUntil != 0 {
		dst.table.readWin = g.table.readWin
	}
	// Who a "not there" was said of is kept whether or not its window is
	// open: a read taken back may open it again (undoRead).
	dst.table.goneUntil, dst.table.goneFrom = goneUntil, g.table.goneFrom
	if until != 0 {
		dst.table.beforeAt, dst.table.beforeUntil = g.table.beforeAt, until
		dst.table.beforeRead, dst.table.beforeHeld, dst.table.beforeGone = g.table.beforeRead, g.table.beforeHeld, g.table.beforeGone
		dst.table.beforeSince = append(tbl.beforeSince[:0], g.table.beforeSince...)
	}
}

// copyBare is copyTo without the hand kept before the last read
// (keepDealt): the copies the engine keeps for itself (the saved copy an
// observation goes back to, the hand before a sweep) never go back to it,
// and copying it into each of them doubled the cost of a hand.
func (g *Game) copyBare(dst *Game) {
	until := g.table.readWin.until
	g.table.readWin.until = 0
	g.copyTo(dst)
	g.table.readWin.until = until
}

// current reports whether a hand kept at Applied() at (0 for none) may
// still be gone back to: nothing but the observation that kept it was
// applied since (Apply counts that one once it is done).
func (g *Game) current(at uint64) bool { return at != 0 && at == g.applied }

// keptCopy copies kept, a hand g keeps to go back to, kept at Applied()
// at, into reuse (allocated if nil) and returns it with at. Once any other
// event followed (at is behind Applied) it can no longer be gone back to,
// and is not copied (0 is returned): an undo copy is made on every
// observation, a scan on the beat.
func (g *Game) keptCopy(kept *Game, at uint64, reuse *Game) (*Game, uint64) {
	if !g.current(at) {
		return reuse, 0
	}
	if reuse == nil {
		reuse = &Game{}
	}
	kept.copyTo(reuse)
	return reuse, at
}
