package game

import (
	"fmt"
	"slices"
	"testing"
)

// saidPickedUp reports whether card c stands in for a card dealt by hand
// that the dealer said is no longer on top (NotOnTop).
func (g *Game) saidPickedUp(c int) bool {
	return c >= 0 && c < len(g.table.loose) && g.table.loose[c] != 0 && g.Blind(c)
}

// guesses is what snapshot leaves out: which cards stand in for cards the
// reader did not see, now and at any time this hand.
func guesses(g *Game) string {
	return fmt.Sprintf(" blind=%v guessed=%v loose=%v swept=%v", g.table.blind, g.table.guessed, g.table.loose, g.table.swept)
}

// refusedAsIs is tb.refused, the guesses included.
func (tb *table) refusedAsIs(e Event, r Rule) {
	tb.t.Helper()
	before := guesses(tb.Game)
	tb.refused(e, r)
	if guesses(tb.Game) != before {
		tb.t.Fatalf("%v was refused but changed which cards are guesses", e)
	}
}

// TestIdentify: "Reader unplugged or I2C errors mid-hand: the assistant says
// so, keeps pacing with manual confirmation from the dealer panel, and
// picks the reader up again when it comes back" (product.md). A deal
// confirmed by hand stands in a deck card of the engine's choosing; once
// the reader is back the dealer passes the card dealt by hand over it while
// it lies on top of its stack, and the engine learns which card it was.
func TestIdentify(t *testing.T) {
	// Stop, Hit, Move, Skip, Ground, Ground: a plain confirmation stands
	// in the first non-Ground still in the deck (stop-0, then hit-1).
	kinds := []Kind{Stop, Hit, Move, Skip, Ground, Ground}
	blindAt := func(tb *table, p int) int {
		tb.t.Helper()
		c := tb.Top(p, 0)
		if c < 0 || !tb.Blind(c) {
			tb.t.Fatalf("seat %d's top %d is not a card dealt by hand", p+1, c)
		}
		return c
	}
	t.Run("the guess was right", func(t *testing.T) {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Confirm())
		s := blindAt(tb, 0)
		tb.ok(Identify(1, tb.Card(s).ID))
		if tb.Blind(s) || !tb.Guessed(s) || tb.Where(s) != (Place{Zone: InStack}) {
			t.Fatalf("%v: blind %v guessed %v at %+v, want known, still guessed, on seat 1's stack", tb.Card(s), tb.Blind(s), tb.Guessed(s), tb.Where(s))
		}
		// Asked again, there is nothing dealt by hand on top any more.
		tb.refusedAsIs(Identify(1, tb.Card(s).ID), RuleCardNotExpected)
	})
	t.Run("the card read was in the deck: they swap", func(t *testing.T) {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Confirm())
		s := blindAt(tb, 0)
		deck := tb.DeckSize()
		tb.ok(Identify(1, tb.id(Skip, 0)))
		c, _ := tb.CardIndex(tb.id(Skip, 0))
		if tb.Top(0, 0) != c || tb.Blind(c) || !tb.Guessed(c) {
			t.Fatalf("seat 1's top is %d, want the Skip read (%d), known and guessed", tb.Top(0, 0), c)
		}
		if tb.Where(s).Zone != InDeck || tb.Blind(s) || tb.DeckSize() != deck {
			t.Fatalf("the stand-in %v is at %+v (blind %v), deck %d: want back in the deck of %d", tb.Card(s), tb.Where(s), tb.Blind(s), tb.DeckSize(), deck)
		}
		// The stand-in, back in the deck, is dealt when read.
		tb.ok(Scan(tb.Card(s).ID))
		if w := tb.Where(s); w.Zone != InStack || w.Player != 1 {
			t.Fatalf("the old stand-in read next is at %+v, want dealt to seat 2", w)
		}
	})
	t.Run("the card read stood in elsewhere: they swap and the other stays a guess", func(t *testing.T) {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Confirm())
		tb.ok(Confirm())
		s1, s2 := blindAt(tb, 0), blindAt(tb, 1)
		tb.ok(Identify(1, tb.Card(s2).ID))
		if tb.Top(0, 0) != s2 || tb.Blind(s2) || tb.Top(1, 0) != s1 || !tb.Blind(s1) {
			t.Fatalf("seat 1's top %d (blind %v), seat 2's %d (blind %v): want %d known, %d still a guess",
				tb.Top(0, 0), tb.Blind(tb.Top(0, 0)), tb.Top(1, 0), tb.Blind(tb.Top(1, 0)), s2, s1)
		}
		tb.ok(Identify(2, tb.id(Move, 0)))
		if c, _ := tb.CardIndex(tb.id(Move, 0)); tb.Top(1, 0) != c || tb.Where(s1).Zone != InDeck {
			t.Fatalf("seat 2's top is %d, want the Move read", tb.Top(1, 0))
		}
	})
	t.Run("A Ground named is a Ground", func(t *testing.T) {
		tb := newObserved(t, 2, kinds...)
		tb.ok(ConfirmAs(Ground)) // its Stop window is open: it lies on top
		s := blindAt(tb, 0)
		tb.refusedAsIs(Identify(1, tb.id(Move, 0)), RuleCardNotExpected)
		other := tb.id(Ground, 0)
		if tb.Card(s).ID == other {
			other = tb.id(Ground, 1)
		}
		tb.ok(Identify(1, other))
		c, _ := tb.CardIndex(other)
		if _, pc, ground, ok := tb.PendingDeal(); !ok || !ground || pc != c || tb.Where(s).Zone != InDeck {
			t.Fatalf("pending %d (Ground %v, %v), want the Ground read (%d) being dealt", pc, ground, ok, c)
		}
		tb.ok(StopClosed())
		if tb.Winner() != 1 {
			t.Fatalf("winner %d, want seat 2: seat 1 received a Ground", tb.Winner())
		}
		tb.refusedAsIs(Identify(1, other), RuleGameOver)
	})
	t.Run("refusals leave the hand as it was", func(t *testing.T) {
		tb := newObserved(t, 3, kinds...)
		tb.refusedAsIs(Identify(1, tb.id(Stop, 0)), RuleCardNotExpected) // nothing dealt yet
		tb.ok(Confirm())
		tb.ok(Scan(tb.id(Skip, 0))) // seat 2, read
		tb.refusedAsIs(Identify(1, "no-such-tag"), RuleUnknownCard)
		tb.refusedAsIs(Identify(9, tb.id(Move, 0)), RuleNoPlayer)
		tb.refusedAsIs(Identify(-1, tb.id(Move, 0)), RuleNoPlayer)
		tb.refusedAsIs(Identify(2, tb.id(Move, 0)), RuleCardNotExpected)   // seat 2's card was read
		tb.refusedAsIs(Identify(1, tb.id(Skip, 0)), RuleCardNotExpected)   // known at seat 2
		tb.refusedAsIs(Identify(1, tb.id(Ground, 0)), RuleCardNotExpected) // a Ground not named
		tb.refusedAsIs(Identify(3, tb.id(Move, 0)), RuleCardNotExpected)   // seat 3 has no stack
	})
}

// TestIdentifiedCardPlayedLater is the mistake that left the assistant a
// seat behind: the card dealt by hand, believed in the deck, is picked up
// ("You can only pick up the top card of your stack") and shown as a rider,
// and is taken for the next deal. Identified first, it is a rider played
// from that stack.
func TestIdentifiedCardPlayedLater(t *testing.T) {
	kinds := []Kind{Stop, Hit, Move, Move, Move, Move, Ground, Ground}
	play := func(t *testing.T, identify bool) *table {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Confirm()) // the real card is the Hit; the engine stands in the Stop
		if s := tb.Top(0, 0); tb.Card(s).Kind != Stop {
			t.Fatalf("the stand-in is %v, want the Stop", tb.Card(s))
		}
		if identify {
			tb.ok(Identify(1, tb.id(Hit, 0)))
		}
		tb.ok(Scan(tb.id(Move, 0))) // seat 2
		tb.ok(Scan(tb.id(Move, 1))) // seat 1, next pass
		// Seat 1 picked up its Hit and played it on seat 2: the dealer
		// reaching seat 2 shows it.
		tb.ok(Scan(tb.id(Hit, 0)))
		return tb
	}
	hit := func(tb *table) Place {
		c, _ := tb.CardIndex(tb.id(Hit, 0))
		return tb.Where(c)
	}
	if w := hit(play(t, false)); w.Zone != InStack {
		t.Fatalf("without identifying, the Hit is at %+v: the test no longer shows the mistake", w)
	}
	if w := hit(play(t, true)); w != (Place{Zone: AsRider, Player: 1}) {
		t.Fatalf("identified, the Hit is at %+v, want seat 2's rider", w)
	}
}

// TestNotOnTop: "You can only pick up the top card of your stack." Asked
// for the card dealt by hand, the dealer finds another card on top and says
// n: the faller picked it up. Shown soon after at that faller's turn, as a
// rider, or as a Stop saving them from a Ground, a card the engine believes
// still in the deck is that card played, not a card dealt.
func TestNotOnTop(t *testing.T) {
	hit := func(tb *table) int {
		c, _ := tb.CardIndex(tb.id(Hit, 0))
		return c
	}
	// Stop, Hit, Moves, Grounds: the real card dealt by hand to seat 1 is
	// the Hit; the engine stands in the Stop.
	kinds := []Kind{Stop, Hit, Move, Move, Move, Move, Move, Move, Move, Move, Ground, Ground}
	pickedUp := func(t *testing.T, n bool) (*table, int) {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Confirm())
		s := tb.Top(0, 0)
		if tb.Card(s).Kind != Stop || !tb.Blind(s) {
			t.Fatalf("seat 1's top is %v (blind %v), want the Stop standing in", tb.Card(s), tb.Blind(s))
		}
		if n {
			tb.ok(NotOnTop(1))
		}
		tb.ok(Scan(tb.id(Move, 0))) // seat 2
		return tb, s
	}
	t.Run("shown as its faller's rider", func(t *testing.T) {
		tb, s := pickedUp(t, true)
		tb.ok(Scan(tb.id(Hit, 0))) // seat 1's turn: the Hit played on itself
		if w := tb.Where(hit(tb)); w != (Place{Zone: AsRider}) {
			t.Fatalf("the Hit is at %+v, want seat 1's rider", w)
		}
		if tb.Where(s).Zone != InDeck || tb.Blind(s) || !tb.Guessed(s) || !tb.Guessed(hit(tb)) {
			t.Fatalf("the stand-in is at %+v (blind %v, guessed %v), want back in the deck, known, still a guess once", tb.Where(s), tb.Blind(s), tb.Guessed(s))
		}
		if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || in.Rider != Hit {
			t.Fatalf("next: %v, want seat 1's Hit carried out", in)
		}
	})
	t.Run("without the n it is taken for a deal", func(t *testing.T) {
		tb, _ := pickedUp(t, false)
		tb.ok(Scan(tb.id(Hit, 0)))
		if w := tb.Where(hit(tb)); w.Zone != InStack {
			t.Fatalf("the Hit is at %+v: the test no longer shows the mistake", w)
		}
	})
	t.Run("shown at another seat's turn it is a deal", func(t *testing.T) {
		// Which faller played a rider nobody saw picked up is not known;
		// only the one who picked it up is a safe guess.
		tb, _ := pickedUp(t, true)
		tb.ok(Scan(tb.id(Move, 1))) // seat 1
		tb.ok(Scan(tb.id(Hit, 0)))  // seat 2's turn
		if w := tb.Where(hit(tb)); w.Zone != InStack || w.Player != 1 {
			t.Fatalf("the Hit is at %+v, want dealt to seat 2", w)
		}
	})
	t.Run("at the window's last pass it is still the card picked up", func(t *testing.T) {
		tb, _ := pickedUp(t, true)
		for i := 1; i <= 2*(looseFor-1); i++ {
			tb.ok(Scan(tb.id(Move, i))) // seat 1, 2, ...
		}
		tb.ok(Scan(tb.id(Hit, 0))) // seat 1's turn, looseFor passes after the n's
		if w := tb.Where(hit(tb)); w != (Place{Zone: AsRider}) {
			t.Fatalf("the Hit is at %+v, want seat 1's rider", w)
		}
	})
	t.Run("long after the n it is a deal again", func(t *testing.T) {
		tb, _ := pickedUp(t, true)
		for i := 1; i <= 2*looseFor; i++ {
			tb.ok(Scan(tb.id(Move, i))) // seat 1, 2, 1, 2, ...
		}
		tb.ok(Scan(tb.id(Hit, 0))) // seat 1's turn, looseFor passes later
		if w := tb.Where(hit(tb)); w.Zone != InStack || w.Player != 0 {
			t.Fatalf("the Hit is at %+v, want dealt to seat 1", w)
		}
	})
	t.Run("a Stop shown for a Ground", func(t *testing.T) {
		// The real card dealt by hand is the Stop; the engine stands in
		// the first Move.
		tb := newObserved(t, 2, Move, Stop, Move, Ground, Ground)
		tb.ok(Confirm())
		tb.ok(NotOnTop(1))
		tb.ok(Scan(tb.id(Move, 1)))   // seat 2
		tb.ok(Scan(tb.id(Ground, 0))) // seat 1: its Stop window opens
		tb.ok(Scan(tb.id(Stop, 0)))   // seat 1 shows the Stop it picked up
		stop, _ := tb.CardIndex(tb.id(Stop, 0))
		if tb.Out(0) || tb.Where(stop).Zone == InDeck {
			t.Fatalf("seat 1 out %v, the Stop at %+v: want saved by the Stop", tb.Out(0), tb.Where(stop))
		}
	})
	t.Run("the guess was right, and the card picked up", func(t *testing.T) {
		// The engine stands in the Hit, the very card dealt.
		tb := newObserved(t, 2, Hit, Move, Move, Move, Ground, Ground)
		tb.ok(Confirm())
		tb.ok(NotOnTop(1))
		tb.ok(Scan(tb.id(Move, 0))) // seat 2
		tb.ok(Scan(tb.id(Hit, 0)))  // seat 1's turn: the Hit played on itself
		if w := tb.Where(hit(tb)); w != (Place{Zone: AsRider}) || tb.Blind(hit(tb)) {
			t.Fatalf("the Hit is at %+v (blind %v), want seat 1's rider, known", w, tb.Blind(hit(tb)))
		}
	})
	t.Run("refusals leave the hand as it was", func(t *testing.T) {
		tb := newObserved(t, 2, kinds...)
		tb.refusedAsIs(NotOnTop(1), RuleCardNotExpected) // nothing dealt yet
		tb.ok(Scan(tb.id(Move, 0)))
		tb.refusedAsIs(NotOnTop(1), RuleCardNotExpected) // read, not dealt by hand
		tb.refusedAsIs(NotOnTop(9), RuleNoPlayer)
	})
}

// TestNotOnTopStandInReadElsewhere: the stand-in of a card said picked up
// is read being dealt at another seat, so another deck card stands in for
// the one picked up (unblind); that one is still the card picked up, and
// shown at its faller's next turn as a rider it is played, not dealt.
func TestNotOnTopStandInReadElsewhere(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm())
	s := tb.Top(0, 0)
	if tb.Card(s).Kind != Stop {
		t.Fatalf("seat 1's stand-in is %v, want the Stop", tb.Card(s))
	}
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Stop, 0))) // seat 2 is dealt the Stop the engine stood in
	if d := tb.Top(0, 0); !tb.saidPickedUp(d) || tb.saidPickedUp(s) {
		t.Fatalf("the new stand-in %v said picked up %v, the Stop %v", tb.Card(d), tb.saidPickedUp(d), tb.saidPickedUp(s))
	}
	tb.ok(Scan(tb.id(Hit, 0))) // seat 1's turn: the Hit picked up, played on itself
	hit, _ := tb.CardIndex(tb.id(Hit, 0))
	if w := tb.Where(hit); w != (Place{Zone: AsRider}) {
		t.Fatalf("the Hit is at %+v, want seat 1's rider", w)
	}
}

// twoBlindTops: seat 1 holds two stacks, each topped by a card dealt by
// hand (a Split rider carried out with the reader gone).
func twoBlindTops(t *testing.T) (*table, int, int) {
	tb := splitOnSelf(t)
	for i := 0; i < 10 && tb.NumStacks(0) < 2; i++ {
		tb.ok(Confirm())
	}
	a, b := tb.Top(0, 0), tb.Top(0, 1)
	if !tb.Blind(a) || !tb.Blind(b) {
		t.Fatalf("tops %d %d blind %v %v", a, b, tb.Blind(a), tb.Blind(b))
	}
	return tb, a, b
}

// TestNotOnTopTwoStacks: "You can only pick up the top card of your
// stack." With two stacks topped by cards dealt by hand, the dealer's second
// n is said of the one still on top, not of the one already picked up.
func TestNotOnTopTwoStacks(t *testing.T) {
	tb, a, b := twoBlindTops(t)
	tb.ok(NotOnTop(1))
	if !tb.saidPickedUp(a) {
		t.Fatalf("first n did not mark stack 1's top")
	}
	// The dealer's blindSeat now asks about stack 2's top; the dealer says n.
	tb.ok(NotOnTop(1))
	if !tb.saidPickedUp(b) {
		t.Fatalf("second n marked stack 1's top again, not stack 2's: seat 1 is asked again at every later round, and each n refreshes the wrong stand-in's window")
	}
}

// TestIdentifyAfterNotOnTop: seat 1's first stack's stand-in was said
// picked up; the card the dealer then scans for seat 1 lies on the second
// stack, the only card dealt by hand still on top. It is swapped with the
// stand-in said picked up instead.
func TestIdentifyAfterNotOnTop(t *testing.T) {
	tb, a, b := twoBlindTops(t)
	tb.ok(NotOnTop(1))
	if !tb.saidPickedUp(a) {
		t.Fatalf("first n did not mark stack 1's top")
	}
	tb.ok(Identify(1, tb.id(Skip, 0)))
	skip, _ := tb.CardIndex(tb.id(Skip, 0))
	if w := tb.Where(skip); w.Stack != 1 || tb.Blind(b) {
		t.Fatalf("the Skip read on stack 2 went to %+v; stack 2's stand-in blind %v, stack 1's said picked up %v", w, tb.Blind(b), tb.saidPickedUp(a))
	}
}

// TestIdentifySwapKeepsNotOnTop: seat 2's card dealt by hand was said
// picked up; seat 1's card dealt by hand is then read and is the very card
// the engine stood in at seat 2. The two guesses swap places (identify), and
// the one now standing at seat 2 still stands for a card picked up: the n
// must not be forgotten.
func TestIdentifySwapKeepsNotOnTop(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1
	tb.ok(Confirm()) // seat 2
	a, b := tb.Top(0, 0), tb.Top(1, 0)
	if !tb.Blind(a) || !tb.Blind(b) {
		t.Fatal("want two stand-ins")
	}
	tb.ok(NotOnTop(2))
	tb.ok(Identify(1, tb.Card(b).ID))
	if got := tb.Top(1, 0); got != a || !tb.saidPickedUp(got) {
		t.Fatalf("seat 2's stand-in is now %v, said picked up %v: the dealer's n for seat 2 was forgotten", tb.Card(got), tb.saidPickedUp(got))
	}
}

// TestPickedUpUnseen: "You may place a rider in front of any player,
// including yourself." Seat 1's card dealt by hand, said picked up and
// since buried under its next deal in the engine's stacks, may be the
// rider shown as seat 2's turn begins: the engine says so (the dealer
// judges it by what follows), and told which card it was (Identify, the
// stand-in buried or not), takes the read for that card played there.
func TestPickedUpUnseen(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1: the Hit; the engine stands in the Stop
	if tb.pickedUpUnseen(1) != 0 {
		t.Fatal("a card dealt by hand not said picked up is offered")
	}
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Scan(tb.id(Move, 1))) // seat 1, on the stand-in
	if got := tb.pickedUpUnseen(1); got != 1 {
		t.Fatalf("as seat 2's turn begins: seat %d offered, want seat 1", got)
	}
	if got := tb.pickedUpUnseen(0); got != 1 {
		t.Fatalf("as seat 1's turn begins: seat %d offered, want seat 1's own card", got)
	}
	tb.ok(Identify(1, tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Hit, 0))) // seat 2's turn: the Hit, played there
	if w := tb.Where(hitOf(tb)); w != (Place{Zone: AsRider, Player: 1}) {
		t.Fatalf("the Hit is at %+v, want seat 2's rider", w)
	}
	tb.refusedAsIs(Identify(1, tb.id(Move, 5)), RuleCardNotExpected) // nothing dealt by hand left at seat 1
}

func hitOf(tb *table) int {
	c, _ := tb.CardIndex(tb.id(Hit, 0))
	return c
}

// TestPickedUpUnseenOwnFirst: "You may place a rider in front of any
// player, including yourself." A seat whose own card dealt by hand was
// said picked up takes a rider read as its turn begins for that card
// (swapLoose), so its own is offered, not another faller's; and none while
// another card dealt by hand, not yet asked for, tops its stacks.
func TestPickedUpUnseenOwnFirst(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand
	tb.ok(Confirm()) // seat 2, by hand
	tb.ok(NotOnTop(1))
	tb.ok(NotOnTop(2))
	if got := tb.pickedUpUnseen(1); got != 2 {
		t.Fatalf("as seat 2's turn begins, with seat 2's own card picked up: seat %d offered, want seat 2", got)
	}
	tb.ok(Confirm()) // seat 1, by hand again: on its own stack, not yet asked for
	tb.ok(Confirm()) // seat 2, likewise
	if got := tb.pickedUpUnseen(1); got != 0 {
		t.Fatalf("with a card dealt by hand on top of seat 2's stack, not yet asked for: seat %d offered, want none", got)
	}
}

// TestPickedUpUnseenBuried: "You can only pick up the top card of your
// stack. ... If the dealer is giving you two cards in a row (because of a
// Hit), you can certainly grab the first one." A card dealt by hand is
// covered by the next deal before the dealer can be asked for it (only tops
// are asked for), so no one says whether its faller grabbed it first. "You
// may place a rider in front of any player, including yourself": a rider
// read from the deck as a turn begins may be that card, its own faller's
// first, and told so (Identify), the engine takes the read for it played
// there, the stand-in back to the deck.
func TestPickedUpUnseenBuried(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reads int // deals read after the cover, before the turn the Hit is shown at
		turn  int // the player whose turn begins
	}{
		{"shown in front of another faller", 0, 1},
		{"shown in front of its own faller", 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Confirm()) // seat 1: the Hit, by hand; the engine stands in a guess
			s := tb.Top(0, 0)
			if !tb.Blind(s) {
				t.Fatal("want a stand-in")
			}
			if got := tb.pickedUpUnseen(1); got != 0 {
				t.Fatalf("a card dealt by hand still on top (to be asked for) is offered: seat %d", got)
			}
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			tb.ok(Scan(tb.id(Move, 1))) // seat 1: covers the stand-in
			for i := range tc.reads {
				tb.ok(Scan(tb.id(Move, 2+i)))
			}
			if got := tb.pickedUpUnseen(tc.turn); got != 1 {
				t.Fatalf("as player %d's turn begins: seat %d offered, want seat 1", tc.turn, got)
			}
			tb.ok(Identify(1, tb.id(Hit, 0)))
			tb.ok(Scan(tb.id(Hit, 0)))
			if w := tb.Where(hitOf(tb)); w != (Place{Zone: AsRider, Player: tc.turn}) {
				t.Fatalf("the Hit is at %+v, want player %d's rider", w, tc.turn)
			}
			if tb.Where(s).Zone != InDeck || tb.Blind(s) {
				t.Fatalf("the stand-in is at %+v, blind %v: want it back in the deck", tb.Where(s), tb.Blind(s))
			}
			if got := tb.pickedUpUnseen(tc.turn); got != 0 {
				t.Fatalf("with the card found, seat %d still offered", got)
			}
			tb.refusedAsIs(Identify(1, tb.id(Move, 5)), RuleCardNotExpected) // nothing dealt by hand left at seat 1
		})
	}
}

// TestPlayedUnasked: "You can only pick up the top card of your stack" and
// "You may place a rider in front of any player, including yourself." Seat
// 1's card dealt by hand still tops its stack, not yet asked for:
// pickedUpUnseen offers it to no one (the dealer is asked for every top
// before it can be played, TestPickedUpUnseenBuried), but where the dealer
// could not be asked (the reader back only while a card was due, which only
// the dealer knows), its faller may have picked it up and shown it as seat
// 2's turn begins. PlayedUnasked says so of a rider that deals read from
// the deck, or over a stand-in; told which card it was (Identify), the
// engine takes the read for it played there.
func TestPlayedUnasked(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1: the Hit, by hand; the engine stands in the Stop
	s := tb.Top(0, 0)
	hit := hitOf(tb)
	if tb.pickedUpUnseen(1) != 0 {
		t.Fatal("a card dealt by hand on top, to be asked for, is offered by pickedUpUnseen")
	}
	move, _ := tb.CardIndex(tb.id(Move, 0))
	for _, tc := range []struct {
		name string
		c    int
		seat int
		want bool
	}{
		{"a Hit from the deck, seat 1's top never asked for", hit, 1, true},
		{"the stand-in, a Stop: not a rider", s, 1, false},
		{"a Move: not a rider", move, 1, false},
		{"seat 2: no card dealt by hand", hit, 2, false},
	} {
		if got := tb.PlayedUnasked(tc.c, tc.seat); got != tc.want {
			t.Errorf("%s: PlayedUnasked %v, want %v", tc.name, got, tc.want)
		}
	}
	tb.ok(Identify(1, tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Hit, 0))) // seat 2's turn: the Hit, played there
	if w := tb.Where(hit); w != (Place{Zone: AsRider, Player: 1}) {
		t.Fatalf("the Hit is at %+v, want seat 2's rider", w)
	}
	if tb.PlayedUnasked(hit, 1) {
		t.Fatal("with the card found, seat 1 still offered")
	}
}

// TestPlayedUnaskedSaidPickedUp: once the dealer said the card dealt by
// hand is no longer on top (n), PlayedUnseen offers it, and PlayedUnasked,
// for cards never asked for, does not.
func TestPlayedUnaskedSaidPickedUp(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm())
	tb.ok(NotOnTop(1))
	if tb.PlayedUnasked(hitOf(tb), 1) {
		t.Fatal("a card said picked up is offered as one never asked for")
	}
	if got := tb.PlayedUnseen(hitOf(tb)); got != 1 {
		t.Fatalf("PlayedUnseen offers seat %d, want seat 1", got)
	}
}

// TestPickedUpUnseenUnderAGuess: a card dealt by hand covered by another
// card dealt by hand is not offered while that one still tops the stack:
// the dealer is yet to be asked for it, and Identify would take the top
// first. Once the top is read, the one under it is offered.
func TestPickedUpUnseenUnderAGuess(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm())            // seat 1, by hand
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again: covers the first
	if got := tb.pickedUpUnseen(1); got != 0 {
		t.Fatalf("seat %d offered while seat 1's top is a card dealt by hand not yet asked for", got)
	}
	tb.ok(Identify(1, tb.Card(tb.Top(0, 0)).ID)) // the top read: the guess was right
	if got := tb.pickedUpUnseen(1); got != 1 {
		t.Fatalf("with seat 1's top read: seat %d offered, want seat 1 (the card under it)", got)
	}
}

// TestScanDealt: "You can only pick up the top card of your stack." Seat
// 1's card dealt by hand was said picked up (NotOnTop); as seat 1's turn
// begins a Hit is read from the deck. Shown, it is that card played there
// ("You may place a rider in front of any player, including yourself");
// dealt, it is seat 1's deal. The engine alone takes it for the card
// played; the dealer, who holds the read and sees nothing follow it at
// once, says it was dealt (ScanDealt).
func TestScanDealt(t *testing.T) {
	for _, tc := range []struct {
		name string
		read Event
		want Zone
	}{
		{"a plain read: the card picked up, played", Scan(""), AsRider},
		{"judged dealt: the deal", ScanDealt(""), InStack},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Confirm()) // seat 1: the Hit, by hand; the engine stands in the Stop
			tb.ok(NotOnTop(1))
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			read := tc.read
			read.Card = tb.id(Hit, 0)
			tb.ok(read) // seat 1's turn
			if w := tb.Where(hitOf(tb)); w.Zone != tc.want || w.Player != 0 {
				t.Fatalf("the Hit is at %+v, want seat 1's %v", w, tc.want)
			}
		})
	}
	t.Run("only a read is judged dealt", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Hit, Move, Move, Ground, Ground)
		e := Confirm()
		e.Dealt = true
		tb.refusedAsIs(e, RuleBadEvent)
	})
}

// TestPlayedUnseenGuessRight: the stand-in the engine chose for a card
// dealt by hand may be that very card. Grabbed ("You can only pick up the
// top card of your stack", and it was the top until covered, or the dealer
// said n), it is read as a turn begins from where the engine believes it
// lies, in a stack: shown there ("You may place a rider in front of any
// player, including yourself"), it is played, the dealer saying which card
// it was (Identify); dealt, it was no card picked up, and the guess was
// wrong after all.
func TestPlayedUnseenGuessRight(t *testing.T) {
	for _, tc := range []struct {
		name   string
		notTop bool // the dealer said n; else the next deal covers it
		turn   int  // the player whose turn begins
		read   func(id string) Event
		want   Zone
	}{
		{"covered, shown at another seat", false, 1, Scan, AsRider},
		{"covered, shown at its own seat", false, 0, Scan, AsRider},
		{"said picked up, shown at another seat", true, 1, Scan, AsRider},
		{"said picked up, dealt at its own seat", true, 0, ScanDealt, InStack},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Confirm()) // seat 1, by hand: the engine stands in the Hit, the very card
			hit := hitOf(tb)
			if tb.Top(0, 0) != hit || !tb.Blind(hit) {
				t.Fatalf("the stand-in is %v, want the Hit", tb.Card(tb.Top(0, 0)))
			}
			if tc.notTop {
				tb.ok(NotOnTop(1))
			}
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			if !tc.notTop || tc.turn == 1 {
				tb.ok(Scan(tb.id(Move, 1))) // seat 1: covers the Hit
			}
			if tc.turn == 0 && !tc.notTop {
				tb.ok(Scan(tb.id(Move, 2))) // seat 2
			}
			if got := tb.PlayedUnseen(hit); got != 1 {
				t.Fatalf("as player %d's turn begins: seat %d offered for the Hit, want seat 1", tc.turn, got)
			}
			if tc.want == AsRider {
				tb.ok(Identify(1, tb.id(Hit, 0)))
			}
			tb.ok(tc.read(tb.id(Hit, 0)))
			if w := tb.Where(hit); w.Zone != tc.want || w.Player != tc.turn {
				t.Fatalf("the Hit is at %+v, want player %d's %v", w, tc.turn, tc.want)
			}
		})
	}
}

// TestPlayedUnseenGuessRightUnderAnother: seat 1's Hit, dealt by hand and
// stood in by itself, is grabbed before seat 1's next card, dealt by hand
// too, covers it, and a read card covers that one before the dealer can be
// asked for either. Shown at seat 2's turn, the Hit is offered and found,
// though another guess lies above it.
func TestPlayedUnseenGuessRightUnderAnother(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Hit stands in
	hit := hitOf(tb)
	tb.ok(Scan(tb.id(Move, 4))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again: covers the Hit
	other := tb.Top(0, 0)
	tb.ok(Scan(tb.id(Move, 5))) // seat 2
	tb.ok(Scan(tb.id(Move, 6))) // seat 1: covers the other guess
	if got := tb.PlayedUnseen(hit); got != 1 {
		t.Fatalf("as seat 2's turn begins: seat %d offered for the Hit, want seat 1", got)
	}
	tb.ok(Identify(1, tb.id(Hit, 0)))
	tb.ok(Scan(tb.id(Hit, 0)))
	if w := tb.Where(hit); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("the Hit is at %+v, want seat 2's rider", w)
	}
	if !tb.Blind(other) {
		t.Fatalf("the other guess, %v, is no longer a guess", tb.Card(other))
	}
}

// TestPlayedUnseenSkip: "SKIP: Deal no cards to this player." A Skip shown
// as a turn begins is followed by no read in the same beat, no more than a
// deal is, so the dealer's hold cannot tell the two apart: none is offered
// for it, and a plain read of seat 1's own card said picked up is that
// card played there ("You may place a rider in front of any player,
// including yourself"), as before reads were held.
func TestPlayedUnseenSkip(t *testing.T) {
	for _, k := range []Kind{Skip, Hit} {
		t.Run(k.String(), func(t *testing.T) {
			tb := newObserved(t, 2, Stop, k, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Confirm()) // seat 1: the rider, by hand; the engine stands in the Stop
			tb.ok(NotOnTop(1))
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			c, _ := tb.CardIndex(tb.id(k, 0))
			want := 1
			if k == Skip {
				want = 0
			}
			if got := tb.PlayedUnseen(c); got != want {
				t.Fatalf("as seat 1's turn begins: seat %d offered for the %v, want %d", got, k, want)
			}
			tb.ok(Scan(tb.id(k, 0)))
			if w := tb.Where(c); w != (Place{Zone: AsRider, Player: 0}) {
				t.Fatalf("the %v is at %+v, want seat 1's rider", k, w)
			}
		})
	}
}

// TestScanDealtReadAgain: a read the dealer judged dealt (ScanDealt), moved
// by an "unscanned" (the card before it was dealt without a scan, so the
// light lags a seat behind), is still a deal where the light then asks:
// the judgement was by time, which the "unscanned" does not change. Read
// again as a plain read, it was taken for seat 2's card said picked up,
// played there ("You may place a rider in front of any player, including
// yourself"), and the deal was lost.
func TestScanDealtReadAgain(t *testing.T) {
	tb := newObserved(t, 2, Stop, Stop, Move, Move, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the engine stands in a Stop
	tb.ok(Confirm()) // seat 2, likewise
	tb.ok(NotOnTop(1))
	tb.ok(NotOnTop(2))
	hit := tb.id(Hit, 0)
	c, _ := tb.CardIndex(hit)
	tb.ok(ScanDealt(hit)) // seat 1's turn, judged dealt
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("the Hit judged dealt is at %+v, want seat 1's stack", w)
	}
	tb.ok(DealtUnscanned(hit)) // the card before it went unscanned: it is seat 2's
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit judged dealt, read again at seat 2's turn, is at %+v: want seat 2's deal", w)
	}
}

// TestScanDealtAfterASkip: "SKIP: Deal no cards to this player. (And sweep
// away the Skip.)" A read just after a Skip's sweep is confirmed may be
// that Skip's Extra, shown late, so the engine goes back to before the
// sweep to take it there (lateRun); but one the dealer judged dealt
// (ScanDealt) is the next seat's deal. A stand-in for a card dealt by hand,
// read so, was made an Extra on the swept Skip (and the hand as kept lost
// the dealer's judgement: it was read as a plain read there).
func TestScanDealtAfterASkip(t *testing.T) {
	tb, extra, c := standInThenSkipSwept(t)
	tb.ok(ScanDealt(extra)) // seat 1's deal: the Extra was still in the deck
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 || tb.Blind(c) {
		t.Fatalf("the Extra judged dealt is at %+v (blind %v), want seat 1's stack, seen", w, tb.Blind(c))
	}
	if n := len(tb.Extras(1)); n != 0 {
		t.Fatalf("seat 2 has %d Extras", n)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 {
		t.Fatalf("after seat 1's deal: %+v, want seat 2's", in)
	}
}

// TestDealtAfterAll: "SKIP: Deal no cards to this player. (And sweep away
// the Skip.)" A seat's own card dealt by hand is said picked up, and at
// its next turn a Skip is read from the deck: taken for that card played
// on the faller, the light asks to sweep it. Shown, a Skip deals nothing,
// so nothing follows it, as nothing follows a deal, and the dealer's hold
// cannot tell the two apart; the dealer, who sees no Skip there, says "not
// there", and the Skip is the deal just made to the seat.
func TestDealtAfterAll(t *testing.T) {
	tb := newObserved(t, 2, Stop, Skip, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm())            // seat 1, by hand: the engine stands in the Stop
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(NotOnTop(1))          // seat 1 picked its card up
	skip := tb.id(Skip, 0)
	c, _ := tb.CardIndex(skip)
	tb.ok(Scan(skip)) // seat 1's turn
	if in := tb.Next(); in.Action != ActSweep || in.Player != 0 {
		t.Fatalf("the Skip read as seat 1's turn began: %+v, want it taken for the card picked up, played there", in)
	}
	tb.ok(StackGone()) // no Skip in front of seat 1
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("the Skip is at %+v, want seat 1's stack", w)
	}
	inf := tb.Inferences()
	if n := len(inf); n < 2 || inf[n-2].Kind != InfReadTakenBack || inf[n-1].Kind != InfDealtAfterAll || inf[n-1].Card != c || inf[n-1].Player != 0 {
		t.Fatalf("inferences end %+v, want the read taken back, then dealt after all", inf[max(0, len(inf)-2):])
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || !in.First {
		t.Fatalf("after the Skip dealt to seat 1: %+v, want seat 2's turn", in)
	}
	// The stand-in for the card picked up is still one: the Skip was not it.
	stop, _ := tb.CardIndex(tb.id(Stop, 0))
	if !tb.Blind(stop) {
		t.Fatal("the card picked up is no longer stood in for")
	}
}

// TestMisreadDealtAfterAll: "SKIP: Deal no cards to this player. (And
// sweep away the Skip.)" As in TestDealtAfterAll, a card read from the deck
// as a seat's turn begins is taken for its own card dealt by hand, said
// picked up, played there; but the dealer says "misread" (r), as the
// README bids them of a rider the screen names that they do not see, and
// the only key that still names the read once the beat has confirmed the
// Skip's sweep (an "n" then means the next seat's stack). The read is the
// deal all the same: taken back and nothing dealt, the light asked again
// for a card the seat already had. So is a Hit read so while the dealer's
// hold is off (a Stop window open, the panel paused): "HIT: Deal two cards
// to each of this player's stacks" was never shown, it was dealt.
func TestMisreadDealtAfterAll(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rider Kind
		swept bool // the beat confirmed the Skip's sweep before the misread
	}{
		{"skip", Skip, false},
		{"skip swept", Skip, true},
		{"hit", Hit, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Stop, tc.rider, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Confirm())            // seat 1, by hand: the engine stands in the Stop
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			tb.ok(NotOnTop(1))          // seat 1 picked its card up
			id := tb.id(tc.rider, 0)
			c, _ := tb.CardIndex(id)
			tb.ok(Scan(id)) // seat 1's turn
			if w := tb.Where(c); w.Zone != AsRider || w.Player != 0 {
				t.Fatalf("the %v read as seat 1's turn began is at %+v, want taken for seat 1's card played there", tc.rider, w)
			}
			if tc.swept {
				tb.ok(Confirm())
			}
			tb.ok(NotThereRead(id))
			if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
				t.Fatalf("after the misread the %v is at %+v, want seat 1's stack", tc.rider, w)
			}
			inf := tb.Inferences()
			if x := inf[len(inf)-1]; x.Kind != InfDealtAfterAll || x.Card != c || x.Player != 0 {
				t.Fatalf("last inference %+v, want dealt after all", x)
			}
			if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || !in.First {
				t.Fatalf("after the %v dealt to seat 1: %+v, want seat 2's turn", tc.rider, in)
			}
		})
	}
}

// TestThereAfterAllAfterDealtAfterAll: "CHUTE: This card is a permanent
// Skip." Seat 2 plays its Chute on seat 1; at seat 1's next turn the
// dealer says it is not there, and deals: a Skip, taken for seat 1's own
// card dealt by hand, said picked up, played there, then dealt after all
// on the dealer's second "not there". A faller then points at the Chute:
// but a card has been dealt since the first "not there", which ends its
// take-back (a stray read taken back opens it again; a deal is no stray).
// Taken back, the hand went to before the first "not there" and the Skip,
// lying on seat 1's stack, was believed in the deck.
func TestThereAfterAllAfterDealtAfterAll(t *testing.T) {
	tb := newObserved(t, 2, Stop, Chute, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm())             // seat 1, by hand
	tb.ok(Scan(tb.id(Chute, 0))) // seat 2
	tb.ok(Scan(tb.id(Chute, 0))) // seat 1's turn: seat 2 played its Chute on seat 1
	tb.ok(Confirm())             // left
	tb.ok(Scan(tb.id(Move, 0)))  // seat 2
	tb.ok(NotOnTop(1))           // seat 1 picked its card up
	tb.ok(StackGone())           // seat 1's turn: the Chute is not there
	skip := tb.id(Skip, 0)
	c, _ := tb.CardIndex(skip)
	tb.ok(Scan(skip))
	tb.ok(StackGone()) // no Skip in front of seat 1: it was the deal
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("the Skip is at %+v, want seat 1's stack", w)
	}
	if _, ok := tb.GoneToTakeBack(); ok {
		t.Error("the first not there is still offered to take back after a card was dealt")
	}
	if err := tb.Observe(ThereAfterAll()); err == nil {
		t.Fatalf("the not there taken back after a deal: the Skip is at %+v, the light asks %+v", tb.Where(c), tb.Next())
	}
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("after the refused take-back the Skip is at %+v, want seat 1's stack", w)
	}
}

// TestPlayedUnseenBeforeAnyObservation: a hand only ever Applied (the
// simulator's truth, a replay) has no record of cards dealt by hand:
// PlayedUnseen offers none, as AskFor does, rather than reading records
// the hand never sized.
func TestPlayedUnseenBeforeAnyObservation(t *testing.T) {
	tb := newTable(t, Official(), 2, Hit, Move, Move, Move, Move, Move, Ground, Ground)
	if err := tb.Apply(Step()); err != nil { // seat 1: the Hit, into its stack
		t.Fatal(err)
	}
	hit := tb.Top(0, 0)
	if err := tb.Apply(Step()); err != nil { // seat 2
		t.Fatal(err)
	}
	if got := tb.PlayedUnseen(hit); got != 0 {
		t.Fatalf("seat %d offered for the Hit in seat 1's stack, with no card dealt by hand", got)
	}
}

// TestPickedUpUnseenBuriedDeep: a card dealt by hand is offered as one its
// faller may have grabbed before it was covered only while at most
// coveredFor cards lie on it: "You can only pick up the top card of your
// stack", and one buried deeper was covered passes ago.
func TestPickedUpUnseenBuriedDeep(t *testing.T) {
	kinds := []Kind{Hit}
	for range 2*coveredFor + 3 {
		kinds = append(kinds, Move)
	}
	tb := newObserved(t, 2, append(kinds, Ground, Ground)...)
	tb.ok(Confirm()) // seat 1, by hand
	for i := 0; i <= coveredFor; i++ {
		tb.ok(Scan(tb.id(Move, 2*i+1))) // seat 2
		if got := tb.pickedUpUnseen(0); (got == 1) != (i >= 1) {
			t.Fatalf("under %d cards: seat %d offered", i, got)
		}
		tb.ok(Scan(tb.id(Move, 2*i+2))) // seat 1: one card more on it
	}
	if got := tb.pickedUpUnseen(0); got != 0 {
		t.Fatalf("under %d cards: seat %d still offered", coveredFor+1, got)
	}
}

// TestIdentifyGuessRightUnderAnotherPickedUp: seat 1's two cards dealt by
// hand were both said picked up ("You may pick up only one card at a time",
// but a faller may play one and take the next). The lower one's stand-in is
// the very card read, played, as the dealer's held read tells: it is the
// card found, not the other one on top, which keeps its place and what the
// dealer said of it.
func TestIdentifyGuessRightUnderAnotherPickedUp(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Hit stands in, the very card
	hit := hitOf(tb)
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Move, 4))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again, on the Hit's place
	other := tb.Top(0, 0)
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Move, 5))) // seat 2
	said := tb.saidPickedUp(other)
	tb.ok(Identify(1, tb.id(Hit, 0)))
	if tb.Top(0, 0) != other || tb.saidPickedUp(other) != said {
		t.Fatalf("seat 1's top is %v (said picked up %v), want %v still there, said picked up %v", tb.Card(tb.Top(0, 0)), tb.saidPickedUp(tb.Top(0, 0)), tb.Card(other), said)
	}
	if tb.Blind(hit) {
		t.Fatal("the Hit is still a guess")
	}
}

// TestIdentifyBuriedGuessRightUnderAnotherPickedUp: seat 1's Hit, dealt by
// hand and stood in by itself, is covered by seat 1's next card dealt by
// hand before the dealer could be asked for it (so it may have been
// grabbed: "You can only pick up the top card of your stack"), and that
// one is said picked up. PlayedUnseen offers seat 1 for the Hit because
// the Hit is that very stand-in (grabbedGuess): Identify finds it there,
// not the card on top, which keeps its place and its pass.
func TestIdentifyBuriedGuessRightUnderAnotherPickedUp(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: the Hit stands in, the very card
	hit := hitOf(tb)
	tb.ok(Scan(tb.id(Move, 4))) // seat 2
	tb.ok(Confirm())            // seat 1, by hand again: covers the Hit
	other := tb.Top(0, 0)
	tb.ok(NotOnTop(1))
	tb.ok(Scan(tb.id(Move, 5))) // seat 2
	if got := tb.PlayedUnseen(hit); got != 1 {
		t.Fatalf("as seat 1's turn begins: seat %d offered for the Hit, want seat 1", got)
	}
	tb.ok(Identify(1, tb.id(Hit, 0)))
	if tb.Top(0, 0) != other || !tb.saidPickedUp(other) {
		t.Fatalf("seat 1's top is %v (said picked up %v), want %v still there, said picked up", tb.Card(tb.Top(0, 0)), tb.saidPickedUp(tb.Top(0, 0)), tb.Card(other))
	}
	if tb.Blind(hit) {
		t.Fatal("the Hit is still a guess")
	}
}

// TestPlayedUnseenGuessElsewhere: "You may place a rider in front of any
// player, including yourself." Seat 2's card dealt by hand is said picked
// up, and a Hit is shown as seat 2's turn begins. The engine had stood the
// Hit in, long before, for another card dealt by hand to seat 2, now
// buried deep: a guess, so where the real Hit lay is unknown, and it may
// be the card picked up. The dealer holds the read (PlayedUnseen names
// seat 2): shown, it is that card played there, its stand-in taking the
// Hit's old place; judged dealt, it is seat 2's deal, another card
// standing in for the old guess.
func TestPlayedUnseenGuessElsewhere(t *testing.T) {
	// The engine stands in the deck's top card: the Hit, second from the
	// top. Reads from the bottom of the deck leave it alone.
	kinds := append(append([]Kind{Move, Hit}, slices.Repeat([]Kind{Move}, 15)...), Ground, Ground)
	start := func(t *testing.T) *table {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Scan("move-0"))
		tb.ok(Confirm()) // seat 2, by hand: the Hit stands in
		for i := 16; i >= 7; i-- {
			tb.ok(Scan(fmt.Sprintf("move-%d", i))) // five passes bury it
		}
		tb.ok(Scan("move-6"))
		tb.ok(Confirm())      // seat 2 again, by hand
		tb.ok(NotOnTop(2))    // picked up
		tb.ok(Scan("move-5")) // seat 1: seat 2's turn comes
		return tb
	}
	tb := start(t)
	hit := tb.id(Hit, 0)
	c, _ := tb.CardIndex(hit)
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 || !tb.Blind(c) {
		t.Fatalf("the Hit lies at %+v (blind %v), want a guess in seat 2's stack", w, tb.Blind(c))
	}
	if got := tb.PlayedUnseen(c); got != 2 {
		t.Fatalf("PlayedUnseen(the Hit) = seat %d, want seat 2 (its card picked up may be it)", got)
	}
	tb.ok(Identify(2, hit))
	tb.ok(Scan(hit))
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("shown: the Hit lies at %+v, want seat 2's rider", w)
	}
	if in := tb.Next(); in.Player != 1 || in.Rider != Hit {
		t.Fatalf("shown: the light asks %+v, want seat 2's Hit dealt", in)
	}

	dealt := start(t)
	dealt.ok(ScanDealt(hit))
	if w := dealt.Where(c); w.Zone != InStack || w.Player != 1 || dealt.Blind(c) {
		t.Fatalf("judged dealt: the Hit lies at %+v (blind %v), want seat 2's deal", w, dealt.Blind(c))
	}
	if in := dealt.Next(); in.Player != 0 {
		t.Fatalf("judged dealt: the light asks %+v, want seat 1's deal", in)
	}

	// Judged shown because the next card came at once (two dealt at
	// once), where it was the deal: the dealer's misread makes it seat
	// 2's deal after all, and the next card where the light then asks,
	// as for a card the engine believed in the deck
	// (TestMisreadHeldDealShown).
	shown, next := start(t), "move-3"
	shown.ok(Identify(2, hit))
	shown.ok(Scan(hit))
	shown.ok(Scan(next))
	if got, ok := shown.ReadToTakeBack(); !ok || got != hit {
		t.Fatalf("shown, then a card at once: ReadToTakeBack = %q, %v, want %s", got, ok, hit)
	}
	shown.ok(NotThereRead(hit))
	dealt.ok(ScanDealt(next))
	if got, want := cards(shown.Game), cards(dealt.Game); got != want || shown.Next() != dealt.Next() {
		t.Fatalf("after the misread:\n%s\njudged dealt in its time:\n%s", got, want)
	}
}

// splitOnSelf: two fallers; seat 1 is dealt a Split and plays it on
// themself at their turn, the reader seeing every card so far.
func splitOnSelf(t *testing.T) *table {
	tb := newObserved(t, 2, Split, Hit, Move, Move, Move, Move, Move, Move, Skip, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0)))  // seat 1
	tb.ok(Scan(tb.id(Move, 1)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1, on the Move
	tb.ok(Scan(tb.id(Move, 2)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1's turn: played on themself
	return tb
}
