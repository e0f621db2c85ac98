package game

import "testing"

// TestRiderShownFromTheDeck: "These are instruction cards, which must be
// played horizontally between a player and the dealer", while the dealer
// deals "face up into stacks in front of each player ... (Stacks are
// oriented vertically.)" Two cards dealt unscanned, one to each of two
// fallers, leave the light a whole pass behind and looking right, and the
// dealer says nothing. One of them picked up and played as its faller's
// rider, read as their turn begins, is a card the engine believes in the
// deck: it takes it for the deal, and the light goes on while the dealer
// still owes the seat its Hit. The dealer sees the Hit lying as a rider,
// not in a stack, and says misread: it is that seat's rider, gone from the
// deck unread (game.InfShownAfterAll from the deck), and the light asks
// for the Hit's two cards. Said again at once, the misread takes that back:
// the deal, as first taken. Before, the misread was refused, and the
// assistant stayed a seat behind (messy TestRiderShownFromTheDeck).
func TestRiderShownFromTheDeck(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Hit, Move, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	hit := tb.id(Hit, 0)
	c, _ := tb.CardIndex(hit)
	tb.ok(Scan(tb.id(Move, 0)))
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(hit)) // seat 1's turn begins: taken for its deal
	dealt := cards(tb.Game)
	misreadMakesItTheRider(t, tb, hit, 0)
	if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Rider != Hit || in.Due != 2 {
		t.Fatalf("after the misread the light asks %+v, want seat 1's two cards for its Hit", in)
	}
	if inf(tb, InfShownAfterAll) != c {
		t.Fatalf("the Hit is not named shown after all: %+v", tb.Inferences())
	}
	if x := tb.Inferences()[len(tb.Inferences())-1]; x.From.Zone != InDeck {
		t.Fatalf("the Hit shown after all is from %+v, want the deck", x.From)
	}
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Scan(tb.id(Move, 3)))
	if in := tb.Next(); in.Player != 0 || in.Action != ActSweep {
		t.Fatalf("after the Hit's two cards the light asks %+v, want seat 1's Hit swept", in)
	}

	// Said again at once, the misread takes the rider back: the deal.
	tb2 := newObserved(t, 2, kinds...)
	tb2.ok(Scan(tb2.id(Move, 0)))
	tb2.ok(Scan(tb2.id(Move, 1)))
	tb2.ok(Scan(hit))
	tb2.ok(NotThereRead(hit))
	tb2.ok(NotThereRead(hit))
	if got := cards(tb2.Game); got != dealt {
		t.Fatalf("after two misreads:\n%s\ntaken for the deal:\n%s", got, dealt)
	}
}

// TestRiderShownFromTheDeckRefused: the misread makes a rider read from the
// deck shown only where the screen dealt it as a seat's turn began, that
// seat without a rider ("A player can never have more than one rider at a
// time"), and before anything else is read; otherwise it is refused with
// nothing changed.
func TestRiderShownFromTheDeckRefused(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Hit, Hit, Move, Move, Move, Move, Ground, Ground}
	for _, tc := range []struct {
		name   string
		events func(tb *table) []Event
	}{
		{"a plain card", func(tb *table) []Event {
			return []Event{Scan(tb.id(Move, 0)), Scan(tb.id(Move, 1)), Scan(tb.id(Move, 2))}
		}},
		{"another card read since", func(tb *table) []Event {
			return []Event{Scan(tb.id(Move, 0)), Scan(tb.id(Move, 1)), Scan(tb.id(Hit, 0)), Scan(tb.id(Move, 2))}
		}},
		{"the seat's rider shown", func(tb *table) []Event {
			return []Event{Scan(tb.id(Move, 0)), Scan(tb.id(Move, 1)), Scan(tb.id(Hit, 0)), NotThereRead(tb.id(Hit, 0)), Scan(tb.id(Hit, 1))}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, kinds...)
			evs := tc.events(tb)
			for _, e := range evs {
				tb.ok(e)
			}
			before := cards(tb.Game)
			if got, ok := tb.ReadToTakeBack(); ok {
				t.Fatalf("ReadToTakeBack = %q, want none", got)
			}
			tb.refused(NotThereRead(evs[len(evs)-1].Card), RuleCardNotExpected)
			if got := cards(tb.Game); got != before {
				t.Fatalf("the refused misread changed the hand:\n%s\nwas:\n%s", got, before)
			}
		})
	}
}

// TestRiderShownFromItsStandIn: "SKIP: Deal no cards to this player. (And
// sweep away the Skip.)" Seat 1's card dealt by hand, covered by its next
// deal before it could be asked for, is a Skip's stand-in: the Skip, as the
// engine has it, lies buried in seat 1's stack, where the real card dealt
// by hand lies is unknown. That card was the Skip itself, picked up once
// the card on it was gone and played as seat 1's own rider: read as seat
// 1's turn begins, the engine takes it for the deal (a card read being
// dealt while its stand-in lies in a stack), another card standing in, and
// the light goes on to seat 2 with no sweep asked. The dealer, who sees the
// Skip lying as a rider, says misread: it is seat 1's rider after all, shown
// from its stand-in's place, and the light asks for its sweep. Before, the
// misread was refused, as for a card the engine did not believe in the deck
// (messy TestSkipShownFromTheDeck: classic and french seed 1004589).
func TestRiderShownFromItsStandIn(t *testing.T) {
	tb := newObserved(t, 2, Skip, Move, Move, Move, Move, Move, Move, Move, Ground, Ground)
	skip := tb.id(Skip, 0)
	c, _ := tb.CardIndex(skip)
	tb.ok(Confirm()) // seat 1, by hand: the Skip stands in
	if tb.Top(0, 0) != c || !tb.Blind(c) {
		t.Fatalf("seat 1's card dealt by hand is %v, want the Skip standing in", tb.Card(tb.Top(0, 0)))
	}
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Scan(tb.id(Move, 1))) // seat 1: covers it
	tb.ok(Scan(tb.id(Move, 2))) // seat 2
	tb.ok(Scan(skip))           // seat 1's turn begins: taken for its deal
	if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("the Skip read is at %+v, want taken for seat 1's deal", w)
	}
	if in := tb.Next(); in.Player != 1 {
		t.Fatalf("after the Skip taken for a deal the light asks %+v, want seat 2's deal", in)
	}
	misreadMakesItTheRider(t, tb, skip, 0)
	if in := tb.Next(); in.Action != ActSweep || in.Player != 0 || !in.SweepRider {
		t.Fatalf("after the misread the light asks %+v, want seat 1's Skip swept", in)
	}
	x := tb.Inferences()[len(tb.Inferences())-1]
	if x.Kind != InfShownAfterAll || x.Card != c || x.From.Zone != InStack || x.From.Player != 0 {
		t.Fatalf("the last inference is %+v, want the Skip shown after all from seat 1's stack", x)
	}
}

// TestRiderShownFromTheDeckAfterUnscanned: "These are instruction cards,
// which must be played horizontally between a player and the dealer", and
// "HIT: After dealing normally, deal a second card into each of this
// player's stacks." Seat 1's Hit's second card is dealt unscanned; the
// Skip read next, never read before and so in the deck on the record, is
// taken for that card. The dealer says "unscanned" of it: the card dealt
// unscanned is seat 1's, the Hit is swept, and the Skip, read again as
// seat 2's turn begins, is taken for seat 2's deal. But it lies as seat
// 2's rider: the misread makes it so, the Hit's sweep still confirmed, the
// light asking for the Skip's sweep. Before, the hand kept right after the
// card dealt unscanned still owed the Hit's sweep, and a read again after
// "unscanned" was never offered: the light ran a seat behind.
func TestRiderShownFromTheDeckAfterUnscanned(t *testing.T) {
	kinds := []Kind{Hit, Move, Move, Move, Skip, Move, Move, Move, Move, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	hit, skip := tb.id(Hit, 0), tb.id(Skip, 0)
	tb.ok(Scan(hit))            // seat 1
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(Scan(hit))            // seat 1's turn: its Hit shown
	tb.ok(Scan(tb.id(Move, 1))) // the Hit's first card; its second dealt unscanned
	tb.ok(Scan(skip))           // shown at seat 2's turn: taken for seat 1's second card
	tb.ok(DealtUnscanned(skip))
	misreadMakesItTheRider(t, tb, skip, 1)
	if h, _ := tb.CardIndex(hit); tb.Where(h).Zone == AsRider {
		t.Fatalf("seat 1's Hit is still its rider: its sweep was not confirmed")
	}
	if in := tb.Next(); in.Player != 1 || in.Rider != Skip || (in.Action != ActSweep && in.Action != ActPass) {
		t.Fatalf("after the misread the light asks %+v, want seat 2's Skip swept", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}

// misreadMakesItTheRider checks that the rider id, just read, was taken for
// player p's deal, that the screen offers its misread, and that the
// misread makes it p's rider.
func misreadMakesItTheRider(t *testing.T, tb *table, id string, p int) {
	t.Helper()
	c, _ := tb.CardIndex(id)
	if w := tb.Where(c); w.Zone != InStack || w.Player != p {
		t.Fatalf("%s read is at %+v, want taken for player %d's deal", id, w, p)
	}
	if got, ok := tb.ReadToTakeBack(); !ok || got != id {
		t.Fatalf("ReadToTakeBack = %q, %v, want %s", got, ok, id)
	}
	tb.ok(NotThereRead(id))
	if w := tb.Where(c); w.Zone != AsRider || w.Player != p {
		t.Fatalf("after the misread %s is at %+v, want player %d's rider", id, w, p)
	}
}

// TestRiderShownFromAPickedUpStandIn: "Once you are holding a card, you
// may play it right away, or you may keep holding it", and "You may place
// a rider in front of any player." Seat 1's card dealt by hand, the Skip
// (the engine's stand-in another card), was picked up, and the dealer said
// so (n); seat 1 played it as seat 2's rider. Read as seat 2's turn
// begins, it is a card the engine believes in the deck, taken for the
// deal; the dealer, who sees it lying as a rider, says misread. It was
// the card picked up, not one that left the deck unread where no light
// lagged: it takes the stand-in's place, and the stand-in goes back to
// the deck, whose count stays right. Before, the stand-in stayed and the
// deck was counted a card short, and a card dealt by hand later was taken
// for a Ground where the table had cards left (real dealer, official
// seed 293 with the reader gone, 387 with a card dealt unscanned on the
// three rule sets: the table declared the winner).
func TestRiderShownFromAPickedUpStandIn(t *testing.T) {
	tb := newObserved(t, 2, Move, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
	skip := tb.id(Skip, 0)
	c, _ := tb.CardIndex(skip)
	tb.ok(Confirm()) // seat 1, by hand: another card stands in
	if tb.Blind(c) {
		t.Fatal("the Skip stands in for seat 1's card dealt by hand: want another card")
	}
	s := tb.Top(0, 0)
	tb.ok(NotOnTop(1))          // picked up
	tb.ok(Scan(tb.id(Move, 1))) // seat 2
	tb.ok(Scan(tb.id(Move, 2))) // seat 1
	deck := tb.DeckSize()
	tb.ok(Scan(skip)) // seat 2's turn begins: taken for its deal
	misreadMakesItTheRider(t, tb, skip, 1)
	if got := tb.DeckSize(); got != deck {
		t.Fatalf("after the misread the deck holds %d cards, want %d: the Skip was the card picked up", got, deck)
	}
	if w := tb.Where(s); w.Zone != InDeck {
		t.Fatalf("the stand-in %v is at %+v, want back in the deck", tb.Card(s), w)
	}
	x := tb.Inferences()[len(tb.Inferences())-1]
	if x.Kind != InfShownAfterAll || x.Card != c || x.From.Zone != InStack || x.From.Player != 0 {
		t.Fatalf("the last inference is %+v, want the Skip shown after all from seat 1's stack", x)
	}
}

// TestRiderShownFromAStandInOfAFallerStillIn: "Once you have hit the
// Ground, you can no longer play cards." Seat 1's and seat 2's cards are
// dealt by hand, each a Move standing in, and a later deal covers each:
// seat 1's a Ground, which puts seat 1 out, seat 2's a Move. A pass on, a
// Skip the engine believes in the deck is read as seat 3's turn begins,
// taken for its deal, and the dealer says misread: it lies as seat 3's
// rider, one of the two cards dealt by hand, picked up and played. Seat 2
// may have grabbed its card before it was covered; seat 1, out a pass ago,
// could have played its own only before its Ground came, and a rider
// played then was met at seat 3's turn in that pass (unmetSinceOut). So
// seat 2's stand-in goes back to the deck and the Skip takes its place;
// seat 1's stays. Before, seat 1's was taken, the first found in seat
// order, and seat 2's card, still a guess, stood for a card the table no
// longer has (review31). Where seat 1's is the only card dealt by hand, it
// still goes back to the deck: the Skip left the deck dealt by hand,
// whoever played it, and the deck's count stays right.
func TestRiderShownFromAStandInOfAFallerStillIn(t *testing.T) {
	play := func(t *testing.T, seat2ByHand bool) (tb *table, a, b int) {
		tb = newObserved(t, 3, Move, Move, Move, Ground, Move, Move, Move, Skip, Move, Move, Move, Move, Ground, Ground)
		tb.ok(Confirm()) // seat 1, by hand
		a, b = tb.Top(0, 0), -1
		if seat2ByHand {
			tb.ok(Confirm()) // seat 2, by hand
			b = tb.Top(1, 0)
		} else {
			tb.ok(Scan(tb.fromDeckID(Move))) // seat 2
		}
		tb.ok(Scan(tb.fromDeckID(Move))) // seat 3
		tb.ok(Scan(tb.id(Ground, 0)))    // seat 1
		tb.ok(StopClosed())
		if !tb.Out(0) {
			t.Fatal("seat 1 is not out")
		}
		tb.ok(Scan(tb.fromDeckID(Move))) // seat 2
		tb.ok(Scan(tb.fromDeckID(Move))) // seat 3
		tb.ok(Scan(tb.fromDeckID(Move))) // seat 2, the next pass
		skip := tb.id(Skip, 0)
		deck := tb.DeckSize()
		tb.ok(Scan(skip)) // seat 3's turn begins: taken for its deal
		misreadMakesItTheRider(t, tb, skip, 2)
		if got := tb.DeckSize(); got != deck {
			t.Fatalf("after the misread the deck holds %d cards, want %d: the Skip was a card dealt by hand", got, deck)
		}
		return tb, a, b
	}
	t.Run("a faller still in has one", func(t *testing.T) {
		tb, a, b := play(t, true)
		if w := tb.Where(b); w.Zone != InDeck {
			t.Fatalf("seat 2's stand-in %v is at %+v, want back in the deck", tb.Card(b), w)
		}
		if w := tb.Where(a); w.Zone != InStack || w.Player != 0 || !tb.Blind(a) {
			t.Fatalf("seat 1's stand-in %v is at %+v, want still standing in at seat 1", tb.Card(a), w)
		}
	})
	t.Run("only the faller out has one", func(t *testing.T) {
		tb, a, _ := play(t, false)
		if w := tb.Where(a); w.Zone != InDeck {
			t.Fatalf("seat 1's stand-in %v is at %+v, want back in the deck", tb.Card(a), w)
		}
	})
}
