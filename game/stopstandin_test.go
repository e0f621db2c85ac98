package game

import "testing"

// TestStopShownStandingInAtAnothersStack: "You can only pick up the top
// card of your stack." The reader gone, seat 1's and seat 2's cards are
// dealt by hand; the engine stands in a Stop for seat 1's and a Move for
// seat 2's, where seat 2's was the Stop. A Ground dealt to seat 2, seat 2
// claims and the Stop is read in the window: it cannot have come from seat
// 1's stack, so it is seat 2's own card dealt by hand, and the two guesses
// trade places: the Move stands in at seat 1, still a guess. Before, the
// Stop was taken from seat 1's stack, which lost a card the table still
// has, and the light dealt seat 1 one stack short (messy french seed
// 1009463 with the expert riders, the reader gone).
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

// TestStopConfirmedStandingInAtAnothersStack: "Once you are holding a
// card, you may play it right away, or you may keep holding it", and "You
// can only pick up the top card of your stack." As in
// TestStopShownStandingInAtAnothersStack, but the reader is gone when seat
// 2's Ground comes: the dealer names it, seat 2 claims, and the dealer
// confirms the Stop by hand. Seat 2 holds no Stop the engine knows of; its
// card dealt by hand, still a guess, was one, and the Stop standing in at
// seat 1's stack cannot be seat 1's: the two trade places, and the Stop
// saves seat 2. Without a Stop standing in elsewhere, one from the deck
// takes the stand-in's place, the stand-in back in the deck. Before, the
// confirmation was refused, seat 2 went out while the table played on with
// it, and the light dealt a seat ahead (messy official seed 1002790 with
// the expert riders, the reader gone, on all three rule sets).
func TestStopConfirmedStandingInAtAnothersStack(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds []Kind
		want  Zone // where the Move that stood in for seat 2's card ends
	}{
		{"a Stop standing in at seat 1", []Kind{Stop, Move, Move, Move, Move, Ground, Ground}, InStack},
		{"a Stop in the deck", []Kind{Move, Move, Move, Move, Stop, Move, Ground, Ground}, InDeck},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, tc.kinds...)
			stop := tb.id(Stop, 0)
			s, _ := tb.CardIndex(stop)
			tb.ok(Confirm()) // seat 1, by hand
			tb.ok(Confirm()) // seat 2, by hand: a Move stands in
			m := tb.Top(1, 0)
			if tb.Card(m).Kind != Move || !tb.Blind(m) {
				t.Fatalf("seat 2's card dealt by hand is %v, want a Move standing in", tb.Card(m))
			}
			tb.ok(Confirm())         // seat 1
			tb.ok(ConfirmAs(Ground)) // seat 2: its window opens
			tb.ok(Press(2))
			tb.ok(Confirm()) // the Stop shown, confirmed by hand
			if tb.Out(1) {
				t.Fatalf("seat 2 is out: its Stop did not save it")
			}
			if w := tb.Where(s); w.Zone != InDiscard {
				t.Fatalf("the Stop is at %+v, want played and discarded", w)
			}
			if w := tb.Where(m); w.Zone != tc.want {
				t.Fatalf("the Move that stood in for seat 2's card is at %+v, want %v", w, tc.want)
			}
			if got := len(tb.Stack(0, 0)); got != 2 {
				t.Fatalf("seat 1's stack holds %d cards, want the 2 dealt", got)
			}
		})
	}
}
