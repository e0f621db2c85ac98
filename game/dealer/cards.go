package dealer

import (
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// The card reader: the cards it reads, and its coming and going.

// onStatus follows the card reader coming and going: "Reader unplugged or
// I2C errors mid-hand: the assistant says so, keeps pacing with manual
// confirmation from the dealer panel, and picks the reader up again".
func (d *Dealer) onStatus(s hw.ReaderStatus) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	// Handled before the deadline that ends a hold, as a read may be.
	d.expireHeld(s.Time)
	if s.State != hw.ReaderLost {
		// The reader lost tells nothing of the held read: the deal that
		// follows it, confirmed by hand, or the half beat, judges it.
		d.flushHeld(s.Time)
	} else if d.held.active {
		// The deal that follows a card shown may lie on the reader
		// that hung: it comes by hand, once the dealer has heard the
		// warning, and that takes a moment of its own. Half a beat
		// after the warning, as after the read, nothing followed.
		d.held.until = max(d.held.until, s.Time+d.period()/2)
	}
	if s.State == d.reader {
		return
	}
	d.reader = s.State
	ent := playlog.Entry{Kind: playlog.KindReader, Source: playlog.FromReader, Kernel: s.Time, Note: "reader " + s.State.String()}
	if s.Err != nil {
		ent.Error = s.Err.Error()
	}
	d.append(ent)
	switch s.State {
	case hw.ReaderLost:
		d.endIdentify(s.Time, "the reader is gone again")
		d.cue(hw.CueWarning, d.now())
		d.ask(askReader, true, "the card reader is gone (%v): confirm each card from the panel", s.Err)
	case hw.ReaderOK:
		d.settle(askReader)
		d.say(false, "the card reader is back: scan the cards again")
		d.wantIdentify()
		d.maybeIdentify(s.Time)
	}
}

// onCard handles one card read.
func (d *Dealer) onCard(e hw.CardEvent) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	id, known := d.cardID(e.UID)
	d.append(playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Kernel: e.Time, UID: e.UID.String(), Card: id})
	if !known {
		// "Unknown card UID ...: a warning sound and message, the event is
		// logged, the game state does not move."
		d.warn("card %v is not in this deck", e.UID)
		return
	}
	d.rec.Read(id)
	d.expireHeld(e.Time)
	switch d.phase {
	case PhaseAudit:
		g := &d.groups[len(d.groups)-1]
		g.Cards = append(g.Cards, id)
		seat := 0 // the discard pile and the deck
		if g.Player >= 0 {
			seat = d.g.Seat(g.Player)
		}
		d.append(playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReader, Kernel: e.Time, Seat: seat, Card: id, Note: g.Name})
		return
	case PhaseOver, PhaseDone:
		d.say(true, "%s read after the hand ended", id)
		return
	}
	prev, prevAt := d.lastRead, d.lastReadAt
	d.lastRead, d.lastReadAt = id, e.Time
	if d.ident.seat != 0 {
		d.identified(id, e.Time)
		return
	}
	c, _ := d.g.CardIndex(id)
	// Told once the claim is settled by whatever this read was (the Stop
	// shown), after it.
	defer d.flushKept(e.Time, false)
	switch {
	case d.kept.active && c == d.kept.c:
		// "the same card scanned twice: a warning sound and message, the
		// event is logged, the game state does not move."
		d.warn("%v read again: it is kept until seat %d's Stop claim is settled", d.g.Card(c), d.stop.seat)
		return
	case d.kept.active && d.overtakesKept(id):
		// Read after the kept Ground, told after it.
		d.flushKept(e.Time, true)
	case d.mayKeep(id, c, e.Time):
		return
	}
	if d.slot.justDealt.card == c+1 && d.slot.justDealt.beat == d.beat.count {
		// "the same card scanned twice: a warning sound and message, the
		// event is logged, the game state does not move." A rider would
		// otherwise be taken for one played on the next seat.
		d.warn("%v read again before the next beat: it was just dealt", d.g.Card(c))
		return
	}
	if d.atOnce(c, e.Time) {
		// "a card scanned that should not be there: a warning sound and
		// message, the event is logged, the game state does not move."
		// Read at once after a deal, before the beat that lights its seat,
		// it was dealt with the one before: taken for the next seat's
		// deal, it would be found at the audit where the lights never
		// sent it.
		if in := d.g.Next(); in.Action == game.ActLand {
			// A Hit's second card, say, right behind a Ground: the seat
			// may still Stop it, and whether it is out decides where the
			// card goes.
			d.warn("%v read at once after %v: take it back until seat %d's Ground lands or is Stopped, then deal it to the seat lit", d.g.Card(c), d.g.Card(d.slot.justDealt.card-1), in.Seat)
			return
		}
		d.warn("%v read before its beat, at once after %v: two cards dealt at once? Take it back and deal it to the seat lit on the beat", d.g.Card(c), d.g.Card(d.slot.justDealt.card-1))
		return
	}
	switch {
	case d.held.active && c == d.held.c:
		// "the same card scanned twice: a warning sound and message, the
		// event is logged, the game state does not move": no second card.
		d.warn("%v read again before the next beat", d.g.Card(c))
		return
	case d.held.active && d.comesWithShown(d.held.c, c) && !d.strayWhileHeld(c) && !d.g.ExtraLeftRiderless(d.held.seat, d.held.c, game.Scan(id)):
		// (An Extra held with no rider in play for it comes with its rider
		// if shown: any other card read at once makes it the deal.)
		d.heldAsRider(e.Time)
	case d.held.active && d.stopOnKeptPress(id, c):
		// The Stop a press kept while the read was held claims: the press
		// and the Stop prove a Ground was dealt right after the held read,
		// the card that comes with a card shown, so the hold is judged a
		// card shown and the presses told, then the Stop is read.
		d.heldAsRider(e.Time)
	case d.held.active && d.g.Clone().Observe(game.Scan(id)) != nil:
		// A card that cannot be this seat's deal (a stray one, a discard
		// lying near the reader), refused where it is read, proves nothing
		// of the held one: the half beat still judges it (a rider shown is
		// followed by its deal, the stray between them).
		d.event(game.Scan(id), playlog.FromReader, e.Time, c)
		return
	case d.held.active && d.held.next == c+1:
		d.warn("%v read again before the next beat", d.g.Card(c))
		return
	case d.held.active && d.held.next == 0 && d.refusedIfShown(c):
		// Taken for something only because the held read is not told yet
		// (a second rider, taken for the seat's own), but would be refused
		// after the held one shown. It proves nothing by itself: a stray
		// card between a rider shown and its deal looks so, and so does
		// the next seat's rider shown a little early after a deal. It
		// waits with the held read and is told after it, whatever judges
		// that (a card that comes with a card shown, a confirmation, the
		// half beat).
		d.held.next, d.held.nextID, d.held.nextAt = c+1, id, e.Time
		return
	case d.held.active:
		// Taken for something: the engine must hear the held read first,
		// and nothing came with it that a card shown brings, so it was the
		// deal.
		d.flushHeld(e.Time)
	case d.extraOnSkip(id, c, e.Time):
		return
	case d.extraOnTakenSkip(prev, prevAt, id, c, e.Time):
		return
	case d.mayHold(id, c, e.Time):
		return
	}
	if d.imag.announced && d.g.Card(c).Kind == game.Stop {
		// A Stop shown while an imaginary Ground is announced is played on
		// it: the Ground is being dealt.
		d.dealImaginary(e.Time)
	}
	d.event(game.Scan(id), playlog.FromReader, e.Time, c)
}

// stopOnKeptPress reports whether card c (id), a Stop read while a read is
// held, is the one a press kept during the hold (keepHeldPress) claims:
// "To Stop a Ground, play the Stop as the Ground is being dealt to you",
// and its faller pressed, then showed it, before the dealer could say
// whose turn it was. The press and the Stop prove a Ground was dealt
// right after the held read, the card that comes with a card shown, so the
// held read is told the engine as a card shown (heldAsRider: the card the
// seat picked up, played from its hand), then the read that waited with
// it, the presses where the light then asks their seat for a card that can
// only be a Ground: the Stop is taken, tried on a copy. Judged the deal
// instead, the light went a seat ahead where the held card was a Hit shown
// (messy 1007999 classic). Tried alone, the Stop was refused, and the hold
// went on as if a stray card had been read.
func (d *Dealer) stopOnKeptPress(id string, c int) bool {
	if d.g.Card(c).Kind != game.Stop || len(d.heldPress) == 0 || d.phase != PhaseDealing {
		return false
	}
	h := d.held
	try := d.g.Clone()
	if try.Observe(game.Identify(h.seat, h.id)) != nil || try.Observe(game.Scan(h.id)) != nil {
		return false
	}
	if h.next != 0 {
		_ = try.Observe(game.Scan(h.nextID)) // a refusal is logged by the real one alike
	}
	told := false
	for _, p := range d.heldPress {
		if heldPressClaims(try, p.seat) && try.Observe(game.Press(p.seat)) == nil {
			told = true
		}
	}
	return told && try.Observe(game.Scan(id)) == nil
}

// comesWithShown reports whether card c, read before half a beat after the
// held read of card h, is one that comes at once after a card shown, so h
// was shown, not dealt: a card to deal (from the deck, or a stand-in for a
// card dealt by hand), an Extra shown on h, or the rider an Extra held lies
// on ("lay it on top of the rider you wish to modify, overlapping it so the
// dealer can still read both cards", so either may be read first).
// Anything else (a stray card, a discard lying near the reader) proves
// nothing.
func (d *Dealer) comesWithShown(h, c int) bool {
	k := d.g.Card(c).Kind
	return d.g.Where(c).Zone == game.InDeck || d.g.Blind(c) || k == game.Extra ||
		(d.g.Card(h).Kind == game.Extra && k.IsRider())
}

// strayWhileHeld reports whether card c, read while a read is held, is a
// stray card: refused where it is read, and refused too had the held read
// been told as a card shown. An Extra or a rider the engine has swept
// ("sweep the rider into the discard pile, in the middle of the table")
// lies in the discard pile, not on the rider shown: read, it is a discard
// near the reader, and proves nothing of the held read (official seeds
// 250 and 327 of the real dealer's every-mistake row: a card swept, read
// just after a deal held, made the deal a card shown).
func (d *Dealer) strayWhileHeld(c int) bool {
	return d.g.Clone().Observe(game.Scan(d.g.Card(c).ID)) != nil && d.refusedIfShown(c)
}

// refusedIfShown reports whether card c, read while a read is held, would
// be refused had the held read been told to the engine as a card shown
// (Identify, then the read), though it is taken now.
func (d *Dealer) refusedIfShown(c int) bool {
	h := d.held
	try := d.g.Clone()
	if try.Observe(game.Identify(h.seat, h.id)) != nil || try.Observe(game.Scan(h.id)) != nil {
		return false
	}
	return try.Observe(game.Scan(d.g.Card(c).ID)) != nil
}

// atOnce reports whether card c, read at t, came with the card dealt last:
// the next thing the engine hears of, with no beat since and within a
// third of a beat, a card the engine would deal at another seat's turn
// (game.NextTurnsDeal), and more than a third of a beat before the next
// beat. The dealer deals a card on each beat to the seat it lights, so a
// deal read that soon is the second of two dealt at once. (A rider shown
// calls its cards at once: that is something heard of in between.)
func (d *Dealer) atOnce(c int, t time.Duration) bool {
	s := &d.slot
	third := d.period() / 3
	if s.justDealt.card == 0 || s.justDealt.card == c+1 || s.justDealtSeq != d.g.Applied() || s.justDealt.beat != d.beat.count || t-s.justDealt.at >= third || d.held.active {
		return false
	}
	if d.beat.running && d.beat.next-t <= third {
		// On its beat, a hair early: the card before it was read late (the
		// reader polls, a fast dealer lags), and this one is the next
		// seat's deal, dealt in time.
		return false
	}
	return d.g.NextTurnsDeal(c)
}

// cardID is the card a tag stands for in this deck, and whether it is one.
func (d *Dealer) cardID(u hw.UID) (string, bool) {
	if d.cfg.Cards != nil {
		id, ok := d.cfg.Cards[u]
		return id, ok
	}
	id := u.String()
	return id, d.ids[id]
}
