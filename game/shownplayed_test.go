package game

import "testing"

// TestRiderShownFromAPickedUpCard: "You may place a rider in front of any
// player, including yourself, as long as that person doesn't already have
// one." Seat 1's card dealt by hand, the reader gone, was a Skip; the
// engine stood in a Move for it, and the dealer said it was picked up.
// Seat 1 plays the Skip in front of seat 2, and it is read as seat 2's turn
// begins: a rider the engine believes in the deck, taken for the deal. The
// dealer, who sees it lying as a rider, says misread. It never was in the
// deck: it is the card dealt by hand seat 1 picked up, so it takes the
// stand-in's place and the Move goes back to the deck, which keeps as many
// cards as the table's. The same if the dealer never said it was picked up
// (not yet asked, or the ask answered by a card the engine refused): a
// card dealt by hand still a guess is the only way a rider leaves the deck
// unread while the light keeps step; even one covered on the record since,
// the cards on it picked up unseen. Before, the Skip came from the deck: the engine's
// deck ran a card short, its last real card taken for gone, and at the
// bottom it dealt a Ground where the dealer dealt that card (messy
// official seeds 1003053 and 1004536 with the reader gone).
func TestRiderShownFromAPickedUpCard(t *testing.T) {
	for _, tc := range []struct {
		name          string
		said, covered bool
	}{
		{"said picked up", true, false},
		{"never asked for", false, false},
		{"covered since", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			riderShownFromAPickedUpCard(t, tc.said, tc.covered)
		})
	}
}

func riderShownFromAPickedUpCard(t *testing.T, said, covered bool) {
	tb := newObserved(t, 2, Move, Move, Move, Skip, Move, Move, Move, Move, Ground, Ground)
	move, skip := tb.id(Move, 0), tb.id(Skip, 0)
	m, _ := tb.CardIndex(move)
	s, _ := tb.CardIndex(skip)
	if covered {
		// Dealt by hand first, then covered by seat 1's next deal before
		// anyone could ask for it: the Skip was grabbed first ("you can
		// certainly grab the first one"), or the card on it picked up.
		tb.ok(Confirm())            // seat 1, by hand: a Move stands in for the Skip
		tb.ok(Scan(tb.id(Move, 1))) // seat 2
		tb.ok(Scan(tb.id(Move, 2))) // seat 1: covers it
	} else {
		tb.ok(Scan(tb.id(Move, 1))) // seat 1
		tb.ok(Scan(tb.id(Move, 2))) // seat 2
		tb.ok(Confirm())            // seat 1, by hand: a Move stands in for the Skip
	}
	if w := tb.Where(m); w.Zone != InStack || w.Player != 0 || !tb.Blind(m) {
		t.Fatalf("the Move is at %+v, want standing in at seat 1 for its card dealt by hand", w)
	}
	if said {
		tb.ok(NotOnTop(1))
	}
	deck := tb.DeckSize()
	tb.ok(Scan(skip)) // seat 2's turn begins: taken for its deal
	misreadMakesItTheRider(t, tb, skip, 1)
	if got := tb.DeckSize(); got != deck {
		t.Fatalf("the deck holds %d cards after the Skip was shown, want %d as before its read", got, deck)
	}
	if w := tb.Where(m); w.Zone != InDeck {
		t.Fatalf("the Move that stood in for the Skip is at %+v, want back in the deck", w)
	}
	if x := tb.Inferences()[len(tb.Inferences())-1]; x.Kind != InfShownAfterAll || x.Card != s || x.From.Zone != InStack || x.From.Player != 0 {
		t.Fatalf("last inference %+v, want the Skip shown after all from seat 1's stack", x)
	}
	if in := tb.Next(); in.Action != ActSweep || in.Player != 1 {
		t.Fatalf("after the misread the light asks %+v, want seat 2's Skip swept", in)
	}
}

// TestRiderShownStandingInAtAnothersStack: "You can only pick up the top
// card of your stack", and "You may place a rider in front of any player,
// including yourself." The reader gone, seat 1's and seat 2's cards are
// dealt by hand; the dealer says seat 2's was picked up, and seat 1's is
// covered by its next deal, never said picked up. The card standing in at
// seat 1, a Skip, is read as seat 2's turn begins, taken for its deal, and
// the dealer, who sees it lying as seat 2's rider, says misread. Seat 2's
// card, seen gone from its top, is the likelier: the Skip is seat 2's,
// and seat 2's stand-in stands in at seat 1 for the card still there on
// the record, a guess. Before, the Skip was seat 1's own card, and seat
// 1's card dealt by hand was known no more: a Stop it held, played in its
// own window, was taken for the next seat's deal and seat 1 hit the
// ground (messy seed 1007911 with every mistake at 2 %, on all three rule
// sets).
func TestRiderShownStandingInAtAnothersStack(t *testing.T) {
	tb := newObserved(t, 2, Skip, Skip, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand
	tb.ok(Confirm()) // seat 2, by hand
	a, b := tb.blindAtSeat(0), tb.blindAtSeat(1)
	tb.ok(NotOnTop(2))
	var next string
	for _, c := range tb.cards {
		if id := c.ID; c.Kind == Move && id != tb.cards[a].ID && id != tb.cards[b].ID {
			next = id
			break
		}
	}
	tb.ok(Scan(next)) // seat 1: covers its card dealt by hand
	skip := tb.cards[a].ID
	if tb.cards[a].Kind != Skip {
		t.Fatalf("seat 1's stand-in is %s, want a Skip", skip)
	}
	tb.ok(Scan(skip)) // seat 2's turn begins: taken for its deal
	misreadMakesItTheRider(t, tb, skip, 1)
	if !tb.Blind(b) || tb.Where(b).Zone != InStack || tb.Where(b).Player != 0 {
		t.Fatalf("seat 2's stand-in is at %+v (blind %v), want standing in at seat 1", tb.Where(b), tb.Blind(b))
	}
	if got := len(tb.Stack(0, 0)); got != 2 {
		t.Fatalf("seat 1's stack holds %d cards, want the 2 dealt", got)
	}
	if tb.NumStacks(1) != 0 {
		t.Fatalf("seat 2 has stacks %v, want none: its only card, dealt by hand, was played", tb.Stack(1, 0))
	}
}

// blindAtSeat is the card standing in for a card dealt by hand at the top
// of player p's first stack.
func (tb *table) blindAtSeat(p int) int {
	tb.t.Helper()
	st := tb.Stack(p, 0)
	if len(st) == 0 || !tb.Blind(st[len(st)-1]) {
		tb.t.Fatalf("player %d's stack %v has no stand-in on top", p, st)
	}
	return st[len(st)-1]
}
