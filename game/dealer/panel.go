package dealer

import (
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// panelState is what the dealer's panel has made of the table: paused
// ("lights and beat freeze, the log notes it"), and, for a hand resumed
// after a power cut, still waiting for the dealer's go.
type panelState struct {
	paused   bool
	pausedAt time.Duration
	// awaitingGo: a resumed hand waits for the dealer's go (see control).
	awaitingGo bool
}

// control routes a panel control. While a resumed hand waits for the
// dealer, a confirm means "carry on", not "this card was dealt": the
// dealer has just come back to a table they have not looked at yet.
func (d *Dealer) control(p hw.PanelEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	// A confirmed claim (or one lapsing as the dealer pauses) settles
	// the kept Ground: told after it.
	defer d.flushKept(p.Kernel, false)
	d.expireHeld(p.Kernel)
	if d.held.active && p.Control == hw.ControlMisread && !d.panel.paused {
		// The press judges the held read first (the deal), which may
		// leave the misread another card than the one the screen offered
		// (that read itself, judged dealt: game.InfShownAfterAll). The
		// dealer meant the one offered, or none: nothing is changed.
		offered, _ := d.misreadCard()
		d.flushHeld(p.Kernel)
		if now, ok := d.misreadCard(); ok && now != offered {
			d.append(controlEntry(p))
			was := "nothing"
			if offered != "" {
				was = offered
			}
			d.warn("misread: the screen offered %s, but %s, just read, was judged the deal first; nothing changed (r again to say %s was shown)", was, now, now)
			return
		}
	}
	if ev, deal := dealConfirmed(p.As); d.held.active && p.Control == hw.ControlConfirm && deal && !d.panel.paused && !d.g.ExtraLeftRiderless(d.held.seat, d.held.c, ev) {
		// A card dealt by hand (the reader missed it, or is gone) within
		// half a beat of the held read: the deal that follows a card
		// shown, so the held read was that card. Not an Extra with no
		// rider in play for it: shown, it comes with its rider, not its
		// deal ("An Extra card modifies a rider"), so it was the deal.
		d.heldAsRider(p.Kernel)
	}
	if d.held.active && p.Control == hw.ControlConfirm && !d.panel.paused && d.extraNamedOnHeld(p.As) {
		// An Extra named by hand within half a beat of the held read,
		// laid on it: the held card was a rider shown.
		d.heldAsRider(p.Kernel)
	}
	d.flushHeld(p.Kernel)
	if d.panel.awaitingGo && d.panel.paused && p.Control == hw.ControlConfirm && p.As == "" {
		d.append(controlEntry(p))
		d.panel.awaitingGo = false
		d.settle(askGo)
		d.unpause(p.Kernel)
		// Cards dealt by hand before the cut are still guesses: the
		// reader, if it reads, is asked about them now.
		if d.blindSeat() != 0 {
			d.wantIdentify()
			d.maybeIdentify(p.Kernel)
		}
		return
	}
	d.onControl(p)
	if !d.panel.paused {
		d.panel.awaitingGo = false
		d.settle(askGo)
	}
	d.maybeIdentify(p.Kernel)
}

// dealConfirmed is the engine's event for a confirmation naming as (empty
// for none), and whether it confirms a card dealt: a plain one or a
// Ground, named in any case, as confirmAs reads it. A rider or an Extra
// named is one shown.
func dealConfirmed(as string) (game.Event, bool) {
	if as == "" {
		return game.Confirm(), true
	}
	k, err := game.ParseKind(as)
	if err != nil || k != game.Ground {
		return game.Event{}, false
	}
	return game.ConfirmAs(game.Ground), true
}

// onControl does what a panel control asks. Called with d.mu held.
func (d *Dealer) onControl(p hw.PanelEvent) {
	d.append(controlEntry(p))
	switch p.Control {
	case hw.ControlPause:
		if d.panel.paused {
			d.unpause(p.Kernel)
		} else {
			d.pause(p.Kernel)
		}
	case hw.ControlDispute:
		d.callDispute(p.Kernel)
	case hw.ControlConfirm:
		if d.ident.seat != 0 {
			// The dealer carries on instead: the guesses stand. The confirm
			// answers the ask; it deals no card (nothing is due now).
			if p.As != "" {
				d.say(true, "seat %d is asked for its card dealt by hand: scan it, or n if it is no longer on top", d.ident.seat)
				return
			}
			d.say(true, "the card dealt by hand to seat %d was not scanned: the guess stands", d.ident.seat)
			d.endIdentify(p.Kernel, "the dealer carried on")
			return
		}
		if p.As != "" {
			d.confirmAs(p.As, p.Kernel)
			return
		}
		d.confirm(p.Kernel)
	case hw.ControlSkip:
		if d.ident.seat != 0 {
			d.identifySkipped(p.Kernel)
			return
		}
		if d.phase == PhaseDealing || d.phase == PhaseCountIn {
			d.event(game.StackGone(), playlog.FromPanel, p.Kernel, -1)
		}
	case hw.ControlKnocked:
		d.knocked(p.Kernel)
	case hw.ControlMisread:
		d.misread(p.Kernel)
	case hw.ControlUnscanned:
		d.unscanned(p.Kernel, p.As)
	case hw.ControlWinner:
		d.winnerControl(p.Kernel, p.As)
	default:
		d.say(true, "unknown panel control %v", p.Control)
	}
}

// knocked is the panel's "a stack knocked over and gathered back", said of
// the seat whose turn the light shows (the dealer gathers it there, before
// dealing to it): its cards' order is no longer the one dealt, so the
// audit must prove nothing by which lay under which. Anything else is
// refused with nothing changed.
func (d *Dealer) knocked(at time.Duration) {
	seat := d.g.Next().Seat
	if d.ident.seat != 0 {
		seat = d.ident.seat // asked for its card dealt by hand: the only seat lit
	}
	if (d.phase != PhaseDealing && d.phase != PhaseCountIn) || seat == 0 {
		d.warn("a stack knocked over: say so while dealing, when its seat's light is on; nothing changed")
		return
	}
	if d.refusedWhilePaused("a stack knocked over") {
		return
	}
	if err := d.apply(game.Knocked(seat), playlog.FromPanel, at); err != nil {
		d.warn("seat %d: %v; nothing changed", seat, err)
		return
	}
	d.say(false, "seat %d: a stack knocked over and gathered back; the audit will not judge a play by the order of its cards", seat)
}

// refusedWhilePaused refuses, with a warning, what the panel says of the
// seat lit (what) while the hand is paused. A dispute lights the seats
// that pressed, not the deal's: which seat the dealer means is not on the
// table, and the lights a take-back or a move puts back would hide them.
// It reports whether it refused.
func (d *Dealer) refusedWhilePaused(what string) bool {
	if !d.panel.paused {
		return false
	}
	d.warn("%s: the hand is paused; resume, then say it when its seat's light is on; nothing changed", what)
	return true
}

// misread is the panel's "misread": the card just read, taken for a rider
// or an Extra shown at the seat lit, is not there (a stray card near the
// reader, or one read twice). Unlike "not there", which the light's next
// ask decides (a stack to deal into may be the one gone), it is always
// said of the read, so the engine is told which card (game.NotThereRead).
//
// Said just after a "not there" that named a stack or a rider gone, it
// takes that back (game.ThereAfterAll): a faller points at their stack,
// there after all, and the light asks again for what it is owed. Only
// sweeps the beat confirmed and buttons pressed may come between. Anything
// else, and either while paused, is refused with nothing changed.
func (d *Dealer) misread(at time.Duration) {
	if d.refusedWhilePaused("misread") {
		return
	}
	if d.kept.active {
		// The Ground kept while a Stop claim waits was not dealt on: a
		// stray read of the Ground lying at the claiming seat, say. It
		// was never told, so forgetting it changes nothing else.
		k := d.g.Card(d.kept.c)
		d.dropKept(at, "the dealer says misread")
		d.say(false, "misread: %v, kept while seat %d's Stop claim waits, is forgotten; nothing else changed", k, d.stop.seat)
		return
	}
	if id, ok := d.misreadCard(); ok {
		d.askAgainAfter()
		d.event(game.NotThereRead(id), playlog.FromPanel, at, -1)
		return
	}
	if id, ok := d.unsaidCard(); ok {
		d.unscannedTakenBack(id, at)
		return
	}
	seat, ok := d.goneSeat()
	if !ok {
		d.warn("misread: no card was just read as a rider or an Extra at the seat lit, and nothing was just said not there; nothing changed")
		return
	}
	d.say(false, "seat %d: there after all, the dealer says", seat)
	d.event(game.ThereAfterAll(), playlog.FromPanel, at, -1)
}

// goneSeat is the seat whose "not there" a misread would take back now, if
// any: the one just said, while dealing and not asking for a card dealt by
// hand (whose "not there" says it was picked up).
func (d *Dealer) goneSeat() (int, bool) {
	if !d.takingReads() {
		return 0, false
	}
	return d.g.GoneToTakeBack()
}

// unscanned is the panel's "unscanned": the light asks again for the seat
// just dealt to (or for more there) because the dealer dealt the card
// before the one just read without scanning it, and dealt on past the
// light that waited for it. The engine is told which card was just read
// (game.DealtUnscanned): the card dealt unscanned becomes a deal confirmed
// by hand, asked for while it lies on top, and the read goes where the
// light then asks. as names what the dealer saw the card dealt unscanned
// was: "Ground" (game.GroundDealtUnscanned) lands it; "" is "a card".
// Anything else is refused with nothing changed.
//
// It is said of the card the reader read last: after a read refused (a
// rider shown at the next seat while the light still waits, two cards
// dealt at once), the engine's last read is an earlier card, dealt where
// the light asked, and moving it would put a right card in the wrong
// place. The dealer confirms the card dealt unscanned (c) and reads the
// refused one again instead.
func (d *Dealer) unscanned(at time.Duration, as string) {
	if d.refusedWhilePaused("unscanned") {
		return
	}
	// The card dealt unscanned may be named, seen a Ground (the panel's
	// landed: button, the keyboard's l): the engine lands it, as the
	// dealer dealt on past it, and refuses any other kind.
	named := game.NoKind
	if as != "" {
		k, err := game.ParseKind(as)
		if err != nil {
			d.warn("unscanned: the panel named the card %q: %v; nothing changed", as, err)
			return
		}
		named = k
	}
	if d.kept.active {
		// The card before a kept Ground is the Ground being dealt to
		// the claiming seat, read or named: none was dealt unscanned.
		// (Said of that Ground read again, it was moved on, and then
		// told again as the kept read.)
		d.warn("unscanned: %v, just read, is kept until seat %d's Stop claim is settled; nothing changed", d.g.Card(d.kept.c), d.stop.seat)
		return
	}
	id, ok := d.g.UnscannedBefore()
	if !ok || id != d.lastRead || !d.takingReads() {
		d.warn("unscanned: say it just after the card read that the light took for the one dealt unscanned; nothing changed")
		return
	}
	d.event(game.Event{Kind: game.EvUnscanned, Card: id, As: named}, playlog.FromPanel, at, -1)
}

// unscannedTakenBack is the panel's misread said just after an
// "unscanned" (b, or l for a Ground) said by mistake of the read id: the
// hand goes back to before it (game.UnscannedTakenBack), the read where
// it was first taken. The card dealt by hand it stood in is asked for no
// more, and a Ground read lies again at its seat, its Stop window opened
// again: the one the read's move opened elsewhere is closed.
func (d *Dealer) unscannedTakenBack(id string, at time.Duration) {
	if d.ident.seat != 0 {
		d.endIdentify(at, "the unscanned was taken back")
	}
	if d.stop.open {
		d.endStopWindow(d.stop.seat)
	}
	applied := d.g.Applied()
	d.event(game.UnscannedTakenBack(id), playlog.FromPanel, at, -1)
	if d.g.Applied() == applied {
		return // refused, and said so
	}
	c, _ := d.g.CardIndex(id)
	d.say(false, "unscanned taken back: %v stays where it was first read", d.g.Card(c))
	if in := d.g.Next(); in.Action == game.ActLand {
		d.openStopWindow(in.Seat, at, true)
	}
	if d.blindSeat() != 0 {
		d.wantIdentify()
	}
}

// misreadCard is the card a misread would take back now, if any: the
// engine's read to take back, while dealing. Asking for a card dealt by
// hand takes no read from the engine (a read then is the answer, not a
// rider), so the read the ask followed may still be taken back: after an
// "unscanned", the read moved to the next seat's turn and taken for its
// deal is asked after at once, and a dealer who sees it lying as that
// seat's rider ("These are instruction cards, which must be played
// horizontally between a player and the dealer") must still be able to
// say so.
func (d *Dealer) misreadCard() (string, bool) {
	if d.phase != PhaseDealing && d.phase != PhaseCountIn {
		return "", false
	}
	return d.g.ReadToTakeBack()
}

// askAgainAfter puts the ask for a card dealt by hand, if one is shown,
// aside for a misread said meanwhile: the misread goes back to before the
// read, and the seat is asked about again once it is told (event's
// maybeIdentify), the beat still held.
func (d *Dealer) askAgainAfter() {
	seat := d.ident.seat
	if seat == 0 {
		return
	}
	d.light(seat, LightOff)
	d.settle(askIdentify)
	d.ident.seat = 0
	delete(d.ident.asked, seat)
}

// unsaidCard is the card read whose "unscanned" a misread would take back
// now, if no read is to be taken back first (misreadCard): the one just
// said, while dealing.
func (d *Dealer) unsaidCard() (string, bool) {
	if d.phase != PhaseDealing && d.phase != PhaseCountIn {
		return "", false
	}
	return d.g.UnscannedToTakeBack()
}

// takingReads reports whether a read is a card of the deal, one the
// panel's misread or unscanned may be said of: while dealing, and not
// while a card dealt by hand is asked for (its read is the answer).
func (d *Dealer) takingReads() bool {
	return d.ident.seat == 0 && (d.phase == PhaseDealing || d.phase == PhaseCountIn)
}

// confirm is the panel's confirm: start the hand, close an audit group,
// or a card dealt (or a Stop) the reader did not see.
func (d *Dealer) confirm(at time.Duration) {
	switch d.phase {
	case PhaseReady:
		d.settle(askReady)
		d.say(false, "the dealer starts the hand")
		d.countIn(d.now())
	case PhaseAudit:
		d.nextGroup(at)
	case PhaseDealing, PhaseCountIn:
		d.event(game.Event{Kind: game.EvConfirm}, playlog.FromPanel, at, -1)
	default:
		d.say(true, "nothing to confirm")
	}
}

// controlEntry is the log's record of a panel control, with the card the
// dealer named as they gave it, so a name the dealer refused is on record
// too.
func controlEntry(p hw.PanelEvent) playlog.Entry {
	e := playlog.Entry{Kind: playlog.KindControl, Source: playlog.FromPanel, Kernel: p.Kernel, Control: p.Control.String()}
	if p.As != "" {
		e.Note = "named: " + p.As
	}
	return e
}

// confirmAs is the panel's confirm naming the card the reader did not see
// (a Ground dealt, a Stop shown, a rider at a seat's turn): only a card
// being dealt has a face to name. A name the engine does not know is
// refused here, with nothing changed.
func (d *Dealer) confirmAs(name string, at time.Duration) {
	k, err := game.ParseKind(name)
	switch {
	case err != nil:
		d.warn("the panel named the card %q: %v; nothing changed", name, err)
	case d.panel.awaitingGo:
		d.say(true, "a %v named while the hand waits for your go: confirm to carry on first; nothing changed", k)
	case d.phase == PhaseDealing || d.phase == PhaseCountIn:
		d.event(game.ConfirmAs(k), playlog.FromPanel, at, -1)
	default:
		d.say(true, "a %v named with no card being dealt; nothing changed", k)
	}
}

// pause freezes the beat and the lights: "the dealer pauses (lights and
// beat freeze, the log notes it)".
func (d *Dealer) pause(at time.Duration) {
	if d.panel.paused {
		return
	}
	d.panel.paused, d.panel.pausedAt = true, d.now()
	d.append(playlog.Entry{Kind: playlog.KindPause, Source: playlog.FromDealer, Kernel: at, Note: "paused"})
	d.say(false, "paused")
}

// unpause resumes with a count-in; the Stop window left open keeps the
// time it had left.
func (d *Dealer) unpause(at time.Duration) {
	now := d.now()
	shift := now - d.panel.pausedAt + time.Duration(d.cfg.CountIn)*d.period()
	d.panel.paused = false
	// Resumed, the hand carries on: the winner is asked for no more,
	// and a press is a press again (a Stop claim).
	d.stopNaming()
	d.stop.shift(shift)
	if d.dispute != nil {
		for _, s := range d.dispute.Seats {
			d.light(s, LightOff)
		}
		d.restoreLights()
	}
	d.append(playlog.Entry{Kind: playlog.KindResume, Source: playlog.FromDealer, Kernel: at, Note: "resumed"})
	d.say(false, "resumed")
	if d.ident.seat != 0 {
		// The ask for a card dealt by hand still stands: its light and
		// sound again, for a dealer who has been settling a dispute.
		d.showOnly(d.ident.seat, LightIdentify)
		d.cue(hw.CueWarning, now)
	}
	if d.phase == PhaseDealing || d.phase == PhaseCountIn {
		wasRunning := d.beat.running || d.phase == PhaseCountIn
		d.countIn(now)
		if !wasRunning && d.cfg.CountIn == 0 {
			d.beat.running = d.slot.open
		}
	}
}
