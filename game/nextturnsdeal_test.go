package game

import (
	"slices"
	"testing"
)

// TestNextTurnsDeal: the engine's half of the dealer's two-at-once warning
// ("a card scanned that should not be there: a warning sound and message,
// the event is logged, the game state does not move", product.md). A deck
// card read now is another seat's deal unless the turn under way still
// deals ("HIT: deal two cards"); a card not in the deck is no deal at all;
// and while a card confirmed by hand is a guess the engine's deck is partly
// a guess, so it does not say so then, but once the card is read on top, or
// where the only guess is a stack gathered back ("the dealer says so"), it
// does.
func TestNextTurnsDeal(t *testing.T) {
	tb := newObserved(t, 2, Hit, Extra, Skip, Stop, Split, Split, Split, Move, Ground)
	split, _ := tb.CardIndex(tb.id(Split, 0))
	hit, _ := tb.CardIndex(tb.id(Hit, 0))
	check := func(when string, c int, want bool) {
		t.Helper()
		if got := tb.NextTurnsDeal(c); got != want {
			t.Fatalf("%s: NextTurnsDeal(%d) = %v, want %v (next %v)", when, c, got, want, tb.Next())
		}
	}
	check("no card", -1, false)
	check("a card past the deck's end", tb.NumCards(), false)
	tb.ok(Scan(tb.id(Hit, 0)))   // seat 1
	tb.ok(Scan(tb.id(Extra, 0))) // seat 2
	check("after seat 2's deal", split, true)
	check("the card just dealt", hit, false)
	tb.ok(Scan(tb.id(Skip, 0))) // seat 1
	// Unseen: seat 1 plays the Hit on seat 2, seat 2 the Extra on it.
	tb.ok(Scan(tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Extra, 0)))
	check("seat 2's Hit shown: its first card", split, false)
	tb.ok(Scan(tb.id(Split, 0)))
	check("seat 2's Hit: its second card", tb.index[tb.id(Split, 1)], false)
	tb.ok(Scan(tb.id(Split, 1)))
	tb.ok(Scan(tb.id(Split, 2)))
	check("seat 2's three cards dealt, the sweep next", tb.index[tb.id(Move, 0)], true)

	tb = newObserved(t, 2, Move, Move, Move, Move, Hit, Hit, Ground)
	tb.ok(Confirm())           // seat 1, by hand: a guess
	tb.ok(Scan(tb.id(Hit, 1))) // seat 2, a Hit as its turn begins: it may be a card shown
	for c := range tb.NumCards() {
		check("a card dealt by hand not yet read", c, false)
	}
	s := -1
	for c := range tb.NumCards() {
		if tb.Blind(c) {
			s = c
		}
	}
	// The card dealt by hand is read on top, as asked: the guess is mended
	// and the deck is as seen again.
	tb.ok(Identify(1, tb.id(Hit, 0)))
	if tb.Blind(s) || tb.Guesses() == 0 {
		t.Fatalf("after Identify: blind %v, %d guesses; want the guess mended and still counted", tb.Blind(s), tb.Guesses())
	}
	for c := range tb.NumCards() {
		check("the card dealt by hand read on top", c, tb.Where(c).Zone == InDeck)
	}

	tb = newObserved(t, 2, Move, Move, Move, Move, Hit, Hit, Ground)
	tb.ok(Scan(tb.id(Move, 0))) // seat 1
	tb.ok(Scan(tb.id(Move, 1))) // seat 2
	tb.ok(Scan(tb.id(Move, 2))) // seat 1
	tb.ok(Knocked(1))           // which lay under which is a guess now
	if tb.Guesses() == 0 {
		t.Fatal("a stack gathered back: no guess")
	}
	check("a stack gathered back, the deck as seen", tb.index[tb.id(Hit, 0)], true)

	// The card dealt by hand to seat 1 (the engine stands in the Stop) is
	// said picked up, and a Hit from the deck, shown at seat 1's turn, is
	// taken for it (swapLoose): the Stop goes back to the deck and nothing
	// is Blind, but which card was picked up is still the engine's guess.
	// Had the faller picked up a Move, that Move, shown later as a rider,
	// would be taken for a deal and its own deal, read right behind, warned
	// of as a second card dealt at once (messy real dealer, official
	// reader-gone, seed 132).
	tb = newObserved(t, 2, Stop, Hit, Move, Move, Move, Hit, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Stop stands in
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Scan(tb.id(Hit, 0)))  // seat 1's turn: taken for the card picked up
	if w := tb.Where(tb.index[tb.id(Hit, 0)]); w.Zone != AsRider || slices.Contains(tb.table.blind, true) {
		t.Fatalf("the Hit is at %+v, blind cards %v: the test no longer shows the card picked up taken", w, tb.table.blind)
	}
	tb.ok(Scan(tb.id(Move, 1))) // the Hit's two cards
	tb.ok(Scan(tb.id(Move, 2)))
	// The Hit's second card is no card shown ("Once the dealer is
	// addressing a player, no one can affect the deal by meddling with
	// the rider"): a deck card read at once after it is a second card
	// dealt at once, the deck a guess or not.
	for c := range tb.NumCards() {
		check("after a Hit's second card, a card said picked up taken for one shown", c, tb.Where(c).Zone == InDeck)
	}
	tb.ok(Confirm())           // the Hit swept
	tb.ok(Scan(tb.id(Hit, 1))) // seat 2's turn, taken for its deal
	if w := tb.Where(tb.index[tb.id(Hit, 1)]); w.Zone != InStack {
		t.Fatalf("the second Hit is at %+v, not seat 2's deal: the test no longer shows a turn's first card", w)
	}
	for c := range tb.NumCards() {
		check("a card said picked up, taken for one shown", c, false)
	}
}

// TestNextTurnsDealAfterNoCardShown: "Once the dealer is addressing a
// player, no one can affect the deal by meddling with the rider", and
// "SKIP: Deal no cards to this player". While a card confirmed by hand is
// a guess, a card read at once after a deal may be that card's own deal,
// the deal before it the card dealt by hand, picked up and shown as a
// rider as the turn began (the guesses hold the two-at-once warning
// back). Not after a deal that no card shown could be: a turn's second
// card, a Skip (shown, nothing follows it) or a card no one shows (a Move,
// a Stop). Read at once after one of those, a card for the next seat's
// turn is the second of two dealt at once (messy, every mistake at 2 %,
// official: 1000100, after a Move; 1000607 and 1003666, after a Skip;
// missed before).
func TestNextTurnsDealAfterNoCardShown(t *testing.T) {
	for _, c := range []struct {
		name  string
		first Kind // seat 2's first card, read as its turn begins
		hit   bool // seat 2 has a Hit shown: two cards, the check after the second
		want  bool
	}{
		{"a Hit dealt as a turn begins: it may be a card shown", Hit, false, false},
		{"an Extra dealt as a turn begins: it may be a card shown", Extra, false, false},
		{"a Skip dealt: shown, it deals nothing", Skip, false, true},
		{"a Move dealt: no one shows one", Move, false, true},
		{"a Hit's second card", Move, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newObserved(t, 2, Hit, Stop, c.first, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Scan(tb.id(Hit, 0))) // seat 1
			tb.ok(Confirm())           // seat 2, by hand: the Stop stands in, a guess
			moves := 0
			if c.hit {
				tb.ok(Scan(tb.id(Hit, 0))) // seat 1's turn: its own Hit, picked up and played
				tb.ok(Scan(tb.id(Move, 0)))
				tb.ok(Scan(tb.id(Move, 1)))
				moves = 2
			} else {
				first := tb.id(c.first, 0)
				switch c.first {
				case Hit:
					first = tb.id(Hit, 1)
				case Move:
					moves = 1
				}
				tb.ok(Scan(first)) // seat 1's turn begins: its deal
			}
			if !slices.Contains(tb.table.blind, true) {
				t.Fatal("no card dealt by hand is a guess: the test shows nothing")
			}
			next := tb.index[tb.id(Move, moves)]
			if got := tb.NextTurnsDeal(next); got != c.want {
				t.Fatalf("NextTurnsDeal = %v, want %v (next %v)", got, c.want, tb.Next())
			}
		})
	}
}
