package messy

import (
	"fmt"

	"github.com/falling-table/falling/game"
)

// readIntoAGoneStack is the dealer who has just said "unscanned" of the
// cards dealt unscanned before the read e, and sees the screen put e into
// a stack the table does not have at that seat: its only cards were picked
// up unseen ("Extra stacks disappear once they are empty, so you don't
// have to remember anything beyond the first"), and the assistant, never
// shown that, still deals into it. The dealer dealt e elsewhere (the next
// seat, or a Split's new stack) and sees it drawn on that stack; they say
// "not there" (game.StackGone), which the engine takes for the stack the
// read went into where the light names none of its own, and the read goes
// where the light then asks. It reports whether the dealer did so; where
// the screen would not show them that, or the "not there" would not put
// the card where it lies (tried on a copy of the assistant's hand, as
// behindAGoneStack tries), they say nothing, and the caller goes on as
// before (4003295 classic, 5000183 official: a Ground landed on the gone
// stack of the seat before; 8001971 official, 8007881 french: a Split's
// new stack read into the gone one).
func (t *table) readIntoAGoneStack(e game.Event) bool {
	if t.older.blindToGoneStack || e.Kind != game.EvScan || !t.identifyWaits() {
		// With the ask for the card dealt by hand on the screen, the
		// panel's n answers the ask (game/dealer's ControlSkip), and
		// names no stack.
		return false
	}
	c, ok := t.truth.CardIndex(e.Card)
	if !ok || t.seen.Where(c).Zone != game.InStack || !t.misplaced(t.seen, c) {
		return false // the screen puts the card where it lies
	}
	try := t.seen.Clone()
	if try.Apply(game.StackGone()) != nil || t.misplaced(try, c) {
		return false
	}
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v %s read into a gone stack: not there", t.now, e.Card))
	}
	if !t.observe(game.StackGone()) {
		return false
	}
	// The ask for the card dealt by hand, as after any "unscanned".
	t.identify()
	return true
}

// misplaced reports whether g, the assistant's hand or a copy of it, puts
// card c at another seat than the table has it, or starts a stack with it
// where the table deals it onto one, or the other way round: what the
// screen draws and the dealer compares with the table.
func (t *table) misplaced(g *game.Game, c int) bool {
	a, b := g.Where(c), t.truth.Where(c)
	if a.Player != b.Player || a.Zone != b.Zone {
		return true
	}
	if a.Zone != game.InStack {
		return false
	}
	return (g.Stack(a.Player, a.Stack)[0] == c) != (t.truth.Stack(b.Player, b.Stack)[0] == c)
}
