package game

import "testing"

// Tests for each difference between the rule sets, quoting the variant source.

func TestClassic(t *testing.T) {
	t.Run("It is permissible to play more than one Extra on a single card.", func(t *testing.T) {
		tb := newTable(t, Classic(), 3, spare...)
		tb.ride(1, Hit)
		tb.ride(1, Extra)
		tb.give(0, Extra)
		tb.ok(Play(0, 1))
		if len(tb.Extras(1)) != 2 {
			t.Fatal("second Extra refused")
		}
	})
	t.Run("Hit + Extra = 3 cards, Hit + 2 Extras = 4 cards, etc. After dealing the cards, the dealer drags the whole mess of Hit + Extras into the discard pile.", func(t *testing.T) {
		tb := newTable(t, Classic(), 2, cat(many(Stop, 4), spare)...)
		tb.ride(0, Hit)
		tb.ride(0, Extra)
		tb.ride(0, Extra)
		if in := tb.Next(); in.Due != 4 {
			t.Fatalf("due %d", in.Due)
		}
		tb.steps(4)
		in := tb.wantNext(ActSweep, 0)
		if !in.SweepRider || in.SweepExtras != 2 {
			t.Fatalf("%+v", in)
		}
		tb.ok(Step())
		if tb.Rider(0) >= 0 || len(tb.Extras(0)) != 0 {
			t.Fatal("mess not swept")
		}
	})
	t.Run("Extra + Skip: ... drags the Extra (one of them, if there are multiples) into the discard pile, leaving the Skip behind", func(t *testing.T) {
		tb := newTable(t, Classic(), 2, cat(many(Stop, 4), spare)...)
		sk := tb.ride(0, Skip)
		tb.ride(0, Extra)
		tb.ride(0, Extra)
		tb.ok(Step())
		if tb.Rider(0) != sk || len(tb.Extras(0)) != 1 {
			t.Fatal("want one Extra swept per pass")
		}
	})
	t.Run("Split + Extra = 2 new piles; Split + 2 Extras = 3 new piles, etc.", func(t *testing.T) {
		tb := newTable(t, Classic(), 2, cat(many(Stop, 4), spare)...)
		tb.ride(0, Split)
		tb.ride(0, Extra)
		tb.ride(0, Extra)
		tb.steps(5)
		tb.wantStacks(0, "Stop | Stop | Stop | Stop")
	})
	t.Run("Push cards are playable only when the player playing them has a Hit, Skip, or Split card in front of him.", func(t *testing.T) {
		tb := newTable(t, Classic(), 3, cat(many(Push, 2), many(Grab, 2), spare)...)
		tb.give(0, Push)
		tb.refused(Play(0, 1), RulePushNeedsOwnRider)
		h := tb.ride(0, Hit)
		x := tb.ride(0, Extra)
		tb.ok(Play(0, 1))
		// "If there are any Extras on the card pushed, they follow along with it."
		if tb.Rider(1) != h || tb.Where(x).Player != 1 {
			t.Fatal("push failed")
		}
	})
	t.Run("Grab cards are just the opposite of Push cards.", func(t *testing.T) {
		tb := newTable(t, Classic(), 3, cat(many(Grab, 2), spare)...)
		h := tb.ride(2, Split)
		tb.give(0, Grab)
		tb.refused(Play(0, 1), RuleGrabNeedsRider)
		tb.ok(Play(0, 2))
		if tb.Rider(0) != h {
			t.Fatal("grab failed")
		}
	})
	t.Run("A Stop card can be used to counteract any other card played, as it is being played. ... The Stop card and whatever card it was played against are discarded.", func(t *testing.T) {
		tb := newTable(t, Classic(), 3, cat(many(Push, 2), many(Stop, 2), spare)...)
		h := tb.give(0, Hit)
		tb.ok(Play(0, 1))
		s := tb.give(1, Stop)
		tb.refused(PlayStop(1, 1, StopRider), RuleStopRider)
		tb.ok(PlayStop(1, 1, StopPlay))
		if tb.Where(h).Zone != InDiscard || tb.Where(s).Zone != InDiscard || tb.Rider(1) >= 0 {
			t.Fatal("Hit not cancelled")
		}
		// A push cancelled: the rider goes back where it was.
		sk := tb.ride(0, Skip)
		tb.give(0, Push)
		tb.ok(Play(0, 2))
		tb.give(2, Stop)
		tb.ok(PlayStop(2, 2, StopPlay))
		if tb.Rider(0) != sk || tb.Rider(2) >= 0 {
			t.Fatal("Push not cancelled")
		}
		// Once the dealer has moved on, the play is no longer "being played".
		tb.give(1, Split)
		tb.ok(Play(1, 2))
		tb.ok(Step())
		tb.give(2, Stop)
		tb.refused(PlayStop(2, 2, StopPlay), RuleStopPlay)
	})
	t.Run("If a player has a Stop card in his hand when the Dealer deals him a Ground card, he can play it on the Ground card", func(t *testing.T) {
		tb := newTable(t, Classic(), 3, cat([]Kind{Ground}, spare)...)
		tb.give(0, Stop)
		tb.ok(Step())
		tb.ok(PlayStop(0, 0, StopDeal))
		if tb.Out(0) {
			t.Fatal("classic Stop on a Ground failed")
		}
	})
}

func TestFrench(t *testing.T) {
	t.Run("le hit est doublé, c'est à dire que le donneur donne 4 cartes au lieu de deux sur chaque tas", func(t *testing.T) {
		tb := newTable(t, French(), 2, cat(many(Stop, 4), spare)...)
		tb.ride(0, Hit)
		tb.ride(0, Extra)
		if in := tb.Next(); in.Due != 4 {
			t.Fatalf("Extra Hit due %d, want 4", in.Due)
		}
	})
	t.Run("cette carte annule l'effet d'une seule distribution de carte: a Stop cancels any one dealt card", func(t *testing.T) {
		tb := newTable(t, French(), 3, cat([]Kind{Hit}, spare)...)
		tb.give(0, Stop)
		tb.ok(Step())
		tb.ok(PlayStop(0, 0, StopDeal))
		if tb.NumStacks(0) != 0 || tb.Card(tb.deck[len(tb.deck)-1]).Kind != Hit {
			t.Fatal("the dealt card should be back on top of the deck")
		}
	})
	t.Run("si la carte action devant le joueur est un hit et que celui-ci joue un stop : il évite la distribution de la première carte mais il reçoit la deuxième carte", func(t *testing.T) {
		tb := newTable(t, French(), 3, cat([]Kind{Skip, Hit}, spare)...)
		tb.ride(0, Hit)
		tb.give(0, Stop)
		tb.ok(Step())
		tb.ok(PlayStop(0, 0, StopDeal))
		tb.ok(Step())
		tb.wantStacks(0, "Skip")
	})
	t.Run("Dans un premier temps, on ne jouera qu'avec les cartes Skip, Hit et Split.", func(t *testing.T) {
		for _, c := range NewDeck(DeckSpec{Beginner: true}) {
			switch c.Kind {
			case Skip, Hit, Split, Ground:
			default:
				t.Fatalf("beginner deck has %v", c)
			}
		}
	})
	t.Run("a Stop does not discard a rider in the French summary", func(t *testing.T) {
		tb := newTable(t, French(), 3, spare...)
		tb.ride(1, Hit)
		tb.give(0, Stop)
		tb.refused(PlayStop(0, 1, StopRider), RuleStopRider)
	})
}

func TestDecks(t *testing.T) {
	count := func(d []Card) map[Kind]int {
		m := map[Kind]int{}
		for _, c := range d {
			m[c.Kind]++
		}
		return m
	}
	orig := count(NewDeck(DeckSpec{}))
	want := map[Kind]int{Skip: 12, Hit: 12, Stop: 6, Split: 5, Extra: 5, Grab: 5, Push: 4, Ground: 5}
	total := 0
	for k, n := range want {
		if orig[k] != n {
			t.Errorf("original deck has %d %v, want %d", orig[k], k, n)
		}
		total += n
	}
	if total != 54 || len(NewDeck(DeckSpec{})) != 54 {
		t.Errorf("original deck is not 54 cards")
	}
	mv := count(NewDeck(DeckSpec{Move: true}))
	if mv[Move] != 9 || mv[Push] != 0 || mv[Grab] != 0 {
		t.Errorf("move deck: %v", mv)
	}
	if err := ValidateDeck(NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true})); err != nil {
		t.Error(err)
	}
	bad := []struct {
		name string
		deck []Card
	}{
		{"duplicate ID", []Card{{ID: "a", Kind: Hit}, {ID: "a", Kind: Skip}}},
		{"no kind", []Card{{ID: "a"}}},
		{"no ID", []Card{{Kind: Hit}}},
	}
	for _, b := range bad {
		if err := ValidateDeck(b.deck); err == nil {
			t.Errorf("%s: accepted", b.name)
		}
	}
}

func TestRuleSets(t *testing.T) {
	for _, name := range RuleSetNames() {
		o, deck, err := RuleSet(name)
		if err != nil || o.Name != name {
			t.Errorf("RuleSet(%q) = %+v, %v", name, o, err)
		}
		if err := ValidateDeck(NewDeck(deck)); err != nil {
			t.Errorf("RuleSet(%q)'s deck: %v", name, err)
		}
	}
	if o, deck, _ := RuleSet("Official"); !deck.Move || o.MaxExtras != 1 {
		t.Errorf("official: the 2014 Move deck and one Extra a rider, got %+v %+v", o, deck)
	}
	if _, deck, _ := RuleSet("beginner"); !deck.Beginner {
		t.Error("beginner: the beginner's deck")
	}
	if _, _, err := RuleSet("poker"); err == nil {
		t.Error("unknown rule set accepted")
	}
}

func TestKindText(t *testing.T) {
	for _, k := range append(Kinds(), NoKind) {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Fatalf("%v -> %q -> %v, %v", k, b, back, err)
		}
	}
	var k Kind
	if err := k.UnmarshalText([]byte("Joker")); err == nil {
		t.Fatal("unknown kind accepted")
	}
}
