package game

import "testing"

// TestUnscannedStandInIsNotTheCardReadAgain: "Starting with the player to
// your left, deal cards one at a time clockwise around the table. Deal the
// cards face up into stacks in front of each player." The dealer's
// "unscanned" says the card just read came after a card dealt without a
// scan: that card lies in its stack, and the one read is another. The
// card dealt unscanned stands in a deck card of the engine's choosing, the
// top of the deck as the engine lists it, and an identify's swap puts a
// card back there: the very card read next could be chosen to stand in
// for the card dealt before it. Read again, it was then a stand-in read:
// here, where it was seat 3's own card dealt by hand, said picked up and
// shown as its Hit, it was taken for seat 3's deal; shown as a rider where
// nothing was said picked up, it was taken from the stand-in's place, and
// that stack lost the card still on it ("Extra stacks disappear once they
// are empty": a Split's new stack went, messy seeds 1000163 on the three
// rule sets and official 1001435, a card dealt unscanned alone). Another
// card stands in instead.
func TestUnscannedStandInIsNotTheCardReadAgain(t *testing.T) {
	tb := newObserved(t, 3, Hit, Move, Move, Move, Move, Move, Stop, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand: stands in the Hit, the deck's top
	hit := tb.Top(0, 0)
	if tb.Card(hit).Kind != Hit {
		t.Fatalf("seat 1's card dealt by hand stands in %v, want the Hit", tb.Card(hit))
	}
	tb.ok(Scan("move-5"))        // seat 2
	tb.ok(Confirm())             // seat 3, by hand
	tb.ok(Identify(1, "move-4")) // seat 1's was a Move: the Hit goes back, on top
	tb.ok(NotOnTop(3))           // seat 3's was picked up
	tb.ok(Scan("move-3"))        // seat 1
	// Seat 2's card is dealt unscanned; seat 3 shows the Hit it picked
	// up, and the lights, a seat behind, take it for seat 2's deal.
	tb.ok(Scan("hit-0"))
	tb.ok(DealtUnscanned("hit-0"))
	if s := tb.Top(1, 0); tb.NumStacks(1) != 1 || len(tb.Stack(1, 0)) != 2 || !tb.Blind(s) || s == hit {
		t.Fatalf("seat 2: %s, top %v (blind %v); want Move-5 and a card dealt by hand that is not the Hit", tb.kinds(1), tb.Card(s), tb.Blind(s))
	}
	if w := tb.Where(hit); w.Zone != AsRider || w.Player != 2 {
		t.Fatalf("the Hit is at %+v, want seat 3's rider", w)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 2 || in.Rider != Hit {
		t.Fatalf("next %v, want seat 3's deal, its Hit shown", in)
	}
}
