package game

import "slices"

// Stand-ins: a card confirmed by hand (a deal the reader missed, a rider
// named from the panel) is a card of the engine's deck standing in for
// the real one, a guess. These pick the stand-in, mend the guess when the
// real card turns up (read being dealt, shown, identified), and answer
// what a guess may still be.

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
func (g *Game) dealtByHandAs(k Kind, p int) int {
	d := g.deckCard(k)
	t := &g.table
	// Lower keys are likelier: a faller still in, said picked up, the
	// faller at whose turn it is shown (the latest said picked up of the
	// others), nearest the top, the very kind named.
	s, best := -1, [5]int{}
	for q := range g.players {
		for _, st := range g.players[q].stacks {
			for i, x := range st {
				if !t.blind[x] || g.cards[x].Kind == Ground || (d < 0 && g.cards[x].Kind != k) {
					continue
				}
				key := [5]int{0, 1, 1, len(st) - 1 - i, 1}
				if q == p {
					key[2] = 0
				}
				if g.players[q].out {
					key[0] = 1
				}
				if t.loose[x] != 0 {
					key[1], key[3] = 0, -t.loose[x]
				}
				if g.cards[x].Kind == k {
					key[4] = 0
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
		t.blind[s], t.loose[s], t.swept[s] = false, 0, false
		t.guess(s)
		return s
	}
	g.playedFor(s, d)
	return d
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
	if (w.Zone != InStack && w.Zone != InDiscard && w.Zone != InHand) || !g.table.blind[c] {
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
	if d < 0 {
		d = g.standInOfKind(g.cards[c].Kind)
	}
	if d < 0 || !g.standInFor(c, d) {
		return false
	}
	t.namedGuess[c], t.namedGuess[d] = false, true
	return true
}

// unguessShown is unguessNamed for a guess not yet swept: card c, read
// now for a card dealt by hand (identify), lies as a rider or an Extra in
// front of a seat only as the engine's guess for one named by hand there,
// taken from its deck and never read since (namedGuess). "Hold the deck
// face down, and deal from the top": read as a card dealt, c was still in
// the deck when the one named was shown, which was another of its kind.
// The deck card of that kind nearest the top stands in there instead
// (the rider in force too, and the cards shown at the address), and c
// goes back to the deck for the caller to take. It reports whether one
// did.
func (g *Game) unguessShown(c int) bool {
	t := &g.table
	w := g.where[c]
	if !t.namedGuess[c] || (w.Zone != AsRider && w.Zone != AsExtra) {
		return false
	}
	d := g.deckCard(g.cards[c].Kind)
	if d < 0 {
		return false
	}
	pl := &g.players[w.Player]
	var slot *int
	switch i := slices.Index(pl.extras, c); {
	case w.Zone == AsRider && pl.rider == c:
		slot = &pl.rider
	case w.Zone == AsExtra && i >= 0:
		slot = &pl.extras[i]
	default:
		return false
	}
	if g.addr.rider == c {
		g.addr.rider = d
	}
	for i, x := range t.shown {
		if x == c {
			t.shown[i] = d
		}
	}
	g.removeFromDeck(d)
	g.swapStandIn(slot, c, d, InDeck)
	t.namedGuess[c], t.namedGuess[d] = false, true
	return true
}

// standInOfKind: no deck card of kind k is left to stand in for a card
// shown and named by hand, though c of that kind, read being dealt, was
// still in the deck. Every other card of kind k the engine has placed was
// read where it lies, or stands in a stack for a card dealt by hand: the
// card shown was one of those, the deal it stands in some other card. A
// deck card (not a Ground: "put the Grounds at the bottom") stands in that
// deal instead, and the one of kind k goes back to the deck for the caller
// to take. It returns that card, or -1 if there is none.
func (g *Game) standInOfKind(k Kind) int {
	r := g.blindCard()
	if r < 0 || g.cards[r].Kind == Ground {
		return -1
	}
	for q := range g.players {
		for _, st := range g.players[q].stacks {
			for i := len(st) - 1; i >= 0; i-- {
				if x := st[i]; g.table.blind[x] && g.cards[x].Kind == k && g.standInFor(x, r) {
					return x
				}
			}
		}
	}
	return -1
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
	case InHand:
		if pl := &g.players[w.Player]; pl.hand == c {
			slot = &pl.hand // heldAlone
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
// stood in for one the reader did not see (stoodIn) proves nothing of who
// holds it; a card of a stack knocked over and gathered back does, its
// order the guess, not whose it is (orderGuess).
func (g *Game) pickedUpByAnother(c, p int) bool {
	if g.stoodIn(c) {
		return false
	}
	x, ok := g.lastInferred(c)
	return ok && x.Kind == InfStackGone && x.Player != p
}

// blindCard chooses the deck card a hand-confirmed deal stands for: the
// Grounds are at the bottom, so it is a non-Ground while any is left.
func (g *Game) blindCard() int { return g.blindCardBut(-1) }

// blindCardBut is blindCard with deck card but set aside (-1: none).
func (g *Game) blindCardBut(but int) int {
	ground := -1
	for i := len(g.deck) - 1; i >= 0; i-- {
		c := g.deck[i]
		if c == but {
			continue
		}
		if g.cards[c].Kind != Ground {
			return c
		}
		ground = c
	}
	return ground
}

// standingIn reports whether card c lies in a stack standing in for a
// card dealt by hand, or in the hand of the faller who picked that card
// up (heldAlone): where the real c lay is unknown.
func (g *Game) standingIn(c int) bool {
	z := g.where[c].Zone
	return (z == InStack || z == InHand) && g.table.blind[c]
}

// playedFor: deck card c was the card dealt by hand that stand-in s stood
// for, picked up unseen and played. c takes s's place, no longer a guess of
// the deal but the card seen, and s goes back to the deck. Which card the
// faller had is still a guess, and the one really dealt by hand may lie in
// the engine's deck: the deck is partly a guess from now on
// (NextTurnsDeal).
func (g *Game) playedFor(s, c int) {
	t := &g.table
	if g.pend.active && g.pend.card == s && !g.pendingIsGround() {
		// Picked up and played, the card is no longer being dealt: its
		// chance to be Stopped as it is dealt (French rules) is over, as
		// the dealer's next step would end it. Left open, it would Stop
		// the card that went back to the deck.
		g.settle()
	}
	g.removeFromDeck(c)
	g.putAt(g.where[s], s, c)
	g.deck = append(g.deck, s)
	g.where[s] = Place{Zone: InDeck}
	t.blind[s], t.blind[c] = false, false
	t.loose[s], t.loose[c] = 0, 0
	t.guess(s, c)
	t.swept[s], t.swept[c] = false, false
	t.deckGuess = true
}

// putAt puts card to in the stack slot at w that card from holds, or in
// the hand at w (heldAlone).
func (g *Game) putAt(w Place, from, to int) {
	if w.Zone == InHand {
		g.players[w.Player].hand = to
		g.where[to] = w
		return
	}
	st := g.players[w.Player].stacks[w.Stack]
	for i := len(st) - 1; i >= 0; i-- {
		if st[i] == from {
			st[i] = to
			break
		}
	}
	g.where[to] = w
}
