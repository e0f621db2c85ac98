package game

import "slices"

// The dealer's word on what the table saw, said just after it: a card
// dealt unscanned (b, or l for a Ground), a read that was no deal or was
// one after all (r, misread), a stack said not there that is (r, there
// after all). Each puts the hand back to a copy kept before the read (or
// the "not there") and applies it again as the dealer says it was; the
// copies are kept only while the dealer can still say so.

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
	// Told just after its Identify, the read was the hold's card shown
	// (keepBefore), and the hand before the Identify is kept with it.
	ident := g.current(t.identAt) && t.identCard == c
	t.readWin = readWindow{until: g.applied + 1, card: c, dealt: e.Dealt, ident: ident} // Apply counts this observation once it is done
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
	t.spareIdent = nil
	// Copied now: going back before the read may reuse the memory of the
	// hand kept before the Identify (goBack hands its kept copies on).
	var alt *Game
	if ib := t.identHand(c); ib != nil {
		alt = ib.Clone()
	}
	g.goBackBeforeRead(t.dealt)
	if err := g.standInUnscanned(c, as); err != nil {
		return err
	}
	if g.landedDealtOn() {
		return nil
	}
	if t.spare == nil {
		t.spare = &Game{}
	}
	g.copyBare(t.spare)
	t.spare.table.goesNowhere()
	if alt != nil {
		// The read was the hold's card shown, told as an Identify and the
		// read (keepBefore: "Both were that one judgement, and a misread
		// takes both back"). Read again where the light now asks, it
		// still is; but the misread the dealer may say of it there (no
		// such rider lies at that seat: it was dealt there) takes the
		// Identify back too, to the hand before it with the card dealt
		// unscanned stood in the same way. Left with the Identify, the
		// card dealt into the stack was the one dealt by hand picked up
		// unseen, buried in another faller's stack, and the deal the
		// misread owes that seat went to a card confirmed by hand.
		// Where the same stand-in cannot be made there, the misread
		// takes back the read alone, to spare, as before this.
		if alt.standInUnscanned(c, as) == nil && !alt.landedDealtOn() {
			alt.table.goesNowhere()
			t.spareIdent = alt
		}
	}
	return g.scanRead(c, dealt)
}

// identHand is the hand before the Identify the last read, of card c, was
// told just after (readWin.ident), if it can be gone back to for an
// "unscanned" said of it; nil if none. Not where the read came in a
// Ground's Stop window (goBackBeforeRead lands it): the Identify came
// before the landing.
func (t *tableState) identHand(c int) *Game {
	if !t.readWin.ident || t.ident == nil || t.identCard != c || t.dealt == nil || t.dealt.Next().Action == ActLand {
		return nil
	}
	return t.ident
}

// standInUnscanned stands a card confirmed by hand in for the one dealt
// unscanned before card c, which is read again next (dealtUnscanned), in
// the hand gone back to before c's read: as, Ground or NoKind, is what
// the dealer saw it was. Never c itself, which is still to be read.
func (g *Game) standInUnscanned(c int, as Kind) error {
	id := g.cards[c].ID
	if err := g.confirmSweeps(); err != nil {
		return err
	}
	if in := g.Next(); (in.Action == ActSweep || in.Action == ActPass) && in.First && g.players[in.Player].rider >= 0 {
		// "SKIP: Deal no cards to this player": the dealer dealt the seat
		// a card where the light asked for its Skip (or Chute) swept, so
		// the rider the engine believed in was removed unseen (Moved, or
		// Stopped), as a card read there says (scan). Refused, the card
		// dealt unscanned was lost, and the light asked that seat for the
		// card it already had (messy 8005382: two dealt unscanned, the
		// second at a seat whose Skip was Moved away).
		g.dropUnseenRider(in.Player)
	}
	if in := g.Next(); in.Action != ActDeal || in.Imaginary {
		return refuse(RuleCardNotExpected, "%s: no card was due before it (%v)", id, in)
	}
	inDeck := g.where[c].Zone == InDeck
	// Named a Ground, the stand-in is a Ground of the deck's, and lands
	// below.
	if err := g.confirmNamed(as); err != nil {
		return err
	}
	if inDeck && g.standingIn(c) && g.cards[c].Kind != Ground {
		// The stand-in is the very card to read again (the top of the
		// deck as the engine lists it: a card a swap put back there),
		// and read, it would leave the place of the card dealt
		// unscanned, which is still on the table, empty: another card
		// stands in.
		if d := g.blindCardBut(c); d < 0 || !g.standInFor(c, d) {
			return refuse(RuleCardNotExpected, "%s: no other card was left to deal before it", id)
		}
	}
	if g.pend.active && g.pend.card == c && g.cards[c].Kind == Ground {
		// The stand-in is the very card to read again, a Ground (the deck
		// holds nothing else): another Ground stands in, since it lands
		// before the read.
		if d := g.otherGround(c); d < 0 || !g.standInFor(c, d) {
			return refuse(RuleCardNotExpected, "%s: no other card was left to deal before it", id)
		}
	}
	return nil
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
		if !in.ClosesAddress() {
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
	// Only the stand-in found on top or the one named, as before stacks
	// were named: a buried guess is no card the dealer's "unscanned" made.
	s := g.standInFound(p, c)
	if e.Stack > 0 {
		s = g.namedTop(p, e.Stack)
	}
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
// the dealer, finding nothing at the seat, can tell. A rider or an Extra
// named by hand (EvConfirm) keeps nothing: no read to take back.
func (g *Game) keepBefore(e Event) bool {
	if e.Kind == EvConfirm {
		// Named by hand, not read: the dealer who named it found it
		// there, and the card stood in is the engine's guess, not a read
		// a misread could take back (TestNamedRiderNotTakenBack).
		return false
	}
	t := &g.table
	inf := t.inferred
	read := e.Kind == EvScan || e.Kind == EvUnscanned // a card read again is read too
	// Read again after an "unscanned", the hand before the read is the
	// deal confirmed by hand (dealtUnscanned's spare), not the wrong read
	// the saved copy holds.
	from := g.undo
	if e.Kind == EvUnscanned {
		from = t.spare
		if t.spareIdent != nil {
			from = t.spareIdent
		}
		t.spareIdent = nil
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
	again := g.table.readWin.again && g.current(g.table.readWin.until)
	g.undoRead(read)
	if again && g.Clone().confirmSweeps() == nil {
		// Read again after an "unscanned", the hand before the read is
		// the deal confirmed by hand, the sweeps ending its address still
		// owed: the read came at the next seat's turn, so the table swept
		// them (dealtUnscanned confirms them for the read too), and the
		// deal after all is that seat's, made as its turn begins
		// (TestWordAfterUnscannedEndingAnAddress/Skip).
		// Unlike the misread's (takeBackRead), this guard does not ask
		// the deal after all to be made first: "not there" answers the
		// light's sweep, pass or new stack at the seat the read was taken
		// for, so the dealer is looking at that seat's turn, past the
		// address before it, whether or not the read turns out its deal.
		// A misread names only the card, not where the dealer stands.
		// Its error can be ignored: the same sweeps were just taken on
		// the copy (a clone only while read again, so a plain take-back
		// copies nothing), and the game has not changed since.
		_ = g.confirmSweeps()
	}
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
	if (read.Kind != InfRiderPlayed && read.Kind != InfExtraPlayed) || !in.First || in.Player != p || !g.mayBeDealtAt(c, p) {
		return false
	}
	// Told to sweep or leave a rider that deals the seat nothing (a Skip,
	// a Chute), the dealer dealt the seat a card: that rider was Moved or
	// Stopped unseen ("MOVE: This card moves a rider"), as a deck card
	// read there shows (dropUnseenRider).
	riderGone := in.Action == ActSweep || in.Action == ActPass
	if !riderGone && in.Action != ActDeal {
		return false
	}
	try := g.Clone()
	if riderGone {
		try.dropUnseenRider(p)
		if n := try.Next(); n.Action != ActDeal || !n.First || n.Player != p {
			return false
		}
	}
	if try.scanRead(c, true) != nil {
		return false
	}
	if riderGone {
		g.dropUnseenRider(p)
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
	return g.pickedUp(c, p, g.turnPass(p)) || g.standingIn(c)
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
	if t := &g.table; g.current(t.stoppedAt) && g.cards[t.stoppedCard].ID == id {
		return g.stopDealtAfterAll()
	}
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
	again := g.table.readWin.again && g.current(g.table.readWin.until)
	g.undoRead(read)
	if again && len(since) == 0 {
		// Read again after an "unscanned" past the sweeps that end the
		// address of the card dealt unscanned, as takeBack has it: the
		// table swept them before the read, which came at the next
		// seat's turn, so the deal after all is that seat's. Left owed,
		// the light asked for them, the read was taken back as a stray
		// card, and the seat's deal was lost. Only where that seat's deal
		// it is (tried on a copy): a stray card taken back leaves the
		// sweeps to the dealer, as before. (takeBack's "not there"
		// confirms them without that trial: said to the light at the
		// next seat's turn, it places the dealer there; a misread does
		// not, so only the deal after all does.)
		if try := g.Clone(); try.confirmSweeps() == nil && try.dealtAfterAll(read) {
			_ = g.confirmSweeps() // taken on the copy just now: cannot fail
		}
	}
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
	if err := g.identify(seat, 0, id); err != nil {
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
// turn began, a rider it believed in the deck (or standing in a stack for
// a card dealt by hand: where the real one lay is unknown), the seat
// having none: what the dealer sees lying as that seat's rider, the
// screen has dealt into its stack. Not a read the dealer's hold judged
// dealt: that is the dealer's own judgement of it, which their misread
// turns only into the card dealt by hand they held it for (heldDealt;
// TestMisreadJudgedDealtRefused). Unless the dealer then said "unscanned"
// of it: the hold judged it at the seat the light lagged at, and read
// again where the light then asks, as the next seat's turn begins, no
// hold judged it there (TestRiderJudgedDealtShownAfterUnscanned).
func (g *Game) riderDealtFromDeck() (int, bool) {
	t := &g.table
	w := t.readWin
	if t.dealt == nil || !g.current(w.until) || w.landed || (w.dealt && !w.again) {
		return -1, false
	}
	c, b := w.card, t.dealt
	// (A hand kept before the hand's first observation has no table
	// yet: goBack fits it.)
	standing := c < len(b.table.blind) && b.standingIn(c)
	// In the discard pile only as the guess for a rider named by hand
	// (unguessNamed took it for the deal: it was still in the deck).
	named := c < len(b.table.namedGuess) && b.table.namedGuess[c] && b.where[c].Zone == InDiscard
	if !g.cards[c].Kind.IsRider() || (b.where[c].Zone != InDeck && !standing && !named) {
		return -1, false
	}
	in := b.Next()
	if w.again && in.ClosesAddress() {
		// Read again after an "unscanned": the hand kept is the one
		// right after the card dealt unscanned, the sweeps ending its
		// address still owed. The read came at the next seat's turn, so
		// the table swept them (dealtUnscanned confirms them for the
		// read too), and the seat whose turn began is the one after.
		b = b.Clone()
		b.table.fit(len(b.cards))
		if b.confirmSweeps() != nil {
			return -1, false
		}
		in = b.Next()
	}
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
// fallers, a whole pass), picked up and played; or it stood in for a card
// dealt by hand, which was c itself, picked up once uncovered; or it was
// a card dealt by hand another card stands in for, picked up and played
// ("in front of any player, including yourself"), and that stand-in goes
// back to the deck (pickedUpAnyone). The hand goes back to before the read
// and takes it as the rider shown, from the deck (or the stand-in's
// place); the seat's cards are due as that rider says. If it cannot be so
// taken, nothing changes. The stand-in's place is not first tried on a
// clone, falling back to the deck: riderScanned refuses a card swept to
// the discard pile, which c is in neither place, and otherwise only by its
// kind and the Extras shown at the address, so it refuses c from the
// stand-in's place exactly when it refuses it from the deck.
func (g *Game) shownFromDeck(c int) error {
	t := &g.table
	id := g.cards[c].ID
	g.goBack(t.dealt)
	if err := g.confirmSweeps(); err != nil {
		// Read again after an "unscanned": the sweeps owed before the
		// read (riderDealtFromDeck) are confirmed first.
		return refuse(RuleCardNotExpected, "%s, taken for a deal, cannot be the next seat's rider: %v", id, err)
	}
	if t.namedGuess[c] && g.where[c].Zone == InDiscard && !g.unguessNamed(c) {
		// Taken for the deal as still in the deck (riderDealtFromDeck):
		// shown, it is so too, another of its kind the one named.
		return refuse(RuleCardNotExpected, "%s, taken for a deal, cannot leave the discard pile", id)
	}
	in := g.Next()
	from := Place{Zone: InDeck}
	if g.standingIn(c) {
		g.playedByTheSeat(c, in.Player)
		from = g.where[c]
	} else if s := g.pickedUpAnyone(in.Player, g.turnPass(in.Player)); s >= 0 {
		// Not dealt, the card lying there is no deal missed either while
		// a card dealt by hand was picked up: that card, played, which
		// its stand-in took from the deck (playedFor).
		g.playedFor(s, c)
		from = g.where[c]
	}
	n := len(t.inferred)
	if err := g.riderScanned(c, in); err != nil {
		return refuse(RuleCardNotExpected, "%s, taken for a deal, cannot be seat %d's rider: %v", id, in.Seat, err)
	}
	if !slices.ContainsFunc(t.inferred[n:], func(x Inference) bool { return x.Card == c && x.Kind == InfRiderPlayed }) {
		return refuse(RuleCardNotExpected, "%s, taken for a deal, is not taken for seat %d's rider", id, in.Seat)
	}
	g.infer(InfShownAfterAll, c, in.Player, from)
	return nil
}

// playedByTheSeat: c, standing in for a card dealt by hand at another
// faller's stack that the dealer never said was picked up, lies as
// player p's rider, and p's own card dealt by hand was said picked up.
// "You can only pick up the top card of your stack": the other faller's
// card was grabbed before it was covered, if ever, while p's was seen
// gone from its top, and "You may place a rider in front of any player,
// including yourself". c is p's card, and the two guesses trade places
// (tradeStandIns): p's stand-in stands in at the other stack, which keeps
// its card dealt by hand, still a guess (a Stop it may be, played later
// in its faller's window: heldStop). Where p has none said picked up, c
// is the card it stood in for, as before.
func (g *Game) playedByTheSeat(c, p int) {
	w := g.where[c]
	if w.Player == p || g.table.loose[c] != 0 {
		return
	}
	if s := g.latestPickedUp(p, g.turnPass(p)); s >= 0 {
		g.tradeStandIns(s, c)
	}
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
// a card shown (shownAfterAll), first even while an earlier read is still
// named, as takeBackRead takes it.
//
// Once deals were made at that seat since the read (beforeSince), the
// misread is offered only if it would be taken: each of them must be made
// again where the light then asks, and a dealer who presses it on the
// screen's word must not be told no. (Only then is the hand copied: the
// window is short.)
func (g *Game) ReadToTakeBack() (string, bool) {
	if t := &g.table; g.current(t.stoppedAt) {
		// A Stop just taken for one on a Ground dealt unread: the
		// dealer, who dealt no Ground, says it was the card dealt. Always
		// taken (stopDealtAfterAll deals it, or takes the read back), so
		// offered without a trial on a copy.
		return g.cards[t.stoppedCard].ID, true
	}
	read, ok := g.namedRead()
	if c, dealt := g.heldDealt(); dealt && (!ok || read.Card != c) && g.Clone().Observe(NotThereRead(g.cards[c].ID)) == nil {
		// A read the hold judged dealt is offered only if it would be
		// taken for a card shown (shownAfterAll); offered before a read
		// still named (an Extra taken for its rider's first card after
		// the rider), as takeBackRead takes it first.
		return g.cards[c].ID, true
	}
	if !ok {
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
