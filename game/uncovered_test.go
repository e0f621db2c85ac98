package game

import "testing"

// TestUncovered: "You can only pick up the top card of your stack. This
// means that once a card has been buried, you can't play it, unless you
// first play all the cards on top of it." Seat 1's Hit is shown; its first
// card is dealt unscanned and its second, a Skip, read and said so: the
// card dealt by hand lies under the Skip, covered, and AskFor does not
// offer it. A pass later the Skip is shown at seat 1's turn, picked up from
// that stack and played: the card dealt by hand tops the stack again, and
// Uncovered names seat 1, whose dealer may now be asked for it. The Skip's
// read while it lay on it uncovered nothing.
func TestUncovered(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Skip, Move, Move, Move, Ground, Ground)
	tb.ok(Scan("hit-0"))
	tb.ok(Scan("move-1"))
	tb.ok(Scan("hit-0")) // shown at seat 1's turn: two cards due
	covered := tb.CoveredGuesses()
	tb.ok(Scan("skip-3")) // the Hit's second card; its first went unscanned
	tb.ok(DealtUnscanned("skip-3"))
	if got := tb.Uncovered(covered); got != 0 || tb.AskFor(0) {
		t.Fatalf("after the unscanned said: Uncovered %d, AskFor %v; want 0, false (the card dealt by hand lies under the Skip)", got, tb.AskFor(0))
	}
	covered = tb.CoveredGuesses()
	if len(covered) != 1 || !tb.Blind(covered[0]) || tb.Where(covered[0]).Player != 0 {
		t.Fatalf("covered %v: want seat 1's card dealt by hand", covered)
	}
	tb.ok(Confirm()) // sweep the Hit
	tb.ok(Scan("move-4"))
	if got := tb.Uncovered(covered); got != 0 {
		t.Fatalf("before the Skip is shown: Uncovered %d, want 0", got)
	}
	tb.ok(Scan("skip-3")) // shown at seat 1's turn, picked up from its stack
	if r := tb.Rider(0); r < 0 || tb.Card(r).ID != "skip-3" {
		t.Fatalf("seat 1's rider %d: want skip-3 shown", r)
	}
	if got := tb.Uncovered(covered); got != 1 || !tb.AskFor(0) {
		t.Fatalf("the Skip shown: Uncovered %d, AskFor %v; want seat 1, true", got, tb.AskFor(0))
	}
}

// TestPickedUpUnseenUncovered: "You can only pick up the top card of your
// stack." Seat 1 is dealt two cards by hand, the second covering the first
// before the dealer could be asked for it; the second is read (Identify),
// then played and shown at seat 1's turn, so the first tops the stack
// again. Nobody was asked whether seat 1 grabbed it, before it was covered
// or since ("If the dealer is giving you two cards in a row (because of a
// Hit), you can certainly grab the first one"): the dealer is asked for the
// cards on top as the reader comes back or a card is confirmed by hand, and
// it came on top later. So a rider read from the deck as seat 2's turn
// begins may be that card, played there ("You may place a rider in front
// of any player"), as while it was covered (TestPickedUpUnseenUnderAGuess).
// Not offered, the dealer's hold never held the read: the engine took it
// for seat 2's deal, and the lights ran a seat ahead (messy reader gone,
// official seeds 1003084, 1005310, 1007303).
func TestPickedUpUnseenUncovered(t *testing.T) {
	tb := newObserved(t, 2, Stop, Move, Skip, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Stop stands in
	first := tb.Top(0, 0)
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again: covers the first
	tb.ok(Identify(1, tb.Card(tb.Top(0, 0)).ID))
	if got := tb.pickedUpUnseen(1); got != 1 {
		t.Fatalf("with seat 1's first card dealt by hand covered: seat %d offered, want seat 1", got)
	}
	skip := tb.Top(0, 0)
	if tb.cards[skip].Kind != Skip || tb.Blind(skip) {
		t.Fatalf("seat 1's top is %v (blind %v), want the Skip read", tb.Card(skip), tb.Blind(skip))
	}
	tb.ok(Scan(tb.id(Move, 1))) // seat 2
	// Seat 1 plays its Skip on itself, shown as its turn begins; swept.
	tb.ok(Scan(tb.Card(skip).ID))
	if w := tb.Where(skip); w != (Place{Zone: AsRider, Player: 0}) {
		t.Fatalf("the Skip is at %+v, want seat 1's rider", w)
	}
	tb.ok(Confirm())
	if tb.Top(0, 0) != first || !tb.Blind(first) {
		t.Fatalf("seat 1's top is %v, want the first card dealt by hand on top again", tb.Card(tb.Top(0, 0)))
	}
	if got := tb.pickedUpUnseen(1); got != 1 {
		t.Fatalf("with seat 1's first card dealt by hand on top again: seat %d offered, want seat 1", got)
	}
	// The dealer's hold sees the deal follow at once: the Hit read was
	// seat 1's card, played on seat 2.
	hit := tb.id(Hit, 0)
	tb.ok(Identify(1, hit))
	tb.ok(Scan(hit))
	if w := tb.Where(hitOf(tb)); w != (Place{Zone: AsRider, Player: 1}) {
		t.Fatalf("the Hit is at %+v, want seat 2's rider", w)
	}
	if w := tb.Where(first); w.Zone != InDeck || tb.Blind(first) {
		t.Fatalf("the stand-in is at %+v (blind %v), want it back in the deck", w, tb.Blind(first))
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || in.Due != 2 {
		t.Fatalf("after the Hit shown at seat 2: %v, want its two cards", in)
	}
}

// TestUncoveredAfterAStackEnds: "Extra stacks disappear once they are
// empty, so you don't have to remember anything beyond the first." Seat 1
// plays its Split on itself, its normal deal (a Skip) read into its first
// stack, the new stack's card dealt by hand (x), on top, never covered.
// Seat 1 then plays the Skip on seat 2, shown there: the first stack is
// empty and disappears, and x's stack, the second, is now the first. The
// engine once looked for a card leaving x's stack by the stack's number
// in its record, took the Skip leaving the old first stack for one
// leaving x's, and offered x as a card dealt by hand that came back on
// top ("You can only pick up the top card of your stack ... unless you
// first play all the cards on top of it"): nothing was ever laid on it,
// and seat 1's next read from the deck, the Hit, was held as x played
// unseen (review28e). What was laid on a card and left is now the card's
// place's own mark.
func TestUncoveredAfterAStackEnds(t *testing.T) {
	tb := newObserved(t, 2, Split, Skip, Move, Move, Move, Move, Move, Move, Hit, Hit, Ground, Ground)
	tb.ok(Scan(tb.id(Split, 0))) // seat 1, stack 1
	tb.ok(Scan(tb.id(Move, 0)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself: stack 1 empty
	tb.ok(Scan(tb.id(Skip, 0)))  // seat 1, stack 1: the normal deal
	tb.ok(Confirm())             // seat 1, a new stack: dealt by hand
	tb.ok(Confirm())             // the Split swept
	x := tb.Top(0, 1)
	if !tb.Blind(x) {
		t.Fatalf("seat 1's second stack tops %v, want the card dealt by hand", tb.Card(x))
	}
	tb.ok(Scan(tb.id(Skip, 0))) // seat 1's Skip, shown as seat 2's turn begins
	tb.ok(Confirm())            // swept
	if w := tb.Where(x); tb.NumStacks(0) != 1 || w.Stack != 0 || tb.Top(0, 0) != x {
		t.Fatalf("seat 1 has %d stacks (%s), x at %+v: want x alone in the only one", tb.NumStacks(0), tb.kinds(0), w)
	}
	if tb.uncoveredGuess(0) {
		t.Fatal("x offered as uncovered: nothing was ever laid on it")
	}
	if got := tb.PlayedUnseen(tb.index[tb.id(Hit, 0)]); got != 0 {
		t.Fatalf("the Hit read next may be seat %d's card played unseen, want none", got)
	}
}

// TestUncoveredStandInSwapped: "You can only pick up the top card of your
// stack ... unless you first play all the cards on top of it." Seat 1's
// first card dealt by hand is covered by its second, which is read, played
// and shown: the first is on top again (TestPickedUpUnseenUncovered). Then
// the very card standing in for it, a Stop, is read as seat 2's deal: the
// engine's guess was wrong, and another deck card stands in for it in its
// place. That place was still covered and is on top again; which deck card
// stands there changes nothing, and the card its faller may have picked up
// unseen is still offered. (Counted from the stand-in's own deal, the engine
// took the swap for a new deal and lost what had lain on it.)
func TestUncoveredStandInSwapped(t *testing.T) {
	tb, first := uncoveredAtSeat1(t)
	tb.ok(Scan(tb.Card(first).ID)) // seat 2's deal: the guess was wrong
	top := tb.Top(0, 0)
	if top == first || !tb.Blind(top) {
		t.Fatalf("seat 1's top %v (blind %v): want another stand-in", tb.Card(top), tb.Blind(top))
	}
	if !tb.uncoveredGuess(0) {
		t.Fatal("the new stand-in not offered: its place was covered, and is on top again")
	}
}

// TestUnderGuess: "You can only pick up the top card of your stack." Seat
// 1's card dealt by hand lies on a Move read before. Asked for it, a
// dealer who remembers only that they dealt it a Move scans the Move they
// see on top: refused, since the engine has it under the card dealt by
// hand. That it is on top says the card dealt by hand is no longer there,
// as the dealer's n would; a card of another seat's stack, or one read
// once n is said, says nothing.
func TestUnderGuess(t *testing.T) {
	tb := newObserved(t, 2, Move, Move, Move, Move, Move, Move, Ground, Ground)
	under, other := tb.id(Move, 0), tb.id(Move, 1)
	tb.ok(Scan(under)) // seat 1
	tb.ok(Scan(other)) // seat 2
	tb.ok(Confirm())   // seat 1, by hand: on the Move
	if err := tb.Observe(Identify(1, under)); err == nil {
		t.Fatalf("%s taken for the card dealt by hand on it", under)
	}
	if !tb.UnderGuess(1, under) || tb.UnderGuess(1, other) || tb.UnderGuess(2, under) {
		t.Fatalf("UnderGuess: seat 1 %s %v, seat 1 %s %v, seat 2 %s %v; want true, false, false",
			under, tb.UnderGuess(1, under), other, tb.UnderGuess(1, other), under, tb.UnderGuess(2, under))
	}
	tb.ok(NotOnTop(1))
	if tb.UnderGuess(1, under) {
		t.Fatal("once n is said, the card under it still says so")
	}

	// A stack knocked over and gathered back keeps no order the engine
	// knows: the card read may lie on top of it now, and says nothing.
	tb = newObserved(t, 2, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Scan(under))
	tb.ok(Scan(other))
	tb.ok(Confirm())
	tb.ok(Knocked(1))
	if tb.UnderGuess(1, under) {
		t.Fatalf("%s, under the card dealt by hand in a stack gathered back, taken to say it is gone", under)
	}
}

// TestUncoveredMarkSwappedWithItsPlace: "You can only pick up the top card
// of your stack ... unless you first play all the cards on top of it."
// Seat 1's first card dealt by hand is on top again after the card on it
// was played (TestUncoveredStandInSwapped). Seat 2 is then dealt a card
// by hand, and asked for it, the dealer scans the very card standing in
// at seat 1: the two guesses trade places, and the card now standing at
// seat 1 stands in a place that was covered and is on top again, still
// offered as a card its faller may have picked up unseen.
func TestUncoveredMarkSwappedWithItsPlace(t *testing.T) {
	tb, first := uncoveredAtSeat1(t)
	tb.ok(Confirm()) // seat 2, by hand
	second := tb.Top(1, 0)
	if !tb.Blind(second) || !tb.AskFor(1) {
		t.Fatalf("seat 2's top %v: want a card dealt by hand, asked for", tb.Card(second))
	}
	tb.ok(Identify(2, tb.Card(first).ID)) // what stood in at seat 1 lies at seat 2
	if tb.Top(0, 0) != second || !tb.Blind(second) {
		t.Fatalf("seat 1's top %v: want seat 2's stand-in, traded places", tb.Card(tb.Top(0, 0)))
	}
	if !tb.uncoveredGuess(0) {
		t.Fatal("seat 1's place, covered and on top again, no longer offered once another stand-in took it")
	}
}

// uncoveredAtSeat1 deals two fallers: seat 1 a card by hand (a Stop stands
// in), then another that covers it, identified as a Skip and played by
// seat 1 on itself, so the first is on top again, uncovered. It returns
// the table and that first stand-in.
func uncoveredAtSeat1(t *testing.T) (*table, int) {
	t.Helper()
	tb := newObserved(t, 2, Stop, Move, Skip, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Stop stands in
	first := tb.Top(0, 0)
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again: covers the first
	tb.ok(Identify(1, tb.Card(tb.Top(0, 0)).ID))
	skip := tb.Top(0, 0)
	tb.ok(Scan(tb.id(Move, 1)))   // seat 2
	tb.ok(Scan(tb.Card(skip).ID)) // seat 1 plays its Skip on itself
	tb.ok(Confirm())              // swept
	if tb.Top(0, 0) != first || !tb.uncoveredGuess(0) {
		t.Fatalf("seat 1's top %v, offered %v: want the first card dealt by hand, uncovered", tb.Card(tb.Top(0, 0)), tb.uncoveredGuess(0))
	}
	return tb, first
}
