package messy

import (
	"fmt"
	"slices"

	"github.com/falling-table/falling/game"
)

// A hand out of step is one whose record no real table gives: its dealer
// dealt on where the lights asked for another seat. Some of them the
// assistant could not have followed from anything the table showed it:
// another table, honest where this one made its mistake, shows it the
// same, and there the assistant's light is right. Such a hand is judged
// to have a twin (Hand.Twin), by building that table and replaying it
// through the rules.
//
// The class judged so far is the largest left with every mistake at 2 %:
// a card dealt by hand to a seat (dealt unscanned and said, the reader gone
// or missing it), a card dealt unscanned later, at the seat the light then
// waits at, and the next card read held by the dealer (a rider-kind card
// read as a turn begins while a card dealt by hand may have been picked
// up: game.PlayedUnseen) with another read at once after it. The card that
// comes at once makes the hold judge the held read a card shown, the
// seat's card dealt by hand picked up and played (game.Identify, then the
// read; game/dealer judges the same); the dealer's "unscanned" then puts
// the card dealt unscanned where it lies, and the light asks for a seat
// the dealer has already dealt. The twin is the table whose faller grabbed
// the card dealt by hand as it was dealt ("you can certainly grab the
// first one"), that card being the one read at the hold, and played it
// just then ("Once you are holding a card, you may play it right away, or
// you may keep holding it"), the deal right behind it; the card the real
// table dealt by hand there stays in the twin's deck.

// heldShown is the class's mark in the log: the hold judging read h a
// card shown, the card dealt by hand at seat picked up and played (an
// Identify naming no stack at index at, then h read), and later the
// dealer's "unscanned" said of h (index unscanned). end is the index just
// past the dealer's answers that follow it (the cards dealt by hand asked
// for): the moment the assistant's light is a seat behind the table's,
// before the dealer acts on it.
type heldShown struct {
	h                  string
	seat               int
	at, unscanned, end int
}

// findHeldShown finds the mark in the first n observations of log.
func findHeldShown(log []game.Event, n int) (heldShown, bool) {
	for i := 0; i+1 < n; i++ {
		e := log[i]
		if e.Kind != game.EvIdentify || e.Card == "" || e.Stack != 0 || log[i+1] != game.Scan(e.Card) {
			continue
		}
		for j := i + 2; j < n; j++ {
			if log[j] != game.DealtUnscanned(e.Card) {
				continue
			}
			end := j + 1
			for end < n && log[end].Kind == game.EvIdentify && log[end].Card != "" {
				end++
			}
			return heldShown{h: e.Card, seat: e.Seat, at: i, unscanned: j, end: end}, true
		}
	}
	return heldShown{}, false
}

// judgeTwin sets Hand.Twin, the hand just fallen out of step: a card the
// dealer dealt by hand at the seat of the class's mark is the one the
// twin's faller grabbed (twinWhy).
func (t *table) judgeTwin() {
	hs, ok := findHeldShown(t.log, len(t.log))
	if !ok {
		t.hand.Twin = t.judgeRiderTwin()
		return
	}
	for _, f := range t.hand.Faults {
		if f.Seat == hs.seat && dealtByHand[f.Kind] && f.Card != "" && t.twinWhy(hs, f.Card) == "" {
			t.hand.Twin = true
			return
		}
	}
}

// dealtByHand are the mistakes that leave a card dealt that the assistant
// knows only as a card dealt by hand, a guess.
var dealtByHand = [numKinds]bool{DealUnscanned: true, ReaderGone: true, ReaderMiss: true}

// twinWhy builds the twin of this hand for mark hs, its faller grabbing
// the card read at the hold in the place of card eID, and says why it is
// not one ("" if it is): every move of it legal; every observation the
// assistant took up to the moment true of it (the same places as at the
// table, but for the two cards, under the same light until the hold; eID
// never named, the held card only by the hold and the "unscanned", the
// cards asked for on top where the dealer said); the held card where the
// assistant believes it, and the twin's next deal, the card read at once
// behind it, where the assistant's light asks while the table's asks
// elsewhere.
func (t *table) twinWhy(hs heldShown, eID string) string {
	m, why := t.twinMarkOf(hs, eID)
	if why != "" {
		return why
	}
	w := m.seen.Where(m.h)
	if w.Zone != game.AsRider && w.Zone != game.AsExtra {
		return fmt.Sprintf("%s believed at %+v: not a card shown", hs.h, w)
	}
	return t.twinWhyOn(m, w.Player)
}

// twinMark is what the twin of mark hs is built from, its faller grabbing
// h in the place of card e: the table's moves up to the moment (events)
// and its states (real), the assistant given the log up to it (seen), the
// faller p at the mark's seat, and the moves that dealt e (kE) and h (kH).
type twinMark struct {
	hs      heldShown
	events  []game.Event
	real    []*game.Game
	seen    *game.Game
	e, h, p int
	kE, kH  int
}

// twinMarkOf finds the twin's mark for hs and card eID, or says why there
// is none.
func (t *table) twinMarkOf(hs heldShown, eID string) (twinMark, string) {
	m := twinMark{hs: hs}
	last := hs.end - 1
	m.events = t.events[:t.logAt[last]]
	real, err := replayedFrom(t.truth, t.order, m.events)
	if err != nil {
		return m, fmt.Sprintf("the table's moves replayed: %v", err)
	}
	m.real = real
	g := real[0]
	e, okE := g.CardIndex(eID)
	h, okH := g.CardIndex(hs.h)
	if !okE || !okH {
		return m, "no such card"
	}
	m.e, m.h, m.p = e, h, g.PlayerAt(hs.seat)
	m.kE, m.kH = dealtAtMove(real, e), dealtAtMove(real, h)
	if m.kE < 0 || m.kH <= m.kE+1 {
		return m, fmt.Sprintf("%s dealt at move %d, %s at move %d", eID, m.kE, hs.h, m.kH)
	}
	if w := real[m.kE+1].Where(e); w.Zone != game.InStack || w.Player != m.p {
		return m, fmt.Sprintf("%s dealt to %+v, not to seat %d", eID, w, hs.seat)
	}
	if m.seen, err = replayedLog(t.start, t.log[:hs.end]); err != nil {
		return m, fmt.Sprintf("the assistant's observations replayed: %v", err)
	}
	return m, ""
}

// twinWhyOn is twinWhy for mark m with the twin playing the held card on
// faller target.
func (t *table) twinWhyOn(m twinMark, target int) string {
	eID := m.real[0].Card(m.e).ID
	if !t.dealtUnscannedBefore(m.real, m.kH, m.hs.unscanned) {
		return fmt.Sprintf("the move before %s's deal is no card dealt unscanned", m.hs.h)
	}
	kP := latePickUp(m.real, m.events, m.p, m.e, m.kE, m.kH)
	if kP < 0 {
		return fmt.Sprintf("seat %d's faller holds another card from %s's deal to %s's", m.hs.seat, eID, m.hs.h)
	}
	tw := buildTwinAt(t.order, m.events, m.p, target, m.e, m.h, m.kE, m.kH, kP, m.real[kP+1].Where(m.e).Stack)
	twin, err := replayedFrom(t.truth, tw.order, tw.events)
	if err != nil {
		return fmt.Sprintf("the twin's moves: %v", err)
	}
	if why := t.sameObservations(m.hs, m.real, twin, tw, m.e, m.h, m.kH); why != "" {
		return why
	}
	T, R := twin[len(twin)-1], m.real[len(m.real)-1]
	if T.Where(m.h).Zone != m.seen.Where(m.h).Zone || T.Where(m.h).Player != m.seen.Where(m.h).Player {
		return fmt.Sprintf("the twin has %s at %+v, the assistant at %+v", m.hs.h, T.Where(m.h), m.seen.Where(m.h))
	}
	if sameInstruction(R.Next(), m.seen.Next()) {
		return "the assistant's light agrees with the table's: not a seat behind"
	}
	if !sameInstruction(T.Next(), m.seen.Next()) {
		return fmt.Sprintf("the twin's light asks %v, the assistant's %v", T.Next(), m.seen.Next())
	}
	return t.twinDealsTheNextRead(T, tw.next, m.hs)
}

// dealtUnscannedBefore reports whether the "unscanned" (observation
// said) is true of the twin as of the table: the last deal before the
// held card's (kH-1, or before the fallers' moves between:
// twin_between.go), which the twin makes too, dealt a card no
// observation before it named.
func (t *table) dealtUnscannedBefore(real []*game.Game, kH, said int) bool {
	k := lastDealBefore(real, kH)
	if k < 0 {
		return false
	}
	for c := range real[k+1].NumCards() {
		if leftDeck(real[k], real[k+1], c) {
			id := real[k+1].Card(c).ID
			for _, ob := range t.log[:said] {
				if ob.Card == id {
					return false
				}
			}
			return true
		}
	}
	return false
}

// sameObservations checks each observation up to the moment against the
// twin: the cards but e and h where the table has them, and until the
// hold the same light; e never named, h only at the hold and in the
// "unscanned"; each card dealt by hand the dealer was asked for on top of
// the stack they named.
func (t *table) sameObservations(hs heldShown, real, twin []*game.Game, tw twinTable, e, h, kH int) string {
	eID, hID := real[0].Card(e).ID, real[0].Card(h).ID
	for i, ob := range t.log[:hs.end] {
		switch {
		case ob.Card == eID:
			return fmt.Sprintf("observation %d (%v) names %s", i, ob, eID)
		case ob.Card == hID && i != hs.at && i != hs.at+1 && i != hs.unscanned:
			return fmt.Sprintf("observation %d (%v) names %s", i, ob, hID)
		}
		k := t.logAt[i]
		R, T := real[k], twin[tw.moves(k)]
		if d := placesDiffer(R, T, e, h); len(d) > 0 {
			return fmt.Sprintf("at observation %d (%v) %v lie elsewhere in the twin", i, ob, d)
		}
		if k <= kH && !sameInstruction(R.Next(), T.Next()) && !grabEmptied(R, T, e) {
			return fmt.Sprintf("at observation %d (%v) the twin's light asks %v, the table's %v", i, ob, T.Next(), R.Next())
		}
		if ob.Kind == game.EvIdentify && ob.Card != "" && ob.Card != hID && !onTopAt(T, ob) {
			return fmt.Sprintf("observation %d (%v): not on top of that stack in the twin", i, ob)
		}
	}
	return ""
}

// onTopAt reports whether the card an Identify names lies on top of the
// stack it names at its seat in g (any of the seat's stacks if it names
// none).
func onTopAt(g *game.Game, ob game.Event) bool {
	q := g.PlayerAt(ob.Seat)
	for s := range g.NumStacks(q) {
		if ob.Stack > 0 && s != ob.Stack-1 {
			continue
		}
		if top := g.Top(q, s); top >= 0 && g.Card(top).ID == ob.Card {
			return true
		}
	}
	return false
}

// twinDealsTheNextRead checks that the twin's next deal is the card that
// came at once behind the held one, the first read after the moment (if
// the table read one before it fell out of step).
func (t *table) twinDealsTheNextRead(T *game.Game, next int, hs heldShown) string {
	if next < 0 {
		return "no card behind the held one"
	}
	try := T.Clone()
	if err := try.Apply(game.Step()); err != nil || try.Where(next).Zone != game.InStack {
		return fmt.Sprintf("the twin does not deal %s next", T.Card(next).ID)
	}
	for _, ob := range t.log[hs.end:] {
		if ob.Kind == game.EvScan {
			if ob.Card != T.Card(next).ID {
				return fmt.Sprintf("read next: %s, the twin deals %s", ob.Card, T.Card(next).ID)
			}
			break
		}
	}
	return ""
}

// replayedFrom is g's deal from order (top first) and each state after
// each of moves, every one checked by the rules.
func replayedFrom(g *game.Game, order []int, moves []game.Event) ([]*game.Game, error) {
	g = g.Clone()
	if err := g.Redeal(order); err != nil {
		return nil, fmt.Errorf("redeal: %w", err)
	}
	states := []*game.Game{g.Clone()}
	for k, e := range moves {
		if err := g.Apply(e); err != nil {
			return nil, fmt.Errorf("move %d (%v): %w", k, e, err)
		}
		states = append(states, g.Clone())
	}
	return states, nil
}

// replayedLog is the assistant given observations log from start.
func replayedLog(start *game.Game, log []game.Event) (*game.Game, error) {
	g := start.Clone()
	for i, e := range log {
		if err := g.Apply(e); err != nil {
			return nil, fmt.Errorf("observation %d (%v): %w", i, e, err)
		}
	}
	return g, nil
}

// twinTable is a twin: its deck order, its moves, for each number of the
// table's moves the number of the twin's made by then, and the card it
// deals after the held card is played.
type twinTable struct {
	order  []int
	events []game.Event
	moves  func(k int) int
	next   int
}

// buildTwinAt is the table whose faller p grabbed card h in the place of
// card e (dealt at move kE into p's stack stack), picking it up from
// stack right after move kP, at or after its deal (latePickUp), kept it,
// and played it on target where the table dealt it (move kH); e lies in
// the deck after the card that came behind h.
func buildTwinAt(order []int, events []game.Event, p, target, e, h, kE, kH, kP, stack int) twinTable {
	tw := twinTable{next: -1}
	if i := slices.Index(order, h); i >= 0 && i+1 < len(order) {
		tw.next = order[i+1]
	}
	for _, c := range order {
		switch c {
		case h:
			continue
		case e:
			tw.order = append(tw.order, h)
		default:
			tw.order = append(tw.order, c)
		}
		if c == tw.next {
			tw.order = append(tw.order, e)
		}
	}
	if tw.next < 0 {
		tw.order = append(tw.order, e)
	}
	for k, ev := range events {
		if k == kH {
			tw.events = append(tw.events, game.Play(p, target))
			continue
		}
		tw.events = append(tw.events, ev)
		if k == kP {
			tw.events = append(tw.events, game.PickUp(p, stack))
		}
	}
	tw.moves = func(k int) int {
		if k > kP {
			return k + 1
		}
		return k
	}
	return tw
}

// dealtAtMove is the move of states (states[k+1] after move k) that takes
// card c out of the deck, or -1.
func dealtAtMove(states []*game.Game, c int) int {
	for k := 0; k+1 < len(states); k++ {
		if leftDeck(states[k], states[k+1], c) {
			return k
		}
	}
	return -1
}

// leftDeck reports whether card c lies in the deck in a and not in b: the
// move from a to b took it from the deck.
func leftDeck(a, b *game.Game, c int) bool {
	return a.Where(c).Zone == game.InDeck && b.Where(c).Zone != game.InDeck
}

// sameInstruction reports whether two lights ask for the same deal or
// action at the same place.
func sameInstruction(a, b game.Instruction) bool {
	return samePlace(a, b) && a.NewStack == b.NewStack
}

// samePlace reports whether two lights ask the same of the same seat's
// same stack, as many cards due, whether or not each calls it new (the
// twin and the assistant may count that seat's stacks apart).
func samePlace(a, b game.Instruction) bool {
	return a.Action == b.Action && a.Player == b.Player && a.Stack == b.Stack && a.Due == b.Due
}

// placesDiffer lists the cards but those in but that lie elsewhere in a
// than in b.
func placesDiffer(a, b *game.Game, but ...int) []string {
	var out []string
	for c := range a.NumCards() {
		if !slices.Contains(but, c) && a.Where(c) != b.Where(c) {
			out = append(out, a.Card(c).ID)
		}
	}
	return out
}
