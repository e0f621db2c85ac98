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
	undo := dst.undo
	*dst = *g
	dst.undo = undo
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
	// Once any other event followed the confirmation (backAt is behind
	// Applied) it can no longer be taken back to, and is not copied: an
	// undo copy is made on every observation, a scan on the beat.
	back, backAt := tbl.back, uint64(0)
	if g.table.backAt != 0 && g.table.backAt == g.applied {
		if back == nil {
			back = &Game{}
		}
		g.table.back.copyTo(back)
		backAt = g.table.backAt
	}
	// Likewise the hand before a read taken for a rider played unseen,
	// only while the dealer's "not there" can still take the read back.
	before, beforeAt := tbl.before, uint64(0)
	if g.table.beforeAt != 0 && g.table.beforeAt == g.applied {
		if before == nil {
			before = &Game{}
		}
		g.table.before.copyTo(before)
		beforeAt = g.table.beforeAt
	}
	dst.table = tableState{
		inferred: append(tbl.inferred[:0], g.table.inferred...),
		blind:    append(tbl.blind[:0], g.table.blind...),
		guessed:  append(tbl.guessed[:0], g.table.guessed...),
		swept:    append(tbl.swept[:0], g.table.swept...),
		shown:    append(tbl.shown[:0], g.table.shown...),
		shownSeq: g.table.shownSeq,
		back:     back,
		backAt:   backAt,
		before:   before,
		beforeAt: beforeAt,
	}
}
