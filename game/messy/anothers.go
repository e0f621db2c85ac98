package messy

import "github.com/falling-table/falling/game"

// A faller may play only their own cards: "You can only pick up the top
// card of your stack", and "You can only affect riders once they are in
// play; you can never mess with the cards in someone's stack." The one
// card whose player the table can tell is a Stop shown in a Ground's
// window: only the faller the Ground is dealt to may Stop it, so the Stop
// is theirs. A rider, an Extra, a Move or a Stop played on a rider taken
// from another faller's stack shows the table nothing else than that
// stack's own faller playing it (who picks a card up no reader sees), and
// is not simulated here.

// stopFromAnother is faller p, whose Ground is being dealt and who has
// not Stopped it, taking the Stop on top of another faller's stack and
// showing it over the reader (their button, then the card), as a faller
// shows their own (stopShown). The assistant must refuse it; the dealer,
// warned, has the card put back where it lay, so the truth never plays it
// (probe). Only while the reader reads and the light has not fallen
// behind a card dealt unscanned: the cheat is a card read.
func (t *table) stopFromAnother(p int) {
	if !t.happensApart(FromAnothersStack) {
		return
	}
	g := t.truth
	if t.readerGone > 0 || len(t.unscanned) > 0 || g.Hand(p) >= 0 || t.seen.Next().Action != game.ActLand {
		return
	}
	c := t.anothersTop(p, game.Stop)
	if c < 0 {
		return
	}
	f := t.fault(FromAnothersStack, g.Card(c).ID, g.Seat(p))
	t.press(g.Seat(p))
	t.probe(f, game.Scan(g.Card(c).ID))
}

// happensApart is happens for a mistake with a stream of its own
// (FromAnothersStack): its draws leave rng's as they were.
func (t *table) happensApart(k Kind) bool {
	r := t.opt.Faults[k]
	return r > 0 && t.anothers.Float64() < r
}

// anothersTop picks, from t.anothers, a card of kind k on top of a stack
// of a faller other than p, as it lies at the table: -1 if none. A card
// with a story of its own (a card the table has elsewhere than the truth,
// or the top the truth swapped with the card under it) is left alone, and
// so is every stack of a faller in front of whom the table has a card the
// truth has elsewhere: it may lie on top.
func (t *table) anothersTop(p int, k game.Kind) int {
	g := t.truth
	var tops []int
	for q := 0; q < g.NumPlayers(); q++ {
		if q == p || t.lyingAt(q) {
			continue
		}
		for s := 0; s < g.NumStacks(q); s++ {
			if c := g.Top(q, s); c >= 0 && g.Card(c).Kind == k && !t.storied(c) {
				tops = append(tops, c)
			}
		}
	}
	if len(tops) == 0 {
		return -1
	}
	return tops[t.anothers.IntN(len(tops))]
}

// lyingAt reports whether a card the truth has elsewhere lies in front of
// faller q at the table (phys).
func (t *table) lyingAt(q int) bool {
	for _, at := range t.phys {
		if at == q {
			return true
		}
	}
	return false
}
