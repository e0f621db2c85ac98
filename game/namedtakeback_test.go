package game

import "testing"

// TestNamedRiderNotTakenBack: "When you encounter a rider, you follow the
// card's meaning, and then sweep the rider into the discard pile." The
// reader gone, the dealer names seat 1's Hit by hand as its turn begins;
// the engine stands in a Hit of its own choosing (here the one standing in
// for seat 1's card dealt by hand), whose face the screen shows. The
// dealer who finds that very card in a stack (they dealt it by hand there,
// say) has not been shown a stray read: they named the
// rider they encountered, and the card's face is the engine's guess. The
// misread offers nothing and takes nothing back. Before, it took the Hit
// back, and the light dealt seat 1 as if it had no rider, a seat ahead of
// the table (messy official seed 1006989 with the expert riders, the
// reader gone).
func TestNamedRiderNotTakenBack(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Move, Move, Move, Ground, Ground)
	hit := tb.id(Hit, 0)
	c, _ := tb.CardIndex(hit)
	tb.ok(Confirm())            // seat 1, by hand: the Hit stands in
	tb.ok(Scan(tb.id(Move, 0))) // seat 2
	tb.ok(ConfirmAs(Hit))       // seat 1's turn begins: its Hit named
	if w := tb.Where(c); w.Zone != AsRider || w.Player != 0 {
		t.Fatalf("the Hit named is at %+v, want seat 1's rider", w)
	}
	if got, ok := tb.ReadToTakeBack(); ok {
		t.Fatalf("ReadToTakeBack = %q, want none after a rider named by hand", got)
	}
	before := cards(tb.Game)
	tb.refused(NotThereRead(hit), RuleCardNotExpected)
	if got := cards(tb.Game); got != before {
		t.Fatalf("the refused misread changed the hand:\n%s\nwas:\n%s", got, before)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Rider != Hit || in.Due != 2 {
		t.Fatalf("the light asks %+v, want seat 1's two cards for its Hit", in)
	}
}
