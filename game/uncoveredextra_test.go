package game

import "testing"

// TestExtraOnItsRiderFromAnUncoveredGuess: "You can only pick up the top
// card of your stack", "Once you are holding a card, you may play it right
// away", and "To play an Extra, lay it on top of the rider you wish to
// modify". Seat 1 has two cards dealt by hand in one stack: the first,
// said picked up (its stand-in stays where it lay, marked so), and a
// second, covered by a Hit read on it. Seat 1 plays the Hit on itself,
// shown as its turn begins: the second card dealt by hand tops the stack
// again, and no one was asked for it (TestPickedUpUnseenUncovered). An
// Extra read from the deck right after the Hit may be that card, grabbed
// and laid on the Hit: Identify would take the card on top for it, not
// the one said picked up. So it is offered (ExtraShownUnseen), and the
// dealer, who sees the Extra lying on the Hit, can say misread where the
// screen takes it for the Hit's first card. Before, a card said picked up
// at the seat hid the uncovered one: nothing was offered, the Extra stayed
// the Hit's first card, and the lights ran a card ahead of the table
// (messy 7008773, three rule sets, after the reader was gone).
func TestExtraOnItsRiderFromAnUncoveredGuess(t *testing.T) {
	tb := newObserved(t, 2, Move, Move, Move, Move, Move, Move, Hit, Extra, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1, by hand
	first := tb.Top(0, 0)
	tb.ok(Scan(tb.id(Move, 11))) // seat 2
	tb.ok(NotOnTop(1))           // seat 1 picked the first up
	tb.ok(Confirm())             // seat 1, by hand again
	second := tb.Top(0, 0)
	if second == first || !tb.Blind(second) {
		t.Fatalf("seat 1's top %v: want a second card dealt by hand", tb.Card(second))
	}
	tb.ok(Scan(tb.id(Move, 10))) // seat 2
	hit := tb.id(Hit, 0)
	tb.ok(ScanDealt(hit))       // seat 1's deal (the dealer's hold judged it so): covers the second, never asked for
	tb.ok(Scan(tb.id(Move, 9))) // seat 2
	tb.ok(Scan(hit))            // seat 1 plays its Hit on itself, shown as its turn begins
	if r := tb.Rider(0); r < 0 || tb.Card(r).ID != hit || tb.Top(0, 0) != second {
		t.Fatalf("seat 1's rider %d, top %v: want the Hit shown and the second card on top again", r, tb.Card(tb.Top(0, 0)))
	}
	extra := tb.index[tb.id(Extra, 0)]
	if got := tb.pickedUpUnseen(0); got != 1 {
		t.Fatalf("seat %d offered for a card picked up unseen, want seat 1 (its uncovered card dealt by hand)", got)
	}
	if got := tb.ExtraShownUnseen(extra); got != 1 {
		t.Fatalf("the Extra read next may be seat %d's card, want seat 1", got)
	}
	tb.ok(Scan(tb.Card(extra).ID)) // taken for the Hit's first card
	if got, ok := tb.ReadToTakeBack(); !ok || got != tb.Card(extra).ID {
		t.Fatalf("misread offers %q %v, want the Extra", got, ok)
	}
	tb.ok(NotThereRead(tb.Card(extra).ID))
	if w := tb.Where(extra); w != (Place{Zone: AsExtra, Player: 0}) {
		t.Fatalf("the Extra is at %+v, want on seat 1's Hit", w)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Player != 0 || in.Due != 3 {
		t.Fatalf("after the Extra shown after all: %v, want an Extra Hit's three cards", in)
	}
}
