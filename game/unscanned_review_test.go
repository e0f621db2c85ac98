package game

import "testing"

// TestMisreadAfterUnscanned: the dealer's "misread" takes back "a card
// scanned that should not be there: ... the game state does not move"
// (product.md). A rider read again by "unscanned" (DealtUnscanned) is a
// read like any other: taken back, the hand is the one just after the
// deal confirmed by hand, not the one the engine had wrongly reached
// before the dealer said "unscanned".
func TestMisreadAfterUnscanned(t *testing.T) {
	kinds := []Kind{Stop, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	ref := newObserved(t, 3, kinds...)
	for _, id := range []string{"stop-0", "hit-1"} {
		tb.ok(Scan(id))
		ref.ok(Scan(id))
	}
	tb.ok(Scan("hit-1")) // taken for a Hit played on seat 3, whose card went unscanned
	tb.ok(DealtUnscanned("hit-1"))
	ref.ok(Confirm()) // seat 3's card, confirmed by hand in its time
	id, ok := tb.ReadToTakeBack()
	if !ok || id != "hit-1" {
		t.Fatalf("ReadToTakeBack = %q, %v: the rider read again cannot be taken back", id, ok)
	}
	tb.ok(NotThereRead("hit-1"))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("the misread after unscanned went back to\n%s\nwant the hand just after the deal confirmed by hand:\n%s", got, want)
	}
}

// TestUnscannedAfterALateRead: "unscanned" is said of a read the light took
// for the card dealt unscanned before it. The Extra read a moment after the
// beat ended its Skip's address (lateRun) is taken for no deal: the light
// goes back to the Skip's seat, it lags no seat behind, and an "unscanned"
// said then is refused with nothing changed, not turned into a card dealt
// by hand to the seat after.
func TestUnscannedAfterALateRead(t *testing.T) {
	tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip, Extra)
	tb.stack(1, Skip, Extra) // played unseen on seat 1
	tb.ok(Scan(tb.id(Skip, 0)))
	tb.wantNext(ActSweep, 0)
	tb.ok(Confirm()) // the beat sweeps the Skip
	tb.ok(Scan(tb.id(Extra, 0)))
	tb.wantNext(ActSweep, 0) // the late Extra: back at seat 1
	tb.refused(DealtUnscanned(tb.id(Extra, 0)), RuleCardNotExpected)
}
