package game

import (
	"fmt"
	"testing"
)

// dealtByHandAtSeat1 is a hand of two fallers whose first card, seat 1's,
// was confirmed by hand with the reader gone, and the engine's stand-in for
// it. No riders: a rider read as a seat's turn starts is that seat's rider,
// played unseen, as far as anyone at the table can tell.
func dealtByHandAtSeat1(t *testing.T) (*table, int) {
	t.Helper()
	tb := newObserved(t, 2, Stop, Move, Stop, Move, Ground, Ground)
	tb.ok(Event{Kind: EvConfirm})
	for c := range tb.NumCards() {
		if tb.Blind(c) {
			return tb, c
		}
	}
	t.Fatalf("no blind deal at seat 1: %+v", tb.Inferences())
	return nil, -1
}

// TestBlindStandInReadLater: "Reader unplugged or I2C errors mid-hand: the
// assistant says so, keeps pacing with manual confirmation from the dealer
// panel, and picks the reader up again when it comes back" (product.md).
// A deal confirmed by hand stands in a deck card the engine cannot know;
// once the reader is back, reading that very card being dealt proves the
// guess wrong: it was still in the deck. The read is the deal, and another
// deck card stands in for the earlier one. The messy table found these
// reads refused, the assistant left waiting for a card it had already
// placed, a seat behind the dealer for the rest of the hand.
func TestBlindStandInReadLater(t *testing.T) {
	tb, guess := dealtByHandAtSeat1(t)
	if tb.Where(guess).Zone != InStack || tb.Where(guess).Player != 0 {
		t.Fatalf("no blind deal at seat 1: %+v", tb.Inferences())
	}
	// The reader is back: the card the engine stood in is read dealt to
	// seat 2.
	tb.ok(Scan(tb.Card(guess).ID))
	if w := tb.Where(guess); w.Zone != InStack || w.Player != 1 || tb.Blind(guess) {
		t.Fatalf("the card read is at %v (blind %v), want dealt to seat 2", w, tb.Blind(guess))
	}
	if tb.NumStacks(0) != 1 || len(tb.Stack(0, 0)) != 1 {
		t.Fatalf("seat 1 lost its card: %s", tb.kinds(0))
	}
	other := tb.Stack(0, 0)[0]
	if other == guess || !tb.Blind(other) {
		t.Fatalf("seat 1's card %v is not a new stand-in", tb.Card(other))
	}
	if inf := tb.Inferences(); inf[len(inf)-1].Kind != InfBlindDeal || inf[len(inf)-1].Card != other {
		t.Fatalf("the new stand-in is not named: %+v", inf)
	}
	// A card that was really dealt, read again, is still refused.
	tb.refused(Scan(tb.Card(guess).ID), RuleCardNotExpected)
}

// TestBlindStandInReadAfterItsStackWasGone: "Extra stacks disappear once
// they are empty", and a faller may pick up the only card of their stack.
// Seat 1's card, dealt by hand, is picked up, and the dealer says its
// stack is not there: the engine's stand-in goes with it, picked up unseen
// (to the discard pile, as the engine keeps cards played out of sight).
// Read later being dealt, the stand-in proves the guess wrong, as one
// still in a stack does (TestBlindStandInReadLater): it was in the deck,
// and another deck card stands in for the card picked up. It was refused,
// the light waiting for a card already down (the real dealer on the messy
// table, beginner seed 13).
func TestBlindStandInReadAfterItsStackWasGone(t *testing.T) {
	tb, guess := dealtByHandAtSeat1(t)
	other := tb.Card((guess + 1) % 4).ID // a card for seat 2 that is not the guess
	tb.ok(Scan(other))
	tb.ok(StackGone()) // seat 1's turn: its stack is not there
	if w := tb.Where(guess); w.Zone != InDiscard || !tb.Blind(guess) {
		t.Fatalf("the stand-in is at %+v (blind %v), want gone with the stack", w, tb.Blind(guess))
	}
	tb.ok(Scan(tb.Card(guess).ID)) // seat 1's new stack: the very card the engine stood in
	if w := tb.Where(guess); w.Zone != InStack || w.Player != 0 || tb.Blind(guess) {
		t.Fatalf("the card read is at %+v (blind %v), want dealt to seat 1", w, tb.Blind(guess))
	}
	gone := tb.Discards()
	if len(gone) != 1 || gone[0] == guess || !tb.Blind(gone[0]) {
		t.Fatalf("the discard pile %v: want one new stand-in for the card picked up", gone)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestConfirmAs: a card the reader did not see is only "a card" to a plain
// confirmation, never a Ground; the dealer, who sees its face, names it.
// The real dealer on the messy table left hands unfinished, or named
// another winner, when a blind-confirmed card was a Ground, a Stop or a
// rider.
func TestConfirmAs(t *testing.T) {
	t.Run("If you receive one of these, you are immediately out.", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Move, Ground, Ground)
		tb.ok(ConfirmAs(Ground)) // seat 1's card, the reader gone
		in := tb.Next()
		if in.Action != ActLand || in.Player != 0 {
			t.Fatalf("after a Ground named for seat 1: %+v, want its Stop window", in)
		}
		tb.ok(StopClosed())
		if tb.Winner() != 1 {
			t.Fatalf("winner %d, want seat 2: seat 1 received a Ground", tb.Winner())
		}
		// A plain confirmation would have stood in the Hit: the Ground
		// never lands.
		plain := newObserved(t, 2, Hit, Move, Ground, Ground)
		plain.ok(Confirm())
		if in := plain.Next(); in.Action == ActLand {
			t.Fatalf("a plain confirmation dealt a Ground: %+v", in)
		}
	})
	t.Run("To Stop a Ground, play the Stop as the Ground is being dealt to you.", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Move, Ground, Ground)
		tb.ok(Scan(tb.id(Stop, 0))) // seat 1 is dealt the Stop
		tb.refused(ConfirmAs(Stop), RuleNoStopWindow)
		tb.ok(Scan(tb.id(Move, 0)))
		tb.ok(ConfirmAs(Ground)) // seat 1's Ground, unread
		tb.ok(Press(1))
		tb.ok(ConfirmAs(Stop)) // the Stop shown, unread too
		if tb.Winner() >= 0 || tb.Out(0) {
			t.Fatalf("seat 1 is out after its Stop (winner %d)", tb.Winner())
		}
	})
	t.Run("when the dealer reaches a player with a rider, they scan it", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Move, Stop, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Move, 0)))
		// Seat 1 plays the Hit on itself, unseen; the reader is gone as
		// the dealer comes round: "a Hit is here".
		tb.ok(ConfirmAs(Hit))
		hit := tb.index[tb.id(Hit, 0)]
		if w := tb.Where(hit); w.Zone != AsRider || w.Player != 0 || !tb.Blind(hit) {
			t.Fatalf("the Hit is at %+v (blind %v), want seat 1's rider, a stand-in", w, tb.Blind(hit))
		}
		if in := tb.Next(); in.Rider != Hit || in.Player != 0 || in.Action != ActDeal {
			t.Fatalf("after a Hit named at seat 1: %+v, want its deals", in)
		}
		// Named once cards are dealt, it is not this turn's rider.
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.refused(ConfirmAs(Skip), RuleCardNotExpected)
	})
	t.Run("If a player has more than one stack, you will deal one card into each. ... Extra stacks disappear once they are empty", func(t *testing.T) {
		tb := newObserved(t, 2, Split, Skip, Skip, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0)))  // seat 1
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 1
		tb.ok(Scan(tb.id(Move, 1)))  // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself
		tb.ok(Scan(tb.id(Move, 2)))  // seat 1, stack 1
		tb.ok(Scan(tb.id(Skip, 1)))  // seat 1, a new stack: its only card
		tb.ok(Confirm())             // the Split swept
		tb.ok(Scan(tb.id(Skip, 2)))  // seat 2, on a stack of three
		// The reader is gone as the dealer comes round to seat 1: "a Skip
		// is here". Either Skip on top of a stack could be it; taking
		// seat 1's second stack's only card would end that stack, and seat
		// 1 would be dealt a card fewer each pass if the guess is wrong.
		tb.ok(ConfirmAs(Skip))
		want := tb.index[tb.id(Skip, 2)]
		if w := tb.Where(want); w.Zone != AsRider || w.Player != 0 {
			t.Fatalf("%v is at %+v: want it stood in for the Skip shown at seat 1", tb.Card(want), w)
		}
		if n := tb.NumStacks(0); n != 2 {
			t.Fatalf("seat 1 has %d stacks, want its 2 kept", n)
		}
	})
	t.Run("a rider no faller could have played is refused", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Move, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Move, 0)))
		tb.refused(ConfirmAs(Split), RuleNamedCardUnknown) // none outside the deck
		tb.refused(ConfirmAs(Kind(200)), RuleBadEvent)
		tb.refused(ConfirmAs(Move), RuleCardNotExpected) // a Move is played on a rider, never shown as one
	})
	t.Run("Once you have hit the Ground, you can no longer play cards", func(t *testing.T) {
		// Seat 3 played its Split on seat 1 just after seat 1's turn, then
		// hit the ground: the Split is shown at seat 1's next turn, the
		// reader gone. Played before the Ground came, it is a card of seat
		// 3's all the same.
		tb := newObserved(t, 3, Move, Move, Split, Move, Move, Hit, Hit, Ground, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0)))  // seat 1
		tb.ok(Scan(tb.id(Move, 1)))  // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 3
		tb.ok(Scan(tb.id(Move, 2)))  // seat 1
		tb.ok(Scan(tb.id(Move, 3)))  // seat 2
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.ok(StopClosed()) // seat 3 is out
		tb.ok(ConfirmAs(Split))
		split := tb.index[tb.id(Split, 0)]
		if w := tb.Where(split); w.Zone != AsRider || w.Player != 0 {
			t.Fatalf("the Split is at %+v, want seat 1's rider", w)
		}
		if in := tb.Next(); in.Rider != Split || in.Player != 0 {
			t.Fatalf("after the Split named at seat 1: %+v, want its deals", in)
		}
	})
	t.Run("You can only pick up the top card of your stack.", func(t *testing.T) {
		// A Split is named at seat 1's turn. Seat 2's lies under a card
		// dealt since, seat 3's under the Ground that put seat 3 out: on
		// top until then, it could have been picked up and played just
		// before the Ground came. Seat 2's could only have been grabbed
		// before it was covered.
		tb := newObserved(t, 3, Move, Split, Split, Move, Move, Move, Move, Move, Ground, Ground, Ground)
		tb.ok(Scan(tb.id(Move, 0)))  // seat 1
		tb.ok(Scan(tb.id(Split, 0))) // seat 2
		tb.ok(Scan(tb.id(Split, 1))) // seat 3
		tb.ok(Scan(tb.id(Move, 1)))  // seat 1
		tb.ok(Scan(tb.id(Move, 2)))  // seat 2, on its Split
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.ok(StopClosed()) // seat 3 is out
		tb.ok(ConfirmAs(Split))
		if w := tb.Where(tb.index[tb.id(Split, 1)]); w.Zone != AsRider || w.Player != 0 {
			t.Fatalf("seat 3's Split is at %+v, want it stood in for seat 1's rider", w)
		}
	})
	t.Run("You may place a rider in front of any player, including yourself", func(t *testing.T) {
		// Seat 1's first card is dealt by hand, picked up unseen and
		// played on seat 1 itself: a Hit is named as seat 1's turn comes
		// round, and the engine knows of no Hit outside the deck. The
		// card dealt by hand was that Hit: whatever stood in for it, the
		// Hit is the rider, seat 1's stack is gone and a new one is
		// started.
		for _, c := range []struct {
			name  string
			kinds []Kind
		}{
			{"another card stood in", []Kind{Stop, Hit, Move, Move, Move, Ground, Ground}},
			{"the Hit stood in for itself", []Kind{Hit, Stop, Move, Move, Move, Ground, Ground}},
		} {
			t.Run(c.name, func(t *testing.T) {
				tb := newObserved(t, 2, c.kinds...)
				tb.ok(Confirm()) // seat 1, the reader gone
				tb.ok(Scan(tb.id(Move, 0)))
				tb.ok(ConfirmAs(Hit))
				hit, stop := tb.index[tb.id(Hit, 0)], tb.index[tb.id(Stop, 0)]
				if w := tb.Where(hit); w.Zone != AsRider || w.Player != 0 || !tb.Blind(hit) {
					t.Fatalf("the Hit is at %+v (blind %v), want seat 1's rider, a stand-in", w, tb.Blind(hit))
				}
				if w := tb.Where(stop); w.Zone != InDeck || tb.Blind(stop) {
					t.Fatalf("the Stop is at %+v (blind %v), want the deck", w, tb.Blind(stop))
				}
				if in := tb.Next(); in.Rider != Hit || in.Player != 0 || in.Action != ActDeal || in.Due != 2 || tb.NumStacks(0) != 0 {
					t.Fatalf("after the Hit named at seat 1: %+v, %d stacks; want two cards into a new stack", in, tb.NumStacks(0))
				}
				// Which Hit was shown the dealer did not read: once the
				// one named is no longer Blind (read again, played for
				// real), the deck is still partly a guess.
				if !tb.table.deckGuess {
					t.Fatal("the deck is not marked a guess: NextTurnsDeal would judge two at once on it")
				}
			})
		}
	})
	t.Run("Shuffle the rest of the cards, and put the Grounds at the bottom.", func(t *testing.T) {
		// Which Ground is dealt first the deck file cannot tell, so the
		// one a Ground named by hand stands in is a guess: read later
		// being dealt, it was still in the deck, and another Ground was
		// the one named.
		tb := newObserved(t, 3, Move, Move, Move, Ground, Ground, Ground)
		for i := range 3 {
			tb.ok(Scan(tb.id(Move, i)))
		}
		tb.ok(ConfirmAs(Ground)) // seat 1, the reader gone
		tb.ok(StopClosed())
		s := -1
		for c := range tb.NumCards() {
			if tb.Blind(c) {
				s = c
			}
		}
		if s < 0 || tb.Card(s).Kind != Ground || !tb.Out(0) {
			t.Fatalf("seat 1 out %v, stand-in %d: want seat 1 out on a Ground stood in", tb.Out(0), s)
		}
		tb.ok(Scan(tb.Card(s).ID)) // dealt to seat 2
		if n := tb.GroundsInDeck(); n != 1 {
			t.Fatalf("%d Grounds in the deck after the swap, want 1: the one read went back before it was dealt", n)
		}
		if in := tb.Next(); in.Action != ActLand || in.Player != 1 {
			t.Fatalf("after the Ground stood in was read dealt to seat 2: %+v, want seat 2's Ground landing", in)
		}
		tb.ok(StopClosed())
		if tb.Winner() != 2 {
			t.Fatalf("winner %d, want seat 3", tb.Winner())
		}
		if w := tb.Where(s); w.Player != 1 || tb.Blind(s) {
			t.Fatalf("the Ground read is at %+v (blind %v), want seat 2's, seen", w, tb.Blind(s))
		}
		var standIn []Place
		for c := range tb.NumCards() {
			if tb.Blind(c) && tb.Card(c).Kind == Ground {
				standIn = append(standIn, tb.Where(c))
			}
		}
		if len(standIn) != 1 || standIn[0].Player != 0 || standIn[0].Zone != InStack {
			t.Fatalf("Grounds standing in: %+v, want one, at seat 1", standIn)
		}
	})
	t.Run("The dealer keeps the Ground, and you discard the Stop.", func(t *testing.T) {
		// A Ground named by hand and Stopped goes back on the deck: no
		// place holds a guess any more (the deck holds the same cards), so
		// the Ground dealt next, read, is seen, and read again it is the
		// same card scanned twice, not one more Ground dealt to the next
		// seat (a Ground stood in, read being dealt, is swapped for
		// another since the deck keeps them in no order its file tells).
		tb := newObserved(t, 3, Stop, Move, Move, Hit, Hit, Hit, Hit, Ground, Ground, Ground)
		tb.ok(Scan(tb.id(Stop, 0))) // seat 1
		tb.ok(Scan(tb.id(Move, 0))) // seat 2
		tb.ok(Scan(tb.id(Move, 1))) // seat 3
		tb.ok(ConfirmAs(Ground))    // seat 1, the reader gone
		s := -1
		for c := range tb.NumCards() {
			if tb.Blind(c) {
				s = c
			}
		}
		tb.ok(Scan(tb.id(Stop, 0))) // seat 1 shows its Stop
		if w := tb.Where(s); w.Zone != InDeck || tb.Blind(s) {
			t.Fatalf("the Ground Stopped is at %+v, blind %v: want back on the deck, no guess", w, tb.Blind(s))
		}
		if !tb.NextTurnsDeal(tb.index[tb.id(Hit, 0)]) {
			t.Fatal("the deck is as seen after the Stop, but NextTurnsDeal is off")
		}
		tb.ok(Scan(tb.Card(s).ID)) // the Ground kept, dealt to seat 2
		tb.ok(StopClosed())        // seat 2 is out
		tb.refused(Scan(tb.Card(s).ID), RuleCardNotExpected)
		if in := tb.Next(); in.Action != ActDeal || in.Player != 2 || tb.Out(2) {
			t.Fatalf("after the Ground read again: %+v, seat 3 out %v; want seat 3's deal", in, tb.Out(2))
		}
	})
	t.Run("no Ground left in the deck", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Move, Stop)
		tb.refused(ConfirmAs(Ground), RuleNamedCardUnknown)
	})
}

// TestNotThereTakesBackARead: "Unknown card UID, the same card scanned
// twice, a card scanned that should not be there: a warning sound and
// message, the event is logged, the game state does not move"
// (product.md). A card on top of a stack, read again (or lying near the
// reader) as the next seat's turn begins, looks exactly like a rider its
// owner played there; the dealer, told to sweep a Skip that is not there,
// says so, and the read is taken back. Before, "not there" was refused and
// the seat was skipped.
func TestNotThereTakesBackARead(t *testing.T) {
	t.Run("a Skip read twice: the seat is dealt to after all", func(t *testing.T) {
		tb := newObserved(t, 3, Skip, Hit, Stop, Stop, Stop, Stop, Ground)
		skip := tb.id(Skip, 0)
		tb.ok(Scan(skip)) // dealt to seat 1
		before := snapshot(tb.Game)
		tb.ok(Scan(skip)) // read again as seat 2's turn begins
		if in := tb.Next(); in.Action != ActSweep || in.Player != 1 {
			t.Fatalf("the second read was not taken for a Skip played on seat 2: %+v", in)
		}
		tb.ok(StackGone()) // the dealer finds no Skip at seat 2
		inf := tb.Inferences()
		if last := inf[len(inf)-1]; last.Kind != InfReadTakenBack || tb.Card(last.Card).ID != skip || last.Player != 1 {
			t.Fatalf("the read is not named taken back: %+v", last)
		}
		if w := tb.Where(tb.index[skip]); w.Zone != InStack || w.Player != 0 {
			t.Fatalf("the Skip is at %+v, want seat 1's stack", w)
		}
		if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || !in.First {
			t.Fatalf("after the read was taken back: %+v, want seat 2's deal", in)
		}
		// The hand is as it was, but for the read's inference and the one
		// taking it back, which stay for whoever follows them.
		if k := inf[len(inf)-2].Kind; k != InfRiderPlayed {
			t.Fatalf("the read's own inference is gone: %+v", inf)
		}
		tb.Game.table.inferred = tb.Game.table.inferred[:len(inf)-2]
		if snapshot(tb.Game) != before {
			t.Fatal("the hand is not as it was before the read")
		}
	})
	t.Run("a Hit read where a new stack is due", func(t *testing.T) {
		tb := newObserved(t, 3, Hit, Move, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Hit, 0))) // seat 2 has no stack: a new one is due
		if in := tb.Next(); in.Rider != Hit || !in.NewStack {
			t.Fatalf("%+v, want the Hit's deals into a new stack", in)
		}
		tb.ok(StackGone())
		if in := tb.Next(); in.Rider != NoKind || in.Player != 1 || in.Due != 1 {
			t.Fatalf("%+v, want seat 2's one card", in)
		}
	})
	t.Run("once a card of the address is down, not there is about a stack", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Hit, Stop, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Skip, 0))) // seat 1
		tb.ok(Scan(tb.id(Hit, 0)))  // seat 2
		tb.ok(Scan(tb.id(Stop, 0))) // seat 1, second pass
		tb.ok(Scan(tb.id(Hit, 0)))  // seat 2's own Hit, played on itself
		tb.ok(Scan(tb.id(Stop, 1))) // the first of its deals
		tb.ok(StackGone())
		if k := tb.Inferences()[len(tb.Inferences())-1].Kind; k == InfReadTakenBack {
			t.Fatal("a read taken back after the address dealt a card")
		}
	})
	t.Run("a Skip really there: told to sweep it, the dealer sweeps", func(t *testing.T) {
		tb := newObserved(t, 3, Skip, Hit, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Confirm()) // the sweep: nothing is taken back
		if w := tb.Where(tb.index[tb.id(Skip, 0)]); w.Zone != InDiscard {
			t.Fatalf("the Skip is at %+v, want swept", w)
		}
		tb.refused(StackGone(), RuleCardNotExpected)
	})
}

// kept is the hand as it was before a read: its state and digest, and how
// many inferences it had made.
type kept struct {
	state    string
	inferred int
}

func (tb *table) keep() kept {
	return kept{snapshot(tb.Game) + fmt.Sprint(tb.Digest()), len(tb.Inferences())}
}

// misread is the dealer's "misread" said of card id, the read to take back,
// taken at player p's turn: it must be named taken back and leave the hand
// exactly as it was before the read, but for the inferences, which keep
// the read's and add the take back.
func (tb *table) misread(t *testing.T, id string, p int, before kept) {
	t.Helper()
	if got, ok := tb.ReadToTakeBack(); !ok || got != id {
		t.Fatalf("ReadToTakeBack = %q, %v, want %s", got, ok, id)
	}
	tb.ok(NotThereRead(id))
	inf := tb.Inferences()
	if last := inf[len(inf)-1]; last.Kind != InfReadTakenBack || tb.Card(last.Card).ID != id || last.Player != p {
		t.Fatalf("the read is not named taken back: %+v", last)
	}
	was := tb.Clone()
	was.table.inferred = was.table.inferred[:before.inferred]
	if (kept{snapshot(was) + fmt.Sprint(was.Digest()), before.inferred}) != before {
		t.Fatal("the hand is not as it was before the read")
	}
}

// TestNotThereRead: "a card scanned that should not be there: a warning
// sound and message, the event is logged, the game state does not move"
// (product.md). A card on top of a stack read again as the next seat's
// turn begins is taken for a rider played there; where the light then deals
// into a stack that is there, the dealer's "not there" says that stack is
// gone (a stack's last card picked up unseen, the common case), so the
// dealer says "misread" instead: the read is named (NotThereRead, the card
// ReadToTakeBack gives) and taken back.
func TestNotThereRead(t *testing.T) {
	// Seat 1 holds [Stop, Hit] and seat 2 [Stop]; the Hit, read again as
	// seat 2's turn begins, is taken for a Hit seat 1 played on seat 2,
	// whose two cards go into its stack.
	setup := func(t *testing.T) (tb *table, hit string, before kept) {
		tb = newObserved(t, 2, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground)
		hit = tb.id(Hit, 0)
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.ok(Scan(hit))
		before = tb.keep()
		tb.ok(Scan(hit))
		if in := tb.Next(); in.Rider != Hit || in.Player != 1 || in.Action != ActDeal || in.NewStack || in.Stack != 0 {
			t.Fatalf("the second read was not taken for a Hit dealt into seat 2's stack: %+v", in)
		}
		return tb, hit, before
	}
	t.Run("named, the read is taken back", func(t *testing.T) {
		tb, hit, before := setup(t)
		tb.misread(t, hit, 1, before)
		// Read again (it still lies near the reader): taken back again.
		tb.ok(Scan(hit))
		tb.ok(NotThereRead(hit))
		if in := tb.Next(); in.Rider != NoKind || in.Player != 1 {
			t.Fatalf("read again and taken back again: %+v", in)
		}
	})
	t.Run("not there is the stack", func(t *testing.T) {
		// Logs of entry schema 2 replay exactly: there it was the stack.
		tb, _, _ := setup(t)
		tb.ok(StackGone())
		if k := tb.Inferences()[len(tb.Inferences())-1].Kind; k != InfStackGone {
			t.Fatalf("not there took the read back: %+v", tb.Inferences())
		}
	})
	t.Run("another card, or none to take back, is refused", func(t *testing.T) {
		tb, hit, _ := setup(t)
		tb.refused(NotThereRead(tb.id(Stop, 0)), RuleCardNotExpected)
		tb.ok(Scan(tb.id(Stop, 2))) // the Hit's first card: the address is under way
		tb.refused(NotThereRead(hit), RuleCardNotExpected)
		if id, ok := tb.ReadToTakeBack(); ok {
			t.Fatalf("ReadToTakeBack once a card is down = %q", id)
		}
	})
}

// TestMisreadThroughItsSweep: a stray Skip read as seat 2's turn begins is
// swept by the dealer on the beat, which may come before the dealer has
// said misread ("a card scanned that should not be there: ... the game
// state does not move", product.md): the misread still takes the read back,
// sweep and all. Anything else since (a card dealt) ends that, and a plain
// "not there" (entry schema 2) never reached past the sweep.
func TestMisreadThroughItsSweep(t *testing.T) {
	setup := func(t *testing.T) (*table, string, kept) {
		tb := newObserved(t, 3, Skip, Hit, Stop, Stop, Stop, Stop, Ground)
		skip := tb.id(Skip, 0)
		tb.ok(Scan(skip)) // dealt to seat 1
		before := tb.keep()
		tb.ok(Scan(skip)) // read again as seat 2's turn begins
		if in := tb.Next(); in.Action != ActSweep || in.Player != 1 {
			t.Fatalf("the read was not taken for a Skip on seat 2: %+v", in)
		}
		tb.ok(Confirm()) // the dealer's sweep on the beat
		if in := tb.Next(); in.Player != 2 {
			t.Fatalf("after the sweep: %+v, want seat 3's turn", in)
		}
		return tb, skip, before
	}
	t.Run("misread after the sweep", func(t *testing.T) {
		tb, skip, before := setup(t)
		tb.misread(t, skip, 1, before)
		if in := tb.Next(); in.Action != ActDeal || in.Player != 1 || !in.First {
			t.Fatalf("after the read was taken back: %+v, want seat 2's deal", in)
		}
	})
	t.Run("misread after a button pressed", func(t *testing.T) {
		// A faller mashing their button moves nothing: the read can still
		// be taken back.
		tb, skip, before := setup(t)
		tb.ok(Press(3))
		tb.misread(t, skip, 1, before)
	})
	t.Run("not after a card dealt", func(t *testing.T) {
		tb, skip, _ := setup(t)
		tb.ok(Scan(tb.id(Stop, 0))) // seat 3's card
		tb.refused(NotThereRead(skip), RuleCardNotExpected)
	})
	t.Run("not there does not reach past the sweep", func(t *testing.T) {
		tb, _, _ := setup(t)
		before := snapshot(tb.Game)
		if err := tb.Apply(StackGone()); err == nil {
			t.Fatal("not there after the sweep was taken")
		}
		if snapshot(tb.Game) != before {
			t.Fatal("a refused not there moved the hand")
		}
	})
}

// TestNotThereHeldExtra: "To play an Extra, lay it on top of the rider you
// wish to modify, overlapping it so the dealer can still read both cards":
// read first, an Extra is held for the rider to come, and moves nothing.
// Read at a seat with no rider (a stray card, or one read again), the
// dealer finds neither there and says "misread": the read is taken back,
// the seat's turn not begun ("a card scanned that should not be there: ...
// the game state does not move", product.md). Before, it was taken
// silently.
func TestNotThereHeldExtra(t *testing.T) {
	seat1Extra := func(t *testing.T) (*table, string, kept) {
		tb := newObserved(t, 2, Extra, Hit, Stop, Stop, Stop, Stop, Ground, Ground)
		extra := tb.id(Extra, 0)
		tb.ok(Scan(extra))         // dealt to seat 1
		tb.ok(Scan(tb.id(Hit, 0))) // seat 2
		before := tb.keep()
		tb.ok(Scan(extra)) // read again as seat 1's turn begins: held
		if w := tb.Where(tb.index[extra]); w.Zone != InStack {
			t.Fatalf("the Extra moved to %+v", w)
		}
		return tb, extra, before
	}
	t.Run("misread", func(t *testing.T) {
		tb, extra, before := seat1Extra(t)
		tb.misread(t, extra, 0, before)
	})
	t.Run("not there keeps its meaning", func(t *testing.T) {
		// A plain StackGone (entry schema 2) never took back a held Extra.
		tb, _, _ := seat1Extra(t)
		tb.ok(StackGone())
		if k := tb.Inferences()[len(tb.Inferences())-1].Kind; k != InfStackGone {
			t.Fatalf("not there took a held Extra back: %+v", tb.Inferences())
		}
	})
	t.Run("its rider read next", func(t *testing.T) {
		// The Extra goes on it, and the read to take back is the rider's.
		tb, extra, _ := seat1Extra(t)
		hit := tb.id(Hit, 0)
		tb.ok(Scan(hit)) // seat 2's Hit played on seat 1, the Extra on it
		if xs := tb.Extras(0); len(xs) != 1 || tb.Card(xs[0]).ID != extra {
			t.Fatalf("the Extra is not on the Hit: %v", xs)
		}
		if id, ok := tb.ReadToTakeBack(); !ok || id != hit {
			t.Fatalf("ReadToTakeBack = %q, %v, want the Hit", id, ok)
		}
	})
}

// TestNotThereRiderOnHeldExtra: the Extra read first is held, then a rider
// read takes it on ("Once played, it is attached to that rider"). The
// dealer finds no rider there: "misread" takes back that read, the
// rider's, and only it ("a card scanned that should not be there: ... the
// game state does not move", product.md). The hand is exactly as it was
// before the rider was read, the Extra still held for a rider to come.
func TestNotThereRiderOnHeldExtra(t *testing.T) {
	tb := newObserved(t, 2, Extra, Hit, Stop, Stop, Stop, Stop, Ground, Ground)
	extra, hit := tb.id(Extra, 0), tb.id(Hit, 0)
	tb.ok(Scan(extra))
	tb.ok(Scan(hit)) // seat 2
	tb.ok(Scan(extra))
	before := tb.keep()
	tb.ok(Scan(hit)) // a stray read: nothing lies on the Extra
	n := before.inferred
	if inf := tb.Inferences(); len(inf) != n+2 || inf[n].Kind != InfRiderPlayed || inf[n+1].Kind != InfExtraPlayed {
		t.Fatalf("inferred %+v, want the Hit and the Extra played", inf[n:])
	}
	tb.misread(t, hit, 0, before)
	if !tb.Shown(tb.index[extra]) || tb.Where(tb.index[extra]).Zone != InStack || tb.Rider(0) >= 0 {
		t.Fatalf("the Extra is not held for a rider to come: shown %v, at %+v, rider %d", tb.Shown(tb.index[extra]), tb.Where(tb.index[extra]), tb.Rider(0))
	}
}

// TestBlindStandInReadAsTheNextDeal: a deal confirmed by hand stands in a
// deck card whose identity is a guess ("the engine stood in a deck card
// whose identity is not known"). Read as the next seat's turn begins, while
// a card is due there, that card is far likelier the deal in the dealer's
// hand than the guess come true and played at once as a rider: it is the
// deal, and another card stands in (as TestBlindStandInReadLater, mid-turn).
// The messy table found it taken for a rider played there, and the
// assistant a seat behind.
func TestBlindStandInReadAsTheNextDeal(t *testing.T) {
	tb := newObserved(t, 2, Hit, Stop, Move, Stop, Stop, Stop, Ground, Ground)
	tb.ok(Confirm()) // seat 1's card, unread: the engine stands in the Hit
	hit := tb.index[tb.id(Hit, 0)]
	if !tb.Blind(hit) {
		t.Fatalf("the stand-in is not the Hit: %+v", tb.Inferences())
	}
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Hit, 0))) // the Hit, dealt to seat 1 on the second pass
	if w := tb.Where(hit); w.Zone != InStack || w.Player != 0 || tb.Blind(hit) {
		t.Fatalf("the Hit is at %+v (blind %v), want dealt to seat 1", w, tb.Blind(hit))
	}
	if tb.NumStacks(0) != 1 || len(tb.Stack(0, 0)) != 2 {
		t.Fatalf("seat 1 has %s, want two cards in one stack", tb.kinds(0))
	}
}

// pickedUpAtSeat1 is a two-faller hand on kinds where seat 1's card dealt
// by hand is said picked up, and seat 2 is dealt its card: seat 1's turn
// comes next, and a rider read from the deck then may be that card shown.
func pickedUpAtSeat1(t *testing.T, kinds []Kind) *table {
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())   // seat 1, by hand
	tb.ok(NotOnTop(1)) // picked up
	tb.ok(Scan(tb.id(Move, 1)))
	return tb
}

// TestMisreadHeldDealShown: "Riders: when the dealer reaches a player with
// a rider, they scan it; the assistant shows and sounds what to do (Hit:
// two into each stack ...)" (product.md). While seat 1's card dealt by hand
// is said picked up, the dealer holds a Hit read from the deck as seat 1's
// turn begins: a card shown is followed at once by its deal. The next card
// came at once, the second of two dealt at once, so the dealer's hold told
// the Hit as a card shown (Identify, then the read) and that card as the
// Hit's first. The screen shows seat 1 a Hit the dealer does not see there,
// and asks for its second card: the dealer says misread. The Hit is seat
// 1's deal after all, and the card read after it the next seat's deal, as
// if the hold had judged the Hit dealt. A card read again (known on top of
// a stack) is not offered once a card is down (TestNotThereRead).
//
// So with an Extra ("To play an Extra, lay it on top of the rider you wish
// to modify"): taken for one shown, it waits for its rider, the next card
// seat 1's deal; seat 1 has none, the screen asks for it, and the dealer
// says misread.
func TestMisreadHeldDealShown(t *testing.T) {
	for _, k := range []Kind{Hit, Extra} {
		t.Run(k.String(), func(t *testing.T) {
			kinds := []Kind{Move, Move, Move, Move, k, Move, Move, Move, Move, Ground, Ground}
			tb, ref := pickedUpAtSeat1(t, kinds), pickedUpAtSeat1(t, kinds)
			held, next := tb.id(k, 0), tb.id(Move, 2)
			c, _ := tb.CardIndex(held)
			if got := tb.PlayedUnseen(c); got != 1 {
				t.Fatalf("PlayedUnseen(%s) = seat %d, want seat 1 (the dealer holds it)", held, got)
			}
			tb.ok(Identify(1, held))
			tb.ok(Scan(held))
			tb.ok(Scan(next))
			if in := tb.Next(); k == Hit && (in.Player != 0 || in.Action != ActDeal || in.Rider != Hit) {
				t.Fatalf("after the Hit told as shown and the next card: %+v, want seat 1's Hit's second card", in)
			}
			if got, ok := tb.ReadToTakeBack(); !ok || got != held {
				t.Fatalf("ReadToTakeBack = %q, %v, want %s", got, ok, held)
			}
			tb.ok(NotThereRead(held))
			ref.ok(ScanDealt(held))
			ref.ok(ScanDealt(next))
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the misread:\n%s\njudged dealt in its time:\n%s", got, want)
			}
			if tb.Next() != ref.Next() {
				t.Fatalf("after the misread the light asks %+v, want %+v", tb.Next(), ref.Next())
			}
			if inf(tb, InfDealtAfterAll) != c {
				t.Fatalf("%s is not named dealt after all: %+v", held, tb.Inferences())
			}
			// Nothing left to take back: a second misread is refused.
			tb.refused(NotThereRead(held), RuleCardNotExpected)
		})
	}
}

// TestMisreadHeldRiderJudgedDealt: "HIT: After dealing normally, deal a
// second card into each of this player's stacks." While seat 1's card
// dealt by hand is said picked up, the dealer holds a Hit read from the
// deck as seat 1's turn begins; its faller had played it there, and the
// dealer dealt seat 1's card without scanning it, so no read followed and
// the hold judged the Hit the deal (ScanDealt). The light goes on to seat
// 2 while the dealer, who showed a Hit, still owes seat 1 two cards: the
// dealer says misread. The Hit is a card shown after all, as if the hold
// had judged it so (Identify, then the read), and the light asks again
// for seat 1's cards, the first of them the one the dealer then confirms
// by hand. The mirror of TestMisreadHeldDealShown.
func TestMisreadHeldRiderJudgedDealt(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Hit, Move, Move, Move, Move, Ground, Ground}
	tb, ref := pickedUpAtSeat1(t, kinds), pickedUpAtSeat1(t, kinds)
	hit := tb.id(Hit, 0)
	c, _ := tb.CardIndex(hit)
	if got := tb.PlayedUnseen(c); got != 1 {
		t.Fatalf("PlayedUnseen(the Hit) = seat %d, want seat 1 (the dealer holds it)", got)
	}
	tb.ok(ScanDealt(hit))
	judged := cards(tb.Game)
	if in := tb.Next(); in.Player != 1 {
		t.Fatalf("after the Hit judged dealt: %+v, want seat 2's deal", in)
	}
	if got, ok := tb.ReadToTakeBack(); !ok || got != hit {
		t.Fatalf("ReadToTakeBack = %q, %v, want %s", got, ok, hit)
	}
	tb.ok(NotThereRead(hit))
	ref.ok(Identify(1, hit))
	ref.ok(Scan(hit))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("after the misread:\n%s\nshown in its time:\n%s", got, want)
	}
	if in := tb.Next(); in != ref.Next() || in.Player != 0 || in.Rider != Hit || in.Due != 2 {
		t.Fatalf("after the misread the light asks %+v, want seat 1's two cards for its Hit (%+v)", in, ref.Next())
	}
	if inf(tb, InfShownAfterAll) != c {
		t.Fatalf("the Hit is not named shown after all: %+v", tb.Inferences())
	}
	// The deal it hid, confirmed by hand, and the Hit's second card read.
	for _, g := range []*table{tb, ref} {
		g.ok(Confirm())
		g.ok(Scan(g.id(Move, 2)))
	}
	if got, want := cards(tb.Game), cards(ref.Game); got != want || tb.Next() != ref.Next() {
		t.Fatalf("after seat 1's cards:\n%s\nshown in its time:\n%s", got, want)
	}

	// Said again at once, the misread takes the card shown back: judged
	// dealt, as the hold had it.
	tb2 := pickedUpAtSeat1(t, kinds)
	tb2.ok(ScanDealt(hit))
	tb2.ok(NotThereRead(hit))
	tb2.ok(NotThereRead(hit))
	if got := cards(tb2.Game); got != judged {
		t.Fatalf("after two misreads:\n%s\njudged dealt:\n%s", got, judged)
	}
}

// TestMisreadJudgedDealtRefused: a misread is said only of a read the
// hold judged dealt that could have been a card dealt by hand shown as
// the turn began; of any other deal it is refused with nothing changed.
func TestMisreadJudgedDealtRefused(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Hit, Move, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	hit := tb.id(Hit, 0)
	// No card dealt by hand: the Hit judged dealt is a deal like any.
	tb.ok(ScanDealt(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(ScanDealt(hit))
	before := cards(tb.Game)
	if got, ok := tb.ReadToTakeBack(); ok {
		t.Fatalf("ReadToTakeBack = %q, want none", got)
	}
	tb.refused(NotThereRead(hit), RuleCardNotExpected)
	if got := cards(tb.Game); got != before {
		t.Fatalf("the refused misread changed the hand:\n%s\nwas:\n%s", got, before)
	}
	// Nor once another card followed.
	tb2 := pickedUpAtSeat1(t, kinds)
	tb2.ok(ScanDealt(hit))
	tb2.ok(Scan(tb2.id(Move, 2)))
	tb2.refused(NotThereRead(hit), RuleCardNotExpected)
}

// TestShownTakenBack: the misread said again of a card it made shown
// after all takes that back (TestMisreadHeldRiderJudgedDealt): the read is
// the deal the hold judged it, no stray card, and whoever follows the
// inferences (the dealer's warning, the audit's record, review) must tell
// the two apart. Any other read taken back was taken for a card played.
func TestShownTakenBack(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Hit, Move, Move, Move, Move, Ground, Ground}
	for _, tc := range []struct {
		name   string
		events func(tb *table) []Event
		want   bool
	}{
		{"said again", func(tb *table) []Event {
			return []Event{ScanDealt(tb.id(Hit, 0)), NotThereRead(tb.id(Hit, 0)), NotThereRead(tb.id(Hit, 0))}
		}, true},
		{"a card shown taken back", func(tb *table) []Event {
			return []Event{Identify(1, tb.id(Hit, 0)), Scan(tb.id(Hit, 0)), NotThereRead(tb.id(Hit, 0))}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, kinds...)
			tb.ok(Confirm())
			tb.ok(NotOnTop(1))
			tb.ok(Scan(tb.id(Move, 1)))
			for _, e := range tc.events(tb) {
				tb.ok(e)
			}
			inf := tb.Inferences()
			i := len(inf) - 1
			for i >= 0 && inf[i].Kind != InfReadTakenBack {
				i--
			}
			if i < 0 {
				t.Fatalf("no read taken back: %+v", inf)
			}
			if got := ShownTakenBack(inf, i); got != tc.want {
				t.Fatalf("ShownTakenBack = %v, want %v: %+v", got, tc.want, inf)
			}
			if ShownTakenBack(inf, i-1) || ShownTakenBack(inf, len(inf)) {
				t.Fatal("ShownTakenBack of no read taken back")
			}
		})
	}
}

// TestUnblindLeavesANamedRiderInTheDiscard: "A scanned card still in the
// deck is a deal to the place the dealer was told", and a card read being
// dealt long ago is not in the deck. The discard pile holds stand-ins for
// riders named by hand ("a Skip is here", "a Chute is here"), and such a
// stand-in may be a card read being dealt: swept by the dealer (a Skip) or
// gone unseen when its seat was dealt to (a Chute), then read again while
// seat 1 is dealt to (the dealer's hand passing the pile over the reader),
// it is a second read, refused as before 5f72c51. Taken for the deal, the
// light moved on with the seat's real card still to come, and a deck card
// of any kind took the named rider's place in the pile. Only a stand-in
// gone with a stack said not there (TestBlindStandInReadAfterItsStackWasGone)
// was a card dealt by hand and never seen.
func TestUnblindLeavesANamedRiderInTheDiscard(t *testing.T) {
	for _, k := range []Kind{Skip, Chute} {
		t.Run(k.String(), func(t *testing.T) {
			tb := newObserved(t, 2, Split, k, k, k, Move, Move, Move, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Scan(tb.id(Move, 0)))  // seat 1
			tb.ok(Scan(tb.id(k, 0)))     // seat 2
			tb.ok(Scan(tb.id(Split, 0))) // seat 1
			tb.ok(Scan(tb.id(Move, 1)))  // seat 2
			tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself
			tb.ok(Scan(tb.id(Move, 2)))  // seat 1, stack 1
			tb.ok(Scan(tb.id(k, 1)))     // seat 1, a new stack: read being dealt
			tb.ok(Confirm())             // the Split swept
			read := tb.index[tb.id(k, 1)]
			n := 3
			if k == Skip {
				tb.ok(Scan(tb.id(k, 2))) // seat 2
				read = tb.index[tb.id(k, 2)]
				tb.ok(ConfirmAs(k)) // "a Skip is here" at seat 1, the reader gone
				tb.ok(Confirm())    // the dealer sweeps it
			} else {
				tb.ok(Scan(tb.id(Move, 3))) // seat 2
				tb.ok(Scan(tb.id(Move, 4))) // seat 1
				tb.ok(Scan(tb.id(Move, 5))) // seat 1
				tb.ok(ConfirmAs(k))         // "a Chute is here" at seat 2, the reader gone
				tb.ok(Confirm())            // left there
				tb.ok(Scan(tb.id(Move, 6))) // seat 1
				tb.ok(Scan(tb.id(Move, 7))) // seat 1
				tb.ok(Scan(tb.id(Move, 8))) // seat 2 dealt to: its Chute gone unseen
				n = 9
			}
			if w := tb.Where(read); w.Zone != InDiscard || !tb.Blind(read) {
				t.Fatalf("%v is at %+v (blind %v), want the named %v's stand-in in the discard pile", tb.Card(read), w, tb.Blind(read), k)
			}
			for tb.Next().Player != 0 || tb.Next().First {
				tb.ok(Scan(tb.id(Move, n)))
				n++
			}
			discard := append([]int(nil), tb.Discards()...)
			tb.refused(Scan(tb.Card(read).ID), RuleCardNotExpected)
			if w := tb.Where(read); w.Zone != InDiscard {
				t.Errorf("%v read again is at %+v, want left in the discard pile", tb.Card(read), w)
			}
			if got := tb.Discards(); len(got) != len(discard) {
				t.Errorf("discard pile %v, was %v", got, discard)
			}
			if err := tb.Check(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
