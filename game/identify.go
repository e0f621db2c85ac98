package game

import "slices"

// A card the dealer confirmed by hand (the reader missed it, or was gone)
// is stood in by a deck card of the engine's choosing: a guess. Once the
// reader can read again the dealer passes that card over it while it still
// lies on top of its stack, and the engine learns which card it was, so
// the real card, played later, is not taken for something else.

// identify: card id is the card dealt by hand on top of a stack of the
// faller at seat or, with none there, the one they picked up (NotOnTop),
// wherever later deals buried its stand-in, or else one a later deal
// covered before it could be asked for (buriedGuess): the dealer judged a
// read as a turn began to be it, played there (dealer's held reads). With
// a stack named (from 1: the one the dealer was asked about, AskStack),
// it is the card dealt by hand on top of that stack, and no other
// (identifiedStandIn). The stand-in found is
//   - that very card: the guess was right, and it is no longer blind;
//   - another card, with id still in the deck: they swap, the stand-in
//     back to the deck;
//   - another card, with id stood in for a card dealt by hand elsewhere
//     (on top of a stack or under later deals): they swap, and the other
//     place keeps a card whose identity is a guess.
//
// (A Ground read for the card the dealer's "unscanned" just stood in is
// that card, dealt unscanned, which landed: observe sends it to
// landUnscanned instead.)
//
// Anything else is refused, the state unchanged: a card seen elsewhere, a
// Ground where none was named (or a card that is not one where one was: a
// Ground named was seen as one), a seat with no card dealt by hand on top.
// Every card involved stays guessed: the log's deals named the stand-in,
// so the record of where each lay proves nothing.
func (g *Game) identify(seat, stack int, id string) error {
	p := g.PlayerAt(seat)
	if p < 0 {
		return refuse(RuleNoPlayer, "seat %d", seat)
	}
	if id == "" {
		return g.notOnTop(p, stack)
	}
	c, ok := g.index[id]
	if !ok {
		return refuse(RuleUnknownCard, "card %q", id)
	}
	s := g.identifiedStandIn(p, stack, c)
	if s < 0 && stack > 0 {
		return refuse(RuleCardNotExpected, "%v: no card dealt by hand lies on top of seat %d's stack %d", g.cards[c], seat, stack)
	}
	if s < 0 {
		return refuse(RuleCardNotExpected, "%v: no card dealt by hand lies on top of seat %d's stacks, nor was one picked up", g.cards[c], seat)
	}
	t := &g.table
	if c == s {
		t.blind[c], t.loose[c] = false, 0 // on top after all
		t.placeGuess[c] = g.placeUnsure(p, stack)
		return nil
	}
	if (g.cards[c].Kind == Ground) != (g.cards[s].Kind == Ground) {
		return refuse(RuleCardNotExpected, "%v read for the card dealt by hand to seat %d, which was named %v", g.cards[c], seat, g.cards[s].Kind)
	}
	if g.table.namedGuess[c] && g.where[c].Zone == InDiscard && g.deckCard(g.cards[c].Kind) >= 0 {
		// In the discard pile only as the guess for a rider named by
		// hand: read now as the card dealt by hand, it was still in the
		// deck, and the rider shown and swept was another of its kind,
		// from the deck. (Not one standing in a stack, standInOfKind:
		// that may be s itself, the place this answer is about.)
		g.unguessNamed(c)
	}
	if g.table.namedGuess[c] && g.deckCard(g.cards[c].Kind) >= 0 {
		// The same guess still shown in front of its seat, unswept: the
		// card shown there was another of its kind, from the deck.
		g.unguessShown(c)
	}
	ws := g.where[s]
	switch w := g.where[c]; {
	case w.Zone == InDeck:
		g.removeFromDeck(c)
		g.putAt(ws, s, c)
		g.deck = append(g.deck, s)
		if g.cards[s].Kind == Ground {
			g.grounds++
		}
		g.where[s] = Place{Zone: InDeck}
		// c is seen on top; s is back in the deck.
		t.blind[s], t.blind[c] = false, false
		t.loose[c], t.loose[s] = 0, 0
		t.guess(c, s)
		t.swept[c], t.swept[s] = false, false
	case g.standingIn(c):
		// Both are guesses standing in stacks: the one read takes the
		// place seen, the other the place still unknown.
		g.tradeStandIns(s, c)
	case w.Zone == InDiscard && t.namedGuess[c] && g.cards[s].Kind == g.cards[c].Kind && slices.Contains(g.discard, c):
		// The guess for a rider named by hand and swept, with no deck
		// card of its kind left to stand in there (unguessNamed above):
		// the one shown was another of its kind, such as s.
		g.tradeSweptGuess(s, c)
	default:
		return refuse(RuleCardNotExpected, "%v read for the card dealt by hand to seat %d, but it is known to be elsewhere (%v)", g.cards[c], seat, w.Zone)
	}
	if g.pend.active {
		switch g.pend.card {
		case s:
			g.pend.card = c
		case c:
			g.pend.card = s
		}
	}
	t.placeGuess[c] = g.placeUnsure(p, stack)
	return nil
}

// placeUnsure reports whether a card read now for the card dealt by hand
// to player p, asked about stack (from 1; 0 for none named), lies where
// the engine puts it only by a guess (tableState.placeGuess): no stack was
// named, or p's address still has cards to deal, so a card dealt
// unscanned may have started a stack there that the engine has yet to
// deal, and the stacks the ask counted are not the table's.
func (g *Game) placeUnsure(p, stack int) bool {
	a := &g.addr
	return stack == 0 || (a.active && a.player == p && a.done < a.deals())
}

// identifiedStandIn is the stand-in card c, read for the card dealt by
// hand to player p, is taken for: with a stack named (from 1), the one on
// top of that stack (namedTop); else the one standInFound finds, or else
// the one the dealer's hold judged p picked up before a later deal covered
// it (buriedGuess, PlayedUnseen). -1 if none.
//
// Named, the stack settles which: a seat may have two stacks topped by
// cards dealt by hand ("If a player has more than one stack, you will
// deal one card into each"), and the card read may itself stand in for
// the one on the other stack, which unnamed would be taken for the guess
// come true where it stands, the two stacks' cards crossed.
func (g *Game) identifiedStandIn(p, stack, c int) int {
	if stack > 0 {
		return g.namedTop(p, stack)
	}
	if s := g.standInFound(p, c); s >= 0 {
		return s
	}
	return g.buriedGuess(p, c)
}

// namedTop is the card stood in for a card dealt by hand that lies on top
// of player p's stack stack (counted from 1 as the screens count them,
// StackNumber: a stack said not there mid-address is none), as blindTop
// takes one: -1 if
// there is no such stack, or its top is no such card (or the Ground that
// put p out).
func (g *Game) namedTop(p, stack int) int {
	if stack < 1 {
		return -1
	}
	i := g.StackNumbered(p, stack) // never an empty one
	if i < 0 {
		return -1
	}
	st := g.players[p].stacks[i]
	if top := st[len(st)-1]; g.blindOnTop(p, top, -1) {
		return top
	}
	return -1
}

// blindOnTop reports whether top, on top of a stack of player p, stands
// in for a card dealt by hand that may be asked for: not the Ground named
// by hand that put p out, unless it is c, the card read.
func (g *Game) blindOnTop(p, top, c int) bool {
	return g.table.blind[top] && !(g.cards[top].Kind == Ground && g.players[p].out && top != c)
}

// standInFound is the stand-in card c, read for the card dealt by hand to
// faller p, is taken for: the one on top of p's stacks, else the one p
// picked up; c itself, though, before any card said picked up, if it
// stood in for one p picked up or may have grabbed before it was covered
// (buriedGuess), as PlayedUnseen offers it (grabbedGuess): identify; -1
// if none.
func (g *Game) standInFound(p, c int) int {
	// c stands in for a card p picked up, or may have: the guess was right.
	mine := g.pickedUp(c, p, g.passes) || g.buriedGuess(p, c) == c
	if s := g.blindTop(p, c); s >= 0 && !(mine && g.table.loose[s] != 0) {
		return s
	}
	if mine {
		return c
	}
	return g.latestPickedUp(p, g.passes)
}

// blindTop is the card stood in for a deal confirmed by hand that lies on
// top of one of player p's stacks: c itself if it is one, else the first
// found, one the dealer did not say was picked up before any that it did
// (that card is in a hand, not on the stack the dealer looks at); -1 if
// there is none. A Ground named by hand atop the stacks of a faller who is
// out is the one that put them out: it was never theirs to pick up, and
// no one asks for it.
func (g *Game) blindTop(p, c int) int {
	found := -1
	for _, st := range g.players[p].stacks {
		if len(st) == 0 {
			continue
		}
		top := st[len(st)-1]
		if !g.blindOnTop(p, top, c) {
			continue
		}
		if top == c {
			return c
		}
		if found < 0 || (g.table.loose[found] != 0 && g.table.loose[top] == 0) {
			found = top
		}
	}
	return found
}

// notOnTop: asked to scan the card dealt by hand on top of a stack of
// player p, the dealer says it is no longer there. Fallers pick up their
// top card whenever they like, so it is most likely in p's hand, to be
// played soon: as a rider, an Extra or a Stop, read then while the engine
// believes it still in the deck. The stand-in stays where it is (where the
// card went, nobody saw) but is marked loose, and such a read is taken for
// it (swapLoose) rather than for a card dealt. A seat with no card dealt by
// hand on top is refused. With a stack named (from 1), it is said of the
// card on top of that stack (namedTop).
//
// A stand-in that was the only card of a stack while p has another is
// taken into p's hand instead (heldAlone): that stack is empty at the
// table, and "Extra stacks disappear once they are empty".
func (g *Game) notOnTop(p, stack int) error {
	s := g.namedTop(p, stack)
	if stack == 0 {
		s = g.blindTop(p, -1)
	}
	if s < 0 {
		return refuse(RuleCardNotExpected, "no card dealt by hand lies on top of seat %d's stacks", g.players[p].seat)
	}
	g.table.loose[s] = g.passes + 1
	g.heldAlone(p, s, stack > 0)
	return nil
}

// heldAlone: stand-in s, said picked up, was the only card of its stack,
// and player p has another stack. A stack with no card in it is none at
// the table: "Extra stacks disappear once they are empty, so you don't
// have to remember anything beyond the first", and "If a player has more
// than one stack, you will deal one card into each". Kept, the lights
// would deal into a stack the table no longer has and run a seat off.
// The card is in p's hand, so its stand-in goes there, still loose: shown
// later it is that card played (latestPickedUp looks in the hand too). A
// faller's only stack is left as it was (one stack or none is dealt the
// same one card), and so is a stand-in when the engine already has p
// holding a card, or when another of p's stacks is topped by a card dealt
// by hand and since scanned whose place is still a guess (placeGuess): the
// dealer may have scanned the card that lay where s stands, and the n is
// then about the other stack, not this one. Asked about a seat, not a
// stack (named false: a log written before the ask named one), any such
// card's place is a guess. Asked about a stack, it is where the card was
// scanned while its faller's address still had cards to deal: the engine
// may have put it on the wrong stack itself, one confirmed by hand while
// a card before it was dealt unscanned (messy official every mistake
// 1003559, out of step without it). Scanned for a stack named once the
// address was done, the card lay on that stack, the n is about this one,
// and the stack is gone (the real dealer's official reader gone 174, where
// the lights kept dealing into it until the table declared the winner).
func (g *Game) heldAlone(p, s int, named bool) {
	pl := &g.players[p]
	w := g.where[s]
	if pl.hand >= 0 || len(pl.stacks) < 2 || len(pl.stacks[w.Stack]) != 1 || g.cards[s].Kind == Ground {
		// A Ground is never held ("GROUND: If you receive one of these,
		// you are immediately out"): one being dealt still lands.
		return
	}
	for i, st := range pl.stacks {
		if top := len(st) - 1; i != w.Stack && top >= 0 && g.table.guessed[st[top]] && !g.table.blind[st[top]] && (!named || g.table.placeGuess[st[top]]) {
			return
		}
	}
	g.intoHand(p, w.Stack)
}

// looseFor is how many passes after the dealer's "not on top" a card read
// may still be taken for the card picked up: long enough for a faller to
// play it and for the dealer to reach the seat it was played on, short
// enough that a card played unseen (a Move, a Stop on a rider) and never
// shown does not turn the deals of the rest of the hand into riders.
// Three: "you may keep holding it", and a faller has one turn a pass at a
// table of any size, so two passes let one who was said to pick the card
// up after their turn keep it through only one of their own turns
// (TestPlayedThreePassesAfterPickedUp). Three is the least that covers
// two: every pass more is a pass in which a deal may be taken for a card
// played unseen. coveredFor is twice this, so it grew with it (4 -> 6).
const looseFor = 3

// swapLoose: card c, which the engine believes still in the deck, was just
// shown at player p's place as a rider, an Extra or a Stop, in pass pass.
// If a card dealt by hand to p was said picked up (notOnTop) at most
// looseFor passes before, c is that card: it takes the stand-in's place and
// the stand-in goes back to the deck. It reports whether it swapped.
//
// Only p's own card is taken: a rider may be played in front of any
// faller, but the card a faller picked up unseen could be any of the deck,
// and a rider-kind card dealt at another seat's turn is far likelier a
// deal than that very card played there.
func (g *Game) swapLoose(c, p, pass int) bool {
	if g.where[c].Zone != InDeck || g.cards[c].Kind == Ground {
		return false
	}
	s := g.latestPickedUp(p, pass)
	if s < 0 {
		return false
	}
	g.playedFor(s, c)
	return true
}

// heldStop is the stand-in, in player p's stacks, for a card dealt by hand
// that Stop c, which the engine believes in the deck, shown in the window
// of the Ground being dealt to p, may be: "Once you are holding a card, you
// may play it right away, or you may keep holding it", and a Stop is held
// for a Ground ("play the Stop as the Ground is being dealt to you"). The
// one said picked up last, however long ago (looseFor bounds the riders
// a card picked up may be taken for, which a Stop in its faller's own
// window is not); else one a later deal covered while still a guess
// (buriedGuess: grabbed first, "you can certainly grab the first one");
// else one still on top that was never asked for. -1 if none, or c is
// no deck Stop, or p did not claim a Stop ("A button press from seat N
// while a Ground is being dealt to N is N's Stop claim", product.md): a
// dealer who deals on in the window, with no claim, reads the next seat's
// card, and a Stop there saved a faller the table put out
// (TestHeldStopNeedsAClaim).
func (g *Game) heldStop(c, p int) int {
	if g.cards[c].Kind != Stop || g.where[c].Zone != InDeck || !g.pend.claimed {
		return -1
	}
	return g.heldStandIn(p)
}

// anothersStandInStop is heldStop for Stop c standing in for a card dealt
// by hand at another faller's stack, not in the deck, shown in the window
// of the Ground being dealt to p after p's claim: p's stand-in it may be,
// or -1.
func (g *Game) anothersStandInStop(c, p int) int {
	if g.cards[c].Kind != Stop || !g.standingIn(c) || g.where[c].Player == p || !g.pend.claimed {
		return -1
	}
	return g.heldStandIn(p)
}

// anothersPickedUpStop is heldStop for a claimant p with no stand-in of
// its own left, whose card dealt by hand the engine took for a guess come
// true: a card it stood in with, shown as a rider from p's stack
// (grabbedGuess, standInFound). That card may as well have been another
// faller's card dealt by hand, said picked up ("You may place a rider in
// front of any player, including yourself"): the stand-in is one deck
// card of many, and so is the card a faller picked up unseen. Stop c shown
// now at p's claim settles it: "Once you are holding a card, you may play
// it right away, or you may keep holding it", and a Stop is kept for "as
// the Ground is being dealt to you". The rider was the other faller's
// card, and c is p's: the other faller's stand-in said picked up, the
// last said of any, goes back to the deck for c. -1 if none, or c is no
// deck Stop, or p made no claim, or p has a stand-in of its own
// (heldStop), or no guess of p's was played as come true.
//
// With no other faller's card said picked up, the rider may still have
// been one never asked for: "You can only pick up the top card of your
// stack", and a faller may pick it up whenever they like, the dealer not
// asked (a guess on top, or covered since: anothersTopStandIn). Without it, the Stop was
// taken for the next seat's deal, the claimant put out and the lights a
// seat behind the table (messy 2000266 french, 2008725, 3008801).
func (g *Game) anothersPickedUpStop(c, p int) int {
	if g.cards[c].Kind != Stop || g.where[c].Zone != InDeck || !g.pend.claimed || g.heldStandIn(p) >= 0 || !g.guessPlayedFrom(p) {
		return -1
	}
	t := &g.table
	s := -1
	for q := range g.players {
		if q == p {
			continue
		}
		x := g.lastSaidPickedUp(q, g.pickedUpGuess)
		if x >= 0 && (s < 0 || t.loose[x] > t.loose[s]) {
			s = x
		}
	}
	if s < 0 {
		s = g.anothersTopStandIn(p)
	}
	return s
}

// anothersTopStandIn is a stand-in for a card dealt by hand, not a Ground,
// of a faller other than p, the first from p's left in the order of the
// deal: on top of a stack, never asked for, or covered by a later deal
// while still a guess (buriedGuess: "you can certainly grab the first
// one"). Either its faller may have picked up unseen; -1 if none.
func (g *Game) anothersTopStandIn(p int) int {
	n := len(g.players)
	for i := 1; i < n; i++ {
		q := (p + i) % n
		if x := g.blindTop(q, -1); x >= 0 && g.cards[x].Kind != Ground {
			return x
		}
		if x := g.buriedGuess(q, -1); x >= 0 {
			return x
		}
	}
	return -1
}

// guessPlayedFrom reports whether a card that once stood in for a card
// dealt by hand was played as a rider (or an Extra) from player p's
// stacks: the engine took it for p's card, the guess come true.
func (g *Game) guessPlayedFrom(p int) bool {
	for _, x := range g.table.inferred {
		if (x.Kind == InfRiderPlayed || x.Kind == InfExtraPlayed) && x.Card >= 0 && x.From.Zone == InStack && x.From.Player == p && g.table.guessed[x.Card] {
			return true
		}
	}
	return false
}

// tradeStandIns: stand-ins s and c, both guesses in stacks, trade places:
// c is seen where s stood, and s stands in where c did, keeping what the
// dealer said of that place (picked up or not, uncovered or not).
func (g *Game) tradeStandIns(s, c int) {
	t := &g.table
	w, ws := g.where[c], g.where[s]
	g.putAt(w, c, s)
	g.putAt(ws, s, c)
	t.blind[s], t.blind[c] = true, false
	t.loose[s], t.loose[c] = t.loose[c], 0
	t.uncovered[s], t.uncovered[c] = t.uncovered[c], t.uncovered[s]
	t.guess(s, c)
	t.swept[s], t.swept[c] = false, false
}

// tradeSweptGuess: card c, in the discard pile only as the engine's guess
// for a rider (or an Extra) named by hand and swept (namedGuess), is read
// for the card dealt by hand that stand-in s, of the same kind, stood in
// for. "Hold the deck face down, and deal from the top": c was still in
// the deck when the one named was shown, so that one was another of its
// kind. With none left in the deck, s is one whose place was only a
// guess, and now has none: s takes c's place in the discard pile, the
// named guess there, and c is seen where s stood, keeping what the dealer
// said of that place (uncovered or not).
func (g *Game) tradeSweptGuess(s, c int) {
	t := &g.table
	i := slices.Index(g.discard, c)
	g.putAt(g.where[s], s, c)
	g.discard[i] = s
	g.where[s] = Place{Zone: InDiscard}
	t.blind[s], t.blind[c] = t.blind[c], false
	t.loose[s], t.loose[c] = 0, 0
	t.uncovered[s], t.uncovered[c] = t.uncovered[c], t.uncovered[s]
	t.guess(s, c)
	t.swept[s], t.swept[c] = t.swept[c], false
	t.namedGuess[s], t.namedGuess[c] = true, false
}

// heldStandIn is the stand-in in player p's stacks heldStop takes: said
// picked up last, else covered while a guess, else a guess on top; -1 if
// none.
func (g *Game) heldStandIn(p int) int {
	s := g.lastSaidPickedUp(p, g.pickedUpGuess)
	if s < 0 {
		s = g.buriedGuess(p, -1)
	}
	if s < 0 {
		if x := g.blindTop(p, -1); x >= 0 && g.cards[x].Kind != Ground {
			s = x
		}
	}
	return s
}

// turnPass is the pass a turn of player p begun now is in: commitTurn's
// count, before it counts.
func (g *Game) turnPass(p int) int {
	if (g.addr.active && g.addr.player == p) || !(g.passes == 0 || p <= g.lastAddr) {
		return g.passes
	}
	return g.passes + 1
}

// latestPickedUp is the stand-in, in player p's stacks, for the card dealt
// by hand p was last said to have picked up within the window of pass (the
// likeliest still held); -1 if none.
func (g *Game) latestPickedUp(p, pass int) int {
	return g.lastSaidPickedUp(p, func(x int) bool { return g.pickedUp(x, p, pass) })
}

// pickedUpGuess reports whether card x stands in for a card dealt by
// hand, not a Ground, that the dealer said was picked up, however long
// ago.
func (g *Game) pickedUpGuess(x int) bool {
	t := &g.table
	return t.loose[x] != 0 && t.blind[x] && g.cards[x].Kind != Ground
}

// lastSaidPickedUp is, of player p's cards for which ok holds, the one the
// dealer said picked up last (the greatest loose mark); -1 if none. The
// card in p's hand is one of them: a stand-in said picked up from a stack
// it was the only card of lies there (heldAlone).
func (g *Game) lastSaidPickedUp(p int, ok func(x int) bool) int {
	s := -1
	take := func(x int) {
		if ok(x) && (s < 0 || g.table.loose[x] > g.table.loose[s]) {
			s = x
		}
	}
	if h := g.players[p].hand; h >= 0 {
		take(h)
	}
	for _, st := range g.players[p].stacks {
		for _, x := range st {
			take(x)
		}
	}
	return s
}

// pickedUpAnyone is the stand-in for the card dealt by hand that a rider
// the engine believes in the deck, which the dealer says lies as player
// p's rider (not dealt), most likely was: p's own said picked up last
// (latestPickedUp), else any faller's said picked up last, else one still
// a guess on top of a stack, p's first (never asked for, or the ask
// answered by a card refused), else one buried on the record (anyBlind).
// "You may place a rider in front of any player, including yourself", and
// a Move takes it on from there. Unlike swapLoose, which must weigh a read
// against a deal, the dealer has ruled the deal out. Each of these looks
// first at the fallers who may have played it: "Once you have hit the
// Ground, you can no longer play cards", and a rider a faller now out
// played before lies unmet only until p's first turn since
// (unmetSinceOut). Only where none of them has one is it a card of a
// faller out since (played after: a cheat the stand-in's guess cannot
// prove), which still goes back to the deck: the card left the deck dealt
// by hand, whoever played it, and taken from the deck instead it would
// leave the engine's deck a card short of the table's. -1 if none: the
// card went unread some other way.
func (g *Game) pickedUpAnyone(p, pass int) int {
	if s := g.latestPickedUp(p, pass); s >= 0 {
		return s
	}
	for _, after := range []bool{false, true} {
		may := func(q int) bool { return g.unmetSinceOut(q, p) != after }
		if s := g.anyPickedUp(pass, may); s >= 0 {
			return s
		}
		if s := g.anyBlindTop(p, may); s >= 0 {
			return s
		}
		if s := g.anyBlind(p, may); s >= 0 {
			return s
		}
	}
	return -1
}

// anyBlind is a non-Ground card dealt by hand, still a guess, anywhere in
// a stack of a faller q for whom may(q): player p's stacks first, then the
// next seats', each stack searched from its top down (the first stack
// holding one wins, however deep it lies).
// Buried on the record, it may not be at the table: the cards on it may
// have been picked up unseen. -1 if none.
func (g *Game) anyBlind(p int, may func(q int) bool) int {
	for i := range g.players {
		q := (p + i) % len(g.players)
		if !may(q) {
			continue
		}
		for _, st := range g.players[q].stacks {
			for j := len(st) - 1; j >= 0; j-- {
				if x := st[j]; g.table.blind[x] && g.cards[x].Kind != Ground {
					return x
				}
			}
		}
	}
	return -1
}

// anyPickedUp is latestPickedUp over every faller q for whom may(q): the
// one said picked up last; -1 if none.
func (g *Game) anyPickedUp(pass int, may func(q int) bool) int {
	s := -1
	for q := range g.players {
		if !may(q) {
			continue
		}
		if x := g.latestPickedUp(q, pass); x >= 0 && (s < 0 || g.table.loose[x] > g.table.loose[s]) {
			s = x
		}
	}
	return s
}

// anyBlindTop is a non-Ground card dealt by hand, still a guess, on top of
// a stack of a faller q for whom may(q): player p's first, then the next
// seats'. -1 if none.
func (g *Game) anyBlindTop(p int, may func(q int) bool) int {
	for i := range g.players {
		q := (p + i) % len(g.players)
		if !may(q) {
			continue
		}
		if x := g.blindTop(q, -1); x >= 0 && g.cards[x].Kind != Ground {
			return x
		}
	}
	return -1
}

// Holding reports whether player p holds a card, as far as the table can
// tell: one the engine knows, or the stand-in for a card dealt by hand
// that the dealer said p picked up from a stack it was the only card of
// (heldAlone), while a card shown may still be taken for it (pickedUp,
// looseFor passes). Past that no rider shown is taken for it: the faller
// has most likely played it unseen (a Move, a Stop on a rider), and the
// stand-in left in the hand is the engine's bookkeeping (a Stop shown for
// a Ground may still be that card, heldStop), not a card anyone saw held.
func (g *Game) Holding(p int) bool {
	h := g.players[p].hand
	return h >= 0 && (!g.Blind(h) || g.pickedUp(h, p, g.passes))
}

// pickedUp reports whether card x stands in for a card dealt by hand to
// player p that the dealer said was picked up at most looseFor passes
// before pass.
func (g *Game) pickedUp(x, p, pass int) bool {
	t := &g.table
	at := t.loose[x]
	return at != 0 && g.standingIn(x) && g.where[x].Player == p &&
		g.cards[x].Kind != Ground && pass <= at-1+looseFor
}

// AskFor reports whether a card dealt by hand, still a guess, tops a stack
// of player p and was not said picked up: the dealer may ask to have it
// scanned (Identify). blindTop prefers such a card to one said picked up,
// so the one it finds tells.
func (g *Game) AskFor(p int) bool { return g.askTop(p) >= 0 }

// askTop is the card dealt by hand AskFor asks player p's dealer to scan;
// -1 if none.
func (g *Game) askTop(p int) int {
	if p < 0 || p >= len(g.players) || len(g.table.loose) != len(g.cards) {
		return -1
	}
	if s := g.blindTop(p, -1); s >= 0 && g.table.loose[s] == 0 {
		return s
	}
	return -1
}

// AskStack is the stack (counted from 1, as the screen names it:
// StackNumber, a stack said not there mid-address uncounted) whose
// top AskFor finds for player p, the card dealt by hand the dealer is
// asked to scan; 0 if AskFor is false. The dealer, who picks a card up
// from one stack to pass it over the reader, answers for that stack
// (IdentifyAt, NotOnTopAt).
func (g *Game) AskStack(p int) int {
	if s := g.askTop(p); s >= 0 {
		return g.StackNumber(p, g.where[s].Stack)
	}
	return 0
}

// UnderGuess reports whether card id, read for the card dealt by hand to
// seat and refused, is a card whose place is no guess (not one dealt by
// hand, nor in a stack knocked over and gathered back) that lies in the
// same stack under the one the dealer's n would name (NotOnTop): "You can only pick
// up the top card of your stack", so the card under it on top says the
// card dealt by hand is no longer there. A dealer who remembers only the
// face of the card they dealt by hand scans the one under it when the two
// look alike.
func (g *Game) UnderGuess(seat int, id string) bool {
	p, c := g.PlayerAt(seat), -1
	if i, ok := g.index[id]; ok {
		c = i
	}
	if p < 0 || c < 0 || !g.AskFor(p) || g.Guessed(c) {
		return false
	}
	w, ws := g.where[c], g.where[g.blindTop(p, -1)]
	return w.Zone == InStack && w.Player == p && w.Stack == ws.Stack
}

// PlayedUnseen is the seat of the faller whose card dealt by hand card c,
// just read, may be, picked up unseen and played as a turn begins, rather
// than that turn's deal: c is a rider that deals (no Skip, no Chute) or
// an Extra, a turn begins with a card due, and c is one the engine
// believes in the deck (pickedUpUnseen), the very stand-in for that card
// (grabbedGuess), or a stand-in for another card dealt by hand, whose
// place is only a guess (pickedUpUnseen again); 0 for none. The engine cannot tell the two apart (the dealer can: a rider
// shown is followed by the deal in the same beat), and Identify then says
// which card it was.
func (g *Game) PlayedUnseen(c int) int {
	in, ok := g.shownAtTurn(c)
	if !ok {
		return 0
	}
	return g.unseenAt(c, in)
}

// shownAtTurn reports whether card c, just read, is one a hold can judge
// shown as a turn begins rather than dealt (PlayedUnseen), with the
// instruction it is read at: a rider that deals (no Skip, no Chute) or an
// Extra, read where a turn begins with a card due.
func (g *Game) shownAtTurn(c int) (Instruction, bool) {
	if c < 0 || c >= len(g.cards) || len(g.table.loose) != len(g.cards) {
		// (A hand never observed has no record of cards dealt by hand.)
		return Instruction{}, false
	}
	switch k := g.cards[c].Kind; {
	case !(k.IsRider() || k == Extra):
		return Instruction{}, false
	case k == Skip || k == Chute:
		// "SKIP: Deal no cards to this player": shown, it is followed by no
		// read in the same beat, as a deal is not either, so time cannot
		// tell the two apart and a hold would judge it dealt every time.
		// The read is left to the engine (a seat's own card said picked
		// up takes it: swapLoose).
		return Instruction{}, false
	}
	in := g.Next()
	return in, in.Action == ActDeal && in.First
}

// PlayedUnasked reports whether card c, just read, may be the card dealt by
// hand on top of a stack of the faller at seat, picked up unseen and played
// as a turn begins, where the dealer could not yet be asked for that card
// (only the dealer knows: the reader was gone until a card was due, and a
// read while one is due is that card). "You can only pick up the top card
// of your stack", and "You may place a rider in front of any player,
// including yourself": never asked for, the top card may be in its
// faller's hand, and nothing said so (PlayedUnseen offers only cards said
// picked up or covered, as the dealer is asked for every top). c is read
// as PlayedUnseen's (shownAtTurn), from the deck or the place of a card
// dealt by hand (a guess, the top's own stand-in too): told which card it
// was, Identify takes the top.
func (g *Game) PlayedUnasked(c, seat int) bool {
	p := g.PlayerAt(seat)
	if _, ok := g.shownAtTurn(c); !ok || p < 0 || g.players[p].out || !g.AskFor(p) {
		return false
	}
	return g.where[c].Zone == InDeck || g.standingIn(c)
}

// ExtraShownUnseen is the seat of the faller whose card dealt by hand c, an
// Extra just read from the deck (or a stand-in's place) as the first deal
// of an address whose rider was shown and nothing dealt yet, may be: picked
// up unseen and shown on that rider ("To play an Extra, lay it on top of
// the rider you wish to modify, overlapping it so the dealer can still read
// both cards"); 0 for none. Unlike PlayedUnseen, the dealer's hold cannot
// judge it: "EXTRA HIT: After dealing normally, deal two extra cards to
// each stack", and a Hit's cards come one after another as a card shown
// and its deal do, so only the dealer, who sees the light ask for fewer
// cards than the Extra shown owes, can say so (the misread:
// shownAfterAll). Asked of the hand before the read.
func (g *Game) ExtraShownUnseen(c int) int {
	if c < 0 || c >= len(g.cards) || len(g.table.loose) != len(g.cards) || g.cards[c].Kind != Extra {
		return 0
	}
	in := g.Next()
	a := &g.addr
	if in.First || in.Rider == NoKind || !a.active || a.player != in.Player || !a.noneDealt() {
		return 0
	}
	if p := in.Player; g.players[p].rider < 0 || !g.opt.extrasAllowed(len(g.players[p].extras)) {
		return 0 // "A rider can only have one Extra at a time"
	}
	switch {
	case in.Action == ActDeal:
	case (in.Action == ActSweep || in.Action == ActPass) && (in.Rider == Skip || in.Rider == Chute) && in.Extras == 0:
		// "EXTRA SKIP: Deal no cards to this player": the Extra comes
		// right after its Skip, where the next seat's deal waits for the
		// beat that sweeps the Skip.
	default:
		return 0
	}
	return g.unseenAt(c, in)
}

// unseenAt is PlayedUnseen's seat for c, read where in asks for a deal.
func (g *Game) unseenAt(c int, in Instruction) int {
	w := g.where[c]
	switch {
	case w.Zone == InDeck:
		return g.pickedUpUnseen(in.Player)
	case g.standingIn(c) && g.grabbedGuess(c, w.Player, in.Player, g.turnPass(in.Player)):
		// The guess came true: c stood in for that very card.
		return g.players[w.Player].seat
	case g.standingIn(c):
		// c stands in for another card dealt by hand, a guess: where the
		// real c lay is unknown, and it may be the card picked up.
		return g.pickedUpUnseen(in.Player)
	}
	return 0
}

// grabbedGuess reports whether card c, in player q's stacks, stands in for
// a card dealt by hand that q may have picked up (said so within the
// window of pass, or covered before it could be asked for), with no other
// card dealt by hand, not yet asked for, on top of q's stacks (Identify
// would take that one), as player p's turn begins. q may be out by now:
// the card was played before ("Once you have hit the Ground, you can no
// longer play cards"), and the rider waits where it lies for its seat's
// next turn, and no later (unmetSinceOut).
func (g *Game) grabbedGuess(c, q, p, pass int) bool {
	if !g.unmetSinceOut(q, p) || g.otherBlindTop(q, pass) {
		return false
	}
	return g.pickedUp(c, q, pass) || g.buriedGuess(q, c) == c
}

// pickedUpUnseen is the seat of the faller whose card dealt by hand a
// rider or an Extra read from the deck as p's turn begins may be, played
// in front of p; 0 for none (PlayedUnseen checks the hand was observed). In order:
//   - p's own card said picked up (NotOnTop) within the window of this
//     turn: a plain read takes it for that card (swapLoose), so the
//     dealer, who holds it, tells the engine when it was dealt instead
//     (ScanDealt); none if another card dealt by hand, not yet asked for,
//     tops p's stacks (Identify would take it), unless that one came on
//     top again since it was covered (uncoveredGuess, below): Identify
//     takes it, and p may have picked it up as well ("You can only pick
//     up the top card of your stack"; TestExtraOnItsRiderFromAnUncoveredGuess);
//   - another faller's card said picked up within that window (its
//     stand-in since buried or not), the one picked up first, where no
//     other card dealt by hand tops that faller's stacks (Identify would
//     take it);
//   - p's own card dealt by hand that a later deal covered before the
//     dealer could be asked for it (buriedGuess), then another faller's:
//     the faller may have picked it up before it was covered, and no one
//     said so, since the dealer is asked only for the cards on top. Still
//     so once the card on it was played and shown, and it is on top again
//     (uncoveredGuess): the dealer is asked for it then (Uncovered) only
//     while the reader reads, and until they answer no one has said it.
//
// Another faller may be out by now: a rider played before they hit the
// ground waits for p's next turn, and no later (unmetSinceOut;
// TestPlayedUnseenByAFallerNowOut).
func (g *Game) pickedUpUnseen(p int) int {
	pass := g.turnPass(p)
	if g.latestPickedUp(p, pass) >= 0 {
		if g.otherBlindTop(p, pass) && !g.uncoveredGuess(p) {
			return 0
		}
		return g.players[p].seat
	}
	seat, at := 0, 0
	for q := range g.players {
		if q == p || !g.unmetSinceOut(q, p) {
			continue
		}
		x := g.latestPickedUp(q, pass)
		if x < 0 || g.otherBlindTop(q, pass) {
			continue
		}
		if at == 0 || g.table.loose[x] < at {
			seat, at = g.players[q].seat, g.table.loose[x] // the one picked up first
		}
	}
	if seat != 0 {
		return seat
	}
	for i := range g.players {
		q := (p + i) % len(g.players) // p's own first
		if !g.unmetSinceOut(q, p) {
			continue
		}
		if g.latestPickedUp(q, pass) >= 0 {
			continue // Identify would take that card, not the buried one
		}
		if g.uncoveredGuess(q) {
			return g.players[q].seat
		}
		if g.otherBlindTop(q, pass) {
			continue // Identify would take that card, not the buried one
		}
		if g.buriedGuess(q, -1) >= 0 {
			return g.players[q].seat
		}
	}
	return 0
}

// uncoveredGuess reports whether a card dealt by hand, still a guess and
// not said picked up, tops a stack of player q after a card on it was
// played and shown since it was dealt, and is the only such card on top
// of q's stacks (Identify takes the one on top: it must be this one).
// "You can only pick up the top card of your stack": q may have grabbed
// it before it was covered, or since it came on top again, and the dealer
// was asked for neither (buriedGuess offers it only while covered). A
// faller who is out is asked for nothing (otherBlindTop).
func (g *Game) uncoveredGuess(q int) bool {
	if g.players[q].out {
		return false
	}
	found := false
	for _, st := range g.players[q].stacks {
		n := len(st)
		if n == 0 || !g.table.blind[st[n-1]] || g.table.loose[st[n-1]] != 0 {
			continue
		}
		x := st[n-1]
		if g.cards[x].Kind == Ground || !g.table.uncovered[x] {
			return false // a card on top not yet asked for: Identify would take it
		}
		found = true
	}
	return found
}

// unmetSinceOut reports whether a rider faller q played may still lie
// unmet in front of player p as p's turn begins now: always while q is in;
// once q is out ("Once you have hit the Ground, you can no longer play
// cards"), only until p's first turn since, for "When you encounter a
// rider, you follow the card's meaning, and then sweep the rider" (a
// seat after q meets it in the pass q went out in, one before q in the
// next). The stacks of a faller who is out grow no more, so the card
// under their Ground would otherwise be offered to the end of the hand.
func (g *Game) unmetSinceOut(q, p int) bool {
	pl := &g.players[q]
	if !pl.out {
		return true
	}
	last := pl.outPass
	if p < q {
		last++
	}
	return g.turnPass(p) <= last
}

// coveredFor is how many cards may lie on a card dealt by hand for it to be
// taken still for one its faller may have grabbed before the first of them
// covered it (buriedGuess): a stack gains a card a pass, two with a Hit, so
// about the looseFor passes a card said picked up is looked for. Deeper, it
// was grabbed, if at all, long ago; and offering it to the end of the hand
// would keep every rider read from the deck as a turn begins held, so that
// any card read at once after one (a stray, two dealt at once) would make
// it a rider played.
const coveredFor = 2 * looseFor

// buriedGuess is the stand-in, in player p's stacks, for a card dealt by
// hand that a later deal covered while it was still a guess and not said
// picked up: c itself if it is one (the guess was right), else the one
// under the fewest cards, -1 if none. It was the top of its stack until
// covered, so its faller may have picked it up ("You can only pick up the
// top card of your stack"); a Ground is never picked up, it lands. Only a
// card under at most coveredFor others counts (see there).
func (g *Game) buriedGuess(p, c int) int {
	s, depth := -1, 0
	for _, st := range g.players[p].stacks {
		first := true // the topmost in this stack
		for i := len(st) - 2; i >= 0 && len(st)-1-i <= coveredFor; i-- {
			x := st[i]
			if !g.table.blind[x] || g.table.loose[x] != 0 || g.cards[x].Kind == Ground {
				continue
			}
			if x == c {
				return c
			}
			if d := len(st) - 1 - i; first && (s < 0 || d < depth) {
				s, depth = x, d
			}
			first = false
		}
	}
	return s
}

// otherBlindTop reports whether a card dealt by hand not said picked up
// within the window of pass tops a stack of player q: Identify would take
// it for the card read. Never for a faller who is out: the dealer asks
// only those still in (their cards are gathered under the Ground).
func (g *Game) otherBlindTop(q, pass int) bool {
	if g.players[q].out {
		return false
	}
	for _, st := range g.players[q].stacks {
		if n := len(st); n > 0 && g.table.blind[st[n-1]] && !g.pickedUp(st[n-1], q, pass) {
			return true
		}
	}
	return false
}

// CoveredGuesses are the cards dealt by hand, still guesses, that lie
// under another card in a stack of a faller still in: never asked for
// while covered (AskFor looks at the tops). Given back to Uncovered after
// an event, they tell which came to the top.
func (g *Game) CoveredGuesses() []int {
	var cs []int
	if len(g.table.blind) != len(g.cards) {
		return nil // (A hand never observed has no card dealt by hand.)
	}
	for p := range g.players {
		if g.players[p].out {
			continue
		}
		for _, st := range g.players[p].stacks {
			for _, x := range st[:max(len(st)-1, 0)] {
				if g.table.blind[x] {
					cs = append(cs, x)
				}
			}
		}
	}
	return cs
}

// Uncovered is the seat of a faller one of the cards covered (from
// CoveredGuesses before an event) now tops a stack of, still a guess that
// AskFor would have the dealer asked about: the card laid on it was shown,
// picked up and played ("You can only pick up the top card of your
// stack"), and its faller may pick it up next. 0 for none.
func (g *Game) Uncovered(covered []int) int {
	for _, c := range covered {
		w := g.where[c]
		if w.Zone != InStack || !g.table.blind[c] || g.players[w.Player].out || !g.AskFor(w.Player) {
			continue
		}
		if st := g.players[w.Player].stacks[w.Stack]; st[len(st)-1] == c {
			return g.players[w.Player].seat
		}
	}
	return 0
}

// ExtraLeftRiderless reports whether card c, an Extra read as a turn
// begins and held as one the faller at seat may have picked up unseen and
// shown (PlayedUnseen), would, told so (Identify, then the read), wait for
// a rider that e, the next thing read or said, does not bring: "An Extra
// card modifies a rider", and "To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards". With no rider in play for it, an Extra shown comes with its
// rider, read first or right after it; anything else read at once (the
// deal, say) shows the Extra was not shown but dealt. False for any other
// card, or one the engine would refuse so told. Asked on a copy.
func (g *Game) ExtraLeftRiderless(seat, c int, e Event) bool {
	if c < 0 || c >= len(g.cards) || g.cards[c].Kind != Extra {
		return false
	}
	try := g.Clone()
	if try.Observe(Identify(seat, g.cards[c].ID)) != nil || try.Observe(Scan(g.cards[c].ID)) != nil {
		return false
	}
	if try.where[c].Zone == AsExtra {
		return false // laid on a rider in play
	}
	_ = try.Observe(e) // refused, it brings no rider either
	return try.where[c].Zone != AsExtra
}
