package dealer

import (
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// metronome is the beat the dealer is paced by: scheduled against absolute
// time, so it never drifts, at the tempo the Tempo gives for the cards
// dealt so far, and started by a count-in of accented beats.
type metronome struct {
	next      time.Duration // the time of the next beat
	count     int64         // beats so far: the log numbers them
	running   bool          // the next beat is scheduled
	countLeft int           // count-in beats still to come
}

// countIn starts the count-in at t; the deal follows it.
func (d *Dealer) countIn(t time.Duration) {
	d.beat.running, d.beat.next = true, d.soonest(t)
	if d.cfg.CountIn == 0 {
		d.phase = PhaseDealing
		return
	}
	d.phase, d.beat.countLeft = PhaseCountIn, d.cfg.CountIn
}

// period is the time to the next beat at the tempo for the cards dealt.
func (d *Dealer) period() time.Duration {
	return d.cfg.Tempo.Period(d.g.Dealt(), d.g.DeckSize()-d.g.GroundsInDeck())
}

// onBeat is beat number d.beat.count+1, scheduled for t. It runs the
// sound's lead before t: the cues it asks for are at t.
func (d *Dealer) onBeat(t time.Duration) {
	now := d.now()
	d.beat.count++
	d.append(playlog.Entry{Kind: playlog.KindBeat, Source: playlog.FromDealer, Kernel: t, Beat: d.beat.count, Late: max(0, now-(t-d.lead()))})
	p := d.period()
	d.beat.next = t + p
	if d.phase == PhaseCountIn {
		d.cue(hw.CueAccent, t)
		if d.beat.countLeft--; d.beat.countLeft <= 0 {
			d.phase = PhaseDealing
		}
		return
	}
	if d.phase != PhaseDealing {
		d.beat.running = false
		return
	}
	if d.slot.open {
		in := d.g.Next()
		if d.cfg.Mode == config.Follow {
			// The beat waits for the dealer: the light blinks until the
			// card is read, and the beat starts again from that read.
			d.beat.running = false
			d.light(in.Seat, LightWaiting(in.Due, in.StartsStack()))
			return
		}
		d.append(playlog.Entry{Kind: playlog.KindBeat, Source: playlog.FromDealer, Kernel: t, Beat: d.beat.count, Late: t - d.slot.since,
			Seat: in.Seat, Note: "strict: the card due since the last beat is not dealt yet"})
	}
	if d.slot.sweepCalled {
		// The known Skip, Chute or Goggles shown on the last beat: its
		// sweep (or pass) is done.
		d.slot.sweepCalled = false
		d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t)
	}
	d.finishSweeps(t)
	if d.g.Over() {
		d.handOver(t)
		return
	}
	in := d.g.Next()
	switch {
	case in.Action == game.ActDeal && in.Imaginary:
		d.announceImaginary(in.Seat, t)
	case in.Action == game.ActDeal:
		d.showOnly(in.Seat, LightDeal(in.Due, in.StartsStack()))
		c := hw.CueDealHere
		if in.First && in.Player <= d.slot.lastAddressed {
			c = hw.CueAccent // the first beat of a pass
		}
		d.cue(c, t)
		if !d.slot.open {
			d.slot.open, d.slot.since = true, t
		}
	case in.Action == game.ActLand && !d.stop.open:
		// A Ground being dealt when the power was cut: its Stop window
		// went with the power, so it is dealt again and its seat gets a
		// whole window (only a resumed hand meets this).
		d.openStopWindow(in.Seat, t, true)
	case (in.Action == game.ActSweep || in.Action == game.ActPass) && in.First:
		d.showOnly(in.Seat, LightSweep)
		d.cue(hw.CueSkip, t)
		d.say(false, "seat %d: %s", in.Seat, riderAdvice(in))
		d.slot.sweepCalled = true
		d.slot.open = false
	}
	d.noteInstruction()
}

// beatWake is when the dealer wakes for the next beat: early by the
// sound's lead, so the beat's cue is scheduled at the beat's exact time
// while it can still sound then ("sample-accurate in the audio stream").
func (d *Dealer) beatWake() time.Duration { return d.beat.next - d.lead() }

// restartBeat restarts the beat at t after a hold.
func (d *Dealer) restartBeat(t time.Duration) {
	if d.phase != PhaseDealing {
		return
	}
	d.beat.running, d.beat.next = true, d.soonest(t)
}

// soonest is the earliest a beat wanted at t can be: one whose cue still
// sounds on time, the sound's lead from now.
func (d *Dealer) soonest(t time.Duration) time.Duration { return max(t, d.now()+d.lead()) }
