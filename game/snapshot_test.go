package game

import (
	"fmt"
	"strings"
)

// snapshot renders everything observable about g, so tests can compare
// states.
func snapshot(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "deck=%v discard=%v turn=%d passes=%d winner=%d dealt=%d imag=%d addr=%+v pend=%+v last=%+v\n",
		g.deck, g.discard, g.turn, g.passes, g.winner, g.dealt, g.imag, g.addr, g.pend, g.last)
	for p := range g.players {
		pl := &g.players[p]
		fmt.Fprintf(&b, "p%d seat=%d out=%v hand=%d rider=%d extras=%v stacks=%v\n", p, pl.seat, pl.out, pl.hand, pl.rider, pl.extras, pl.stacks)
	}
	fmt.Fprintf(&b, "inferred=%v", g.table.inferred)
	return b.String()
}
