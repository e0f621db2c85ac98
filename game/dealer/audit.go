package dealer

import (
	"fmt"
	"sort"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// The end-of-hand audit "closes the books: every card is accounted for, and
// plays that were impossible (a card played while buried under a card that
// never left the stack) are reported." Audit is a pure function of the hand
// as the engine ended it, what the dealer scanned afterwards, and the
// dealer's record of the hand, so a referee can rerun it from the log.

// AuditGroup is one group of the audit: what the dealer scanned for a seat
// (everything in front of it: stacks, held card, rider), for the discard
// pile, or for what is left of the deck.
type AuditGroup struct {
	Name   string   `json:"name"`
	Player int      `json:"player"` // the faller, or -1 for the discard pile and the deck
	Cards  []string `json:"cards"`  // card IDs in the order scanned
}

// DealRecord is one card dealt into a stack, as the dealer saw it.
type DealRecord struct {
	Card   int           `json:"card"`
	Player int           `json:"player"`
	Stack  int           `json:"stack"` // the engine's index when dealt
	At     time.Duration `json:"at"`
}

// AddressRecord is the dealer reaching a faller.
type AddressRecord struct {
	Player int           `json:"player"`
	At     time.Duration `json:"at"`
}

// PlayRecord is a card the engine inferred was played from where it was
// last seen, at the time the inference was made.
type PlayRecord struct {
	Card   int           `json:"card"`
	Player int           `json:"player"` // where it turned up
	From   game.Place    `json:"from"`
	At     time.Duration `json:"at"`
}

// AuditInput is everything Audit reads.
type AuditInput struct {
	Game      *game.Game
	Groups    []AuditGroup
	Seen      map[string]bool // cards read during the hand
	Deals     []DealRecord
	Addresses []AddressRecord
	Plays     []PlayRecord
}

// Misplaced is a card found somewhere the engine did not believe it was:
// moved unseen, which is allowed, but worth the referee's eye.
type Misplaced struct {
	Card     string     `json:"card"`
	Found    string     `json:"found"`
	Believed game.Place `json:"believed"`
}

// ImpossiblePlay is a card played while buried.
type ImpossiblePlay struct {
	Card  string `json:"card"`
	Seat  int    `json:"seat"`  // whose stack it was in
	Under string `json:"under"` // the card on top of it that never left
	Why   string `json:"why"`
}

// AuditReport is the audit's finding.
type AuditReport struct {
	Cards      int              `json:"cards"`   // in the deck
	Counted    int              `json:"counted"` // distinct cards scanned at the audit
	Accounted  bool             `json:"accounted"`
	Missing    []string         `json:"missing,omitempty"`    // not scanned at the audit
	NeverSeen  []string         `json:"never_seen,omitempty"` // not read during the hand nor at the audit
	SeenTwice  []string         `json:"seen_twice,omitempty"` // scanned more than once at the audit
	Unknown    []string         `json:"unknown,omitempty"`    // scanned at the audit, not in this deck
	Misplaced  []Misplaced      `json:"misplaced,omitempty"`
	Impossible []ImpossiblePlay `json:"impossible,omitempty"`
}

// Result is the report as the play log keeps it.
func (r AuditReport) Result() playlog.AuditResult {
	res := playlog.AuditResult{Cards: r.Cards, Counted: r.Counted, Accounted: r.Accounted,
		Missing: r.Missing, NeverSeen: r.NeverSeen, SeenTwice: r.SeenTwice, Unknown: r.Unknown}
	for _, m := range r.Misplaced {
		res.Misplaced = append(res.Misplaced, playlog.AuditMisplaced{Card: m.Card, Found: m.Found, Believed: m.Believed})
	}
	for _, ip := range r.Impossible {
		res.Impossible = append(res.Impossible, playlog.AuditImpossible{Card: ip.Card, Seat: ip.Seat, Under: ip.Under, Why: ip.Why})
	}
	return res
}

// Audit checks the books of a finished hand.
func Audit(in AuditInput) AuditReport {
	g := in.Game
	rep := AuditReport{Cards: g.NumCards()}
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
			rep.Misplaced = append(rep.Misplaced, Misplaced{Card: id, Found: in.Groups[gi].Name, Believed: w})
		}
	}
	rep.Accounted = len(rep.Missing) == 0 && len(rep.SeenTwice) == 0 && len(rep.Unknown) == 0
	rep.Impossible = impossible(in, found)
	sort.Strings(rep.SeenTwice)
	return rep
}

// believedIn reports whether the engine's place w agrees with the group a
// card was scanned in.
func believedIn(w game.Place, grp AuditGroup) bool {
	switch w.Zone {
	case game.InStack, game.InHand, game.AsRider, game.AsExtra:
		return grp.Player == w.Player
	case game.InDiscard:
		return grp.Player < 0 && grp.Name == GroupDiscard
	case game.InDeck:
		return grp.Player < 0 && grp.Name == GroupDeck
	}
	return false
}

// Group names of the audit's last two groups: the play log's, which review
// reads back.
const (
	GroupDiscard = playlog.AuditDiscard
	GroupDeck    = playlog.AuditDeck
)

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
// Deals the dealer confirmed by hand name a card the engine only stood in
// for, so they prove nothing either.
func impossible(in AuditInput, found map[int]int) []ImpossiblePlay {
	g := in.Game
	dealOf := map[int]DealRecord{}
	for _, d := range in.Deals {
		if !g.Blind(d.Card) {
			dealOf[d.Card] = d
		}
	}
	var out []ImpossiblePlay
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
		ta, reached := lastReached(in.Addresses, p.Player, p.At)
		if !reached {
			continue
		}
		for _, d := range in.Deals {
			if d.Player != dc.Player || d.Stack != dc.Stack || d.At <= dc.At || d.At >= ta || g.Blind(d.Card) {
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
			out = append(out, ImpossiblePlay{
				Card: g.Card(p.Card).ID, Seat: g.Seat(d.Player), Under: g.Card(d.Card).ID,
				Why: fmt.Sprintf("%v was buried under %v, which never left seat %d's stack, and was played after seat %d played %v",
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
func moveOut(in AuditInput, found map[int]int, dealOf map[int]DealRecord, t time.Duration) bool {
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
		if gi, ok := found[c]; ok && in.Groups[gi].Name == GroupDeck {
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
func lastReached(addrs []AddressRecord, p int, t time.Duration) (time.Duration, bool) {
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
func handBusy(plays []PlayRecord, dealOf map[int]DealRecord, c, p int, from, to time.Duration) (int, bool) {
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

func playedLater(plays []PlayRecord, c int) bool {
	for _, p := range plays {
		if p.Card == c {
			return true
		}
	}
	return false
}
