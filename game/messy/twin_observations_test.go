package messy

import (
	"slices"
	"testing"
)

// TestSameObservationsSeesACardElsewhere: the twin must show the
// assistant every card but the two it changes where the table has them.
// On 1007904's twin, two other cards dealt before the held one swapped in
// the twin's deck lie elsewhere at some observation, and sameObservations
// says so (a check that always said yes passed every other twin test).
func TestSameObservationsSeesACardElsewhere(t *testing.T) {
	tb := twinHand(t, "official", 1007904)
	hs, ok := findHeldShown(tb.log, len(tb.log))
	if !ok || hs.h != "split-3" {
		t.Fatalf("the mark: %+v, %v; want split-3 held", hs, ok)
	}
	events := tb.events[:tb.logAt[hs.end-1]]
	real, err := replayedFrom(tb.truth, tb.order, events)
	if err != nil {
		t.Fatal(err)
	}
	g := real[0]
	e, h := mustCard(t, g, "skip-2"), mustCard(t, g, hs.h)
	kE, kH := dealtAtMove(real, e), dealtAtMove(real, h)
	seen, err := replayedLog(tb.start, tb.log[:hs.end])
	if err != nil {
		t.Fatal(err)
	}
	tw := buildTwin(tb.order, events, g.PlayerAt(hs.seat), seen.Where(h).Player, e, h, kE, kH, real[kE+1].Where(e).Stack)
	twin, err := replayedFrom(tb.truth, tw.order, tw.events)
	if err != nil {
		t.Fatal(err)
	}
	if why := tb.sameObservations(hs, real, twin, tw, e, h, kH); why != "" {
		t.Fatalf("the twin itself: %s", why)
	}
	tried := 0
	for i := 0; i+1 < len(tw.order) && tried < 3; i++ {
		a := tw.order[i]
		b := tw.order[i+1]
		if a == e || a == h || b == e || b == h || dealtAtMove(real, a) < 0 || dealtAtMove(real, b) < 0 || dealtAtMove(real, b) > kE {
			continue
		}
		moved := tw
		moved.order = slices.Clone(tw.order)
		moved.order[i], moved.order[i+1] = b, a
		states, err := replayedFrom(tb.truth, moved.order, moved.events)
		if err != nil {
			continue // the rules refuse that twin before its observations are compared
		}
		tried++
		if why := tb.sameObservations(hs, real, states, moved, e, h, kH); why == "" {
			t.Errorf("%s and %s swapped in the twin's deck: the same observations", g.Card(a).ID, g.Card(b).ID)
		}
	}
	if tried == 0 {
		t.Fatal("no two cards dealt before the held one could be swapped: the test proves nothing")
	}
}
