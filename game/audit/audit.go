// Package audit is the end-of-hand audit, which "closes the books: every
// card is accounted for, and plays that were impossible (a card played
// while buried under a card that never left the stack) are reported."
//
// It is a pure function of the hand as the engine ended it, what the
// dealer scanned afterwards, and the record of the hand (cards read,
// deals, the dealer reaching each faller, plays the engine inferred), so
// the dealer runs it at the table and a referee's review runs it again
// from the log. Its Result is what the play log keeps.
package audit

import (
	"fmt"
	"sort"
	"time"

	"github.com/falling-table/falling/game"
)

// The names of the audit's groups, which the play log keeps with every
// audit scan: "seat N" for everything in front of seat N, then the discard
// pile, then what is left of the deck. Review places each scanned card by
// its group, so writer and reader share these.
const (
	Discard = "discard pile"
	Deck    = "deck"
)

// SeatGroup is the name of seat's audit group.
func SeatGroup(seat int) string { return fmt.Sprintf("seat %d", seat) }

// ParseGroup reads an audit group's name: the seat for "seat N", 0 for the
// discard pile and the deck (deck tells those apart); ok is false for a
// name that is none of them.
func ParseGroup(name string) (seat int, deck, ok bool) {
	switch name {
	case Discard:
		return 0, false, true
	case Deck:
		return 0, true, true
	}
	var n int
	if _, err := fmt.Sscanf(name, "seat %d", &n); err == nil && n > 0 && SeatGroup(n) == name {
		return n, false, true
	}
	return 0, false, false
}

// Group is one group of the audit: what the dealer scanned for a seat
// (everything in front of it: stacks, held card, rider), for the discard
// pile, or for what is left of the deck.
type Group struct {
	Name   string   `json:"name"`
	Player int      `json:"player"` // the faller, or -1 for the discard pile and the deck
	Cards  []string `json:"cards"`  // card IDs in the order scanned
}

// Deal is one card dealt into a stack, as the dealer saw it.
type Deal struct {
	Card   int           `json:"card"`
	Player int           `json:"player"`
	Stack  int           `json:"stack"` // the engine's index when dealt
	At     time.Duration `json:"at"`
}

// Address is the dealer reaching a faller.
type Address struct {
	Player int           `json:"player"`
	At     time.Duration `json:"at"`
}

// Play is a card the engine inferred was played from where it was last
// seen, at the time the inference was made.
type Play struct {
	Card   int           `json:"card"`
	Player int           `json:"player"` // where it turned up
	From   game.Place    `json:"from"`
	At     time.Duration `json:"at"`
	// Reached is when the dealer reached that faller for the address at
	// which the card turned up, if it turned up as they did (a rider, an
	// Extra shown after its rider): that address did not find the seat
	// without it.
	Reached time.Duration `json:"reached,omitempty"`
}

// Input is everything Run reads.
type Input struct {
	Game      *game.Game
	Groups    []Group
	Seen      map[string]bool // cards read during the hand
	Deals     []Deal
	Addresses []Address
	Plays     []Play
}

// Misplaced is a card found somewhere the engine did not believe it was:
// moved unseen, which is allowed, but worth the referee's eye.
type Misplaced struct {
	Card     string     `json:"card"`
	Found    string     `json:"found"` // the audit group it was scanned in
	Believed game.Place `json:"believed"`
}

// Impossible is a card played while buried.
type Impossible struct {
	Card  string `json:"card"`
	Seat  int    `json:"seat"`  // whose stack it was in
	Under string `json:"under"` // the card on top of it that never left
	Why   string `json:"why"`
}

// Result is the audit's verdict, as the dealer announces it and the play
// log keeps it (a KindAuditResult entry).
type Result struct {
	Cards     int         `json:"cards"`   // in the deck
	Counted   int         `json:"counted"` // distinct cards scanned at the audit
	Accounted bool        `json:"accounted"`
	Missing   []string    `json:"missing,omitempty"`    // not scanned at the audit
	NeverSeen []string    `json:"never_seen,omitempty"` // not read during the hand nor at the audit
	SeenTwice []string    `json:"seen_twice,omitempty"` // scanned more than once at the audit
	Unknown   []string    `json:"unknown,omitempty"`    // scanned at the audit, not in this deck
	Misplaced []Misplaced `json:"misplaced,omitempty"`
	// Unseen are cards played where the table cannot see: a Move, a Push,
	// a Grab or a Stop found in the discard pile while the engine last saw
	// it in a faller's stack or hand. "What it cannot see (a Move between
	// players, a Stop on a rider, which card a player holds) it
	// reconstructs when the cards show up again" (product.md): played and
	// discarded, such a card never shows up again but here, so naming it
	// misplaced would put every legal Move before the referee.
	Unseen []string `json:"unseen,omitempty"`
	// DeckShort is how many cards fewer the deck held than the record
	// leaves in it: cards the engine believed in the deck found elsewhere,
	// beyond those it believed dealt found in the deck or not found at all
	// (they may lie in a deck left unscanned). Every card that
	// leaves the deck is a deal the dealer read or confirmed by hand, and
	// a card confirmed by hand that the engine guessed wrong stays in the
	// deck in the place of the one that left it, one for one; so only a
	// card dealt with no deal on record (two dealt as one, one dealt
	// unscanned and never said) leaves the deck short, whichever card the
	// engine's guesses now name for it. 0 if the deck is not short.
	DeckShort int `json:"deck_short,omitempty"`
	// Unproven says why the audit could not look for impossible plays at
	// all (cards confirmed by hand), "" when it did: a clean verdict must
	// not read as a proof it never attempted.
	Unproven   string       `json:"unproven,omitempty"`
	Impossible []Impossible `json:"impossible,omitempty"`
}

// Run checks the books of a finished hand.
func Run(in Input) Result {
	g := in.Game
	rep := Result{Cards: g.NumCards()}
	found := map[int]int{} // card → group
	for gi, grp := range in.Groups {
		for _, id := range grp.Cards {
			c, ok := g.CardIndex(id)
			if !ok {
				rep.Unknown = append(rep.Unknown, id)
				continue
			}
			if _, dup := found[c]; dup {
				rep.SeenTwice = append(rep.SeenTwice, id)
				continue
			}
			found[c] = gi
		}
	}
	rep.Counted = len(found)
	for c := 0; c < g.NumCards(); c++ {
		id := g.Card(c).ID
		gi, ok := found[c]
		if !ok {
			rep.Missing = append(rep.Missing, id)
			if !in.Seen[id] {
				rep.NeverSeen = append(rep.NeverSeen, id)
			}
			continue
		}
		if w := g.Where(c); !believedIn(w, in.Groups[gi]) {
			if playedUnseen(g.Card(c).Kind, w, in.Groups[gi]) {
				rep.Unseen = append(rep.Unseen, id)
				continue
			}
			rep.Misplaced = append(rep.Misplaced, Misplaced{Card: id, Found: in.Groups[gi].Name, Believed: w})
		}
	}
	if !g.DeckGuessed() {
		rep.DeckShort = deckShort(in, found)
	}
	rep.Accounted = len(rep.Missing) == 0 && len(rep.SeenTwice) == 0 && len(rep.Unknown) == 0
	if n := g.Guesses(); n > 0 {
		rep.Unproven = fmt.Sprintf("no buried play can be proved: where %d card(s) lay is partly a guess (confirmed by hand, or in a stack knocked over and gathered back)", n)
	} else {
		rep.Impossible = impossible(in, found)
	}
	sort.Strings(rep.SeenTwice)
	return rep
}

// DeckShortWhy says what a deck short of the record means. The last cause
// is the assistant's own: a card dealt and read, taken for a card shown or
// played, leaves the record a deal short just the same.
const DeckShortWhy = "a card left the deck with no deal on record: two dealt as one, one dealt unscanned and never said, or a deal taken for something else"

// Verdict is the result in one line, as the dealer says it at the table
// and the review shows it, so the two never word it apart.
func (r *Result) Verdict() string {
	s := fmt.Sprintf("%d of %d cards counted", r.Counted, r.Cards)
	if r.Accounted {
		s += ", every card accounted for"
	} else {
		s += ", NOT every card accounted for"
	}
	switch n := len(r.Impossible); n {
	case 0:
	case 1:
		s += ", 1 impossible play"
	default:
		s += fmt.Sprintf(", %d impossible plays", n)
	}
	if r.DeckShort > 0 {
		s += fmt.Sprintf(", the deck %d card(s) short of the record", r.DeckShort)
	}
	if r.Unproven != "" {
		s += "; " + r.Unproven
	}
	return s
}

// DeckShortSaid is the deck short of the record with what it means, "" when
// the deck is not short.
func (r *Result) DeckShortSaid() string {
	if r.DeckShort <= 0 {
		return ""
	}
	return fmt.Sprintf("the deck %d card(s) short of the record: %s", r.DeckShort, DeckShortWhy)
}

// deckShort counts the cards believed in the deck and found elsewhere,
// less those believed elsewhere that may lie in the deck: found there, or
// not found at all (Result.DeckShort). A deck left unscanned (the dealer
// confirming it empty-handed, a log whose scans name only the seats) holds
// every card the audit did not find: a card confirmed by hand that the
// engine guessed wrong is found at its seat, its guess in that deck, and
// the deck is not short.
func deckShort(in Input, found map[int]int) int {
	n := 0
	for c := range in.Game.NumCards() {
		gi, ok := found[c]
		inDeck, scannedThere := in.Game.Where(c).Zone == game.InDeck, ok && in.Groups[gi].Name == Deck && in.Groups[gi].Player < 0
		switch {
		case inDeck && ok && !scannedThere:
			n++
		case !inDeck && (scannedThere || !ok):
			n--
		}
	}
	return max(n, 0)
}

// playedUnseen reports whether a card of kind k, believed at w and found in
// grp, was simply played out of sight: an action card, never shown when it
// is played, found discarded where the engine had it held or in a stack.
func playedUnseen(k game.Kind, w game.Place, grp Group) bool {
	switch k {
	case game.Move, game.Push, game.Grab, game.Stop:
	default:
		return false
	}
	return (w.Zone == game.InStack || w.Zone == game.InHand) && grp.Player < 0 && grp.Name == Discard
}

// believedIn reports whether the engine's place w agrees with the group a
// card was scanned in.
func believedIn(w game.Place, grp Group) bool {
	switch w.Zone {
	case game.InStack, game.InHand, game.AsRider, game.AsExtra:
		return grp.Player == w.Player
	case game.InDiscard:
		return grp.Player < 0 && grp.Name == Discard
	case game.InDeck:
		return grp.Player < 0 && grp.Name == Deck
	}
	return false
}

// impossible finds cards played from a stack while buried. A referee
// trusts this report, so a play is only called impossible when the log
// proves it; what the table cannot see (a Move, a card played on oneself
// since the dealer last came round) may not be taken for a fault. A faller
// may pick a card up before it is buried and hold it as long as they like,
// so a play is only proved impossible when their hand was provably busy:
//
//   - c was dealt to P's stack, then d on top of it, and d never left the
//     stack, so c must have been picked up before d was dealt. The audit
//     scans everything in front of a seat as one group, so d found there
//     proves that only if d cannot lie there outside the stack: a rider or
//     an Extra may be P's own, played unseen since the dealer last came
//     round, or Moved back ("You can either steal someone else's rider, or
//     you can give your rider to someone else"). Any other card in front of
//     P never left: it was in the stack or in P's hand, and a card held is
//     a hand too busy to pick up c;
//   - c turned up at seat Q at Tc, and Q was reached by the dealer at Ta
//     (d dealt < Ta < Tc) without c, so c was played after Ta. A rider or
//     an Extra may have been played elsewhere earlier and carried to Q by a
//     Move ("This card moves a rider ... If the rider moves around, the
//     Extra moves with it"), so for those this needs every Move (Push,
//     Grab) card to be provably unplayed by Tc;
//   - P played another card c2, dealt after d, and it turned up before Ta:
//     P picked c2 up while still holding c. "You may pick up only one card
//     at a time."
//
// Run does not call it for a hand with a card confirmed by hand: the engine
// stood in a card for it, a guess, and when the real card turns up the
// guess is mended by swapping cards between stacks and the deck, so which
// card lay under which is, from then on, partly the engine's guess. (The
// real dealer on the messy table named fallers for cards only the guesses
// had buried.)
func impossible(in Input, found map[int]int) []Impossible {
	g := in.Game
	dealOf := map[int]Deal{}
	for _, d := range in.Deals {
		dealOf[d.Card] = d
	}
	if dealUnread(in, found, dealOf) {
		return nil
	}
	var out []Impossible
	for _, p := range in.Plays {
		if p.From.Zone != game.InStack {
			continue
		}
		dc, ok := dealOf[p.Card]
		if !ok {
			continue
		}
		if movable(g.Card(p.Card).Kind) && moveOut(in, found, dealOf, p.At) {
			continue // a Move may have carried it to where it turned up
		}
		before := p.At
		if p.Reached > 0 && p.Reached < before {
			// An Extra is shown just after its rider, at the address the
			// rider's scan started: that address is where it turned up.
			before = p.Reached
		}
		ta, reached := lastReached(in.Addresses, p.Player, before)
		if !reached {
			continue
		}
		for _, d := range in.Deals {
			if d.Player != dc.Player || d.Stack != dc.Stack || d.At <= dc.At || d.At >= ta {
				continue
			}
			if movable(g.Card(d.Card).Kind) {
				continue // found in front of the seat, it may be the seat's rider or Extra
			}
			gi, ok := found[d.Card]
			if !ok || in.Groups[gi].Player != d.Player || playedLater(in.Plays, d.Card) {
				continue // the covering card left the stack, or cannot be placed
			}
			c2, busy := handBusy(in.Plays, dealOf, p.Card, dc.Player, d.At, ta)
			if !busy {
				continue
			}
			out = append(out, Impossible{
				Card: g.Card(p.Card).ID, Seat: g.Seat(d.Player), Under: g.Card(d.Card).ID,
				// The one innocent explanation the record cannot rule out
				// is said with it: a stack knocked over and gathered back
				// in another order looks exactly like this, and only
				// someone who saw it fall can tell (README, the messy
				// table: regathered).
				Why: fmt.Sprintf("%v was buried under %v, which never left seat %d's stack, and was played after seat %d played %v (unless that stack was knocked over and gathered back in another order)",
					g.Card(p.Card), g.Card(d.Card), g.Seat(d.Player), g.Seat(d.Player), g.Card(c2)),
			})
			break
		}
	}
	return out
}

// movable reports whether a card of kind k can lie in front of a seat
// outside its stacks and be carried from seat to seat by a Move: a rider,
// or an Extra with its rider.
func movable(k game.Kind) bool { return k.IsRider() || k == game.Extra }

// moveOut reports whether a Move (or the classic Push or Grab) may have
// been played before t. A Move card is provably unplayed by then if it was
// not dealt before t, or if the audit found it in front of a seat: a
// played Move is discarded ("then discard the Action card yourself") and
// never comes back.
func moveOut(in Input, found map[int]int, dealOf map[int]Deal, t time.Duration) bool {
	g := in.Game
	for c := 0; c < g.NumCards(); c++ {
		switch g.Card(c).Kind {
		case game.Move, game.Push, game.Grab:
		default:
			continue
		}
		if gi, ok := found[c]; ok && in.Groups[gi].Player >= 0 {
			continue // still in a stack or a hand at the end
		}
		if gi, ok := found[c]; ok && in.Groups[gi].Name == Deck {
			continue // never dealt
		}
		if d, ok := dealOf[c]; ok && d.At >= t {
			continue // dealt only after
		}
		return true
	}
	return false
}

// lastReached is the start of player p's last address before t.
func lastReached(addrs []Address, p int, t time.Duration) (time.Duration, bool) {
	var at time.Duration
	ok := false
	for _, a := range addrs {
		if a.Player == p && a.At < t && (!ok || a.At > at) {
			at, ok = a.At, true
		}
	}
	return at, ok
}

// handBusy finds a card other than c that player p played from their
// stacks, dealt after from and seen played before to.
func handBusy(plays []Play, dealOf map[int]Deal, c, p int, from, to time.Duration) (int, bool) {
	for _, q := range plays {
		if q.Card == c || q.From.Zone != game.InStack || q.From.Player != p || q.At >= to {
			continue
		}
		if d, ok := dealOf[q.Card]; ok && d.At > from {
			return q.Card, true
		}
	}
	return -1, false
}

func playedLater(plays []Play, c int) bool {
	for _, p := range plays {
		if p.Card == c {
			return true
		}
	}
	return false
}

// dealUnread reports whether the record of the deal is provably not the
// table's: a card dealt without being read (found at the audit in front of
// a seat or on the discard pile while the engine believed it still in the
// deck, with no deal of it on record: the next card read was taken for
// it), or a card dealt to another seat than the engine believed. Which
// card lies under which in such a record proves nothing.
func dealUnread(in Input, found map[int]int, dealOf map[int]Deal) bool {
	g := in.Game
	for c, gi := range found {
		grp, w := in.Groups[gi], g.Where(c)
		if w.Zone == game.InStack && grp.Player >= 0 && grp.Player != w.Player && !movable(g.Card(c).Kind) {
			// "You can never mess with the cards in someone's stack": a
			// card that is no rider nor Extra leaves a stack only for its
			// faller's hand, then the discard pile. Found in front of
			// another seat, it was dealt there, and the record of whose
			// stack each card went to is not the table's.
			return true
		}
		if grp.Name == Deck || w.Zone != game.InDeck {
			continue
		}
		if _, dealt := dealOf[c]; !dealt {
			return true
		}
	}
	return false
}
