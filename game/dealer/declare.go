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
// them, since when, and whether the dealer had paused the hand before.
type declaring struct {
	active bool
	paused bool
	// since: the control's time. A press before it (its edge handled
	// after the control) was not an answer to it: a Stop claim, say.
	since time.Duration
	// declared: the table's word is being told the engine, and ends the
	// hand (handOver reads it).
	declared bool
}

// winnerControl is the panel's winner: control. Plain, it pauses the hand
// and asks the winner to press their button; said again, it carries on as
// it was. Naming the seat (as: the keyboard's w then the seat number)
// while the winner is asked for ends the hand at once. Called with d.mu
// held.
func (d *Dealer) winnerControl(at time.Duration, as string) {
	if d.phase != PhaseDealing && d.phase != PhaseCountIn {
		d.say(true, "winner: no hand is being dealt (%v)", d.phase)
		return
	}
	if as != "" {
		if !d.declaring.active {
			// Only the keyboard names a seat, after its w asked for the
			// winner: a digit left over from an ask the table answered
			// (the winner's button) must not end a later hand.
			d.say(true, "winner: seat %s is named, but the winner is not asked for: the winner control first", as)
			return
		}
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
	d.declaring = declaring{active: true, paused: d.panel.paused, since: at}
	d.pause(at)
	d.ask(askWinner, false, "the table ends the hand: the winner presses their button (the winner control again carries on)")
}

// naming reports whether a seat's press at at names the winner: the
// winner asked for, while the hand is dealt, and the press made after.
func (d *Dealer) naming(at time.Duration) bool {
	return d.declaring.active && at >= d.declaring.since && (d.phase == PhaseDealing || d.phase == PhaseCountIn)
}

// stopNaming ends an ask for the winner the hand no longer wants: the
// hand carries on (resumed), or has ended. Called with d.mu held.
func (d *Dealer) stopNaming() {
	if !d.declaring.active {
		return
	}
	d.declaring = declaring{}
	d.settle(askWinner)
}

// declare ends the hand with seat its winner, as the table says, or warns
// and changes nothing if no faller sits there. Called with d.mu held.
func (d *Dealer) declare(seat int, at time.Duration) {
	if d.phase != PhaseDealing && d.phase != PhaseCountIn {
		d.say(true, "winner: no hand is being dealt (%v)", d.phase)
		return
	}
	if d.g.PlayerAt(seat) < 0 {
		d.say(true, "winner: seat %d has no faller at this table", seat)
		return
	}
	d.settle(askWinner)
	// The hand ends as the table played it: a read held or kept is not
	// judged now (the log has it), a Stop window open is closed, not
	// landed, an imaginary Ground announced is not dealt, and a seat
	// asked for its card dealt by hand is asked no more: the audit will
	// find that card.
	d.held = heldRead{}
	d.heldPress = nil
	d.dropKept(at, "the table declared the winner")
	if d.stop.open {
		d.endStopWindow(d.stop.seat)
	}
	d.imag = imaginaryGround{}
	d.dropIdentify() // the beat it held ends with the hand
	// A resumed hand still waiting for the dealer's go waits no more.
	// Unpaused before the hand ends, not after: resuming restores the
	// lights of the deal (or of a dispute shown), which would put out
	// the audit's.
	d.declaring = declaring{}
	d.panel.awaitingGo = false
	d.settle(askGo)
	if d.panel.paused {
		d.unpause(at)
	}
	d.declaring = declaring{declared: true}
	d.event(game.DeclareWinner(seat), playlog.FromPanel, at, -1)
	if !d.g.Over() {
		d.declaring = declaring{}
		return // refused, and said so
	}
	d.say(false, "the table declared seat %d the winner: the lights had lost the hand", seat)
}
