package game

import "testing"

// TestMisreadOfADealWhereARiderWasMovedUnseen: "MOVE: This card moves a
// rider. You can either steal someone else's rider, or you can give your
// rider to someone else." Seat 2's Chute is Moved away unseen; at seat 2's
// turn the light still says to leave it, and the dealer, who sees none,
// deals the seat its card. That card is the one the engine stood in for
// seat 1's card dealt by hand, a Hit, so it is taken for seat 1's card
// picked up and played on seat 2. The dealer, who dealt it into seat 2's
// stack, says misread: it is the deal, and the Chute is gone. Before, the
// read was taken back as a stray card, the light went on asking to leave
// the Chute, and the lights ran a seat off when the Grounds came (messy
// reader-gone seeds 1007151 on all three rule sets, classic 1008250,
// official expert 1000012).
func TestMisreadOfADealWhereARiderWasMovedUnseen(t *testing.T) {
	tb := newObserved(t, 2, Hit, Chute, Move, Move, Move, Ground, Ground)
	hit, chute, m1, m2 := 0, 1, 2, 3
	tb.deck = []int{5, 6, 4, m2, m1, chute, hit} // the engine's order, bottom first
	tb.ok(Confirm())                             // seat 1, by hand: the reader is gone
	if !tb.Blind(hit) || tb.Where(hit).Player != 0 {
		t.Fatalf("seat 1's card dealt by hand stands in %v, want the Hit", tb.Inferences())
	}
	tb.ok(Scan(tb.Card(chute).ID)) // seat 2 (the reader back)
	tb.ok(Scan(tb.Card(m1).ID))    // seat 1
	tb.ok(Scan(tb.Card(chute).ID)) // seat 2's turn: its Chute, played on itself
	if in := tb.Next(); in.Action != ActPass || in.Seat != 2 {
		t.Fatalf("next: %v, want seat 2's Chute left", in)
	}
	tb.ok(Confirm())
	tb.ok(Scan(tb.Card(m2).ID)) // seat 1
	// The Chute Moved away unseen; seat 2 is dealt the Hit.
	tb.ok(Scan(tb.Card(hit).ID))
	if w := tb.Where(hit); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("the Hit read at seat 2's turn is at %+v, want taken for a rider played there", w)
	}
	tb.ok(NotThereRead(tb.Card(hit).ID)) // misread: dealt there
	if w := tb.Where(hit); w.Zone != InStack || w.Player != 1 || tb.Blind(hit) {
		t.Fatalf("the Hit is at %+v (blind %v), want dealt to seat 2", w, tb.Blind(hit))
	}
	if r := tb.Rider(1); r >= 0 {
		t.Fatalf("seat 2's rider is %v, want none: the Chute was Moved away", tb.Card(r))
	}
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 {
		t.Fatalf("next: %v, want seat 1's deal", in)
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
}
