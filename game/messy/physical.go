package messy

import (
	"errors"
	"fmt"
	"slices"

	"github.com/falling-table/falling/game"
)

// The truth is the rules engine, which cannot hold a card where the rules
// cannot put it. A card dealt to the wrong seat, or one that slid off a
// knocked-over stack, is kept where the rules put it in the truth and its
// physical place, the seat it really lies in front of or the discard pile,
// is kept beside it (table.phys); so are a rider left unswept or Moved
// when the rules forbid it. The audit scans seat by seat, so it is the
// physical place the audit's scan finds the card in.
//
// Such a card lies loose beside the stacks of the seat it reached: the
// faller there leaves alone a card that is not theirs, and the faller the
// truth gives it to cannot find it on their stack, so neither picks it up
// (blocked). With that, every move the truth makes is one the table can
// make, and the hand stays in step: the assistant's lights and the table
// agree on every deal.

// blocked reports whether e takes a card that is not physically where the
// truth has it: the top of a stack whose top card lies at another seat.
//
// A faller holding a card at the table the truth has discarded (a Stop
// the truth played for them, see wrongSweep) can pick up nothing more.
//
// A faller whose card in hand is on the discard pile at the table
// (MidAddressMove) has nothing to play, and a faller with a rider the
// truth does not know of lying in front of them can be given no other.
func (t *table) blocked(e game.Event) bool {
	if e.Kind == game.EvPlay {
		if h := t.truth.Hand(e.Player); h >= 0 {
			if _, away := t.phys[h]; away {
				return true
			}
		}
		if _, stale := t.stale[e.Target]; stale && e.Stop != game.StopDeal {
			return true
		}
	}
	if _, busy := t.holding[e.Player]; busy && e.Kind == game.EvPickUp {
		return true // a hand already holding a card: "You may pick up only one card at a time"
	}
	if e.Kind != game.EvPickUp || len(t.phys) == 0 {
		return false
	}
	_, away := t.phys[t.truth.Top(e.Player, e.Stack)]
	return away
}

// placeOf is the faller card c lies in front of, the truth having it in
// front of p.
func (t *table) placeOf(c, p int) int {
	if q, ok := t.phys[c]; ok {
		return q
	}
	return p
}

// nextIn is the next faller after p in dealing order who is still in the
// hand, or -1.
func (t *table) nextIn(p int) int {
	g := t.truth
	n := g.NumPlayers()
	for i := 1; i < n; i++ {
		if q := (p + i) % n; !g.Out(q) {
			return q
		}
	}
	return -1
}

// misdeal is the dealer putting card c, which the lights ask for seat in.Seat
// and the truth deals there, in front of another seat. The reader reads it
// all the same: live the table shows nothing, and only the audit's scan,
// seat by seat, finds it where the assistant did not put it.
//
// The wrong seat is wrong by the lights: in a hand already out of step
// (the truth deals to another seat than the lights ask for) the seat the
// lights ask for is the right one, not a mistake.
func (t *table) misdeal(in game.Instruction, c int) {
	g := t.truth
	p := in.Player
	lights := -1
	if l := t.seen.Next(); l.Action == game.ActDeal {
		lights = l.Player
	}
	switch {
	case in.First && in.Due == 1 && g.Rider(p) < 0 && lights == p && t.happens(SkipSeat):
		// A seat with nothing to show and one card due is the seat a
		// dealer passes over: its card goes to the next seat.
		if q := t.nextIn(p); q >= 0 && q != lights {
			t.phys[c] = q
			t.fault(SkipSeat, g.Card(c).ID, in.Seat)
		}
	case t.happens(WrongSeat):
		var others []int
		for q := 0; q < g.NumPlayers(); q++ {
			if q != p && q != lights && !g.Out(q) {
				others = append(others, q)
			}
		}
		if len(others) > 0 {
			t.phys[c] = others[t.rng.IntN(len(others))]
			t.fault(WrongSeat, g.Card(c).ID, in.Seat)
		}
	}
}

// twoAtOnce is the dealer dealing card c to faller p, due only that one,
// with the next card of the deck stuck under it; the reader reads both,
// one just after the other. The second read is the card the lights ask
// for next:
//   - game/dealer warns of it, as it does of a card the engine would deal
//     at the next seat's turn read at once after a deal, with nothing in
//     between (game.NextTurnsDeal): the dealer takes it back and deals it
//     on the beat, and the engine never hears of it;
//   - the engine refuses it: the warning makes the dealer look, and they
//     put the second card back on the deck;
//   - the engine takes it as the next deal, to the seat the truth deals it
//     to: the lights move on, the card lies in front of p, and the
//     audit's scan finds it there;
//   - after a deal game/dealer held and this read made a card shown, the
//     engine takes it as that card's deal at p: the screen shows p a
//     rider the dealer does not see there, the dealer says misread, and
//     the held card is p's deal after all, this one dealt again where the
//     light then asks (heldNotThere): as above, if that is the seat the
//     truth deals it to;
//   - the engine takes it for something else (a rider played on the next
//     seat): missed, and the assistant is put back, as for every probe.
//
// heldShownWhy begins the answer to a card dealt with the one before it
// when game/dealer held that one's read and took it for a card shown.
const heldShownWhy = "the deal before it, held, was taken for a card shown: "

func (t *table) twoAtOnce(p, c int) error {
	g := t.truth
	if t.readerGone > 0 || !t.happens(TwoAtOnce) {
		return nil
	}
	if n := g.Next(); n.Action == game.ActDeal && n.Player == p && !n.First {
		return nil // due another card: two at once is no mistake
	}
	ahead, steps, c2 := t.nextDeal()
	if c2 < 0 {
		return nil
	}
	id := g.Card(c2).ID
	f := t.fault(TwoAtOnce, id, g.Seat(p))
	held := "" // the deal before it, held and judged a card shown
	heldWarns := false
	if t.hold.active {
		// game/dealer held the deal before it: this card, read at once,
		// judges it (a deck card: a card shown), and no warning is given.
		// The twin told which card each confirmation by hand was has no
		// guess to hold a read for: it takes the held read as the deal it
		// was, and its clock sees this one come at once after it. Asked
		// now, before the hold is judged, while the assistant's light
		// still agrees with the twin's.
		read := game.Scan(id)
		h := t.hold.id
		twinWarns := t.heldWarnsOnTheTwin(h, id)
		if t.resolveHold(&read) {
			held, heldWarns = h, twinWarns
			// The held deal now lies in p's stack, and the assistant
			// believes it shown: its place at the audit is this
			// mistake's doing, whatever is made of this read.
			f.trace = t.truth.Card(c).ID
			defer func() {
				f.Why = heldShownWhy + f.Why
				// Not unseen: the assistant now lights p for the deal
				// after the card it believes shown, and an honest table
				// dealing this card now deals it where the rules send it,
				// the next seat (the twin of unread_test.go). The honest
				// table the timing fits, the held card the one dealt by
				// hand, picked up and shown, is one no replay builds.
				f.unseen = ""
			}()
		}
	}
	// Read at once after c's read, with nothing heard of in between: with
	// its clock game/dealer sees it come within a third of a beat of that
	// deal, before its own beat.
	atOnce := t.justDealt == (justDealt{card: c + 1, applied: t.seen.Applied()})
	if x, ok := t.seen.CardIndex(id); ok && atOnce && t.seen.NextTurnsDeal(x) {
		f.Answer, f.Why, f.live = Refused, "the dealer warns: read at once after a deal, before its beat; taken back and dealt on the beat", true
		return nil
	}
	// The assistant's light still in p's address: a card read at once
	// into the same seat is what an honest dealer dealing two in a row
	// shows ("If the dealer is giving you two cards in a row (because of a
	// Hit), you can certainly grab the first one"), and game/dealer warns
	// of none (game.NextTurnsDeal is for another seat's turn).
	sameSeat := t.lightOn(p) && !t.seen.Next().First
	try := t.seen.Clone()
	taken := try.Apply(game.Scan(id)) == nil
	misread := false
	if taken && held != "" && !t.sameDeal(try, ahead, c2) {
		// Said on try: the held card dealt after all, the read dealt
		// again where the light then asks.
		misread = t.heldNotThere(try, held, p)
	}
	same := t.sameDeal
	if held == "" {
		same = t.sameDealButTheNextRider
	}
	if !taken || !same(try, ahead, c2) { // try as after the misread, if said
		t.probe(f, game.Scan(id))
		if atOnce && !sameSeat {
			// "The dealer scans and places one card per beat": no honest
			// dealer shows a deal that soon after the last. The dealer
			// only holds its warning back because its deck is partly a
			// guess (game.NextTurnsDeal), so the timing is there to see,
			// and a clockless twin dealing the card on its beat proves
			// nothing of it: missed, not unseen. Not for a card into the
			// same seat's address (sameSeat): two cards in a row to one
			// seat is honest, on the clock too.
			f.unseen = ""
		}
		if f.Answer == Missed && f.unidentified == "" && (heldWarns || t.clockWarnsIdentified(c, id, atOnce)) {
			f.unidentified = unidentifiedWhy
		}
		return nil
	}
	// Taken as the deal the truth makes next: the truth makes it too,
	// the card lying at p.
	for range steps {
		t.sweeping(g.Next())
		if err := t.real(game.Step()); err != nil {
			return fmt.Errorf("two at once: %w", err)
		}
	}
	t.observe(game.Scan(id))
	if misread && t.observe(game.NotThereRead(held)) && t.opt.Trace != nil {
		if x, _ := t.truth.CardIndex(held); t.truth.Card(x).Kind == game.Extra {
			t.opt.Trace(fmt.Sprintf("%v no rider for %s: misread", t.now, held))
		} else {
			t.opt.Trace(fmt.Sprintf("%v misread: %s, dealt after all", t.now, held))
		}
	}
	t.phys[c2] = p
	return nil
}

// clockWarnsIdentified reports whether game/dealer's clock would warn of
// card id, dealt at once with card c, on the identified twin: told which
// card each confirmation by hand was, the engine's deck is no guess, and
// the warning the guesses held back stands (atOnce: id was read at once
// after c). Where c itself went unscanned and unsaid, nothing was read
// before id; a reader that missed nothing reads c, and id at once after.
// Where c was the last card confirmed by hand (the reader gone, or missing
// it), nothing since but the dealer's answers about it, the twin read c
// in the confirmation's place, and id comes at once after.
func (t *table) clockWarnsIdentified(c int, id string, atOnce bool) bool {
	if atOnce || t.lastConfirmedByHand(c) {
		return t.unidentified(game.Scan(id), warnsAtOnce(id), nil)
	}
	read := t.unreadBefore(c)
	return read != nil && t.unidentified(game.Scan(id), warnsAtOnce(id), nil, read...)
}

// lastConfirmedByHand reports whether the dealer's last word to the
// assistant about the deal was confirming card c by hand: the last
// confirmation by hand is of c, and all the table logged since are answers
// about cards dealt by hand (identify, n), which the twin, told c, needs
// not and refuses. To the twin, c's read is the last read.
func (t *table) lastConfirmedByHand(c int) bool {
	n := len(t.confirmed)
	if n == 0 || t.confirmed[n-1].unscanned || t.confirmed[n-1].card != c {
		return false
	}
	for _, e := range t.log[t.confirmed[n-1].at+1:] {
		if e.Kind != game.EvIdentify {
			return false
		}
	}
	return true
}

// warnsAtOnce is game/dealer's warning, on engine g, of card id read at
// once after a deal: g takes it for the next seat's deal (NextTurnsDeal).
func warnsAtOnce(id string) func(*game.Game) bool {
	return func(g *game.Game) bool {
		x, ok := g.CardIndex(id)
		return ok && g.NextTurnsDeal(x)
	}
}

// heldNotThere is the dealer's misread (game.NotThereRead), said on g of
// held, the deal to faller p before the card just read, which that card,
// coming at once, made a card shown: the screen shows p a rider the
// dealer dealt into the stack and does not see in front of p, lit and
// asking for its cards (riderNotThere), or an Extra waiting for a rider p
// has none of ("scan the rider, or r (misread) if there is none":
// extraNotThere). The engine offers the misread (ReadToTakeBack) only
// where it takes it: held is p's deal after all, and the card read after
// it is dealt again where the light then asks (game's takeBackRead, its
// deals made since). It reports whether g took it.
func (t *table) heldNotThere(g *game.Game, held string, p int) bool {
	x, ok := g.CardIndex(held)
	if !ok {
		return false
	}
	v := g.Where(x)
	switch {
	case g.Card(x).Kind == game.Extra:
		if v.Zone == game.AsExtra || v.Zone == game.InDiscard || t.truth.Rider(p) >= 0 {
			return false // on a rider, or a rider lies there for it
		}
	case v.Zone != game.AsRider || v.Player != p || g.Next().Player != p:
		return false // not p's rider, or not lit: the dealer sees nothing amiss
	}
	got, ok := g.ReadToTakeBack()
	return ok && got == held && g.Apply(game.NotThereRead(held)) == nil
}

// sameDeal reports whether the assistant, after taking the second card,
// agrees with the truth dealt ahead to it: the card in the same stack and
// the same next instruction. A rider played unseen at the next seat is no
// disagreement: the dealer shows it as that address begins, and how many
// cards it asks for is then seen too.
func (t *table) sameDeal(seen, ahead *game.Game, c int) bool {
	return seen.Where(c) == ahead.Where(c) && sameLight(seen.Next(), ahead.Next())
}

// sameLight is sameDeal's light: a, the assistant's, asks what b, the
// table's, asks, but a rider b has still to show.
func sameLight(a, b game.Instruction) bool {
	if a.Action != b.Action || a.Player != b.Player || a.Stack != b.Stack || a.First != b.First {
		return false
	}
	unshown := b.First && b.Rider != game.NoKind && a.Rider == game.NoKind
	return unshown || a.Due == b.Due && a.Rider == b.Rider
}

// sameDealButTheNextRider is sameDeal where no other rider the two
// disagree on at the faller whose address begins next is a disagreement
// either (a Skip played unseen there, swept at the truth where the
// assistant lights a deal; a rider the assistant still believes in): the
// card lies where the truth dealt it, and the disagreement is the
// rider's, there before this read and met as that address begins, as
// after the card read on its beat. (Not where this read judged a held
// deal a card shown: a rider the assistant believes in because of it.)
func (t *table) sameDealButTheNextRider(seen, ahead *game.Game, c int) bool {
	if seen.Where(c) != ahead.Where(c) {
		return false
	}
	a, b := seen.Next(), ahead.Next()
	return (a.First && b.First && a.Player == b.Player && riderKind(seen, a.Player) != riderKind(ahead, b.Player)) || sameLight(a, b)
}

// riderKind is the kind of faller p's rider on g, NoKind for none.
func riderKind(g *game.Game, p int) game.Kind {
	if r := g.Rider(p); r >= 0 {
		return g.Card(r).Kind
	}
	return game.NoKind
}

// nextDeal plays the truth ahead, on a clone, to the next card it deals:
// the clone, how many steps it took and the card, or -1 if a Ground lands,
// the hand ends, the card is a Ground or an address reached on the way has
// a rider to show (the dealer would show it before any card).
func (t *table) nextDeal() (*game.Game, int, int) {
	g := t.truth.Clone()
	for i := 1; i <= 64; i++ {
		in := g.Next()
		if in.Action == game.ActOver || in.Action == game.ActLand || (in.First && in.Rider != game.NoKind) {
			return nil, 0, -1
		}
		if err := g.Apply(game.Step()); err != nil {
			return nil, 0, -1
		}
		if in.Action != game.ActDeal {
			continue
		}
		_, c, ground, ok := g.PendingDeal()
		if in.Imaginary || !ok || ground || c < 0 {
			return nil, 0, -1
		}
		return g, i, c
	}
	return nil, 0, -1
}

// knockOver is a faller knocking one of their stacks over and gathering
// it back in order, all but one card, which slid in front of the next
// seat. Nothing is read: only the audit's scan can find it.
func (t *table) knockOver() {
	g := t.truth
	if !t.happens(KnockedOver) {
		return
	}
	p := t.rng.IntN(g.NumPlayers())
	if g.Out(p) || g.NumStacks(p) == 0 {
		return
	}
	q := t.nextIn(p)
	if q < 0 {
		return
	}
	st := g.Stack(p, t.rng.IntN(g.NumStacks(p)))
	if len(st) == 0 {
		return
	}
	c := st[t.rng.IntN(len(st))]
	if _, ok := t.phys[c]; ok {
		return
	}
	for _, ch := range t.cheats {
		if ch.top == c || ch.under == c {
			return // lying the other way up already: one story per card
		}
	}
	t.phys[c] = q
	t.fault(KnockedOver, g.Card(c).ID, g.Seat(p))
}

// holdButton is a faller holding their button down: the button service
// reports edges, so the engine sees one press.
func (t *table) holdButton() {
	g := t.truth
	if !t.happens(HoldButton) {
		return
	}
	i := t.rng.IntN(g.NumPlayers())
	if g.Out(i) || g.Next().Action == game.ActLand {
		return
	}
	f := t.fault(HoldButton, "", g.Seat(i))
	t.harmless(f, func() { t.press(g.Seat(i)) })
}

// staleRider is a rider the dealer left in front of a seat, and the
// mistake that left it.
type staleRider struct {
	card  int
	fault int // index in hand.Faults
}

// wrongSweep is the dealer, told by instruction n to sweep rider r, sweeping
// another seat's rider instead: r stays in front of n.Player and the other
// goes to the discard pile. Riders with Extras are left out: which Extras
// went with which rider would be a second story.
//
// The truth cannot lose a rider, but a Stop played on it discards it just
// the same ("When you discard a rider, you sweep both the Stop and the
// rider"). So the other rider is one the assistant has not been shown yet
// (played since its seat was last addressed), and a faller holding a Stop
// is the truth's way to lose it: the truth plays that Stop on it, while at
// the table the faller still holds the Stop and does nothing more. Both
// agree the rider is gone, and the hand stays in step.
func (t *table) wrongSweep(n game.Instruction, r int) {
	g := t.truth
	p := n.Player
	if len(g.Extras(p)) > 0 || !t.happens(WrongSweep) {
		return
	}
	if _, ok := t.phys[r]; ok {
		return
	}
	var stoppers []int
	for f := 0; f < g.NumPlayers(); f++ {
		if h := g.Hand(f); h >= 0 && !g.Out(f) && g.Card(h).Kind == game.Stop {
			stoppers = append(stoppers, f)
		}
	}
	var others []int
	for q := 0; q < g.NumPlayers(); q++ {
		x := g.Rider(q)
		if q == p || g.Out(q) || x < 0 || len(g.Extras(q)) > 0 || t.seen.Where(x).Zone == game.AsRider {
			continue
		}
		if _, ok := t.phys[x]; !ok {
			others = append(others, q)
		}
	}
	if len(others) == 0 || len(stoppers) == 0 {
		return
	}
	q := others[t.rng.IntN(len(others))]
	f := stoppers[t.rng.IntN(len(stoppers))]
	x, stop := g.Rider(q), g.Hand(f)
	if t.truth.Clone().Apply(game.PlayStop(f, q, game.StopRider)) != nil {
		return // the truth's rules will not lose it that way now
	}
	if err := t.real(game.PlayStop(f, q, game.StopRider)); err != nil {
		return
	}
	t.phys[r], t.phys[stop] = p, f
	t.holding[f] = stop
	ft := t.fault(WrongSweep, g.Card(r).ID, n.Seat)
	ft.also = g.Card(x).ID
	t.stale[p] = staleRider{card: r, fault: len(t.hand.Faults) - 1}
}

// showStale: the dealer reaching faller p shows the rider left there by a
// wrong sweep. The engine must refuse it ("swept already"), which tells
// the dealer to sweep it: from then on it lies where the truth has it.
func (t *table) showStale(p int) {
	st, ok := t.stale[p]
	if !ok {
		return
	}
	delete(t.stale, p)
	delete(t.swept, p) // one story for this rider: the dealer did not forget it
	if t.readerGone > 0 || t.truth.Where(st.card).Zone != game.InDiscard {
		// Nothing read, or the truth never swept it (a Ground ended the
		// address): it stays where it lies, for the audit.
		return
	}
	f := &t.hand.Faults[st.fault]
	t.probe(f, game.Scan(t.truth.Card(st.card).ID))
	delete(t.phys, st.card)
}

// midAddressMove: the dealer has shown the rider of the seat they address,
// and a faller holding a Move steals it, or its owner gives it away, before
// the deal is done: "Once the dealer is addressing a player, no one can
// affect the deal by meddling with the rider". The dealer deals as the
// lights say (the rider was shown) and, at the end of the address, finds
// nothing to sweep. The truth, which cannot Move a rider then, sweeps it
// and keeps the Move in the mover's hand; at the table the rider lies at
// its new seat and the Move on the discard pile. Shown there at that
// seat's next address the rider must be refused as swept already; a hand
// that ends first has it found there by the audit.
func (t *table) midAddressMove(in game.Instruction) {
	g := t.truth
	p := in.Player
	r := g.Rider(p)
	if in.Action != game.ActDeal || in.Leave || r < 0 || len(g.Extras(p)) > 0 || t.readerGone > 0 || !t.happens(MidAddressMove) {
		return
	}
	if w := t.seen.Where(r); w.Zone != game.AsRider || w.Player != p {
		return // not shown: the assistant does not know of it
	}
	if _, ok := t.phys[r]; ok {
		return
	}
	free := func(q int) bool {
		_, stale := t.stale[q]
		return q != p && !g.Out(q) && g.Rider(q) < 0 && !stale
	}
	var movers []int
	for m := 0; m < g.NumPlayers(); m++ {
		h := g.Hand(m)
		if g.Out(m) || h < 0 || g.Card(h).Kind != game.Move {
			continue
		}
		if _, ok := t.phys[h]; !ok && (m == p || free(m)) {
			movers = append(movers, m)
		}
	}
	if len(movers) == 0 {
		return
	}
	m := movers[t.rng.IntN(len(movers))]
	d := m // a steal
	if m == p {
		var to []int
		for q := 0; q < g.NumPlayers(); q++ {
			if free(q) {
				to = append(to, q)
			}
		}
		if len(to) == 0 {
			return
		}
		d = to[t.rng.IntN(len(to))] // a gift
	}
	t.phys[r], t.phys[g.Hand(m)] = d, -1
	t.fault(MidAddressMove, g.Card(r).ID, in.Seat)
	t.stale[d] = staleRider{card: r, fault: len(t.hand.Faults) - 1}
}

// mover reports whether a card of kind k moves a rider: the official
// Move, or the classic Push (give yours) and Grab (steal one).
func mover(k game.Kind) bool { return k == game.Move || k == game.Push || k == game.Grab }

// moveBetweenOthers is faller m moving the rider of faller a to faller b,
// neither of them m: "You can't use a Move to move a rider between two
// other players". At the table it looks exactly like a legal Move, a or b
// giving or stealing it: the rider is at b, a Move on the discard pile,
// and the assistant, which never sees a Move played, only sees the rider
// turn up at b.
//
// The truth cannot make that move, so it makes the legal one the table
// cannot tell from it: a or b (x) plays the Move. If x holds a card that
// moves riders too, x plays that one; if x holds another card, the truth
// is redealt (redeal.go) with that card and m's Move dealt each where the
// other was, so that x picked up the Move and m the other card. At the
// table x still holds their card and m's Move is discarded; the truth has
// the cards the other way round. Each card's physical place is kept (phys,
// holding), both fallers are left idle (m's hand is empty at the table,
// x's hand full in the truth's eyes), and the audit scans each card where
// it lies.
func (t *table) moveBetweenOthers() error {
	g := t.truth
	if !t.happens(MoveOthers) {
		return nil
	}
	free := func(p int) bool {
		if g.Out(p) {
			return false
		}
		if _, ok := t.stale[p]; ok {
			return false
		}
		_, ok := t.holding[p]
		return !ok
	}
	holds := func(p int) bool {
		h := g.Hand(p)
		if !free(p) || h < 0 || t.storied(h) {
			return false
		}
		return true
	}
	n := g.NumPlayers()
	for _, m := range t.rng.Perm(n) {
		if !holds(m) || !mover(g.Card(g.Hand(m)).Kind) {
			continue
		}
		for _, a := range t.rng.Perm(n) {
			r := g.Rider(a)
			if a == m || !free(a) || r < 0 || t.storied(r) {
				continue
			}
			for _, b := range t.rng.Perm(n) {
				if b == m || b == a || !free(b) || g.Rider(b) >= 0 {
					continue
				}
				// a gives, or b steals: whichever the truth allows.
				for _, e := range []game.Event{game.Play(a, b), game.Play(b, a)} {
					ok, err := t.moveAs(e, m, a, b)
					if err != nil || ok {
						return err
					}
				}
			}
		}
	}
	return nil
}

// moveAs makes the truth play e, faller e.Player moving a's rider to b, in
// place of m's Move at the table. It reports whether it did.
func (t *table) moveAs(e game.Event, m, a, b int) (bool, error) {
	g := t.truth
	x := e.Player
	mine, theirs := g.Hand(m), g.Hand(x)
	r := g.Rider(a)
	if theirs < 0 || t.storied(theirs) {
		return false, nil
	}
	legal := func() error {
		try := g.Clone()
		if err := try.Apply(e); err != nil {
			return err
		}
		if try.Rider(b) != r || try.Rider(a) >= 0 {
			return fmt.Errorf("%v does not move seat %d's rider to seat %d", e, g.Seat(a), g.Seat(b))
		}
		return nil
	}
	played := theirs // the card the truth discards
	if !mover(g.Card(theirs).Kind) || legal() != nil {
		// x picked up m's Move, m the card x holds.
		order := slices.Clone(t.order)
		i, j := slices.Index(order, mine), slices.Index(order, theirs)
		order[i], order[j] = theirs, mine
		err := t.redeal(order, map[int]bool{mine: true, theirs: true}, func() error {
			if g.Hand(x) != mine || g.Hand(m) != theirs {
				return fmt.Errorf("seat %d holds %v, seat %d %v", g.Seat(x), g.Card(g.Hand(x)), g.Seat(m), g.Card(g.Hand(m)))
			}
			return legal()
		})
		if errors.Is(err, errUndo) {
			return false, fmt.Errorf("a Move between two others: %w", err)
		}
		if err != nil {
			return false, nil // the truth cannot have dealt it that way: not this move
		}
		played = mine
	}
	if err := t.real(e); err != nil {
		return false, fmt.Errorf("a Move between two others: %w", err)
	}
	// At the table m's Move is on the discard pile and x holds their card.
	if played == theirs {
		t.phys[mine] = -1
	}
	t.phys[theirs] = x
	t.holding[x] = theirs
	f := t.fault(MoveOthers, g.Card(r).ID, g.Seat(m))
	f.Why = fmt.Sprintf("seat %d moved seat %d's rider to seat %d", g.Seat(m), g.Seat(a), g.Seat(b))
	return true, nil
}
