package messy

import (
	"fmt"
	"slices"

	"github.com/falling-table/falling/game"
)

// The second class of hands out of step with a twin: a rider shown and
// held, then a Ground dealt unscanned. A card dealt by hand and never
// named (h) is picked up by its faller and played unseen on another seat
// S as a rider; as S's turn begins it is shown, read and held; the first
// card of S's deal, a Ground (g), goes unscanned and lands; nothing is
// read within half a beat, so the hold judges h S's deal (a Scan marked
// dealt). The assistant's S then still stands, the table's is out, and
// when the light next comes to S it is a seat behind.
//
// The twin is the table whose card dealt by hand there was another (s,
// never named, still in the deck at the moment); h stayed in the deck
// where the table had g and is S's deal, read where the light asks; the
// faller never played a rider on S ("Once you are holding a card, you
// may play it right away, or you may keep holding it": it keeps holding
// s, or leaves it where it lay); g lies in the deck where the table had
// s. Every observation up to the moment is the same and true of it.
//
// Where half a beat judged the rider the deal, a dealer who saw the
// Ground land says misread of it (landedUnread), and the hand stays in
// step: the class is left to a hold judged by an input, which the dealer
// cannot answer in time, and its tests prove the builder on hands played
// by the dealer silent there (olderDealer.silentOnLanding).

// riderDropped are the table's moves a twin does not make: g's fall, h
// played as S's rider, and if its faller left the card in h's place in
// the stack (leftInStack) rather than picked it up and kept holding it,
// the pick-up.
func riderDropped(mk riderMark, leftInStack bool) map[int]bool {
	drop := map[int]bool{mk.kG + 1: true, mk.kPlay: true}
	if leftInStack {
		drop[mk.kPick] = true
	}
	return drop
}

// judgeRiderTwin sets Hand.Twin if some card read and judged dealt is the
// class's mark with a twin that holds. The table's states, and each read's
// mark, do not depend on the card tried in h's place: they are found once.
func (t *table) judgeRiderTwin() bool {
	if len(t.log) == 0 {
		return false
	}
	all, err := t.riderStates()
	if err != nil {
		return false
	}
	for i, ob := range t.log {
		if ob.Kind != game.EvScan || !ob.Dealt {
			continue
		}
		mk, why := t.riderMarkAt(all, i)
		if why != "" {
			continue
		}
		for _, s := range t.riderCandidates(mk) {
			for _, left := range []bool{false, true} {
				if t.riderTwinWhy(mk, s, riderDropped(mk, left)) == "" {
					return true
				}
			}
		}
	}
	return false
}

// riderStates are the table's states up to the last observation.
func (t *table) riderStates() ([]*game.Game, error) {
	return replayedFrom(t.truth, t.order, t.events[:t.logAt[len(t.log)-1]])
}

// riderCandidates are the cards that may have been dealt by hand in the
// place of the card read at mark mk: every card but it the table still
// holds in its deck at the moment (riderTwinWhy checks the rest).
func (t *table) riderCandidates(mk riderMark) []string {
	g := mk.real[len(mk.real)-1]
	var out []string
	for c := range g.NumCards() {
		if g.Where(c).Zone == game.InDeck && g.Card(c).ID != t.log[mk.at].Card {
			out = append(out, g.Card(c).ID)
		}
	}
	return out
}

// riderMark is the class's mark found at read at: the moves that play h
// as S's rider (kPlay), pick it up (kPick), deal g to S (kG) and deal h
// (kH), and the moment (observation) the assistant's light is first a
// seat behind the table's after the read; the table's states up to the
// moment (real) and the assistant given the log up to it (seen).
type riderMark struct {
	h, g                 int
	S                    int
	kPlay, kPick, kG, kH int
	at, moment           int
	real                 []*game.Game
	seen                 *game.Game
}

// riderTwinWhy builds the twin of mark mk with card s in h's place, which
// makes the table's moves but those dropped, and says why it is not one
// ("" if it is). s is each candidate's own: the mark is the class's,
// the same for every candidate (riderCandidates).
func (t *table) riderTwinWhy(mk riderMark, s string, drop map[int]bool) string {
	real, seen := mk.real, mk.seen
	g0 := real[0]
	si, okS := g0.CardIndex(s)
	if !okS {
		return "no such card"
	}
	if w := real[mk.kH+1].Where(si); w.Zone != game.InDeck {
		return fmt.Sprintf("%s not in the deck as %s was dealt", s, g0.Card(mk.h).ID)
	}
	if w := real[len(real)-1].Where(si); w.Zone != game.InDeck {
		return fmt.Sprintf("%s not in the deck at the moment", s)
	}
	if why := t.riderNames(mk, si, g0); why != "" {
		return why
	}
	order := cycled(t.order, mk.h, mk.g, si)
	var events []game.Event
	for k, ev := range t.events[:t.logAt[mk.moment]] {
		if !drop[k] {
			events = append(events, ev)
		}
	}
	twin, err := replayedFrom(t.truth, order, events)
	if err != nil {
		return fmt.Sprintf("the twin's moves: %v", err)
	}
	moves := func(k int) int {
		n := k
		for d := range drop {
			if d < k {
				n--
			}
		}
		return n
	}
	if why := t.riderSame(mk, si, real, twin, moves); why != "" {
		return why
	}
	T := twin[len(twin)-1]
	if w, v := T.Where(mk.h), seen.Where(mk.h); w.Zone != v.Zone || w.Player != v.Player {
		return fmt.Sprintf("the twin has %s at %+v, the assistant at %+v", T.Card(mk.h).ID, w, v)
	}
	if !sameInstruction(T.Next(), seen.Next()) {
		return fmt.Sprintf("the twin's light asks %v, the assistant's %v", T.Next(), seen.Next())
	}
	return ""
}

// riderMarkAt finds the mark at read at, all the table's states up to the
// last observation: the states up to the moment and the assistant given
// the log up to it.
func (t *table) riderMarkAt(all []*game.Game, at int) (riderMark, string) {
	mk := riderMark{at: at, kPick: -1}
	g0 := all[0]
	var okH bool
	if mk.h, okH = g0.CardIndex(t.log[at].Card); !okH {
		return mk, "no such card"
	}
	if mk.moment = t.aSeatBehind(all, at); mk.moment < 0 {
		return mk, "the assistant's light is never a seat behind the table's"
	}
	real := all[:t.logAt[mk.moment]+1]
	read := t.logAt[at]
	mk.kPlay, mk.kPick, mk.kH = -1, -1, dealtAtMove(real, mk.h)
	for k := 0; k < read; k++ {
		a, b := real[k].Where(mk.h), real[k+1].Where(mk.h)
		if a.Zone == game.InStack && b.Zone == game.InHand {
			mk.kPick = k
		}
		if a.Zone == game.InHand && b.Zone == game.AsRider {
			mk.kPlay, mk.S = k, b.Player
		}
	}
	if mk.kH < 0 || mk.kPick < mk.kH || mk.kPlay < mk.kPick {
		return mk, fmt.Sprintf("%s not dealt, picked up and played as a rider before its read", g0.Card(mk.h).ID)
	}
	mk.g, mk.kG = -1, -1
	for k := mk.kPlay + 1; k < read && mk.g < 0; k++ {
		for c := range real[k].NumCards() {
			if w := real[k+1].Where(c); leftDeck(real[k], real[k+1], c) && w.Zone == game.InStack && w.Player == mk.S {
				mk.g, mk.kG = c, k
			}
		}
	}
	if mk.g < 0 || g0.Card(mk.g).Kind != game.Ground || mk.kG+1 >= read || t.events[mk.kG+1].Kind != game.EvStep {
		return mk, "no Ground dealt to the rider's seat before the read, then its fall"
	}
	seen, err := replayedLog(t.start, t.log[:mk.moment+1])
	if err != nil {
		return mk, fmt.Sprintf("the assistant's observations replayed: %v", err)
	}
	mk.real, mk.seen = real, seen
	return mk, ""
}

// aSeatBehind is the first observation after at whose light, the
// assistant's, asks a deal at another seat than the one the table's asks
// for (a deal, a sweep), or -1. (The lights differ for a moment elsewhere
// too: a read held, a Stop played before its press, the table's seat
// landing.)
func (t *table) aSeatBehind(real []*game.Game, at int) int {
	g := t.start.Clone()
	for j, ob := range t.log {
		if err := g.Apply(ob); err != nil {
			return -1
		}
		r, a := real[t.logAt[j]].Next(), g.Next()
		if j > at && a.Action == game.ActDeal && r.Player != a.Player && r.Action != game.ActLand {
			return j
		}
	}
	return -1
}

// riderNames checks that no observation up to the moment names g or s, and
// h only at the read.
func (t *table) riderNames(mk riderMark, s int, g *game.Game) string {
	for j, ob := range t.log[:mk.moment+1] {
		switch ob.Card {
		case g.Card(mk.g).ID, g.Card(s).ID:
			return fmt.Sprintf("observation %d (%v) names %s", j, ob, ob.Card)
		case g.Card(mk.h).ID:
			if j != mk.at {
				return fmt.Sprintf("observation %d (%v) names %s", j, ob, ob.Card)
			}
		}
	}
	return ""
}

// riderSame checks each observation up to the moment against the twin:
// the cards but h, g and s where the table has them; the same light but
// while S's rider lies unseen (the same seat and action, fewer cards
// due), and at the moment the table's light elsewhere; no observation
// while the table's S falls; each card dealt by hand the dealer was asked
// for on top where they said if it is so at the table (a stack knocked
// over and gathered back may have it elsewhere at both); h, at its read, on top of S's stack.
func (t *table) riderSame(mk riderMark, s int, real, twin []*game.Game, moves func(int) int) string {
	for j, ob := range t.log[:mk.moment+1] {
		k := t.logAt[j]
		R, T := real[k], twin[moves(k)]
		if d := placesDiffer(R, T, mk.h, mk.g, s); len(d) > 0 {
			return fmt.Sprintf("at observation %d (%v) %v lie elsewhere in the twin", j, ob, d)
		}
		r, w := R.Next(), T.Next()
		switch {
		case j == mk.moment:
		case k == mk.kG+1:
			return fmt.Sprintf("observation %d (%v) while the table's seat falls", j, ob)
		case k > mk.kPlay && k <= mk.kG:
			if r.Action != w.Action || r.Player != w.Player || r.Stack != w.Stack {
				return fmt.Sprintf("at observation %d (%v) the twin's light asks %v, the table's %v", j, ob, w, r)
			}
		case !sameInstruction(r, w):
			return fmt.Sprintf("at observation %d (%v) the twin's light asks %v, the table's %v", j, ob, w, r)
		}
		if ob.Kind == game.EvIdentify && ob.Card != "" && onTopAt(T, ob) != onTopAt(R, ob) {
			return fmt.Sprintf("observation %d (%v): on top of that stack in only one of the table and the twin", j, ob)
		}
		if j == mk.at {
			if p := T.Where(mk.h); p.Zone != game.InStack || p.Player != mk.S || T.Top(p.Player, p.Stack) != mk.h {
				return fmt.Sprintf("the read %s lies at %+v in the twin, not on top of seat %d's stack", ob.Card, p, T.Seat(mk.S))
			}
		}
	}
	return ""
}

// cycled is order with s in h's place, h in g's and g in s's.
func cycled(order []int, h, g, s int) []int {
	out := slices.Clone(order)
	for i, c := range order {
		switch c {
		case h:
			out[i] = s
		case g:
			out[i] = h
		case s:
			out[i] = g
		}
	}
	return out
}
