package game

import (
	"math/rand/v2"
	"testing"
)

// Each test quotes the sentence of the official rulebook (rules/000_…) it
// checks. Cards used as plain deals are Stops and Skips so the stacks read
// clearly; spare cards for give/ride sit at the bottom of the test deck.

var spare = cat(many(Hit, 3), many(Split, 3), many(Skip, 3), many(Extra, 3), many(Move, 3), many(Stop, 3), []Kind{Anvil, Chute, Goggles})

func TestDealing(t *testing.T) {
	t.Run("Starting with the player to your left, deal cards one at a time clockwise around the table.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat(many(Skip, 6), spare)...)
		for _, want := range []int{0, 1, 2, 0, 1, 2} {
			tb.wantNext(ActDeal, want)
			tb.ok(Step())
		}
		tb.wantStacks(0, "Skip Skip")
	})
	t.Run("Each player starts with one stack.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat(many(Skip, 3), spare)...)
		in := tb.wantNext(ActDeal, 0)
		if !in.NewStack || in.Stack != 0 || in.Due != 1 {
			t.Fatalf("first instruction %+v", in)
		}
		tb.steps(3)
		for p := 0; p < 3; p++ {
			tb.wantStacks(p, "Skip")
		}
	})
	t.Run("If a player has more than one stack, you will deal one card into each.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Stop, Hit}, spare)...)
		tb.stack(0, Skip)
		tb.stack(0, Skip)
		in := tb.wantNext(ActDeal, 0)
		if in.Due != 2 {
			t.Fatalf("due %d, want 2", in.Due)
		}
		tb.steps(2)
		tb.wantStacks(0, "Skip Stop | Skip Hit")
	})
	t.Run("If a player has no stacks at all, you must start a new one.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Skip, Skip, Skip, Stop}, spare)...)
		tb.steps(3)
		tb.ok(PickUp(0, 0)) // seat 1's only card: no stack left
		if tb.NumStacks(0) != 0 {
			t.Fatalf("seat 1 has %d stacks", tb.NumStacks(0))
		}
		in := tb.wantNext(ActDeal, 0)
		if !in.NewStack {
			t.Fatalf("want a new stack: %+v", in)
		}
		tb.ok(Step())
		tb.wantStacks(0, "Stop")
	})
	t.Run("Extra stacks disappear once they are empty, so you don't have to remember anything beyond the first.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat(many(Stop, 3), spare)...)
		tb.stack(0, Skip, Hit)
		tb.stack(0, Split)
		tb.ok(PickUp(0, 1))
		if tb.NumStacks(0) != 1 {
			t.Fatalf("empty extra stack stayed: %q", tb.kinds(0))
		}
		if tb.Next().Due != 1 {
			t.Fatal("the dealer still deals into the vanished stack")
		}
	})
	t.Run("Shuffle the rest of the cards, and put the Grounds at the bottom.", func(t *testing.T) {
		deck := Shuffle(NewDeck(DeckSpec{}), rand.New(rand.NewPCG(1, 2)))
		n := len(deck)
		for i, c := range deck {
			if (c.Kind == Ground) != (i >= n-5) {
				t.Fatalf("card %d of %d is %v", i, n, c)
			}
		}
	})
	t.Run("Remove the Anvil, Chute, and Goggles also unless you are all advanced players.", func(t *testing.T) {
		for _, c := range NewDeck(DeckSpec{Move: true}) {
			if c.Kind.IsPermanent() {
				t.Fatalf("default deck has %v", c)
			}
		}
		n := 0
		for _, c := range NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}) {
			if c.Kind.IsPermanent() {
				n++
			}
		}
		if n != 3 {
			t.Fatalf("expert deck has %d permanent riders", n)
		}
	})
	t.Run("The winner of each game becomes the dealer for the next.", func(t *testing.T) {
		seats := []int{1, 2, 3, 4, 5}
		got := SeatsAfter(3, seats)
		want := []int{4, 5, 1, 2}
		if len(got) != len(want) {
			t.Fatalf("SeatsAfter(3) = %v", got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("SeatsAfter(3) = %v, want %v", got, want)
			}
		}
	})
}

func TestBasicRiders(t *testing.T) {
	t.Run("HIT: After dealing normally, deal a second card into each of this player's stacks. (And sweep away the Hit.)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Stop, Skip, Stop, Skip}, spare)...)
		tb.stack(0, Split)
		tb.stack(0, Split)
		hit := tb.ride(0, Hit)
		if in := tb.Next(); in.Due != 4 || in.Rider != Hit {
			t.Fatalf("instruction %+v", in)
		}
		tb.steps(4)
		tb.wantStacks(0, "Split Stop Stop | Split Skip Skip")
		in := tb.wantNext(ActSweep, 0)
		if !in.SweepRider || in.SweepExtras != 0 {
			t.Fatalf("sweep %+v", in)
		}
		tb.ok(Step())
		if tb.Rider(0) >= 0 || tb.Where(hit).Zone != InDiscard {
			t.Fatal("the Hit was not swept")
		}
		tb.wantNext(ActDeal, 1)
	})
	t.Run("EXTRA HIT: After dealing normally, deal two extra cards to each stack. (Sweep away the Extra and the Hit.)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat(many(Skip, 3), spare)...)
		tb.ride(0, Hit)
		x := tb.ride(0, Extra)
		tb.steps(3)
		tb.wantStacks(0, "Skip Skip Skip")
		in := tb.wantNext(ActSweep, 0)
		if !in.SweepRider || in.SweepExtras != 1 {
			t.Fatalf("sweep %+v", in)
		}
		tb.ok(Step())
		if tb.Where(x).Zone != InDiscard || tb.Rider(0) >= 0 {
			t.Fatal("Extra and Hit not swept")
		}
	})
	t.Run("SPLIT: After dealing normally, deal this player one more card as the start of a new stack. (And sweep away the Split.)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Skip, Stop}, spare)...)
		tb.stack(0, Hit)
		tb.ride(0, Split)
		tb.steps(1)
		if in := tb.Next(); in.Action != ActDeal || !in.NewStack || in.Stack != 1 {
			t.Fatalf("instruction %+v", in)
		}
		tb.steps(2)
		tb.wantStacks(0, "Hit Skip | Stop")
		if tb.Rider(0) >= 0 {
			t.Fatal("Split not swept")
		}
	})
	t.Run("EXTRA SPLIT: After dealing normally, start two new stacks. (Sweep away the Extra and the Split.)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Skip, Stop, Hit}, spare)...)
		tb.ride(0, Split)
		tb.ride(0, Extra)
		tb.steps(4)
		tb.wantStacks(0, "Skip | Stop | Hit")
		if tb.Rider(0) >= 0 || len(tb.Extras(0)) != 0 {
			t.Fatal("not swept")
		}
	})
	t.Run("SKIP: Deal no cards to this player. (And sweep away the Skip.)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Stop}, spare)...)
		tb.stack(0, Hit)
		tb.ride(0, Skip)
		in := tb.wantNext(ActSweep, 0)
		if !in.SweepRider || !in.First {
			t.Fatalf("%+v", in)
		}
		tb.ok(Step())
		tb.wantStacks(0, "Hit")
		tb.wantNext(ActDeal, 1)
	})
	t.Run("EXTRA SKIP: Deal no cards to this player, and sweep away only the Extra card. (The Skip remains.)", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Stop, 3), spare)...)
		skip := tb.ride(0, Skip)
		tb.ride(0, Extra)
		in := tb.wantNext(ActSweep, 0)
		if in.SweepRider || in.SweepExtras != 1 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Step())
		if tb.Rider(0) != skip || len(tb.Extras(0)) != 0 {
			t.Fatal("want the Skip left and the Extra gone")
		}
		// "And Extra Skip means you'll be skipped twice in a row: to do this, the
		// Extra is swept away on the first pass, and the Skip is taken on the
		// second pass (if it's still there)."
		tb.ok(Step()) // seat 2
		tb.wantNext(ActSweep, 0)
		tb.ok(Step())
		if tb.Rider(0) >= 0 || tb.NumStacks(0) != 0 {
			t.Fatal("second pass should take the Skip and deal nothing")
		}
	})
}

func TestTiming(t *testing.T) {
	t.Run("Once the dealer is addressing a player, no one can affect the deal by meddling with the rider, either with a Move, Stop, or Extra.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat(many(Skip, 4), spare)...)
		tb.stack(0, Skip)
		tb.ride(0, Hit)
		tb.ok(Step()) // the dealer is now addressing seat 1
		tb.give(1, Extra)
		tb.refused(Play(1, 0), RuleFrozenRider)
		tb.players[1].hand = -1
		tb.deck = append(tb.deck, tb.where[0].Player) // put the Extra back below
		tb.Reset(Config{Rules: Official(), Seats: []int{1, 2, 3}, Deck: tb.cards, Ordered: true})
		tb.stack(0, Skip)
		tb.ride(0, Hit)
		tb.ok(Step())
		tb.give(1, Stop)
		tb.refused(PlayStop(1, 0, StopRider), RuleFrozenRider)
		tb.give(2, Move)
		tb.refused(Play(2, 0), RuleFrozenRider)
	})
	t.Run("Similarly, while you are dealing to a player who has no rider, if a new rider is played on him, you can just ignore that rider until your next pass.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 6), spare)...)
		tb.stack(0, Stop)
		tb.stack(0, Stop)
		tb.ok(Step()) // one of two cards dealt to seat 1
		tb.give(1, Hit)
		tb.ok(Play(1, 0))
		if in := tb.wantNext(ActDeal, 0); in.Due != 1 || in.Rider != NoKind {
			t.Fatalf("the new Hit changed this deal: %+v", in)
		}
		tb.ok(Step())
		tb.ok(Step()) // seat 2
		if in := tb.wantNext(ActDeal, 0); in.Rider != Hit || in.Due != 4 {
			t.Fatalf("next pass should carry out the Hit: %+v", in)
		}
	})
}

func TestGround(t *testing.T) {
	t.Run("GROUND: Once a player gets a Ground card, she is out of the game. You don't deal to her, and she can't play any more cards or have any more cards played on her.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Ground, Skip, Skip, Skip}, spare)...)
		tb.stack(0, Hit)
		tb.ok(Step())
		tb.wantNext(ActLand, 0)
		tb.ok(Step())
		if !tb.Out(0) {
			t.Fatal("seat 1 not out")
		}
		tb.wantNext(ActDeal, 1)
		tb.refused(PickUp(0, 0), RuleOut)
		tb.give(1, Skip)
		tb.refused(Play(1, 0), RuleOut)
		tb.steps(2)
		tb.wantNext(ActDeal, 1) // seat 1 is passed over
	})
	t.Run("If you receive one of these, you are immediately out.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Ground}, spare)...)
		tb.give(0, Hit)
		tb.ok(Step())
		tb.refused(Play(0, 1), RuleGroundPending)
		tb.refused(PickUp(0, 0), RuleOneCardInHand)
	})
	t.Run("There are only five Ground cards, but there is an unlimited supply of ground.", func(t *testing.T) {
		tb := newTable(t, Official(), 3)
		in := tb.wantNext(ActDeal, 0)
		if !in.Imaginary {
			t.Fatalf("empty deck: want an imaginary Ground, got %+v", in)
		}
		tb.steps(2)
		if !tb.Out(0) || tb.ImaginaryGrounds() != 1 {
			t.Fatal("imaginary Ground did not knock seat 1 out")
		}
		tb.steps(2)
		if tb.Winner() != 2 {
			t.Fatalf("winner %d, want player 2 (seat 3)", tb.Winner())
		}
		tb.wantNext(ActOver, 2)
		tb.refused(Step(), RuleGameOver)
	})
	t.Run("The only goal is to hit the ground last.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, Ground, Ground)
		tb.steps(2)
		if tb.Winner() != 1 || tb.Seat(tb.Winner()) != 2 {
			t.Fatalf("winner %d", tb.Winner())
		}
	})
}

func TestFalling(t *testing.T) {
	t.Run("You may pick up only one card at a time, and you may only play the card that is in your hand (you can't set it back down).", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.stack(0, Skip)
		tb.stack(0, Skip)
		tb.refused(Play(0, 1), RuleEmptyHand)
		tb.ok(PickUp(0, 0))
		tb.refused(PickUp(0, 0), RuleOneCardInHand)
	})
	t.Run("You can only pick up the top card of your stack.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.stack(0, Hit, Skip)
		tb.ok(PickUp(0, 0))
		if tb.Card(tb.Hand(0)).Kind != Skip {
			t.Fatal("picked up a buried card")
		}
		tb.refused(PickUp(0, 5), RuleOneCardInHand)
		tb.players[0].hand, tb.where[tb.Hand(0)] = -1, Place{Zone: InDiscard}
		tb.discard = append(tb.discard, tb.deck[0])
	})
	t.Run("Note: If the dealer is giving you two cards in a row (because of a Hit), you can certainly grab the first one.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Stop, Skip}, spare)...)
		tb.ride(0, Hit)
		tb.ok(Step())
		tb.ok(PickUp(0, 0))
		if tb.Card(tb.Hand(0)).Kind != Stop {
			t.Fatal("did not grab the first card")
		}
		tb.ok(Step())
		tb.wantStacks(0, "Skip")
	})
	t.Run("Once you are holding a card ... you can't discard it.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.give(0, Move) // nobody has a rider: a Move cannot be played
		if legal := tb.Legal(0, nil); len(legal) != 0 {
			t.Fatalf("a stuck Move has legal plays %v", legal)
		}
		tb.refused(Play(0, 1), RuleNothingToMove)
	})
	t.Run("You may place a rider in front of any player, including yourself, as long as that person doesn't already have one.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.give(0, Hit)
		tb.ok(Play(0, 0))
		tb.give(1, Skip)
		tb.refused(Play(1, 0), RuleOneRider)
		tb.ok(Play(1, 2))
	})
	t.Run("A player can never have more than one rider at a time.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Goggles)
		tb.give(0, Split)
		tb.refused(Play(0, 1), RuleOneRider)
	})
	t.Run("You can only affect riders once they are in play; you can never mess with the cards in someone's stack.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.stack(1, Hit)
		tb.give(0, Extra)
		tb.refused(Play(0, 1), RuleExtraNeedsRider)
	})
}

func TestExtra(t *testing.T) {
	t.Run("To play an Extra, lay it on top of the rider you wish to modify", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Split)
		x := tb.give(0, Extra)
		tb.ok(Play(0, 1))
		if w := tb.Where(x); w.Zone != AsExtra || w.Player != 1 {
			t.Fatalf("Extra at %+v", w)
		}
	})
	t.Run("If the rider moves around, the Extra moves with it.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Hit)
		x := tb.ride(1, Extra)
		tb.give(0, Move)
		tb.ok(Play(0, 1)) // steal
		if w := tb.Where(x); w.Player != 0 || tb.Rider(1) >= 0 {
			t.Fatalf("Extra stayed behind: %+v", w)
		}
	})
	t.Run("If the rider is destroyed by a Stop, the Extra goes away too.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Hit)
		x := tb.ride(1, Extra)
		tb.give(0, Stop)
		tb.ok(PlayStop(0, 1, StopRider))
		if tb.Where(x).Zone != InDiscard || tb.Rider(1) >= 0 {
			t.Fatal("Extra survived its rider")
		}
	})
	t.Run("A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Hit)
		tb.ride(1, Extra)
		tb.give(0, Extra)
		tb.refused(Play(0, 1), RuleOneExtra)
	})
}

func TestPermanentRiders(t *testing.T) {
	t.Run("the dealer does not sweep them, though they can still be Moved and Stopped.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		a := tb.ride(1, Anvil)
		tb.give(0, Move)
		tb.ok(Play(0, 1))
		if tb.Rider(0) != a {
			t.Fatal("Anvil not moved")
		}
		tb.give(2, Stop)
		tb.ok(PlayStop(2, 0, StopRider))
		if tb.Where(a).Zone != InDiscard {
			t.Fatal("Anvil not stopped")
		}
	})
	t.Run("ANVIL: This card is a permanent Hit.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 6), spare)...)
		a := tb.ride(0, Anvil)
		tb.steps(2)
		tb.wantStacks(0, "Skip Skip")
		if tb.Rider(0) != a {
			t.Fatal("Anvil swept")
		}
		tb.ok(Step()) // seat 2
		tb.steps(2)
		tb.wantStacks(0, "Skip Skip Skip Skip")
		if tb.Rider(0) != a {
			t.Fatal("Anvil swept on the second pass")
		}
	})
	t.Run("If it has an Extra, the dealer treats it like an Extra Hit, but sweeps only the Extra.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 3), spare)...)
		a := tb.ride(0, Anvil)
		x := tb.ride(0, Extra)
		tb.steps(3)
		in := tb.wantNext(ActSweep, 0)
		if in.SweepRider || in.SweepExtras != 1 || !in.Leave {
			t.Fatalf("%+v", in)
		}
		tb.ok(Step())
		if tb.Rider(0) != a || tb.Where(x).Zone != InDiscard {
			t.Fatal("want the Anvil left, the Extra swept")
		}
	})
	t.Run("CHUTE: This card is a permanent Skip.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 4), spare)...)
		c := tb.ride(0, Chute)
		in := tb.wantNext(ActPass, 0)
		if !in.Leave {
			t.Fatalf("%+v", in)
		}
		tb.steps(2) // the pass, then seat 2
		tb.wantNext(ActPass, 0)
		if tb.Rider(0) != c || tb.NumStacks(0) != 0 {
			t.Fatal("Chute swept or cards dealt")
		}
	})
	t.Run("If it has an Extra, the dealer treats it exactly like an Extra Skip, sweeping only the Extra.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 4), spare)...)
		c := tb.ride(0, Chute)
		tb.ride(0, Extra)
		in := tb.wantNext(ActSweep, 0)
		if in.SweepRider || in.SweepExtras != 1 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Step())
		if tb.Rider(0) != c || len(tb.Extras(0)) != 0 || tb.NumStacks(0) != 0 {
			t.Fatal("want only the Extra swept and no cards")
		}
	})
	t.Run("GOGGLES: This card does nothing. The dealer can just ignore it and deal.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 4), spare)...)
		gg := tb.ride(0, Goggles)
		tb.steps(1)
		tb.wantStacks(0, "Skip")
		if tb.Rider(0) != gg {
			t.Fatal("Goggles swept")
		}
	})
	t.Run("since a player can have only one rider at a time, Goggles prevents that player from getting another rider.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, spare...)
		tb.ride(0, Goggles)
		tb.give(1, Hit)
		tb.refused(Play(1, 0), RuleOneRider)
	})
	t.Run("If the dealer encounters an Extra Goggles, she deals normally and sweeps the Extra.", func(t *testing.T) {
		tb := newTable(t, Official(), 2, cat(many(Skip, 4), spare)...)
		gg := tb.ride(0, Goggles)
		x := tb.ride(0, Extra)
		tb.steps(2)
		tb.wantStacks(0, "Skip")
		if tb.Rider(0) != gg || tb.Where(x).Zone != InDiscard {
			t.Fatal("want one card, Goggles left, Extra swept")
		}
	})
}

func TestMove(t *testing.T) {
	t.Run("You can either steal someone else's rider, or you can give your rider to someone else.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		h := tb.ride(1, Hit)
		m := tb.give(0, Move)
		tb.ok(Play(0, 1))
		if tb.Rider(0) != h || tb.Rider(1) >= 0 {
			t.Fatal("steal failed")
		}
		// "To play an Action card, you must touch the card to the rider you are
		// trying to affect, carry out the result, and then discard the Action
		// card yourself."
		if tb.Where(m).Zone != InDiscard {
			t.Fatal("Move not discarded")
		}
		tb.give(0, Move)
		tb.ok(Play(0, 2))
		if tb.Rider(2) != h || tb.Rider(0) >= 0 {
			t.Fatal("give failed")
		}
	})
	t.Run("You can't use a Move to move a rider between two other players.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		h := tb.ride(1, Hit)
		tb.give(0, Move)
		// Seat 1 cannot send seat 2's Hit to seat 3: a Move names one other
		// seat and always moves to or from the player holding it.
		legal := tb.Legal(0, nil)
		if len(legal) != 1 || legal[0].Target != 1 {
			t.Fatalf("Legal = %v, want only the steal from seat 2", legal)
		}
		tb.refused(Play(0, 2), RuleNothingToMove)
		tb.refused(Play(0, 0), RuleMoveBetweenOthers)
		tb.ok(Play(0, 1))
		if tb.Rider(0) != h {
			t.Fatal("the Hit went elsewhere")
		}
	})
	t.Run("In each case, the destination must be empty, because a player can never have more than one rider at a time.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		tb.ride(1, Hit)
		tb.ride(0, Skip)
		tb.give(0, Move)
		tb.refused(Play(0, 1), RuleMoveDestination)
	})
}

func TestStop(t *testing.T) {
	t.Run("When you discard a rider, you sweep both the Stop and the rider to the discard pile.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, spare...)
		h := tb.ride(2, Hit)
		s := tb.give(0, Stop)
		tb.ok(PlayStop(0, 2, StopRider))
		if tb.Where(h).Zone != InDiscard || tb.Where(s).Zone != InDiscard {
			t.Fatal("not both discarded")
		}
	})
	t.Run("To Stop a Ground, play the Stop as the Ground is being dealt to you. The dealer keeps the Ground, and you discard the Stop.", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Ground, Ground}, spare)...)
		tb.stack(0, Skip)
		s := tb.give(0, Stop)
		tb.ok(Step())
		tb.give(1, Stop)
		tb.refused(PlayStop(1, 1, StopDeal), RuleStopGround) // not dealt to seat 2
		size := tb.DeckSize()
		tb.ok(PlayStop(0, 0, StopDeal))
		tb.wantStacks(0, "Skip")
		if tb.Out(0) || tb.DeckSize() != size+1 || tb.Card(tb.deck[len(tb.deck)-1]).Kind != Ground || tb.Where(s).Zone != InDiscard {
			t.Fatal("the Ground should be back on the deck and the Stop discarded")
		}
		// The Ground is now on top: it goes to the next player.
		tb.ok(Step())
		tb.wantNext(ActLand, 1)
	})
	t.Run("A Stop can only send one Ground back onto the deck. If you are due to get two Ground cards, as a result of a Hit or because you have multiple stacks, one Stop card won't save you.", func(t *testing.T) {
		for _, setup := range []string{"hit", "two stacks"} {
			tb := newTable(t, Official(), 3, cat([]Kind{Ground, Ground}, spare)...)
			if setup == "hit" {
				tb.ride(0, Hit)
			} else {
				tb.stack(0, Skip)
				tb.stack(0, Skip)
			}
			tb.give(0, Stop)
			tb.ok(Step())
			tb.ok(PlayStop(0, 0, StopDeal))
			tb.ok(Step()) // the same Ground again, into the next slot
			tb.wantNext(ActLand, 0)
			tb.ok(Step())
			if !tb.Out(0) {
				t.Fatalf("%s: one Stop saved seat 1 from two Grounds", setup)
			}
		}
	})
	t.Run("A Stop cannot be played against a card that is not a Ground (official)", func(t *testing.T) {
		tb := newTable(t, Official(), 3, cat([]Kind{Hit}, spare)...)
		tb.give(0, Stop)
		tb.ok(Step())
		tb.refused(PlayStop(0, 0, StopDeal), RuleStopGround)
		tb.refused(PlayStop(0, 0, StopPlay), RuleStopPlay)
	})
}

func TestSeatsAfterKeepsEveryoneButTheDealer(t *testing.T) {
	for dealer := 1; dealer <= 6; dealer++ {
		got := SeatsAfter(dealer, []int{1, 2, 3, 4, 5, 6})
		if len(got) != 5 || got[0] != dealer%6+1 {
			t.Fatalf("SeatsAfter(%d) = %v", dealer, got)
		}
		for _, s := range got {
			if s == dealer {
				t.Fatalf("the dealer %d is dealt to: %v", dealer, got)
			}
		}
	}
}
