package game

import "testing"

// TestStandInReadWithOnlyGroundsLeft: "The Ground cards are waiting at the
// bottom of the deck". Seat 1's card, dealt by hand with the reader gone,
// stands in one deck card; an earlier guess gone wrong (here: a deck card
// the engine took for one played and discarded) leaves the engine's deck
// holding only Grounds while the table's still holds that stand-in, and
// the dealer reads it being dealt to seat 2. No deck card but a Ground may
// stand in for seat 1's card, so the read was refused: the dealer, waved
// on, said stacks gone, the lights lost a card and ran a seat off when the
// Grounds came (messy reader-gone, official seeds 1007131, 1003447,
// 1009699). The read is the deal; a card from the discard pile stands in
// at seat 1 instead, as the engine's count was one card off anyway.
func TestStandInReadWithOnlyGroundsLeft(t *testing.T) {
	tb, guess := dealtByHandAtSeat1(t)
	var rest []int // the deck's other cards, Grounds aside
	for _, c := range tb.deck {
		if tb.cards[c].Kind != Ground {
			rest = append(rest, c)
		}
	}
	if len(rest) != 3 {
		t.Fatalf("deck %v: want three cards besides the Grounds", tb.deck)
	}
	for i, c := range rest { // a Move to be discarded (a Stop there may be held all along)
		if tb.cards[c].Kind == Move {
			rest[1], rest[i] = rest[i], rest[1]
			break
		}
	}
	tb.ok(Scan(tb.Card(rest[0]).ID)) // seat 2
	// The earlier guess gone wrong: a card the engine has played out of
	// sight and discarded, though it never left the deck.
	phantom := rest[1]
	tb.phantomDiscard(phantom)
	tb.ok(Scan(tb.Card(rest[2]).ID)) // seat 1: only Grounds left, as the engine sees it
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
		t.Fatalf("next: %v, want a card for seat 2", in)
	}
	tb.ok(Scan(tb.Card(guess).ID)) // seat 2: the card stood in at seat 1
	if w := tb.Where(guess); w.Zone != InStack || w.Player != 1 || tb.Blind(guess) {
		t.Fatalf("the card read is at %+v (blind %v), want dealt to seat 2", w, tb.Blind(guess))
	}
	if w := tb.Where(phantom); w.Zone != InStack || w.Player != 0 || !tb.Blind(phantom) {
		t.Fatalf("the discarded card is at %+v (blind %v), want standing in at seat 1", w, tb.Blind(phantom))
	}
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 {
		t.Fatalf("next: %v, want a card for seat 1", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestRiderReadWithOnlyGroundsLeft: the same, the card read a Hit as seat
// 2's turn begins. Seat 1's card dealt by hand may have been that very
// Hit, picked up and played on seat 2 ("You may place a rider in front of
// any player"), so a plain read is still taken for that, the guess come
// true; one the dealer's hold judged dealt (ScanDealt: nothing was read at
// once after it) is the deal.
func TestRiderReadWithOnlyGroundsLeft(t *testing.T) {
	for _, dealt := range []bool{false, true} {
		tb := newObserved(t, 2, Hit, Hit, Hit, Hit, Ground, Ground)
		tb.ok(Confirm()) // seat 1, by hand
		guess := -1
		var rest []int
		for c := range tb.NumCards() {
			switch {
			case tb.Blind(c):
				guess = c
			case tb.Where(c).Zone == InDeck && tb.cards[c].Kind != Ground:
				rest = append(rest, c)
			}
		}
		if guess < 0 || len(rest) != 3 {
			t.Fatalf("stand-in %d, deck %v", guess, rest)
		}
		tb.ok(Scan(tb.Card(rest[0]).ID)) // seat 2
		tb.phantomDiscard(rest[1])
		tb.ok(Scan(tb.Card(rest[2]).ID)) // seat 1
		if !dealt {
			tb.ok(Scan(tb.Card(guess).ID))
			if w := tb.Where(guess); w.Zone != AsRider || w.Player != 1 {
				t.Fatalf("the Hit read is at %+v, want seat 2's rider, played", w)
			}
			continue
		}
		tb.ok(ScanDealt(tb.Card(guess).ID))
		if w := tb.Where(guess); w.Zone != InStack || w.Player != 1 || tb.Blind(guess) {
			t.Fatalf("the Hit judged dealt is at %+v (blind %v), want dealt to seat 2", w, tb.Blind(guess))
		}
		if err := tb.Check(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSkipShownWithOnlyGroundsLeft: "You may place a rider in front of any
// player, including yourself", and "A scanned card already on the table,
// during a player's turn to be dealt to, is a rider or Extra being swept"
// (product.md). Every card but the Grounds is dealt by hand, the reader
// gone: the engine's deck holds only Grounds, and so does the table's.
// Seat 2's card, a Skip, is shown on seat 2 and swept; Skip k, the stand-in
// for seat 1's second card, is read as seat 1's turn begins. No card but a
// Ground is left to deal, so it is seat 1's own card shown there, as before
// the discard-pile stand-in (standInFromDiscard) came: taken for the deal,
// Skip s, seen swept, went back into seat 1's stack, and the light never
// asked for the Skip to be swept (a Chute, left, would skip seat 1 on every
// pass the engine deals it).
func TestSkipShownWithOnlyGroundsLeft(t *testing.T) {
	for _, k := range []Kind{Skip, Chute} {
		tb := newObserved(t, 2, Hit, Skip, k, Ground, Ground)
		var riders []int
		for range 3 {
			tb.ok(Confirm())
		}
		for c := range tb.NumCards() {
			if tb.Blind(c) && tb.cards[c].Kind != Hit {
				riders = append(riders, c)
			}
		}
		// The stand-ins: seat 2's card and seat 1's second.
		var s2, s1 = -1, -1
		for _, c := range riders {
			if tb.Where(c).Player == 1 {
				s2 = c
			} else {
				s1 = c
			}
		}
		if s1 < 0 || s2 < 0 {
			t.Fatalf("%v: stand-ins %v", k, riders)
		}
		tb.ok(Scan(tb.Card(s2).ID)) // seat 2's card, shown on seat 2
		tb.ok(Scan(tb.Card(s1).ID)) // seat 1's card, shown on seat 1
		if w := tb.Where(s1); w.Zone != AsRider || w.Player != 0 {
			t.Errorf("%v: %v read as seat 1's turn begins is at %+v, want seat 1's rider", k, tb.Card(s1), w)
		}
		if w := tb.Where(s2); w.Zone == InStack {
			t.Errorf("%v: %v, shown on seat 2 and swept, is back in a stack at %+v", k, tb.Card(s2), w)
		}
		if err := tb.Check(); err != nil {
			t.Fatal(err)
		}
	}
}

// phantomDiscard is an earlier guess gone wrong: card c, which never left
// the deck, is where the engine believes it played out of sight and
// discarded, so its count of the deck is a card short.
func (tb *table) phantomDiscard(c int) {
	tb.removeFromDeck(c)
	tb.discard = append(tb.discard, c)
	tb.where[c] = Place{Zone: InDiscard}
	tb.table.guessed[c] = true
}
