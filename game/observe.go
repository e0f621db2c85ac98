package game

import "slices"

// At a real table the engine sees only scans, presses and the dealer's
// confirmations. observe turns each into the full-information events it
// implies, following "What the table can see, and what it must infer" in
// product.md, and writes down every inference so the end-of-hand audit and
// the referee can check it.

// observe applies a table observation. One scan may imply several moves
// (a sweep, a Ground landing, then a deal); if the last of them is refused
// the whole observation must leave no trace, so it works on a saved copy.
func (g *Game) observe(e Event) error {
	if g.undo == nil {
		g.undo = &Game{}
	}
	// The hand kept before the last read (keepDealt) is left out of the
	// saved copy: no refused observation changes it.
	readWin := g.table.readWin
	g.copyBare(g.undo)
	// A read that may be taken back stays so through the sweeps it called
	// (the dealer sweeps on the beat, which may come before the dealer
	// has said misread), and no further.
	// So does a deal read, for the dealer to say the card before it went
	// unscanned.
	in := g.Next()
	sweep := e.Kind == EvConfirm && e.As == NoKind && (in.Action == ActSweep || in.Action == ActPass)
	// A read lateRun may take (it leaves backAt changed when it does).
	late := e.Kind == EvScan && g.current(g.table.backAt)
	// The hand before an "unscanned", whole (its read window open, so
	// that read may be said unscanned again once this one is taken back).
	var unsaid *Game
	if e.Kind == EvUnscanned {
		if g.table.unsaidSpare == nil {
			g.table.unsaidSpare = &Game{}
		}
		unsaid = g.table.unsaidSpare
		g.copyTo(unsaid)
	}
	// The Stop window of a Ground read again after an "unscanned" closing:
	// the dealer is asked for the card it stood in only now (a read in the
	// window would be a Stop shown), and it may be a Ground that landed.
	landing := e.Kind == EvStopClosed && in.Action == ActLand && g.table.readWin.again && g.pend.active && g.pend.card == g.table.readWin.card
	err := g.observe1(e)
	if err != nil {
		undo := g.undo
		undo.copyTo(g)
		g.undo = undo
		g.table.readWin = readWin
		return err
	}
	kept := g.keepBefore(e)
	// A faller's button moves nothing: a press (a mash, a claim for the
	// Ground the read was wrongly dealt) leaves the read to be taken back,
	// or said unscanned.
	if sweep || e.Kind == EvPress {
		g.holdOpen(&g.table.beforeUntil)
		g.holdOpen(&g.table.goneUntil)
		g.holdOpen(&g.table.unsaidUntil)
	}
	// A deal made at the seat of a rider (or an Extra) read from the deck
	// as its turn began leaves the read to be taken back too: the dealer's hold may
	// have judged a deal a card shown (the next card came at once: the
	// second of two dealt at once, say), and the dealer sees the rider
	// on the screen, not at the seat, only once the light asks for what
	// it deals. A misread makes those deals again (takeBackRead).
	if !kept && g.dealtAtRead(in, e) && g.holdOpen(&g.table.beforeUntil) {
		g.table.beforeSince = append(g.table.beforeSince, e)
	}
	g.keepIdent(e)
	if (sweep || e.Kind == EvPress || landing) && g.holdOpen(&g.table.readWin.until) {
		g.table.readWin.landed = g.table.readWin.landed || landing
	}
	g.keepDealt(e, late && g.table.backAt != g.applied, readWin)
	g.keepGone(e)
	g.keepUnsaid(e, unsaid)
	return nil
}

// keepUnsaid keeps the hand as it was before this observation, unsaid, if
// it was an "unscanned" that left the hand going: a dealer who pressed it
// by mistake (l, say, beside k) takes it back (unscannedTakenBack).
func (g *Game) keepUnsaid(e Event, unsaid *Game) {
	t := &g.table
	if e.Kind != EvUnscanned || g.winner >= 0 {
		return
	}
	// Its windows stay as they were (no goesNowhere): taken back, the
	// hand is as it was, what could be said of it then included.
	t.unsaid, t.unsaidSpare = unsaid, t.unsaid
	t.unsaidUntil, t.unsaidCard = g.applied+1, g.index[e.Card]
}

// unscannedTakenBack is the dealer taking back the "unscanned" they just
// said: no card was dealt unscanned before the read, which stays where it
// was first taken. The hand goes back to before it was said (only sweeps
// the beat confirmed, and buttons pressed, may have followed), the read's
// window open again for an "unscanned" said right. Anything else is
// refused with nothing changed, a take-back naming another card than the
// one the "unscanned" was said of among it.
func (g *Game) unscannedTakenBack(id string) error {
	t := &g.table
	if t.unsaid == nil || !g.current(t.unsaidUntil) {
		return refuse(RuleCardNotExpected, "no card was just said dealt unscanned")
	}
	if c, ok := g.index[id]; !ok || c != t.unsaidCard {
		return refuse(RuleCardNotExpected, "the last unscanned was said of %s, not %s", g.cards[t.unsaidCard].ID, id)
	}
	c, kept := t.unsaidCard, t.unsaid
	// kept's own "unscanned" (said just before this one) is copied into
	// the spare, not into kept while it is being copied from: two said in
	// a row, the hand came back with the first one's guesses and could not
	// take it back too. kept is the spare memory afterwards.
	t.unsaid, t.unsaidSpare = t.unsaidSpare, nil
	g.goBack(kept)
	g.table.unsaidSpare = kept
	// What could be said of that hand may be said again (the read said
	// unscanned rightly, a misread of it): its open windows stay open.
	for _, w := range g.table.windows() {
		if *w != 0 && *w == kept.applied {
			*w = g.applied + 1
		}
	}
	// The faller concerned: where the read lies again, as first taken.
	g.infer(InfUnscannedTakenBack, c, g.where[c].Player, Place{})
	return nil
}

// UnscannedToTakeBack is the card the dealer's last "unscanned" was said
// of, while a take-back (UnscannedTakenBack) would be taken now.
func (g *Game) UnscannedToTakeBack() (string, bool) {
	if t := &g.table; t.unsaid != nil && g.current(t.unsaidUntil) {
		return g.cards[t.unsaidCard].ID, true
	}
	return "", false
}

// holdOpen keeps a window open through the observation being applied (a
// sweep the beat confirmed, a button pressed), if it was open: until is
// moved on to Applied() once Apply counts it. It reports whether it was.
func (g *Game) holdOpen(until *uint64) bool {
	if !g.current(*until) {
		return false
	}
	*until = g.applied + 1
	return true
}

// keepGone keeps the hand as it was before this observation if it was a
// "not there" that named a stack or a rider gone (stackGone marks it): a
// faller whose stack is right there says so, and the dealer takes it back
// (thereAfterAll).
func (g *Game) keepGone(e Event) {
	t := &g.table
	if e.Kind != EvStackGone || e.Card != "" || t.goneUntil != g.applied+1 {
		return
	}
	if n := len(t.inferred); n > 0 && t.inferred[n-1].Kind == InfReadTakenBack && t.inferred[n-1].Seq == g.applied {
		// This "not there" took a read back (takeBack), which opened
		// again the window of the one before it: that hand stays kept.
		return
	}
	t.gone, g.undo = g.undo, t.gone
	t.gone.table.goesNowhere()
}

// thereAfterAll is the dealer taking back the "not there" they just said
// of a stack or a rider: a faller points at it, there after all. The hand
// goes back to before it was said (only sweeps the beat confirmed, and
// buttons pressed, may have followed), and the light asks again for the
// card that stack is owed, or for the rider to be swept or left. Anything
// else is refused with nothing changed.
func (g *Game) thereAfterAll() error {
	t := &g.table
	if t.gone == nil || !g.current(t.goneUntil) {
		return refuse(RuleCardNotExpected, "no stack or rider was just said not there")
	}
	p := t.goneFrom
	g.goBack(t.gone)
	g.infer(InfGoneTakenBack, -1, p, Place{})
	return nil
}

// GoneToTakeBack is the seat a take-back from the dealer would say is there
// after all now (ThereAfterAll): the one a "not there" was just said of,
// only sweeps confirmed and buttons pressed since.
func (g *Game) GoneToTakeBack() (int, bool) {
	if t := &g.table; t.gone != nil && g.current(t.goneUntil) {
		return g.Seat(t.goneFrom), true
	}
	return 0, false
}

// keepDealt keeps the hand as it was before this observation, e, if it was
// a read: a dealer who dealt the card before it without scanning it, and
// dealt on past the light that waited for it, sees the light ask again
// for the seat just dealt to (or for the rider just shown at the next
// seat, at the seat before it), and says so (dealtUnscanned).
//
// A late read (lateRun) is no such read: it is taken at the address the
// beat had just ended, behind the light, which lags no seat behind it.
// was is the window before e: read again after an "unscanned", the read is
// still what the dealer judged it (ScanDealt).
func (g *Game) keepDealt(e Event, late bool, was readWindow) {
	t := &g.table
	c, ok := g.index[e.Card]
	if e.Kind == EvUnscanned && ok && g.winner >= 0 {
		// The card dealt unscanned ended the hand (landedDealtOn): the
		// read was dealt after the end, and nothing is kept.
		t.readWin.until = 0
		return
	}
	if e.Kind == EvUnscanned && ok {
		// Read again after the card dealt unscanned: the hand before this
		// read is the one dealtUnscanned kept, for another card dealt
		// unscanned before it; the hand before that card's stand-in,
		// again, for the stand-in read and found a Ground
		// (landUnscanned).
		t.dealt, t.again, t.spare = t.spare, t.dealt, t.again
		t.readWin = readWindow{until: g.applied + 1, card: c, again: true, dealt: was.dealt}
		return
	}
	if e.Kind != EvScan || !ok {
		return
	}
	if late {
		t.readWin = readWindow{}
		return
	}
	// The saved copy is the hand before the read: kept as it is, and its
	// memory reused for the next observation's.
	t.dealt, g.undo = g.undo, t.dealt
	t.dealt.table.goesNowhere()
	t.readWin = readWindow{until: g.applied + 1, card: c, dealt: e.Dealt} // Apply counts this observation once it is done
}

// dealtUnscanned is the dealer's "unscanned" said of card id, the card
// just read: the light lags a seat behind, because the card due before it
// was dealt without being scanned, and the read was taken for that one (a
// deal) or for a rider played at the seat still waiting for it (the next
// seat's rider, shown as its turn begins). The hand goes back to before
// the read; the card dealt unscanned is confirmed by hand (a blind deal:
// which card it was is a guess, until it is read while it lies on top), and
// id is read again where the light then asks. The sweeps the beat confirmed since the
// read are confirmed again before the blind deal, and what is due after
// the read is planned afresh. as is what the dealer saw the card dealt
// unscanned was: Ground (GroundDealtUnscanned) stands in a Ground of the
// deck's, which lands, since the dealer dealt on past it; NoKind "a card".
// Anything else is refused with nothing changed.
func (g *Game) dealtUnscanned(id string, as Kind) error {
	if as != NoKind && as != Ground {
		return refuse(RuleBadEvent, "a %v dealt unscanned: only a Ground is named", as)
	}
	t := &g.table
	c, ok := g.index[id]
	if !ok || t.dealt == nil || !g.current(t.readWin.until) || t.readWin.card != c {
		return refuse(RuleCardNotExpected, "%s is not the card just read", id)
	}
	if t.readWin.landed {
		return refuse(RuleCardNotExpected, "%s landed since it was read", id)
	}
	dealt := t.readWin.dealt
	g.goBackBeforeRead(t.dealt)
	if err := g.confirmSweeps(); err != nil {
		return err
	}
	if in := g.Next(); in.Action != ActDeal || in.Imaginary {
		return refuse(RuleCardNotExpected, "%s: no card was due before it (%v)", id, in)
	}
	// Named a Ground, the stand-in is a Ground of the deck's, and lands
	// below.
	if err := g.confirmNamed(as); err != nil {
		return err
	}
	if g.pend.active && g.pend.card == c && g.cards[c].Kind == Ground {
		// The stand-in is the very card to read again, a Ground (the deck
		// holds nothing else): another Ground stands in, since it lands
		// before the read.
		if d := g.otherGround(c); d < 0 || !g.standInFor(c, d) {
			return refuse(RuleCardNotExpected, "%s: no other card was left to deal before it", id)
		}
	}
	if g.landedDealtOn() {
		return nil
	}
	if t.spare == nil {
		t.spare = &Game{}
	}
	g.copyBare(t.spare)
	t.spare.table.goesNowhere()
	return g.scanRead(c, dealt)
}

// goBackBeforeRead goes back to kept, the hand just before a read, for an
// "unscanned" said of that read. A read that came in a Ground's Stop
// window and was no Stop landed that Ground first (scan: the dealer dealt
// on past the window, "If you receive one of these, you are immediately
// out"), so the card dealt unscanned came after the landing: it lands
// again here (the read's InfLanded stands), and the light asks for the
// card the dealer dealt unscanned, not for the window the read closed.
func (g *Game) goBackBeforeRead(kept *Game) {
	in := kept.Next()
	landed := in.Action == ActLand && g.players[in.Player].out
	g.goBack(kept)
	if landed {
		g.land()
	}
}

// confirmSweeps confirms again the sweeps that end the address under way,
// which the beat confirmed after a read the hand has gone back to before.
func (g *Game) confirmSweeps() error {
	for i := 0; i < 8; i++ {
		in := g.Next()
		if (in.Action != ActSweep && in.Action != ActPass) || in.First {
			return nil
		}
		if err := g.confirm(); err != nil {
			return err
		}
	}
	return nil
}

// unscannedGround reports whether card s, a card dealt by hand on top of
// a stack of faller p, is the one the dealer's last "unscanned" stood in
// (dealtUnscanned), with only sweeps confirmed and buttons pressed since.
// (One buried since, under the card read again, a Hit's second, is never
// asked for.)
func (g *Game) unscannedGround(p, s int) bool {
	t := &g.table
	if !t.readWin.again || !g.current(t.readWin.until) || t.dealt == nil || t.again == nil {
		return false
	}
	// The stand-in may have been swapped since for another deck card (it
	// was the very card read again): it is the card lying where the deal
	// confirmed by hand put it.
	pend := t.dealt.pend
	return pend.active && pend.player == p && pend.card >= 0 && t.dealt.where[pend.card] == g.where[s]
}

// unscannedGroundRead reports whether e, the reader's answer for a card
// dealt by hand, is a Ground read for the stand-in the dealer's last
// "unscanned" made (unscannedGround): that card, dealt unscanned, was a
// Ground; p is its faller and c the Ground.
func (g *Game) unscannedGroundRead(e Event) (p, c int, ok bool) {
	p = g.PlayerAt(e.Seat)
	c, ok = g.index[e.Card]
	if p < 0 || !ok || g.cards[c].Kind != Ground {
		return p, c, false
	}
	s := g.standInFound(p, c)
	return p, c, s >= 0 && s != c && g.cards[s].Kind != Ground && g.unscannedGround(p, s)
}

// landUnscanned is the card the dealer's "unscanned" stood in, read while
// it lies on top (identify), found to be a Ground, c. The dealer dealt on
// past it, so no Stop was shown in its window and it landed: "GROUND: If
// you receive one of these, you are immediately out." The hand goes back
// to before the stand-in was dealt, deals c to the seat as if read in its
// time, lands it, and reads again the card read after it, which now goes
// where the light then asks (the next seat, not the one now out). If its
// landing ends the hand, that card was dealt after the end and belongs to
// no one.
func (g *Game) landUnscanned(p, c int) error {
	t := &g.table
	read, landed, dealt := t.readWin.card, t.readWin.landed, t.readWin.dealt
	g.goBackBeforeRead(t.again)
	if err := g.confirmSweeps(); err != nil {
		return err
	}
	if in := g.Next(); in.Action != ActDeal || in.Player != p || in.Imaginary {
		return refuse(RuleCardNotExpected, "%v read for the card dealt unscanned to seat %d, which the light no longer asks for (%v)", g.cards[c], g.players[p].seat, in)
	}
	if err := g.scan(c, g.passes); err != nil {
		return err
	}
	g.infer(InfUnscannedGround, c, p, g.where[c])
	if g.landedDealtOn() {
		return nil
	}
	if err := g.scanRead(read, dealt); err != nil || !landed {
		return err
	}
	// The card read again was a Ground whose window closed since: it
	// lands again where it now went.
	g.landedDealtOn()
	return nil
}

// otherGround is a Ground in the deck other than c, or -1.
func (g *Game) otherGround(c int) int {
	for _, x := range g.deck {
		if x != c && g.cards[x].Kind == Ground {
			return x
		}
	}
	return -1
}

// landedDealtOn lands the Ground just dealt to a seat, if it was one: the
// dealer dealt on past it without scanning it, so no Stop was shown in its
// window ("GROUND: If you receive one of these, you are immediately out").
// A plain stand-in is never a Ground but where the deck holds nothing
// else. It reports whether that ended the hand: the card read after it was
// dealt after the end, and belongs to no one.
func (g *Game) landedDealtOn() bool {
	if in := g.Next(); in.Action == ActLand {
		g.infer(InfLanded, g.pend.card, in.Player, Place{})
		g.land()
	}
	return g.winner >= 0
}

// UnscannedBefore is the card an "unscanned" from the dealer would be said
// of now (DealtUnscanned): the one just read, only sweeps confirmed and
// buttons pressed since.
func (g *Game) UnscannedBefore() (string, bool) {
	if t := &g.table; t.dealt != nil && g.current(t.readWin.until) && !t.readWin.landed {
		return g.cards[t.readWin.card].ID, true
	}
	return "", false
}

// keepBefore keeps the hand as it was before this observation, e, if it
// was taken for a rider or an Extra played unseen (an inference it made:
// Seq is Applied() before Apply counts it), or was an Extra shown with no
// rider yet: a stray card or a second read looks exactly like one, and only
// the dealer, finding nothing at the seat, can tell.
func (g *Game) keepBefore(e Event) bool {
	t := &g.table
	inf := t.inferred
	read := e.Kind == EvScan || e.Kind == EvUnscanned // a card read again is read too
	// Read again after an "unscanned", the hand before the read is the
	// deal confirmed by hand (dealtUnscanned's spare), not the wrong read
	// the saved copy holds.
	from := g.undo
	if e.Kind == EvUnscanned {
		from = t.spare
	}
	// Read just after an Identify of the same card: the dealer's hold
	// telling a read it judged a card shown, picked up unseen. Both were
	// that one judgement, and a misread takes both back.
	if c, ok := g.index[e.Card]; ok && e.Kind == EvScan && g.current(t.identAt) && t.identCard == c {
		from = t.ident
	}
	found := -1
	for i := len(inf) - 1; i >= 0 && inf[i].Seq == g.applied; i-- {
		if k := inf[i].Kind; k != InfRiderPlayed && k != InfExtraPlayed {
			continue
		}
		// The card read, if this read also put Extras read before it on
		// it; else the last.
		if found < 0 || (read && g.cards[inf[i].Card].ID == e.Card) {
			found = i
		}
	}
	if found >= 0 {
		g.keep(from, inf[found], false)
		return true
	}
	if !read || !g.addr.active {
		return false
	}
	if c, ok := g.index[e.Card]; ok && g.cards[c].Kind == Extra && g.where[c] != (Place{Zone: AsExtra, Player: g.addr.player}) && slices.Contains(t.shown, c) {
		g.keep(from, Inference{Kind: InfExtraPlayed, Card: c, Player: g.addr.player, From: g.where[c], Seq: g.applied}, true)
		return true
	}
	return false
}

// keepIdent keeps the hand as it was before this observation if it was an
// Identify of a card: the read of that card next may be the dealer's hold
// telling a card shown (keepBefore).
func (g *Game) keepIdent(e Event) {
	t := &g.table
	c, ok := g.index[e.Card]
	if e.Kind != EvIdentify || !ok {
		return
	}
	if t.ident == nil {
		t.ident = &Game{}
	}
	g.undo.copyTo(t.ident)
	t.ident.table.goesNowhere()
	t.identAt, t.identCard = g.applied+1, c // Apply counts this observation once it is done
}

// dealtAtRead reports whether e, just applied with in the instruction
// before it, was a deal at the seat of the read kept in before (a rider
// or an Extra read as its turn began, an Extra waiting for its rider
// included: the next card read at once made the hold take a deal for
// it), while that read may still be taken back: a card read and dealt
// there, or a deal confirmed by hand there.
func (g *Game) dealtAtRead(in Instruction, e Event) bool {
	t := &g.table
	if t.before == nil || !g.current(t.beforeUntil) || (t.beforeRead.Kind != InfRiderPlayed && t.beforeRead.Kind != InfExtraPlayed) ||
		in.Action != ActDeal || in.Player != t.beforeRead.Player {
		return false
	}
	// Only a read that could be that seat's deal after all (dealtAfterAll).
	b, c, p := t.before, t.beforeRead.Card, t.beforeRead.Player
	if !b.mayBeDealtAt(c, p) {
		return false
	}
	// Nor a read taken before the light asked for that seat's first card
	// (a sweep before it still due, say): dealtAfterAll deals it there
	// only then, so its misread, deals since, would only be refused.
	if bn := b.Next(); bn.Action != ActDeal || !bn.First || bn.Player != p {
		return false
	}
	switch e.Kind {
	case EvScan:
		c, ok := g.index[e.Card]
		return ok && g.where[c].Zone == InStack && g.where[c].Player == in.Player
	case EvConfirm:
		// A card dealt by hand (a deal with no card left in the deck, an
		// imaginary Ground confirmed, is none).
		n := len(t.inferred)
		return e.As == NoKind && n > 0 && t.inferred[n-1].Kind == InfBlindDeal && t.inferred[n-1].Seq == g.applied
	}
	return false
}

// keep keeps the hand as it was before the observation being applied,
// from, which took read.
func (g *Game) keep(from *Game, read Inference, held bool) {
	t := &g.table
	if t.before == nil {
		t.before = &Game{}
	}
	from.copyTo(t.before)
	t.before.table.goesNowhere()
	t.beforeAt = g.applied + 1 // Apply counts this observation once it is done
	t.beforeUntil = t.beforeAt
	t.beforeRead, t.beforeHeld = read, held
	t.beforeGone = from.current(from.table.goneUntil)
	t.beforeSince = t.beforeSince[:0]
}

// takeBack answers the dealer's "not there" said right after a read was
// taken for a rider (or an Extra) played at the seat now addressed, while
// the light asks nothing of a stack (a sweep, a pass, a new stack): the
// dealer has just been told of a card lying there, and finds none. So the
// read was a stray card, or a card read twice ("the same card scanned
// twice, a card scanned that should not be there: a warning sound and
// message, the event is logged, the game state does not move",
// product.md), and the hand goes back to before it; or, a card from the
// deck taken for the seat's own card said picked up, the deal just made
// there (dealtAfterAll). It reports whether it took the read back. Where the light deals into a stack, "not there"
// means the stack; the dealer's "misread" names the read (takeBackRead).
func (g *Game) takeBack() bool {
	read, ok := g.lastRead()
	if !ok || g.table.beforeHeld {
		return false
	}
	if in := g.Next(); !(in.Action == ActSweep || in.Action == ActPass || (in.Action == ActDeal && in.NewStack)) {
		return false
	}
	g.undoRead(read)
	g.dealtAfterAll(read)
	return true
}

// dealtAfterAll follows the dealer's "not there" (or misread) that took
// back read: a card the engine believed in the deck, or the stand-in for
// the seat's own card dealt by hand said picked up, taken for that card
// played as the seat's turn began (a rider, or an Extra, on a rider or
// waiting for one). Told to sweep (or leave) it, to deal on it, or to show
// the rider an Extra lies on, the dealer found no such card there, so it
// is the deal they had just made to that seat. A Skip
// or a Chute most of all: shown, it deals nothing, so nothing follows it,
// as nothing follows a deal, and the dealer's hold cannot tell the two
// apart (PlayedUnseen); the light asking to sweep a Skip they just dealt
// can. The deal is made as a read judged dealt (ScanDealt), or not at all.
func (g *Game) dealtAfterAll(read Inference) bool {
	c, p := read.Card, read.Player
	in := g.Next()
	if (read.Kind != InfRiderPlayed && read.Kind != InfExtraPlayed) || in.Action != ActDeal || !in.First || in.Player != p ||
		!g.mayBeDealtAt(c, p) {
		return false
	}
	try := g.Clone()
	if try.scanRead(c, true) != nil {
		return false
	}
	if g.scanRead(c, true) != nil {
		return false // not reached: the copy took it
	}
	// A card dealt ends the take-back of a "not there" said before the
	// read, which undoRead opened again for a stray (thereAfterAll): going
	// back to before it would put this card back in the deck.
	g.table.goneUntil = 0
	g.infer(InfDealtAfterAll, c, p, g.where[c])
	return true
}

// mayBeDealtAt reports whether card c, read as player p's turn began and
// taken for a card played there, may have been p's deal instead: a card
// the engine believed in the deck, p's own card dealt by hand said picked
// up, or a stand-in for another card dealt by hand, whose place is only a
// guess (as the dealer's hold has it: PlayedUnseen). A card it knows
// elsewhere (one on top of a stack, read again) is no deal.
func (g *Game) mayBeDealtAt(c, p int) bool {
	if c < 0 || c >= len(g.where) {
		return false
	}
	if g.where[c].Zone == InDeck {
		return true
	}
	// (A hand kept before the hand's first observation has no record of
	// cards dealt by hand: none was.)
	if len(g.table.loose) != len(g.cards) || len(g.table.blind) != len(g.cards) {
		return false
	}
	return g.pickedUp(c, p, g.turnPass(p)) || g.where[c].Zone == InStack && g.table.blind[c]
}

// takeBackRead is the dealer's "misread" said of the card just read and
// taken for a rider or an Extra played at the seat now addressed, or for
// an Extra on the rider to come (NotThereRead): whatever the light asks
// next, even a deal into a stack that is there, the read is taken back.
// A card from the deck taken for the seat's own card picked up is the
// deal after all, as on "not there" (dealtAfterAll): the README bids the
// dealer say misread of a rider named that they do not see, and once the
// beat has confirmed a Skip's sweep only misread still names the read.
// Anything else is refused with nothing changed.
//
// Said after deals were made at that seat since the read (beforeSince: the
// dealer's hold judged a deal a card shown, because the next card came at
// once, and the dealer sees the rider on the screen only once the light
// asks for what it deals), the read is that seat's deal after all, and the
// deals made since are made again, judged dealt (ScanDealt), where the
// light then asks; if any cannot be, nothing changes.
//
// Said of a read the hold judged dealt instead (heldDealt), it is the
// mirror: the read was a card shown after all (shownAfterAll).
func (g *Game) takeBackRead(id string) error {
	read, ok := g.namedRead()
	if c, dealt := g.heldDealt(); (!ok || g.cards[read.Card].ID != id) && dealt && g.cards[c].ID == id {
		return g.shownAfterAll(c)
	}
	if c, dealt := g.riderDealtFromDeck(); !ok && dealt && g.cards[c].ID == id {
		return g.shownFromDeck(c)
	}
	if !ok || g.cards[read.Card].ID != id {
		return refuse(RuleCardNotExpected, "%s is not a card just read as played at the seat addressed", id)
	}
	since := slices.Clone(g.table.beforeSince)
	g.undoRead(read)
	if !g.dealtAfterAll(read) && len(since) > 0 {
		return refuse(RuleCardNotExpected, "%s, taken back, cannot be the deal at seat %d, and %d cards were dealt there since", id, g.players[read.Player].seat, len(since))
	}
	g.table.remaking = true
	defer func() { g.table.remaking = false }()
	for _, e := range since {
		var err error
		switch e.Kind {
		case EvScan:
			err = g.scanRead(g.index[e.Card], true)
		case EvConfirm:
			// A card dealt by hand, made again where the light asks for no
			// card, would confirm what it asks instead (a Chute left, a
			// Stop shown in a Ground's window), and the card put down
			// would be lost.
			in, n := g.Next(), len(g.table.inferred)
			if in.Action != ActDeal {
				err = refuse(RuleCardNotExpected, "a card dealt by hand, where the light asks: %v", in)
				break
			}
			err = g.confirm()
			if err == nil && !slices.ContainsFunc(g.table.inferred[n:], func(x Inference) bool { return x.Kind == InfBlindDeal }) {
				err = refuse(RuleCardNotExpected, "a card dealt by hand, where the light asks for none: %v", in)
			}
		}
		if err != nil {
			return refuse(RuleCardNotExpected, "%s taken back, the deals made since at seat %d cannot be made again: %v", id, g.players[read.Player].seat, err)
		}
	}
	return nil
}

// heldDealt is the card just read, only sweeps confirmed and buttons
// pressed since, if the dealer's hold judged it the deal (ScanDealt) where
// it may have been a card dealt by hand that a faller picked up unseen,
// shown as their turn began (PlayedUnseen, in the hand before the read);
// or if the engine took it for a deal, an Extra read just after its
// seat's rider was shown, where it may have been such a card laid on that
// rider (ExtraShownUnseen).
func (g *Game) heldDealt() (int, bool) {
	t := &g.table
	w := t.readWin
	if t.dealt == nil || !g.current(w.until) || w.again || w.landed {
		return -1, false
	}
	return w.card, t.dealt.shownUnseen(w.card, w.dealt) != 0
}

// shownUnseen is the seat of the faller whose card dealt by hand c, read
// and taken for a deal in this hand (the hand before that read), may have
// been, shown there: judged dealt by the dealer's hold (PlayedUnseen), or
// an Extra read as the first deal after its rider, which no hold judges
// (ExtraShownUnseen). 0 for none.
func (g *Game) shownUnseen(c int, judged bool) int {
	if judged {
		return g.PlayedUnseen(c)
	}
	return g.ExtraShownUnseen(c)
}

// shownAfterAll is the dealer's misread said of card c, just read and
// judged the deal by the dealer's hold (heldDealt): the hold judged it
// wrong. Shown as the turn began, the card was the one dealt by hand that
// a faller picked up unseen, played there, and its deal followed unread:
// the light, gone on to the next seat, runs a card ahead of the table. The
// hand goes back to before the read and takes it as the hold would have
// had another read followed it at once: the card dealt by hand identified
// as this one (identify), then the read, a card played. The deal it hid is
// still due, and the dealer confirms it by hand. If the read cannot be so
// taken, nothing changes. So too for an Extra read just after its seat's
// rider and taken for the rider's first card (ExtraShownUnseen), said
// before that card is dealt: it lay on the rider, and the rider's cards,
// with the Extra's, are all still due.
func (g *Game) shownAfterAll(c int) error {
	t := &g.table
	id := g.cards[c].ID
	seat := t.dealt.shownUnseen(c, t.readWin.dealt)
	g.goBack(t.dealt)
	if err := g.identify(seat, id); err != nil {
		return refuse(RuleCardNotExpected, "%s, judged dealt, cannot be the card dealt by hand to seat %d: %v", id, seat, err)
	}
	n := len(t.inferred)
	if err := g.scanRead(c, false); err != nil {
		return refuse(RuleCardNotExpected, "%s, judged dealt, cannot be a card shown: %v", id, err)
	}
	i := slices.IndexFunc(t.inferred[n:], func(x Inference) bool {
		return x.Card == c && (x.Kind == InfRiderPlayed || x.Kind == InfExtraPlayed)
	})
	if i < 0 {
		return refuse(RuleCardNotExpected, "%s, judged dealt, is not taken for a card shown there", id)
	}
	x := t.inferred[n+i]
	g.infer(InfShownAfterAll, c, x.Player, x.From)
	return nil
}

// riderDealtFromDeck is the card just read, only sweeps confirmed and
// buttons pressed since, if the engine took it for the deal as a seat's
// turn began, a rider it believed in the deck, the seat having none: what
// the dealer sees lying as that seat's rider, the screen has dealt into
// its stack. Not a read the dealer's hold judged dealt: that is the
// dealer's own judgement of it, which their misread turns only into the
// card dealt by hand they held it for (heldDealt; TestMisreadJudgedDealtRefused).
func (g *Game) riderDealtFromDeck() (int, bool) {
	t := &g.table
	w := t.readWin
	if t.dealt == nil || !g.current(w.until) || w.again || w.landed || w.dealt {
		return -1, false
	}
	c, b := w.card, t.dealt
	if !g.cards[c].Kind.IsRider() || b.where[c].Zone != InDeck {
		return -1, false
	}
	in := b.Next()
	starting := in.First || (b.addr.active && b.addr.player == in.Player && b.addr.done == 0)
	if in.Action != ActDeal || !starting || b.players[in.Player].rider >= 0 {
		return -1, false
	}
	if x := g.where[c]; x.Zone != InStack || x.Player != in.Player {
		return -1, false
	}
	return c, true
}

// shownFromDeck is the dealer's misread said of card c, a rider just read
// as a seat's turn began and taken for its deal (riderDealtFromDeck): it
// lies as that seat's rider, not in a stack. "Riders ... must be played
// horizontally between a player and the dealer": the dealer sees which.
// It never left the deck on the record, so it went unread: dealt without
// a scan where the light did not lag for it (one card to each of two
// fallers, a whole pass), picked up and played. The hand goes back to
// before the read and takes it as the rider shown, from the deck; the
// seat's cards are due as that rider says. If it cannot be so taken,
// nothing changes.
func (g *Game) shownFromDeck(c int) error {
	t := &g.table
	id := g.cards[c].ID
	g.goBack(t.dealt)
	in := g.Next()
	n := len(t.inferred)
	if err := g.riderScanned(c, in); err != nil {
		return refuse(RuleCardNotExpected, "%s, taken for a deal, cannot be seat %d's rider: %v", id, in.Seat, err)
	}
	if !slices.ContainsFunc(t.inferred[n:], func(x Inference) bool { return x.Card == c && x.Kind == InfRiderPlayed }) {
		return refuse(RuleCardNotExpected, "%s, taken for a deal, is not taken for seat %d's rider", id, in.Seat)
	}
	g.infer(InfShownAfterAll, c, in.Player, Place{Zone: InDeck})
	return nil
}

// lastRead is the read taken for a rider or an Extra played at the seat
// now addressed, or for an Extra on the rider to come, by the last
// observation, none of its cards dealt yet.
func (g *Game) lastRead() (Inference, bool) {
	t := &g.table
	if t.before == nil || t.beforeAt == 0 || t.beforeAt != g.applied || !g.addr.active || !g.addr.noneDealt() {
		return Inference{}, false
	}
	return t.beforeRead, true
}

// namedRead is the read a misread may take back: lastRead, or that read
// with only the sweeps it called applied since.
func (g *Game) namedRead() (Inference, bool) {
	t := &g.table
	if t.before == nil || t.beforeUntil == 0 || t.beforeUntil != g.applied {
		return Inference{}, false
	}
	if t.beforeUntil == t.beforeAt {
		return g.lastRead()
	}
	return t.beforeRead, true
}

// undoRead puts the hand back as it was before read was taken. The
// inferences stay as they were, the read's included, and the one taking it
// back follows: whoever follows them by index (the dealer, the audit's
// record, review) sees the play and then its retraction.
func (g *Game) undoRead(read Inference) {
	gone := g.table.beforeGone
	g.goBack(g.table.before)
	if gone {
		// A stray card read just after a "not there": with the read
		// taken back, the "not there" may be taken back too.
		g.table.goneUntil = g.applied + 1 // Apply counts this observation once it is done
	}
	g.infer(InfReadTakenBack, read.Card, read.Player, g.where[read.Card])
}

// goBack puts the hand back as kept, a hand g kept before a read, but for
// the count of events applied and the inferences, which stay as they are:
// whoever follows them by index sees what was inferred, then what follows
// from going back.
func (g *Game) goBack(kept *Game) {
	inferred := slices.Clone(g.table.inferred)
	applied := g.applied
	kept.copyTo(g)
	g.applied = applied
	g.table.inferred = append(g.table.inferred[:0], inferred...)
	g.table.fit(len(g.cards)) // a hand kept before the hand's first observation has none
}

// ReadToTakeBack is the card a "misread" from the dealer would take back
// now (NotThereRead): the one just read and taken for a rider or an Extra
// played at the seat addressed, none of its cards dealt yet; or the one
// just read that the dealer's hold judged dealt, if it would be taken for
// a card shown (shownAfterAll).
//
// Once deals were made at that seat since the read (beforeSince), the
// misread is offered only if it would be taken: each of them must be made
// again where the light then asks, and a dealer who presses it on the
// screen's word must not be told no. (Only then is the hand copied: the
// window is short.)
func (g *Game) ReadToTakeBack() (string, bool) {
	read, ok := g.namedRead()
	if !ok {
		// A read the hold judged dealt is offered only if it would be
		// taken for a card shown (shownAfterAll).
		if c, dealt := g.heldDealt(); dealt && g.Clone().Observe(NotThereRead(g.cards[c].ID)) == nil {
			return g.cards[c].ID, true
		}
		if c, dealt := g.riderDealtFromDeck(); dealt && g.Clone().Observe(NotThereRead(g.cards[c].ID)) == nil {
			return g.cards[c].ID, true
		}
		return "", false
	}
	id := g.cards[read.Card].ID
	if len(g.table.beforeSince) > 0 && g.Clone().Observe(NotThereRead(id)) != nil {
		return "", false
	}
	return id, true
}

func (g *Game) observe1(e Event) error {
	if g.winner >= 0 {
		return refuse(RuleGameOver, "%v", e)
	}
	g.table.fit(len(g.cards))
	if e.Dealt && e.Kind != EvScan {
		return refuse(RuleBadEvent, "%v judged dealt: only a card read is", e)
	}
	switch e.Kind {
	case EvScan:
		c, ok := g.index[e.Card]
		if !ok {
			return refuse(RuleUnknownCard, "card %q", e.Card)
		}
		g.table.dealtRead = e.Dealt
		if g.table.backAt == g.applied && g.lateRun(c) {
			g.table.dealtRead = false
			return nil
		}
		return g.scanRead(c, e.Dealt)
	case EvPress:
		p := g.PlayerAt(e.Seat)
		if in := g.Next(); in.Action == ActLand && p == in.Player {
			g.infer(InfStopClaimed, -1, p, Place{})
			g.pend.claimed = true
		}
		return nil // presses at other times carry no move; the log keeps them for disputes
	case EvConfirm:
		return g.confirmNamed(e.As)
	case EvStackGone:
		if e.Card != "" {
			return g.takeBackRead(e.Card)
		}
		return g.stackGone()
	case EvIdentify:
		if p, c, ok := g.unscannedGroundRead(e); ok {
			return g.landUnscanned(p, c)
		}
		return g.identify(e.Seat, e.Card)
	case EvKnocked:
		return g.knocked(e.Seat)
	case EvUnscanned:
		return g.dealtUnscanned(e.Card, e.As)
	case EvThere:
		if e.Card != "" {
			return g.unscannedTakenBack(e.Card)
		}
		return g.thereAfterAll()
	case EvStopClosed:
		// The window's close is seen; the Ground lands as a dealer's step
		// lands it.
		if in := g.Next(); in.Action != ActLand {
			return refuse(RuleNoStopWindow, "the Stop window closed: %v", in)
		}
		return g.step()
	}
	return refuse(RuleBadEvent, "%v", e)
}

// scanRead is the reader seeing card c, judged dealt by the dealer
// (ScanDealt) or not, wherever it is read: as it comes, or read again
// where the hand has gone back to (dealtUnscanned, landUnscanned).
func (g *Game) scanRead(c int, dealt bool) error {
	g.table.dealtRead = dealt
	err := g.scan(c, g.passes)
	g.table.dealtRead = false
	if err == nil {
		g.table.namedGuess[c] = false // read: no longer the engine's guess
	}
	return err
}

// scan reconciles one card passing over the reader. since is the pass the
// scan began in: a card the dealer must go round the table to place may be
// looked for through one whole pass, no further.
func (g *Game) scan(c, since int) error {
	in := g.Next()
	card := g.cards[c]
	w := g.where[c]
	switch in.Action {
	case ActOver:
		return refuse(RuleGameOver, "%v", card)
	case ActLand:
		// A Stop shown now saves the seat, wherever it was last seen but
		// the deck, or the discard pile the dealer swept it to: one the
		// engine only guessed was discarded (its stack picked up unseen)
		// may have been in the faller's hand all along.
		if card.Kind == Stop && w.Zone != InDeck && !(w.Zone == InDiscard && g.table.swept[c]) {
			return g.stopGround(in.Player, c)
		}
		if card.Kind == Stop && g.swapLoose(c, in.Player, g.passes) {
			// The card dealt by hand that the faller picked up was this
			// Stop: shown now, it saves them.
			return g.stopGround(in.Player, c)
		}
		if s := g.heldStop(c, in.Player); s >= 0 {
			// Held longer, or grabbed before anyone could ask for it: a
			// faller may keep a card as long as they like, and a Stop is
			// kept for just this.
			g.playedFor(s, c)
			return g.stopGround(in.Player, c)
		}
		if w.Zone != InDeck {
			return refuse(RuleCardNotExpected, "%v while seat %d's Ground lands", card, in.Seat)
		}
		g.infer(InfLanded, g.pend.card, in.Player, Place{})
		g.land()
		if g.winner >= 0 {
			return refuse(RuleGameOver, "%v scanned after seat %d hit the ground and the hand ended", card, in.Seat)
		}
		return g.scan(c, since)
	}
	p := in.Player
	// At the start of a seat's address, before anything is dealt or swept,
	// the dealer shows the seat's rider and its Extras: "when the dealer
	// reaches a player with a rider, they scan it" (product.md), every pass,
	// permanent riders included.
	starting := in.First || (g.addr.active && g.addr.player == p && g.addr.done == 0)
	// A card dealt by hand that the dealer said the faller picked up, shown
	// as their turn begins, is played there, not dealt (see notOnTop).
	fromHand := starting && (card.Kind.IsRider() || card.Kind == Extra) && !(card.Kind.IsRider() && g.riderShownNow())
	if fromHand && !g.table.dealtRead && g.pickedUp(c, p, g.turnPass(p)) {
		// The guess came true, and the faller picked the card up: shown
		// now, it is played, not dealt.
		g.table.blind[c], g.table.loose[c] = false, 0
		return g.riderScanned(c, in)
	}
	if starting && in.Action == ActDeal && w.Zone == InStack && g.table.blind[c] && g.unblind(c) {
		// A card stood in for a deal confirmed by hand, read as a turn
		// begins with a card due: the guess was one deck card of many, so
		// this is the deal in the dealer's hand, not the guess come true
		// and played at once as a rider.
		return g.dealScanned(c, in)
	}
	if fromHand && !g.table.dealtRead && !(card.Kind == Extra && in.Action == ActDeal && g.riderShownNow()) && g.swapLoose(c, p, g.turnPass(p)) {
		// A card dealt by hand was picked up before it could be read:
		// shown now as a rider, it is that card played, not a deal. (Unless
		// the dealer judged the read a deal: ScanDealt.) Not a deck Extra
		// read just after the rider was shown, though: the dealer is
		// addressing the seat ("no one can affect the deal by meddling
		// with the rider, either with a Move, Stop, or Extra"), and the
		// card that follows a rider shown is its first deal (a Hit's
		// first card): taken for the Extra played, the lights owed the
		// seat a card more than the table dealt and ran a seat ahead.
		// Only while a card is due, though: after a Skip ("Deal no cards
		// to this player") nothing is dealt, and the Extra read is the
		// faller's own, laid on it before the dealer reached the seat
		// (TestExtraReadAfterASkipIsPlayed).
		return g.riderScanned(c, in)
	}
	if starting && w.Zone != InDeck && (card.Kind.IsRider() || card.Kind == Extra) {
		if g.shownNow(c) {
			return refuse(RuleCardSeenTwice, "%v was shown already at seat %d's turn", card, in.Seat)
		}
		if !(card.Kind.IsRider() && g.riderShownNow()) {
			return g.riderScanned(c, in)
		}
		// A second rider cannot be this seat's: the dealer has moved on.
	}
	switch in.Action {
	case ActSweep, ActPass:
		if w.Zone == InDeck && in.First {
			// The seat is dealt to, so the rider the engine believed in (a
			// Chute, a Skip left by an Extra Skip) was removed unseen.
			g.dropUnseenRider(p)
			if in = g.Next(); in.Action != ActDeal {
				return refuse(RuleCardNotExpected, "%v at seat %d's turn", card, in.Seat)
			}
			return g.dealScanned(c, in)
		}
		if (w.Zone == AsRider || w.Zone == AsExtra) && w.Player == p {
			return refuse(RuleCardSeenTwice, "%v", card)
		}
		if g.passes > since+1 {
			// Every seat's turn has come since the scan and none could show
			// this card: each faller left has a Chute, which is never swept,
			// so going on would go round the table for ever.
			return refuse(RuleCardNotExpected, "%v: no seat's turn can show it", card)
		}
		if err := g.step(); err != nil {
			return err
		}
		return g.scan(c, since)
	case ActDeal:
		if w.Zone == InDeck || g.unblind(c) || g.unguessNamed(c) {
			return g.dealScanned(c, in)
		}
		if (w.Zone == AsRider || w.Zone == AsExtra) && w.Player == p {
			return refuse(RuleCardSeenTwice, "%v is seat %d's rider, already scanned", card, in.Seat)
		}
		return refuse(RuleCardNotExpected, "%v while dealing to seat %d", card, in.Seat)
	}
	return refuse(RuleBadEvent, "%v", card)
}

// shownNow reports whether card c was shown at the current address.
func (g *Game) shownNow(c int) bool {
	if g.table.shownSeq != g.addrSeq || !g.addr.active {
		return false
	}
	for _, x := range g.table.shown {
		if x == c {
			return true
		}
	}
	return false
}

// riderShownNow reports whether a rider was shown at the current address.
func (g *Game) riderShownNow() bool {
	if g.table.shownSeq != g.addrSeq || !g.addr.active {
		return false
	}
	for _, x := range g.table.shown {
		if g.cards[x].Kind.IsRider() {
			return true
		}
	}
	return false
}

// markShown notes that card c was shown at the current address.
func (g *Game) markShown(c int) {
	if g.table.shownSeq != g.addrSeq {
		g.table.shownSeq = g.addrSeq
		g.table.shown = g.table.shown[:0]
	}
	g.table.shown = append(g.table.shown, c)
}

// dealScanned deals card c where the dealer was told to.
func (g *Game) dealScanned(c int, in Instruction) error {
	if in.First && !g.addr.active {
		g.dropUnseenRider(in.Player)
		g.begin(in.Player)
		g.commitTurn(in.Player)
		in = g.instruction(&g.addr, false)
		if in.Action != ActDeal { // the rider it believed in was gone: now it is a plain deal
			return refuse(RuleCardNotExpected, "%v", g.cards[c])
		}
	}
	g.last.active = false
	g.settle()
	a := &g.addr
	g.dealCard(c, a.player, a.slot(a.done))
	g.table.swept[c] = true
	a.done++
	a.skipGone()
	if a.done == a.deals() && a.sweep == 0 {
		g.endAddress()
	}
	return nil
}

// startAddress (re)plans player p's address from the rider just scanned:
// the dealer has reached them, so from now on the rider is frozen.
func (g *Game) startAddress(p int) {
	wasActive := g.addr.active && g.addr.player == p
	g.begin(p)
	if !wasActive {
		g.commitTurn(p)
	}
}

// commitTurn advances the turn as nextPlayer would have when an address is
// started from a scan rather than from a step.
func (g *Game) commitTurn(p int) {
	g.addrSeq++
	if g.passes == 0 || p <= g.lastAddr {
		g.passes++
	}
	g.lastAddr = p
	g.turn = g.after(p)
}

// dropUnseenRider: the first card for player p came from the deck, so any
// rider the engine believed was in front of them is not there any more.
func (g *Game) dropUnseenRider(p int) {
	pl := &g.players[p]
	if pl.rider < 0 {
		return
	}
	g.infer(InfRiderGone, pl.rider, p, g.where[pl.rider])
	g.goneUnseen(pl.rider)
	pl.rider = -1
	for _, x := range pl.extras {
		g.infer(InfRiderGone, x, p, g.where[x])
		g.goneUnseen(x)
	}
	pl.extras = pl.extras[:0]
}

// goneUnseen puts card c on the discard pile as a guess: it left where it
// was last seen, stopped or moved, and nobody saw where it went. Unlike a
// card the dealer swept, it may well turn up again, as another seat's
// rider after a Move: "What it cannot see (a Move between players, a Stop
// on a rider ...) it reconstructs when the cards show up again".
func (g *Game) goneUnseen(c int) {
	g.toDiscard(c)
	g.table.swept[c] = false
}

// riderScanned: at the start of an address, a card already out of the deck
// is the seat's rider or its Extra.
func (g *Game) riderScanned(c int, in Instruction) error {
	p := in.Player
	pl := &g.players[p]
	card := g.cards[c]
	w := g.where[c]
	// A rider the dealer named by hand stood in a card of its kind, a
	// guess: swept, it is not known swept, and shown for real later it is
	// that seat's rider (confirmAs names it blind again after this scan).
	if w.Zone == InDiscard && g.table.swept[c] && !g.table.blind[c] {
		return refuse(RuleCardNotExpected, "%v was swept already", card)
	}
	if w.Zone != InStack {
		g.table.blind[c] = false
	}
	// A card stood in for a deal confirmed by hand stays a guess: where it
	// was played from is where the engine put it, not where it was seen, so
	// the audit must prove nothing by it (it skips guessed cards).
	switch {
	case card.Kind.IsRider():
		if pl.rider == c { // a permanent rider, or a Skip an Extra Skip left
			if err := g.attachHeld(p); err != nil {
				return err
			}
			g.startAddress(p)
			g.markShown(c)
			return nil
		}
		if pl.rider >= 0 {
			// The rider the engine knew is gone, but not the Extras shown
			// on this one a moment ago.
			pl.extras = slices.DeleteFunc(pl.extras, g.shownNow)
			g.dropUnseenRider(p)
		}
		g.take(c)
		pl.rider = c
		g.where[c] = Place{Zone: AsRider, Player: p}
		g.table.swept[c] = true
		g.infer(InfRiderPlayed, c, p, w)
		if err := g.attachHeld(p); err != nil {
			return err
		}
		g.startAddress(p)
		g.markShown(c)
	case card.Kind == Extra:
		for _, x := range pl.extras {
			if x == c {
				g.startAddress(p)
				g.markShown(c)
				return nil
			}
		}
		if pl.rider < 0 {
			// "To play an Extra, lay it on top of the rider you wish to
			// modify, overlapping it so the dealer can still read both
			// cards": lying on top, it may well be read first. It is held
			// until the rider is read at this address (attachHeld).
			if !g.opt.extrasAllowed(g.held(p)) {
				return refuse(RuleOneExtra, "%v shown at seat %d's turn, after %d Extra(s) and no rider", card, in.Seat, g.held(p))
			}
			g.startAddress(p)
			g.markShown(c)
			return nil
		}
		if !g.opt.extrasAllowed(len(pl.extras)) {
			return refuse(RuleOneExtra, "%v shown on seat %d's %v, which has %d", card, in.Seat, g.cards[pl.rider].Kind, len(pl.extras))
		}
		g.take(c)
		pl.extras = append(pl.extras, c)
		g.where[c] = Place{Zone: AsExtra, Player: p}
		g.table.swept[c] = true
		g.infer(InfExtraPlayed, c, p, w)
		g.startAddress(p)
		g.markShown(c)
	default:
		return refuse(RuleCardNotExpected, "%v is not a rider", card)
	}
	return nil
}

// held counts the Extras shown at player p's address that are not on their
// rider: read before it.
func (g *Game) held(p int) int {
	if g.table.shownSeq != g.addrSeq || !g.addr.active || g.addr.player != p {
		return 0
	}
	n := 0
	for _, x := range g.table.shown {
		if g.cards[x].Kind == Extra && g.where[x] != (Place{Zone: AsExtra, Player: p}) {
			n++
		}
	}
	return n
}

// attachHeld puts the Extras shown at player p's address, read before the
// rider just read, or left off it when the rider the engine knew turned out
// to be gone, on that rider: "Once played, it is attached to that rider."
func (g *Game) attachHeld(p int) error {
	if g.table.shownSeq != g.addrSeq || !g.addr.active || g.addr.player != p {
		return nil
	}
	pl := &g.players[p]
	for _, x := range g.table.shown {
		if g.cards[x].Kind != Extra || slices.Contains(pl.extras, x) {
			continue
		}
		if !g.opt.extrasAllowed(len(pl.extras)) {
			return refuse(RuleOneExtra, "seat %d's %v shown under %d Extras", pl.seat, g.cards[pl.rider].Kind, len(pl.extras)+g.held(p))
		}
		w := g.where[x]
		if w != (Place{Zone: AsExtra, Player: p}) {
			g.take(x)
			g.where[x] = Place{Zone: AsExtra, Player: p}
			g.table.swept[x] = true
			g.infer(InfExtraPlayed, x, p, w)
		}
		pl.extras = append(pl.extras, x)
	}
	return nil
}

// Shown reports whether card c was shown as a rider or an Extra at the
// address the dealer is carrying out: an Extra read before its rider is
// shown there while it waits for the rider.
func (g *Game) Shown(c int) bool { return g.shownNow(c) }

// take lifts card c from wherever the engine last saw it, so it can be put
// where it was just seen.
func (g *Game) take(c int) {
	w := g.where[c]
	switch w.Zone {
	case InStack:
		pl := &g.players[w.Player]
		st := pl.stacks[w.Stack]
		for i := len(st) - 1; i >= 0; i-- {
			if st[i] == c {
				if i > 0 && len(g.table.uncovered) > st[i-1] {
					// The card under it was covered, and c leaves it.
					g.table.uncovered[st[i-1]] = true
				}
				pl.stacks[w.Stack] = append(st[:i], st[i+1:]...)
				if len(st) == 1 {
					g.emptied(w.Player)
				}
				break
			}
		}
		if g.pend.active && g.pend.card == c {
			g.pend.active = false
		}
		g.tidy(w.Player)
	case InHand:
		g.players[w.Player].hand = -1
	case AsRider:
		pl := &g.players[w.Player]
		pl.rider = -1
		for _, x := range pl.extras {
			g.goneUnseen(x)
			g.infer(InfRiderGone, x, w.Player, Place{Zone: AsExtra, Player: w.Player})
		}
		pl.extras = pl.extras[:0]
	case AsExtra:
		pl := &g.players[w.Player]
		for i, x := range pl.extras {
			if x == c {
				pl.extras = append(pl.extras[:i], pl.extras[i+1:]...)
				break
			}
		}
	case InDiscard:
		for i := len(g.discard) - 1; i >= 0; i-- {
			if g.discard[i] == c {
				g.discard = append(g.discard[:i], g.discard[i+1:]...)
				break
			}
		}
	case InDeck:
		g.removeFromDeck(c)
	}
}

// stopGround: player p's Stop card c saves them from the Ground being dealt.
func (g *Game) stopGround(p, c int) error {
	from := g.where[c]
	g.take(c)
	pl := &g.players[p]
	if pl.hand >= 0 && pl.hand != c {
		// They held something else: the engine cannot know, so the held
		// card is assumed played unseen.
		g.toDiscard(pl.hand)
	}
	pl.hand = c
	g.where[c] = Place{Zone: InHand, Player: p}
	d := g.pend.card
	if err := g.playStop(p, p, StopDeal); err != nil {
		return err
	}
	if d >= 0 && g.where[d].Zone == InDeck {
		// A card stood in for one dealt by hand (a Ground named) is back
		// on the deck, which holds the same cards as before: no place
		// holds a guess, and read later it is a card seen, not one to
		// swap for another (unblind) nor one that keeps NextTurnsDeal off.
		g.table.blind[d], g.table.loose[d] = false, 0
	}
	g.table.swept[c] = true
	g.infer(InfStopPlayed, c, p, from)
	return nil
}

// confirmNamed is the dealer's hand confirmation, naming the card (as) or
// not (NoKind: "a card").
func (g *Game) confirmNamed(as Kind) error {
	if as != NoKind {
		return g.confirmAs(as)
	}
	return g.confirm()
}

// confirm is the dealer's hand confirmation: a Stop claim, or a deal made
// while the reader is gone.
func (g *Game) confirm() error {
	in := g.Next()
	switch in.Action {
	case ActLand:
		// The Stop card was not scanned: stand in the Stop nearest the top
		// of that player's stacks.
		if c := g.findStop(in.Player); c >= 0 {
			if err := g.stopGround(in.Player, c); err != nil {
				return err
			}
			g.table.guessed[c] = true
			// Which Stop was discarded is a guess (the faller may have
			// held another, picked up unseen): the card stood in is not
			// known to be swept, so shown later for a Ground it still
			// saves its holder.
			g.table.swept[c] = false
			return nil
		}
		return refuse(RuleNoStopCard, "seat %d has no Stop the engine knows of", in.Seat)
	case ActSweep, ActPass:
		g.keepRun(in)
		return g.step()
	case ActDeal:
		c := g.blindCard()
		if c < 0 {
			// The deck is empty: the Ground is imaginary anyway.
			return g.step()
		}
		if err := g.dealScanned(c, in); err != nil {
			return err
		}
		g.standIn(c)
		g.table.swept[c] = false
		g.infer(InfBlindDeal, c, in.Player, Place{Zone: InDeck})
		return nil
	}
	return refuse(RuleGameOver, "nothing to confirm")
}

// confirmAs takes the dealer's word for a card the reader did not see: a
// plain confirmation stands in "a card" (never a Ground, see blindCard),
// so a Ground, a Stop or a rider missed by the reader would otherwise never
// land, save or be obeyed, and the table and the assistant would part ways.
//   - a Ground: dealt, from the deck ("If you receive one of these, you are
//     immediately out"), so its Stop window opens;
//   - a Stop, in a Ground's Stop window: as a plain confirmation there;
//   - a rider or an Extra at the start of a seat's turn: shown there
//     ("when the dealer reaches a player with a rider, they scan it"),
//     standing in a card of that kind from where a faller could have
//     played it: the seat's own rider, a faller's hand, a stack's top, then
//     deeper; failing all, a rider Moved there unseen (riderMovedUnseen).
//     Its identity is a guess, so the audit proves nothing by it.
//
// Any other kind is refused: the plain confirmation says as much.
func (g *Game) confirmAs(k Kind) error {
	if !k.Valid() {
		return refuse(RuleBadEvent, "confirm as %v", k)
	}
	in := g.Next()
	switch {
	case in.Action == ActOver:
		return refuse(RuleGameOver, "nothing to confirm")
	case k == Stop:
		if in.Action != ActLand {
			return refuse(RuleNoStopWindow, "a Stop named at seat %d's turn", in.Seat)
		}
		return g.confirm()
	case in.Action == ActLand:
		return refuse(RuleCardNotExpected, "a %v named while seat %d's Ground lands", k, in.Seat)
	case k == Ground:
		c := g.deckCard(Ground)
		if c < 0 && in.Action == ActDeal && g.GroundsOut() {
			return g.dealImaginary()
		}
		if c < 0 {
			return refuse(RuleNamedCardUnknown, "a Ground dealt to seat %d, and none is left in the deck", in.Seat)
		}
		if err := g.scan(c, g.passes); err != nil {
			return err
		}
		g.standIn(c)
		g.table.swept[c] = false
		g.infer(InfBlindDeal, c, in.Player, Place{Zone: InDeck})
		return nil
	case k.IsRider() || k == Extra:
		starting := in.First || (g.addr.active && g.addr.player == in.Player && g.addr.done == 0)
		if !starting {
			return refuse(RuleCardNotExpected, "a %v named at seat %d's turn after cards were dealt", k, in.Seat)
		}
		c, fromDeck := g.riderStandIn(k, in.Player), false
		if c < 0 {
			c = g.dealtByHandAs(k)
			fromDeck = c >= 0
		}
		if c < 0 && k.IsRider() {
			c = g.riderMovedUnseen(k, in.Player)
		}
		if c < 0 {
			return refuse(RuleNamedCardUnknown, "a %v shown at seat %d's turn", k, in.Seat)
		}
		if err := g.scan(c, g.passes); err != nil {
			return err
		}
		g.standIn(c)
		g.table.namedGuess[c] = fromDeck
		return nil
	}
	return refuse(RuleCardNotExpected, "a %v named by hand: only a Ground, a Stop or a rider is", k)
}

// dealImaginary deals the Ground the dealer names by hand once the engine
// believes the last one dealt (GroundsOut): "Shuffle the rest of the
// cards, and put the Grounds at the bottom", so the deck is empty then,
// and "there is an unlimited supply of ground": the Ground is imaginary.
// Any other card the engine still believes in the deck was dealt unseen
// (unscanned, and never said), and is no card to deal now; it stays where
// the engine has it, for the audit to name.
func (g *Game) dealImaginary() error {
	g.groundsOut = true // the dealer's deck, as the table has it: empty
	defer func() { g.groundsOut = false }()
	return g.step()
}

// GroundsOut reports whether the deck had Grounds and the last of them
// has been dealt: "put the Grounds at the bottom", so the table's deck is
// empty then, whatever else the engine still counts in it (a card dealt
// unseen). A deck made without Grounds is never emptied by them.
func (g *Game) GroundsOut() bool { return g.allGrounds > 0 && g.grounds == 0 }

// deckCard is the deck card of kind k nearest the top, or -1.
func (g *Game) deckCard(k Kind) int {
	for i := len(g.deck) - 1; i >= 0; i-- {
		if c := g.deck[i]; g.cards[c].Kind == k {
			return c
		}
	}
	return -1
}

// riderStandIn chooses the card of kind k that a rider (or an Extra) named
// by hand at player p's turn stands for: the rider or Extra the engine
// already believes in front of p, else one a faller holds, else one in a
// stack: never, while another will do, a stack's only card while its faller
// has more than one (taking it ends that stack), and then the one nearest a
// stack's top. A faller who has hit the ground may have played their top
// card just before the Ground came ("Once you have hit the Ground, you can
// no longer play cards"), shown at the next turn of the seat it went to:
// the Ground on it does not count, and at the same depth a faller still in
// comes first. Never one in the deck or the discard
// pile, nor one in front of another seat: those are seen where they lie.
// -1 if there is none.
func (g *Game) riderStandIn(k Kind, p int) int {
	pl := &g.players[p]
	if pl.rider >= 0 && g.cards[pl.rider].Kind == k {
		return pl.rider
	}
	for _, x := range pl.extras {
		if g.cards[x].Kind == k && !g.shownNow(x) {
			return x
		}
	}
	for q := range g.players {
		if h := g.players[q].hand; h >= 0 && !g.players[q].out && g.cards[h].Kind == k {
			return h
		}
	}
	// Lower keys are likelier: a stack kept, nearest the top, a faller
	// still in.
	best, bestKey := -1, [3]int{}
	for q := range g.players {
		o := g.players[q].out
		for _, st := range g.players[q].stacks {
			for i := len(st) - 1; i >= 0; i-- {
				if g.cards[st[i]].Kind != k || g.table.blind[st[i]] {
					continue
				}
				key := [3]int{0, len(st) - 1 - i, 0}
				if o {
					key[2] = 1
					if key[1] > 0 && g.cards[st[len(st)-1]].Kind == Ground {
						key[1]-- // on top until the Ground came
					}
				}
				// A stack's only card taken from a faller with more ends
				// that stack: "If a player has more than one stack, you
				// will deal one card into each", and the lights would
				// deal that faller a card fewer each pass, with nothing
				// the dealer can say to bring the stack back. A stack
				// kept that is really gone the dealer says is gone (a
				// stack-gone) as the lights ask for a card there, and
				// the engine deals on as they do. So a wrong guess of
				// any other card is mended; this one is not.
				if len(st) == 1 && len(g.players[q].stacks) > 1 && !o {
					key[0] = 1
				}
				if best < 0 || slices.Compare(key[:], bestKey[:]) < 0 {
					best, bestKey = st[i], key
				}
				break
			}
		}
	}
	return best
}

// riderMovedUnseen is the rider of kind k that a rider named by hand at
// player p's turn stands for when no card a faller could have played is of
// that kind (riderStandIn, dealtByHandAs): one the engine saw leave its
// seat without seeing where it went (the dealer said it was not there:
// dropUnseenRider guessed it into the discard pile), else one it believes
// still in front of another seat. "MOVE: This card moves a rider. You can
// either steal someone else's rider, or you can give your rider to someone
// else", and a permanent rider (an Anvil, a Chute, Goggles: "the dealer
// does not sweep them, though they can still be Moved") is the only one
// of its kind: refused, the rider the dealer names is never obeyed, and
// the lights part from the table at once. -1 if there is none.
func (g *Game) riderMovedUnseen(k Kind, p int) int {
	moved := -1
	for c := range g.cards {
		if g.cards[c].Kind != k {
			continue
		}
		switch w := g.where[c]; {
		case w.Zone == InDiscard && g.lastInferredIs(c, InfRiderGone):
			return c
		case w.Zone == AsRider && w.Player != p && !g.players[w.Player].out && moved < 0:
			moved = c
		}
	}
	return moved
}

// dealtByHandAs: a rider (or an Extra) of kind k is named by hand at a
// seat's turn and the engine knows of none outside the deck, so it is a
// card dealt by hand, picked up unseen and played, whose stand-in was
// another card. The deck card of kind k nearest the top takes the
// stand-in's place, no longer a guess of the deal but the card shown, and
// the stand-in goes back to the deck (a stand-in of kind k was that very
// card, and stays). The stand-in taken is, in turn, one
// the dealer said was picked up (the latest), one on top of a stack, then
// the one nearest a stack's top; a faller's still in the hand before one
// who has hit the ground (who played it, if at all, before the Ground
// came). It returns the card, or -1 if there is no such stand-in or no
// such deck card.
func (g *Game) dealtByHandAs(k Kind) int {
	d := g.deckCard(k)
	t := &g.table
	// Lower keys are likelier: a faller still in, said picked up (the
	// latest), nearest the top, the very kind named.
	s, best := -1, [4]int{}
	for q := range g.players {
		for _, st := range g.players[q].stacks {
			for i, x := range st {
				if !t.blind[x] || g.cards[x].Kind == Ground || (d < 0 && g.cards[x].Kind != k) {
					continue
				}
				key := [4]int{0, 1, len(st) - 1 - i, 1}
				if g.players[q].out {
					key[0] = 1
				}
				if t.loose[x] != 0 {
					key[1], key[2] = 0, -t.loose[x]
				}
				if g.cards[x].Kind == k {
					key[3] = 0
				}
				if s < 0 || slices.Compare(key[:], best[:]) < 0 {
					s, best = x, key
				}
			}
		}
	}
	if s < 0 {
		return -1
	}
	if g.cards[s].Kind == k {
		// Which card of kind k was shown the dealer did not read: the
		// deck is partly a guess from now on (NextTurnsDeal).
		t.deckGuess = true
		t.blind[s], t.loose[s], t.guessed[s], t.swept[s] = false, 0, true, false
		return s
	}
	g.playedFor(s, d)
	return d
}

// keepRun is called as the dealer confirms the end of the current address
// (or of the next one, not begun): if it deals nothing (a Skip, a Chute),
// the hand as it is now is kept, so that its rider or the rider's Extra,
// read just after the confirmation, can still be shown there (see
// lateRun).
func (g *Game) keepRun(in Instruction) {
	a := &g.addr
	if in.Due != 0 || (a.active && (a.player != in.Player || a.deals() != 0)) || (!a.active && !in.First) {
		return
	}
	if g.table.back == nil {
		g.table.back = &Game{}
	}
	// The copy kept has nothing to go back to itself.
	g.table.backAt = 0
	g.copyBare(g.table.back)
	// Apply counts the confirmation once it is done.
	g.table.backAt = g.applied + 1
}

// lateRun takes card c, read right after the dealer confirmed the end of an
// address that deals nothing, as read at that address. The dealer reads the
// rider and then the Extra lying on it ("To play an Extra, lay it on top
// of the rider you wish to modify, overlapping it so the dealer can still
// read both cards."), and the beat may confirm the sweep before the
// dealer's hand is done: the next seat's turn has not begun while nothing
// of it is read. So the hand goes back to before the confirmation and c is
// read there:
//   - the rider the engine knew, shown late: the confirmation stands;
//   - an Extra joining the rider: the dealer is told the new sweep ("EXTRA
//     SKIP: Deal no cards to this player, and sweep away only the Extra
//     card. (The Skip remains.)");
//   - a card from the deck where the engine knew a rider it had not seen
//     yet: the rider was gone (Moved or Stopped unseen) and the card is
//     dealt to that seat, as it is when read before the confirmation.
//
// It reports whether it took c; if not, g is as it was.
func (g *Game) lateRun(c int) bool {
	back := g.table.back
	if back == nil || len(back.table.inferred) != len(g.table.inferred) {
		return false
	}
	if g.table.dealtRead && g.where[c].Zone != InDeck {
		// The dealer judged it a deal (ScanDealt): a stand-in for a card
		// dealt by hand, read being dealt, not a rider or an Extra shown
		// late.
		return false
	}
	// A stand-in for a card dealt by hand read as the next turn begins
	// with a card due is that deal (scan: the guess was one deck card of
	// many), unless it stood in for the swept seat's own card, said
	// picked up: the guess come true, laid on its rider.
	standIn := g.where[c].Zone == InStack && g.table.blind[c] && g.Next().Action == ActDeal
	applied, dealt := g.applied, g.table.dealtRead
	back.copyTo(g)
	// The copy was kept before this read: the dealer's judgement of it
	// (ScanDealt) is this read's, not the copy's.
	g.applied, g.table.dealtRead = applied, dealt
	g.table.backAt = 0
	was := g.Next()
	p := was.Player
	if standIn && !g.pickedUp(c, p, g.turnPass(p)) {
		g.undo.copyTo(g)
		return false
	}
	deck := g.where[c].Zone == InDeck
	if (deck && !was.First) || g.scan(c, g.passes) != nil {
		g.undo.copyTo(g)
		return false
	}
	if deck {
		if w := g.where[c]; w.Zone != InStack || w.Player != p {
			g.undo.copyTo(g)
			return false
		}
		return true
	}
	if !g.addr.active || g.addr.player != p || !g.shownNow(c) {
		g.undo.copyTo(g)
		return false
	}
	now := g.Next()
	if now.Action == was.Action && now.Rider == was.Rider && now.Extras == was.Extras && now.Due == 0 {
		// The confirmation stands, and the next card may still be late.
		g.keepRun(now)
		if err := g.step(); err != nil {
			g.undo.copyTo(g)
			return false
		}
	}
	return true
}

// unblind: card c, which the engine stood in for a deal confirmed by
// hand, is read being dealt now, so it was still in the deck and the
// earlier deal was another card. Another deck card stands in for that one
// instead (where the stand-in lies: in its stack, or in the discard pile,
// gone with a stack the dealer said was not there, picked up unseen), and
// c goes back to the deck to be dealt. It reports whether it
// could: the two must both be Grounds or both other cards, since the deck
// keeps its Grounds at the bottom ("put the Grounds at the bottom") and a
// Ground named by hand stood in one of them, in no order the deck file can
// tell.
func (g *Game) unblind(c int) bool {
	w := g.where[c]
	if (w.Zone != InStack && w.Zone != InDiscard) || !g.table.blind[c] {
		return false
	}
	if w.Zone == InDiscard && !g.lastInferredIs(c, InfStackGone) {
		// The discard pile holds other stand-ins too: a rider named by
		// hand, swept by the dealer or gone unseen, whose stand-in may be
		// a card read being dealt long ago. Read again, that is a second
		// read, not a card still in the deck. Only one gone with a stack
		// said not there was a card dealt by hand and never seen.
		return false
	}
	if g.cards[c].Kind == Ground {
		d := g.deckCard(Ground)
		return d >= 0 && g.standInFor(c, d)
	}
	d := g.blindCard()
	if d < 0 || g.cards[d].Kind == Ground {
		// Only Grounds are left in the engine's deck, yet the table's
		// deck still held c: "the Grounds are waiting at the bottom of
		// the deck", so one card the engine counts out of the deck was
		// never dealt, an earlier guess gone wrong. The read is the
		// surest word on c; a card the engine has in the discard pile
		// stands in at c's place instead (see standInFromDiscard). Not
		// while a misread makes the deals since again, though: the hand
		// as it stands placed c with no such repair, and a misread that
		// needs one is the weaker word (TestMisreadOfferedOnlyIfTaken).
		return w.Zone == InStack && !g.table.remaking && !g.mayBeShown(c) && g.standInFromDiscard(c)
	}
	return g.standInFor(c, d)
}

// unguessNamed: card c, read being dealt, lies in the discard pile only as
// the engine's guess for a rider or an Extra named by hand, which it took
// from its deck and has never read since (namedGuess). "Hold the deck face
// down, and deal from the top": read being dealt, c was still in the deck,
// and the card shown and swept was another of its kind. One of that kind
// from the deck stands in there instead, and c goes back to the deck to be
// dealt. (A rider named by hand that stood in a card read being dealt
// long ago is no guess of the deck: read again, it is a second read.) It
// reports whether one did.
func (g *Game) unguessNamed(c int) bool {
	t := &g.table
	if !t.namedGuess[c] || g.where[c].Zone != InDiscard {
		return false
	}
	d := g.deckCard(g.cards[c].Kind)
	if d < 0 || !g.standInFor(c, d) {
		return false
	}
	t.namedGuess[c], t.namedGuess[d] = false, true
	return true
}

// mayBeShown reports whether card c, read now, may be a rider or an Extra
// shown as a seat's turn begins rather than a deal: its stand-in may be
// the very card dealt by hand, picked up and played there. Not once the
// dealer's hold judged the read dealt (ScanDealt). A Skip or a Chute is
// no exception, though the hold never judges one: "You may place a rider
// in front of any player, including yourself", and with only Grounds left
// in a deck the engine counted right, shown is all it can be. Taken for
// the deal, it put a Skip seen swept back into a stack, and a Chute left
// there would have the lights deal its seat every pass
// (TestSkipShownWithOnlyGroundsLeft; the messy table, reader gone, saw
// no difference beyond a hand or two in 10000 either way).
func (g *Game) mayBeShown(c int) bool {
	k := g.cards[c].Kind
	return (k.IsRider() || k == Extra) && !g.table.dealtRead && (g.Next().First || (g.addr.active && g.addr.done == 0))
}

// standInFromDiscard puts a card from the discard pile where stand-in c
// lies in a stack, when no deck card but Grounds is left to stand in, and
// c back in the deck. The one chosen is the latest one the engine only
// guessed into the discard pile, else the latest there, never a Ground or
// a Stop (one there may have been held all along: findStop). It reports
// whether there was one.
func (g *Game) standInFromDiscard(c int) bool {
	w := g.where[c]
	st := g.players[w.Player].stacks[w.Stack]
	i := slices.Index(st, c)
	if i < 0 {
		return false
	}
	pick := -1
	for j := len(g.discard) - 1; j >= 0; j-- {
		x := g.discard[j]
		if k := g.cards[x].Kind; k == Ground || k == Stop {
			continue
		}
		if g.table.guessed[x] {
			pick = j
			break
		}
		if pick < 0 {
			pick = j
		}
	}
	if pick < 0 {
		return false
	}
	d := g.discard[pick]
	g.discard = slices.Delete(g.discard, pick, pick+1)
	g.swapStandIn(&st[i], c, d, InDiscard)
	g.table.deckGuess = true
	return true
}

// lastInferredIs reports whether the engine's latest word on card c is an
// inference of kind k: InfStackGone, it last moved with a stack the dealer
// said was not there; InfRiderGone, it left the seat it rode in front of
// unseen.
func (g *Game) lastInferredIs(c int, k InferenceKind) bool {
	x, ok := g.lastInferred(c)
	return ok && x.Kind == k
}

// lastInferred is the engine's latest conclusion about card c, if any.
func (g *Game) lastInferred(c int) (Inference, bool) {
	inf := g.table.inferred
	for i := len(inf) - 1; i >= 0; i-- {
		if inf[i].Card == c {
			return inf[i], true
		}
	}
	return Inference{}, false
}

// standInFor puts deck card d where the stand-in c lies in a stack (or in
// the discard pile, gone with a stack the dealer said was not there), as
// the stand-in instead, and c back in the deck. It reports whether c was
// there.
func (g *Game) standInFor(c, d int) bool {
	w := g.where[c]
	var slot *int
	switch w.Zone {
	case InStack:
		st := g.players[w.Player].stacks[w.Stack]
		if i := slices.Index(st, c); i >= 0 {
			slot = &st[i]
		}
	case InDiscard:
		if i := slices.Index(g.discard, c); i >= 0 {
			slot = &g.discard[i]
		}
	}
	if slot == nil {
		return false
	}
	g.removeFromDeck(d)
	g.swapStandIn(slot, c, d, InDeck)
	return true
}

// swapStandIn makes d, taken from zone from, the stand-in at slot, where
// stand-in c lies, and puts c back in the deck.
func (g *Game) swapStandIn(slot *int, c, d int, from Zone) {
	w := g.where[c]
	*slot = d
	g.where[d] = w
	g.standIn(d)
	g.table.swept[d] = false
	g.table.blind[c] = false
	g.table.loose[d], g.table.loose[c] = g.table.loose[c], 0
	g.table.uncovered[d], g.table.uncovered[c] = g.table.uncovered[c], false
	g.deck = append(g.deck, c)
	if g.cards[c].Kind == Ground {
		// A Ground stood in (unblind, dealtUnscanned) goes back in the
		// deck's count (removeFromDeck counted a deck card d out).
		g.grounds++
	}
	g.where[c] = Place{Zone: InDeck}
	if w.Zone == InStack {
		if g.pend.active && g.pend.card == c {
			g.pend.card = d
		}
		g.infer(InfBlindDeal, d, w.Player, Place{Zone: from})
	}
}

// stopUnseen reports whether a Stop's place is unknown to the engine: one
// it counts in the deck, or one standing in for a card dealt by hand
// (Blind). A card dealt by hand may be such a Stop, and no other.
func (g *Game) stopUnseen() bool {
	for c := range g.cards {
		if g.cards[c].Kind == Stop && (g.where[c].Zone == InDeck || g.Blind(c)) {
			return true
		}
	}
	return false
}

// findStop is the Stop that player p's Stop confirmed by hand stands in:
// the one they hold, else the one nearest a stack's top, else one the
// engine only guessed discarded.
func (g *Game) findStop(p int) int {
	pl := &g.players[p]
	if pl.hand >= 0 && g.cards[pl.hand].Kind == Stop {
		return pl.hand
	}
	for s := range pl.stacks {
		st := pl.stacks[s]
		for i := len(st) - 1; i >= 0; i-- {
			if g.cards[st[i]].Kind == Stop {
				return st[i]
			}
		}
	}
	// None the engine knows of at p's place: one only guessed discarded
	// (a stack picked up unseen, a Stop stood in before) may have been
	// in their hand all along, as a Stop read here would be taken. Not
	// one from another faller's stack, though ("You can only pick up the
	// top card of your stack"): only that faller can hold it. Unless p
	// has a card dealt by hand the engine only guessed: that card may be
	// the Stop, and the one stood in for it stands in for that too. It
	// may be one only if a Stop is unseen: one the engine counts in the
	// deck, or a card that stands in for one dealt by hand. Where every
	// Stop was seen elsewhere, p's card dealt by hand is none.
	guessHere := g.blindAt(p) && g.stopUnseen()
	for i := len(g.discard) - 1; i >= 0; i-- {
		if c := g.discard[i]; g.cards[c].Kind == Stop && !g.table.swept[c] && (guessHere || !g.anothers(c, p)) {
			return c
		}
	}
	return -1
}

// blindAt reports whether player p holds, or has in a stack, a card that
// stands in for one dealt by hand, its identity a guess (Blind), or had
// one in a stack the dealer said was gone: p picked it up unseen, and may
// hold it still, whatever it was.
func (g *Game) blindAt(p int) bool {
	pl := &g.players[p]
	if pl.hand >= 0 && g.Blind(pl.hand) {
		return true
	}
	for _, st := range pl.stacks {
		if slices.ContainsFunc(st, g.Blind) {
			return true
		}
	}
	for _, c := range g.discard {
		if g.Blind(c) && g.goneWithStackOf(c, p) {
			return true
		}
	}
	return false
}

// goneWithStackOf reports whether card c's last move was with a stack of
// player p the dealer said was gone (InfStackGone).
func (g *Game) goneWithStackOf(c, p int) bool {
	x, ok := g.lastInferred(c)
	return ok && x.Kind == InfStackGone && x.Player == p
}

// anothers reports whether Stop c, believed discarded, can only be in the
// hands of a faller other than p, if in anyone's: picked up unseen from
// their stack (pickedUpByAnother), or stood in for their own Stop claim
// from their own place (claimedByAnother).
func (g *Game) anothers(c, p int) bool {
	return g.pickedUpByAnother(c, p) || g.claimedByAnother(c, p)
}

// claimedByAnother reports whether every conclusion the engine drew of
// Stop c is that another faller's Stop claim, confirmed from the panel,
// stood it in from that faller's own hand or stack: "To Stop a Ground,
// play the Stop as the Ground is being dealt to you ... and you discard
// the Stop." Which Stop they played is a guess (they may have held
// another), but the one stood in lay at their place, never p's: "You can
// only pick up the top card of your stack." A Stop stood in from the
// discard pile, or ever dealt by hand (its place a guess), proves nothing
// of who holds it.
func (g *Game) claimedByAnother(c, p int) bool {
	claimed := false
	for _, x := range g.table.inferred {
		if x.Card != c {
			continue
		}
		own := (x.From.Zone == InStack || x.From.Zone == InHand) && x.From.Player == x.Player
		if x.Kind != InfStopPlayed || x.Player == p || !own {
			return false
		}
		claimed = true
	}
	return claimed && !g.Blind(c)
}

// pickedUpByAnother reports whether card c is believed discarded only
// because the dealer said a stack of a faller other than p was gone with
// it (InfStackGone, the last thing the engine concluded of c): that faller
// picked it up unseen, and no one else can be holding it. A card that ever
// stood in for one the reader did not see (Guessed) proves nothing of who
// holds it.
func (g *Game) pickedUpByAnother(c, p int) bool {
	if g.Guessed(c) {
		return false
	}
	x, ok := g.lastInferred(c)
	return ok && x.Kind == InfStackGone && x.Player != p
}

// blindCard chooses the deck card a hand-confirmed deal stands for: the
// Grounds are at the bottom, so it is a non-Ground while any is left.
func (g *Game) blindCard() int {
	ground := -1
	for i := len(g.deck) - 1; i >= 0; i-- {
		c := g.deck[i]
		if g.cards[c].Kind != Ground {
			return c
		}
		ground = c
	}
	return ground
}

// due is how many cards the address still deals, the next one included:
// the deals planned into stacks the dealer reported gone are not dealt, so
// they are not due either.
func (a *address) due() int {
	n := a.deals() - a.done
	if a.gone == 0 {
		return n
	}
	for k := a.done; k < a.deals(); k++ {
		if s := a.slot(k); s < 64 && a.gone&(1<<s) != 0 {
			n--
		}
	}
	return n
}

// noneDealt reports whether the address has dealt no card yet: every deal
// it has moved past went to a stack reported gone.
func (a *address) noneDealt() bool {
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			return false
		}
	}
	return true
}

// dealtSoFar counts the cards the address has dealt: the deals it has
// moved past, but for those planned into stacks reported gone.
func (a *address) dealtSoFar() int {
	n := 0
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			n++
		}
	}
	return n
}

// noCards reports whether every stack of player p is empty.
func (g *Game) noCards(p int) bool {
	for _, st := range g.players[p].stacks {
		if len(st) > 0 {
			return false
		}
	}
	return true
}

// stackGone: the dealer reports that the stack they were told to deal into
// is no longer there. Its cards were picked up unseen; the deal moves on.
// At the start of a seat's turn, told to sweep or leave a rider, it is the
// rider that is not there.
func (g *Game) stackGone() error {
	if g.takeBack() {
		return nil
	}
	in := g.Next()
	if (in.Action == ActSweep || in.Action == ActPass) && in.First && g.players[in.Player].rider >= 0 {
		// Told to sweep or leave a rider that is not there: it was Moved
		// or Stopped unseen. With a card to deal the read says so (see
		// scan); an imaginary Ground leaves nothing to read, so the dealer
		// says it from the panel.
		g.settle()
		g.dropUnseenRider(in.Player)
		g.table.goneUntil, g.table.goneFrom = g.applied+1, in.Player // Apply counts this observation once it is done
		return nil
	}
	if in.Action != ActDeal || in.NewStack || in.Stack >= len(g.players[in.Player].stacks) {
		return refuse(RuleCardNotExpected, "no stack is expected to be there")
	}
	g.settle()
	if in.First {
		g.begin(in.Player)
		g.commitTurn(in.Player)
	}
	p, s := in.Player, in.Stack
	pl := &g.players[p]
	empty := len(pl.stacks[s]) == 0
	for _, c := range pl.stacks[s] {
		g.infer(InfStackGone, c, p, g.where[c])
		g.goneUnseen(c)
	}
	pl.stacks[s] = pl.stacks[s][:0]
	g.emptied(p)
	a := &g.addr
	// A gone stack is owed no cards, but a seat the dealer reaches to find
	// no stack at all is dealt to as the rules deal to a player with no
	// stacks: "If a player has no stacks at all, you must start a new one."
	// The deals planned into the gone stack start it again. Once a card of
	// the address is down the plan stands ("Once the dealer is addressing a
	// player, no one can affect the deal"), and told "not there" again for
	// the new stack, before a card is in it, the dealer has the last word:
	// the seat is owed nothing.
	if s < 64 && (empty || !g.noCards(p) || !a.noneDealt()) {
		a.gone |= 1 << s
	}
	a.skipGone()
	if a.done >= a.deals() && a.sweep == 0 {
		g.endAddress()
	}
	g.table.goneUntil, g.table.goneFrom = g.applied+1, p // Apply counts this observation once it is done
	return nil
}

// knocked: a stack of the faller at seat was knocked over and gathered
// back. "You can never mess with the cards in someone's stack", but nobody
// meant to: the cards are all still there, in an order nobody knows. The
// engine keeps the order it saw dealt, the only one it has, and every card
// in the faller's stacks becomes a guess, so the audit proves nothing by
// which lay under which (a card brought up and played would look exactly
// like a buried card played). The dealer is not asked which stack: a faller
// with two stacks gathering one is the rare case, and both together cost
// only the proof of a buried play.
func (g *Game) knocked(seat int) error {
	p := g.PlayerAt(seat)
	if p < 0 {
		return refuse(RuleNoPlayer, "seat %d", seat)
	}
	stacks := g.players[p].stacks
	if !slices.ContainsFunc(stacks, func(st []int) bool { return len(st) > 1 }) {
		// A card alone has no order to lose.
		return refuse(RuleCardNotExpected, "seat %d has no stack of two cards or more", seat)
	}
	for _, st := range stacks {
		for _, c := range st {
			g.table.guessed[c] = true
		}
	}
	return nil
}
