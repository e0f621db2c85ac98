package game

// declare ends the hand with the faller at seat its winner (EvDeclared).
// The table's word stands over the engine's: the faller may be one the
// engine believes out, and those it believes in go out, so the hand ends
// as the table played it, and the audit compares the cards with what the
// engine last believed.
func (g *Game) declare(seat int) error {
	if g.winner >= 0 {
		return refuse(RuleGameOver, "the table declares seat %d the winner", seat)
	}
	p := g.PlayerAt(seat)
	if p < 0 {
		return refuse(RuleNoPlayer, "the table declares seat %d the winner", seat)
	}
	g.pend.active = false
	g.addr.active = false
	for i := range g.players {
		g.players[i].out = i != p
	}
	g.inPlay = 1
	g.winner = p
	return nil
}
