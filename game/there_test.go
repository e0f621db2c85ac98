package game

import (
	"fmt"
	"testing"
)

// TestThereAfterAll: the dealer's "not there" has the last word (a stack
// reported gone is owed no cards), so one said of a stack that is still
// there, a slip of the finger or a stack hidden behind a faller's arm,
// leaves the seat a card short: "If a player has no stacks at all, you must
// start a new one", and with one there they must not. A faller points at
// it, and the dealer takes the "not there" back (ThereAfterAll): the hand
// is exactly as it was before it was said, but for the inferences, which
// keep the gone and add the take-back, and the light asks again for the
// card the stack is owed.
func TestThereAfterAll(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds []Kind
		setup func(tb *table)
		after []Event // accepted between the "not there" and its take-back
		seat  int     // the seat it was said of
		want  Action  // what the light asks after the take-back
	}{
		{
			name:  "HIT: After dealing normally, deal a second card into each of this player's stacks: the second stack said gone",
			kinds: []Kind{Hit, Skip, Skip, Stop, Stop, Stop, Stop, Ground},
			setup: func(tb *table) {
				tb.stack(0, Skip)
				tb.stack(0, Skip)
				tb.ride(0, Hit)
				tb.ok(Scan(tb.id(Hit, 0)))
				tb.ok(Scan(tb.id(Stop, 0))) // stack 1
			},
			seat: 1,
			want: ActDeal,
		},
		{
			name:  "If a player has no stacks at all, you must start a new one: a seat's only stack said gone, there after all",
			kinds: []Kind{Skip, Stop, Stop, Stop, Ground},
			setup: onlyStack,
			seat:  1,
			want:  ActDeal,
		},
		{
			name:  "through the sweep the beat confirmed: the last stack of a Hit's address said gone ends it",
			kinds: []Kind{Hit, Skip, Stop, Stop, Stop, Stop, Ground},
			setup: func(tb *table) {
				tb.stack(0, Skip)
				tb.ride(0, Hit)
				tb.ok(Scan(tb.id(Hit, 0)))
				tb.ok(Scan(tb.id(Stop, 0))) // the Hit's first card
			},
			after: []Event{Confirm()}, // the Hit's sweep, on the beat
			seat:  1,
			want:  ActDeal,
		},
		{
			name:  "through a button pressed",
			kinds: []Kind{Skip, Stop, Stop, Stop, Ground},
			setup: onlyStack,
			after: []Event{Press(1), Press(2)},
			seat:  1,
			want:  ActDeal,
		},
		{
			name:  "There are only five Ground cards, but there is an unlimited supply of ground: a Chute said not there where an imaginary Ground is due",
			kinds: []Kind{Chute, Skip},
			setup: func(tb *table) {
				tb.ride(1, Chute)
				tb.ok(Scan(tb.id(Skip, 0))) // seat 1: the deck is empty now
			},
			seat: 2,
			want: ActPass,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, tc.kinds...)
			tc.setup(tb)
			was, in := tb.keep(), tb.Next()
			tb.ok(StackGone())
			for _, e := range tc.after {
				tb.ok(e)
			}
			if seat, ok := tb.GoneToTakeBack(); !ok || seat != tc.seat {
				t.Fatalf("GoneToTakeBack = %d, %v, want seat %d", seat, ok, tc.seat)
			}
			tb.ok(ThereAfterAll())
			inf := tb.Inferences()
			if last := inf[len(inf)-1]; last.Kind != InfGoneTakenBack || tb.Seat(last.Player) != tc.seat {
				t.Fatalf("the not there is not named taken back: %+v", last)
			}
			again := tb.Clone()
			again.table.inferred = again.table.inferred[:was.inferred]
			if (kept{snapshot(again) + fmt.Sprint(again.Digest()), was.inferred}) != was {
				t.Fatalf("the hand is not as it was before the not there:\n%s\nwant\n%s", snapshot(again), was.state)
			}
			if got := tb.Next(); got != in || got.Action != tc.want {
				t.Fatalf("the light asks %v, want %v again", got, in)
			}
			if _, ok := tb.GoneToTakeBack(); ok {
				t.Fatal("taken back, it can be taken back again")
			}
			tb.refused(ThereAfterAll(), RuleCardNotExpected)
		})
	}
}

// onlyStack gives seat 1 its only stack, one Skip, and a button pressed
// for no reason: the engine sizes what it keeps per card on the first
// observation, which the digest covers, and a hand kept before any would
// differ in that alone.
func onlyStack(tb *table) {
	tb.stack(0, Skip)
	tb.ok(Press(2))
}

// TestThereAfterAllRefused: the take-back is said of the "not there" just
// said; of nothing, or once a card was read or confirmed since, it is
// refused with nothing changed ("the game state does not move",
// product.md).
func TestThereAfterAllRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []Event // accepted, before the take-back
	}{
		{"nothing said", nil},
		{"a card read since", []Event{StackGone(), Scan("stop-1")}},
		{"a card confirmed by hand since", []Event{StackGone(), Confirm()}},
		{"a card read after the dealer's word", []Event{Scan("stop-1")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Skip, Stop, Stop, Stop, Ground)
			tb.stack(0, Skip)
			for _, e := range tc.events {
				tb.ok(e)
			}
			if seat, ok := tb.GoneToTakeBack(); ok {
				t.Fatalf("GoneToTakeBack = seat %d", seat)
			}
			tb.refused(ThereAfterAll(), RuleCardNotExpected)
		})
	}
	t.Run("a not there that took a read back", func(t *testing.T) {
		// A card on top of seat 1's stack read again as seat 2's turn
		// begins is taken for a rider played there; the light asks for a
		// new stack, and "not there" names the read, not a stack.
		tb := newObserved(t, 2, Hit, Stop, Stop, Stop, Ground)
		tb.ok(Scan("hit-0"))
		tb.ok(Scan("hit-0"))
		if _, ok := tb.ReadToTakeBack(); !ok {
			t.Fatal("the read cannot be taken back")
		}
		tb.ok(StackGone())
		if last := tb.Inferences()[len(tb.Inferences())-1]; last.Kind != InfReadTakenBack {
			t.Fatalf("not there did not take the read back: %+v", last)
		}
		tb.refused(ThereAfterAll(), RuleCardNotExpected)
	})
}

// TestThereAfterAllAfterAStrayRead: "a card scanned that should not be
// there: ... the game state does not move" (product.md). A card read just
// after a "not there", taken for a rider played at the seat now reached,
// closes the "not there"'s window; the dealer's misread (or "not there",
// where the light asks nothing of a stack) takes the read back, and with it
// the "not there" may be taken back again: the hand is then as it was
// before the slip.
func TestThereAfterAllAfterAStrayRead(t *testing.T) {
	for _, tc := range []struct {
		name     string
		top      Kind // on top of seat 1's stack, read after the slip
		takeBack func(tb *table) Event
	}{
		// The Hit is taken for one seat 1 played on seat 2, whose two
		// cards the light deals into a stack: the dealer says misread.
		{"misread", Hit, func(tb *table) Event { id, _ := tb.ReadToTakeBack(); return NotThereRead(id) }},
		// The Skip is taken for one played on seat 2, the light asking
		// to sweep it: "not there" takes the read back.
		{"not there", Skip, func(*table) Event { return StackGone() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Seat 1 holds [Stop, top] and seat 2 [Stop]. Seat 2's stack
			// is said not there as the light deals into it; the card on
			// top of seat 1's stack, lying near the reader, is then read.
			tb := newObserved(t, 2, Stop, Stop, tc.top, Stop, Stop, Stop, Stop, Ground, Ground)
			top := tb.id(tc.top, 0)
			for _, id := range []string{"stop-0", "stop-1", top} {
				tb.ok(Scan(id))
			}
			was := tb.keep()
			tb.ok(StackGone())
			if _, ok := tb.GoneToTakeBack(); !ok {
				t.Fatal("the not there cannot be taken back")
			}
			tb.ok(Scan(top))
			if _, ok := tb.GoneToTakeBack(); ok {
				t.Fatal("a read taken for a rider left the not there to take back")
			}
			if _, ok := tb.ReadToTakeBack(); !ok {
				t.Fatalf("the stray read cannot be taken back: the light asks %v", tb.Next())
			}
			tb.ok(tc.takeBack(tb))
			if seat, ok := tb.GoneToTakeBack(); !ok || seat != 2 {
				t.Fatalf("after the read was taken back, GoneToTakeBack = %d, %v, want seat 2", seat, ok)
			}
			c := tb.Clone()
			tb.ok(ThereAfterAll())
			if err := c.Observe(ThereAfterAll()); err != nil {
				t.Fatalf("a clone refused the take-back: %v", err)
			}
			again := tb.Clone()
			again.table.inferred = again.table.inferred[:was.inferred]
			if (kept{snapshot(again) + fmt.Sprint(again.Digest()), was.inferred}) != was {
				t.Fatalf("the hand is not as it was before the not there:\n%s\nwant\n%s", snapshot(again), was.state)
			}
			if snapshot(c) != snapshot(tb.Game) {
				t.Fatal("the clone took the take-back differently")
			}
		})
	}
}
