package game

// Digest is a fingerprint of the whole state: the play log stores it beside
// each engine decision so a replay can prove it reached the same state. It
// covers what the engine keeps beside the rules' state to reconcile a real
// table's observations (the cards dealt by hand and their guesses, those
// said picked up, the cards whose place was seen, the riders shown at this
// address), since a replay differing only there would judge the next read
// differently, or have the audit prove a play it could not.
func (g *Game) Digest() uint64 { return g.digest(true) }

// RulesDigest is the fingerprint of the rules' state alone (where every
// card is, the address, the turn), without what the engine keeps to
// reconcile observations: logs of entry schema 1 stored it as the digest.
func (g *Game) RulesDigest() uint64 { return g.digest(false) }

func (g *Game) digest(table bool) uint64 {
	// The bytes are hashed once at the end: on the stack for any deck, so
	// a digest on every engine decision allocates nothing.
	var buf [4096]byte
	b := buf[:0]
	put := func(v int) { b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
	flag := func(v bool) {
		if v {
			put(1)
		} else {
			put(0)
		}
	}
	put(len(g.deck))
	for _, c := range g.deck {
		put(c)
	}
	put(len(g.discard))
	for _, c := range g.discard {
		put(c)
	}
	for i := range g.players {
		pl := &g.players[i]
		put(pl.seat)
		flag(pl.out)
		put(pl.hand)
		put(pl.rider)
		put(len(pl.extras))
		for _, x := range pl.extras {
			put(x)
		}
		put(len(pl.stacks))
		for _, st := range pl.stacks {
			put(len(st))
			for _, c := range st {
				put(c)
			}
		}
	}
	a := g.addr
	flag(a.active)
	put(a.player)
	put(a.rider)
	put(a.done)
	put(a.deals())
	put(int(a.gone))
	flag(g.pend.active)
	put(g.pend.player)
	put(g.pend.card)
	flag(g.last.active)
	put(g.turn)
	put(g.passes)
	put(g.winner)
	put(g.dealt)
	put(g.imag)
	put(len(g.table.inferred))
	if table {
		t := &g.table
		for _, flags := range [...][]bool{t.blind, t.guessed, t.swept} {
			put(len(flags))
			for _, f := range flags {
				if f {
					b = append(b, 1)
				} else {
					b = append(b, 0)
				}
			}
		}
		put(len(t.loose))
		for _, at := range t.loose {
			put(at)
		}
		if t.shownSeq == g.addrSeq {
			put(len(t.shown))
			for _, c := range t.shown {
				put(c)
			}
		} else {
			put(0) // shown at an address long gone: nothing now
		}
	}
	return fnv64a(b)
}

// fnv64a is hash/fnv's New64a over b, without the hash.Hash interface,
// through which b would escape to the heap.
func fnv64a(b []byte) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, c := range b {
		h ^= uint64(c)
		h *= prime
	}
	return h
}
