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
