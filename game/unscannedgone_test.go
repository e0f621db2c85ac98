package game

import "testing"

// TestNotThereUnderAReadAgain: "Extra stacks disappear once they are
// empty, so you don't have to remember anything beyond the first." Seat 1
// has two stacks, the second's only card (a Move) picked up unseen: the
// table has one stack there, the engine two. Seat 1's card goes unscanned
// into its stack and the next card, dealt on past the light, is read and
// taken for it; the dealer says "unscanned", and the read goes into the
// stack the table no longer has, where the light names no stack of its own
// (a Ground landing; a Split's new stack). The dealer, who sees it drawn
// there, says "not there": that stack goes, and the card is read again
// where the light then asks. Before, "not there" was refused there, and
// the light stayed a seat (or a stack) behind the table (messy 4003295
// classic, 5000183 official: the Ground landed at the seat before;
// 8001971 official, 8007881 french: a Split's new stack).
func TestNotThereUnderAReadAgain(t *testing.T) {
	for _, tc := range []struct {
		name string
		// split gives seat 1 a Split: "SPLIT: After dealing normally,
		// deal this player one more card as the start of a new stack."
		split bool
		read  Kind
		// lag is the light after the "unscanned", with the read in the
		// gone stack; after, once that stack is said not there.
		lag, after Action
		lagP, p    int
		stacks     string // seat 1's stacks at the end
	}{
		{name: "a Ground dealt to the next seat", read: Ground, lag: ActLand, lagP: 0, after: ActLand, p: 1, stacks: "Stop Stop"},
		{name: "a Split's new stack", split: true, read: Stop, lag: ActDeal, lagP: 0, after: ActSweep, p: 0, stacks: "Stop Stop | Stop"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, Stop, Stop, Stop, Stop, Stop, Move, Hit, Split, Ground, Ground, Ground)
			tb.stack(0, Stop)
			tb.stack(0, Move) // picked up unseen: never said
			tb.stack(1, Stop)
			tb.stack(2, Stop)
			if tc.split {
				// Shown as seat 1's turn begins.
				tb.ok(Scan(tb.cards[tb.ride(0, Split)].ID))
			}
			// Seat 1's first card goes unscanned into stack 1; the next,
			// read, is taken for it.
			id := tb.id(tc.read, 0)
			tb.ok(Scan(id))
			tb.ok(DealtUnscanned(id))
			c, _ := tb.CardIndex(id)
			if w := tb.Where(c); w.Player != 0 || w.Stack != 1 {
				t.Fatalf("read again, %s is at %+v, want in seat 1's second stack", id, w)
			}
			tb.wantNext(tc.lag, tc.lagP)
			tb.ok(StackGone())
			tb.wantNext(tc.after, tc.p)
			if w := tb.Where(c); w.Player != tc.p {
				t.Fatalf("after the not there %s is at %+v, want faller %d's", id, w, tc.p)
			}
			if tc.after == ActSweep {
				// Mid-address a stack said not there keeps its place
				// (StackNumber); swept, the address is over.
				tb.ok(Confirm())
			}
			tb.wantStacks(0, tc.stacks)
			m, _ := tb.CardIndex(tb.id(Move, 0))
			if w := tb.Where(m); w.Zone == InStack {
				t.Fatalf("the Move picked up unseen is still in a stack: %+v", w)
			}
			if inf(tb, InfReadTakenBack) < 0 || inf(tb, InfStackGone) < 0 {
				t.Fatalf("no read taken back and stack gone in %+v", tb.Inferences())
			}
		})
	}
}

// TestNotThereUnderAReadNotAgain: the same "not there" with no "unscanned"
// just said names no stack: refused, nothing changed, as before.
func TestNotThereUnderAReadNotAgain(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Stop, Stop, Stop, Move, Ground, Ground)
	tb.stack(0, Stop)
	tb.stack(1, Stop)
	tb.stack(2, Stop)
	tb.ok(Scan(tb.id(Ground, 0)))
	tb.wantNext(ActLand, 0)
	tb.refused(StackGone(), RuleCardNotExpected)
}

// TestNotThereUnderAReadTakenForARider: the "not there" just after an
// "unscanned" is said of the stack the read again went into only where it
// went into the very stack the light named before it. Here the read is
// seat 3's Skip, played unseen on seat 2, taken for seat 1's rider; said
// "unscanned", seat 1's card stands in and the Skip read again is seat 2's
// rider, not the card for seat 2's stack that the light asked for first.
// Seat 2's stack is on the table: a "not there" is no word on it.
// stackGone takes the rider read back first (takeBack); goneUnderReadAgain,
// asked itself, leaves the word alone (without the check it took seat 2's
// Stop for picked up unseen and emptied its stack).
func TestNotThereUnderAReadTakenForARider(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Stop, Stop, Stop, Skip, Ground, Ground, Ground)
	tb.stack(0, Stop)
	tb.stack(1, Stop)
	tb.stack(2, Stop)
	skip := tb.give(2, Skip)
	id := tb.cards[skip].ID
	tb.ok(Scan(id))
	tb.ok(DealtUnscanned(id))
	if w := tb.Where(skip); w.Zone != AsRider || w.Player != 1 {
		t.Fatalf("read again, %s is at %+v, want seat 2's rider", id, w)
	}
	if in := tb.table.dealt.Next(); in.Action != ActDeal || in.Player != 1 || in.NewStack {
		t.Fatalf("before the read again the light asked %v, want a card for seat 2's stack", in)
	}
	before := snapshot(tb.Game)
	again, err := tb.goneUnderReadAgain()
	if again || err != nil {
		t.Fatalf("goneUnderReadAgain took the not there: %v, %v", again, err)
	}
	if snapshot(tb.Game) != before {
		t.Fatal("goneUnderReadAgain left nothing to say but changed the hand")
	}
	tb.ok(StackGone())
	tb.wantStacks(1, "Stop")
	if w := tb.Where(skip); w.Zone != InHand || w.Player != 2 {
		t.Fatalf("after the not there %s is at %+v, want back in seat 3's hand", id, w)
	}
}
