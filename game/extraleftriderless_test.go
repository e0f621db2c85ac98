package game

import "testing"

// TestExtraLeftRiderless: "An Extra card modifies a rider", and "To play an
// Extra, lay it on top of the rider you wish to modify, overlapping it so
// the dealer can still read both cards." While seat 1's card dealt by hand
// is said picked up, the dealer holds an Extra read from the deck as seat
// 1's turn begins (PlayedUnseen), and seat 1 has no rider. Shown, the
// Extra comes with its rider, read at once after it (game/dealer's
// TestHeldExtraReadBeforeItsRider); the next seat's card from the deck, or
// a card confirmed by hand, brings no rider, and leaves the Extra told as
// shown waiting for one no faller laid: the Extra was the deal (messy
// 1001640, where the hold took it for a card shown and the assistant put
// the Extra under the cards dealt on seat 1's card since). Any other card
// held is not asked about.
func TestExtraLeftRiderless(t *testing.T) {
	kinds := []Kind{Move, Move, Move, Move, Extra, Move, Move, Move, Move, Ground, Ground}
	for _, c := range []struct {
		name string
		held func(tb *table) string
		next func(tb *table) Event
		want bool
	}{
		{"the next card from the deck", func(tb *table) string { return tb.id(Extra, 0) }, func(tb *table) Event { return Scan(tb.id(Move, 2)) }, true},
		{"a card confirmed by hand", func(tb *table) string { return tb.id(Extra, 0) }, func(*table) Event { return Confirm() }, true},
		{"a rider held, not an Extra", func(tb *table) string { return tb.id(Move, 2) }, func(tb *table) Event { return Scan(tb.id(Move, 3)) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pickedUpAtSeat1(t, kinds)
			x, _ := tb.CardIndex(c.held(tb))
			if c.want && tb.PlayedUnseen(x) != 1 {
				t.Fatalf("PlayedUnseen(%s) = seat %d, want seat 1 (the dealer holds it)", c.held(tb), tb.PlayedUnseen(x))
			}
			before := cards(tb.Game)
			if got := tb.ExtraLeftRiderless(1, x, c.next(tb)); got != c.want {
				t.Errorf("ExtraLeftRiderless(seat 1, %s, %v) = %v, want %v", c.held(tb), c.next(tb), got, c.want)
			}
			if cards(tb.Game) != before {
				t.Error("asking changed the hand")
			}
		})
	}
}
