package audit

import (
	"slices"
	"time"

	"github.com/falling-table/falling/game"
)

// Recorder keeps the record of a hand the audit reasons from (cards read,
// deals, addresses, plays), event by event, from what the engine did with
// each. The dealer's resume and the referee's review rebuild it from the
// play log with a Recorder, so the audit they run again is the one the
// dealer ran at the table.
//
// Call Before with the engine as it is just before each event is applied,
// Applied just after an accepted one, and Read for every card read.
type Recorder struct {
	Seen      map[string]bool
	Deals     []Deal
	Addresses []Address
	Plays     []Play

	before game.Instruction
	// readDeals and readPlays are how many deals and plays were recorded
	// before the last card read: an "unscanned" forgets what that read
	// recorded, and nothing recorded before it.
	readDeals, readPlays int
	// unscanned is what the last "unscanned" recorded from: the deals and
	// plays recorded before it, once the read's own were forgotten, the
	// card read again, and when.
	unscanned unscannedRead
	// goneAddresses is how many addresses were recorded before the last
	// "not there": its take-back (game.ThereAfterAll) goes back to before
	// it, and an address it, or a sweep since, began begins again.
	goneAddresses int
	// unsaid is the record as it was before each "unscanned" the dealer
	// may still take back (game.UnscannedTakenBack), the last on top: the
	// engine goes back to before it, and so does the record, or it keeps
	// a stand-in dealt that went back to the deck, the read dealt where
	// the light asked next, and loses the addresses begun before.
	unsaid []Recorder
	// shownDeal is the deal a card shown after all took out of Deals
	// (game.InfShownAfterAll): the misread said again at once puts it
	// back (game.ShownTakenBack).
	shownDeal Deal
	// readAt is when each card was last read, by card index (-1: never):
	// a misread that deals the read after all moves the deals recorded
	// since (replace), and the read it takes back may have recorded no
	// play (an Extra waiting for its rider).
	readAt   []time.Duration
	pendCard int
	pendOK   bool
	inferred int
	// reached is the start of the address under way, and its faller.
	reached       time.Duration
	reachedPlayer int
	// Times are kept in the order of the log: a hand resumed after a power
	// cut goes on on a clock that restarted at boot, so a time earlier
	// than the last one is moved on by shift to keep the order, which is
	// all the audit compares.
	last, shift time.Duration
}

// unscannedRead is the record as an "unscanned" left it (Recorder.unscanned).
type unscannedRead struct {
	deals, plays int
	card         string
	at           time.Duration
}

// NewRecorder starts the record of a hand.
func NewRecorder() *Recorder { return &Recorder{Seen: map[string]bool{}} }

// Read notes a card read during the hand.
func (r *Recorder) Read(id string) {
	if id != "" {
		r.Seen[id] = true
	}
}

// Before notes the engine's state just before an event is applied.
func (r *Recorder) Before(g *game.Game) {
	r.before = g.Next()
	_, r.pendCard, _, r.pendOK = g.PendingDeal()
}

// Applied records what the accepted event ev, at kernel time at, did:
// the dealer finishing an address, a card the engine inferred was played
// when it was read, a card dealt into a stack.
func (r *Recorder) Applied(g *game.Game, ev game.Event, at time.Duration) {
	at = r.order(at)
	defer r.keepUnsaid(g)
	if ev.Kind == game.EvThere && ev.Card != "" && r.unsay(len(g.Inferences())) {
		return
	}
	if ev.Kind == game.EvUnscanned {
		r.unsaid = append(r.unsaid, r.saved())
	}
	b := r.before
	switch {
	case ev.Kind == game.EvStackGone && ev.Card == "" && !game.TookBack(g.Inferences()[r.inferred:]):
		// (A "not there" that took a read back leaves the one before it to
		// be taken back: game's undoRead.)
		r.goneAddresses = len(r.Addresses)
	case ev.Kind == game.EvThere && ev.Card == "":
		r.Addresses = r.Addresses[:min(r.goneAddresses, len(r.Addresses))]
	}
	if b.AddressBegan(g.Next()) {
		r.Addresses = append(r.Addresses, Address{Player: b.Player, At: at})
		r.reached, r.reachedPlayer = at, b.Player
	}
	if ev.Kind == game.EvScan {
		r.readDeals, r.readPlays = len(r.Deals), len(r.Plays)
		if c, ok := g.CardIndex(ev.Card); ok {
			if len(r.readAt) != g.NumCards() {
				r.readAt = slices.Repeat([]time.Duration{-1}, g.NumCards())
			}
			r.readAt[c] = at
		}
	}
	if ev.Kind == game.EvUnscanned {
		// The read was taken for the card dealt unscanned before it, or
		// for a rider played at the seat still waiting for that card: what
		// was recorded of it goes, and it is recorded again below as the
		// engine now places it, after the deal confirmed by hand.
		if c, ok := g.CardIndex(ev.Card); ok {
			r.forget(c)
		}
		r.unscanned = unscannedRead{deals: len(r.Deals), plays: len(r.Plays), card: ev.Card, at: at}
	}
	read := ev.Kind == game.EvScan || ev.Kind == game.EvUnscanned
	readID := ev.Card
	// When the read a misread takes back was recorded played: the deals
	// recorded since went where that read sent them (replace).
	readAt := time.Duration(-1)
	inf := g.Inferences()
	for ; r.inferred < len(inf); r.inferred++ {
		x := inf[r.inferred]
		switch x.Kind {
		case game.InfUnscannedGround:
			// The card the "unscanned" stood in was a Ground, scanned
			// since: what the "unscanned" recorded (the stand-in, the card
			// read again) goes, and the Ground is dealt at its time; the
			// card read again is recorded below where the engine now
			// places it, as if read then.
			u := r.unscanned
			r.Deals, r.Plays = r.Deals[:min(u.deals, len(r.Deals))], r.Plays[:min(u.plays, len(r.Plays))]
			r.Deals = append(r.Deals, Deal{Card: x.Card, Player: x.Player, Stack: x.From.Stack, At: u.at})
			read, readID, at = true, u.card, u.at
		case game.InfBlindDeal:
			// The engine's guess may be the very card read again: read,
			// it is the deal where the light then asks, and another card
			// stands in (a second blind deal). Only the stand-in left
			// standing is the card dealt unscanned.
			if ev.Kind == game.EvUnscanned && x.Card >= 0 && g.Blind(x.Card) {
				r.Deals = append(r.Deals, Deal{Card: x.Card, Player: x.Player, Stack: g.Where(x.Card).Stack, At: at})
			}
		case game.InfRiderPlayed, game.InfExtraPlayed, game.InfStopPlayed:
			// Only a card read is a play the audit may reason from: a Stop
			// confirmed by hand is one the engine stood in for.
			if x.Card >= 0 && read && readID == g.Card(x.Card).ID {
				p := Play{Card: x.Card, Player: x.Player, From: x.From, At: at}
				if x.Kind != game.InfStopPlayed && x.Player == r.reachedPlayer && len(r.Addresses) > 0 {
					p.Reached = r.reached
				}
				r.Plays = append(r.Plays, p)
			}
		case game.InfDealtAfterAll:
			// The read taken back just before it was the deal: recorded
			// now, as the read it was (read in its time, on this event).
			r.Deals = append(r.Deals, Deal{Card: x.Card, Player: x.Player, Stack: x.From.Stack, At: at})
			if readAt >= 0 {
				r.replace(g, x.Card, readAt)
			}
		case game.InfShownAfterAll:
			// The read the dealer's hold judged the deal was a card shown:
			// its deal goes, and it is recorded played, as it would have
			// been had the hold judged it so in its time.
			shownAt := at
			for i := len(r.Deals) - 1; i >= 0; i-- {
				if r.Deals[i].Card == x.Card {
					shownAt = r.Deals[i].At
					r.shownDeal = r.Deals[i]
					r.Deals = append(r.Deals[:i], r.Deals[i+1:]...)
					break
				}
			}
			p := Play{Card: x.Card, Player: x.Player, From: x.From, At: shownAt}
			if x.Player == r.reachedPlayer && len(r.Addresses) > 0 {
				p.Reached = r.reached
			}
			r.Plays = append(r.Plays, p)
		case game.InfReadTakenBack:
			// The read was a stray or a second read: it proves no play.
			for i := len(r.Plays) - 1; i >= 0; i-- {
				if r.Plays[i].Card == x.Card {
					readAt = r.Plays[i].At
					r.Plays = append(r.Plays[:i], r.Plays[i+1:]...)
					break
				}
			}
			if x.Card >= 0 && x.Card < len(r.readAt) && readAt < 0 {
				// No play recorded of it: an Extra read before its rider.
				readAt = r.readAt[x.Card]
			}
			if game.ShownTakenBack(inf, r.inferred) && r.shownDeal.Card == x.Card {
				// The misread said again of a card it made shown after
				// all: the read is the deal the hold judged it, where it
				// was recorded (in the order of the record).
				i := len(r.Deals)
				for i > 0 && r.Deals[i-1].At > r.shownDeal.At {
					i--
				}
				r.Deals = slices.Insert(r.Deals, i, r.shownDeal)
			}
		}
	}
	// A card just went into a stack: a new pending deal of a real card.
	// After an "unscanned", it is the card read again, dealt where the
	// light then asked (the deal confirmed by hand is recorded above).
	p, c, _, ok := g.PendingDeal()
	if ev.Kind == game.EvUnscanned || readID != ev.Card {
		ok = ok && c >= 0 && g.Card(c).ID == readID
	} else {
		ok = ok && c >= 0 && (!r.pendOK || c != r.pendCard) && (read || ev.Kind == game.EvConfirm)
	}
	if ok {
		r.Deals = append(r.Deals, Deal{Card: c, Player: p, Stack: g.Where(c).Stack, At: at})
	}
}

// saved is a copy of the record as it is, to go back to.
func (r *Recorder) saved() Recorder {
	s := *r
	s.unsaid = nil
	s.Deals, s.Plays, s.Addresses, s.readAt = slices.Clone(r.Deals), slices.Clone(r.Plays), slices.Clone(r.Addresses), slices.Clone(r.readAt)
	return s
}

// unsay goes back to the record as it was before the "unscanned" just
// taken back, if one was kept. What follows the hand's events through
// (the cards read, the engine's inferences up to inferred, the order of
// times, the engine before this event) stays as it is now.
func (r *Recorder) unsay(inferred int) bool {
	n := len(r.unsaid)
	if n == 0 {
		return false
	}
	s, rest := r.unsaid[n-1], r.unsaid[:n-1]
	s.Seen, s.last, s.shift = r.Seen, r.last, r.shift
	s.before, s.pendCard, s.pendOK = r.before, r.pendCard, r.pendOK
	*r = s
	r.unsaid, r.inferred = rest, inferred
	return true
}

// keepUnsaid forgets the records kept before "unscanned"s once the engine
// would no longer take one back.
func (r *Recorder) keepUnsaid(g *game.Game) {
	if _, ok := g.UnscannedToTakeBack(); !ok {
		r.unsaid = r.unsaid[:0]
	}
}

// replace moves the deals recorded since at, when the read of card c now
// dealt after all was taken, to where the engine has them now: a misread
// said after deals were made at that seat (game's takeBackRead) deals them
// again where the light then asks, at the next seats, and a deal left
// recorded where the wrong read sent it would have the audit see a card
// lie in a stack it never reached ("a card played while buried under a
// card that never left the stack", product.md).
func (r *Recorder) replace(g *game.Game, c int, at time.Duration) {
	for i := range r.Deals {
		d := &r.Deals[i]
		if d.At < at || d.Card == c {
			continue
		}
		if w := g.Where(d.Card); w.Zone == game.InStack {
			d.Player, d.Stack = w.Player, w.Stack
		}
	}
}

// forget drops what the last read recorded of card c: its deal or its
// play (only sweeps may have followed the read). A deal or a play of c
// recorded before that read stays: the Hit read as it was dealt may be
// the rider shown, played at once, that the read took for another seat's.
func (r *Recorder) forget(c int) {
	if n := len(r.Deals); n > r.readDeals && r.Deals[n-1].Card == c {
		r.Deals = r.Deals[:n-1]
	}
	if n := len(r.Plays); n > r.readPlays && r.Plays[n-1].Card == c {
		r.Plays = r.Plays[:n-1]
	}
}

func (r *Recorder) order(at time.Duration) time.Duration {
	at += r.shift
	if at < r.last {
		r.shift += r.last - at
		at = r.last
	}
	r.last = at
	return at
}

// LastAddressed is the faller the dealer last finished addressing, or -1.
func (r *Recorder) LastAddressed() int {
	if n := len(r.Addresses); n > 0 {
		return r.Addresses[n-1].Player
	}
	return -1
}

// Input is the audit's input for the hand g ended as, with the groups the
// dealer scanned afterwards.
func (r *Recorder) Input(g *game.Game, groups []Group) Input {
	return Input{Game: g, Groups: groups, Seen: r.Seen, Deals: r.Deals, Addresses: r.Addresses, Plays: r.Plays}
}
