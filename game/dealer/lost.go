package dealer

import (
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// lostAfter is how many reads in a row the engine refuses, with nothing
// taken in between, before the dealer is told the lights may have lost the
// hand. A stray card or a second read is refused now and then; three in a
// row, each a card the dealer dealt, mean the engine's guesses no longer
// match the table.
const lostAfter = 3

// refusedReads counts the reads the engine refused in a row: a read
// refused adds one, anything the engine takes starts again from zero.
// Called with d.mu held.
func (d *Dealer) refusedReads(e game.Event, src playlog.Source, refused bool) {
	switch {
	case !refused:
		if d.lost > 0 {
			d.lost = 0
			d.settle(askLost)
		}
	case e.Kind == game.EvScan && src == playlog.FromReader && (d.phase == PhaseDealing || d.phase == PhaseCountIn):
		d.lost++
		if d.lost == lostAfter {
			// "The dealer's solution is final, so use your best
			// judgement": a request, not a ruling. The engine goes on
			// taking cards; the table decides.
			d.ask(askLost, true, "%d cards in a row could not be where the lights say: if the table has played past the lights, the winner control (w) ends the hand, the winner pressing their button", lostAfter)
		}
	}
}
