package game

import "testing"

// TestUnscannedGroundUnnamedOnlyOnTop: an Identify that names no stack
// (Stack 0: a play log of entry schema 8 and older, before the dealer's ask
// named one, or a held read's) is taken for a Ground dealt unscanned only
// through the stand-in found on top (standInFound), as those logs were
// written; a buried guess, which identify also tries (identifiedStandIn),
// is no card the dealer's "unscanned" made, so such a log replays as it
// did. "HIT: After dealing normally, deal a second card into each of this
// player's stacks." Seat 3 shows a Hit; its first card goes unscanned, and
// stop-5, read for it, is the Hit's second once the dealer says so: the
// stand-in for the first lies under it, a buried guess. A Ground read for
// seat 3, no stack named, was refused, nothing changed: it still is, and
// seat 3 does not go out (through identifiedStandIn it landed).
func TestUnscannedGroundUnnamedOnlyOnTop(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Hit, Stop, Stop, Stop, Stop, Ground, Stop, Stop, Stop, Ground, Ground)
	for _, id := range []string{"stop-0", "stop-1", "hit-2", "stop-3", "stop-4", "hit-2", "stop-5"} {
		tb.ok(Scan(id))
	}
	tb.ok(DealtUnscanned("stop-5"))
	ground, _ := tb.CardIndex("ground-7")
	st := tb.Stack(2, 0)
	s := st[len(st)-2]
	if tb.Card(st[len(st)-1]).ID != "stop-5" || !tb.Blind(s) || tb.standInFound(2, ground) >= 0 || tb.buriedGuess(2, ground) != s || !tb.unscannedGround(2, s) {
		t.Fatalf("seat 3's stack %q: want stop-5 on the stand-in the unscanned made, found only as a buried guess", tb.kinds(2))
	}
	tb.refused(Identify(3, "ground-7"), RuleCardNotExpected)
	if tb.Out(2) {
		t.Fatal("seat 3 is out")
	}
}
