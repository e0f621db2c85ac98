package game

import "testing"

// TestStopShownStandingInAtAnothersStack: "To Stop a Ground, play the Stop
// as the Ground is being dealt to you", and "you can never mess with the
// cards in someone's stack". The reader gone, seat 1's and seat 2's cards
// are dealt by hand; the engine stands in a Stop for seat 1's and a Move
// for seat 2's, where seat 2's was the Stop. A Ground dealt to seat 2, seat
// 2 claims and the Stop is read in the window: the Stop seat 2 plays is its
// own, not one from seat 1's stack, so it is seat 2's card dealt by hand,
// and the two guesses trade places: the Move stands in at seat 1, still a
// guess. Before, the Stop was taken from seat 1's stack, which lost a card
// the table still has, and the light dealt seat 1 one stack short (messy
// french seed 1009463 with the expert riders, the reader gone).
func TestStopShownStandingInAtAnothersStack(t *testing.T) {
	tb := newObserved(t, 2, Stop, Move, Move, Ground, Move, Move, Ground, Ground)
	stop, move := tb.id(Stop, 0), tb.id(Move, 0)
	s, _ := tb.CardIndex(stop)
	m, _ := tb.CardIndex(move)
	tb.ok(Confirm()) // seat 1, by hand: the Stop stands in
	tb.ok(Confirm()) // seat 2, by hand: a Move stands in
	if w := tb.Where(s); w.Zone != InStack || w.Player != 0 || !tb.Blind(s) {
		t.Fatalf("the Stop is at %+v, want standing in at seat 1", w)
	}
	tb.ok(Scan(tb.id(Move, 1)))   // seat 1
	tb.ok(Scan(tb.id(Ground, 0))) // seat 2: its window opens
	tb.ok(Press(2))
	tb.ok(Scan(stop))
	if tb.Out(1) {
		t.Fatalf("seat 2 is out: its Stop did not save it")
	}
	if w := tb.Where(m); w.Zone != InStack || w.Player != 0 || !tb.Blind(m) {
		t.Fatalf("the Move is at %+v (blind %v), want standing in at seat 1 where the Stop was", w, tb.Blind(m))
	}
	if got := len(tb.Stack(0, 0)); got != 2 {
		t.Fatalf("seat 1's stack holds %d cards, want the 2 dealt", got)
	}
}
