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
		if g.firstGroundRefuted(c) {
			// The Stop just taken for one on the first Ground was the
			// card dealt, as the dealer's misread would have said.
			if err := g.stopDealtAfterAll(); err != nil {
				return err
			}
		}
		return g.scanRead(c, e.Dealt)
	case EvPress:
		p := g.PlayerAt(e.Seat)
		switch g.ClaimOf(e.Seat) {
		case PressStopClaim:
			g.infer(InfStopClaimed, -1, p, Place{})
			g.pend.claimed = true
		case PressUnreadClaim:
			// Pressed before the card it is owed was read: only a Ground
			// dealt unread is a card to claim a Stop for (stoppedUnread).
			g.dealClaim.live, g.dealClaim.player, g.dealClaim.dealt = true, p, g.dealt
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
		return g.identify(e.Seat, e.Stack, e.Card)
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
		if s := g.anothersStandInStop(c, in.Player); s >= 0 {
			// "You can only pick up the top card of your stack": a Stop
			// the engine stood in at another faller's stack was never
			// there. It is this faller's own card dealt by hand, and the
			// two guesses trade places.
			g.tradeStandIns(s, c)
			return g.stopGround(in.Player, c)
		}
		if card.Kind == Stop && g.inAnothersStack(c, in.Player) {
			// "You can never mess with the cards in someone's stack": a
			// Stop seen dealt to another faller's stack is theirs, not
			// one this faller can play.
			return refuse(RuleStopGround, "%v lies in seat %d's stack, not seat %d's", card, g.players[w.Player].seat, in.Seat)
		}
		if card.Kind == Stop && w.Zone != InDeck && !(w.Zone == InDiscard && g.table.swept[c]) {
			return g.stopGround(in.Player, c)
		}
		if from, ok := g.spentOnUnread(c, in.Player); ok && g.pend.claimed {
			// The Stop an earlier press and read were taken for, saving
			// this faller from a Ground dealt them unread, shown again at
			// their own Ground: only the faller's own card can be, so it
			// was the card dealt them then, and the press was nervous
			// ("To Stop a Ground, play the Stop as the Ground is being
			// dealt to you"). The dealer's misread, offered then, was
			// never said; refused here, an honest faller would be out.
			return g.stopDealtAfterAllLate(c, in.Player, from, g.stopGround)
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
		if s := g.anothersPickedUpStop(c, in.Player); s >= 0 {
			// The card the engine took for this faller's own, shown as a
			// rider, was another faller's, picked up: this Stop was the
			// faller's, held.
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
	if card.Kind == Stop && in.Action == ActDeal && g.stoppedUnread(p, c) && g.stopUnreadGround(c, in, since) {
		return nil
	}
	// At the start of a seat's address, before anything is dealt or swept,
	// the dealer shows the seat's rider and its Extras: "when the dealer
	// reaches a player with a rider, they scan it" (product.md), every pass,
	// permanent riders included.
	starting := in.First || (g.addr.active && g.addr.player == p && g.addr.done == 0)
	// A card dealt by hand that the dealer said the faller picked up, shown
	// as their turn begins, is played there, not dealt (see notOnTop).
	fromHand := starting && (card.Kind.IsRider() || card.Kind == Extra) && !(card.Kind.IsRider() && g.riderShownNow())
	if fromHand && !g.table.dealtRead && g.pickedUp(c, p, g.turnPass(p)) && g.extraFits(c, p) {
		// The guess came true, and the faller picked the card up: shown
		// now, it is played, not dealt.
		g.table.blind[c], g.table.loose[c] = false, 0
		return g.riderScanned(c, in)
	}
	if starting && in.Action == ActDeal && !g.table.namedRead && g.standingIn(c) && g.unblind(c) {
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
	if card.Kind == Extra && starting && !g.table.dealtRead && (in.Action == ActSweep || in.Action == ActPass) && g.riderShownNow() && g.swapTopOnRider(c, p) {
		// An Extra the engine believes in the deck, read just after a
		// rider that deals this seat nothing (a Skip, a Chute) was shown,
		// before its sweep: "To play an Extra, lay it on top of the rider
		// you wish to modify, overlapping it so the dealer can still read
		// both cards", and "EXTRA SKIP: Deal no cards to this player, and
		// sweep away only the Extra card. (The Skip remains.)" No card is
		// dealt there, so it is no deal; and a faller laid it before the
		// dealer reached the seat ("Once the dealer is addressing a
		// player, no one can affect the deal by meddling with the rider,
		// either with a Move, Stop, or Extra"). The seat's own card dealt
		// by hand, on top of its stack and never asked for (the rider
		// just played from that stack had covered it), is that card:
		// "You can only pick up the top card of your stack". Taken
		// instead for the sweep done and the next seat's card, the Skip
		// was swept where only its Extra goes, and the lights ran a seat
		// off (messy 4003951, every mistake at 2 %, three rule sets).
		return g.riderScanned(c, in)
	}
	if fromHand && !g.table.dealtRead && !(card.Kind == Extra && in.Action == ActDeal && g.riderShownNow()) && g.table.namedGuess[c] && g.latestPickedUp(p, g.turnPass(p)) >= 0 && g.unguessNamed(c) && g.swapLoose(c, p, g.turnPass(p)) {
		// In the discard pile only as the engine's guess for a rider
		// named by hand (namedGuess), so in the deck after all ("Hold the
		// deck face down, and deal from the top"), and read as the turn
		// begins of a faller whose card dealt by hand was said picked up:
		// it is that card played, as swapLoose takes a deck card, not
		// the deal that unguessNamed below would take it for.
		return g.riderScanned(c, in)
	}
	if starting && in.Action == ActDeal && g.players[p].rider < 0 && g.unguessNamed(c) {
		// In the discard pile only as the engine's guess for a rider
		// named by hand, and swept: "Hold the deck face down, and deal
		// from the top". Read as a turn begins with a card due at a seat
		// with no rider, it was still in the deck, and this is the deal
		// in the dealer's hand, not the guess come true and played again
		// from the discard pile, which no faller can play from.
		return g.dealScanned(c, in)
	}
	if starting && w.Zone != InDeck && (card.Kind.IsRider() || card.Kind == Extra) {
		if g.shownNow(c) {
			return refuse(RuleCardSeenTwice, "%v was shown already at seat %d's turn", card, in.Seat)
		}
		if !(card.Kind.IsRider() && g.riderShownNow()) {
			g.heldForTheGuess(c)
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
		if w.Zone == InDeck || g.unblind(c) || g.unguessNamed(c) || g.unguessShown(c) {
			// (unguessShown: the guess for a rider or an Extra named by
			// hand, still lying unswept, read being dealt, was in the
			// deck: the one shown was another of its kind.)
			return g.dealScanned(c, in)
		}
		if (w.Zone == AsRider || w.Zone == AsExtra) && w.Player == p {
			return refuse(RuleCardSeenTwice, "%v is seat %d's rider, already scanned", card, in.Seat)
		}
		return refuse(RuleCardNotExpected, "%v while dealing to seat %d", card, in.Seat)
	}
	return refuse(RuleBadEvent, "%v", card)
}

// extraFits reports whether card c, shown at player p's turn, could be
// laid there by a faller: any card but an Extra, and an Extra only while
// the rider shown (or the Extras waiting for one) has room. "A rider can
// only have one Extra at a time, so if a rider already has one Extra on
// it, you can't give it another one": a card dealt by hand that p picked
// up, read as another, is not p's card played but the deal in the
// dealer's hand (riderScanned would refuse it as a second Extra).
func (g *Game) extraFits(c, p int) bool {
	if g.cards[c].Kind != Extra {
		return true
	}
	pl := &g.players[p]
	if pl.rider < 0 {
		return g.opt.extrasAllowed(g.extrasWaiting(p))
	}
	return g.opt.extrasAllowed(len(pl.extras))
}

// swapTopOnRider: Extra c, which the engine believes in the deck, read
// at player p's address just after p's rider was shown and before
// anything was dealt or swept, is the card dealt by hand on top of one of
// p's stacks that the dealer was never asked for and never said picked
// up (blindTop), laid on that rider: it takes the stand-in's place, and
// the stand-in goes back to the deck. It reports whether it swapped: not
// where the rider has its Extras already (extraFits), nor with no such
// card on top.
func (g *Game) swapTopOnRider(c, p int) bool {
	if g.where[c].Zone != InDeck || g.players[p].rider < 0 || !g.extraFits(c, p) {
		return false
	}
	s := g.blindTop(p, -1)
	if s < 0 || g.table.loose[s] != 0 || g.cards[s].Kind == Ground {
		return false
	}
	g.playedFor(s, c)
	return true
}

// heldForTheGuess: card c, standing in for a card dealt by hand on top of
// a stack of faller q, never said picked up, is read as a rider or an
// Extra played as a seat's turn begins. "You may pick up only one card at
// a time": where the dealer said q picked up another of q's cards dealt by
// hand (notOnTop, within looseFor passes), the card q played is that one,
// held, not one still lying on the other stack, which no one said was
// gone. The two guesses trade places first, so the card read leaves the
// place said picked up (the faller's hand, where the stand-in was the only
// card of its stack: heldAlone), and the other stack keeps its card.
func (g *Game) heldForTheGuess(c int) {
	w := g.where[c]
	if w.Zone != InStack || !g.table.blind[c] || g.table.loose[c] != 0 || !g.standingIn(c) {
		return
	}
	q := w.Player
	s := g.latestPickedUp(q, g.turnPass(q))
	if s < 0 || s == c {
		return
	}
	if ws := g.where[s]; ws.Zone != InHand && (ws.Zone != InStack || ws.Stack == w.Stack) {
		return
	}
	g.tradeStandIns(s, c)
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
			if !g.opt.extrasAllowed(g.extrasWaiting(p)) {
				return refuse(RuleOneExtra, "%v shown at seat %d's turn, after %d Extra(s) and no rider", card, in.Seat, g.extrasWaiting(p))
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

// extrasWaiting counts the Extras shown at player p's address that are not on their
// rider: read before it.
func (g *Game) extrasWaiting(p int) int {
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
			return refuse(RuleOneExtra, "seat %d's %v shown under %d Extras", pl.seat, g.cards[pl.rider].Kind, len(pl.extras)+g.extrasWaiting(p))
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

// stoppedUnread reports whether a Stop read now, while the light asks
// faller p for a card, may be p's Stop saving them from a Ground dealt
// unread: p pressed since the light came to them, with nothing dealt since
// (claimHolds), and whatever the dealer deals next is a Ground
// (OnlyGroundsDue), so the card the dealer dealt p, read or not, was one,
// or the Stop may be one p was dealt by hand and the first Ground was
// (firstGroundStopped). A Stop is no card dealt then, and "Stop can also
// repel a Ground" is the only play a press and a Stop make at that seat.
// Taken instead for the deal, the Stop (a stand-in guessed elsewhere, say)
// was dealt in the Ground's place, another card stood in for it from
// wherever one could be found, and the dealer's card dealt unscanned was
// never accounted for (1008742 french, 7003782 classic); where the engine
// still believed other cards in the deck, that deal took one that never
// left the dealer's, making up for the second of two dealt as one, and the
// audit no longer found the deck short of the record (3006664, 8007381,
// 8003704).
func (g *Game) stoppedUnread(p, c int) bool {
	return g.claimHolds(p) && (g.OnlyGroundsDue() || g.firstGroundStopped(p, c))
}

// firstGroundStopped reports whether Stop c, read while faller p's press
// claims one (claimHolds) and no Ground has left the deck yet, may still be
// p's Stop on the first Ground, dealt unread: c is a card the engine stood
// in for one dealt by hand (Blind), or p has such a stand-in in front of
// them, so the card dealt p by hand, which the engine cannot name, may be
// the Stop p picked up and holds. "To Stop a Ground, play the Stop as the
// Ground is being dealt to you", and a press from the seat owed a card is
// that play or none: the other cards the engine believes in the deck left
// it unseen (the second of two dealt as one), as those "waiting at the
// bottom of the deck" are next. Taken for a card dealt, the Stop made the
// deck the engine counted match the dealer's again, and the card stuck to
// another was never found (6000579, 7003978, 7006828, 7009324). Where
// every card in front of p and the Stop are known, the Stop is the card
// dealt: tried on the game, stopUnreadGround keeps it only where it saves p.
func (g *Game) firstGroundStopped(p, c int) bool {
	if !g.firstGroundOpen(p) {
		return false
	}
	// A Stop the reader put on the table earlier is a card p was dealt
	// and picked up, not the card dealt by hand: p's stand-in says nothing
	// of it, and taken for the first Ground, the Stop of a Ground dealt
	// in a new stack put that Ground in the stack the Stop had lain in, a
	// seat behind (2001481 french). Only a Stop the engine never placed,
	// in the deck or standing in at p's own seat, may be the card dealt
	// by hand. Not one standing in at another seat: taken from there
	// with no guess in its place, that seat's stacks lost a card
	// (review39 F3); nor one that stood in once and was read since into
	// p's stack, a card seen like any other (F4).
	w := g.where[c]
	return w.Zone == InDeck || g.table.blind[c] && w.Player == p
}

// firstGroundOpen reports whether a Stop faller p shows now, after their
// press, may be firstGroundStopped's, whatever the Stop: no Ground has left
// the deck yet, p has a card dealt by hand standing in at their seat, and
// the light does not ask for a card into a new stack. ClaimOf asks it too,
// so that no press is told the engine that the rule could never use (each
// ends the windows a press ends: review40 F4).
func (g *Game) firstGroundOpen(p int) bool {
	if g.grounds == 0 || g.grounds < g.allGrounds || !g.blindAt(p) {
		return false
	}
	// Its honest twin, a Stop dealt after a nervous press, starts a stack
	// there, and taken for a Stop the engine starts none: p is owed a card
	// fewer every pass from then on, and the lights fall a seat behind at
	// p's next turn (30005950 official), where a two-as-one left unnamed
	// harms no one at the table.
	return !g.Next().NewStack
}

// claimHolds reports whether faller p's press claiming a Stop (dealClaim)
// still stands for the card the light asks them for: no deal made since,
// and the light still on them. "To Stop a Ground, play the Stop as the
// Ground is being dealt to you": what comes between the press and the
// Stop's read without dealing p a card (another faller's button, the
// dealer naming another seat's card from the panel) does not make the
// Stop any less played on that card.
func (g *Game) claimHolds(p int) bool {
	c := &g.dealClaim
	if !c.live || c.player != p || c.dealt != g.dealt {
		return false
	}
	in := g.Next()
	return in.Action == ActDeal && !in.Imaginary && in.Player == p
}

// PressClaim is what a press from a seat claims, as the engine would take
// it now.
type PressClaim uint8

const (
	// PressIgnored claims nothing: "a press from that seat within the Stop
	// window claims a Stop", and a press at any other time is only kept
	// for a dispute ("who pressed first in the last seconds").
	PressIgnored PressClaim = iota
	// PressStopClaim is from the seat a Ground is being dealt to: its
	// Stop claim, if it came within the window (the table's clock says).
	PressStopClaim
	// PressUnreadClaim is from the seat the light asks a card of, a real
	// one, where only a Ground can be dealt (OnlyGroundsDue), or no Ground
	// has left the deck yet and a card dealt by hand stands in at that seat
	// (firstGroundOpen): it may claim a Stop on a Ground dealt them
	// unread, the Stop read next judged by stoppedUnread.
	PressUnreadClaim
)

// ClaimOf says what a press from seat now claims, the one decision of
// which presses a table tells the engine: a table tells it only those
// that claim something (game/dealer a Stop claim pressed within its timed
// window, game/messy the same, its window being the time the Ground waits
// for the dealer's step), and logs the rest. A press told the engine
// that claims nothing would still be an observation, and end every
// window kept only for the next one (the misread of a Stop taken on a
// Ground dealt unread, stoppedAt; a read again, an "unscanned", a
// misread, "there after all"): a stray press at a live table ends
// nothing, and a simulated one must not either.
func (g *Game) ClaimOf(seat int) PressClaim {
	p := g.PlayerAt(seat)
	if p < 0 {
		return PressIgnored
	}
	switch in := g.Next(); {
	case in.Action == ActLand && in.Player == p:
		return PressStopClaim
	case in.Action == ActDeal && !in.Imaginary && in.Player == p && (g.OnlyGroundsDue() || g.firstGroundOpen(p)):
		return PressUnreadClaim
	}
	return PressIgnored
}

// OnlyGroundsDue reports whether whatever the dealer deals next is a
// Ground, read or not: "The Ground cards are waiting at the bottom of the
// deck", so once the deck holds only Grounds, or once a Ground has left it
// (whatever other cards the engine still believes there: a card that left
// unseen, the second of two dealt as one), no other card is on top.
func (g *Game) OnlyGroundsDue() bool {
	return g.grounds > 0 && (g.grounds == len(g.deck) || g.grounds < g.allGrounds)
}

// stopUnreadGround is Stop c read as stoppedUnread has it: the deck's top
// Ground is dealt to the seat the light asks, as if read (none of the
// deck's Grounds can be told apart, and the Stop puts it back on top), p's
// claim is taken, and the Stop is read in the Ground's window as any Stop
// shown there. It is tried on the game and kept only where the Stop saves
// the seat; it reports whether it was, and otherwise leaves the game as it
// was, for the Stop to be read as any other card. The hand before the read
// is kept for the dealer's misread: the engine's deck may hold a card the
// table does not (a card counted out that was never dealt), and a Stop
// the dealer really dealt, read just after a nervous press, would be spent
// here, and refused when its faller shows it at their own Ground.
func (g *Game) stopUnreadGround(c int, in Instruction, since int) bool {
	t := &g.table
	if g.current(t.stoppedAt) {
		// The last read was such a Stop, and t.stopped is the hand kept
		// for its misread, which the copy below would copy into itself.
		// No faller's press can come between the two reads, and the claim
		// was spent on the first, so this read is no second one.
		return false
	}
	if t.stopped == nil {
		t.stopped = &Game{}
	}
	saved := t.stopped
	g.copyTo(saved)
	// Which rule took it: only the first Ground's has an honest twin for
	// spentOnUnread to put right.
	kind := InfStoppedUnread
	if !g.OnlyGroundsDue() {
		kind = InfStoppedFirstGround
	}
	x := g.deckCard(Ground)
	if g.dealScanned(x, in) == nil {
		if n := g.Next(); n.Action == ActLand && n.Player == in.Player {
			g.infer(kind, x, in.Player, Place{})
			g.infer(InfStopClaimed, -1, in.Player, Place{})
			g.pend.claimed = true
			if g.scan(c, since) == nil && !g.players[in.Player].out && g.Next().Action != ActLand {
				saved.table.goesNowhere()
				g.dealClaim.live = false // spent: one press, one Stop
				t.stopped = saved
				t.stoppedAt, t.stoppedCard, t.stoppedSince = g.applied+1, c, since // Apply counts this observation once it is done
				return true
			}
		}
	}
	saved.copyTo(g)
	g.table.stopped = saved // the copy's own memory, kept as spare
	return false
}

// stopDealtAfterAll answers the dealer's misread of the Stop just taken
// for its faller's Stop on a Ground dealt unread (stopUnreadGround): told
// so on the screen, the dealer dealt no Ground there, and the Stop is the
// card they dealt. The hand goes back to before the read, and the Stop is
// read as any card dealt where the light asks, its faller's to play when
// their Ground comes ("Stop can also repel a Ground"): spent here, it
// would be refused then, and an honest faller would be out. Where it
// cannot be read so (the engine guessed it elsewhere, say), the read is
// taken back, as it would have been refused without the press: the hand
// stays as before it, for the dealer to confirm by hand what they dealt.
func (g *Game) stopDealtAfterAll() error {
	t := &g.table
	c, since := t.stoppedCard, t.stoppedSince
	before := t.stopped // goBack leaves it g's: read again below if need be
	g.goBack(before)
	g.table.stoppedAt, g.dealClaim.live = 0, false
	if g.scan(c, since) != nil {
		g.goBack(before)
		g.table.stoppedAt, g.dealClaim.live = 0, false
		g.infer(InfReadTakenBack, c, g.Next().Player, g.where[c])
		return nil
	}
	w := g.where[c]
	g.infer(InfDealtAfterAll, c, w.Player, w)
	return nil
}

// firstGroundRefuted reports whether card c, read at the observation just
// after a Stop the first-Ground rule took (stopUnreadGround, stoppedAt),
// says that Stop was the card dealt: "The dealer keeps the Ground" (classic:
// "The Ground card goes back on the deck to be dealt to the next player"),
// so the next card dealt is the Ground the Stop put back on top; a card of
// the deck that is no Ground, read where the light asks for a deal, says no
// Ground left it, and the press before the Stop was a nervous one (its
// honest twin). Learnt here, nothing dealt since needs putting right, where
// the faller might never show that Stop again at their own Ground
// (spentOnUnread): on messy seeds 1 to 4 the next read refuted 124 of 196
// such Stops (review40b F3). The Stop the older rule took, where only a
// Ground could be dealt, is no such guess: every card of the deck was one.
func (g *Game) firstGroundRefuted(c int) bool {
	t := &g.table
	if !g.current(t.stoppedAt) || t.stopped == nil || g.cards[c].Kind == Ground || g.where[c].Zone != InDeck || g.Next().Action != ActDeal {
		return false
	}
	n := len(t.stopped.table.inferred)
	return n <= len(t.inferred) && slices.ContainsFunc(t.inferred[n:], func(x Inference) bool { return x.Kind == InfStoppedFirstGround })
}

// spentOnUnread reports whether Stop c lies in the discard pile only as
// faller p's Stop on the first Ground dealt them unread (InfStoppedFirstGround):
// the last play of c is that Stop, right after the Ground
// dealt unread and p's claim, and it lies where that play put it. It returns
// where the Stop was taken from to be played. A Stop spent where only a
// Ground could be dealt (InfStoppedUnread) has no honest twin: no card but
// a Ground could have been dealt there, and it stays spent (review40 F1:
// a claim confirmed by hand for a faller with no Stop, or a stray read of
// it off the discard pile, saved them). A Stop the dealer's misread made
// the card dealt (stopDealtAfterAll), or one played since in a Ground's
// window, is the discard's like any other.
func (g *Game) spentOnUnread(c, p int) (Place, bool) {
	if w := g.where[c]; w.Zone != InDiscard || !g.table.swept[c] {
		return Place{}, false
	}
	// The last time c was played: the state says it lies spent since. An
	// inference of c after it may have been gone back on (a refutation by
	// the next read, firstGroundRefuted, undone when the dealer's misread
	// took that read back: 6007064 official, seat 1 put out).
	inf := g.table.inferred
	for i := len(inf) - 1; i >= 0; i-- {
		if inf[i].Card != c || inf[i].Kind != InfStopPlayed {
			continue
		}
		ok := inf[i].Player == p && i >= 2 &&
			inf[i-1].Kind == InfStopClaimed && inf[i-1].Player == p &&
			inf[i-2].Kind == InfStoppedFirstGround && inf[i-2].Player == p
		return inf[i].From, ok
	}
	return Place{}, false
}

// spentStop is the Stop in the discard pile spent as faller p's Stop on
// the first Ground dealt them unread (spentOnUnread), and where it was
// taken from; -1 if there is none.
func (g *Game) spentStop(p int) (int, Place) {
	for i := len(g.discard) - 1; i >= 0; i-- {
		if c := g.discard[i]; g.cards[c].Kind == Stop {
			if from, ok := g.spentOnUnread(c, p); ok {
				return c, from
			}
		}
	}
	return -1, Place{}
}

// stopDealtAfterAllLate says Stop c, spent on the first Ground dealt faller
// p unread (spentOnUnread), was the card dealt them then, held since or
// picked up from their stack: play (stopGround, or stopNamed for a claim
// confirmed by hand) plays it from the discard pile where the engine put
// it. Where it lay in between is the engine's guess,
// so the audit proves no buried play in the hand. The Ground the engine
// dealt p unread went back on top of the deck, which is as it was; but the
// rule took p's card dealt by hand for the Stop (the Stop stood in for it,
// or took its stand-in's place), from, and that card is still in front of
// p: a deck card stands in for it again there, as the dealer's misread
// would have left it (review40 F3: p's stacks were left a card short, and
// a card believed in a deck the table had all Grounds).
func (g *Game) stopDealtAfterAllLate(c, p int, from Place, play func(p, c int) error) error {
	g.table.guess(c)
	g.infer(InfStopDealtAfterAll, c, p, g.where[c])
	if err := play(p, c); err != nil {
		return err
	}
	// Once the Ground is back on the deck: it lay on p's stack till now.
	x := g.blindCard()
	if x < 0 || g.cards[x].Kind == Ground {
		return nil // the engine's deck all Grounds: no card of it stood for that one
	}
	g.removeFromDeck(x)
	pl := &g.players[p]
	switch {
	case from.Zone == InHand && from.Player == p && pl.hand < 0:
		pl.hand = x
		g.where[x] = Place{Zone: InHand, Player: p}
	case from.Zone == InStack && from.Player == p && from.Stack < len(pl.stacks):
		// Under every card the engine has in that stack: cards dealt on
		// it since lie on it at the table, and which came before it the
		// engine cannot tell. Covered, it is a guess the screen never
		// asks for; on top, it asked the dealer for a card under one
		// read since, and the dealer's n made it picked up (review40b F2).
		pl.stacks[from.Stack] = slices.Insert(pl.stacks[from.Stack], 0, x)
		g.where[x] = Place{Zone: InStack, Player: p, Stack: from.Stack}
	default:
		pl.stacks = append(pl.stacks, []int{x})
		g.where[x] = Place{Zone: InStack, Player: p, Stack: len(pl.stacks) - 1}
	}
	g.standIn(x)
	g.table.swept[x] = false
	return nil
}

// stopGround: player p's Stop card c saves them from the Ground being dealt.
func (g *Game) stopGround(p, c int) error {
	from := g.where[c]
	g.take(c)
	pl := &g.players[p]
	held := g.heldUnshown(p, c)
	pl.hand = c
	g.where[c] = Place{Zone: InHand, Player: p}
	d := g.pend.card
	if err := g.playStop(p, p, StopDeal); err != nil {
		return err
	}
	if held >= 0 {
		pl.hand = held
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

// heldUnshown settles the card player p held before playing Stop c, seen
// elsewhere: "you may only play the card that is in your hand", so the
// held card was played first, unseen. A card seen is assumed played to
// the discard pile, as a Move or a Stop is after use. The stand-in for a
// card dealt by hand that p was said to pick up (heldAlone) is no card
// seen, and "you can't set it back down, and you can't discard it": the
// card it stands for was played, most likely as a rider or an Extra, to be
// shown at a turn to come. Sent to the discard pile still a guess, the
// card shown was taken from the deck beside it, and the deck was a card
// short. It stays held, still said picked up, for the card shown to take
// its place (swapLoose, heldStop), and is returned for stopGround to put
// back in p's hand once the Stop is played; -1 if there is none.
func (g *Game) heldUnshown(p, c int) int {
	h := g.players[p].hand
	switch {
	case h < 0 || h == c:
		return -1
	case g.standingIn(h):
		return h
	}
	g.toDiscard(h)
	return -1
}

// inAnothersStack reports whether card c lies in the stack of a faller
// other than p, and is no guess there: "You can only pick up the top card
// of your stack", so p cannot hold it. A card standing in for one dealt by
// hand is a guess (standingIn): where the real c lay is unknown, and it may
// be p's own. (A card only once guessed, since seen in that stack, is
// there: identified there, or in a stack knocked over and gathered back,
// whose order, not whose it is, is the guess.)
func (g *Game) inAnothersStack(c, p int) bool {
	w := g.where[c]
	return w.Zone == InStack && w.Player != p && !g.standingIn(c)
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
			return g.stopNamed(in.Player, c)
		}
		if s, c := g.heldStopNamed(in.Player); c >= 0 {
			// The card dealt by hand the faller picked up was a Stop,
			// kept for this Ground: a deck Stop stands in for it.
			if g.where[c].Zone == InDeck {
				g.playedFor(s, c)
			} else {
				g.tradeStandIns(s, c)
			}
			return g.stopNamed(in.Player, c)
		}
		if c, from := g.spentStop(in.Player); c >= 0 {
			// The Stop spent on a Ground dealt this faller unread, confirmed
			// by hand where it is shown again (as read: spentOnUnread).
			return g.stopDealtAfterAllLate(c, in.Player, from, g.stopNamed)
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

// stopNamed: Stop c, stood in for the one the dealer confirmed by hand,
// saves player p.
func (g *Game) stopNamed(p, c int) error {
	if err := g.stopGround(p, c); err != nil {
		return err
	}
	g.table.guess(c)
	// Which Stop was discarded is a guess (the faller may have held
	// another, picked up unseen): the card stood in is not known to be
	// swept, so shown later for a Ground it still saves its holder.
	g.table.swept[c] = false
	return nil
}

// heldStopNamed is heldStop for a Stop confirmed by hand at player p's
// claim where p has no Stop the engine knows of (findStop): p's stand-in
// said picked up last, s, and a deck Stop c to stand in for the card it
// stood for. "Once you are holding a card, you may play it right away, or
// you may keep holding it", and a Stop is kept for "as the Ground is being
// dealt to you": a Stop read from the deck is taken so, and the dealer's
// word for one is no less. The stand-in the engine first chose may have
// been a Stop, traded since to another place the dealer identified. With
// no Stop left in the deck, c is one standing in for a card dealt by hand
// at another faller's place, its place there a guess (the two trade, as
// for a Stop read: anothersStandInStop). Only a card said picked up, not
// heldStop's guesses (one covered, or on top never asked for): those let
// a claim with no Stop through where a Stop confirmed by hand came from a
// misjudged claim (without the four mistakes of the reader and the
// dealer's scan, claim-no-stop missed 5 / 2 / 1 of 10,000, not 5 / 1 / 0).
// c is -1 if p made no claim, has no such stand-in, or no Stop is unseen.
func (g *Game) heldStopNamed(p int) (s, c int) {
	if !g.pend.claimed {
		return -1, -1
	}
	s = g.lastSaidPickedUp(p, g.pickedUpGuess)
	if s < 0 {
		s = g.grabbedBeforeTheGround(p)
	}
	if s < 0 {
		return -1, -1
	}
	if c = g.deckCard(Stop); c >= 0 {
		return s, c
	}
	for x := range g.cards {
		if g.cards[x].Kind == Stop && g.standingIn(x) && g.where[x].Player != p {
			return s, x
		}
	}
	return -1, -1
}

// grabbedBeforeTheGround is the stand-in, still a guess and not said picked
// up, for the card dealt by hand to player p just before the Ground now
// landing, in the same address: into the same stack (a Hit's first card,
// the Ground its second), or into another of p's stacks, where it lies on
// top, nothing dealt on it since (a seat with two stacks, or a Split's new
// stack taking the Ground). "If the dealer is giving you two cards in a
// row (because of a Hit), you can certainly grab the first one", and "To
// Stop a Ground, play the Stop as the Ground is being dealt to you". No
// one could be asked for it before the Ground came (the reader gone, it
// was never asked for at all), so p may hold it and Stop with it. -1 if
// none. Only that card, not every guess p may have picked up unasked
// (heldStop's): those let claims with no Stop through (heldStopNamed).
func (g *Game) grabbedBeforeTheGround(p int) int {
	// The address that dealt the Ground: its last deal ends it (act) while
	// the Ground can still be Stopped, so it may no longer be active.
	a := &g.addr
	if !g.pend.active || g.pend.player != p || g.pend.card < 0 || a.player != p || a.done < 2 {
		return -1
	}
	w := g.where[g.pend.card]
	if w.Zone != InStack || w.Player != p || a.slot(a.done-1) != w.Stack {
		return -1
	}
	stacks := g.players[p].stacks
	st := stacks[w.Stack]
	if n := len(st); n == 0 || st[n-1] != g.pend.card {
		return -1
	}
	x := -1
	switch prev := a.slot(a.done - 2); {
	case prev < 64 && a.gone&(1<<prev) != 0:
		// No card was dealt there: the dealer said that stack was gone.
	case prev == w.Stack:
		if n := len(st); n >= 2 {
			x = st[n-2]
		}
	case prev < len(stacks) && len(stacks[prev]) > 0:
		// On top of its stack and never covered since it was put there:
		// the card dealt just before the Ground, not an older guess
		// uncovered by a pick-up (those prove no Stop, heldStopNamed).
		x = stacks[prev][len(stacks[prev])-1]
		if g.table.uncovered[x] {
			x = -1
		}
	}
	if x < 0 || !g.table.blind[x] || g.table.loose[x] != 0 || g.cards[x].Kind == Ground {
		return -1
	}
	return x
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
			c = g.dealtByHandAs(k, in.Player)
			fromDeck = c >= 0
		}
		if c < 0 && k.IsRider() {
			c = g.riderMovedUnseen(k, in.Player)
		}
		if c < 0 {
			return refuse(RuleNamedCardUnknown, "a %v shown at seat %d's turn", k, in.Seat)
		}
		// Named as shown: a stand-in the engine takes for it (one a
		// faller holds, say) is played there, not the deal in the
		// dealer's hand that a read of it might be.
		g.table.namedRead = true
		err := g.scan(c, g.passes)
		g.table.namedRead = false
		if err != nil {
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
	standIn := g.standingIn(c) && g.Next().Action == ActDeal
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
		if again, err := g.goneUnderReadAgain(); again {
			return err
		}
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

// goneUnderReadAgain is the dealer's "not there" said just after an
// "unscanned", where the light names no stack of its own to say it of (a
// Ground landing, a new stack, a sweep): it is said of the stack the card
// read again went into. "Extra stacks disappear once they are empty, so
// you don't have to remember anything beyond the first": that stack's
// only cards were picked up unseen, and the dealer, who dealt the read
// elsewhere (the next seat, or a Split's new stack), sees the screen put
// it into a stack the table does not have. The hand goes back to before
// the read again (the card dealt unscanned stood in), the stack goes as
// any stack said not there goes, and the card is read again where the
// light then asks. It reports whether the "not there" was that one; its
// error, if the stack cannot go or the read not be made, refuses it on a
// *RuleError under the rule that refused that step (refuseWithin), as
// Apply promises, nothing changed (observe's saved copy).
func (g *Game) goneUnderReadAgain() (bool, error) {
	t := &g.table
	if !t.readWin.again || !g.current(t.readWin.until) || t.readWin.landed || t.dealt == nil {
		return false, nil
	}
	b := t.dealt
	in := b.Next()
	if in.Action != ActDeal || in.NewStack || in.Imaginary || in.Stack >= len(b.players[in.Player].stacks) {
		return false, nil
	}
	c, dealt := t.readWin.card, t.readWin.dealt
	if w := g.where[c]; w.Zone != InStack || w.Player != in.Player || w.Stack != in.Stack {
		// Read again, the card went elsewhere than into that stack (taken
		// for a rider, say): the "not there" is no word on the stack.
		return false, nil
	}
	p := in.Player
	g.goBack(b)
	g.infer(InfReadTakenBack, c, p, g.where[c])
	if err := g.stackGone(); err != nil {
		return true, refuseWithin(err, "not there under %s, read again", g.cards[c].ID)
	}
	if err := g.scanRead(c, dealt); err != nil {
		return true, refuseWithin(err, "%s read again past the stack said not there", g.cards[c].ID)
	}
	return true, nil
}

// takenOnAGuess reports whether the engine took a card from one of player
// p's stacks on a guess (a rider named by hand stood in by the card
// nearest a stack's top, say), so that their stacks may hold more than it
// counts. A stack knocked over there that the engine counts a single card
// is the dealer's to judge, who sees it: "The dealer's solution is final,
// so use your best judgement." Refused, the knock was missed, and every
// card of that stack kept an order the audit could prove things by
// (29000121 in all three rule sets: a Hit named by hand at seat 2 stood in
// by the Hit on seat 5's stack, whose two cards the dealer then saw
// knocked over). A card whose order alone a knock made a guess was seen
// where it lay: taken from a stack, it leaves that stack as counted.
func (g *Game) takenOnAGuess(p int) bool {
	for _, x := range g.table.inferred {
		if x.From.Zone == InStack && x.From.Player == p && x.Card >= 0 && g.stoodIn(x.Card) {
			return true
		}
	}
	return false
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
	if !slices.ContainsFunc(stacks, func(st []int) bool { return len(st) > 1 }) && !g.takenOnAGuess(p) {
		// A card alone has no order to lose.
		return refuse(RuleCardNotExpected, "seat %d has no stack of two cards or more", seat)
	}
	for _, st := range stacks {
		for _, c := range st {
			if !g.table.guessed[c] {
				g.table.orderGuess[c] = true
			}
			g.table.guessed[c] = true
		}
	}
	return nil
}
