package messy

import (
	"fmt"
	"slices"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// A mistake the assistant accepts may be one it could not catch only
// because a card it was shown earlier reached it without its identity: a
// deal or a rider the dealer confirmed by hand ("a card", "a Hit"), the
// reader gone or missing it. The engine stood a card of its own choice in,
// a guess, and a guess must give way to the real card when it turns up
// (game's riderScanned, unblind): the rider the dealer forgot to sweep,
// named by kind when it was shown, is that real card for all the engine
// can tell. Such a miss is judged Unidentified, not by its kind but by a
// test of what the table saw: the assistant's own observations of the
// hand replayed on a twin with every confirmation by hand whose card the
// table knows replaced by a read of that card (identifiedTwin), and the
// mistake refused there. Where the twin does not catch it either, or
// cannot follow the observations, it stays Missed. Told a card's identity,
// the twin may take a read for a card shown that the assistant took for a
// deal, its light then a seat behind the table's where a card went
// unscanned behind that read: the dealer, watching the twin's light as
// they watch the assistant's (noticeUnscanned), says "unscanned" there,
// and the twin is told which card it was (unsaidRead), as of any card the
// dealer says went unscanned.

// unidentifiedWhy is the answer to a miss the identified twin catches.
const unidentifiedWhy = "unidentified: told which card each confirmation by hand was, the assistant refuses it; it was told only its kind or nothing"

// byHandAt is a confirmation by hand the assistant took: the index of the
// observation in the table's log, and the card the table dealt or showed;
// or (unscanned) the dealer's "unscanned" said of the read before it, and
// the card dealt unscanned it stands for. The table's stopped are the same
// pair: the Stop read, and the Ground dealt unscanned it showed.
type byHandAt struct {
	at, card  int
	unscanned bool
}

// logged notes observation e, just taken by the assistant.
func (t *table) logged(e game.Event) {
	t.log = append(t.log, e)
	t.logAt = append(t.logAt, len(t.events))
}

// confirmedByHand notes that the observation just taken, a confirmation
// by hand, was of card c.
func (t *table) confirmedByHand(c int) {
	if n := len(t.log); n > 0 && t.log[n-1].Kind == game.EvConfirm {
		t.confirmed = append(t.confirmed, byHandAt{at: n - 1, card: c})
	}
}

// saidUnscanned notes that the observation just taken, the dealer's
// "unscanned", was said of card c dealt unscanned.
func (t *table) saidUnscanned(c int) {
	if n := len(t.log); n > 0 && t.log[n-1].Kind == game.EvUnscanned {
		t.confirmed = append(t.confirmed, byHandAt{at: n - 1, card: c, unscanned: true})
	}
}

// identifiedLog is the table's log as a reader that missed nothing gives
// it: each confirmation by hand of a known card a read of that card, and
// each card said dealt unscanned read before the read it was said of (a
// Ground dealt on past, its window closing), the "unscanned" gone.
func (t *table) identifiedLog() []game.Event {
	var out []game.Event
	for _, st := range t.identifiedSteps() {
		out = append(out, st.twin...)
	}
	return out
}

// identifiedStep is one step of the table's log: the observations the
// assistant took (seen), from the log's index at, and what the identified
// twin is told for them.
type identifiedStep struct {
	at         int
	seen, twin []game.Event
}

// identifiedSteps is identifiedLog, step by step beside the log it stands
// for.
func (t *table) identifiedSteps() []identifiedStep {
	by := map[int]byHandAt{}
	for _, b := range t.confirmed {
		by[b.at] = b
	}
	var out []identifiedStep
	for i := 0; i < len(t.log); i++ {
		e := t.log[i]
		if b, ok := by[i]; ok && !b.unscanned {
			out = append(out, identifiedStep{at: i, seen: []game.Event{e}, twin: []game.Event{game.Scan(t.truth.Card(b.card).ID)}})
			continue
		}
		st := identifiedStep{at: i, seen: []game.Event{e}}
		if e.Kind == game.EvScan {
			for i+1 < len(t.log) && by[i+1].unscanned {
				i++
				st.seen = append(st.seen, t.log[i])
				st.twin = append(st.twin, t.readUnscanned(by[i].card)...)
			}
		}
		// A Ground dealt unscanned that the assistant found from the Stop
		// read here (nameStoppedUnread): read as it was dealt, its window
		// open for this Stop.
		for _, b := range t.stopped {
			if b.at == i {
				st.twin = append(st.twin, game.Scan(t.truth.Card(b.card).ID))
			}
		}
		st.twin = append(st.twin, e)
		out = append(out, st)
	}
	return out
}

// readUnscanned is what a reader that missed nothing gives of card u,
// dealt unscanned: its read, and for a Ground the window the dealer dealt
// on past closing.
func (t *table) readUnscanned(u int) []game.Event {
	read := []game.Event{game.Scan(t.truth.Card(u).ID)}
	if t.truth.Card(u).Kind == game.Ground {
		read = append(read, game.StopClosed())
	}
	return read
}

// identifiedTwin replays the assistant's observations of this hand on a
// twin that the dealer told, at each confirmation by hand of a card the
// table knows, which card it was: the reader read it. The dealer's later
// answers about such a card (identify, n) the twin has no need of, and
// refuses; any other observation the assistant took that the twin refuses
// means the twin cannot follow the hand, and there is none (nil). The
// dealer's misread, said of what the assistant's screen showed, the twin
// is told only where its screen showed the same (misreadOfTheSame); their
// "unscanned", where the twin's light shows them the lag that the
// assistant's did not (unsaidRead.showsTheLag).
func (t *table) identifiedTwin() *game.Game {
	twin, _ := t.followingTwin()
	return twin
}

// followingTwin is identifiedTwin, and the mistakes (their indexes) of
// the cards dealt unscanned that its dealer said and the assistant's did
// not. Once the hand is finished the log it replays grows no more, and
// the judge's callers (shownFromTheDeck, unidentifiedAtTheAudit,
// unscannedSaidOnTheTwin) share one build, which they only read; before,
// each caller gets a twin of its own, built from the log so far.
func (t *table) followingTwin() (*game.Game, []int) {
	if !t.hand.Finished {
		return t.followTwin()
	}
	if t.followed == nil {
		twin, said := t.followTwin()
		t.followed = &followedTwin{twin: twin, said: said}
	}
	return t.followed.twin, t.followed.said
}

// followedTwin is followingTwin's answer, kept once the hand is finished.
type followedTwin struct {
	twin *game.Game
	said []int
}

// followTwin builds followingTwin's answer from the log so far.
func (t *table) followTwin() (*game.Game, []int) {
	unsaid := map[int]unsaidRead{}
	for _, u := range t.unsaid {
		unsaid[u.at] = u
	}
	var said []int
	twin, seen := t.start.Clone(), t.start.Clone()
	for _, st := range t.identifiedSteps() {
		if t.overWithTheTable(twin, st.at) {
			break // the rest is the dealer finishing the assistant's hand
		}
		same := misreadOfTheSame(st.seen, twin, seen)
		for _, e := range st.seen {
			_ = seen.Apply(e) // taken once: the table logs only what the assistant took
		}
		if !same {
			continue
		}
		told := st.twin
		if u, ok := unsaid[st.at]; ok && u.showsTheLag(twin, st.seen[0]) {
			told = nil
			for _, i := range u.faults {
				// Each card is known: unsaidAfter kept only faults whose
				// card the truth has.
				c, _ := t.truth.CardIndex(t.hand.Faults[i].Card)
				told = append(told, t.readUnscanned(c)...)
			}
			told = append(told, st.twin...)
			said = append(said, u.faults...)
		}
		for _, e := range told {
			if err := twin.Apply(e); err != nil {
				if mendsAGuess[e.Kind] {
					continue
				}
				return nil, nil
			}
		}
	}
	if twin.Over() {
		if t.truth.Over() && twin.Winner() == t.truth.Winner() {
			return twin, said
		}
		return nil, nil // its hand ended otherwise than the table's
	}
	if a, b := twin.Next(), t.seen.Next(); a.Action != b.Action || a.Player != b.Player {
		return nil, nil // its light is elsewhere: it no longer follows the table
	}
	return twin, said
}

// overWithTheTable reports whether twin's hand is over, with the table's
// winner, as the table's was when observation at was taken: what the
// assistant took from then on is the dealer finishing its hand from the
// panel (end), where it owed deals the table never made; the twin's
// table, over, shows none of it.
func (t *table) overWithTheTable(twin *game.Game, at int) bool {
	return twin.Over() && t.truth.Over() && twin.Winner() == t.truth.Winner() && t.logAt[at] >= len(t.events)
}

// unsaidRead is a read, the log's observation at, after which the dealer
// said nothing of the cards dealt unscanned before it (the mistakes
// faults, each naming its card, up to the first a Stop saved), the
// assistant's light showing them no lag (noticeUnscanned): the table's
// light as the read was taken (next), and the faller the table had dealt
// the read card to (dealtTo, -1 if none).
type unsaidRead struct {
	at, dealtTo int
	faults      []int
	next        game.Instruction
}

// unsaidAfter notes that the dealer said nothing of the cards of faults
// fs, dealt unscanned, at read id, just logged.
func (t *table) unsaidAfter(id string, fs []int) {
	u := unsaidRead{at: len(t.log) - 1, dealtTo: -1, next: t.truth.Next()}
	if p, c, _, ok := t.truth.PendingDeal(); ok && c >= 0 && t.truth.Card(c).ID == id {
		u.dealtTo = p
	}
	for _, i := range fs {
		c, ok := t.truth.CardIndex(t.hand.Faults[i].Card)
		if !ok || t.stoppedUnscanned(c) {
			break // noticeUnscanned says nothing of it, nor of those after it
		}
		u.faults = append(u.faults, i)
	}
	if len(u.faults) > 0 {
		t.unsaid = append(t.unsaid, u)
	}
}

// showsTheLag reports whether read e, taken by twin, shows the dealer the
// twin's light lagging for the cards dealt unscanned before it, as
// noticeUnscanned's dealer sees the assistant's: it asks a deal at another
// seat than the one e was dealt to, or after e something else than the
// table's light; or the twin refuses e, where the dealer confirms those
// cards by hand and reads e again (observe). The dealer then says
// "unscanned", and the identified twin is told which cards they were.
func (u unsaidRead) showsTheLag(twin *game.Game, e game.Event) bool {
	if in := twin.Next(); in.Action == game.ActDeal && u.dealtTo >= 0 && in.Player != u.dealtTo {
		return true
	}
	try := twin.Clone()
	if try.Apply(e) != nil {
		return true
	}
	a, b := try.Next(), u.next
	return a.Action != b.Action || a.Player != b.Player || a.Due != b.Due
}

// misreadOfTheSame reports whether the twin is to be told observations es
// the assistant (seen, before them) took: anything but the dealer's
// misread (game.NotThereRead), and that only where the twin's light
// agrees with the assistant's. The dealer says misread of a read the
// screen shows where they see it lie otherwise; where the twin, told which
// card each confirmation by hand was, already showed it elsewhere (a rider
// read as its seat's turn begins, which the assistant's hold judged the
// deal), the dealer saw nothing wrong on the twin's screen, and would have
// said nothing.
func misreadOfTheSame(es []game.Event, twin, seen *game.Game) bool {
	if len(es) != 1 || es[0].Kind != game.EvStackGone || es[0].Card == "" {
		return true
	}
	return samePlace(twin.Next(), seen.Next())
}

// mendsAGuess are the dealer's answers to what the assistant asks or
// shows where it guessed: the card dealt by hand asked for (identify, n),
// a read taken for a card it cannot be (misread), a stack the light asks
// for that is not there, and its take-back. A twin that never guessed
// asks none of it, and refuses it unchanged.
var mendsAGuess = map[game.EventKind]bool{game.EvIdentify: true, game.EvStackGone: true, game.EvThere: true}

// unidentified reports whether observation e of a mistake, which the
// assistant took, the identified twin refuses, or warns of (warned, if
// not nil, is the table's own test on the twin), or takes where the
// dealer then says what the screen shows wrong (taken back, if not nil:
// the dealer's answer on the twin, as the table asks it of the assistant;
// a second rider the twin, knowing the card lies in a stack, takes for
// one played at the next seat, where the dealer sees none). read are the
// reads the twin is given first that the assistant was not: the cards
// dealt unscanned just before e, not yet said (unreadBefore).
func (t *table) unidentified(e game.Event, warned, takenBack func(*game.Game) bool, read ...game.Event) bool {
	if len(t.confirmed) == 0 && len(read) == 0 {
		return false
	}
	twin := t.identifiedTwin()
	if twin == nil {
		return false
	}
	for _, r := range read {
		if twin.Apply(r) != nil {
			return false
		}
	}
	if warned != nil && warned(twin) {
		return true
	}
	if twin.Apply(e) != nil {
		return true
	}
	return takenBack != nil && takenBack(twin)
}

// unreadBefore is, when card c is the last of the cards dealt unscanned
// and not yet said (t.unscanned), the reads of those cards in turn: what
// a reader that missed nothing read just before the card dealt with c.
// None if c is not, or one of them is a Ground (its window would open
// between them).
func (t *table) unreadBefore(c int) []game.Event {
	fs := t.unscanned
	if len(fs) == 0 || t.hand.Faults[fs[len(fs)-1]].Card != t.truth.Card(c).ID {
		return nil
	}
	var read []game.Event
	for _, i := range fs {
		u, ok := t.truth.CardIndex(t.hand.Faults[i].Card)
		if !ok || t.truth.Card(u).Kind == game.Ground {
			return nil
		}
		read = append(read, game.Scan(t.truth.Card(u).ID))
	}
	return read
}

// heldWarnsOnTheTwin reports whether the identified twin's dealer, shown
// the read held, of card held, and card id read at once after it, warns
// of id (game/dealer's two-at-once warning) or refuses it: the twin holds
// no read (no card of its was dealt by hand, so none may have been picked
// up unseen: game.PlayedUnseen), takes held as the deal it was, and its
// clock sees id come at once after that deal. If the twin would hold the
// read too, it proves nothing.
func (t *table) heldWarnsOnTheTwin(held, id string) bool {
	if len(t.confirmed) == 0 {
		return false
	}
	twin := t.identifiedTwin()
	if twin == nil {
		return false
	}
	if x, ok := twin.CardIndex(held); !ok || twin.PlayedUnseen(x) != 0 {
		return false
	}
	if twin.Apply(game.Scan(held)) != nil {
		return false
	}
	return warnsAtOnce(id)(twin) || twin.Apply(game.Scan(id)) != nil
}

// unidentifiedAtTheAudit marks Unidentified the mistakes still missed
// that only the audit could name (a card lying where the record does not
// put it) and that the audit of the identified twin names: the card
// concerned lies, in the assistant's record, where a guess put it, a
// place the assistant took from a confirmation by hand and stood the card
// in for, just where the mistake put it, so the scan finds it where the
// record says. The card may have been read itself, the guess coming later
// from another card's confirmation by hand: in official 1000872 with 5
// fallers, hit-8, read as it was dealt to the wrong seat, is stood in for
// the Hit the dealer names by hand at the seat it reached, the reader
// gone. Told which card each confirmation by hand was, the twin keeps
// the card where it was read or dealt, and the scan finds it elsewhere:
// the assistant lacked only the identity of a card no reader gave it.
func (t *table) unidentifiedAtTheAudit(groups []audit.Group) {
	var twin *game.Game
	var rep audit.Result
	for i := range t.hand.Faults {
		f := &t.hand.Faults[i]
		if f.Answer != Missed || f.live || f.unseen != "" || f.unidentified != "" || f.Kind == BuriedPlay || !f.Kind.Visible() {
			continue
		}
		cards := t.guessedCards(f)
		if len(cards) == 0 {
			continue // where the assistant put it was no guess: the twin proves nothing of it
		}
		if twin == nil {
			if len(t.confirmed) == 0 {
				return
			}
			if twin = t.identifiedTwin(); twin == nil || !twin.Over() {
				return
			}
			rep = audit.Run(audit.Input{Game: twin, Groups: groups})
		}
		for _, card := range cards {
			if c, _ := twin.CardIndex(card); seatGuessed(twin, c) {
				continue // the twin's place for it is a guess too: its audit proves nothing
			}
			for _, m := range rep.Misplaced {
				if m.Card == card {
					f.unidentified = fmt.Sprintf("%s: %s found in %s, the twin believes %v", unidentifiedAtTheAuditWhy, m.Card, m.Found, m.Believed)
					break // a card is misplaced once
				}
			}
		}
	}
}

// seatGuessed reports whether the seat engine g has card c at is a guess,
// which the audit's scan, seat by seat, cannot prove wrong: c stands in for
// a card dealt by hand (Blind), or lies out of the stacks where a guess put
// it (a Stop confirmed by hand, guessed discarded). A card in a stack that
// is no stand-in was read there, or named there by the dealer; that it
// once stood in, or lay in a stack knocked over and gathered back, makes
// its order in the stack a guess (Guessed), not its seat: official
// 4008131, skip-1 dealt unscanned to seat 5, slid in front of seat 6 when
// the stack was knocked over, is believed at seat 5 by the twin told which
// card that was, and found at seat 6.
func seatGuessed(g *game.Game, c int) bool {
	return g.Blind(c) || g.Guessed(c) && g.Where(c).Zone != game.InStack
}

// guessedCards are the cards of mistake f (its card, and for a wrong
// sweep the second card whose place is evidence of it) whose place in the
// assistant's record is a guess: only of those can the identified twin's
// audit say the assistant lacked no more than a card's identity.
func (t *table) guessedCards(f *Fault) []string {
	var cards []string
	for _, card := range []string{f.Card, f.also} {
		if c, ok := t.seen.CardIndex(card); card != "" && ok && t.seen.Guessed(c) {
			cards = append(cards, card)
		}
	}
	return cards
}

const unidentifiedAtTheAuditWhy = "unidentified: told which card each confirmation by hand was, the audit names it"

// unscannedSaidOnTheTwin marks Unidentified the cards dealt unscanned still
// missed that the identified twin's dealer said (followingTwin): told which
// card each confirmation by hand was, the twin took a read for a card
// shown where the assistant took it for the deal, its light lagged for
// the card dealt unscanned behind it, and the dealer said so; the
// assistant's light, a deal ahead, showed them nothing.
func (t *table) unscannedSaidOnTheTwin() {
	var missed []int
	for i, f := range t.hand.Faults {
		if f.Kind == DealUnscanned && f.Answer == Missed && !f.live && f.unseen == "" && f.unidentified == "" {
			missed = append(missed, i)
		}
	}
	if len(missed) == 0 || len(t.unsaid) == 0 {
		return
	}
	twin, said := t.followingTwin()
	if twin == nil {
		return
	}
	for _, i := range missed {
		if slices.Contains(said, i) {
			t.hand.Faults[i].unidentified = unscannedSaidOnTheTwinWhy
		}
	}
}

const unscannedSaidOnTheTwinWhy = "unidentified: told which card each confirmation by hand was, its light lags for the card and the dealer says it went unscanned"
