package game

import "testing"

// TestMisreadExtraLaidOnItsRider: "To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards." Seat 1's Hit's first card is dealt unscanned and said so,
// under the Hit's second card, a Hit seat 1 later plays on itself: shown
// as seat 1's turn begins, it uncovers the card dealt by hand, which seat
// 1 had picked up too, an Extra, and laid on that Hit. The dealer shows
// the Hit with its Extra; the engine, which believes the Extra in the
// deck, takes its read for the Hit's first card, as it must ("HIT: After
// dealing normally, deal a second card"; TestExtraReadAfterItsRiderIsDealt)
// and cannot tell otherwise. The dealer, who showed both cards, sees the
// light ask for one card more where an Extra Hit deals three ("EXTRA HIT:
// After dealing normally, deal two extra cards to each stack"), and says
// misread: the Extra was shown on the Hit after all, the card dealt by
// hand identified as it, and the light asks for the Extra Hit's three
// cards (messy deal-unscanned, official seed 1001278: before, the lights
// ran a seat ahead of the table). With no card dealt by hand it could be,
// the misread is refused, nothing changed; said again at once, it puts
// back the deal.
func TestMisreadExtraLaidOnItsRider(t *testing.T) {
	kinds := []Kind{Hit, Move, Hit, Extra, Extra, Move, Move, Move, Move, Move, Ground, Ground}
	upTo := func(t *testing.T, unscanned bool) *table {
		tb := newObserved(t, 2, kinds...)
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Move, 0)))
		tb.ok(Scan(tb.id(Hit, 0))) // seat 1 played it on itself: two cards due
		tb.ok(Scan(tb.id(Hit, 1)))
		if unscanned {
			// The Hit's first card went unscanned: the read is its second.
			tb.ok(DealtUnscanned(tb.id(Hit, 1)))
		} else {
			tb.ok(Scan(tb.id(Move, 1)))
		}
		tb.ok(Confirm()) // sweep the Hit
		tb.ok(Scan(tb.id(Move, 2)))
		tb.ok(Scan(tb.id(Hit, 1))) // seat 1 played it on itself
		if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || in.Rider != Hit || in.Due != 2 {
			t.Fatalf("after seat 1's Hit shown: %v, want its two cards", in)
		}
		return tb
	}
	// An Extra the engine believes in the deck (the other may stand in
	// for the card dealt by hand).
	extra := func(t *testing.T, tb *table) (string, int) {
		for nth := range 2 {
			id := tb.id(Extra, nth)
			if c, _ := tb.CardIndex(id); tb.Where(c).Zone == InDeck {
				return id, c
			}
		}
		t.Fatal("no Extra left in the deck")
		return "", 0
	}

	t.Run("a card dealt by hand uncovered: shown after all", func(t *testing.T) {
		tb := upTo(t, true)
		id, c := extra(t, tb)
		tb.ok(Scan(id))
		if w := tb.Where(c); w.Zone != InStack || w.Player != 0 {
			t.Fatalf("the Extra read is at %+v, want seat 1's deal", w)
		}
		if got, ok := tb.ReadToTakeBack(); !ok || got != id {
			t.Fatalf("ReadToTakeBack = %q, %v, want %s (the dealer may say it was shown)", got, ok, id)
		}
		tb.ok(NotThereRead(id))
		if w := tb.Where(c); w != (Place{Zone: AsExtra, Player: 0}) {
			t.Fatalf("after the misread the Extra is at %+v, want on seat 1's Hit", w)
		}
		if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || in.Rider != Hit || in.Extras != 1 || in.Due != 3 {
			t.Fatalf("after the misread: %v, want the Extra Hit's three cards for seat 1", in)
		}
		if inf(tb, InfShownAfterAll) != c {
			t.Fatalf("the Extra is not named shown after all: %+v", tb.Inferences())
		}
		for _, x := range tb.Inferences() {
			if x.Kind == InfBlindDeal && tb.Blind(x.Card) {
				t.Fatalf("%v still stands in for the card dealt by hand: %+v", tb.Card(x.Card), tb.Where(x.Card))
			}
		}
	})
	t.Run("said again at once: the deal again", func(t *testing.T) {
		tb := upTo(t, true)
		id, _ := extra(t, tb)
		tb.ok(Scan(id))
		judged, next := cards(tb.Game), tb.Next()
		tb.ok(NotThereRead(id))
		tb.ok(NotThereRead(id))
		if got := cards(tb.Game); got != judged || tb.Next() != next {
			t.Fatalf("after two misreads (%v):\n%s\ntaken for the deal (%v):\n%s", tb.Next(), got, next, judged)
		}
	})
	t.Run("no card dealt by hand: the deal, no misread", func(t *testing.T) {
		tb := upTo(t, false)
		id, _ := extra(t, tb)
		tb.ok(Scan(id))
		before := cards(tb.Game)
		if got, ok := tb.ReadToTakeBack(); ok {
			t.Fatalf("ReadToTakeBack = %q, want none", got)
		}
		tb.refused(NotThereRead(id), RuleCardNotExpected)
		if got := cards(tb.Game); got != before {
			t.Fatalf("the refused misread changed the hand:\n%s\nwas:\n%s", got, before)
		}
	})
}
