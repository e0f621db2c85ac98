package game

import "testing"

// TestStopSeenKeepsTheCardPickedUp: "Once you are holding a card, you may
// play it right away, or you may keep holding it. But you can't set it
// back down, and you can't discard it." Seat 1's Split starts a second
// stack with a card dealt by hand, said picked up (the Skip the engine
// stood in went into seat 1's hand, heldAlone); the faller plays it on
// themself, unseen, then picks up the Stop dealt on their first stack and
// plays it on their Ground. The card picked up was played, not discarded:
// the stand-in stays held, still said picked up, and the card shown at
// seat 1's next turn takes its place, the stand-in back in the deck. Sent
// to the discard pile still a guess, the card shown was taken from the
// deck beside it: a card short, and dealt into the stack, not the rider.
func TestStopSeenKeepsTheCardPickedUp(t *testing.T) {
	tb, _, b := heldAloneSplit(t, Official(), Split, Hit, Skip, Skip, Stop, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	skip, _ := tb.CardIndex(tb.id(Skip, 1)) // the card really dealt there
	if b == skip || tb.Card(b).Kind != Skip {
		t.Fatalf("the stand-in is %v, want the other Skip", tb.Card(b))
	}
	tb.ok(Step())                 // sweep the Split
	tb.ok(Scan(tb.id(Move, 3)))   // seat 2
	tb.ok(Scan(tb.id(Stop, 0)))   // seat 1, on stack 1
	tb.ok(Scan(tb.id(Move, 4)))   // seat 2
	tb.ok(Scan(tb.id(Ground, 0))) // seat 1
	tb.ok(Press(1))
	tb.ok(Scan(tb.id(Stop, 0))) // the Stop seen on stack 1 saves them
	if tb.Out(0) || tb.Hand(0) != b || !tb.Blind(b) || !tb.saidPickedUp(b) {
		t.Fatalf("seat 1 out %v, holds %d; the stand-in %d at %+v (blind %v, said picked up %v): want it still held",
			tb.Out(0), tb.Hand(0), b, tb.Where(b), tb.Blind(b), tb.saidPickedUp(b))
	}
	tb.ok(Scan(tb.id(Move, 5))) // seat 2
	tb.ok(Scan(tb.id(Skip, 1))) // seat 1's turn: the Skip picked up, played on themself
	if w := tb.Where(skip); w != (Place{Zone: AsRider}) {
		t.Fatalf("the Skip shown is at %+v, want seat 1's rider", w)
	}
	if tb.Hand(0) >= 0 || tb.Where(b).Zone != InDeck || tb.Blind(b) {
		t.Fatalf("seat 1 holds %d; the stand-in at %+v (blind %v), want it back in the deck", tb.Hand(0), tb.Where(b), tb.Blind(b))
	}
	// Out of the table's deck: six Moves, the Split, the two cards dealt
	// by hand (one the Skip shown) and the Stop; the Ground went back.
	if n := tb.DeckSize(); n != 14-10 {
		t.Fatalf("the deck holds %d cards, the table's %d", n, 14-10)
	}
	tb.wantNext(ActSweep, 0)
}

// TestStopSeenDiscardsACardSeenHeld: "you may only play the card that is
// in your hand". Seat 1 holds a Move the engine saw, and a Stop seen on
// their stack saves them from their Ground: they played the Move first,
// unseen, and it is assumed in the discard pile (a card seen is no guess
// to keep for a card shown later, unlike a stand-in said picked up).
func TestStopSeenDiscardsACardSeenHeld(t *testing.T) {
	tb := newObserved(t, 2, Ground, Ground, Move, Move, Stop)
	tb.stack(0, Stop)
	move := tb.give(0, Move)
	tb.ok(Scan(tb.id(Ground, 0))) // seat 1
	tb.ok(Press(1))
	tb.ok(Scan(tb.id(Stop, 0)))
	if tb.Out(0) || tb.Hand(0) >= 0 || tb.Where(move).Zone != InDiscard {
		t.Fatalf("seat 1 out %v, holds %d; the Move at %+v: want it played unseen, discarded", tb.Out(0), tb.Hand(0), tb.Where(move))
	}
}

// heldAloneSplit: two fallers; seat 1 plays a Split on themself, and the
// dealer deals both its cards by hand, the reader gone; the n said of the
// new stack's only card takes its stand-in into seat 1's hand (heldAlone).
// It returns the table, stack 1's stand-in and the one held.
func heldAloneSplit(t *testing.T, opt Rules, kinds ...Kind) (*table, int, int) {
	t.Helper()
	tb := newTable(t, opt, 2, kinds...)
	tb.ordered = false
	tb.ok(Scan(tb.id(Move, 0)))  // seat 1
	tb.ok(Scan(tb.id(Move, 1)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1, on the Move
	tb.ok(Scan(tb.id(Move, 2)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1's turn: played on themself
	tb.ok(Confirm())             // stack 1's card
	tb.ok(Confirm())             // the new stack's only card, being dealt
	a, b := tb.Top(0, 0), tb.Top(0, 1)
	tb.ok(NotOnTopAt(1, 2))
	if tb.Hand(0) != b {
		t.Fatalf("seat 1 holds %d, want the stand-in %d", tb.Hand(0), b)
	}
	return tb, a, b
}

// TestStopHeldInTheHand: "Once you are holding a card, you may play it
// right away, or you may keep holding it", and "To Stop a Ground, play the
// Stop as the Ground is being dealt to you." The card seat 1 was said to
// pick up from the stack it was the only card of is held (heldAlone); a
// deck Stop shown, claimed, in the window of seat 1's Ground is that card
// (heldStop looks in the hand first: it was said picked up), not stack
// 1's card dealt by hand, since buried by a deal and a guess still.
func TestStopHeldInTheHand(t *testing.T) {
	tb, a, b := heldAloneSplit(t, Official(), Split, Hit, Skip, Stop, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Step())                 // sweep the Split
	tb.ok(Scan(tb.id(Move, 3)))   // seat 2
	tb.ok(Scan(tb.id(Move, 4)))   // seat 1: covers stack 1's card dealt by hand
	tb.ok(Scan(tb.id(Move, 5)))   // seat 2
	tb.ok(Scan(tb.id(Ground, 0))) // seat 1
	tb.ok(Press(1))
	tb.ok(Scan(tb.id(Stop, 0)))
	stop, _ := tb.CardIndex(tb.id(Stop, 0))
	if tb.Out(0) || tb.Where(stop).Zone != InDiscard {
		t.Fatalf("seat 1 out %v, the Stop at %+v: want seat 1 saved, the Stop discarded", tb.Out(0), tb.Where(stop))
	}
	if tb.Hand(0) >= 0 || tb.Where(b).Zone != InDeck {
		t.Fatalf("seat 1 holds %d, the stand-in held at %+v: want the Stop played for it, it back in the deck", tb.Hand(0), tb.Where(b))
	}
	if w := tb.Where(a); w != (Place{Zone: InStack}) || !tb.Blind(a) {
		t.Fatalf("stack 1's stand-in at %+v (blind %v), want it still under the Move, a guess", w, tb.Blind(a))
	}
}

// TestPickedUpWhileDealtIsNoLongerDealt: "If the dealer is giving you two
// cards in a row (because of a Hit), you can certainly grab the first one.
// But only if you are fast!" A card picked up is no longer being dealt. In
// the French rules a Stop cancels a card as it is dealt ("La carte Stop
// est à jouer lorsque le donneur va pour vous donner une carte"); the n
// said of the new stack's only card while it is dealt takes its stand-in
// (here a Stop) into seat 1's hand, and its deal ends there: nothing is
// being dealt to seat 1 for that card to Stop. Left open, the Stop held
// cancelled its own deal: the stack's top went back to the deck in its
// stead, and the card lay in the deck and the discard pile at once.
func TestPickedUpWhileDealtIsNoLongerDealt(t *testing.T) {
	tb, _, b := heldAloneSplit(t, French(), Split, Hit, Stop, Stop, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	if tb.Card(b).Kind != Stop {
		t.Fatalf("the stand-in held is %v, want a Stop", tb.Card(b))
	}
	if p, c, _, ok := tb.PendingDeal(); ok {
		t.Fatalf("seat %d's card %d is still being dealt, want none: it was picked up", tb.Seat(p), c)
	}
	tb.refused(PlayStop(0, 0, StopDeal), RuleStopGround)
}

// TestHoldingWhileItMayBeShown: "Once you are holding a card, you may play
// it right away, or you may keep holding it." The stand-in heldAlone put
// in seat 1's hand is held (Holding) while a card shown may still be taken
// for it; passes later, with no card shown for it, the faller most likely
// played it unseen, and the table no longer says they hold a card, though
// the stand-in is still the engine's (heldStop may yet take it).
func TestHoldingWhileItMayBeShown(t *testing.T) {
	tb, _, b := heldAloneSplit(t, Official(), cat([]Kind{Split, Hit, Skip}, many(Move, 14), []Kind{Ground, Ground})...)
	said := tb.Passes() // the n was said in this pass
	tb.ok(Step())       // sweep the Split
	for i := 3; tb.Passes() <= said+looseFor; i++ {
		if !tb.Holding(0) {
			t.Fatalf("pass %d, the n said in pass %d: a card shown may still be the one picked up, Holding false", tb.Passes(), said)
		}
		tb.ok(Scan(tb.id(Move, i)))
	}
	if tb.Hand(0) != b || tb.Holding(0) {
		t.Fatalf("pass %d, the n said in pass %d: seat 1's hand %d (the stand-in %d), Holding %v: want the stand-in kept, Holding false",
			tb.Passes(), said, tb.Hand(0), b, tb.Holding(0))
	}
}
