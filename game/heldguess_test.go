package game

import "testing"

// TestRiderReadFromTheGuessNotSaidPickedUp: "You may pick up only one
// card at a time, and you may only play the card that is in your hand".
// Seat 1's Split dealt it two cards by hand (the reader gone), one into
// each stack. Asked for the first, the dealer says it is no longer on top:
// seat 1's faller holds it. At seat 2's turn a rider is read that the
// engine had stood in for seat 1's other card, which no one said was
// picked up: the card seat 1 played is the one it held, and the two
// guesses trade places. Taken from the second stack, that stack was
// believed empty, and the lights dealt seat 1 one card a pass where the
// table, its two stacks still there, was owed two (messy 4009000, classic
// and French rules, every mistake at 2 %).
func TestRiderReadFromTheGuessNotSaidPickedUp(t *testing.T) {
	kinds := []Kind{Split, Move, Hit, Skip, Ground, Ground, Ground}
	tb := newObserved(t, 2, kinds...)
	tb.ok(Scan(tb.id(Split, 0))) // seat 1
	tb.ok(Scan(tb.id(Move, 0)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1 played it on themself
	tb.ok(Confirm())             // the Split's cards, by hand
	tb.ok(Confirm())
	tb.ok(Confirm()) // the sweep
	if n := tb.NumStacks(0); n != 2 {
		t.Fatalf("seat 1 has %d stacks, want 2", n)
	}
	first, second := tb.Stack(0, 0), tb.Stack(0, 1)
	if len(first) != 1 || len(second) != 1 || !tb.Blind(first[0]) || !tb.Blind(second[0]) {
		t.Fatalf("seat 1's stacks %v %v, want a card dealt by hand in each", first, second)
	}
	guess := second[0]
	if !tb.Card(guess).Kind.IsRider() {
		t.Skipf("the engine stood in %v: no rider to read", tb.Card(guess))
	}
	tb.ok(NotOnTopAt(1, 1))
	if in := tb.Next(); in.Player != 1 || !in.First {
		t.Fatalf("next: %+v, want seat 2's turn", in)
	}
	tb.ok(Scan(tb.Card(guess).ID)) // shown as seat 2's rider
	if w := tb.Where(guess); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("the rider lies at %+v, want seat 2's", w)
	}
	// The first stack's only card went to its faller's hand (said picked
	// up: heldAlone), so the stack left is the second, still holding a
	// card dealt by hand.
	if n := tb.NumStacks(0); n != 1 || len(tb.players[0].stacks[0]) != 1 || !tb.Blind(tb.players[0].stacks[0][0]) {
		t.Fatalf("seat 1's stacks %v, want the second one left, still holding its card dealt by hand", tb.players[0].stacks)
	}
}
