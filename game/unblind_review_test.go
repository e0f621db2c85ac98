package game

import "testing"

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
