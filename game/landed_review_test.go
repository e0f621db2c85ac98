package game

import "testing"

// TestUnscannedAfterAWindowDealtOn: "GROUND: If you receive one of these,
// you are immediately out", and "To Stop a Ground, play the Stop as the
// Ground is being dealt to you." Near the deck's end Grounds come in a
// row: seat 1's Ground is read and its Stop window opens; the dealer deals
// on past it, seat 2's card (a Ground) unscanned, and seat 3's is read. The
// read, no Stop, lands seat 1's Ground and is taken for seat 2's card: the
// light lags a seat behind. The dealer says so ("unscanned", or "landed"
// naming the card dealt unscanned a Ground): the read landed seat 1's
// Ground and stays so, and the hand is the one where each card was read or
// confirmed in its time. Before, both were refused ("no card was due
// before it"), leaving the light a seat behind for the rest of the hand.
func TestUnscannedAfterAWindowDealtOn(t *testing.T) {
	kinds := []Kind{Stop, Stop, Stop, Stop, Ground, Ground, Ground, Stop, Stop, Stop}
	pass := []string{"stop-0", "stop-1", "stop-2", "stop-3", "ground-4"}
	for _, tc := range []struct {
		name string
		said []Event // after the read of stop-7
		ref  []Event // the same cards, read or confirmed in their time
		out  []int   // the fallers out after it
	}{
		{"landed", []Event{GroundDealtUnscanned("stop-7")},
			[]Event{StopClosed(), ConfirmAs(Ground), StopClosed(), Scan("stop-7")}, []int{0, 1}},
		{"unscanned", []Event{DealtUnscanned("stop-7")},
			[]Event{StopClosed(), Confirm(), Scan("stop-7")}, []int{0}},
		{"unscanned, then the card scanned a Ground", []Event{DealtUnscanned("stop-7"), Identify(2, "ground-5")},
			[]Event{StopClosed(), Scan("ground-5"), StopClosed(), Scan("stop-7")}, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 4, kinds...)
			ref := newObserved(t, 4, kinds...)
			for _, id := range pass {
				tb.ok(Scan(id))
				ref.ok(Scan(id))
			}
			tb.wantNext(ActLand, 0)
			tb.ok(Scan("stop-7")) // dealt on past seat 1's window: it lands
			if !tb.Out(0) || tb.Seat(tb.Where(tb.index["stop-7"]).Player) != 2 {
				t.Fatalf("the read did not land seat 1 and go to seat 2: out %v, at %+v", tb.Out(0), tb.Where(tb.index["stop-7"]))
			}
			for _, e := range tc.said {
				tb.ok(e)
			}
			for _, e := range tc.ref {
				ref.ok(e)
			}
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the dealer said so:\n%s\nin their time:\n%s", got, want)
			}
			for _, p := range tc.out {
				if !tb.Out(p) {
					t.Errorf("seat %d is not out", tb.Seat(p))
				}
			}
		})
	}
}
