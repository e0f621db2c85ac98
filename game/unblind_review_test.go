package game

import "testing"

// TestUnblindLeavesASweptStandIn: "A scanned card still in the deck is a
// deal to the place the dealer was told", and a card the dealer swept to
// the discard pile is not in the deck. A Skip read being dealt to seat 2 is
// the stand-in for the Skip named by hand at seat 1 ("a Skip is here"),
// and the dealer sweeps it. Read again while seat 1 is dealt to (the
// dealer's hand passing the discard pile over the reader), it is a second
// read, refused as before: taken for the deal, the light would move on
// with the seat's real card still to come, and the deck-card swapped into
// the pile in its place would be no Skip. Only a stand-in gone unseen (a
// stack said not there: TestBlindStandInReadAfterItsStackWasGone) may be a
// card still in the deck.
func TestUnblindLeavesASweptStandIn(t *testing.T) {
	tb := newObserved(t, 2, Split, Skip, Skip, Skip, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0)))  // seat 1
	tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1
	tb.ok(Scan(tb.id(Move, 1)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1 plays its Split on itself
	tb.ok(Scan(tb.id(Move, 2)))  // seat 1, stack 1
	tb.ok(Scan(tb.id(Skip, 1)))  // seat 1, a new stack
	tb.ok(Confirm())             // the Split swept
	tb.ok(Scan(tb.id(Skip, 2)))  // seat 2
	tb.ok(ConfirmAs(Skip))       // "a Skip is here" at seat 1, the reader gone
	skip := tb.index[tb.id(Skip, 2)]
	if w := tb.Where(skip); w.Zone != AsRider || !tb.Blind(skip) {
		t.Fatalf("%v is at %+v (blind %v), want the named Skip's stand-in", tb.Card(skip), w, tb.Blind(skip))
	}
	tb.ok(Confirm())            // the dealer sweeps the Skip
	tb.ok(Scan(tb.id(Move, 3))) // seat 2
	tb.ok(Scan(tb.id(Move, 4))) // seat 1, its first stack
	if in := tb.Next(); in.Action != ActDeal || in.First || in.Player != 0 {
		t.Fatalf("next %+v, want seat 1's second deal", in)
	}
	if w := tb.Where(skip); w.Zone != InDiscard || !tb.table.swept[skip] {
		t.Fatalf("%v is at %+v (swept %v), want swept", tb.Card(skip), w, tb.table.swept[skip])
	}
	discard := append([]int(nil), tb.Discards()...)
	tb.refused(Scan(tb.id(Skip, 2)), RuleCardNotExpected)
	if w := tb.Where(skip); w.Zone != InDiscard {
		t.Errorf("%v read again is at %+v, want left in the discard pile", tb.Card(skip), w)
	}
	if got := tb.Discards(); len(got) != len(discard) || got[len(got)-1] != discard[len(discard)-1] {
		t.Errorf("discard pile %v, was %v", got, discard)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
