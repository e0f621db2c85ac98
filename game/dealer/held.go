package dealer

import (
	"slices"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// Holding a read the engine cannot judge alone. A card dealt by hand that
// its faller picked up before it could be read (the dealer's n, NotOnTop),
// or grabbed before the next card covered it, is played soon, in front of
// its own seat or another. Read there from the deck as that seat's turn
// begins, it looks exactly like the seat's deal. What tells them apart is
// time, which the engine does not have: a rider shown is followed by the
// deal in the same beat, a deal by nothing until the next. So while such a
// card may be shown (game.PlayedUnseen), a rider or an Extra read from the
// deck at a turn's start is held: another read before half a beat has
// passed makes it that card, played there (the engine is told with
// Identify before the read); anything else (half a beat, the beat, any
// other input) makes it the deal (game.ScanDealt).

// heldRead is a read the dealer holds.
type heldRead struct {
	active bool
	id     string
	c      int
	at     time.Duration // when it was read
	until  time.Duration // judged the deal then
	seat   int           // the faller whose picked-up card it may be
	// next is a read taken after it (c+1; 0 for none) that the engine
	// takes now, as a rider at this turn, but would refuse after the held
	// one shown (a second rider): it waits with the held read, and is told
	// after it, however that is judged (see onCard).
	next   int
	nextID string
	nextAt time.Duration
}

// heldNext tells the engine the read that waited with the held one, if
// any, once the held one is told. Called with d.held already cleared.
func (d *Dealer) heldNext(h heldRead, at time.Duration) {
	if h.next == 0 {
		return
	}
	d.event(game.Scan(h.nextID), playlog.FromReader, max(at, h.nextAt), h.next-1)
}

// mayHold reports whether card c, just read, is to be held, and holds it.
func (d *Dealer) mayHold(id string, c int, at time.Duration) bool {
	if d.phase != PhaseDealing || d.stop.open || d.imag.announced || d.ident.seat != 0 || d.panel.paused {
		return false
	}
	q := d.g.PlayedUnseen(c)
	if q == 0 {
		q = d.unaskedSeat(c)
	}
	if q == 0 {
		return false
	}
	d.held = heldRead{active: true, id: id, c: c, at: at, until: at + d.period()/2, seat: q}
	return true
}

// unaskedSeat is the seat whose card dealt by hand, on top of a stack, card
// c read as a turn begins may be (game.PlayedUnasked), among the seats the
// dealer is yet to be asked about and could not be: the reader came back,
// or the card was confirmed, while a card was due, and the ask waits for
// the table to be between two cards (maybeIdentify). Its faller may have
// picked it up meanwhile ("You can only pick up the top card of your
// stack") and shown it in front of the seat whose turn begins: taken at
// once for that seat's deal, the rider's own deal, read in the same beat,
// would be taken for the answer to the ask. 0 for none.
func (d *Dealer) unaskedSeat(c int) int {
	if !d.ident.wanted {
		return 0
	}
	for p := range d.g.NumPlayers() {
		if s := d.g.Seat(p); !d.ident.asked[s] && d.g.PlayedUnasked(c, s) {
			return s
		}
	}
	return 0
}

// extraOnSkip takes card c, an Extra just read from the deck (or a
// stand-in's place) at at, for the card dealt by hand that a faller picked
// up unseen and laid on the Skip (or the Chute) the seat addressed has just
// shown (game.ExtraShownUnseen): "EXTRA SKIP: Deal no cards to this player,
// and sweep away only the Extra card." Its Extra comes right after the
// Skip, where the next seat's deal waits for the beat that sweeps the
// Skip; taken for that deal, the next seat would be dealt a card the table
// never dealt it, and the Skip swept where the table keeps it. The engine
// is told with Identify, then the read, if it takes both (tried on a copy
// first); it reports whether it did.
func (d *Dealer) extraOnSkip(id string, c int, at time.Duration) bool {
	if d.phase != PhaseDealing || d.stop.open || d.imag.announced || d.ident.seat != 0 || d.panel.paused {
		return false
	}
	if _, ok := d.bareSkipShown(); !ok {
		return false
	}
	q := d.g.ExtraShownUnseen(c)
	return q != 0 && d.playedUnseen(q, id, c, at)
}

// extraOnTakenSkip takes card c, an Extra read at at, for one shown on
// the Skip (or the Chute) read just before it (skip, at skipAt) as a seat's
// turn began, which the engine took for that seat's deal: "To play an
// Extra, lay it on top of the rider you wish to modify, overlapping it so
// the dealer can still read both cards", and "EXTRA SKIP: Deal no cards to
// this player, and sweep away only the Extra card. (The Skip remains.)" A
// Skip shown is followed by nothing in the beat, as a deal is, so the
// engine cannot tell a Skip shown from one dealt (game.PlayedUnseen holds
// neither): a card dealt by hand, picked up unseen and played there, looks
// like the deal. Its Extra, read at once after it, does not: a deal is
// followed by nothing. Only while the screen offers the Skip to take back
// with misread (game.ReadToTakeBack: the engine would take it for that
// seat's rider), within half a beat of its read, and only if the engine,
// told so, takes the Extra on it (tried on a copy first): the dealer's
// misread is told for the Skip, then the Extra's read. It reports whether
// it did.
func (d *Dealer) extraOnTakenSkip(skip string, skipAt time.Duration, id string, c int, at time.Duration) bool {
	if d.phase != PhaseDealing || d.stop.open || d.imag.announced || d.ident.seat != 0 || d.panel.paused {
		return false
	}
	if d.g.Card(c).Kind != game.Extra || skip == "" || at-skipAt >= d.period()/2 {
		return false
	}
	s, ok := d.g.CardIndex(skip)
	if !ok || (d.g.Card(s).Kind != game.Skip && d.g.Card(s).Kind != game.Chute) {
		return false
	}
	if offered, ok := d.g.ReadToTakeBack(); !ok || offered != skip {
		return false
	}
	try := d.g.Clone()
	n := len(try.Inferences())
	if try.Observe(game.NotThereRead(skip)) != nil || !shownForAStandIn(try.Inferences()[n:], s) || try.Observe(game.Scan(id)) != nil {
		return false
	}
	if r := try.Where(s); r.Zone != game.AsRider || try.Where(c) != (game.Place{Zone: game.AsExtra, Player: r.Player}) {
		return false
	}
	d.say(false, "%v read at once after %v: an Extra shown on it, so the Skip was shown, not dealt", d.g.Card(c), d.g.Card(s))
	d.ident.later = true
	d.event(game.NotThereRead(skip), playlog.FromDealer, at, -1)
	d.ident.later = false
	d.event(game.Scan(id), playlog.FromReader, at, c)
	return true
}

// shownForAStandIn reports whether inferred, what the engine inferred of a
// misread of card s, says s was shown after all from the place of a card
// dealt by hand (a stand-in's, in a stack): the card that faller picked up
// unseen. A Skip the engine takes back only as a card it never saw leave
// the deck proves nothing: with no card dealt by hand it may have picked
// up, the Skip was dealt, and an Extra read at once is a stray one (a
// stack's top near the reader).
func shownForAStandIn(inferred []game.Inference, s int) bool {
	return slices.ContainsFunc(inferred, func(x game.Inference) bool {
		return x.Kind == game.InfShownAfterAll && x.Card == s && x.From.Zone == game.InStack
	})
}

// playedUnseen tells the engine that the card dealt by hand to seat q was
// card c (id), picked up unseen, then applies its read: that card played.
// Tried on a copy first: told which card it was, the engine must also
// take the read as that card played, or be told nothing (a read refused
// there would leave the card in the other faller's stack). It reports
// whether the engine took both.
func (d *Dealer) playedUnseen(q int, id string, c int, at time.Duration) bool {
	try := d.g.Clone()
	if try.Observe(game.Identify(q, id)) != nil || try.Observe(game.Scan(id)) != nil {
		return false
	}
	// Taken on the copy, so taken here: apply logs any refusal all the same.
	_ = d.apply(game.Identify(q, id), playlog.FromDealer, at)
	d.event(game.Scan(id), playlog.FromReader, at, c)
	return true
}

// heldAsRider judges the held read a rider: another card was read at once.
// The engine is told the card picked up at the held seat was this one,
// then the read is applied: a rider played from that faller's hand.
func (d *Dealer) heldAsRider(at time.Duration) {
	h := d.held
	d.held = heldRead{}
	if !d.playedUnseen(h.seat, h.id, h.c, at) {
		d.held = h
		d.flushHeld(at)
		return
	}
	d.heldNext(h, at)
	d.tellHeldPresses(at)
}

// expireHeld judges the held read the deal at its hold's end if an input
// at t comes after that end: the real-time loop picks among ready inputs
// at random, so a read or a confirmation may be handled before the
// deadline that ends the hold, and must not judge a hold already over.
func (d *Dealer) expireHeld(t time.Duration) {
	if d.held.active && t >= d.held.until {
		d.flushHeld(d.held.until)
	}
}

// flushHeld judges the held read, at t, the deal: nothing followed it in
// time. The engine is told so (ScanDealt): a plain read of a rider as a
// turn begins would be taken for the card the faller was said to have
// picked up. The engine takes it at t, which keeps the log's times in
// order; the read's own entry has when it was read.
func (d *Dealer) flushHeld(t time.Duration) {
	if !d.held.active {
		return
	}
	h := d.held
	d.held = heldRead{}
	waiting := !d.beat.running
	d.event(game.ScanDealt(h.id), playlog.FromReader, max(t, h.at), h.c)
	if waiting && d.beat.running {
		// Follow mode: "the beat starts again from that read", not from
		// the end of the hold.
		d.beat.next = d.soonest(h.at + d.period())
	}
	d.heldNext(h, t)
	d.tellHeldPresses(t)
}

// pressHeld is a seat's press while a read was held, at its kernel time.
type pressHeld struct {
	seat int
	at   time.Duration
}

// keepHeldPress keeps seat's press at at until the held read is judged:
// one a seat, the first, as a claim is the same however often pressed.
func (d *Dealer) keepHeldPress(seat int, at time.Duration) {
	if slices.ContainsFunc(d.heldPress, func(p pressHeld) bool { return p.seat == seat }) {
		return
	}
	d.heldPress = append(d.heldPress, pressHeld{seat: seat, at: at})
}

// tellHeldPresses tells the engine, at t, the presses kept while the read
// just judged was held, of a seat the light now asks for a card that can
// only be a Ground (game.PressUnreadClaim): "To Stop a Ground, play the
// Stop as the Ground is being dealt to you", and the faller pressed as it
// was, while the dealer could not yet say whose turn it was. Any other is
// dropped: the held read was that seat's deal, or the light asks another
// seat. The press keeps its own entry, at its own time, in the log; the
// engine's (KindApplied) comes here, in the order it was told, which is
// the order replay feeds it.
func (d *Dealer) tellHeldPresses(t time.Duration) {
	ps := d.heldPress
	d.heldPress = nil
	for _, p := range ps {
		if d.phase == PhaseDealing && heldPressClaims(d.g, p.seat) {
			_ = d.apply(game.Press(p.seat), playlog.FromSeat, max(t, p.at)) // a refusal is logged by apply
		}
	}
}

// heldPressClaims reports whether a press kept while a read was held, of
// seat, claims a Stop on a Ground dealt unread in g once that read is
// told: the one test tellHeldPresses makes and stopOnKeptPress tries.
func heldPressClaims(g *game.Game, seat int) bool {
	return !g.Over() && g.ClaimOf(seat) == game.PressUnreadClaim
}
