package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// dealSlot is the deal instruction in force and how far the dealer is with
// it: whether the card the beat asked for is dealt yet, the sweep the beat
// called, the riders shown at the address, and the instruction last logged.
type dealSlot struct {
	open          bool          // a card is due and not yet dealt
	since         time.Duration // the beat it was first due on
	sweepCalled   bool          // the last beat showed a known Skip, Chute or Goggles address: its sweep is done on the next
	lastAddressed int           // the last faller whose address started, for the pass accent
	shown         map[int]bool  // cards shown as riders at the current or last address
	logged        game.Instruction
	hasLogged     bool // logged is the instruction last logged
	// justDealt is the card last dealt from the deck: read again before
	// the next beat, it is the reader or the dealer going over it twice,
	// not a faller who played it on the next seat, which the dealer
	// reaches only on a later beat.
	justDealt    justDealtCard
	justDealtSeq uint64 // the engine's Applied() just after
	// unshown is justDealt as it was before a misread made that card a
	// card shown after all (game.InfShownAfterAll): said again at once,
	// the misread makes it the card just dealt again.
	unshown justDealtCard
}

// justDealtCard is a card just dealt (its index + 1, 0 for none), the
// beat it was dealt on, and when it was read.
type justDealtCard struct {
	card int
	beat int64
	at   time.Duration
}

// finishSweeps carries out the sweeps that end the last address: the
// dealer sweeps while the beat moves on, and the next card read implies it
// anyway.
func (d *Dealer) finishSweeps(t time.Duration) {
	for i := 0; i < 8; i++ {
		in := d.g.Next()
		if !in.ClosesAddress() {
			return
		}
		if d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t) != nil {
			return
		}
	}
}

// noteInstruction logs the instruction when it changes.
func (d *Dealer) noteInstruction() {
	in := d.g.Next()
	if d.slot.hasLogged && in == d.slot.logged {
		return
	}
	d.slot.logged, d.slot.hasLogged = in, true
	d.append(playlog.Entry{Kind: playlog.KindInstruction, Source: playlog.FromDealer, Seat: in.Seat, Instruction: &in, Note: in.String()})
}

// riderAdvice says what the rider in force asks of the dealer.
func riderAdvice(in game.Instruction) string {
	x := in.Extras > 0
	switch in.Rider {
	case game.Hit:
		if x {
			return fmt.Sprintf("Extra Hit: %d into each stack, then sweep the Hit and the Extra", in.Due)
		}
		return "Hit: two into each stack, then sweep the Hit"
	case game.Split:
		if x {
			return "Extra Split: deal normally, start two new stacks, then sweep the Split and the Extra"
		}
		return "Split: deal normally and one more card as a new stack, then sweep the Split"
	case game.Skip:
		if x {
			return "Extra Skip: no cards; sweep only the Extra, the Skip stays"
		}
		return "Skip: no cards, sweep the Skip and move on"
	case game.Anvil:
		if x {
			return "Extra Anvil: like an Extra Hit; sweep only the Extra, leave the Anvil"
		}
		return "Anvil: two into each stack; leave it"
	case game.Chute:
		if x {
			return "Extra Chute: no cards; sweep only the Extra, leave the Chute"
		}
		return "Chute: no cards; leave it"
	case game.Goggles:
		if x {
			return "Extra Goggles: deal normally and sweep the Extra; leave the Goggles"
		}
		return "Goggles: deal normally; leave it"
	}
	return in.String()
}

// isShown reports whether card c is a rider the dealer is showing again:
// one already read at this address, or the known rider (and Extras) of the
// seat about to be addressed, a Skip left by an Extra Skip, or a permanent
// rider "being shown and left".
func (d *Dealer) isShown(c int, in game.Instruction) bool {
	if d.slot.shown[c] {
		return true
	}
	if !in.First {
		return false
	}
	if d.g.Rider(in.Player) == c {
		return true
	}
	for _, x := range d.g.Extras(in.Player) {
		if x == c {
			return true
		}
	}
	return false
}

// riderShown: the dealer read the rider (or its Extra) of the seat they
// are addressing.
func (d *Dealer) riderShown(c int, at time.Duration) {
	d.slot.shown[c] = true
	in := d.g.Next()
	switch {
	case in.Action == game.ActDeal && in.Imaginary:
		// The rider turned what the beat announced (a Skip to sweep, say)
		// into imaginary Grounds: the dealer is at the seat, so to its
		// faller the first is being dealt now, and a Stop they show for it
		// must find it dealt. Announced already (the beat said Ground and
		// the rider is a Hit), it keeps its time and sounds once.
		if d.imag.announced && d.imag.seat == in.Seat {
			d.showOnly(in.Seat, LightGround)
		} else {
			d.announceImaginary(in.Seat, at)
		}
	case in.Action == game.ActDeal:
		d.showOnly(in.Seat, LightDeal(in.Due, in.StartsStack()))
		if in.Rider == game.Hit || in.Rider == game.Split || in.Rider == game.Anvil {
			d.cue(hw.CueDealHere, at)
		}
	case in.Action == game.ActSweep || in.Action == game.ActPass:
		// A Skip or Chute uses up the seat's beat: nothing to deal, and no
		// imaginary Ground either.
		d.imag.announced = false
		d.showOnly(in.Seat, LightSweep)
		d.cue(hw.CueSkip, at)
		d.closeSlot(at)
	}
	if c >= 0 && d.g.Card(c).Kind == game.Extra && d.g.Where(c).Zone != game.AsExtra {
		// Lying on its rider, an Extra may be read first; the dealer who
		// finds neither says so. One named from the panel is no read to
		// take back.
		if id, ok := d.g.ReadToTakeBack(); ok && id == d.g.Card(c).ID {
			d.say(false, "seat %d: %v read before its rider: scan the rider, or r (misread) if there is none", in.Seat, d.g.Card(c))
		} else {
			d.say(false, "seat %d: %v named before its rider: scan or name the rider", in.Seat, d.g.Card(c))
		}
		return
	}
	d.say(false, "seat %d: %s", in.Seat, riderAdvice(in))
}

// dealt follows a card dealt (read, or confirmed by hand).
func (d *Dealer) dealt(at time.Duration) {
	p, _, ground, ok := d.g.PendingDeal()
	d.closeSlot(at)
	if ok && ground {
		d.openStopWindow(d.g.Seat(p), at, true)
		d.say(false, "seat %d: a Ground", d.g.Seat(p))
		return
	}
	in := d.g.Next()
	if in.Action == game.ActDeal && !in.First {
		d.showOnly(in.Seat, LightDeal(in.Due, in.StartsStack()))
	} else if ok {
		d.light(d.g.Seat(p), LightOff)
	}
}

// closeSlot marks the beat's card as dealt, logging how late it was in
// strict mode, and restarts a beat that was waiting for it.
func (d *Dealer) closeSlot(at time.Duration) {
	if d.slot.open {
		d.slot.open = false
		if late := at - d.slot.since; d.cfg.Mode == config.Strict && late > d.period() {
			seat := 0
			if p, _, _, ok := d.g.PendingDeal(); ok {
				seat = d.g.Seat(p)
			}
			d.append(playlog.Entry{Kind: playlog.KindLateDeal, Source: playlog.FromDealer, Kernel: at, Beat: d.beat.count, Late: late - d.period(),
				Seat: seat, Note: "strict: late deal"})
		}
	}
	if !d.beat.running && d.phase == PhaseDealing && !d.stop.open {
		d.restartBeat(at + d.period())
	}
}
