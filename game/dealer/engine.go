package dealer

import (
	"errors"
	"slices"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// Feeding the rules engine: every event the table gives it is logged with
// the engine's answer and what it inferred, and what follows at the table
// is done from what the engine says next.

// apply feeds the engine one event and logs the outcome and whatever the
// engine inferred.
func (d *Dealer) apply(e game.Event, src playlog.Source, at time.Duration) error {
	// A refused event reads nothing again: readAgain must not keep the
	// answer of the event before (review39 F9).
	d.readAgain = -1
	before := d.g.Next()
	var covered []int
	if d.reader == hw.ReaderOK {
		// Only a reader that reads can be asked for an uncovered card
		// (askUncovered): with it gone, no look at the stacks per event.
		covered = d.g.CoveredGuesses()
	}
	d.rec.Before(d.g)
	ev := e
	if err := d.g.Observe(e); err != nil {
		var re *game.RuleError
		ent := playlog.Entry{Kind: playlog.KindRefused, Source: src, Kernel: at, Event: &ev, Error: err.Error()}
		if errors.As(err, &re) {
			ent.Rule = re.Rule
		}
		d.append(ent)
		d.refusedReads(e, src, true)
		return err
	}
	d.refusedReads(e, src, false)
	d.askUncovered(covered)
	d.deckEnd()
	d.append(playlog.Entry{Kind: playlog.KindApplied, Source: src, Kernel: at, Event: &ev, Digest: d.g.Digest()})
	d.rec.Applied(d.g, e, at)
	if before.AddressBegan(d.g.Next()) {
		d.slot.lastAddressed = before.Player
		clear(d.slot.shown)
	}
	inf := d.g.Inferences()
	// Asked once of the observation, here for the read it keeps from the
	// warning and in event for what the table does next.
	d.readAgain = readAgainPastGone(d.g, inf[d.inferred:])
	for ; d.inferred < len(inf); d.inferred++ {
		x := inf[d.inferred]
		d.append(playlog.Entry{Kind: playlog.KindInference, Source: playlog.FromEngine, Kernel: at, Seat: d.g.Seat(x.Player), Inference: &x})
		if x.Kind == game.InfReadTakenBack && !dealtAfterAllOf(inf[d.inferred+1:], x.Card) && !game.ShownTakenBack(inf, d.inferred) && x.Card != d.readAgain {
			// product.md: "a card scanned that should not be there: a
			// warning sound and message, the event is logged, the game
			// state does not move". (A read dealt after all right behind
			// it should be there: it was the deal.)
			d.cue(hw.CueWarning, at)
			d.say(true, "%v was not at seat %d: that read is taken back (a stray card or a second read)", d.g.Card(x.Card), d.g.Seat(x.Player))
		}
		switch {
		case x.Kind == game.InfDealtAfterAll && d.g.Card(x.Card).Kind == game.Stop:
			// Taken for a Stop on a Ground dealt unread, and the dealer's
			// misread, or the next card read being no Ground, says it was
			// dealt: no Ground went back on the deck.
			d.say(false, "%v was the card dealt to seat %d, not a Stop on a Ground dealt unread: no Ground went back on the deck", d.g.Card(x.Card), d.g.Seat(x.Player))
		case x.Kind == game.InfDealtAfterAll:
			d.say(false, "%v is no rider: it is the card just dealt to seat %d", d.g.Card(x.Card), d.g.Seat(x.Player))
		}
	}
	return nil
}

// event applies a scan (card c) or a hand confirmation (c = -1) and does
// what follows from it at the table.
func (d *Dealer) event(e game.Event, src playlog.Source, at time.Duration, c int) {
	before := d.g.Next()
	stopWasOpen, stopSeat := d.stop.open, d.stop.seat
	var from game.Place
	// A stand-in for a card dealt by hand, read and dealt: the engine's
	// guess was wrong, and the card came from the deck after all.
	standIn := false
	if c >= 0 {
		from, standIn = d.g.Where(c), d.g.Blind(c)
	}
	out := d.g.InPlay()
	inferred := len(d.g.Inferences())
	// A card dealt unread, confirmed by hand.
	byHand := c < 0 && e.Kind == game.EvConfirm && before.Action == game.ActDeal
	if err := d.apply(e, src, at); err != nil {
		if c >= 0 && d.isShown(c, before) {
			// A rider shown again (a permanent one, or a known Skip): the
			// dealer did right, there is nothing to warn about.
			d.say(false, "%v: seen", d.g.Card(c))
			return
		}
		d.warn("%v", err)
		return
	}
	// Whatever the beat announced for this seat (a known Skip to sweep)
	// was planned before this read; the read has re-planned the address,
	// and a sweep still due is finished on the next beat like any other.
	d.slot.sweepCalled = false
	if d.g.InPlay() < out && stopWasOpen {
		// The dealer dealt on: the Ground landed before this card.
		d.endStopWindow(stopSeat)
		d.say(false, "seat %d hits the ground", stopSeat)
	}
	if d.g.Over() {
		if e.Kind == game.EvUnscanned {
			// The card dealt unscanned landed and ended the hand: say
			// whose Ground it was before the winner.
			d.unscannedLanded(inferred)
		}
		d.handOver(at)
		return
	}
	after := d.g.Next()
	switch {
	case before.Action == game.ActLand && stopWasOpen && !d.g.Out(before.Player) && (c < 0 || d.g.Card(c).Kind == game.Stop) && after.Action != game.ActLand:
		// "the Ground goes back on top of the deck"
		d.endStopWindow(before.Seat)
		d.cue(hw.CueStop, at)
		d.say(false, "seat %d Stops the Ground: it goes back on top of the deck", before.Seat)
		if inferredCard(d.g.Inferences()[inferred:], game.InfStopDealtAfterAll) >= 0 {
			// The Stop was spent on a Ground dealt unread, the misread
			// offered then never said (game.InfStopDealtAfterAll).
			d.say(false, "seat %d shows again the Stop taken for one on a Ground dealt unread: taken now for the card dealt them then, after a nervous press", before.Seat)
		}
		d.restartBeat(at + d.period())
	case c >= 0 && slices.ContainsFunc(d.g.Inferences()[inferred:], func(x game.Inference) bool { return x.Kind.StopsUnread() }):
		// The seat pressed and showed a Stop where the light asked it for
		// a card, only a Ground to be dealt (game.Game.OnlyGroundsDue):
		// the card dealt it unread was a Ground, which the Stop saved it
		// from (game.InfStoppedUnread). As for a Stop shown in the window:
		// "The dealer keeps the Ground". The engine's deck may be wrong;
		// a dealer who dealt that Stop, no Ground, says misread.
		d.cue(hw.CueStop, at)
		d.say(false, "seat %d Stops a Ground dealt unread: it goes back on top of the deck (r, misread, if you dealt them that Stop)", before.Seat)
		d.restartBeat(at + d.period())
	case c < 0 && e.Kind == game.EvConfirm && (e.As.IsRider() || e.As == game.Extra):
		// A rider or an Extra the dealer named at the seat's turn: shown,
		// as if read.
		d.riderShown(d.namedCard(before.Player, e.As), at)
	case c < 0 && inferredCard(d.g.Inferences()[inferred:], game.InfDealtAfterAll) >= 0:
		// "Not there" of a card just dealt that the lights took for a
		// rider: the read is taken back and the card dealt where it went,
		// a deal like any read (game.InfDealtAfterAll).
		x := inferredCard(d.g.Inferences()[inferred:], game.InfDealtAfterAll)
		delete(d.slot.shown, x)
		if !d.dealtSinceRead(x, inferred) {
			d.slot.justDealt = justDealtCard{card: x + 1, beat: d.beat.count, at: at}
		}
		d.slot.justDealtSeq = d.g.Applied()
		d.dealt(at)
	case c < 0 && inferredCard(d.g.Inferences()[inferred:], game.InfShownAfterAll) >= 0:
		// Misread of a read the hold judged dealt: it was a card shown
		// (game.InfShownAfterAll). The light goes back to that seat, to
		// ask for its cards again, the first of them dealt unread.
		x := inferredCard(d.g.Inferences()[inferred:], game.InfShownAfterAll)
		// Kept for the misread said again at once (shownTakenBack).
		d.slot.unshown, d.slot.justDealt = d.slot.justDealt, justDealtCard{}
		d.riderShown(x, at)
		if shownFromDeck(d.g.Inferences()[inferred:], x) {
			// A rider taken for the deal, never dealt on the record: it
			// went unread, and the seat's cards are all still due.
			d.say(false, "%v was shown at seat %d, not dealt there: it left the deck unread (dealt unscanned where the light did not lag); its cards are due", d.g.Card(x), d.g.Next().Seat)
			break
		}
		d.say(false, "%v was shown at seat %d after all, not dealt there: its cards are due again (c for one dealt unread)", d.g.Card(x), d.g.Next().Seat)
	case c < 0 && shownTakenBack(d.g.Inferences(), inferred) >= 0:
		// The misread said again of a card it had just made shown after
		// all: it is the deal the hold judged it, no stray card, and again
		// the card just dealt (read again before the next beat, it is the
		// same card read twice).
		x := shownTakenBack(d.g.Inferences(), inferred)
		delete(d.slot.shown, x)
		if d.slot.unshown.card == x+1 {
			d.slot.justDealt, d.slot.justDealtSeq = d.slot.unshown, d.g.Applied()
		}
		d.say(false, "%v is the card dealt to seat %d after all, as first judged", d.g.Card(x), d.g.Seat(d.g.Where(x).Player))
		d.takenBack(at)
	case c < 0 && d.readAgain >= 0:
		// "Not there" of the stack the card read again after an
		// "unscanned" went into (its only card picked up unseen): the
		// read is dealt where the light then asks, a deal like any read.
		// A Ground's window, opened at the seat the stack was believed
		// at, moves with it, as it does after the "unscanned".
		if stopWasOpen {
			d.endStopWindow(stopSeat)
		}
		d.dealt(at)
	case c < 0 && game.TookBack(d.g.Inferences()[inferred:]):
		// A read taken back deals nothing; what it asked of the seat (a
		// Hit's two cards, a sweep) goes with it, and the card was never
		// shown there: read again, it is a stray card again, not a rider
		// seen twice.
		for _, x := range d.g.Inferences()[inferred:] {
			if x.Kind == game.InfReadTakenBack {
				delete(d.slot.shown, x.Card)
			}
		}
		d.takenBack(at)
	case e.Kind == game.EvThere:
		d.thereAgain(at)
	case e.Kind == game.EvUnscanned:
		if stopWasOpen {
			// The window was the read's, at the seat the light wrongly
			// took it for: a claim pressed there was for a Ground that
			// seat was never dealt, and must not stay asked.
			d.endStopWindow(stopSeat)
		}
		d.movedOn(e.Card, inferred, at)
	case c >= 0 && from.Zone == game.InDeck && d.g.Shown(c):
		// Read from the deck, the engine took it for a card dealt by hand
		// that its faller picked up unseen, played here: a rider shown. A
		// Skip so taken lights the seat to sweep it, and a dealer who just
		// dealt it there sees no Skip to sweep and says "not there"
		// (game.InfDealtAfterAll).
		d.riderShown(c, at)
	case c >= 0 && from.Zone != game.InDeck && (d.g.Where(c).Zone != game.InStack || d.g.Shown(c)):
		// A rider or an Extra shown; an Extra read before its rider stays
		// where it was last seen until the rider is read.
		d.riderShown(c, at)
	default:
		switch {
		case c >= 0 && (from.Zone == game.InDeck || standIn):
			d.dealtNow(c, at)
		case byHand:
			// The card read before
			// it is no longer the one just dealt, and read now it is shown
			// ("you can certainly grab the first one" of a Hit's two), not
			// read twice. (The dealer's "not there" deals nothing: the last
			// card read still is the one just dealt.)
			d.slot.justDealt, d.slot.justDealtSeq = justDealtCard{}, d.g.Applied()
		}
		d.dealt(at)
	}
	d.noteInstruction()
	if (byHand || e.Kind == game.EvUnscanned) && src == playlog.FromPanel {
		// A card dealt by hand while the reader reads: ask for it while
		// it is on top.
		d.wantIdentify()
	}
	d.maybeIdentify(at)
}

// movedOn follows the dealer's "unscanned" said of card id: the card dealt
// unscanned is now a deal confirmed by hand at the seat the light waited
// at, and id, read again, is the deal (or the rider shown) where the light
// then asked. inferred is where the engine's inferences from it begin.
func (d *Dealer) movedOn(id string, inferred int, at time.Duration) {
	c, _ := d.g.CardIndex(id)
	for _, x := range d.g.Inferences()[inferred:] {
		// The engine's stand-in may be the card read again, replaced by
		// another: the one still standing in is the card dealt unscanned.
		if x.Kind == game.InfBlindDeal && d.g.Blind(x.Card) {
			d.say(false, "seat %d: the card dealt unscanned is confirmed by hand; %v goes on from there", d.g.Seat(x.Player), d.g.Card(c))
		}
	}
	d.unscannedLanded(inferred)
	if w := d.g.Where(c); w.Zone == game.AsRider || w.Zone == game.AsExtra {
		d.riderShown(c, at)
		return
	}
	d.dealtNow(c, at)
	d.dealt(at)
}

// unscannedLanded says which seat the card dealt unscanned landed on, a
// Ground (named so, or nothing but Grounds left in the deck) that the
// dealer dealt on past; inferred is where the engine's inferences from the
// "unscanned" begin.
func (d *Dealer) unscannedLanded(inferred int) {
	for _, x := range d.g.Inferences()[inferred:] {
		if x.Kind == game.InfLanded {
			d.say(false, "seat %d hits the ground: the card dealt unscanned was a Ground", d.g.Seat(x.Player))
		}
	}
}

// thereAgain follows the dealer's take-back of a "not there": the stack
// (or the rider) is there after all, and the seat is owed again what it
// was owed before. A card due is due now, so the beat waits for it; the
// rest is as after a read taken back (takenBack). (An imaginary Ground
// announced since finds, when its time comes, that the seat is owed
// something else: dealImaginary.)
func (d *Dealer) thereAgain(at time.Duration) {
	if in := d.g.Next(); in.Action == game.ActDeal && !in.Imaginary {
		d.slot.open, d.slot.since = true, at
	}
	d.takenBack(at)
}

// namedCard is the card the engine took a rider or an Extra named at
// player p's turn for: p's rider, or its last Extra of that kind, or an
// Extra shown with no rider yet (held for its rider, it is no Extra of
// p's until the rider is read). -1 if none.
func (d *Dealer) namedCard(p int, k game.Kind) int {
	if r := d.g.Rider(p); r >= 0 && d.g.Card(r).Kind == k {
		return r
	}
	xs := d.g.Extras(p)
	for i := len(xs) - 1; i >= 0; i-- {
		if d.g.Card(xs[i]).Kind == k {
			return xs[i]
		}
	}
	for c := range d.g.NumCards() {
		if d.g.Card(c).Kind == k && d.g.Shown(c) && !slices.Contains(xs, c) {
			return c
		}
	}
	return -1
}

// dealtNow notes card c, read at at, as the card just dealt.
func (d *Dealer) dealtNow(c int, at time.Duration) {
	d.slot.justDealt, d.slot.justDealtSeq = justDealtCard{card: c + 1, beat: d.beat.count, at: at}, d.g.Applied()
}

// dealtSinceRead reports whether a card was dealt after the read of card
// x that a misread has just dealt after all (the inferences before
// inferred hold that read). The misread made those deals again, after x
// (game's takeBackRead): the last of them, read or confirmed by hand, is
// still the card just dealt, and read again a moment later it is the same
// card read twice, not a rider played at the seat lit next.
func (d *Dealer) dealtSinceRead(x, inferred int) bool {
	inf := d.g.Inferences()[:inferred]
	for i := len(inf) - 1; i >= 0; i-- {
		if k := inf[i].Kind; inf[i].Card == x && (k == game.InfRiderPlayed || k == game.InfExtraPlayed) {
			// Seq is Applied() before the read counted; justDealtSeq is
			// Applied() just after the deal.
			return d.slot.justDealtSeq > inf[i].Seq+1
		}
	}
	// An Extra read before its rider is no play inferred: the deals made
	// again after it leave the last of them the engine's pending deal.
	_, c, _, ok := d.g.PendingDeal()
	return ok && c != x
}

// inferredCard is the card of inf's first inference of kind k, or -1.
func inferredCard(inf []game.Inference, k game.InferenceKind) int {
	for _, x := range inf {
		if x.Kind == k {
			return x.Card
		}
	}
	return -1
}

// shownTakenBack is the card of the read inf[from:] takes back that a
// misread had just made shown after all (game.ShownTakenBack), or -1.
func shownTakenBack(inf []game.Inference, from int) int {
	for i := from; i < len(inf); i++ {
		if game.ShownTakenBack(inf, i) {
			return inf[i].Card
		}
	}
	return -1
}

// dealtAfterAllOf reports whether inf, the inferences right after a read
// of card c taken back, begins with c dealt after all.
func dealtAfterAllOf(inf []game.Inference, c int) bool {
	return len(inf) > 0 && inf[0].Kind == game.InfDealtAfterAll && inf[0].Card == c
}

// takenBack puts the beat and the lights back to what is due now that a
// read is taken back. A card the beat asked for since the read may have
// been asked only because of it (the beat swept the stray Skip and lit the
// next seat): once the read is gone, only a card still to deal is due, and
// a beat that stopped to wait for one that is not goes on, else the hand
// waits for ever for a card nothing asks for (beginner seed 497 of the
// real dealer's messy run). The seat addressed shows its deal once its
// beat has come, and every other light is off.
func (d *Dealer) takenBack(at time.Duration) {
	if in := d.g.Next(); in.Action != game.ActDeal || in.Imaginary {
		d.slot.open = false
	}
	if !d.slot.open && !d.beat.running && d.phase == PhaseDealing && !d.stop.open {
		d.restartBeat(at + d.period())
	}
	d.restoreLights()
}

// readAgainPastGone is the card inf, the inferences of one observation,
// takes back and deals again past a stack said not there (game's "not
// there" said just after an "unscanned", of the stack the read went
// into), -1 if none: no stray card, but the deal where the table has it.
// The stack gone is the read's own faller's: a read taken back and
// another faller's stack gone in one observation (a misread making again
// a "not there" said since) are no such pair.
func readAgainPastGone(g *game.Game, inf []game.Inference) int {
	for i, x := range inf {
		if x.Kind != game.InfReadTakenBack || g.Where(x.Card).Zone == game.InDeck {
			continue
		}
		if slices.ContainsFunc(inf[i+1:], func(y game.Inference) bool { return y.Kind == game.InfStackGone && y.Player == x.Player }) {
			return x.Card
		}
	}
	return -1
}

// shownFromDeck reports whether inf holds card x shown after all from the
// deck (game.InfShownAfterAll): a rider read as a seat's turn began and
// taken for its deal, which the dealer saw lying as the seat's rider.
func shownFromDeck(inf []game.Inference, x int) bool {
	for _, i := range inf {
		if i.Kind == game.InfShownAfterAll && i.Card == x {
			return i.From.Zone == game.InDeck
		}
	}
	return false
}
