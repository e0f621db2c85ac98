package game

import "testing"

// TestNamedRiderGuessReadBeingDealt: "Hold the deck face down, and deal
// from the top." The reader gone, the dealer names a Hit shown at seat
// 1's turn; seat 1's card dealt by hand may be it, so the engine takes a
// Hit from its deck for the one shown (the deck a guess from then on), and
// the dealer sweeps it. That very Hit, read later being dealt, was still
// in the deck: the one shown and swept was another Hit. The read is the
// deal, and another deck Hit stands in the discard pile instead. Before,
// the read was refused ("cannot be where it was scanned"), and the
// dealer's "not there" to move on left the lights a seat off (messy
// reader-gone seeds 1004592, 1008042).
func TestNamedRiderGuessReadBeingDealt(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Move, Hit, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	h2 := tb.id(Hit, 2)
	tb.ok(Confirm())            // seat 1, by hand: the reader is gone
	tb.ok(Scan(tb.id(Move, 0))) // seat 2 (the reader back)
	tb.ok(ConfirmAs(Hit))       // seat 1's turn: a Hit shown, named by hand
	c := inf(tb, InfRiderPlayed)
	if w := tb.Where(c); w.Zone != AsRider || tb.Card(c).Kind != Hit || tb.Card(c).ID == h2 {
		t.Fatalf("the Hit named is %v at %+v, want a deck Hit as seat 1's rider", tb.Card(c), w)
	}
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Confirm()) // the Hit swept
	if w := tb.Where(c); w.Zone != InDiscard {
		t.Fatalf("the Hit named is at %+v after its sweep, want the discard pile", w)
	}
	tb.ok(Scan(h2))             // seat 2's deal
	tb.ok(Scan(tb.id(Move, 3))) // seat 1's
	tb.ok(Scan(h2))             // seat 2's turn: its own Hit, played on itself
	tb.ok(Scan(tb.id(Move, 4)))
	tb.ok(Scan(tb.Card(c).ID)) // the Hit's second card: the Hit named, read being dealt
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit named, read being dealt, is at %+v, want seat 2's deal", w)
	}
	hits := 0
	for _, x := range tb.discard {
		if tb.Card(x).Kind == Hit && x != c {
			hits++
		}
	}
	if hits != 1 {
		t.Fatalf("the discard pile holds %d other Hits, want one standing in for the Hit shown at seat 1", hits)
	}
	if in := tb.Next(); in.Player != 1 || in.Action != ActSweep {
		t.Fatalf("after seat 2's two cards the light asks %+v, want its Hit swept", in)
	}
}

// TestNamedRiderGuessReadWithNoDeckOfItsKind: "Hold the deck face down,
// and deal from the top." As above, the Hit taken from the deck for the
// one named at seat 1 is read later being dealt, but no Hit is left in
// the engine's deck to stand in the discard pile instead: the last one
// stands in, in seat 1's stack, for a card dealt by hand since. The Hit
// shown and swept was that one (every other Hit was read where it lies),
// and the deal it stood in for is another deck card. The read was refused,
// the dealer's "not there" to move on left the lights a seat off (messy
// reader-gone seed 1004316, on all three rule sets); now the last Hit
// stands in the discard pile, a deck card at seat 1, and the read is the
// deal.
func TestNamedRiderGuessReadWithNoDeckOfItsKind(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Hit, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	m1, m2, m3, m4, hc, hb, ha := 0, 1, 2, 3, 6, 7, 8
	// The engine's own order, bottom first: the Grounds, the Moves, the
	// Hits (seat 2's, the one seat 1 is dealt by hand later, the one taken
	// for the Hit named), the Move seat 1 is dealt by hand first on top.
	tb.deck = []int{9, 10, m2, m3, m4, 4, 5, hc, hb, ha, m1}
	tb.ok(Confirm())            // seat 1, by hand: the reader is gone
	tb.ok(Scan(tb.Card(m2).ID)) // seat 2 (the reader back)
	tb.ok(ConfirmAs(Hit))       // seat 1's turn: a Hit shown, named by hand
	if w := tb.Where(ha); w.Zone != AsRider || w.Player != 0 {
		t.Fatalf("the Hit named is at %+v, want %v as seat 1's rider", w, tb.Card(ha))
	}
	tb.ok(Scan(tb.Card(m1).ID)) // the Hit's first card
	tb.ok(Confirm())            // its second, by hand: the last deck Hit stands in
	if w := tb.Where(hb); w.Zone != InStack || w.Player != 0 || !tb.Blind(hb) {
		t.Fatalf("the other Hit is at %+v (blind %v), want standing in at seat 1", w, tb.Blind(hb))
	}
	tb.ok(Confirm()) // the Hit swept
	if w := tb.Where(ha); w.Zone != InDiscard {
		t.Fatalf("the Hit named is at %+v after its sweep, want the discard pile", w)
	}
	tb.ok(Scan(tb.Card(hc).ID)) // seat 2's deal
	tb.ok(Scan(tb.Card(m3).ID)) // seat 1's
	tb.ok(Scan(tb.Card(hc).ID)) // seat 2's turn: its own Hit, played on itself
	tb.ok(Scan(tb.Card(m4).ID)) // the Hit's first card
	tb.ok(Scan(tb.Card(ha).ID)) // its second: the Hit named, read being dealt
	if w := tb.Where(ha); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit named, read being dealt, is at %+v, want seat 2's deal", w)
	}
	if w := tb.Where(hb); w.Zone != InDiscard {
		t.Fatalf("the other Hit is at %+v, want the discard pile, shown and swept at seat 1", w)
	}
	blind := 0
	for _, c := range tb.Stack(0, 0) {
		if tb.Blind(c) {
			blind++
			if tb.Card(c).Kind != Move {
				t.Errorf("seat 1's card dealt by hand stands in %v, want a deck Move", tb.Card(c))
			}
		}
	}
	if blind != 1 {
		t.Errorf("seat 1's stack holds %d stand-ins, want 1", blind)
	}
	if in := tb.Next(); in.Action != ActSweep || in.Seat != 2 {
		t.Fatalf("next: %v, want seat 2's Hit swept", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestNamedRiderGuessReadAsATurnBegins: "Hold the deck face down, and
// deal from the top." As in TestNamedRiderGuessReadBeingDealt, the Hit
// the engine took from its deck for the one named at seat 1 is swept, a
// guess in the discard pile; read later as seat 2's turn begins, seat 2
// with no rider and a card due, it was still in the deck and is the deal,
// another deck Hit standing in the discard pile instead. No faller plays
// from the discard pile. Before, it was taken for a rider played there,
// and the light asked for a Hit's cards the table never dealt (real
// dealer, beginner, reader gone, seeds 267 and 376: the table declared the
// winner).
func TestNamedRiderGuessReadAsATurnBegins(t *testing.T) {
	tb, c := namedHitSwept(t)
	if in := tb.Next(); in.Player != 1 || !in.First || in.Action != ActDeal {
		t.Fatalf("after the sweep the light asks %+v, want seat 2's turn to begin", in)
	}
	tb.ok(Scan(tb.Card(c).ID)) // seat 2's deal: the Hit named, read as its turn begins
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit named, read as seat 2's turn begins, is at %+v, want seat 2's deal", w)
	}
	if in := tb.Next(); in.Player != 0 || in.Action != ActDeal {
		t.Fatalf("after seat 2's deal the light asks %+v, want seat 1's deal", in)
	}
}

// TestNamedRiderGuessIdentifiedDealtByHand: "Hold the deck face down, and
// deal from the top." As above, the Hit taken from the deck for the one
// named at seat 1 lies swept in the discard pile only as the engine's
// guess; the reader gone again, seat 2's card is dealt by hand, and the
// dealer, asked, names that very Hit: it was still in the deck, and the
// one shown and swept another Hit. Before, the answer was refused ("known
// to be elsewhere (discard)"), the Hit stayed in the discard pile, and
// when its faller later played it on another seat it was taken for that
// seat's deal, the lights a seat off (messy reader-gone seed 1003321 on
// all three rule sets).
func TestNamedRiderGuessIdentifiedDealtByHand(t *testing.T) {
	tb, c := namedHitSwept(t)
	tb.ok(Confirm()) // seat 2's turn, dealt by hand: the reader gone again
	tb.ok(Identify(2, tb.Card(c).ID))
	if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("the Hit named, identified as seat 2's card dealt by hand, is at %+v, want seat 2's stack", w)
	}
	hits := 0
	for _, x := range tb.discard {
		if tb.Card(x).Kind == Hit && x != c {
			hits++
		}
	}
	if hits != 1 {
		t.Fatalf("the discard pile holds %d other Hits, want one standing in for the Hit shown at seat 1", hits)
	}
}

// namedHitSwept plays two fallers to seat 2's turn: the reader gone, a Hit
// shown at seat 1 and named by hand, the engine's guess for it a deck Hit,
// then swept into the discard pile. It returns the table and that guess.
func namedHitSwept(t *testing.T) (*table, int) {
	t.Helper()
	kinds := []Kind{Move, Move, Move, Move, Move, Move, Move, Move, Hit, Hit, Hit, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Confirm())            // seat 1, by hand: the reader is gone
	tb.ok(Scan(tb.id(Move, 0))) // seat 2 (the reader back)
	tb.ok(ConfirmAs(Hit))       // seat 1's turn: a Hit shown, named by hand
	c := inf(tb, InfRiderPlayed)
	tb.ok(Scan(tb.id(Move, 1)))
	tb.ok(Scan(tb.id(Move, 2)))
	tb.ok(Confirm()) // the Hit swept
	if w := tb.Where(c); w.Zone != InDiscard {
		t.Fatalf("the Hit named is at %+v after its sweep, want the discard pile", w)
	}
	return tb, c
}
