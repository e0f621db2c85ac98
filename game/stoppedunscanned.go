package game

// stoppedUnscanned: Stop c is read where the light asks for faller p's
// deal, just after p pressed, once a Ground has left the deck. "The Ground
// cards are waiting at the bottom of the deck", so the card the dealer
// held for p was a Ground, whatever other cards the engine still believes
// in its deck: the Stop is not that deal but p's Stop on it, the Ground
// dealt unscanned ("To Stop a Ground, play the Stop as the Ground is being
// dealt to you. The dealer keeps the Ground, and you discard the Stop").
// The engine deals p a Ground as if confirmed by hand, takes the press for
// p's claim and the Stop for the one shown in its window, and the Ground
// goes back on the deck, which holds what it held. Taken for the deal, the
// Stop took from the engine's deck a card that never left the dealer's,
// which made up for one that left it with no deal on record (the second
// of two dealt as one), and the audit no longer found the deck short of
// the record. It reports whether the Stop saved p so; if it cannot (no
// Stop p could have played), nothing changes.
func (g *Game) stoppedUnscanned(c, p, since int) bool {
	t := &g.table
	if !g.current(t.pressAt) || t.pressBy != p || g.grounds >= g.allGrounds || g.deckCard(Ground) < 0 {
		return false
	}
	saved := &Game{}
	g.copyTo(saved)
	if g.confirmAs(Ground) == nil {
		if in := g.Next(); in.Action == ActLand && in.Player == p {
			g.infer(InfStopClaimed, -1, p, Place{})
			g.pend.claimed = true
			if g.scan(c, since) == nil && !g.players[p].out && g.Next().Action != ActLand {
				g.infer(InfStoppedUnscanned, c, p, Place{})
				return true
			}
		}
	}
	saved.copyTo(g)
	return false
}
