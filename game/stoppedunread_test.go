package game

import (
	"slices"
	"testing"
)

// TestStopShownForAGroundDealtUnread: "Stop can also repel a Ground", and
// "The Ground cards are waiting at the bottom of the deck". With nothing
// but Grounds left in the deck, the card the light asks for is a Ground,
// read or not; a faller who presses while the light asks them for it and
// shows a Stop has Stopped that Ground, dealt unread: "To Stop a Ground,
// play the Stop as the Ground is being dealt to you. The dealer keeps the
// Ground, and you discard the Stop." Before, the Stop was taken for the
// deal (or refused where it could not be one), and the Ground the dealer
// dealt unscanned was never accounted for (messy 1008742 french, 7003782
// classic). Without the press, with a card other than a Ground left in
// the deck, or with another seat's press, a Stop read is no such play.
func TestStopShownForAGroundDealtUnread(t *testing.T) {
	// Seat 1 is dealt a Stop and seat 2 a Move, read: the deck holds two
	// Grounds, or a Move and two Grounds (more).
	for _, tc := range []struct {
		name  string
		more  bool  // a Move left in the deck
		press []int // the seats that press before the Stop is shown
		saved bool
	}{
		{name: "pressed, only Grounds left", press: []int{1}, saved: true},
		{name: "pressed twice, only Grounds left", press: []int{1, 1}, saved: true},
		// The claim stands until the seat's card is dealt: another
		// faller's button between the press and the Stop, as the dealer's
		// words from the panel or the seat's rider read late, deals
		// nothing (messy 7000847).
		{name: "pressed, then another seat pressed", press: []int{1, 2}, saved: true},
		{name: "no press", press: nil},
		{name: "another seat pressed", press: []int{2}},
		{name: "a Move left in the deck", more: true, press: []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds := []Kind{Stop, Move, Ground, Ground}
			if tc.more {
				kinds = []Kind{Stop, Move, Move, Ground, Ground}
			}
			tb := newObserved(t, 2, kinds...)
			tb.ok(Scan(tb.id(Stop, 0))) // seat 1
			tb.ok(Scan(tb.id(Move, 0))) // seat 2
			for _, s := range tc.press {
				tb.ok(Press(s))
			}
			deck := tb.DeckSize()
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			err := tb.Apply(Scan(tb.id(Stop, 0)))
			found := slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() })
			if !tc.saved {
				if found {
					t.Fatalf("a Ground dealt unread inferred: %v", tb.Inferences())
				}
				return
			}
			tb.savedFromGroundUnread(err, found, stop, deck)
		})
	}
}

// TestStoppedUnreadClaimEndsWithTheDeal: "To Stop a Ground, play the Stop
// as the Ground is being dealt to you". A press claiming a Stop on a
// Ground dealt unread stands until its seat is dealt a card (claimHolds),
// and no longer: seat 2 presses, is dealt its Ground read and Stops it;
// a turn later, with the light back on seat 2 and no press, a Stop read
// there is no Stop on a Ground dealt unread, or a press made a whole turn
// earlier would save a faller who never pressed for this card.
func TestStoppedUnreadClaimEndsWithTheDeal(t *testing.T) {
	tb := newObserved(t, 4, Stop, Stop, Move, Move, Move, Stop, Move, Stop, Ground, Ground, Ground)
	for _, c := range tb.cards[:8] {
		tb.ok(Scan(c.ID)) // two cards to each seat
	}
	tb.ok(Scan(tb.id(Ground, 0))) // seat 1 hits the ground
	tb.ok(StopClosed())
	tb.ok(Press(2)) // only Grounds left: a claim on a Ground dealt unread
	tb.ok(Scan(tb.id(Ground, 1)))
	tb.ok(Press(2))
	tb.ok(Scan(tb.cards[5].ID))   // seat 2's Stop on the Ground read
	tb.ok(Scan(tb.id(Ground, 1))) // the Ground on to seat 3
	tb.ok(StopClosed())
	tb.ok(Scan(tb.id(Ground, 2)))
	tb.ok(Press(4))
	tb.ok(Scan(tb.cards[7].ID)) // seat 4's Stop
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
		t.Fatalf("next: %v, want a card for seat 2", in)
	}
	tb.Apply(Scan(tb.cards[1].ID)) // seat 2's other Stop, no press
	if slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
		t.Fatalf("a Ground dealt unread inferred on a press a turn old: %v", tb.Inferences())
	}
}

// TestStopShownForTheFirstGroundDealtUnread: "To Stop a Ground, play the
// Stop as the Ground is being dealt to you." Seat 1's first card was dealt
// by hand, the reader gone, and the engine stands in a deck card for it;
// seat 2 is dealt a Move. At the table the card dealt by hand was the Stop,
// picked up, and the other Move went to seat 2 stuck under the first: the
// deck holds only Grounds, though the engine still believes a Move in it.
// Seat 1 presses as the light asks them for a card and shows the Stop: the
// card they were dealt unread was the first Ground, which the Stop saved
// them from, and the Move the engine still counts in the deck is the one
// the audit finds short. Before, the Stop was taken for a card dealt from
// the deck, the stand-in guessed elsewhere, and the deck the engine counted
// matched the table's again, the Move stuck under another never found
// (messy 6000579, 7003978, 7006828, 7009324). Without the press, or with
// another seat's, the Stop is a card dealt.
func TestStopShownForTheFirstGroundDealtUnread(t *testing.T) {
	for _, tc := range []struct {
		name  string
		press []int
		saved bool
	}{
		{name: "pressed", press: []int{1}, saved: true},
		{name: "no press"},
		{name: "another seat pressed", press: []int{2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Stop, Move, Move, Ground, Ground)
			tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand
			move := tb.id(Move, 0)
			if c, _ := tb.CardIndex(move); tb.Blind(c) {
				move = tb.id(Move, 1)
			}
			tb.ok(Scan(move)) // seat 2
			for _, s := range tc.press {
				tb.ok(Press(s))
			}
			deck := tb.DeckSize()
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			err := tb.Apply(Scan(tb.id(Stop, 0)))
			found := slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() })
			if !tc.saved {
				if err != nil || found {
					t.Fatalf("the Stop read: %v, a Ground dealt unread inferred: %v; want the Stop dealt", err, tb.Inferences())
				}
				if w := tb.Where(stop); w.Zone != InStack || w.Player != 0 {
					t.Fatalf("the Stop at %+v, want dealt into seat 1's stack", w)
				}
				return
			}
			tb.savedFromGroundUnread(err, found, stop, deck)
		})
	}
}

// TestStopReadBeforeIsNotTheFirstGroundsStop: "You can only pick up the
// top card of your stack", and "To Stop a Ground, play the Stop as the
// Ground is being dealt to you." Seat 1 was dealt a Stop, read into their
// stack, and picked it up; their next card was dealt by hand, the reader
// gone. Seat 1 presses as the light asks them for a card, the deck still
// holding every Ground, and shows that Stop again: the card dealt by hand
// stands in at seat 1, but this Stop is not it, the reader placed it
// before, so it is no sign that the card seat 1 was dealt unread was the
// first Ground. Taken for one, the Ground the dealer dealt in a new stack
// went into the stack the Stop lay in, a seat behind (messy 2001481
// french). The Stop the engine never placed still may be (the test above).
func TestStopReadBeforeIsNotTheFirstGroundsStop(t *testing.T) {
	// A Move is left in the deck: a Ground is not the only card due
	// (OnlyGroundsDue), only the first-Ground rule could take the Stop.
	tb := newObserved(t, 2, Stop, Move, Move, Move, Move, Ground, Ground)
	tb.ok(Scan(tb.id(Stop, 0)))   // seat 1
	tb.ok(Scan(tb.id(Move, 0)))   // seat 2
	tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand
	move := tb.id(Move, 1)
	if c, _ := tb.CardIndex(move); tb.Blind(c) {
		move = tb.id(Move, 2)
	}
	tb.ok(Scan(move)) // seat 2
	stop, _ := tb.CardIndex(tb.id(Stop, 0))
	if w := tb.Where(stop); w.Zone != InStack || w.Player != 0 {
		t.Fatalf("the Stop at %+v, want read into seat 1's stack", w)
	}
	tb.ok(Press(1))
	_ = tb.Apply(Scan(tb.id(Stop, 0)))
	if slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
		t.Fatalf("a Ground dealt unread inferred on a Stop read into seat 1's stack before: %v", tb.Inferences())
	}
}

// TestStopSpentOnUnreadShownAgain: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you", and "You can only pick up the top card of
// your stack". Seat 1's first card was dealt by hand; seat 1 pressed as the
// light asked them for a card (a nervous press) and the dealer dealt them a
// Stop from the deck. Before any Ground has left the deck the engine takes
// that for seat 1's Stop on the first Ground dealt unread, and the screen
// offers the misread, which this dealer never says. When seat 1's own
// Ground comes, they press and show that Stop again: no Stop played on a
// Ground leaves the discard pile, so it was the card dealt them, and it
// saves them. Before, it was refused as swept already, and an honest
// faller was out (review39 F2). Without the press, or shown in another
// faller's window, it is refused as before.
func TestStopSpentOnUnreadShownAgain(t *testing.T) {
	for _, tc := range []struct {
		name   string
		press  int  // the seat that presses in seat 1's Ground's window, 0 none
		byHand bool // the dealer confirms the Stop claim from the panel, unread
		saved  bool
	}{
		{name: "pressed and shown again", press: 1, saved: true},
		{name: "pressed, confirmed by hand", press: 1, byHand: true, saved: true},
		{name: "shown again with no press", press: 0},
		{name: "shown again after another seat's press", press: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Move, Move, Stop, Move, Ground, Ground, Ground)
			var moves []string
			for i := range 3 {
				if c, _ := tb.CardIndex(tb.id(Move, i)); !tb.Blind(c) {
					moves = append(moves, tb.id(Move, i))
				}
			}
			tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand
			if c, _ := tb.CardIndex(tb.id(Stop, 0)); tb.Blind(c) {
				moves = moves[:2] // the Stop stands in: every Move is left
			}
			tb.ok(Scan(moves[0])) // seat 2
			tb.ok(Press(1))       // nervous
			tb.ok(Scan(tb.id(Stop, 0)))
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
				t.Fatalf("the honest Stop not taken for one on the first Ground dealt unread, so this is not the case: %v", tb.Inferences())
			}
			// Seat 2's card dealt by hand, unread: no read just after the
			// Stop refutes it (firstGroundRefuted), and only seat 1's own
			// Ground can.
			tb.ok(Event{Kind: EvConfirm})
			tb.ok(Scan(tb.id(Ground, 0))) // seat 1's Ground
			if in := tb.Next(); in.Action != ActLand || in.Seat != 1 {
				t.Fatalf("next: %v, want seat 1 hitting the ground", in)
			}
			if tc.press != 0 {
				tb.ok(Press(tc.press))
			}
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			shown := Scan(tb.id(Stop, 0))
			if tc.byHand {
				shown = Event{Kind: EvConfirm}
			}
			err := tb.Apply(shown)
			again := slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStopDealtAfterAll })
			if !tc.saved {
				if err == nil || again {
					t.Fatalf("the Stop shown again: %v, dealt after all: %v; want it refused", err, again)
				}
				return
			}
			if err != nil {
				t.Fatalf("the Stop shown again at seat 1's Ground: %v", err)
			}
			tb.check()
			if !again || tb.Out(0) || tb.Where(stop).Zone != InDiscard || !tb.Guessed(stop) {
				t.Fatalf("dealt after all %v, seat 1 out %v, the Stop at %+v guessed %v: want seat 1 saved by the Stop dealt them, its place between a guess", again, tb.Out(0), tb.Where(stop), tb.Guessed(stop))
			}
			if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
				t.Fatalf("next: %v, want a card for seat 2 (the Ground back on top of the deck)", in)
			}
			tb.ok(Scan(tb.id(Ground, 0)))
			tb.ok(StopClosed())
			if w := tb.Winner(); w != 0 {
				t.Fatalf("winner %d, want seat 1", w)
			}
		})
	}
}

// TestFirstGroundStopNotAnothersStandIn: "You can only pick up the top card
// of your stack", and "you can never mess with the cards in someone's
// stack". Seats 1 and 2 were both dealt a card by hand, and the engine
// stood the Stop in for seat 2's. Seat 1 presses as the light asks them for
// a card and shows that Stop: it may be seat 1's own card dealt by hand,
// but taken for their Stop on the first Ground dealt unread it left seat
// 2's stack with no card in the place of the one seat 2 was dealt (review39
// F3). It is not taken so: read as a card dealt, as before the first-Ground
// rule, and seat 2 keeps its card.
func TestFirstGroundStopNotAnothersStandIn(t *testing.T) {
	tb := newObserved(t, 2, Move, Stop, Move, Move, Ground, Ground)
	tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand: move-0 stands in
	tb.ok(Event{Kind: EvConfirm}) // seat 2, dealt by hand: the Stop stands in
	stop, _ := tb.CardIndex(tb.id(Stop, 0))
	if w := tb.Where(stop); !tb.Blind(stop) || w.Player != 1 {
		t.Fatalf("the Stop at %+v, blind %v: want it standing in at seat 2", w, tb.Blind(stop))
	}
	tb.ok(Press(1))
	_ = tb.Apply(Scan(tb.id(Stop, 0)))
	tb.check()
	if slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
		t.Fatalf("the Stop standing in at seat 2 taken for seat 1's on the first Ground: %v", tb.Inferences())
	}
	n := 0
	for s := range tb.NumStacks(1) {
		n += len(tb.Stack(1, s))
	}
	if n != 1 {
		t.Fatalf("seat 2 has %d cards in its stacks, want the one dealt it by hand", n)
	}
}

// TestSpentStopNotShownAgainWhereOnlyGroundsWereDue (review40 F1): "To
// Stop a Ground, play the Stop as the Ground is being dealt to you. The
// dealer keeps the Ground, and you discard the Stop", and "A Stop can only
// send one Ground back onto the deck." Seat 1 was dealt a Stop, read into
// their stack; with only Grounds left in the deck ("The Ground cards are
// waiting at the bottom of the deck") seat 1 presses as the light asks
// them for a card and shows that Stop: it saved them from a Ground dealt
// unread (InfStoppedUnread, the OnlyGroundsDue branch, older than the
// first-Ground rule). No card but a Ground could have been dealt there, and
// the Stop was read into seat 1's stack before, so there is no honest twin
// (a nervous press and the Stop dealt): the Stop is spent, in the discard
// pile. At seat 1's own Ground a press, then the dealer's Stop claim
// confirmed by hand (messy's claim-no-stop) or a stray read of that Stop
// off the discard pile (messy's stray-card), must not save seat 1: they
// have no Stop left. s40's recovery (spentOnUnread) takes either for the
// Stop "dealt them after all", which it never was.
func TestSpentStopNotShownAgainWhereOnlyGroundsWereDue(t *testing.T) {
	for _, tc := range []struct {
		name   string
		byHand bool
	}{
		{name: "claim confirmed by hand", byHand: true},
		{name: "stray read of the spent Stop"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, Stop, Stop, Move, Ground, Ground, Ground)
			tb.ok(Scan(tb.id(Stop, 0))) // seat 1
			tb.ok(Scan(tb.id(Stop, 1))) // seat 2
			tb.ok(Scan(tb.id(Move, 0))) // seat 3: only Grounds left
			tb.ok(Press(1))
			tb.ok(Scan(tb.id(Stop, 0))) // seat 1's Stop on the Ground dealt unread
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
				t.Fatalf("no Ground dealt unread inferred, so this is not the case: %v", tb.Inferences())
			}
			tb.ok(Scan(tb.id(Ground, 0))) // seat 2's Ground (the one Stopped, back on top)
			tb.ok(Press(2))
			tb.ok(Scan(tb.id(Stop, 1)))   // seat 2 Stops it
			tb.ok(Scan(tb.id(Ground, 0))) // seat 3's Ground
			tb.ok(StopClosed())
			tb.ok(Scan(tb.id(Ground, 1))) // seat 1's own Ground
			if in := tb.Next(); in.Action != ActLand || in.Seat != 1 {
				t.Fatalf("next: %v, want seat 1 hitting the ground", in)
			}
			tb.ok(Press(1))
			shown := Scan(tb.id(Stop, 0))
			if tc.byHand {
				shown = Event{Kind: EvConfirm}
			}
			err := tb.Apply(shown)
			again := slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStopDealtAfterAll })
			if err == nil || again {
				t.Fatalf("seat 1's spent Stop shown again: err %v, dealt after all %v: want it refused (seat 1 has no Stop left)", err, again)
			}
		})
	}
}

// TestUnreadClaimOnlyWhereTheFirstGroundRuleCanTakeIt (review40 F4):
// "To Stop a Ground, play the Stop as the Ground is being dealt to you."
// ClaimOf calls a press from the seat the light asks a claim (so
// game/dealer tells the engine of it, and that ends any misread offer
// still on the screen, review39 F1) wherever a card dealt by hand stands
// in at any seat, before any Ground has left; firstGroundStopped, which
// alone can take the Stop that follows, asks for one at the pressing
// faller's own seat. Seat 2's card was dealt by hand, and the light asks
// seat 1 for a card, a Move still in the deck: no Stop seat 1 shows next
// can be their Stop on a Ground dealt unread, and the press is no claim.
func TestUnreadClaimOnlyWhereTheFirstGroundRuleCanTakeIt(t *testing.T) {
	tb := newObserved(t, 3, Move, Move, Move, Move, Stop, Ground, Ground, Ground)
	tb.ok(Scan(tb.id(Move, 0)))   // seat 1
	tb.ok(Event{Kind: EvConfirm}) // seat 2, dealt by hand
	var m string
	for i := 1; i < 4; i++ {
		if c, _ := tb.CardIndex(tb.id(Move, i)); !tb.Blind(c) {
			m = tb.id(Move, i)
			break
		}
	}
	tb.ok(Scan(m)) // seat 3
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 1 || tb.OnlyGroundsDue() {
		t.Fatalf("next: %v, only Grounds due %v: want a card for seat 1, other cards in the deck", in, tb.OnlyGroundsDue())
	}
	if got := tb.ClaimOf(1); got != PressIgnored {
		t.Fatalf("seat 1's press: %v, want ignored (no card dealt by hand stands in at seat 1)", got)
	}
}

// TestStopDealtAfterAllKeepsTheCardDealtByHand (review40 F3): "Each
// player starts with one stack", "Hold the deck face down, and deal from
// the top", and "To Stop a Ground, play the Stop as the Ground is being
// dealt to you". Seat 1's first card is dealt by hand (a Move at the
// table). Seat 1 presses as the light asks them for their next card
// (nervous) and the dealer deals them the Stop from the deck: the
// first-Ground rule takes it for seat 1's Stop on the first Ground dealt
// unread, and takes the card dealt them by hand for that Stop (in either
// branch: the Stop stood in for it, or heldStop swaps it in for the
// stand-in, which goes back on the deck). The misread offer goes unsaid.
// When seat 1's own Ground comes they show the Stop again and the recovery
// (stopDealtAfterAllLate) saves them, but puts back only the Stop ("only
// the Stop was misplaced"): seat 1's stacks are left empty, and a Move is
// still believed in a deck the table has all Grounds. The dealer's misread
// (stopDealtAfterAll) leaves seat 1 with both cards and the deck all
// Grounds; the recovery should too.
func TestStopDealtAfterAllKeepsTheCardDealtByHand(t *testing.T) {
	for _, tc := range []struct {
		name    string
		kinds   []Kind
		standIn bool // the engine stands the Stop in for seat 1's card
	}{
		{name: "the Stop stood in at seat 1", kinds: []Kind{Stop, Move, Move, Move, Ground, Ground, Ground}, standIn: true},
		{name: "the Stop in the deck", kinds: []Kind{Move, Move, Stop, Move, Ground, Ground, Ground}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, tc.kinds...)
			tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand (a Move at the table)
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			if tb.Blind(stop) != tc.standIn {
				t.Fatalf("the Stop at %+v, standing in %v, so this is not the case", tb.Where(stop), tb.Blind(stop))
			}
			var moves []string
			for i := range 3 {
				if c, _ := tb.CardIndex(tb.id(Move, i)); !tb.Blind(c) {
					moves = append(moves, tb.id(Move, i))
				}
			}
			tb.ok(Scan(moves[0]))       // seat 2
			tb.ok(Press(1))             // nervous
			tb.ok(Scan(tb.id(Stop, 0))) // dealt to seat 1 from the deck
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind.StopsUnread() }) {
				t.Fatalf("the honest Stop not taken for one on the first Ground dealt unread, so this is not the case: %v", tb.Inferences())
			}
			tb.ok(Event{Kind: EvConfirm}) // seat 2, dealt by hand (moves[1]): at the table the deck now holds only Grounds; no read refutes the Stop (firstGroundRefuted)
			tb.ok(Scan(tb.id(Ground, 0))) // seat 1's Ground
			tb.ok(Press(1))
			tb.ok(Scan(tb.id(Stop, 0))) // shown again: the recovery
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStopDealtAfterAll }) {
				t.Fatalf("no recovery, so this is not the case: %v", tb.Inferences())
			}
			tb.check()
			n := 0
			for s := range tb.NumStacks(0) {
				n += len(tb.Stack(0, s))
			}
			if n == 0 || !tb.OnlyGroundsDue() {
				t.Fatalf("seat 1 has %d cards in its stacks, only Grounds due %v: want the card dealt them by hand still in front of them (a stand-in) and the deck all Grounds", n, tb.OnlyGroundsDue())
			}
		})
	}
}

// TestStopDealtAfterAllStandsInUnderCardsDealtSince (review40b F2): "Deal
// the cards face up into stacks", and "You can only pick up the top card
// of your stack. This means that once a card has been buried, you can't
// play it, unless you first play all the cards on top of it." Seat 1's
// card is dealt by hand; seat 1 presses as the light asks them for their
// next card (nervous) and is dealt the Stop, which the first-Ground rule
// takes for their Stop on the first Ground dealt unread. Seat 1 is then
// dealt a Skip, read, before their own Ground comes, when they show the
// Stop again (the recovery, stopDealtAfterAllLate). At the table the card
// dealt by hand lies under the Skip (or in a stack of its own, where the
// dealer followed the light's "a new stack"): never on it. The recovery
// stands a deck card in for it on top of the stack now at the index the
// Stop was taken from (a stack emptied and gone since, its index now the
// Skip's; or the same stack, the Skip dealt on it since), so the screen
// asks the dealer to scan a card dealt by hand "on top" of a stack whose
// top is the Skip, the scan of the Skip is refused, and the dealer's n
// says the card dealt by hand was picked up, which it never was.
func TestStopDealtAfterAllStandsInUnderCardsDealtSince(t *testing.T) {
	for _, tc := range []struct {
		name      string
		readFirst bool // seat 1's first card is read, the card dealt by hand on it
	}{
		{name: "the stand-in alone in its stack, gone since"},
		{name: "the stand-in on a card read, the stack kept", readFirst: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds := []Kind{Move, Move, Move, Stop, Skip, Move, Move, Move, Move, Move, Ground, Ground, Ground}
			tb := newObserved(t, 2, kinds...)
			var moves []string
			next := func() string {
				for i := range 8 {
					id := tb.id(Move, i)
					c, _ := tb.CardIndex(id)
					if !tb.Blind(c) && tb.Where(c).Zone == InDeck && !slices.Contains(moves, id) {
						moves = append(moves, id)
						return id
					}
				}
				t.Fatal("no Move left")
				return ""
			}
			if tc.readFirst {
				tb.ok(Scan(next())) // seat 1
				tb.ok(Scan(next())) // seat 2
			}
			tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			skip, _ := tb.CardIndex(tb.id(Skip, 0))
			if tb.Blind(stop) || tb.Blind(skip) {
				t.Fatalf("the Stop or the Skip stands in, so this is not the case")
			}
			tb.ok(Scan(next()))         // seat 2
			tb.ok(Press(1))             // nervous
			tb.ok(Scan(tb.id(Stop, 0))) // dealt to seat 1 from the deck
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStoppedFirstGround }) {
				t.Fatalf("the Stop not taken for one on the first Ground, so this is not the case: %v", tb.Inferences())
			}
			tb.ok(Event{Kind: EvConfirm}) // seat 2, dealt by hand: no read refutes the Stop (firstGroundRefuted)
			tb.ok(Scan(tb.id(Skip, 0)))   // seat 1, read: on the card dealt by hand, or a stack of its own
			tb.ok(Scan(next()))           // seat 2
			tb.ok(Scan(tb.id(Ground, 0)))
			tb.ok(Press(1))
			tb.ok(Scan(tb.id(Stop, 0))) // shown again: the recovery
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStopDealtAfterAll }) {
				t.Fatalf("no recovery, so this is not the case: %v", tb.Inferences())
			}
			w := tb.Where(skip)
			st := tb.Stack(0, w.Stack)
			if w.Zone != InStack || st[len(st)-1] != skip {
				t.Fatalf("seat 1's stacks %q (the Skip at %+v): want the Skip dealt since on top of its stack, the card dealt by hand under it or apart", tb.kinds(0), w)
			}
			if tb.AskFor(0) {
				t.Fatalf("the screen asks for a card dealt by hand on top of seat 1's stack %d, whose top at the table is the Skip", tb.AskStack(0))
			}
		})
	}
}

// TestFirstGroundStopRefutedByTheNextCardDealt (review40b F3): "STOP ...
// you can use it to pop a Ground card back onto the deck", "The dealer
// keeps the Ground" (classic: "The Ground card goes back on the deck to be
// dealt to the next player"), and "Hold the deck face down, and deal from
// the top". Where the first-Ground rule took a Stop for seat 1's Stop on
// the first Ground dealt unread, that Ground is back on top of the deck,
// and the very next card dealt from it is that Ground. Read next instead,
// a card of the deck that is no Ground says no Ground left it: the Stop
// was the card dealt seat 1 after a nervous press (the honest twin), as
// the dealer's unsaid misread would have had it. The engine learns it
// there, at once, with nothing dealt since to put right, rather than at
// seat 1's own Ground (stopDealtAfterAllLate), which the faller may never
// reach with that Stop, and where a claim confirmed by hand or a stray
// read also passes for it. A Ground read next confirms the rule's Stop,
// which stays spent (the second row).
func TestFirstGroundStopRefutedByTheNextCardDealt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ground bool // the next card read is the Ground popped back
	}{
		{name: "a Move read next: the Stop was dealt"},
		{name: "the Ground read next: the Stop saved seat 1", ground: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Move, Move, Stop, Move, Ground, Ground, Ground)
			tb.ok(Event{Kind: EvConfirm}) // seat 1, dealt by hand
			stop, _ := tb.CardIndex(tb.id(Stop, 0))
			if tb.Blind(stop) {
				t.Fatal("the Stop stands in, so this is not the case")
			}
			var moves []string
			for i := range 3 {
				if c, _ := tb.CardIndex(tb.id(Move, i)); !tb.Blind(c) {
					moves = append(moves, tb.id(Move, i))
				}
			}
			tb.ok(Scan(moves[0])) // seat 2
			tb.ok(Press(1))
			tb.ok(Scan(tb.id(Stop, 0)))
			if !slices.ContainsFunc(tb.Inferences(), func(x Inference) bool { return x.Kind == InfStoppedFirstGround }) {
				t.Fatalf("the Stop not taken for one on the first Ground, so this is not the case: %v", tb.Inferences())
			}
			next := moves[1]
			if tc.ground {
				next = tb.id(Ground, 0)
			}
			if err := tb.Apply(Scan(next)); err != nil {
				t.Fatalf("%s read for seat 2: %v", next, err)
			}
			tb.check()
			w := tb.Where(stop)
			if tc.ground {
				if w.Zone != InDiscard || !tb.Out(1) && tb.Next().Action != ActLand {
					t.Fatalf("the Stop at %+v, next %v: want it spent, the Ground popped back dealt to seat 2", w, tb.Next())
				}
				return
			}
			if w.Zone == InDiscard || w.Player != 0 {
				t.Fatalf("the Stop at %+v after %s was dealt from the deck: want it seat 1's card dealt (no Ground left the deck), stacks %q", w, next, tb.kinds(0))
			}
		})
	}
}

// savedFromGroundUnread checks what seat 1's Stop on a Ground dealt them
// unread leaves, shown with err and found (a Stop on a Ground dealt unread
// inferred): seat 1 still in, the Stop discarded, the Ground back on the
// deck (deck cards in it, as before the read: "The dealer keeps the
// Ground"), and that Ground dealt on to seat 2, the next seat.
func (tb *table) savedFromGroundUnread(err error, found bool, stop, deck int) {
	tb.t.Helper()
	if err != nil {
		tb.t.Fatalf("the Stop shown: %v", err)
	}
	tb.check()
	if !found || tb.Out(0) || tb.Where(stop).Zone != InDiscard || tb.DeckSize() != deck {
		tb.t.Fatalf("inferred %v, seat 1 out %v, the Stop at %+v, %d cards in the deck: want the Ground dealt unread Stopped, back on the deck (%d)", tb.Inferences(), tb.Out(0), tb.Where(stop), tb.DeckSize(), deck)
	}
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 2 {
		tb.t.Fatalf("next: %v, want a card for seat 2", in)
	}
	tb.ok(Scan(tb.id(Ground, 0))) // the Ground kept, dealt on to seat 2
	if in := tb.Next(); in.Action != ActLand || in.Seat != 2 {
		tb.t.Fatalf("next: %v, want seat 2 hitting the ground", in)
	}
}
