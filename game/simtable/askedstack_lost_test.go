package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
)

// TestDealerScansTheStackNamedWhenTheTableLostOne: the ask names the stack
// by the engine's count (game.Game.AskStack), and the engine may count a
// stack the table no longer has: "Extra stacks disappear once they are
// empty", and a faller empties one unseen ("You can only pick up the top
// card of your stack"; the engine learns it only at the next deal there).
// Seat 2's Split started a second stack with a card dealt by hand (byhand);
// seat 2 then picked up both cards of its first stack, so the table has one
// stack, byhand on top, while the engine, still counting two, asks for
// "stack 2". A person who dealt byhand by hand, and sees it on top of the
// seat's only stack, the second the screen draws, scans it. The simulated
// dealer looked up the truth's stack 2, which does not exist, and said n:
// the engine then took byhand's stand-in into the faller's hand
// (heldAlone) and dropped the stack that is still on the table. Now, where
// the screen draws more stacks than the table has, the dealer matches the
// stack asked about to the one they dealt by hand into (byhand.Memory.Match).
func TestDealerScansTheStackNamedWhenTheTableLostOne(t *testing.T) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "byhand", Kind: game.Stop}, {ID: "mv3", Kind: game.Move},
		{ID: "mv4", Kind: game.Move}, {ID: "mv5", Kind: game.Move}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	tb, eng := tableAndEngine(t, deck)
	// The table: mv0, mv1, split on mv0, mv2; seat 2 plays the Split on
	// itself; hit into stack 1, byhand (dealt by hand) into a new stack.
	applyAll(t, tb.truth, game.Step(), game.Step(), game.Step(), game.Step(), game.PickUp(0, 0), game.Play(0, 0), game.Step(), game.Step())
	byhand := tb.truth.Top(0, 1)
	tb.rememberByHand(byhand, 2)
	// The engine sees the same, byhand confirmed by hand.
	applyAll(t, eng, game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"), game.Scan("split"), game.Scan("hit"), game.Confirm())
	// The Split swept, seat 2 picks up the hit (played on seat 3) and mv0:
	// its first stack is gone at the table, unseen by the engine.
	applyAll(t, tb.truth, game.Step(), game.PickUp(0, 0), game.Play(0, 1), game.PickUp(0, 0))
	if n := tb.truth.NumStacks(0); n != 1 || tb.truth.Top(0, 0) != byhand {
		t.Fatalf("the table: seat 2 has %d stacks, want 1 topped by byhand", n)
	}
	stack := eng.AskStack(0)
	if n := eng.NumStacks(0); n != 2 || stack != 2 {
		t.Fatalf("the engine: seat 2 has %d stacks and the ask names stack %d, want 2 and 2", n, stack)
	}
	// The screen: "scan the card dealt by hand to seat 2, stack 2", two
	// stacks drawn for seat 2.
	tb.SetAsk(func() Ask { return Ask{Seat: 2, Stack: stack, Drawn: eng.StackNumber(0, eng.NumStacks(0)-1)} })
	asked := tb.askedStack(2) // without t.mu: the screen takes the dealer's lock
	tb.mu.Lock()
	got := tb.byHandOnTop(0, asked)
	tb.mu.Unlock()
	if got != byhand {
		t.Errorf("asked for seat 2's stack 2, the dealer scanned card %d (-1: n), want byhand (%d), on top of the seat's only stack", got, byhand)
	}
}

// TestDealerScansTheStackNamedAfterNotThere: mid-address the engine keeps
// a stack the dealer said was not there, empty, until the address is done
// (dropEmpty), so the stacks after it kept their numbers: the deal and the
// ask named "stack 2" where the table has one stack. The screen now
// numbers only the stacks with a card in them (game.Game.StackNumber),
// and the ask names stack 1, the table's only one. Seat 2 played a Hit on
// itself (2 due into each stack, "If a player has more than one stack, you
// will deal one card into each") after picking up its first stack whole;
// the dealer says not there of stack 1 and deals the first card of stack 2
// by hand. Asked for "seat 2, stack 2" between the Hit's two cards, the
// simulated dealer looks up the truth's stack 2, which the truth, having
// dropped the empty stack, does not have, and says n of the card it just
// dealt by hand and sees on top. Before the ask named the stack it scanned
// the card (it looked at every stack's top).
func TestDealerScansTheStackNamedAfterNotThere(t *testing.T) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "y", Kind: game.Move}, {ID: "mv3", Kind: game.Move},
		{ID: "byhand", Kind: game.Stop}, {ID: "mv5", Kind: game.Move}, {ID: "mv6", Kind: game.Move}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	tb, eng := tableAndEngine(t, deck)
	// mv0, mv1, split on mv0, mv2; seat 2 plays the Split on itself: hit
	// into stack 1, y into a new stack; the Split swept; mv3 to seat 3.
	applyAll(t, tb.truth, game.Step(), game.Step(), game.Step(), game.Step(), game.PickUp(0, 0), game.Play(0, 0),
		game.Step(), game.Step(), game.Step(), game.Step())
	applyAll(t, eng, game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"), game.Scan("split"),
		game.Scan("hit"), game.Scan("y"), game.Step(), game.Scan("mv3"))
	// Seat 2 plays the hit on itself and picks up mv0: stack 1 is gone.
	applyAll(t, tb.truth, game.PickUp(0, 0), game.Play(0, 0), game.PickUp(0, 0))
	// Seat 2's turn: the Hit shown, not there of stack 1, byhand dealt
	// into the seat's only stack and confirmed by hand.
	applyAll(t, eng, game.Scan("hit"), game.StackGone())
	applyAll(t, tb.truth, game.Step())
	byhand := tb.truth.Top(0, 0)
	tb.rememberByHand(byhand, 2)
	applyAll(t, eng, game.Confirm())
	if n := tb.truth.NumStacks(0); n != 1 {
		t.Fatalf("the table: seat 2 has %d stacks, want 1", n)
	}
	// The screen numbers the stacks the table has: the empty one, said not
	// there, is none ("Extra stacks disappear once they are empty"), and
	// byhand tops the seat's stack 1, the only one drawn.
	if in := eng.Next(); in.Seat != 2 || in.Due != 1 || eng.AskStack(0) != 1 || eng.StackNumber(0, in.Stack) != 1 {
		t.Fatalf("the engine: next %v (the screen's stack %d), the ask names stack %d; want the Hit's second card due, stack 1 both",
			in, eng.StackNumber(0, in.Stack), eng.AskStack(0))
	}
	tb.SetAsk(func() Ask { return Ask{Seat: 2, Stack: eng.AskStack(0), Drawn: 1} })
	asked := tb.askedStack(2)
	tb.mu.Lock()
	got := tb.byHandOnTop(0, asked)
	tb.mu.Unlock()
	if got != byhand {
		t.Errorf("asked for seat 2's stack 2, the dealer scanned card %d (-1: n), want byhand (%d), on top of the seat's only stack", got, byhand)
	}
}

// tableAndEngine is a hand of deck at seats 2 and 3 twice: the simulated
// table (its truth what lies on the table) and the engine, which sees only
// what the events it is given say.
func tableAndEngine(t *testing.T, deck []game.Card) (*Table, *game.Game) {
	t.Helper()
	tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	return tb, eng
}

// applyAll applies es to g in order, failing t at the first refused.
func applyAll(t *testing.T, g *game.Game, es ...game.Event) {
	t.Helper()
	for _, e := range es {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
}
