package game

import "testing"

// twoBlindTops: seat 1 holds two stacks, each topped by a card dealt by
// hand (a Split rider carried out with the reader gone).
func twoBlindTops(t *testing.T) (*table, int, int) {
	tb := newObserved(t, 2, Split, Hit, Move, Move, Move, Move, Move, Move, Skip, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0)))  // seat 1
	tb.ok(Scan(tb.id(Move, 1)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1, on the Move
	tb.ok(Scan(tb.id(Move, 2)))  // seat 2
	tb.ok(Scan(tb.id(Split, 0))) // seat 1's turn: played on themself
	for i := 0; i < 10 && tb.NumStacks(0) < 2; i++ {
		tb.ok(Confirm())
	}
	a, b := tb.Top(0, 0), tb.Top(0, 1)
	if !tb.Blind(a) || !tb.Blind(b) {
		t.Fatalf("tops %d %d blind %v %v", a, b, tb.Blind(a), tb.Blind(b))
	}
	return tb, a, b
}

func TestReview2NotOnTopTwoStacks(t *testing.T) {
	tb, a, b := twoBlindTops(t)
	tb.ok(NotOnTop(1))
	if !tb.SaidPickedUp(a) {
		t.Fatalf("first n did not mark stack 1's top")
	}
	// The dealer's blindSeat now asks about stack 2's top; the dealer says n.
	tb.ok(NotOnTop(1))
	if !tb.SaidPickedUp(b) {
		t.Fatalf("second n marked stack 1's top again, not stack 2's: seat 1 is asked again at every later round, and each n refreshes the wrong stand-in's window")
	}
}

// TestReview2DigestCloneReplay: the digest of a game with loose stand-ins,
// guesses and a knocked stack equals its Clone's and a replay's.
func TestReview2DigestCloneReplay(t *testing.T) {
	kinds := []Kind{Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground}
	evs := func(tb *table) []Event {
		return []Event{Confirm(), NotOnTop(1), Scan(tb.id(Move, 0)), Scan(tb.id(Move, 1)), Scan(tb.id(Move, 2)), Knocked(1), Scan(tb.id(Hit, 0)), Scan(tb.id(Move, 3))}
	}
	a := newObserved(t, 2, kinds...)
	b := newObserved(t, 2, kinds...)
	for i, e := range evs(a) {
		a.ok(e)
		b.ok(e)
		if c := a.Clone(); c.Digest() != a.Digest() {
			t.Fatalf("after %d %v: clone digest differs", i, e)
		}
		if a.Digest() != b.Digest() {
			t.Fatalf("after %d %v: replay digest differs", i, e)
		}
		// a refused event leaves the digest as it was
		d := a.Digest()
		_ = a.Apply(NotOnTop(9))
		_ = a.Apply(Knocked(9))
		_ = a.Apply(Scan("nope"))
		if a.Digest() != d {
			t.Fatalf("after %d: a refusal changed the digest", i)
		}
	}
}

// TestReview2IdentifyAfterNotOnTop: seat 1's first stack's stand-in was said
// picked up; the card the dealer then scans for seat 1 lies on the second
// stack, the only card dealt by hand still on top. It is swapped with the
// stand-in said picked up instead.
func TestReview2IdentifyAfterNotOnTop(t *testing.T) {
	tb, a, b := twoBlindTops(t)
	tb.ok(NotOnTop(1))
	if !tb.SaidPickedUp(a) {
		t.Fatalf("first n did not mark stack 1's top")
	}
	tb.ok(Identify(1, tb.id(Skip, 0)))
	skip, _ := tb.CardIndex(tb.id(Skip, 0))
	if w := tb.Where(skip); w.Stack != 1 || tb.Blind(b) {
		t.Fatalf("the Skip read on stack 2 went to %+v; stack 2's stand-in blind %v, stack 1's said picked up %v", w, tb.Blind(b), tb.SaidPickedUp(a))
	}
}

// TestReview2IdentifySwapKeepsLoose: seat 2's card dealt by hand was said
// picked up; seat 1's card dealt by hand is then read and is the very card
// the engine stood in at seat 2. The two guesses swap places (identify), and
// the one now standing at seat 2 still stands for a card picked up: the n
// must not be forgotten.
func TestReview2IdentifySwapKeepsLoose(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Move, Move, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Confirm()) // seat 1
	tb.ok(Confirm()) // seat 2
	a, b := tb.Top(0, 0), tb.Top(1, 0)
	if !tb.Blind(a) || !tb.Blind(b) {
		t.Fatal("want two stand-ins")
	}
	tb.ok(NotOnTop(2))
	tb.ok(Identify(1, tb.Card(b).ID))
	if got := tb.Top(1, 0); got != a || !tb.SaidPickedUp(got) {
		t.Fatalf("seat 2's stand-in is now %v, said picked up %v: the dealer's n for seat 2 was forgotten", tb.Card(got), tb.SaidPickedUp(got))
	}
}
