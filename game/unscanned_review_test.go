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

// TestUnscannedClonesAndReplays: "state + event → new state" (the engine
// is a function): a copy of the hand made between the read and the
// dealer's "unscanned", or between the "unscanned" and a misread of the
// rider it read again, takes each the same way as the hand, and a replay
// of the events from the start reaches the same digest.
func TestUnscannedClonesAndReplays(t *testing.T) {
	kinds := []Kind{Stop, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	events := []Event{Scan("stop-0"), Scan("hit-1"), Scan("hit-1"), DealtUnscanned("hit-1"), NotThereRead("hit-1"), Scan("hit-1")}
	tb := newObserved(t, 3, kinds...)
	for i, e := range events {
		c := tb.Clone()
		tb.ok(e)
		if err := c.Apply(e); err != nil || c.Digest() != tb.Digest() || cards(c) != cards(tb.Game) {
			t.Fatalf("event %d, %v: the copy made before it: %v, digest %x, want %x", i, e, err, c.Digest(), tb.Digest())
		}
	}
	re := newObserved(t, 3, kinds...)
	for _, e := range events {
		re.ok(e)
	}
	if re.Digest() != tb.Digest() || cards(re.Game) != cards(tb.Game) {
		t.Fatal("the replay differs")
	}
}

// TestUnscannedThroughAPress: "presses at other times carry no move; the
// log keeps them for disputes" (observe1). A faller's button pressed
// between the read and the dealer's "unscanned" moves nothing, and the
// dealer may still say it: the faller dealt the Ground the engine took for
// the seat before presses to claim a Stop, and the dealer's "unscanned"
// must still move the Ground to them.
func TestUnscannedThroughAPress(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Ground, Stop, Stop, Ground)
	tb.ok(Scan("stop-0"))
	tb.ok(Scan("ground-2")) // seat 2's card went unscanned: the Ground is taken for seat 2's
	if in := tb.Next(); in.Action != ActLand || in.Player != 1 {
		t.Fatalf("the Ground is not taken for seat 2's: %v", in)
	}
	tb.ok(Press(3)) // seat 3, dealt the Ground, claims a Stop
	tb.ok(DealtUnscanned("ground-2"))
	if in := tb.Next(); in.Action != ActLand || in.Player != 2 {
		t.Fatalf("after unscanned: %v, want seat 3's Ground landing", in)
	}
}

// TestUnscannedFirstRead: the hand's first card may go unscanned too ("the
// dealer scans and places one card per beat", product.md): the first read,
// taken for seat 1's, is said unscanned, and the hand is the one where
// seat 1's card was confirmed by hand in its time.
func TestUnscannedFirstRead(t *testing.T) {
	kinds := []Kind{Stop, Stop, Stop, Stop, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	ref := newObserved(t, 3, kinds...)
	tb.ok(Scan("stop-2"))
	tb.ok(DealtUnscanned("stop-2"))
	ref.ok(Confirm())
	ref.ok(Scan("stop-2"))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("after unscanned:\n%s\nwant:\n%s", got, want)
	}
}

// TestUnscannedNotAfterAStopShown: a Stop shown for the Ground being dealt
// is no deal ("If you receive one of these, you are immediately out" unless
// Stopped): the light lags no seat behind it, and "unscanned" said of it
// is refused with nothing changed.
func TestUnscannedNotAfterAStopShown(t *testing.T) {
	tb := newObserved(t, 2, Stop, Stop, Ground, Stop, Stop, Ground)
	tb.ok(Scan("stop-0"))
	tb.ok(Scan("stop-1"))
	tb.ok(Scan("ground-2")) // seat 1's Ground
	tb.wantNext(ActLand, 0)
	tb.ok(Scan("stop-0")) // seat 1 Stops it with the Stop dealt to them
	tb.refused(DealtUnscanned("stop-0"), RuleCardNotExpected)
}
