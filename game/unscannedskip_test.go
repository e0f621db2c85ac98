package game

import "testing"

// TestUnscannedWhereASkipWasMovedAway: "SKIP: Deal no cards to this
// player. (And sweep away the Skip.)" Seat 2's Skip was Moved away unseen.
// The dealer deals seat 1 and seat 2 each a card without scanning it, and
// seat 3's card, read, is taken for seat 1's: the light then asks for seat
// 2's Skip to be swept. The first "unscanned" stands a card in at seat 1,
// and the read again, a card at the Skip's sweep, says the Skip is gone
// and is taken for seat 2's. The second "unscanned", said of the same
// read, goes back to that sweep: the card dealt unscanned there says the
// same, so the Skip goes, a card stands in at seat 2, and the read is
// seat 3's. Before, the second was refused ("no card was due before it"),
// and the light asked seat 2 for a card it already had (messy 8005382
// official and french).
func TestUnscannedWhereASkipWasMovedAway(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Stop, Stop, Stop, Stop, Skip, Ground, Ground, Ground)
	skip := tb.ride(1, Skip)
	read := tb.id(Stop, 0)
	tb.ok(Scan(read))
	tb.wantNext(ActSweep, 1)
	tb.ok(DealtUnscanned(read))
	c, _ := tb.CardIndex(read)
	if w := tb.Where(c); w.Player != 1 {
		t.Fatalf("read again at the Skip's sweep, %s is at %+v, want seat 2's deal", read, w)
	}
	tb.ok(DealtUnscanned(read))
	if w := tb.Where(c); w.Zone != InStack || w.Player != 2 {
		t.Fatalf("after the second unscanned %s is at %+v, want seat 3's deal", read, w)
	}
	tb.wantNext(ActDeal, 0)
	if w := tb.Where(skip); w.Zone == AsRider {
		t.Fatalf("seat 2's Skip is still its rider: %+v", w)
	}
	blind := 0
	for _, x := range tb.Inferences() {
		if x.Kind == InfBlindDeal && (x.Player == 0 || x.Player == 1) {
			blind |= 1 << x.Player
		}
	}
	if blind != 3 {
		t.Fatalf("blind deals at seats 1 and 2: %b, want both; inferences %+v", blind, tb.Inferences())
	}
}
