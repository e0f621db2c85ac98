package game

import "testing"

// TestKnockedWhereAGuessTookACard: "The dealer's solution is final, so use
// your best judgement." A Hit named by hand at seat 1's turn (the reader
// missed it) stands in by the card nearest a stack's top that could be it:
// seat 2's Hit, on its Move. If the guess is wrong seat 2 still has both
// cards, and a knock the dealer reports there is theirs to judge, not the
// engine's count of one card to refuse: refused, it was missed, and the
// order of that stack stayed one the audit could prove things by (messy
// 29000121, 27009473). A card seen leaving the stack (the Hit read as
// seat 1's rider) is no guess, nor is one whose order alone an earlier
// knock made a guess (review39 F5), and a stack of one card has no order
// to lose: the knock is refused as before.
func TestKnockedWhereAGuessTookACard(t *testing.T) {
	for _, c := range []struct {
		name     string
		rider    func(tb *table) Event
		accepted bool
	}{
		{"the Hit named by hand: seat 2's stack a guess", func(*table) Event { return ConfirmAs(Hit) }, true},
		{"the Hit read: seat 2's one card seen", func(tb *table) Event { return Scan(tb.id(Hit, 0)) }, false},
		// A knock makes only the order of seat 2's cards a guess: the Hit
		// read leaving the stack was seen to, and the Move is alone.
		{"knocked before the Hit read: its order alone a guess", func(tb *table) Event {
			tb.ok(Knocked(2))
			return Scan(tb.id(Hit, 0))
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
			tb.ok(Scan(tb.id(Move, 0))) // seat 1
			tb.ok(Scan(tb.id(Move, 1))) // seat 2
			tb.ok(Scan(tb.id(Move, 2))) // seat 1
			tb.ok(Scan(tb.id(Hit, 0)))  // seat 2, on its Move
			tb.ok(c.rider(tb))          // shown at seat 1's turn
			hit := tb.index[tb.id(Hit, 0)]
			if w := tb.Where(hit); w.Zone != AsRider || w.Player != 0 {
				t.Fatalf("%v is at %+v: want seat 1's rider", tb.Card(hit), w)
			}
			if n := len(tb.Stack(1, 0)); n != 1 {
				t.Fatalf("seat 2's stack has %d cards, want the Move alone", n)
			}
			if c.accepted {
				tb.ok(Knocked(2))
				return
			}
			tb.refusedAsIs(Knocked(2), RuleCardNotExpected)
		})
	}
}
