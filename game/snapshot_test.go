package game

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
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
	// The inferences by a hash, not printed: a long fuzz input makes
	// thousands, and printing them all on every event made the fuzzer's
	// worker look hung.
	h := fnv.New64a()
	var buf [8]byte
	for _, x := range g.table.inferred {
		for _, v := range []uint64{uint64(x.Kind), uint64(int64(x.Card)), uint64(int64(x.Player)), uint64(x.From.Zone), uint64(int64(x.From.Player)), uint64(int64(x.From.Stack)), x.Seq} {
			binary.LittleEndian.PutUint64(buf[:], v)
			h.Write(buf[:])
		}
	}
	fmt.Fprintf(&b, "inferred=%d %x", len(g.table.inferred), h.Sum64())
	return b.String()
}
