package dealer

import (
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// imaginaryGround is an imaginary Ground announced and not dealt yet:
// "After the last physical Ground the assistant announces imaginary
// Grounds". There is no card to read, so the dealer deals it itself, a
// moment after announcing it.
type imaginaryGround struct {
	announced bool
	seat      int           // the seat it is dealt to
	at        time.Duration // when it is dealt
}

// imaginaryGrace is how long after announcing an imaginary Ground the
// assistant deals it: time enough for the dealer to show a rider.
const imaginaryGrace = 400 * time.Millisecond

// announceImaginary: "After the last physical Ground the assistant
// announces imaginary Grounds": nothing to read, the assistant says it. It
// lands a moment later, so a rider (or Extra) the dealer shows first still
// counts, and a Stop shown or a press from the seat before then is played
// on it (see onCard, onButton).
func (d *Dealer) announceImaginary(seat int, t time.Duration) {
	d.showOnly(seat, LightGround)
	d.cue(hw.CueGround, t)
	d.say(false, "seat %d: an imaginary Ground (the deck is empty)", seat)
	d.imag = imaginaryGround{announced: true, seat: seat, at: t + min(d.period()/2, imaginaryGrace)}
}

// dealImaginary deals the imaginary Ground announced on the last beat,
// unless a rider shown since has changed what the seat gets.
func (d *Dealer) dealImaginary(t time.Duration) {
	d.imag.announced = false
	in := d.g.Next()
	if in.Action != game.ActDeal || !in.Imaginary || in.Seat != d.imag.seat {
		// A rider shown, or the stack reported gone, has changed what
		// the seat gets; another seat's Ground is announced on its beat.
		d.restartBeat(t)
		return
	}
	if d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t) == nil {
		// Its sound was the announcement on the beat: a second one would
		// tell the dealer of a second Ground.
		d.openStopWindow(in.Seat, t, false)
	}
	d.noteInstruction()
}
