package game

import (
	"errors"
	"testing"
)

// TestCardDealtByHandPlayedEndsItsDeal: "La carte Stop est à jouer lorsque
// le donneur va pour vous donner une carte (valable aussi pour les
// grounds) alors cette carte est défaussée." Under French rules a card is
// Stopped as it is dealt. The card dealt by hand to seat 3 (the reader
// missed it) is taken, when a Hit is named at seat 4's turn, for that Hit:
// seat 3 picked it up and played it there. It is no longer being dealt, so
// seat 3's Stop on "the card being dealt" has nothing to stop. (FuzzApply
// found the engine Stopping the card its guess had put back in the deck,
// which then lay in two places.)
func TestCardDealtByHandPlayedEndsItsDeal(t *testing.T) {
	tb := newTable(t, French(), 4, cat([]Kind{Skip, Skip, Move, Skip, Hit}, many(Skip, 10), []Kind{Stop}, many(Ground, 3))...)
	tb.give(2, Stop)
	tb.ok(Scan(tb.Card(0).ID)) // seat 1
	tb.ok(Scan(tb.Card(1).ID)) // seat 2
	tb.ok(Confirm())           // seat 3: a card dealt by hand, still being dealt
	if _, c, _, ok := tb.PendingDeal(); !ok || !tb.Blind(c) {
		t.Fatalf("seat 3's card dealt by hand is not the deal pending: the set-up is off")
	}
	tb.ok(ConfirmAs(Hit)) // seat 4's turn: a Hit shown there
	hit := tb.Rider(3)
	if hit < 0 || tb.Card(hit).Kind != Hit || !tb.Guessed(hit) {
		t.Fatalf("seat 4's rider %d: want the Hit the card dealt by hand stood for", hit)
	}
	if _, _, _, ok := tb.PendingDeal(); ok {
		t.Error("the card dealt by hand, picked up and played, is still being dealt")
	}
	err := tb.Apply(PlayStop(2, 2, StopDeal))
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("seat 3's Stop on the card dealt to it: %v, want a refusal", err)
	}
	tb.check()
}
