package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// The table's light language, exported so a screen can draw the same
// colours and tests can name what a seat should show.
var (
	// LightOff is a seat with nothing to do.
	LightOff = hw.Pattern{}
	// LightGround is a Ground being dealt to the seat: "that seat's light
	// turns red".
	LightGround = hw.Pattern{Kind: hw.On, Color: hw.Red}
	// LightClaim is a Stop claimed on that Ground, waiting for the dealer.
	LightClaim = hw.Pattern{Kind: hw.Blink, Color: hw.Red, Period: 250 * time.Millisecond}
	// LightSweep is a rider to sweep or a Skip to honour at the seat.
	LightSweep = hw.Pattern{Kind: hw.On, Color: hw.Violet}
	// LightReady is a faller who pressed to say they are ready.
	LightReady = hw.Pattern{Kind: hw.Pulse, Color: hw.Green, Period: time.Second}
	// LightWinner is the hand's winner.
	LightWinner = hw.Pattern{Kind: hw.Pulse, Color: hw.Green, Period: 500 * time.Millisecond}
	// LightFirst is the seat that pressed first when a dispute is called;
	// every seat of a tie shows it.
	LightFirst = hw.Pattern{Kind: hw.Blink, Color: hw.White, Period: 300 * time.Millisecond}
	// LightAudit is the seat whose cards the dealer scans for the audit.
	LightAudit = hw.Pattern{Kind: hw.On, Color: hw.Blue}
)

// LightDeal is the light of the seat to deal to: the colour says how many
// cards this address still deals ("one per stack, more for a Hit"): green
// one, amber two, white three or more. A new stack to start pulses.
func LightDeal(due int, newStack bool) hw.Pattern {
	p := hw.Pattern{Kind: hw.On, Color: hw.Green}
	switch {
	case due == 2:
		p.Color = hw.Amber
	case due >= 3:
		p.Color = hw.White
	}
	if newStack {
		p.Kind, p.Period = hw.Pulse, 600*time.Millisecond
	}
	return p
}

// LightWaiting is LightDeal blinking: in follow mode the beat waits for
// the dealer's card.
func LightWaiting(due int, newStack bool) hw.Pattern {
	p := LightDeal(due, newStack)
	p.Kind, p.Period = hw.Blink, 400*time.Millisecond
	return p
}

// lamps is what each seat's light shows now: a light is set only when it
// changes, and a View draws the same.
type lamps map[int]hw.Pattern

// light shows p at seat, when it changes.
func (d *Dealer) light(seat int, p hw.Pattern) {
	if seat <= 0 {
		return
	}
	if old, ok := d.lamps[seat]; ok && old == p {
		return
	}
	d.lamps[seat] = p
	if d.hw.Lights == nil {
		return
	}
	if err := d.hw.Lights.Set(seat, p); err != nil {
		d.note(fmt.Errorf("light seat %d: %w", seat, err))
	}
}

// showOnly lights seat with p and every other faller's seat off.
func (d *Dealer) showOnly(seat int, p hw.Pattern) {
	for _, s := range d.cfg.Game.Seats {
		if s != seat {
			d.light(s, LightOff)
		}
	}
	d.light(seat, p)
}

// restoreLights shows again what the instruction in force asks for.
func (d *Dealer) restoreLights() {
	if d.ident.seat != 0 {
		// A seat is being asked for its card dealt by hand: its light
		// says so until the dealer answers.
		d.showOnly(d.ident.seat, LightIdentify)
		return
	}
	if d.stop.open {
		p := LightGround
		if d.stop.claimed {
			p = LightClaim
		}
		d.showOnly(d.stop.seat, p)
		return
	}
	in := d.g.Next()
	if d.phase == PhaseDealing && in.Action == game.ActDeal && d.slot.open {
		d.showOnly(in.Seat, LightDeal(in.Due, in.StartsStack()))
		return
	}
	d.showOnly(0, LightOff)
}
