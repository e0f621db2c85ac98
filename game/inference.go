package game

import (
	"fmt"
	"slices"
)

// What the engine concluded from a real table's observations, and what it
// keeps beside the rules' state to reconcile the next one: the inferences
// the end-of-hand audit and the referee check, the cards dealt by hand,
// the riders shown at the current address. observe.go writes them.

// InferenceKind says what the engine concluded from an observation.
type InferenceKind uint8

const (
	// InfRiderPlayed: a card scanned as a seat's rider was played there
	// from where it was last seen (From).
	InfRiderPlayed InferenceKind = iota + 1
	// InfExtraPlayed: likewise for an Extra on that rider.
	InfExtraPlayed
	// InfRiderGone: a rider the engine believed was in front of a seat was
	// not scanned when the seat was addressed: stopped or moved, unseen.
	InfRiderGone
	// InfStackGone: the dealer reported a stack gone, so all its cards were
	// picked up unseen.
	InfStackGone
	// InfStopClaimed: a press from the seat a Ground was being dealt to.
	InfStopClaimed
	// InfStopPlayed: a Stop saved a seat from a Ground; From is where the
	// Stop card was last seen (Card is -1 if it was confirmed by hand and
	// no Stop could be placed).
	InfStopPlayed
	// InfBlindDeal: the dealer confirmed a deal by hand (no reader); the
	// engine stood in a deck card whose identity is not known.
	InfBlindDeal
	// InfLanded: the dealer moved on without a Stop: the Ground landed.
	InfLanded
	// InfReadTakenBack: the dealer found nothing where a card just read
	// was taken for a rider (or an Extra) played there unseen: the read was
	// a stray or a second read of a card lying elsewhere, and the hand is
	// as it was before it (unless InfDealtAfterAll follows: it was the
	// deal). From is where the card is believed again. The
	// read's own inference stays in the list before it: the list only
	// grows.
	InfReadTakenBack
	// InfGoneTakenBack: the dealer took back the "not there" just said of
	// Player's stack (or rider): it is there, and the hand is as it was
	// before it was said. The inferences of the "not there" stay in the
	// list before it.
	InfGoneTakenBack
	// InfUnscannedGround: the card the dealer's "unscanned" stood in was
	// read while it lay on top of Player's stack (From) and was a Ground,
	// Card: it is dealt there as if read in its time and lands, and the
	// card read after it is read again. The stand-in's and that read's
	// inferences stay in the list before it.
	InfUnscannedGround
	// InfDealtAfterAll: the read the dealer's "not there" (or misread)
	// just took back (InfReadTakenBack, before it) was of a card the engine believed in the
	// deck, or stood in for Player's own card dealt by hand said picked up,
	// taken for that card played as Player's turn began: no such rider
	// there, it is the deal the dealer had just made to Player (From: the
	// stack it went into).
	InfDealtAfterAll
	// InfShownAfterAll: the read the dealer's hold judged dealt
	// (ScanDealt), of a card that may have been one dealt by hand that a
	// faller picked up unseen (PlayedUnseen), was that card shown after
	// all, the dealer's misread says: its deal is taken back, and Card is
	// played at Player's turn from From, where the card dealt by hand lay,
	// as if the hold had judged it so.
	InfShownAfterAll
	// InfUnscannedTakenBack: the dealer took back the "unscanned" just
	// said (UnscannedTakenBack): no card went unscanned before the read
	// Card, and the hand is as it was before it was said, Card read where
	// it was first taken. The inferences of the "unscanned" stay in the
	// list before it.
	InfUnscannedTakenBack
	// InfStoppedUnread: Player, pressed while the light asked them for a
	// card and only a Ground could be dealt (Game.OnlyGroundsDue), showed a
	// Stop: the card dealt them unread was a Ground, Card (the deck's top
	// one: none can be told apart), which that Stop saved them from (an
	// InfStopPlayed follows) and put back on top of the deck.
	InfStoppedUnread
	// InfStopDealtAfterAll: Card, a Stop an earlier InfStoppedFirstGround took
	// for Player's Stop on a Ground dealt them unread, is shown again by
	// Player as their own Ground is dealt: it was the card the dealer dealt
	// them then, after a nervous press, and no Ground was dealt unread
	// (the dealer's misread, never said). It is played from Player's hand
	// (an InfStopPlayed follows); where it lay since is the engine's guess.
	InfStopDealtAfterAll
	// InfStoppedFirstGround: as InfStoppedUnread, but before any Ground had
	// left the deck, Player having a card dealt by hand at their seat
	// (Game.firstGroundStopped): the first Ground may be the card dealt
	// them unread. Unlike a Stop where only a Ground could be dealt, it has
	// an honest twin the table cannot tell from it, a nervous press before
	// a Stop dealt from the deck, so the same Stop shown again by Player at
	// their own Ground is the card dealt them after all
	// (InfStopDealtAfterAll).
	InfStoppedFirstGround
)

var infNames = [...]string{"?", "rider played", "extra played", "rider gone", "stack gone", "stop claimed", "stop played", "blind deal", "landed", "read taken back", "gone taken back", "unscanned ground", "dealt after all", "shown after all", "unscanned taken back", "stopped unread", "stop dealt after all", "stopped first ground"}

// StopsUnread reports whether k is a Stop on a Ground dealt unread, either
// rule's (InfStoppedUnread, InfStoppedFirstGround): what the screen and the
// messy table's judge say of it is the same.
func (k InferenceKind) StopsUnread() bool {
	return k == InfStoppedUnread || k == InfStoppedFirstGround
}

func (k InferenceKind) String() string {
	if int(k) < len(infNames) {
		return infNames[k]
	}
	return fmt.Sprintf("InferenceKind(%d)", uint8(k))
}

// Inference is one thing the engine concluded but did not see.
type Inference struct {
	Kind   InferenceKind `json:"kind"`
	Card   int           `json:"card"`   // card index, or -1
	Player int           `json:"player"` // the faller concerned
	From   Place         `json:"from"`   // where the card was last seen
	Seq    uint64        `json:"seq"`    // Applied() when it was made
}

type tableState struct {
	inferred []Inference
	blind    []bool // per card: dealt by hand, identity unknown
	// guessed, per card: it stood in for a card the reader did not see at
	// some time this hand (a blind deal, a rider or a Stop named by hand).
	// Unlike blind it is never cleared: whatever the record says of where
	// it lay was, at least once, the engine's guess.
	guessed []bool
	// orderGuess, per card: guessed only as a card of a stack knocked over
	// and gathered back (knocked), whose order is the guess, not whose
	// card it is ("You can never mess with the cards in someone's stack").
	// Cleared where it stands in for a card unseen after all (guess). Not
	// in the Digest, like namedGuess: a play log written before it must
	// still replay to the digests it recorded.
	orderGuess []bool
	swept      []bool // per card: its place was seen, not inferred
	// namedGuess, per card: the engine's guess for a rider or an Extra
	// named by hand, taken from its deck (dealtByHandAs), never read since.
	// Read being dealt, it was still in the deck (unguessNamed). Not in
	// the Digest: logs written before it would no longer replay to theirs,
	// and it follows from the events as the rest does.
	namedGuess []bool
	// loose, per card: a stand-in the dealer said was no longer on top
	// of its stack (picked up): 1 + the pass it was said in, 0 if not.
	loose []int
	// uncovered, per card: a card that lay on it in its stack has left
	// the stack (take) since it was put there. Of a stand-in for a card
	// dealt by hand on top now, it says the card was covered and is on
	// top again (uncoveredGuess). It belongs to the place, not the card:
	// a stand-in swapped into that place takes it (swapStandIn,
	// identify). A stack's number would not do: "Extra stacks disappear
	// once they are empty", and the numbers after it shift down.
	uncovered []bool
	// placeGuess, per card: read for a card dealt by hand (identify) with
	// no stack named (a log written before the ask named one), or while
	// its faller's address still had cards to deal. Where it lies is then
	// still a guess: a card dealt unscanned before it may have started a
	// stack the engine has yet to deal, the stacks the ask counted were
	// not all the table's, and the dealer scanned the card they dealt by
	// hand there, whichever place the engine gave it (heldAlone). Read
	// after the address, for a stack named, it lies on that stack. Not in
	// the Digest: it follows from the events, and logs written before it
	// replay to theirs.
	placeGuess []bool
	// deckGuess: a card said picked up was taken for one shown from the
	// deck (swapLoose), or a rider named by hand for a card dealt by hand
	// (dealtByHandAs): the stand-in went back to the deck and nothing is
	// Blind, but which card the faller had is the engine's guess, and the
	// one really dealt by hand may still lie in the deck by its reckoning.
	// Kept for the rest of the hand: no later read can tell.
	deckGuess bool
	shown     []int // cards shown at the address numbered shownSeq
	shownSeq  uint64
	// back is the hand as it was just before the dealer confirmed the end
	// of an address that showed a rider and dealt nothing (a Skip, a
	// Chute); backAt is Applied() just after that confirmation, 0 for none.
	// The rider, or its Extra, read a moment after the confirmation, is
	// still shown at that address (see lateRun).
	back   *Game
	backAt uint64
	// before is the hand as it was just before a read the engine took for
	// a rider or an Extra played unseen; beforeAt is Applied() just after
	// that read, 0 for none. The dealer's "not there" next says no such
	// card lies at the seat, and the read is taken back (see takeBack).
	before   *Game
	beforeAt uint64
	// beforeUntil is Applied() while that read may still be taken back
	// by name (takeBackRead): beforeAt, or later when only the sweeps it
	// called have been applied since (a Skip read just before the beat
	// that sweeps it), 0 for none.
	beforeUntil uint64
	// beforeRead is that read: the rider or Extra inferred played, or an
	// Extra shown with no rider yet (beforeHeld), which moved no card but
	// started the seat's address.
	beforeRead Inference
	beforeHeld bool
	// beforeGone: that read came just after a "not there" the dealer could
	// still take back, and closed its window; taking the read back opens
	// it again (undoRead), for a stray card read between the slip and the
	// dealer's "there after all".
	beforeGone bool
	// dealt is the hand as it was just before the last card read
	// (readWin.card: any read but a late one, see lateRun), while the
	// dealer may still say a card before it was dealt unscanned
	// (dealtUnscanned).
	dealt   *Game
	readWin readWindow
	// again is, while readWin.again, the hand before the card dealt
	// unscanned was stood in (the hand dealt held until then), for that
	// card read and found a Ground (landUnscanned).
	again *Game
	// spare is the hand just before the read is read again by
	// dealtUnscanned: it becomes dealt once that is done, for a second
	// card dealt unscanned before the same read, and a rider read again
	// is taken back to it by a misread (keep), not to the hand the wrong
	// read reached. Memory only otherwise: copyTo copies nothing into it,
	// and a refused "unscanned" that wrote it leaves again as it was.
	spare *Game
	// spareIdent is, only while an "unscanned" said of a read told just
	// after its Identify (readWin.ident) is applied, the hand before that
	// Identify with the card dealt unscanned stood in: a misread of the
	// card read again takes the Identify back with it (keepBefore), as it
	// does where nothing was said unscanned.
	spareIdent *Game
	// gone is the hand as it was just before the dealer's last "not there"
	// that named a stack or a rider gone (stackGone); goneUntil is
	// Applied() while the dealer may still take it back (thereAfterAll):
	// just after it, or later when only sweeps the beat confirmed, or
	// buttons pressed, followed it; 0 for none. goneFrom is the faller it
	// was said of.
	gone      *Game
	goneUntil uint64
	goneFrom  int
	// unsaid is the hand as it was just before the dealer's last
	// "unscanned" (dealtUnscanned), its read window open; unsaidUntil is
	// Applied() while the dealer may still take it back
	// (unscannedTakenBack): just after it, or later when only sweeps the
	// beat confirmed, or buttons pressed, followed it; 0 for none.
	// unsaidCard is the card it was said of.
	unsaid      *Game
	unsaidUntil uint64
	unsaidCard  int
	// unsaidSpare is memory for the copy made before an "unscanned" is
	// applied; it becomes unsaid if the "unscanned" is taken.
	unsaidSpare *Game
	// ident is the hand as it was just before the last observation, an
	// Identify of identCard; identAt is Applied() just after it, 0 for
	// none. The dealer's hold tells a read it judged a card shown as an
	// Identify and then the read: a misread of that read takes both back
	// (keepBefore).
	ident     *Game
	identAt   uint64
	identCard int
	// stopped is the hand as it was just before Stop stoppedCard was read
	// and taken for its faller's Stop on a Ground dealt unread
	// (stopUnreadGround), read with stoppedSince; stoppedAt is Applied()
	// just after it, 0 for none. The screen says so at once, and a dealer
	// who dealt that Stop, no Ground, says misread (stopDealtAfterAll).
	stopped      *Game
	stoppedAt    uint64
	stoppedCard  int
	stoppedSince int
	// beforeSince are the deals made at the seat of the read kept in
	// before since it (cards read, and deals confirmed by hand), while it
	// may still be taken back by name: a misread makes them again, the
	// read dealt there after all (takeBackRead).
	beforeSince []Event
	// dealtRead is set only while a read the dealer judged dealt
	// (ScanDealt) is applied, or read again (readWin.dealt): no copy
	// carries it.
	dealtRead bool
	// namedRead is set only while a rider or an Extra the dealer named by
	// hand (ConfirmAs) is applied as the read of the card standing in for
	// it: shown, never a deal. No copy carries it.
	namedRead bool
	// remaking is set only while a misread makes the deals since the read
	// again (takeBackRead): a copy keeps its own (copyTo), so a copy
	// restored mid-replay does not end it.
	remaking bool
}

// readWindow is how long the dealer may still say that a card before the
// last read was dealt unscanned, and what that read was: kept and restored
// as one, since the copies an observation saves leave the hand before the
// read out (copyBare).
type readWindow struct {
	// until is Applied() while it may be said: just after the read, or
	// later when only sweeps the beat confirmed, or buttons pressed,
	// followed it; 0 for none.
	until uint64
	card  int // the card read
	// again: the read was a card read again after an "unscanned"; again
	// (the tableState field) then holds the hand before the card dealt
	// unscanned was stood in.
	again bool
	// landed: that read, a Ground, landed since (its Stop window
	// closed): the card the "unscanned" stood in is asked for only then,
	// and may still be found a Ground (landUnscanned lands both), but no
	// other "unscanned" goes back past the landing.
	landed bool
	// dealt: the dealer judged that read dealt (ScanDealt); read again
	// where the light then asks, it still is.
	dealt bool
	// ident: that read came just after an Identify of the same card, the
	// dealer's hold telling a read it judged a card shown (keepBefore);
	// the hand before the Identify (ident) is kept with the read's, for
	// an "unscanned" said of it (dealtUnscanned).
	ident bool
}

// goesNowhere makes a kept hand's own record of hands to go back to
// inert: a kept copy has nothing to go back to itself.
func (t *tableState) goesNowhere() {
	for _, w := range t.windows() {
		*w = 0
	}
	t.beforeAt = 0
}

// windows are the Applied() marks until which a kept hand may be gone
// back to (current: the window is open), one for each such hand.
func (t *tableState) windows() [7]*uint64 {
	return [7]*uint64{&t.backAt, &t.beforeUntil, &t.readWin.until, &t.goneUntil, &t.identAt, &t.unsaidUntil, &t.stoppedAt}
}

// fit sizes the per-card records for a deck of n cards, empty, on the
// hand's first observation.
func (t *tableState) fit(n int) {
	if len(t.blind) == n {
		return
	}
	t.blind = resize(t.blind, n)
	t.guessed = resize(t.guessed, n)
	t.orderGuess = resize(t.orderGuess, n)
	t.swept = resize(t.swept, n)
	t.namedGuess = resize(t.namedGuess, n)
	t.loose = resize(t.loose, n)
	t.uncovered = resize(t.uncovered, n)
	t.placeGuess = resize(t.placeGuess, n)
	clear(t.blind)
	clear(t.guessed)
	clear(t.orderGuess)
	clear(t.swept)
	clear(t.namedGuess)
	clear(t.loose)
	clear(t.uncovered)
	clear(t.placeGuess)
}

func (t *tableState) reset() {
	t.inferred = t.inferred[:0]
	t.blind = t.blind[:0]
	t.guessed = t.guessed[:0]
	t.orderGuess = t.orderGuess[:0]
	t.swept = t.swept[:0]
	t.namedGuess = t.namedGuess[:0]
	t.loose = t.loose[:0]
	t.uncovered = t.uncovered[:0]
	t.placeGuess = t.placeGuess[:0]
	t.deckGuess = false
	t.shown = t.shown[:0]
	t.shownSeq = 0
	t.backAt = 0
	t.beforeAt = 0
	t.beforeUntil = 0
	t.readWin.until = 0
	t.goneUntil = 0
	t.unsaidUntil = 0
	t.identAt = 0
	t.stoppedAt = 0
	t.beforeSince = t.beforeSince[:0]
}

// TookBack reports whether inf, the inferences of one event (a slice of
// Inferences), take a read back: the dealer follows them to put the lights
// back, and the audit's record not to keep what the read recorded.
func TookBack(inf []Inference) bool {
	return slices.ContainsFunc(inf, func(x Inference) bool { return x.Kind == InfReadTakenBack })
}

// ShownTakenBack reports whether inf[i] takes back a read that a misread
// had just made a card shown after all (InfShownAfterAll): the misread
// said again, the read is the deal the dealer's hold judged it, and no
// stray card. Any other read taken back was taken for a card played just
// before (InfRiderPlayed, InfExtraPlayed), the last word on that card.
func ShownTakenBack(inf []Inference, i int) bool {
	if i < 0 || i >= len(inf) || inf[i].Kind != InfReadTakenBack {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		if inf[j].Card == inf[i].Card {
			return inf[j].Kind == InfShownAfterAll
		}
	}
	return false
}

// Inferences lists what the engine inferred so far, in order. The slice is
// the engine's own.
func (g *Game) Inferences() []Inference { return g.table.inferred }

// Blind reports whether card i was dealt by hand and stands in for a card
// the engine did not see.
func (g *Game) Blind(i int) bool { return i < len(g.table.blind) && g.table.blind[i] }

// Guessed reports whether card i stood in, at any time this hand, for a
// card the reader did not see: the record of where it lay proves nothing.
func (g *Game) Guessed(i int) bool {
	return g.Blind(i) || i < len(g.table.guessed) && g.table.guessed[i]
}

// NextTurnsDeal reports whether card c, read now, would be dealt at the
// next seat's turn (or after the Ground being dealt lands) rather than as
// the next card of the turn under way: read at once after a deal, with
// nothing heard of in between, it is the second of two cards dealt at once
// (the dealer's two-at-once warning). Not while a card confirmed by hand
// is still a guess (Blind), nor once a card said picked up, or a rider
// named by hand, was taken for one the engine believed in the deck
// (deckGuess): the engine's deck is then partly a guess, and a card it took
// for a deal may have been the card dealt by hand, picked up unseen and
// shown as a rider, its deal right behind. Other guesses (a stack gathered
// back, which Stop a claim discarded) leave the deck as it was seen, and a
// guess read on top (Identify) puts the card stood in for back in the deck.
// Not a card the engine believes elsewhere than the deck: that is no deal
// at all.
//
// The guesses hold it back only after a deal that may have been a card
// shown with its deal right behind: a rider that deals or an Extra, its
// seat's first card this turn, read as the turn began. A deal after
// another of the same turn (a Hit's second card, a Split's new stack) is
// no card shown: "Once the dealer is addressing a player, no one can
// affect the deal by meddling with the rider", and a rider played on a
// seat being dealt to waits "until your next pass". Nor is any other card:
// "Riders are instructions to the dealer", shown as a seat's turn begins
// with the Extras on them, and a Move or a Stop is played and discarded
// by the faller ("The dealer won't do this for you"). And a Skip or a
// Chute shown has no deal behind it ("SKIP: Deal no cards to this
// player"). Read at once after such a deal, c is the second of two dealt
// at once, guesses or none.
func (g *Game) NextTurnsDeal(c int) bool {
	if c < 0 || c >= len(g.cards) || g.where[c].Zone != InDeck {
		return false
	}
	if (g.table.deckGuess || slices.Contains(g.table.blind, true)) && g.lastDealMayBeShown() {
		return false
	}
	in := g.Next()
	return !(in.Action == ActDeal && !in.First)
}

// lastDealMayBeShown reports whether the last card dealt may have been a
// card shown, its deal read right behind it: a rider that deals or an
// Extra, the first card of its seat's turn, read as the turn began.
func (g *Game) lastDealMayBeShown() bool {
	a, d := &g.addr, g.pend.card
	if d < 0 || d >= len(g.cards) || g.pend.player != a.player || a.dealtSoFar() >= 2 {
		return false
	}
	k := g.cards[d].Kind
	return k == Extra || k.IsRider() && k != Skip && k != Chute
}

// DeckGuessed reports whether the engine's deck is partly a guess (a card
// said picked up taken for one from the deck, a rider named by hand for a
// card dealt by hand, a card from the discard pile stood in for one read
// from the deck): which cards it counts in the deck, and how many, may no
// longer be the table's.
func (g *Game) DeckGuessed() bool { return g.table.deckGuess }

// Guesses counts the cards whose place was, at some time this hand, the
// engine's guess (Guessed): 0 when every card's place was seen.
func (g *Game) Guesses() int {
	n := 0
	for c := range g.cards {
		if g.Guessed(c) {
			n++
		}
	}
	return n
}

// standIn marks card c as standing in for a card the reader did not see.
func (g *Game) standIn(c int) {
	g.table.blind[c] = true
	g.table.guess(c)
}

// guess marks cards cs as having stood in for a card the reader did not
// see (guessed): their place, not only their order, the engine's guess.
func (t *tableState) guess(cs ...int) {
	for _, c := range cs {
		t.guessed[c], t.orderGuess[c] = true, false
	}
}

// stoodIn reports whether card c stood in for a card the reader did not
// see at some time this hand: Guessed, but not only as a card of a stack
// knocked over and gathered back, which was seen where it lies.
func (g *Game) stoodIn(c int) bool {
	return g.Guessed(c) && !(c < len(g.table.orderGuess) && g.table.orderGuess[c])
}

func (g *Game) infer(k InferenceKind, card, p int, from Place) {
	g.table.inferred = append(g.table.inferred, Inference{Kind: k, Card: card, Player: p, From: from, Seq: g.applied})
}

// Shown reports whether card c was shown as a rider or an Extra at the
// address the dealer is carrying out: an Extra read before its rider is
// shown there while it waits for the rider.
func (g *Game) Shown(c int) bool { return g.shownNow(c) }

// shownNow reports whether card c was shown at the current address.
func (g *Game) shownNow(c int) bool {
	if g.table.shownSeq != g.addrSeq || !g.addr.active {
		return false
	}
	for _, x := range g.table.shown {
		if x == c {
			return true
		}
	}
	return false
}

// riderShownNow reports whether a rider was shown at the current address.
func (g *Game) riderShownNow() bool {
	if g.table.shownSeq != g.addrSeq || !g.addr.active {
		return false
	}
	for _, x := range g.table.shown {
		if g.cards[x].Kind.IsRider() {
			return true
		}
	}
	return false
}
