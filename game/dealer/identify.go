package dealer

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// Identifying the cards dealt by hand. A card the dealer confirmed from the
// panel stands in the engine as a deck card of its choosing: a guess. When
// the real card turns up as something the guess did not allow for (picked
// up and shown as a rider while the engine believes it in the deck), the
// assistant falls a seat behind. So once the reader can read ("picks the
// reader up again when it comes back", product.md) the dealer is asked to
// pass each card dealt by hand over it while it still lies on top of its
// stack, the beat held meanwhile, and the engine learns which card it was
// (game.EvIdentify).

// identifyState is the dealer's asking for the cards dealt by hand.
type identifyState struct {
	wanted bool         // a card was confirmed by hand, or the reader came back
	seat   int          // the seat asked about now, 0 for none
	stack  int          // the stack of that seat asked about (from 1)
	asked  map[int]bool // the seats asked about since wanted was set
	held   bool         // the beat is held for the asking
	// later: an ask waits for the next event, the first of two told as
	// one (extraOnTakenSkip): asked between them, the second would come
	// while the light asks for the answer, and put it out.
	later bool
}

// LightIdentify is the seat whose card dealt by hand the dealer is asked to
// scan.
var LightIdentify = hw.Pattern{Kind: hw.Blink, Color: hw.Blue, Period: 500 * time.Millisecond}

// wantIdentify notes that there may be cards dealt by hand to identify.
func (d *Dealer) wantIdentify() {
	if d.reader != hw.ReaderOK {
		return
	}
	d.ident.wanted = true
	clear(d.ident.asked)
}

// askUncovered: after an event, a card dealt by hand, still a guess and
// not said picked up, tops a stack where it lay covered before it (covered,
// game.Game.CoveredGuesses): the card laid on it was shown, picked up and
// played ("You can only pick up the top card of your stack"), and its
// faller may pick up the one under it now. Covered before the dealer could
// be asked for it (a Hit's first card dealt unscanned, its second read), it
// was never asked for, and played unseen it would be taken for a deal. So
// it is asked for as one just confirmed by hand is, once the table is
// between two cards (maybeIdentify); the seats already asked this round
// are not asked again.
func (d *Dealer) askUncovered(covered []int) {
	if len(covered) == 0 {
		return // none covered, or the reader not reading (apply)
	}
	if seat := d.g.Uncovered(covered); seat != 0 {
		d.ident.wanted = true
		delete(d.ident.asked, seat)
	}
}

// maybeIdentify asks about the next seat with a card dealt by hand on top
// of a stack, if the table is between two cards: not while a card is due
// (a read then is that card), a Stop window or an imaginary Ground is open,
// the panel paused, or the reader gone. With none left it lets the beat go
// on, with the count-in, as after a pause.
func (d *Dealer) maybeIdentify(at time.Duration) {
	if !d.ident.wanted || d.ident.seat != 0 || d.ident.later {
		return
	}
	if d.reader != hw.ReaderOK || (d.phase != PhaseDealing && d.phase != PhaseCountIn) || d.g.Over() {
		d.endIdentify(at, "the reader is gone or the deal is over")
		return
	}
	// A Ground kept through a Stop claim (kept.go) is the next deal, told
	// just after the claim is settled: asked before it, the seat its
	// window opens at would have its Stop read taken for the answer.
	if d.slot.open || d.stop.open || d.kept.active || d.imag.announced || d.panel.paused || d.panel.awaitingGo {
		return
	}
	if d.slot.sweepCalled {
		// The beat called the sweep of a rider the dealer knows (a Skip
		// kept under its Extra, a Chute): the table sweeps it on this
		// beat, and the next confirms it. Asked now, the light calling it
		// would be gone before the dealer could act on it, and the beat
		// after the ask would confirm a sweep the table never made.
		return
	}
	if !d.ident.held && (d.extraMayFollow() || d.skipMayBeShown()) && at < d.lastReadAt+d.period()/2 {
		// (A round under way holds the beat, which nothing would resume.)
		return
	}
	seat := d.blindSeat()
	if seat == 0 {
		d.endIdentify(at, "no card dealt by hand left on top")
		return
	}
	if d.ident.asked == nil {
		d.ident.asked = map[int]bool{}
	}
	d.ident.asked[seat] = true
	// The ask names the stack: a seat may have two topped by cards dealt
	// by hand ("If a player has more than one stack, you will deal one
	// card into each"), and the dealer, who picks the card up from one,
	// answers for that one (game.IdentifyAt).
	stack := d.g.AskStack(d.g.PlayerAt(seat))
	d.ident.seat, d.ident.stack, d.ident.held = seat, stack, true
	d.beat.running = false
	d.showOnly(seat, LightIdentify)
	d.cue(hw.CueWarning, d.now())
	d.ask(askIdentify, false, "scan the card dealt by hand to seat %d, stack %d (n if it is no longer on top)", seat, stack)
	// The held beat is in the log with its reason, for the referee.
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Kernel: at, Seat: seat,
		Note: fmt.Sprintf("beat held: the dealer is asked to scan the card dealt by hand to seat %d", seat)})
}

// extraMayFollow reports whether the seat addressed has shown a rider that
// deals it nothing (a Skip, a Chute), the last card read, and no Extra yet: its Extra, laid on
// it, may be shown next ("To play an Extra, lay it on top of the rider you
// wish to modify, overlapping it so the dealer can still read both
// cards"; "EXTRA SKIP: Deal no cards to this player, and sweep away only
// the Extra card"). No card is due, but until half a beat after the read,
// as a card shown and what comes with it (held.go), the table is not
// between two cards: asked then, the dealer would have that Extra read for
// the answer.
func (d *Dealer) extraMayFollow() bool {
	r, ok := d.bareSkipShown()
	return ok && d.g.Card(r).ID == d.lastRead // shown just now, read
}

// skipMayBeShown reports whether the last card read, a Skip (or a
// Chute), was taken for a deal that the screen offers to take back with
// misread (game.ReadToTakeBack): a card dealt by hand, picked up unseen
// and shown as the rider of the seat whose turn began, looks the same to
// the engine ("SKIP: Deal no cards to this player": nothing follows it in
// the beat, as nothing follows a deal), and the dealer who showed it says
// misread once the light asks for that seat's next card. Until half a beat
// after the read the table is not between two cards: asked then, the
// dealer's answer, a card read or n, would close that offer before they
// could say it.
func (d *Dealer) skipMayBeShown() bool {
	// The kind first: misreadCard copies the hand, and this is asked on
	// every beat while an ask waits.
	c, ok := d.g.CardIndex(d.lastRead)
	if !ok || (d.g.Card(c).Kind != game.Skip && d.g.Card(c).Kind != game.Chute) {
		return false
	}
	id, ok := d.misreadCard()
	return ok && id == d.lastRead
}

// bareSkipShown is the rider that deals nothing (a Skip, a Chute) the
// seat addressed has shown, with no Extra on it yet, if any.
func (d *Dealer) bareSkipShown() (int, bool) {
	in := d.g.Next()
	if !(in.Action == game.ActSweep || in.Action == game.ActPass) || !(in.Rider == game.Skip || in.Rider == game.Chute) || in.Extras != 0 {
		return -1, false
	}
	r := d.g.Rider(in.Player)
	return r, r >= 0
}

// blindSeat is the first seat not yet asked about with a card dealt by
// hand, still a guess, on top of one of its stacks, that the dealer has not
// already said is no longer there; 0 for none.
func (d *Dealer) blindSeat() int {
	for p := range d.g.NumPlayers() {
		s := d.g.Seat(p)
		if !d.g.Out(p) && !d.ident.asked[s] && d.g.AskFor(p) {
			return s
		}
	}
	return 0
}

// identified is the card read (id) while a seat was asked about: sent as
// that seat's card dealt by hand. Refused, the engine's guess stands and
// the dealer is told; either way the next seat is asked about.
func (d *Dealer) identified(id string, at time.Duration) {
	seat, stack := d.ident.seat, d.ident.stack
	d.ident.seat = 0
	d.settle(askIdentify)
	d.light(seat, LightOff)
	if err := d.apply(game.IdentifyAt(seat, stack, id), playlog.FromReader, at); err != nil {
		if c, ok := d.dealtOn(id); ok {
			// Asked between two cards of one address (a Hit's), the
			// dealer dealt the second on before the ask showed: the read
			// is that card, not the answer. The seat was asked about this
			// round (ident.asked) and is not asked again, and the card
			// just dealt may cover it or knock the seat out: the guess
			// stands, and the warning promises no second ask.
			d.warn("%s is not the card dealt by hand to seat %d (%v): taken for the next card dealt to seat %d; the guess stands", id, seat, err, d.g.Next().Seat)
			d.event(game.Scan(id), playlog.FromReader, at, c)
			if d.g.Over() {
				d.endIdentify(at, "the hand is over")
				return
			}
			d.maybeIdentify(at)
			return
		}
		if d.g.UnderGuess(seat, id) && d.apply(game.NotOnTopAt(seat, stack), playlog.FromDealer, at) == nil {
			// The card the engine has under it is on top: the card
			// dealt by hand is not ("You can only pick up the top card
			// of your stack"), as the dealer's n would say.
			d.warn("%s lies under the card dealt by hand to seat %d: that card is no longer on top; the guess stands", id, seat)
		} else {
			d.warn("%s is not the card dealt by hand to seat %d (%v): the guess stands", id, seat, err)
		}
	} else {
		d.say(false, "the card dealt by hand to seat %d was %s", seat, id)
		if d.g.AskFor(d.g.PlayerAt(seat)) {
			// Another of the seat's stacks is topped by a card dealt by
			// hand ("If a player has more than one stack, you will deal
			// one card into each"): the seat is asked about again, for
			// that one, before its faller can pick it up unseen.
			delete(d.ident.asked, seat)
		}
		if d.g.Out(d.g.PlayerAt(seat)) {
			// The card "unscanned" stood in was a Ground, and the dealer
			// dealt on past it: no Stop was shown, and it landed
			// (game.InfUnscannedGround). No Ground cue: its window is
			// long past, and a press now claims nothing.
			d.say(false, "seat %d hits the ground: the Ground was dealt unscanned, and the dealer dealt on", seat)
		}
	}
	if d.g.Over() {
		d.endIdentify(at, "the hand is over")
		d.handOver(at)
		return
	}
	d.maybeIdentify(at)
}

// dealtOn reports whether card id, read while a seat was asked about and
// refused as its card dealt by hand, is the next card of the address under
// way instead: the engine believes it in the deck, or only guessed it stood
// in for a card dealt by hand elsewhere (a Ground named by hand: the deck's
// other Grounds look the same, and a read of it is a deal, as the engine
// takes it), the light before the ask was for more cards of that address,
// and the engine takes it there.
func (d *Dealer) dealtOn(id string) (int, bool) {
	c, ok := d.g.CardIndex(id)
	if !ok {
		return -1, false
	}
	if w := d.g.Where(c); w.Zone != game.InDeck && !(w.Zone == game.InStack && d.g.Blind(c)) {
		return -1, false
	}
	if in := d.g.Next(); in.Action != game.ActDeal || in.First || in.Imaginary {
		return -1, false
	}
	return c, d.g.Clone().Observe(game.Scan(id)) == nil
}

// identifySkipped is the dealer's n while a seat is asked about: the card
// dealt by hand is no longer on top, and the engine's guess stands.
func (d *Dealer) identifySkipped(at time.Duration) {
	seat, stack := d.ident.seat, d.ident.stack
	d.ident.seat = 0
	d.settle(askIdentify)
	d.light(seat, LightOff)
	// The engine learns it too: picked up, the card will be shown soon
	// as a rider or a Stop, and is then taken for the one dealt by hand.
	if err := d.apply(game.NotOnTopAt(seat, stack), playlog.FromPanel, at); err != nil {
		d.warn("seat %d: %v", seat, err)
	} else {
		d.say(false, "seat %d: the card dealt by hand is not on top; the guess stands", seat)
		if d.g.AskFor(d.g.PlayerAt(seat)) {
			// Another of the seat's stacks is topped by a card dealt by
			// hand ("If a player has more than one stack, you will deal
			// one card into each"), not said picked up: the seat is
			// asked about again, for that one, as after a card scanned.
			delete(d.ident.asked, seat)
		}
	}
	d.maybeIdentify(at)
}

// dropIdentify takes the ask for a card dealt by hand away, its light
// and its message, and reports whether it held the beat. Called with d.mu
// held.
func (d *Dealer) dropIdentify() (held bool) {
	if d.ident.seat != 0 {
		d.light(d.ident.seat, LightOff)
		d.settle(askIdentify)
	}
	held = d.ident.held
	d.ident.wanted, d.ident.seat, d.ident.held = false, 0, false
	return held
}

// endIdentify stops asking (why says so in the log) and lets the beat go
// on after a count-in.
func (d *Dealer) endIdentify(at time.Duration, why string) {
	if !d.dropIdentify() {
		return
	}
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Kernel: at, Note: "beat resumed: " + why})
	d.restoreLights()
	if d.phase == PhaseDealing || d.phase == PhaseCountIn {
		d.countIn(d.now())
	}
}
