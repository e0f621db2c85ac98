package game

import "testing"

// TestMisreadAfterUnscannedTakesTheIdentifyBack: the dealer's hold tells a
// read it judged a card shown as an Identify and then the read, and "Both
// were that one judgement, and a misread takes both back" (keepBefore).
// So too once the dealer said "unscanned" of that read in between. Seat
// 1's card dealt by hand was said picked up; the next pass the dealer
// dealt seat 1's card without scanning it and dealt seat 2 a Split, read
// while the light still waited at seat 1, as seat 1's turn began. A card
// came at once (the second of two dealt at once), so the hold made the
// Split seat 1's card dealt by hand, shown (Identify, then the read).
// The dealer, who sees the light lag, says "unscanned": seat 1's card is
// confirmed by hand, and the Split read again as seat 2's turn begins,
// still the card the Identify named, is taken for seat 2's rider. No
// Split lies there (it was dealt into seat 2's stack: "Deal the cards
// face up into stacks in front of each player"), and the dealer says
// misread: the Split is seat 2's deal after all, and seat 1's card dealt
// by hand is a guess again. Before, the misread went back only to the
// hand after the Identify: the Split stayed buried in seat 1's stack as
// the card picked up, no deal after all, and the light asked seat 2 for
// the card the table had dealt it (messy 4003534 and 5004543, out of step
// on the three rule sets).
func TestMisreadAfterUnscannedTakesTheIdentifyBack(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Split, Move, Move, Move, Move, Move, Ground, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	tb.ok(Confirm())            // seat 1, by hand
	tb.ok(Scan(tb.id(Move, 1))) // seat 2
	tb.ok(Scan(tb.id(Move, 2))) // seat 3
	tb.ok(NotOnTop(1))
	standIn := tb.Hand(0)
	if standIn < 0 {
		for _, st := range tb.players[0].stacks {
			standIn = st[len(st)-1]
		}
	}
	// Seat 1's card dealt unscanned; seat 2's Split read, the light at
	// seat 1; the hold judges it seat 1's card dealt by hand, shown.
	split := tb.id(Split, 0)
	tb.ok(Identify(1, split))
	tb.ok(Scan(split))
	s, _ := tb.CardIndex(split)
	if w := tb.Where(s); w.Zone != AsRider || w.Player != 0 {
		t.Fatalf("the Split lies at %+v, want seat 1's rider (the hold's card shown)", w)
	}
	// A copy made now (the dealer's screen tries a key on one) keeps
	// the hand before the Identify with the read, and answers the same.
	cl := tb.Clone()
	if err := cl.Observe(DealtUnscanned(split)); err != nil {
		t.Fatalf("unscanned on a copy: %v", err)
	}
	if err := cl.Observe(NotThereRead(split)); err != nil {
		t.Fatalf("misread on a copy: %v", err)
	}
	if w := cl.Where(s); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("on a copy, after the misread the Split lies at %+v, want dealt into seat 2's stack", w)
	}
	tb.ok(DealtUnscanned(split))
	if got, ok := tb.ReadToTakeBack(); !ok || got != split {
		t.Fatalf("ReadToTakeBack = %q, %v, want the misread of %s offered", got, ok, split)
	}
	if w := tb.Where(s); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("read again, the Split lies at %+v, want seat 2's rider", w)
	}
	tb.ok(NotThereRead(split))
	if w := tb.Where(s); w.Zone != InStack || w.Player != 1 {
		t.Fatalf("after the misread the Split lies at %+v, want dealt into seat 2's stack", w)
	}
	if in := tb.Next(); in.Player != 2 || in.Action != ActDeal {
		t.Fatalf("next: %+v, want seat 3's card", in)
	}
	if inf(tb, InfDealtAfterAll) != s {
		t.Fatalf("the Split is not named dealt after all: %+v", tb.Inferences())
	}
	if !tb.Blind(standIn) {
		t.Fatalf("seat 1's card dealt by hand (%d) is no longer a guess", standIn)
	}
}
