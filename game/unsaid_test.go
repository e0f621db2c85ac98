package game

import (
	"strings"
	"testing"
)

// TestUnscannedTakenBack: "GROUND: If you receive one of these, you are
// immediately out." A dealer who says unscanned (b), or a Ground dealt
// unscanned (l, beside k on the keyboard), by mistake stands in a card
// nobody dealt, or puts a seat out with a Ground that was never there. Said
// again at once (UnscannedTakenBack, the dealer's r), the hand is exactly
// as it was before, the read where it was first taken and the light asking
// what it asked; only the inferences keep both. The read may then be said
// unscanned again, rightly. Only sweeps the beat confirmed and buttons
// pressed may come between; anything else, a take-back of another card's
// unscanned, or one with nothing said, is refused with nothing changed.
func TestUnscannedTakenBack(t *testing.T) {
	kinds := []Kind{Stop, Stop, Hit, Stop, Stop, Ground, Ground, Stop, Stop}
	// Seat 3's Hit deals its two cards, the second the Ground read in
	// its window.
	dealing := func(t *testing.T) *table {
		tb := newObserved(t, 3, kinds...)
		for _, id := range []string{"stop-0", "stop-1", "hit-2", "stop-3", "stop-4", "hit-2", "ground-6"} {
			tb.ok(Scan(id))
		}
		return tb
	}
	for _, tc := range []struct {
		name    string
		said    Event
		between []Event
		back    Event
		want    Rule // 0: taken back
	}{
		{name: "l by mistake", said: GroundDealtUnscanned("ground-6"), back: UnscannedTakenBack("ground-6")},
		{name: "b by mistake", said: DealtUnscanned("ground-6"), back: UnscannedTakenBack("ground-6")},
		{name: "through a button pressed", said: GroundDealtUnscanned("ground-6"), between: []Event{Press(2)}, back: UnscannedTakenBack("ground-6")},
		{name: "another card named", said: DealtUnscanned("ground-6"), back: UnscannedTakenBack("stop-4"), want: RuleCardNotExpected},
		{name: "after the Stop window closed", said: DealtUnscanned("ground-6"), between: []Event{StopClosed()}, back: UnscannedTakenBack("ground-6"), want: RuleCardNotExpected},
		{name: "nothing said", back: UnscannedTakenBack("ground-6"), want: RuleCardNotExpected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := dealing(t)
			before, beforeGuesses, next := snapshot(tb.Game), guesses(tb.Game), tb.Next()
			if tc.said.Kind != 0 {
				tb.ok(tc.said)
			}
			for _, e := range tc.between {
				tb.ok(e)
			}
			if tc.want != 0 {
				tb.refusedAsIs(tc.back, tc.want)
				return
			}
			inferred := len(tb.Inferences())
			tb.ok(tc.back)
			if got := rulesOnly(snapshot(tb.Game)); got != rulesOnly(before) {
				t.Errorf("the hand after the take-back is not the one before the unscanned:\n%s\nwant\n%s", got, before)
			}
			if got := guesses(tb.Game); got != beforeGuesses {
				t.Errorf("guesses %s, want %s", got, beforeGuesses)
			}
			if in := tb.Next(); in != next {
				t.Errorf("the light asks %v, want %v", in, next)
			}
			if tb.Out(2) || tb.Out(0) {
				t.Errorf("seat 3 out %v, seat 1 out %v: the Ground said dealt unscanned is still landed", tb.Out(2), tb.Out(0))
			}
			if inf := tb.Inferences(); len(inf) != inferred+1 || inf[inferred].Kind != InfUnscannedTakenBack {
				t.Errorf("inferences after the take-back: %v", inf[inferred:])
			}
			// Said rightly now: the read window is open again.
			tb.ok(GroundDealtUnscanned("ground-6"))
			if !tb.Out(2) {
				t.Error("the unscanned said again after the take-back did not land seat 3's Ground")
			}
		})
	}
}

// rulesOnly is a snapshot without its inferences, which a take-back adds
// to.
func rulesOnly(snap string) string {
	if i := strings.Index(snap, "inferred="); i >= 0 {
		return snap[:i]
	}
	return snap
}

// TestTwoUnscannedTakenBackOneByOne: "GROUND: If you receive one of these,
// you are immediately out." Two "unscanned" said in a row (a b, then
// another b, both by mistake), each take-back goes back exactly one: the
// hand as it was after the first (the card dealt by hand it stood in still
// a guess), then as it was before any. (The kept hand was once copied over
// by its own kept hand as it was gone back to: the first stand-in came
// back a read card, and the first b could not be taken back.) A clone
// taken between goes back the same way.
func TestTwoUnscannedTakenBackOneByOne(t *testing.T) {
	kinds := []Kind{Stop, Stop, Hit, Stop, Stop, Ground, Ground, Stop, Stop}
	tb := newObserved(t, 3, kinds...)
	for _, id := range []string{"stop-0", "stop-1", "hit-2", "stop-3", "stop-4", "hit-2", "ground-6"} {
		tb.ok(Scan(id))
	}
	state := func() string { return rulesOnly(snapshot(tb.Game)) + guesses(tb.Game) + tb.Next().String() }
	before := state()
	tb.ok(DealtUnscanned("ground-6"))
	first := state()
	tb.ok(DealtUnscanned("ground-6"))
	clone := tb.Clone()
	tb.ok(UnscannedTakenBack("ground-6"))
	if got := state(); got != first {
		t.Errorf("after one take-back:\n%s\nwant the hand after the first unscanned\n%s", got, first)
	}
	tb.ok(UnscannedTakenBack("ground-6"))
	if got := state(); got != before {
		t.Errorf("after two take-backs:\n%s\nwant the hand before both\n%s", got, before)
	}
	for _, e := range []Event{UnscannedTakenBack("ground-6"), UnscannedTakenBack("ground-6")} {
		if err := clone.Apply(e); err != nil {
			t.Fatalf("the clone's %v: %v", e, err)
		}
	}
	if clone.Digest() != tb.Digest() {
		t.Error("the clone taken between the two unscanned went back elsewhere")
	}
}
