package game

// The full-information moves: the dealer's step, a faller picking up and
// playing. The simulator's truth and a replayed log make them directly; a
// real table's observations are reconciled into them (observe.go).

// --- the dealer -----------------------------------------------------------

func (g *Game) step() error {
	if g.winner >= 0 {
		return refuse(RuleGameOver, "the dealer cannot deal on")
	}
	g.last.active = false
	if g.pend.active {
		if g.pendingIsGround() {
			g.land()
			return nil
		}
		// Not stopped in time: it stays. (This is settle, written out so
		// that tidy is inlined here, on most dealer steps.)
		g.pend.active = false
		g.tidy(g.pend.player)
	}
	if !g.addr.active {
		g.begin(g.nextPlayer())
	}
	g.act()
	return nil
}

// settle ends the chance to Stop the last card dealt, which was not a
// Ground: it stays where it was dealt.
func (g *Game) settle() {
	if g.pend.active {
		g.pend.active = false
		g.tidy(g.pend.player)
	}
}

// land knocks out the player a Ground was dealt to. "Once a player gets a
// Ground card, she is out of the game."
func (g *Game) land() {
	p := g.pend.player
	g.pend.active = false
	g.players[p].out = true
	g.players[p].outPass = g.passes
	g.inPlay--
	if g.addr.active && g.addr.player == p {
		g.addr.active = false // "You don't deal to her"
	}
	if g.InPlay() == 1 {
		for i := range g.players {
			if !g.players[i].out {
				g.winner = i
			}
		}
	}
	g.tidy(p)
}

// nextPlayer returns the next faller still in, clockwise, and advances the
// turn past them. A pass starts whenever the dealer comes round again.
func (g *Game) nextPlayer() int {
	p := g.turn
	for range g.players {
		if !g.players[p].out {
			if g.passes == 0 || p <= g.lastAddr {
				g.passes++
			}
			g.lastAddr = p
			g.turn = g.after(p)
			g.addrSeq++
			return p
		}
		p = g.after(p)
	}
	return 0 // unreachable while the hand has no winner: two fallers are in
}

// after is the player clockwise after p. It wraps round with a comparison,
// not a division: the dealer asks on every address.
func (g *Game) after(p int) int {
	if p++; p == len(g.players) {
		return 0
	}
	return p
}

// plan works out what addressing player p means, from the rider in
// front of them now. It fills a in place: the address is some hundred
// bytes, and the dealer starts one most steps.
func (g *Game) plan(p int, a *address) {
	pl := &g.players[p]
	*a = address{active: true, player: p, rider: pl.rider, extras: len(pl.extras)}
	a.slots = len(pl.stacks)
	if a.slots == 0 {
		a.slots = 1 // "If a player has no stacks at all, you must start a new one."
	}
	if a.rider >= 0 {
		a.kind = g.cards[a.rider].Kind
	}
	switch a.kind {
	case NoKind, Goggles:
		// "GOGGLES: This card does nothing. The dealer can just ignore it and deal."
		a.rounds = 1
	case Hit, Anvil:
		// "HIT: After dealing normally, deal a second card into each of this player's stacks."
		// "EXTRA HIT: After dealing normally, deal two extra cards to each stack."
		a.rounds = g.opt.hitRounds(a.extras)
	case Split:
		// "SPLIT: After dealing normally, deal this player one more card as the start of a new stack."
		// "EXTRA SPLIT: After dealing normally, start two new stacks."
		a.rounds = 1
		a.newStacks = 1 + a.extras
	case Skip, Chute:
		// "SKIP: Deal no cards to this player."
	}
	switch {
	case a.kind == NoKind:
	case a.kind.IsPermanent():
		// "If it has an Extra, the dealer treats it like an Extra Hit, but sweeps only the Extra."
		a.sweep = a.extras
		if a.kind == Chute && a.sweep > 1 {
			a.sweep = 1 // a Chute is a permanent Skip: Extras are used up one pass at a time
		}
	case a.kind == Skip && a.extras > 0:
		// "EXTRA SKIP: Deal no cards to this player, and sweep away only the Extra card. (The Skip remains.)"
		a.sweep = 1
	default:
		// "(Sweep away the Extra and the Hit.)"
		a.sweepRide = true
		a.sweep = 1 + a.extras
	}
	a.pass = a.deals() == 0 && a.sweep == 0
}

func (g *Game) begin(p int) { g.plan(p, &g.addr) }

// act carries out the next action of the current address.
func (g *Game) act() {
	a := &g.addr
	a.skipGone()
	if a.done < a.deals() {
		g.deal(a.player, a.slot(a.done))
		a.done++
		a.skipGone()
		if a.done == a.deals() && a.sweep == 0 {
			// endAddress without its tidy: the card just dealt can still
			// be stopped, so the stacks stay until it settles.
			a.active = false
		}
		return
	}
	if a.sweep > 0 {
		g.sweep()
	}
	g.endAddress()
}

func (g *Game) endAddress() {
	p := g.addr.player
	g.addr.active = false
	g.tidy(p)
}

// deal puts the top card of the deck, or an imaginary Ground once the deck is
// empty, into stack s of player p.
func (g *Game) deal(p, s int) {
	st := g.stack(p, s)
	g.dealt++
	if len(g.deck) == 0 || g.groundsOut {
		// "There are only five Ground cards, but there is an unlimited supply of ground."
		g.emptied(p) // the stack it lands on may be a new one, left empty
		g.imag++
		g.pend = pending{active: true, player: p, card: -1, ground: true}
		return
	}
	top := len(g.deck) - 1
	c := g.deck[top]
	g.deck = g.deck[:top]
	ground := g.cards[c].Kind == Ground
	if ground {
		g.grounds--
	}
	g.putOnStack(st, c, p, s)
	g.pend = pending{active: true, player: p, card: c, ground: ground}
}

// dealCard is deal for a card chosen by the reader rather than the deck's
// top: at a real table the deck's order is unknown.
func (g *Game) dealCard(c, p, s int) {
	st := g.stack(p, s)
	g.dealt++
	g.removeFromDeck(c)
	g.putOnStack(st, c, p, s)
	g.pend = pending{active: true, player: p, card: c, ground: g.cards[c].Kind == Ground}
}

// stack is player p's stack s about to be dealt into, starting new stacks up
// to it if need be. A deal finds the stack once and works through the
// pointer.
func (g *Game) stack(p, s int) *[]int {
	pl := &g.players[p]
	for len(pl.stacks) <= s {
		if len(pl.stacks) < s {
			g.emptied(p) // a new stack before s stays empty
		}
		pl.stacks = appendStack(pl.stacks)
	}
	return &pl.stacks[s]
}

func appendStack(st [][]int) [][]int {
	if len(st) < cap(st) {
		st = st[:len(st)+1]
		st[len(st)-1] = st[len(st)-1][:0]
		return st
	}
	return append(st, make([]int, 0, 8))
}

// putOnStack puts card c on st, player p's stack s: nothing has left from
// on top of it there yet (tableState.uncovered).
func (g *Game) putOnStack(st *[]int, c, p, s int) {
	*st = append(*st, c)
	g.where[c] = Place{Zone: InStack, Player: p, Stack: s}
	if c < len(g.table.uncovered) {
		g.table.uncovered[c], g.table.placeGuess[c] = false, false
	}
}

func (g *Game) removeFromDeck(c int) {
	for i := len(g.deck) - 1; i >= 0; i-- {
		if g.deck[i] == c {
			if g.cards[c].Kind == Ground {
				g.grounds--
			}
			copy(g.deck[i:], g.deck[i+1:])
			g.deck = g.deck[:len(g.deck)-1]
			return
		}
	}
}

func (g *Game) toDiscard(c int) {
	g.discard = append(g.discard, c)
	g.where[c] = Place{Zone: InDiscard}
}

// sweep clears the frozen rider's cards: the rider and its Extras, or only
// Extras for a permanent rider or an Extra Skip.
func (g *Game) sweep() {
	a := &g.addr
	pl := &g.players[a.player]
	n := a.sweep
	if a.sweepRide {
		g.toDiscard(pl.rider)
		pl.rider = -1
		n--
	}
	for i := 0; i < n && len(pl.extras) > 0; i++ {
		g.toDiscard(pl.extras[0])
		pl.extras = append(pl.extras[:0], pl.extras[1:]...)
	}
}

// tidy removes player p's empty stacks: "Extra stacks disappear once they are
// empty, so you don't have to remember anything beyond the first." Stacks
// stay put while the dealer is dealing into them, or while a card just dealt
// there can still be stopped.
//
// It runs after most deals and pick-ups and nearly always has nothing to
// do, so it first asks untidy, and is small enough to be inlined.
func (g *Game) tidy(p int) {
	if g.untidy&(1<<p) != 0 {
		g.dropEmpty(p)
	}
}

// emptied notes that player p may now have an empty stack. Everywhere a
// stack empties or starts empty says so, and tidy skips everyone else;
// Check holds the engine to it.
func (g *Game) emptied(p int) { g.untidy |= 1 << p }

// dropEmpty is tidy's work, for a player who may have an empty stack.
func (g *Game) dropEmpty(p int) {
	if (g.addr.active && g.addr.player == p) || (g.pend.active && g.pend.player == p) {
		return // later, then: the bit stays
	}
	g.untidy &^= 1 << p
	pl := &g.players[p]
	j := 0
	for i, st := range pl.stacks {
		if len(st) == 0 {
			continue
		}
		if i != j {
			pl.stacks[i], pl.stacks[j] = pl.stacks[j], pl.stacks[i]
			for _, c := range pl.stacks[j] {
				g.where[c].Stack = j
			}
		}
		j++
	}
	pl.stacks = pl.stacks[:j]
}

// --- the fallers ----------------------------------------------------------

func (g *Game) checkFaller(p int) error {
	if g.winner >= 0 {
		return refuse(RuleGameOver, "no more plays")
	}
	if p < 0 || p >= len(g.players) {
		return refuse(RuleNoPlayer, "player %d", p)
	}
	if g.players[p].out {
		return refuse(RuleOut, "seat %d is out", g.players[p].seat)
	}
	return nil
}

func (g *Game) pickUp(p, s int) error {
	if err := g.checkFaller(p); err != nil {
		return err
	}
	pl := &g.players[p]
	if pl.hand >= 0 {
		return refuse(RuleOneCardInHand, "seat %d already holds %v", pl.seat, g.cards[pl.hand])
	}
	if s < 0 || s >= len(pl.stacks) || len(pl.stacks[s]) == 0 {
		return refuse(RuleNoSuchStack, "seat %d has no stack %d", pl.seat, s)
	}
	st := pl.stacks[s]
	c := st[len(st)-1]
	if g.cards[c].Kind == Ground {
		return refuse(RuleGroundNotPlayable, "seat %d reaches for a Ground", pl.seat)
	}
	g.intoHand(p, s)
	return nil
}

// intoHand moves the top card of player p's stack s into p's hand: a
// pick-up, or the engine's stand-in for a card said picked up
// (heldAlone).
func (g *Game) intoHand(p, s int) {
	pl := &g.players[p]
	st := pl.stacks[s]
	c := st[len(st)-1]
	pl.stacks[s] = st[:len(st)-1]
	if len(st) == 1 {
		g.emptied(p)
	}
	pl.hand = c
	g.where[c] = Place{Zone: InHand, Player: p}
	if g.pend.active && g.pend.card == c {
		g.pend.active = false // "you can certainly grab the first one. But only if you are fast!"
	}
	g.tidy(p)
}

// frozen reports whether player p's rider is the one the dealer is carrying
// out right now.
func (g *Game) frozen(p int) bool {
	a := &g.addr
	return a.active && a.player == p && a.rider >= 0 && g.players[p].rider == a.rider
}

func (g *Game) checkTarget(p, t int) error {
	if t < 0 || t >= len(g.players) {
		return refuse(RuleNoPlayer, "target player %d", t)
	}
	if g.players[t].out {
		return refuse(RuleOut, "seat %d is out", g.players[t].seat)
	}
	return nil
}

func (g *Game) play(p, t int, on StopOn) error {
	if err := g.checkFaller(p); err != nil {
		return err
	}
	pl := &g.players[p]
	if pl.hand < 0 {
		return refuse(RuleEmptyHand, "seat %d holds nothing", pl.seat)
	}
	c := pl.hand
	k := g.cards[c].Kind
	if g.pend.active && g.pend.player == p && g.pendingIsGround() && k != Stop {
		return refuse(RuleGroundPending, "seat %d plays %v while a Ground lands on them", pl.seat, k)
	}
	if k == Stop {
		return g.playStop(p, t, on)
	}
	if err := g.checkTarget(p, t); err != nil {
		return err
	}
	tp := &g.players[t]
	switch {
	case k.IsRider():
		if tp.rider >= 0 {
			return refuse(RuleOneRider, "seat %d already has %v", tp.seat, g.cards[tp.rider])
		}
		pl.hand = -1
		tp.rider = c
		g.where[c] = Place{Zone: AsRider, Player: t}
		g.last = lastPlay{active: true, kind: k, card: c, by: p, target: t}
	case k == Extra:
		if tp.rider < 0 {
			return refuse(RuleExtraNeedsRider, "seat %d has no rider", tp.seat)
		}
		if g.frozen(t) {
			return refuse(RuleFrozenRider, "the dealer is carrying out seat %d's rider", tp.seat)
		}
		if !g.opt.extrasAllowed(len(tp.extras)) {
			return refuse(RuleOneExtra, "seat %d's %v already has an Extra", tp.seat, g.cards[tp.rider].Kind)
		}
		pl.hand = -1
		tp.extras = append(tp.extras, c)
		g.where[c] = Place{Zone: AsExtra, Player: t}
		g.last = lastPlay{active: true, kind: k, card: c, by: p, target: t}
	case k == Move:
		// "You can either steal someone else's rider, or you can give your rider to someone else."
		if t == p {
			return refuse(RuleMoveBetweenOthers, "seat %d moves a rider to themselves", pl.seat)
		}
		from, to := p, t
		switch {
		case pl.rider >= 0 && tp.rider >= 0:
			return refuse(RuleMoveDestination, "seats %d and %d both have riders", pl.seat, tp.seat)
		case pl.rider < 0 && tp.rider < 0:
			return refuse(RuleNothingToMove, "neither seat %d nor seat %d has a rider", pl.seat, tp.seat)
		case tp.rider >= 0:
			from, to = t, p
		}
		if g.frozen(from) {
			return refuse(RuleFrozenRider, "the dealer is carrying out seat %d's rider", g.players[from].seat)
		}
		g.moveRider(from, to)
		g.spend(p, c)
		g.last = lastPlay{active: true, kind: k, card: c, by: p, target: to, from: from}
	case k == Push:
		if pl.rider < 0 {
			return refuse(RulePushNeedsOwnRider, "seat %d has no rider to push", pl.seat)
		}
		if t == p || tp.rider >= 0 {
			return refuse(RuleMoveDestination, "seat %d cannot take a pushed rider", tp.seat)
		}
		if g.frozen(p) {
			return refuse(RuleFrozenRider, "the dealer is carrying out seat %d's rider", pl.seat)
		}
		g.moveRider(p, t)
		g.spend(p, c)
		g.last = lastPlay{active: true, kind: k, card: c, by: p, target: t, from: p}
	case k == Grab:
		if t == p || tp.rider < 0 {
			return refuse(RuleGrabNeedsRider, "seat %d has no rider to grab", tp.seat)
		}
		if pl.rider >= 0 {
			return refuse(RuleMoveDestination, "seat %d already has a rider", pl.seat)
		}
		if g.frozen(t) {
			return refuse(RuleFrozenRider, "the dealer is carrying out seat %d's rider", tp.seat)
		}
		g.moveRider(t, p)
		g.spend(p, c)
		g.last = lastPlay{active: true, kind: k, card: c, by: p, target: p, from: t}
	default:
		return refuse(RuleBadEvent, "seat %d cannot play %v", pl.seat, k)
	}
	return nil
}

// spend discards an Action card its player has carried out: "carry out the
// result, and then discard the Action card yourself."
func (g *Game) spend(p, c int) {
	g.players[p].hand = -1
	g.toDiscard(c)
}

// moveRider moves a rider, "If the rider moves around, the Extra moves with it."
func (g *Game) moveRider(from, to int) {
	f, t := &g.players[from], &g.players[to]
	t.rider, f.rider = f.rider, -1
	t.extras = append(t.extras[:0], f.extras...)
	f.extras = f.extras[:0]
	g.where[t.rider] = Place{Zone: AsRider, Player: to}
	for _, x := range t.extras {
		g.where[x] = Place{Zone: AsExtra, Player: to}
	}
}

func (g *Game) playStop(p, t int, on StopOn) error {
	pl := &g.players[p]
	c := pl.hand
	switch on {
	case StopDeal:
		// "To Stop a Ground, play the Stop as the Ground is being dealt to you.
		// The dealer keeps the Ground, and you discard the Stop."
		if !g.pend.active || g.pend.player != p {
			return refuse(RuleStopGround, "nothing is being dealt to seat %d", pl.seat)
		}
		if !g.pendingIsGround() && !g.opt.StopCancelsDealtCard {
			return refuse(RuleStopGround, "seat %d's card is not a Ground", pl.seat)
		}
		if d := g.pend.card; d >= 0 {
			w := g.where[d]
			st := g.players[w.Player].stacks[w.Stack]
			g.players[w.Player].stacks[w.Stack] = st[:len(st)-1]
			if len(st) == 1 {
				g.emptied(w.Player)
			}
			g.deck = append(g.deck, d) // back on top
			if g.cards[d].Kind == Ground {
				g.grounds++
			}
			g.where[d] = Place{Zone: InDeck}
		}
		g.pend.active = false
		g.spend(p, c)
		g.tidy(p)
	case StopRider:
		if !g.opt.StopDiscardsRider {
			return refuse(RuleStopRider, "seat %d plays Stop on a rider", pl.seat)
		}
		if err := g.checkTarget(p, t); err != nil {
			return err
		}
		tp := &g.players[t]
		if tp.rider < 0 {
			return refuse(RuleNotPlayedOnRider, "seat %d has no rider to stop", tp.seat)
		}
		if g.frozen(t) {
			return refuse(RuleFrozenRider, "the dealer is carrying out seat %d's rider", tp.seat)
		}
		// "When you discard a rider, you sweep both the Stop and the rider to the
		// discard pile. If you Stop a rider that has an Extra on it, the Extra is
		// also discarded."
		g.toDiscard(tp.rider)
		tp.rider = -1
		for _, x := range tp.extras {
			g.toDiscard(x)
		}
		tp.extras = tp.extras[:0]
		g.spend(p, c)
	case StopPlay:
		if !g.opt.StopCancelsPlay {
			return refuse(RuleStopPlay, "this rule set has no Stop against a play")
		}
		if !g.last.active {
			return refuse(RuleStopPlay, "no card is being played")
		}
		if err := g.cancelLast(); err != nil {
			return err
		}
		g.spend(p, c)
	default:
		return refuse(RuleBadEvent, "a Stop on %v", on)
	}
	g.last.active = false
	return nil
}

// cancelLast undoes the last play for a classic Stop: "The Stop card and
// whatever card it was played against are discarded."
func (g *Game) cancelLast() error {
	l := g.last
	switch {
	case l.kind.IsRider():
		tp := &g.players[l.target]
		if tp.rider != l.card || g.frozen(l.target) {
			return refuse(RuleStopPlay, "the %v is no longer being played", l.kind)
		}
		tp.rider = -1
		g.toDiscard(l.card)
	case l.kind == Extra:
		tp := &g.players[l.target]
		n := len(tp.extras)
		if n == 0 || tp.extras[n-1] != l.card || g.frozen(l.target) {
			return refuse(RuleStopPlay, "the Extra is no longer being played")
		}
		tp.extras = tp.extras[:n-1]
		g.toDiscard(l.card)
	default: // Move, Push, Grab: the rider goes back; the Action card is already discarded
		if g.players[l.target].rider < 0 || g.players[l.from].rider >= 0 || g.frozen(l.target) {
			return refuse(RuleStopPlay, "the %v is no longer being played", l.kind)
		}
		g.moveRider(l.target, l.from)
	}
	return nil
}
