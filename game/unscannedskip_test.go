package game

import "testing"

// TestUnscannedWhereASkipWasMovedAway: "SKIP: Deal no cards to this
// player. (And sweep away the Skip.)" Seat 2 has a Skip.
//
// Moved away unseen: the dealer deals seat 1 and seat 2 each a card
// without scanning it, and seat 3's card, read, is taken for seat 1's: the
// light then asks for seat 2's Skip to be swept. The first "unscanned"
// stands a card in at seat 1, and the read again, a card at the Skip's
// sweep, says the Skip is gone and is taken for seat 2's. The second
// "unscanned", said of the same read, goes back to that sweep: the card
// dealt unscanned there says the same, so the Skip goes, a card stands in
// at seat 2, and the read is seat 3's. Before, the second was refused ("no
// card was due before it"), and the light asked seat 2 for a card it
// already had (messy 8005382 official and french).
//
// Shown first: the dealer shows the Skip at its sweep, so it is there and
// seat 2 is dealt nothing; the two "unscanned" said of the next read
// stand cards in at seats 3 and 1, and the read is seat 2's card of the
// next round. A card read or dealt unscanned past a Skip shown is no word
// that it was moved away: only at the sweep that begins the seat's turn
// (in.First) is a card there a deal that says so (scan, and
// standInUnscanned after confirmSweeps sweeps the Skip shown).
func TestUnscannedWhereASkipWasMovedAway(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shown bool
		// first, second: the faller the read lies with after each
		// "unscanned"; next, the faller the light then deals to.
		first, second, next int
		// blind: the fallers a card dealt unscanned stands in at.
		blind int
	}{
		{name: "moved away unseen", first: 1, second: 2, next: 0, blind: 1<<0 | 1<<1},
		{name: "shown before", shown: true, first: 0, second: 1, next: 2, blind: 1<<2 | 1<<0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, Stop, Stop, Stop, Stop, Stop, Stop, Skip, Ground, Ground, Ground)
			skip := tb.ride(1, Skip)
			read := tb.id(Stop, 0)
			tb.ok(Scan(read))
			tb.wantNext(ActSweep, 1)
			if tc.shown {
				tb.ok(Scan(tb.cards[skip].ID))
				read = tb.id(Stop, 1)
				tb.ok(Scan(read))
			}
			c, _ := tb.CardIndex(read)
			tb.ok(DealtUnscanned(read))
			if w := tb.Where(c); w.Zone != InStack || w.Player != tc.first {
				t.Fatalf("after the first unscanned %s is at %+v, want faller %d's deal", read, w, tc.first)
			}
			tb.ok(DealtUnscanned(read))
			if w := tb.Where(c); w.Zone != InStack || w.Player != tc.second {
				t.Fatalf("after the second unscanned %s is at %+v, want faller %d's deal", read, w, tc.second)
			}
			tb.wantNext(ActDeal, tc.next)
			if w := tb.Where(skip); w.Zone == AsRider {
				t.Fatalf("seat 2's Skip is still its rider: %+v", w)
			}
			blind, gone := 0, false
			for _, x := range tb.Inferences() {
				switch {
				case x.Kind == InfBlindDeal:
					blind |= 1 << x.Player
				case x.Kind == InfRiderGone && x.Card == skip:
					gone = true
				}
			}
			if blind != tc.blind {
				t.Fatalf("blind deals at fallers %b, want %b; inferences %+v", blind, tc.blind, tb.Inferences())
			}
			if gone == tc.shown {
				t.Fatalf("Skip inferred gone unseen: %v, want %v; inferences %+v", gone, !tc.shown, tb.Inferences())
			}
		})
	}
}
