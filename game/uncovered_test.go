package game

import "testing"

// TestUncovered: "You can only pick up the top card of your stack. This
// means that once a card has been buried, you can't play it, unless you
// first play all the cards on top of it." Seat 1's Hit is shown; its first
// card is dealt unscanned and its second, a Skip, read and said so: the
// card dealt by hand lies under the Skip, covered, and AskFor does not
// offer it. A pass later the Skip is shown at seat 1's turn, picked up from
// that stack and played: the card dealt by hand tops the stack again, and
// Uncovered names seat 1, whose dealer may now be asked for it. The Skip's
// read while it lay on it uncovered nothing.
func TestUncovered(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Skip, Move, Move, Move, Ground, Ground)
	tb.ok(Scan("hit-0"))
	tb.ok(Scan("move-1"))
	tb.ok(Scan("hit-0")) // shown at seat 1's turn: two cards due
	covered := tb.CoveredGuesses()
	tb.ok(Scan("skip-3")) // the Hit's second card; its first went unscanned
	tb.ok(DealtUnscanned("skip-3"))
	if got := tb.Uncovered(covered); got != 0 || tb.AskFor(0) {
		t.Fatalf("after the unscanned said: Uncovered %d, AskFor %v; want 0, false (the card dealt by hand lies under the Skip)", got, tb.AskFor(0))
	}
	covered = tb.CoveredGuesses()
	if len(covered) != 1 || !tb.Blind(covered[0]) || tb.Where(covered[0]).Player != 0 {
		t.Fatalf("covered %v: want seat 1's card dealt by hand", covered)
	}
	tb.ok(Confirm()) // sweep the Hit
	tb.ok(Scan("move-4"))
	if got := tb.Uncovered(covered); got != 0 {
		t.Fatalf("before the Skip is shown: Uncovered %d, want 0", got)
	}
	tb.ok(Scan("skip-3")) // shown at seat 1's turn, picked up from its stack
	if r := tb.Rider(0); r < 0 || tb.Card(r).ID != "skip-3" {
		t.Fatalf("seat 1's rider %d: want skip-3 shown", r)
	}
	if got := tb.Uncovered(covered); got != 1 || !tb.AskFor(0) {
		t.Fatalf("the Skip shown: Uncovered %d, AskFor %v; want seat 1, true", got, tb.AskFor(0))
	}
}
