package dealer

import (
	"strconv"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// The table's last word on a hand the assistant lost. "Your job is to
// control the pace of the game, follow the instructions of the riders,
// and be the referee. ... The dealer's solution is final." When a guess
// went wrong late in a hand (the light waiting for a card already on the
// table, asking for a seat the table has passed), the people play the
// hand to its end without the lights and the dealer ends it here, naming
// the winner, who deals the next hand: the night goes on, and the log
// keeps every read up to that point for the referee.

// declaring is the winner asked for: active until a seat's button names
// them, and whether the dealer had paused the hand before.
type declaring struct {
	active bool
	paused bool
	// declared: the table's word is being told the engine, and ends the
	// hand (handOver reads it).
	declared bool
}

// winnerControl is the panel's winner: control. Naming the seat (as: the
// keyboard's w then the seat number) ends the hand at once. Without it the
// hand pauses and the winner is asked to press their button; said again,
// it carries on as it was. Called with d.mu held.
func (d *Dealer) winnerControl(at time.Duration, as string) {
	if d.phase != PhaseDealing && d.phase != PhaseCountIn {
		d.say(true, "winner: no hand is being dealt (%v)", d.phase)
		return
	}
	if as != "" {
		seat, err := strconv.Atoi(as)
		if err != nil {
			d.say(true, "winner: %q is not a seat number", as)
			return
		}
		d.declare(seat, at)
		return
	}
	if d.declaring.active {
		was := d.declaring
		d.declaring = declaring{}
		d.settle(askWinner)
		d.say(false, "the hand carries on")
		if !was.paused {
			d.unpause(at)
		}
		return
	}
	d.declaring = declaring{active: true, paused: d.panel.paused}
	d.pause(at)
	d.ask(askWinner, false, "the table ends the hand: the winner presses their button (the winner control again carries on)")
}

// declare ends the hand with seat its winner, as the table says, or warns
// and changes nothing if no faller sits there. Called with d.mu held.
func (d *Dealer) declare(seat int, at time.Duration) {
	if d.g.PlayerAt(seat) < 0 {
		d.say(true, "winner: seat %d has no faller at this table", seat)
		return
	}
	d.settle(askWinner)
	// The hand ends as the table played it: a read held or kept is not
	// judged now (the log has it), and a Stop window open is closed, not
	// landed.
	d.held = heldRead{}
	d.dropKept(at, "the table declared the winner")
	if d.stop.open {
		d.endStopWindow(d.stop.seat)
	}
	d.declaring = declaring{declared: true}
	d.event(game.DeclareWinner(seat), playlog.FromPanel, at, -1)
	if !d.g.Over() {
		d.declaring = declaring{}
		return // refused, and said so
	}
	d.say(false, "the table declared seat %d the winner: the lights had lost the hand", seat)
	if d.panel.paused {
		d.unpause(at)
	}
}
