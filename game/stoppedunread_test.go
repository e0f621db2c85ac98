package game

import (
	"slices"
	"testing"
)

// TestStopShownForAGroundDealtUnread: "Stop can also repel a Ground", and
// "The Ground cards are waiting at the bottom of the deck". With nothing
// but Grounds left in the deck, the card the light asks for is a Ground,
// read or not; a faller who presses while the light asks them for it and
// shows a Stop has Stopped that Ground, dealt unread: "To Stop a Ground,
// play the Stop as the Ground is being dealt to you. The dealer keeps the
// Ground, and you discard the Stop." Before, the Stop was taken for the
// deal (or refused where it could not be one), and the Ground the dealer
// dealt unscanned was never accounted for (messy 1008742 french, 7003782
// classic). Without the press, with a card other than a Ground left in
// the deck, or with another seat's press, a Stop read is no such play.
func TestStopShownForAGroundDealtUnread(t *testing.T) {
	// Seat 1 is dealt a Stop and seat 2 a Move, read: the deck holds two
	// Grounds, or a Move and two Grounds (more).
	for _, tc := range []struct {
		name  string
		more  bool  // a Move left in the deck
		press []int // the seats that press before the Stop is shown
		saved bool
	}{
		{name: "pressed, only Grounds left", press: []int{1}, saved: true},
		{name: "pressed twice, only Grounds left", press: []int{1, 1}, saved: true},
		// The claim stands until the seat's card is dealt: another
		// faller's button between the press and the Stop, as the dealer's
		// words from the panel or the seat's rider read late, deals
		// nothing (messy 7000847).
		{name: "pressed, then another seat pressed", press: []int{1, 2}, saved: true},
		{name: "no press", press: nil},
		{name: "another seat pressed", press: []int{2}},
		{name: "a Move left in the deck", more: true, press: []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds := []Kind{Stop, Move, Ground, Ground}
			if tc.more {
				kinds = []Kind{Stop, Move, Move, Ground, Ground}
			}
			tb := newObserved(t, 2, kinds...)
			tb.ok(Scan(tb.id(Stop, 0))) // seat 1
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			for _, s := range tc.press {
				tb.ok(Press(s))
			}
			deck := tb.DeckSize()
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			err := tb.Apply(Scan(tb.id(Stop, 0)))
			found := slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStoppedUnread })
			if !tc.saved {
				if found {
					t.Fatalf("a Ground dealt unread inferred: %v", tb.Inferences())
				}
				return
			}
			if err != nil {
				t.Fatalf("the Stop shown: %v", err)
			}
			tb.check()
			if !found || tb.Out(0) || tb.Where(stop).Zone != InDiscard || tb.DeckSize() != deck {
				t.Fatalf("inferred %v, seat 1 out %v, the Stop at %+v, %d cards in the deck: want the Ground dealt unread Stopped, back on the deck (%d)", tb.Inferences(), tb.Out(0), tb.Where(stop), tb.DeckSize(), deck)
			}
			if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
				t.Fatalf("next: %v, want a card for seat 2", in)
			}
			tb.ok(Scan(tb.id(Ground, 0))) // the Ground kept, dealt on to seat 2
			if in := tb.Next(); in.Action != ActLand || in.Seat != 2 {
				t.Fatalf("next: %v, want seat 2 hitting the ground", in)
			}
		})
	}
}

// TestStoppedUnreadClaimEndsWithTheDeal: "To Stop a Ground, play the Stop
// as the Ground is being dealt to you". A press claiming a Stop on a
// Ground dealt unread stands until its seat is dealt a card (claimHolds),
// and no longer: seat 2 presses, is dealt its Ground read and Stops it;
// a turn later, with the light back on seat 2 and no press, a Stop read
// there is no Stop on a Ground dealt unread, or a press made a whole turn
// earlier would save a faller who never pressed for this card.
func TestStoppedUnreadClaimEndsWithTheDeal(t *testing.T) {
	tb := newObserved(t, 4, Stop, Stop, Move, Move, Move, Stop, Move, Stop, Ground, Ground, Ground)
	for _, c := range tb.cards[:8] {
		tb.ok(Scan(c.ID)) // two cards to each seat
	}
	tb.ok(Scan(tb.id(Ground, 0))) // seat 1 hits the ground
	tb.ok(StopClosed())
	tb.ok(Press(2)) // only Grounds left: a claim on a Ground dealt unread
	tb.ok(Scan(tb.id(Ground, 1)))
	tb.ok(Press(2))
	tb.ok(Scan(tb.cards[5].ID))   // seat 2's Stop on the Ground read
	tb.ok(Scan(tb.id(Ground, 1))) // the Ground on to seat 3
	tb.ok(StopClosed())
	tb.ok(Scan(tb.id(Ground, 2)))
	tb.ok(Press(4))
	tb.ok(Scan(tb.cards[7].ID)) // seat 4's Stop
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
		t.Fatalf("next: %v, want a card for seat 2", in)
	}
	tb.Apply(Scan(tb.cards[1].ID)) // seat 2's other Stop, no press
	if slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStoppedUnread }) {
		t.Fatalf("a Ground dealt unread inferred on a press a turn old: %v", tb.Inferences())
	}
}
