package messy

import "github.com/falling-table/falling/game"

// Some visible kinds of mistake leave, at times, nothing to catch: what the
// assistant is shown of them is exactly what a table without them shows.
// Such a mistake is judged Unseen rather than Missed, by a criterion the
// table decides as the mistake is shown, from what the assistant had been
// given until then (never from the answer), and that a replay test proves
// on the instances of a run (unread_test.go: an honest table giving the
// same observations). A mistake so marked and caught anyway is caught.

// unreadDealWhy is the answer to a read no table could tell from a deal
// (unreadDeal).
const unreadDealWhy = "unseen: read where the light asks for a deal, a card never read this hand and still in the assistant's deck, as a dealer dealing it from the deck shows it"

// readAsDeal are the mistakes whose read is of a card that lies where it
// was dealt, or was discarded from there (a stray card), or has not left
// the deck (the second of two dealt at once): an honest table deals
// another card where it was dealt unread, and it now. (A card played
// unread as a rider, then shown again, as a rider forgotten when swept
// is, has a story the replay does not retell with another card: not
// proved, not judged unseen.)
var readAsDeal = [numKinds]bool{StrayCard: true, TwoAtOnce: true, SecondRider: true}

// unreadDeal reports whether read e of mistake f, about to be shown to the assistant,
// is what a dealer dealing its card from the deck shows: the light asks
// for a card, and the card has never been read this hand, nor said to be
// anything by the dealer (a Ground is named a Ground), and the assistant
// still counts it in the deck (a Ground only where none it was shown is
// back on top: groundOnTop). Where it really came from (dealt unread
// earlier: the reader gone or missing it, dealt unscanned, stuck to
// another card) the assistant was never told: a table where that earlier
// deal was another card, and this one still lay in the deck, has dealt
// every card the assistant saw where it saw it, and deals this one now.
// The mistake is that read, whatever the table did to show it (a stray
// card read, the second of two cards dealt at once, a rider shown).
//
// Not once the assistant believes the last Ground dealt: "The Ground cards
// wait at the bottom of the deck", so the deck is empty then and no card
// is dealt from it. Nor in a hand out of step (Hand.OutOfStep): its record
// of the deal is one no real table produces, and no table is proved to
// show the same. Nor, for the second of two cards dealt at once, where
// game/dealer's clock sees it read at once after the deal before it, or
// its hold took that deal for a card shown (twoAtOnce): no replay shows
// an honest table giving either.
//
// The light asks for a card once the sweeps closing the address under way
// are done, as the read implies (readAnswers).
//
// It returns why (unreadDealWhy, or unreadGuessWhy for a card the
// assistant only guessed lay elsewhere, read late where it was dealt:
// readLate), or "".
func (t *table) unreadDeal(f *Fault, e game.Event) string {
	if !readAsDeal[f.Kind] || e.Kind != game.EvScan || t.rec.Seen[e.Card] || t.hand.OutOfStep {
		return ""
	}
	s := t.seen
	x, ok := s.CardIndex(e.Card)
	if !ok || s.GroundsOut() {
		return ""
	}
	// The checks of the card alone come before the light's, which may copy
	// the game to sweep: most reads fail them.
	w := s.Where(x)
	if w.Zone != game.InDeck && (w.Zone != game.InStack || !s.Blind(x)) {
		// Neither a deck card nor a guess for a card dealt by hand, as
		// readLate and guessedAtTheLight both want.
		return ""
	}
	if s.Card(x).Kind == game.Ground && t.groundOnTop() {
		return ""
	}
	light := readAnswers(s)
	if light.Action != game.ActDeal || light.Imaginary {
		return ""
	}
	switch {
	case w.Zone == game.InDeck:
		return unreadDealWhy
	case f.Kind == StrayCard && t.readLate(x):
		return unreadGuessWhy
	case guessedAtTheLight(s, x, light.Player):
		return unreadStandInWhy
	}
	return ""
}

// readAnswers is what the light asks of the next read on g: its Next, or,
// where that is a sweep (or a pass) closing the address under way, what
// it asks once those are done. game/dealer sweeps on the beat, "and the
// next card read implies it anyway" (finishSweeps): an honest dealer who
// has swept the rider shown and deals the next seat's card shows the
// assistant a read while the light still asks for the sweep (a second
// rider read just after a Skip shown, official 2006050: an honest table
// sweeps the Skip and deals that card, never read, from the deck to the
// next seat).
func readAnswers(g *game.Game) game.Instruction {
	in := g.Next()
	if !in.ClosesAddress() {
		return in
	}
	g = g.Clone()
	for range 8 {
		if g.Apply(game.Confirm()) != nil {
			return in
		}
		if in = g.Next(); !in.ClosesAddress() {
			return in
		}
	}
	return in
}

// unreadGuessWhy is the answer to a read no table could tell from a deal,
// of a card the assistant had only guessed lay elsewhere (readLate).
const unreadGuessWhy = "unseen: read where the light asks for a deal, the card dealt there unscanned and never read, that the assistant only guessed stood in for another card dealt by hand, as a dealer dealing it there and reading it shows it"

// unreadStandInWhy is the answer to a read no table could tell from a
// deal, of a card the assistant had only guessed for a card dealt by hand
// to the seat the light asks a card for (guessedAtTheLight).
const unreadStandInWhy = "unseen: read where the light asks a seat for a card, a card never read this hand that the assistant only guessed stood in for a card dealt by hand to that seat, as a dealer dealing it there from the deck shows it"

// guessedAtTheLight reports whether card x, never read, lies where the
// assistant g has it only as its guess for a card dealt by hand (Blind)
// to faller light, the one the light asks a card for once the sweeps
// closing the address under way are done (readAnswers). The guess was one deck card
// of many: a table where the card dealt by hand there was another, and x
// still lay in the deck, deals x there now and shows the same, and the
// engine takes it so (game's unblind: the read is the deal, another deck
// card stands in). Official 2002980: skip-6 stood in for stop-6, dealt by
// hand to seat 1; a faller put skip-6 (dealt there unscanned since) in
// front of seat 2 as a second rider, read while the light asked for seat
// 2's Skip to be swept, seat 1's deal next. Not a guess at another seat:
// played or discarded unseen from there it has a story of its own
// (TestStrayGuessPlayedUnseenNotUnseen).
func guessedAtTheLight(g *game.Game, x, light int) bool {
	w := g.Where(x)
	return w.Zone == game.InStack && g.Blind(x) && w.Player == light
}

// readLate reports whether card x, read as a stray card, is the card the
// table dealt unscanned where the light still asks for a card (the first
// of the cards dealt unscanned that the dealer has not yet said), which
// the assistant holds only as its guess for a card dealt by hand elsewhere
// (Blind). The read is that card's own, late: a dealer dealing it there
// and reading it shows the assistant the same, and its guess was only a
// guess (official 4006105: split-5 dealt unscanned to seat 1, read as it
// lay there while seat 2 was dealt, the light still asking seat 1 for a
// card; the engine had guessed split-5 for a card seat 2 was dealt by
// hand). Not where the guessed card lies elsewhere, played or discarded
// unseen (official 4004158, hit-4 dealt by hand and played as a rider,
// read from the discard pile; 4009114, move-2 played as a Move): no honest
// table retells that story with another card (unread_test.go finds none).
// Judged so only of a stray card: the second of two dealt at once read
// alone, behind a card dealt unscanned, is one the identified twin's clock
// warns of (TestUnidentifiedOnlyByTheTwin).
func (t *table) readLate(x int) bool {
	s := t.seen
	if w := s.Where(x); w.Zone != game.InStack || !s.Blind(x) || len(t.unscanned) == 0 {
		return false
	}
	return t.hand.Faults[t.unscanned[0]].Card == s.Card(x).ID
}

// groundOnTop reports whether a Ground the assistant was shown is back in
// its deck: popped back by a Stop ("The dealer keeps the Ground"), it lies
// on top, and an honest dealer deals that Ground next, not another one
// (official 4007114: ground-2 Stopped at seat 2, then ground-1 read
// where the light asks seat 3 for a card). Otherwise "the Ground cards
// are waiting at the bottom of the deck" and no one can tell them apart:
// a Ground never read nor named, read where the light asks for a card, is
// what a dealer dealing it shows (4001260 classic: it lay where it had
// been dealt unscanned, and the light still asked that seat for a card).
func (t *table) groundOnTop() bool {
	s := t.seen
	for c := range s.NumCards() {
		if s.Where(c).Zone == game.InDeck && s.Card(c).Kind == game.Ground && t.rec.Seen[s.Card(c).ID] {
			return true
		}
	}
	return false
}

// judgeUnseen answers Unseen the mistakes nothing caught whose showing an
// honest table gives too, and Unidentified those that the assistant,
// told which card each confirmation by hand was, catches
// (unidentified.go).
func (t *table) judgeUnseen() {
	for i := range t.hand.Faults {
		switch f := &t.hand.Faults[i]; {
		case f.Answer != Missed:
		case f.unseen != "":
			f.Answer, f.Why = Unseen, f.unseen
		case f.unidentified != "":
			f.Answer, f.Why = Unidentified, f.unidentified+" ("+f.Why+")"
		}
	}
}

// onlyStopGuessWhy is the answer to a claim no table could tell from an
// honest one (onlyStopGuess).
const onlyStopGuessWhy = "unseen: the Stop claimed is the only card a deal to the claimant confirmed by hand can be, every other card the assistant believes in the deck a Ground"

// onlyStopGuess reports whether a Stop claim by faller p, confirmed from
// the panel, would rest on a card dealt by hand to p that the assistant
// can only take for a Stop: never read, its identity a guess (blind), and
// every card the assistant still counts in the deck a Ground ("The Ground
// cards wait at the bottom of the deck", so no other card is left for it
// to be). A table whose reader missed that Stop as it was dealt to p, and
// whose faller kept it, gives the assistant exactly the same, and claims
// honestly; what misled the assistant was the mistake that ran the
// dealer's deck short (two dealt as one, named when the lights asked for
// a card the dealer did not have). Decided before the press, from what
// the assistant had been told; proved by replay (unseen_test.go:
// TestClaimOnAStandInStop).
func (t *table) onlyStopGuess(p int) bool {
	if t.hand.OutOfStep {
		return false
	}
	s := t.seen
	g := s.Clone()
	if g.Apply(game.Press(g.Seat(p))) != nil || g.Apply(game.Confirm()) != nil {
		return false
	}
	inf := g.Inferences()
	if len(inf) == 0 {
		return false
	}
	x := inf[len(inf)-1]
	if x.Kind != game.InfStopPlayed || x.Card < 0 || x.Seq+1 != g.Applied() {
		return false
	}
	if w := s.Where(x.Card); !s.Blind(x.Card) || w.Zone != game.InStack || w.Player != p || t.rec.Seen[s.Card(x.Card).ID] {
		return false
	}
	for c := range s.NumCards() {
		if s.Where(c).Zone == game.InDeck && s.Card(c).Kind != game.Ground {
			return false
		}
	}
	return true
}
