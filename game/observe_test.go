package game

import "testing"

// Table observations: product.md, "What the table can see, and what it must
// infer". The deck's order is unknown, so each test names the card scanned.

func newObserved(t *testing.T, n int, kinds ...Kind) *table {
	t.Helper()
	tb := newTable(t, Official(), n, kinds...)
	tb.ordered = false
	return tb
}

func (tb *table) id(k Kind, nth int) string {
	for _, c := range tb.cards {
		if c.Kind == k {
			if nth == 0 {
				return c.ID
			}
			nth--
		}
	}
	tb.t.Fatalf("no %v #%d", k, nth)
	return ""
}

func TestObservations(t *testing.T) {
	t.Run("A scanned card still in the deck is a deal to the place the dealer was told.", func(t *testing.T) {
		tb := newObserved(t, 3, Skip, Hit, Stop, Ground)
		tb.ok(Scan(tb.id(Stop, 0))) // any deck card, in any order
		tb.wantStacks(0, "Stop")
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.wantStacks(1, "Hit")
	})
	t.Run("Unknown card UID, the same card scanned twice, a card scanned that should not be there: the game state does not move.", func(t *testing.T) {
		tb := newObserved(t, 3, Skip, Hit, Stop, Move, Ground)
		tb.refused(Scan("04:AA:BB:CC"), RuleUnknownCard)
		tb.ok(Scan(tb.id(Move, 0)))
		// The Move now lies on seat 1's stack; scanning it again while
		// dealing to seat 2 is not a deal, and a Move is never a rider.
		tb.refused(Scan(tb.id(Move, 0)), RuleCardNotExpected)
	})
	t.Run("A scanned card already on the table, during a player's turn to be dealt to, is a rider or Extra being swept.", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Extra, Skip, Stop, Split, Split, Split, Ground)
		tb.ok(Scan(tb.id(Hit, 0)))   // seat 1 gets the Hit
		tb.ok(Scan(tb.id(Extra, 0))) // seat 2 gets the Extra
		// Unseen: seat 1 plays the Hit on seat 2, seat 2 the Extra on it.
		tb.ok(Scan(tb.id(Skip, 0))) // seat 1's second card
		in := tb.wantNext(ActDeal, 1)
		if !in.First {
			t.Fatal("want the start of seat 2's address")
		}
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Extra, 0)))
		in = tb.wantNext(ActDeal, 1)
		if in.Rider != Hit || in.Extras != 1 || in.Due != 3 {
			t.Fatalf("after the rider scans: %+v", in)
		}
		if inf := tb.Inferences(); len(inf) != 2 || inf[0].Kind != InfRiderPlayed || inf[0].From.Player != 0 || inf[1].Kind != InfExtraPlayed {
			t.Fatalf("inferences %+v", inf)
		}
		tb.refused(Scan(tb.id(Hit, 0)), RuleCardSeenTwice)
		tb.ok(Scan(tb.id(Split, 0)))
		tb.ok(Scan(tb.id(Split, 1)))
		tb.ok(Scan(tb.id(Split, 2)))
		tb.wantNext(ActSweep, 1)
		tb.ok(Scan(tb.id(Stop, 0))) // the sweep is implied by the next deal
		if tb.Rider(1) >= 0 || tb.Where(tb.index[tb.id(Extra, 0)]).Zone != InDiscard {
			t.Fatal("sweep not carried out")
		}
		tb.wantStacks(0, "Skip Stop") // the Hit had left from under the Skip
	})
	t.Run("A button press from seat N while a Ground is being dealt to N is N's Stop claim.", func(t *testing.T) {
		tb := newObserved(t, 3, Stop, Skip, Skip, Ground, Ground)
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Skip, 1)))
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.wantNext(ActLand, 0)
		tb.ok(Press(2)) // another seat: no claim
		if len(tb.Inferences()) != 0 {
			t.Fatal("a press from another seat became a claim")
		}
		tb.ok(Press(1))
		tb.ok(Scan(tb.id(Stop, 0))) // the dealer confirms with the Stop
		if tb.Out(0) {
			t.Fatal("Stop not honoured")
		}
		tb.ok(Scan(tb.id(Ground, 0))) // the same Ground, now to seat 2
		tb.wantNext(ActLand, 1)
		tb.ok(Scan(tb.id(Ground, 1))) // no Stop: the dealer moves on, seat 2 lands
		if !tb.Out(1) {
			t.Fatal("seat 2 should be out")
		}
	})
	t.Run("With no reader the dealer confirms deals by hand; the Grounds are known to be at the bottom.", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Ground, Hit, Ground)
		tb.ok(Event{Kind: EvConfirm})
		tb.ok(Event{Kind: EvConfirm})
		for p := 0; p < 2; p++ {
			if k := tb.Card(tb.Stack(p, 0)[0]).Kind; k == Ground || !tb.Blind(tb.Stack(p, 0)[0]) {
				t.Fatalf("seat %d got %v by hand before the Grounds", p+1, k)
			}
		}
		tb.ok(Event{Kind: EvConfirm})
		tb.wantNext(ActLand, 0)
	})
	t.Run("A Stop claim confirmed from the panel stands in the Stop nearest the top of the seat's stacks.", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Skip, Ground)
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.ok(Press(1))
		tb.ok(Event{Kind: EvConfirm})
		if tb.Out(0) || tb.NumStacks(0) != 0 {
			t.Fatalf("stacks %q", tb.kinds(0))
		}
	})
	t.Run("The dealer reports a stack gone: its cards were picked up unseen.", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Skip, Hit, Stop, Split, Split, Ground)
		tb.stack(0, Split)
		tb.stack(0, Split)
		tb.ok(Scan(tb.id(Skip, 0)))
		in := tb.wantNext(ActDeal, 0)
		if in.Stack != 1 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Event{Kind: EvStackGone})
		tb.wantNext(ActDeal, 1)
		if tb.NumStacks(0) != 1 || tb.Inferences()[0].Kind != InfStackGone {
			t.Fatalf("stacks %q, inferences %+v", tb.kinds(0), tb.Inferences())
		}
		tb.refused(Event{Kind: EvStackGone}, RuleCardNotExpected) // seat 2 has no stack yet
	})
	t.Run("A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one: a second Extra shown is refused", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Extra, Extra, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Hit, 0)))   // seat 1
		tb.ok(Scan(tb.id(Extra, 0))) // seat 2
		tb.ok(Scan(tb.id(Extra, 1))) // seat 1
		tb.ok(Scan(tb.id(Stop, 0)))  // seat 2
		// Unseen: seat 1 plays the Hit on themselves, and both seats an
		// Extra on it. Seat 1's turn: the dealer shows the rider and its
		// Extras.
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.ok(Scan(tb.id(Extra, 0)))
		tb.refused(Scan(tb.id(Extra, 1)), RuleOneExtra)
		if in := tb.wantNext(ActDeal, 0); in.Extras != 1 || in.Due != 3 {
			t.Fatalf("after the second Extra is refused: %+v", in)
		}
	})
	t.Run("A rider believed in front of a seat but not scanned there is inferred gone.", func(t *testing.T) {
		tb := newObserved(t, 2, Goggles, Skip, Skip, Ground)
		tb.ride(0, Goggles)
		tb.ok(Scan(tb.id(Skip, 0)))
		if tb.Rider(0) >= 0 || tb.Inferences()[0].Kind != InfRiderGone {
			t.Fatal("rider not inferred gone")
		}
	})
}

func TestObservedRidersAcrossPasses(t *testing.T) {
	t.Run("Permanent Riders: ... the dealer does not sweep them: shown again on the next pass, the Anvil stays", func(t *testing.T) {
		tb := newObserved(t, 2, Anvil, Skip, Skip, Skip, Skip, Skip, Skip, Ground)
		tb.ok(Scan(tb.id(Anvil, 0))) // dealt to seat 1
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
		// Unseen: seat 1 plays the Anvil on seat 2. Seat 1's turn:
		tb.ok(Scan(tb.id(Skip, 1)))
		// Seat 2's turn: the dealer shows the Anvil, then deals 2.
		tb.ok(Scan(tb.id(Anvil, 0)))
		tb.refused(Scan(tb.id(Anvil, 0)), RuleCardSeenTwice)
		tb.ok(Scan(tb.id(Skip, 2)))
		tb.ok(Scan(tb.id(Skip, 3)))
		tb.ok(Scan(tb.id(Skip, 4))) // seat 1
		// Next pass, seat 2: shown again, and it is still a permanent Hit.
		tb.ok(Scan(tb.id(Anvil, 0)))
		if in := tb.wantNext(ActDeal, 1); in.Rider != Anvil || in.Due != 2 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Scan(tb.id(Skip, 5)))
		if tb.Rider(1) != tb.index[tb.id(Anvil, 0)] {
			t.Fatal("the Anvil was lost")
		}
	})
	t.Run("EXTRA SKIP: Deal no cards to this player, and sweep away only the Extra card. (The Skip remains.)", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Extra, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 1
		tb.ok(Scan(tb.id(Extra, 0))) // seat 2
		// Unseen: seat 1's Skip on seat 1, seat 2's Extra on it.
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Extra, 0)))
		in := tb.wantNext(ActSweep, 0)
		if in.SweepRider || in.SweepExtras != 1 {
			t.Fatalf("want the Extra swept and the Skip left: %+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 0))) // seat 2's card: the sweep is implied
		tb.wantStacks(1, "Stop")
		if tb.Rider(0) != tb.index[tb.id(Skip, 0)] {
			t.Fatal("the Skip did not stay")
		}
		// Second pass: the Skip is shown again and taken.
		tb.ok(Scan(tb.id(Skip, 0)))
		in = tb.wantNext(ActSweep, 0)
		if !in.SweepRider {
			t.Fatalf("%+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.wantStacks(1, "Stop Stop")
		if tb.Rider(0) >= 0 {
			t.Fatal("the Skip was not swept on the second pass")
		}
	})
	t.Run("A rider the engine believed in but that is not shown, with a card dealt to the seat, was removed unseen.", func(t *testing.T) {
		tb := newObserved(t, 2, Chute, Skip, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Chute, 0))) // seat 1
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 2
		tb.ok(Scan(tb.id(Chute, 0))) // seat 1 shows it: played on themselves
		tb.wantNext(ActPass, 0)
		tb.ok(Scan(tb.id(Stop, 0))) // the pass is implied: seat 2's card
		tb.wantStacks(1, "Skip Stop")
		tb.wantNext(ActPass, 0)
		// Unseen: someone Stopped the Chute. The dealer deals to seat 1.
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.wantStacks(0, "Stop")
		inf := tb.Inferences()
		if last := inf[len(inf)-1]; last.Kind != InfRiderGone || tb.Card(last.Card).Kind != Chute {
			t.Fatalf("inferences %+v", inf)
		}
	})
}

// product.md, "What the table can see, and what it must infer": "What it
// cannot see (a Move between players, a Stop on a rider, which card a
// player holds) it reconstructs when the cards show up again". A card the
// engine only guessed was discarded is not one the dealer swept.
func TestObservedCardsShowingUpAgain(t *testing.T) {
	t.Run("a rider inferred gone from one seat (Moved, unseen) is shown at another seat's turn and taken there", func(t *testing.T) {
		tb := newObserved(t, 3, Skip, Extra, Split, Stop, Stop, Stop, Stop, Ground)
		tb.ok(Scan(tb.id(Skip, 0)))  // seat 1
		tb.ok(Scan(tb.id(Extra, 0))) // seat 2
		tb.ok(Scan(tb.id(Split, 0))) // seat 3
		// Unseen: seat 1 plays the Skip on themselves, seat 2 the Extra on it.
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Extra, 0))) // an Extra Skip: the Extra goes, the Skip stays
		tb.ok(Scan(tb.id(Stop, 0)))  // seat 2
		tb.ok(Scan(tb.id(Stop, 1)))  // seat 3
		// Unseen: seat 2 Moves the Skip to themselves. Seat 1 is dealt to,
		// so the Skip is inferred gone from there.
		tb.ok(Scan(tb.id(Stop, 2)))
		skip := tb.index[tb.id(Skip, 0)]
		if w := tb.Where(skip); w.Zone != InDiscard {
			t.Fatalf("the Skip is believed in %v", w)
		}
		// Seat 2's turn: the dealer shows the Skip.
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.wantNext(ActSweep, 1)
		inf := tb.Inferences()
		if last := inf[len(inf)-1]; last.Kind != InfRiderPlayed || last.Card != skip || last.Player != 1 || last.From.Zone != InDiscard {
			t.Fatalf("inferences %+v", inf)
		}
		tb.ok(Scan(tb.id(Stop, 3))) // seat 3: the sweep is implied
		if tb.Where(skip).Zone != InDiscard || tb.Rider(1) >= 0 {
			t.Fatal("the Skip was not swept at seat 2")
		}
		tb.refused(Scan(tb.id(Skip, 0)), RuleCardNotExpected) // swept by the dealer: it cannot come back
	})
	t.Run("To Stop a Ground, play the Stop as the Ground is being dealt to you: a Stop from a stack reported gone was held, not lost", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Skip, Skip, Skip, Ground, Ground)
		tb.ok(Scan(tb.id(Stop, 0))) // seat 1
		tb.ok(Scan(tb.id(Skip, 0))) // seat 2
		// Unseen: seat 1 picks the Stop up. The dealer finds no stack there,
		// and starts a new one.
		tb.ok(Event{Kind: EvStackGone})
		tb.ok(Scan(tb.id(Skip, 1))) // seat 1
		tb.ok(Scan(tb.id(Skip, 2))) // seat 2
		tb.ok(Scan(tb.id(Ground, 0)))
		tb.wantNext(ActLand, 0)
		tb.ok(Press(1))
		tb.ok(Scan(tb.id(Stop, 0))) // the Stop seat 1 held all along
		if tb.Out(0) {
			t.Fatal("the Stop was not honoured")
		}
		inf := tb.Inferences()
		if last := inf[len(inf)-1]; last.Kind != InfStopPlayed || last.From.Zone != InDiscard {
			t.Fatalf("inferences %+v", inf)
		}
	})
}

// The dealer panel's "not there": a stack the engine expected (its cards
// picked up unseen), or a rider it believed in, when no card will be read
// to show it.
func TestObservedNotThere(t *testing.T) {
	t.Run("HIT: After dealing normally, deal a second card into each of this player's stacks: a stack reported gone is owed no cards", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Skip, Skip, Stop, Stop, Stop, Stop, Ground)
		tb.stack(0, Skip)
		tb.stack(0, Skip)
		tb.ride(0, Hit)
		tb.ok(Scan(tb.id(Hit, 0))) // shown: 2 stacks × 2
		if in := tb.wantNext(ActDeal, 0); in.Due != 4 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 0))) // stack 1
		tb.ok(Event{Kind: EvStackGone})
		if in := tb.wantNext(ActDeal, 0); in.Stack != 0 || in.Due != 1 {
			t.Fatalf("after stack 2 is gone: %+v", in)
		}
	})
	t.Run("If a player has no stacks at all, you must start a new one. (Player 5 below has no stack, but will still get another card on the dealer's next pass.)", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Stop, Stop, Stop, Ground)
		tb.stack(0, Skip) // seat 1's only stack; unseen, seat 1 picks the Skip up
		tb.wantNext(ActDeal, 0)
		tb.ok(Event{Kind: EvStackGone})
		if in := tb.wantNext(ActDeal, 0); in.Due != 1 {
			t.Fatalf("seat 1 is owed no card after its only stack went: %+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.wantStacks(0, "Stop")
		tb.wantNext(ActDeal, 1)
	})
	t.Run("If a player has no stacks at all, you must start a new one: both stacks of a seat reported gone as the dealer reaches it", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Skip, Stop, Stop, Ground)
		tb.stack(0, Skip)
		tb.stack(0, Skip)
		tb.ok(Event{Kind: EvStackGone})
		tb.ok(Event{Kind: EvStackGone})
		if in := tb.wantNext(ActDeal, 0); in.Due != 1 || in.Stack != 1 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.wantNext(ActDeal, 1)
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.wantStacks(0, "Stop")
	})
	t.Run("Once the dealer is addressing a player, no one can affect the deal: the last stack reported gone after a card of the address is down is owed nothing", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Skip, Stop, Stop, Stop, Ground)
		tb.stack(0, Skip)
		tb.stack(0, Skip)
		tb.ok(Scan(tb.id(Stop, 0))) // stack 1; unseen, seat 1 picks it up, and all of stack 2
		tb.ok(Event{Kind: EvStackGone})
		tb.wantNext(ActDeal, 1)
	})
	t.Run("If a player has no stacks at all, you must start a new one: told again that nothing is there, the dealer has the last word", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Stop, Stop, Ground)
		tb.stack(0, Skip)
		tb.ok(Event{Kind: EvStackGone})
		tb.wantNext(ActDeal, 0)
		tb.ok(Event{Kind: EvStackGone})
		tb.wantNext(ActDeal, 1)
		if tb.NumStacks(0) != 0 {
			t.Fatalf("seat 1 stacks %q", tb.kinds(0))
		}
	})
	t.Run("HIT: After dealing normally, deal a second card into each of this player's stacks; and if a player has no stacks at all, you must start a new one: a Hit on a seat whose only stack went deals two into the new one", func(t *testing.T) {
		tb := newObserved(t, 2, Skip, Hit, Stop, Stop, Stop, Stop, Ground)
		tb.stack(0, Skip)
		tb.ride(0, Hit)
		tb.ok(Scan(tb.id(Hit, 0))) // shown
		tb.ok(Event{Kind: EvStackGone})
		if in := tb.wantNext(ActDeal, 0); in.Due != 2 || in.Rider != Hit {
			t.Fatalf("the Hit is owed nothing after the only stack went: %+v", in)
		}
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.wantStacks(0, "Stop Stop")
		tb.wantNext(ActSweep, 0)
	})
	t.Run("A card scanned that should not be there: the game state does not move, even when every faller left has a Chute and the dealer would go round for ever", func(t *testing.T) {
		tb := newObserved(t, 2, Hit, Stop, Chute, Chute, Ground, Ground)
		tb.ride(0, Chute)
		tb.ride(1, Chute)
		tb.stack(1, Stop)
		tb.wantNext(ActPass, 0)
		tb.refused(Scan(tb.id(Stop, 0)), RuleCardNotExpected) // a Stop is never a rider
		tb.ok(Scan(tb.id(Hit, 0)))                            // a deck card: seat 1's Chute went unseen
		tb.wantStacks(0, "Hit")
	})
	t.Run("There are only five Ground cards, but there is an unlimited supply of ground: a Chute not there when an imaginary Ground is due is reported from the panel", func(t *testing.T) {
		tb := newObserved(t, 3, Chute, Skip)
		chute := tb.ride(1, Chute)
		tb.ok(Scan(tb.id(Skip, 0))) // seat 1: the deck is empty now
		if in := tb.wantNext(ActPass, 1); !in.First {
			t.Fatalf("%+v", in)
		}
		// Unseen: the Chute was Moved away. No card will be read at seat 2.
		tb.ok(Event{Kind: EvStackGone})
		if in := tb.wantNext(ActDeal, 1); !in.Imaginary || !in.First || in.Rider != NoKind {
			t.Fatalf("%+v", in)
		}
		inf := tb.Inferences()
		if last := inf[len(inf)-1]; last.Kind != InfRiderGone || last.Card != chute {
			t.Fatalf("inferences %+v", inf)
		}
		tb.refused(Event{Kind: EvStackGone}, RuleCardNotExpected) // no stack and no rider left to be gone
	})
}

// The dealer reads a rider and then the Extra lying on it, and the beat may
// confirm the rider's sweep in between: a card read right after the
// confirmation, before anything of the next seat's turn, is still read at
// the address whose end was confirmed.
func TestLateRun(t *testing.T) {
	confirm := Event{Kind: EvConfirm}
	t.Run("To play an Extra, lay it on top of the rider you wish to modify, overlapping it so the dealer can still read both cards.", func(t *testing.T) {
		// "EXTRA SKIP: Deal no cards to this player, and sweep away only
		// the Extra card. (The Skip remains.)"
		tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip, Extra)
		tb.stack(1, Skip, Extra) // played unseen on seat 1
		skip, extra := tb.index[tb.id(Skip, 0)], tb.index[tb.id(Extra, 0)]
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.wantNext(ActSweep, 0)
		tb.ok(confirm) // the beat: the dealer is taken to have swept the Skip
		if in := tb.wantNext(ActDeal, 1); !in.First {
			t.Fatalf("next %v, want seat 2's turn", in)
		}
		// A copy of the hand (state + event → next state) takes the late
		// Extra the same way.
		clone := tb.Clone()
		tb.ok(Scan(tb.id(Extra, 0))) // the Extra that lay on the Skip
		if err := clone.Apply(Scan(tb.id(Extra, 0))); err != nil || clone.Digest() != tb.Digest() {
			t.Fatalf("the clone: %v, digest %x, want %x", err, clone.Digest(), tb.Digest())
		}
		in := tb.wantNext(ActSweep, 0)
		if in.SweepRider || in.SweepExtras != 1 || in.Rider != Skip || in.Extras != 1 {
			t.Fatalf("after the late Extra: %+v, want the Extra swept and the Skip left", in)
		}
		tb.ok(confirm)
		if tb.Rider(0) != skip || tb.Where(extra).Zone != InDiscard || tb.Where(skip) != (Place{Zone: AsRider, Player: 0}) {
			t.Fatalf("rider %d (the Skip is %d), Extra at %+v", tb.Rider(0), skip, tb.Where(extra))
		}
		if inf := tb.Inferences(); len(inf) != 2 || inf[1].Kind != InfExtraPlayed || inf[1].Player != 0 || inf[1].Card != extra {
			t.Fatalf("inferences %+v", inf)
		}
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.wantStacks(1, "Hit")
		// Next pass: "the Extra is swept away on the first pass, and the
		// Skip is taken on the second pass (if it's still there)."
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Skip, 0)))
		if in := tb.wantNext(ActSweep, 0); !in.SweepRider || in.SweepExtras != 0 {
			t.Fatalf("second pass: %+v, want the Skip swept", in)
		}
	})
	t.Run("A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one.", func(t *testing.T) {
		tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip, Extra, Extra)
		tb.stack(2, Skip, Extra, Extra)
		second := tb.index[tb.id(Extra, 1)]
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(Scan(tb.id(Extra, 0)))
		tb.wantNext(ActSweep, 0)
		tb.ok(confirm)
		// A second Extra cannot be the Skip's: it is read at seat 2's
		// turn, before a rider that does not come.
		tb.ok(Scan(tb.id(Extra, 1)))
		if in := tb.wantNext(ActDeal, 1); in.Rider != NoKind || in.Extras != 0 {
			t.Fatalf("after the second Extra: %+v", in)
		}
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.wantStacks(1, "Hit")
		if w := tb.Where(second); w.Zone != InStack || w.Player != 2 || len(tb.Extras(0)) != 0 || tb.Rider(0) < 0 {
			t.Fatalf("the second Extra is at %+v; seat 1's Extras %v", w, tb.Extras(0))
		}
	})
	t.Run("When the dealer reaches a player with a rider, they scan it: the known rider shown after the confirmation.", func(t *testing.T) {
		tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip)
		skip := tb.ride(0, Skip)
		if in := tb.wantNext(ActSweep, 0); !in.First {
			t.Fatalf("next %v", in)
		}
		tb.ok(confirm) // the beat after the one that called the sweep
		tb.ok(Scan(tb.id(Skip, 0)))
		// Nothing changed: the confirmation stands and it is seat 2's turn.
		if in := tb.wantNext(ActDeal, 1); !in.First {
			t.Fatalf("next %v, want seat 2's turn", in)
		}
		if tb.Where(skip).Zone != InDiscard {
			t.Fatalf("the Skip is at %+v, want swept", tb.Where(skip))
		}
		tb.ok(Scan(tb.id(Hit, 0)))
		tb.wantStacks(1, "Hit")
	})
	t.Run("A card from the deck where the engine knew an unseen rider: the rider was Moved or Stopped unseen, and the card is that seat's.", func(t *testing.T) {
		tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip)
		skip := tb.ride(0, Skip)
		tb.ok(confirm)
		tb.ok(Scan(tb.id(Hit, 0))) // dealt to seat 1: the Skip was not there
		tb.wantStacks(0, "Hit")
		tb.wantStacks(1, "")
		if tb.Rider(0) >= 0 || tb.Where(skip).Zone != InDiscard {
			t.Fatalf("rider %d, the Skip at %+v", tb.Rider(0), tb.Where(skip))
		}
		if inf := tb.Inferences(); len(inf) != 1 || inf[0].Kind != InfRiderGone || inf[0].Card != skip {
			t.Fatalf("inferences %+v", inf)
		}
		if in := tb.wantNext(ActDeal, 1); !in.First {
			t.Fatalf("next %v", in)
		}
	})
	t.Run("Only right after the confirmation: once a card of the next turn is read, the run is over.", func(t *testing.T) {
		tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip, Extra)
		tb.stack(1, Skip, Extra)
		tb.ok(Scan(tb.id(Skip, 0)))
		tb.ok(confirm)
		tb.ok(Scan(tb.id(Hit, 0))) // seat 2's card
		tb.ok(Scan(tb.id(Extra, 0)))
		// Held for seat 3's rider, not the Skip's.
		if in := tb.wantNext(ActDeal, 2); in.First || in.Rider != NoKind {
			t.Fatalf("next %+v", in)
		}
		if len(tb.Extras(0)) != 0 || !tb.Shown(tb.index[tb.id(Extra, 0)]) {
			t.Fatalf("seat 1's Extras %v", tb.Extras(0))
		}
	})
}

// An Extra lies on top of its rider, so the dealer may read it first.
func TestExtraReadBeforeItsRider(t *testing.T) {
	t.Run("To play an Extra, lay it on top of the rider you wish to modify, overlapping it so the dealer can still read both cards.", func(t *testing.T) {
		// "EXTRA HIT: After dealing normally, deal two extra cards to each stack."
		tb := newObserved(t, 2, Stop, Stop, Stop, Stop, Ground, Ground, Hit, Extra)
		tb.stack(1, Hit, Extra) // played unseen on seat 1
		hit, extra := tb.index[tb.id(Hit, 0)], tb.index[tb.id(Extra, 0)]
		tb.ok(Scan(tb.id(Extra, 0)))
		tb.ok(Scan(tb.id(Hit, 0)))
		in := tb.wantNext(ActDeal, 0)
		if in.Rider != Hit || in.Extras != 1 || in.Due != 3 {
			t.Fatalf("after the Extra and the Hit: %+v", in)
		}
		if tb.Rider(0) != hit || tb.Where(extra) != (Place{Zone: AsExtra, Player: 0}) {
			t.Fatalf("rider %d, Extra at %+v", tb.Rider(0), tb.Where(extra))
		}
		if inf := tb.Inferences(); len(inf) != 2 || inf[0].Kind != InfRiderPlayed || inf[1].Kind != InfExtraPlayed || inf[1].From.Player != 1 {
			t.Fatalf("inferences %+v", inf)
		}
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.ok(Scan(tb.id(Stop, 1)))
		tb.ok(Scan(tb.id(Stop, 2)))
		tb.wantStacks(0, "Stop Stop Stop")
	})
	t.Run("A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one.", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Stop, Ground, Ground, Hit, Extra, Extra)
		tb.stack(1, Hit, Extra, Extra)
		tb.ok(Scan(tb.id(Extra, 0)))
		tb.refused(Scan(tb.id(Extra, 1)), RuleOneExtra)
		tb.ok(Scan(tb.id(Hit, 0)))
		if in := tb.wantNext(ActDeal, 0); in.Extras != 1 {
			t.Fatalf("next %+v", in)
		}
	})
	t.Run("If the rider moves around, the Extra moves with it: the rider the engine knew is gone, the Extra read on the new one stays.", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Stop, Stop, Ground, Ground, Skip, Split, Extra)
		skip := tb.ride(0, Skip) // known, then Moved away unseen
		tb.stack(1, Split, Extra)
		extra := tb.index[tb.id(Extra, 0)]
		tb.ok(Scan(tb.id(Extra, 0))) // taken for the Skip's at first
		tb.ok(Scan(tb.id(Split, 0))) // the rider really there
		// "EXTRA SPLIT: After dealing normally, start two new stacks."
		if in := tb.wantNext(ActDeal, 0); in.Rider != Split || in.Extras != 1 || in.Due != 3 {
			t.Fatalf("next %+v", in)
		}
		if tb.Where(extra) != (Place{Zone: AsExtra, Player: 0}) || tb.Where(skip).Zone != InDiscard {
			t.Fatalf("Extra at %+v, the Skip at %+v", tb.Where(extra), tb.Where(skip))
		}
	})
	t.Run("An Extra read at a seat whose rider never comes does nothing: it stays where it was last seen.", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Stop, Ground, Ground, Extra)
		tb.stack(1, Extra)
		extra := tb.index[tb.id(Extra, 0)]
		tb.ok(Scan(tb.id(Extra, 0)))
		tb.ok(Scan(tb.id(Stop, 0)))
		tb.wantStacks(0, "Stop")
		if w := tb.Where(extra); w.Zone != InStack || w.Player != 1 {
			t.Fatalf("the Extra is at %+v", w)
		}
	})
}

// A real table sends only what it sees, through Observe: product.md, "At a
// real table it only sees: each scanned card (UID, time), each button edge
// (seat, kernel time), dealer controls, and its own instructions."
func TestObserveTakesObservationsOnly(t *testing.T) {
	tb := newObserved(t, 2, Hit, Stop, Skip, Ground, Ground)
	stop := tb.give(0, Stop)
	for _, e := range []Event{Step(), PickUp(0, 0), Play(0, 1), PlayStop(0, 0, StopDeal), {Kind: 0}, {Kind: 200}} {
		before := snapshot(tb.Game)
		err := tb.Observe(e)
		re, ok := err.(*RuleError)
		if !ok || re.Rule != RuleNotObservation {
			t.Fatalf("Observe(%v) = %v, want a refusal under %q", e, err, RuleNotObservation.Text())
		}
		if snapshot(tb.Game) != before {
			t.Fatalf("Observe(%v) was refused but moved the state", e)
		}
	}
	if err := tb.Observe(StopClosed()); err == nil || err.(*RuleError).Rule != RuleNoStopWindow {
		t.Fatalf("the Stop window closed with no Ground dealt: %v", err)
	}
	for _, id := range []string{tb.id(Hit, 0), tb.id(Skip, 0), tb.id(Ground, 0)} {
		if err := tb.Observe(Scan(id)); err != nil {
			t.Fatalf("scan %s: %v", id, err)
		}
	}
	if err := tb.Observe(Press(1)); err != nil { // seat 1, a Ground being dealt: a Stop claim
		t.Fatal(err)
	}
	// "GROUND: If you receive one of these, you are immediately out." No
	// Stop was shown while the window was open: the Ground lands.
	if err := tb.Observe(StopClosed()); err != nil {
		t.Fatal(err)
	}
	tb.check()
	if !tb.Over() || !tb.Out(0) || tb.Where(stop).Zone != InHand {
		t.Fatalf("over %v, seat 1 out %v, the Stop at %+v", tb.Over(), tb.Out(0), tb.Where(stop))
	}
	for k := EventKind(0); k < numEventKinds+2; k++ {
		want := k == EvScan || k == EvPress || k == EvConfirm || k == EvStackGone || k == EvStopClosed || k == EvIdentify || k == EvKnocked || k == EvUnscanned || k == EvThere || k == EvDeclared
		if k.Observation() != want {
			t.Errorf("%v.Observation() = %v", k, !want)
		}
	}
}

// TestKnocked: "You can never mess with the cards in someone's stack." A
// stack knocked over and gathered back breaks that without anyone meaning
// to: the dealer says so, and every card in the faller's stacks becomes a
// guess (which lay under which is no longer known), nothing else changing.
func TestKnocked(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Skip, Move, Split, Move, Ground, Ground)
	tb.refusedAsIs(Knocked(1), RuleCardNotExpected) // nothing dealt yet
	for _, id := range []string{tb.id(Hit, 0), tb.id(Move, 0), tb.id(Skip, 0), tb.id(Move, 1)} {
		tb.ok(Scan(id)) // seats 1, 2, 1, 2: two cards in each stack
	}
	tb.refusedAsIs(Knocked(9), RuleNoPlayer)
	before := snapshot(tb.Game)
	tb.ok(Knocked(1))
	if snapshot(tb.Game) != before {
		t.Fatalf("a stack knocked over moved cards:\n%s\nwant\n%s", snapshot(tb.Game), before)
	}
	for _, kind := range []Kind{Hit, Skip} {
		c, _ := tb.CardIndex(tb.id(kind, 0))
		if !tb.Guessed(c) || tb.Blind(c) {
			t.Errorf("%v in seat 1's knocked stack: guessed %v blind %v, want a guess, not a card dealt by hand", tb.Card(c), tb.Guessed(c), tb.Blind(c))
		}
	}
	for i := range 2 {
		if c, _ := tb.CardIndex(tb.id(Move, i)); tb.Guessed(c) {
			t.Errorf("%v in seat 2's stack is a guess", tb.Card(c))
		}
	}
}
