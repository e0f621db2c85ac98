package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestResetOrder: a hand reset with an Order deals exactly as a hand whose
// deck lists the cards in that order.
func TestResetOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	deck := NewDeck(DeckSpec{Move: true, Anvil: true})
	var g Game
	for _, seats := range [][]int{{1, 2, 3}, {4, 2, 9, 7, 1}, {12, 3}} {
		order := rng.Perm(len(deck))
		inOrder := make([]Card, len(deck))
		for i, c := range order {
			inOrder[i] = deck[c]
		}
		if err := g.Reset(Config{Rules: Official(), Seats: seats, Deck: deck, Ordered: true, Order: order}); err != nil {
			t.Fatal(err)
		}
		h, err := New(Config{Rules: Official(), Seats: seats, Deck: inOrder, Ordered: true})
		if err != nil {
			t.Fatal(err)
		}
		for c := range deck {
			if w := g.Where(c); w != (Place{Zone: InDeck}) {
				t.Fatalf("card %d starts at %+v", c, w)
			}
		}
		for !g.Over() || !h.Over() {
			if g.DeckSize() != h.DeckSize() || g.GroundsInDeck() != h.GroundsInDeck() || g.Over() != h.Over() {
				t.Fatalf("seats %v: deck %d/%d cards, %d/%d Grounds", seats, g.DeckSize(), h.DeckSize(), g.GroundsInDeck(), h.GroundsInDeck())
			}
			if err := g.Apply(Step()); err != nil {
				t.Fatal(err)
			}
			if err := h.Apply(Step()); err != nil {
				t.Fatal(err)
			}
			gp, gc, gg, gok := g.PendingDeal()
			hp, hc, hg, hok := h.PendingDeal()
			if gp != hp || gg != hg || gok != hok || (gc >= 0) != (hc >= 0) || gc >= 0 && g.Card(gc) != h.Card(hc) {
				t.Fatalf("seats %v: dealt %v %v %v %v, want %v %v %v %v", seats, gp, gc, gg, gok, hp, hc, hg, hok)
			}
			if err := g.Check(); err != nil {
				t.Fatal(err)
			}
		}
		if g.Winner() != h.Winner() || g.Dealt() != h.Dealt() {
			t.Fatalf("seats %v: winner %d after %d cards, want %d after %d", seats, g.Winner(), g.Dealt(), h.Winner(), h.Dealt())
		}
	}
}

// TestResetRefusesBadConfig: every bad configuration is refused, and the
// game it was refused in can start a good hand afterwards, with an Order
// or without.
func TestResetRefusesBadConfig(t *testing.T) {
	deck := NewDeck(DeckSpec{})
	good := Config{Rules: Official(), Seats: []int{1, 2, 3}, Deck: deck, Ordered: true}
	order := func(change func([]int)) []int {
		o := make([]int, len(deck))
		for i := range o {
			o[i] = len(o) - 1 - i
		}
		change(o)
		return o
	}
	bad := map[string]Config{
		"one faller":        {Seats: []int{1}},
		"twelve fallers":    {Seats: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
		"seat 0":            {Seats: []int{1, 0, 2}},
		"negative seat":     {Seats: []int{-4, 2}},
		"seat twice":        {Seats: []int{5, 3, 9, 3}},
		"first seat twice":  {Seats: []int{7, 7}},
		"card without ID":   {Deck: append([]Card{{Kind: Hit}}, deck...)},
		"short order":       {Order: order(func([]int) {})[1:]},
		"card twice":        {Order: order(func(o []int) { o[5] = o[9] })},
		"card past the end": {Order: order(func(o []int) { o[0] = len(o) })},
		"negative card":     {Order: order(func(o []int) { o[len(o)-1] = -1 })},
	}
	var g Game
	for name, cfg := range bad {
		if cfg.Seats == nil {
			cfg.Seats = good.Seats
		}
		if cfg.Deck == nil {
			cfg.Deck = good.Deck
		}
		if _, err := New(cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: New says %v", name, err)
		}
		if err := g.Reset(good); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			_ = g.Apply(Step())
		}
		if err := g.Reset(cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Reset says %v", name, err)
		}
		// With an Order too: a refused Order must leave no trace the next
		// one trips on.
		next := good
		next.Order = order(func([]int) {})
		if err := g.Reset(next); err != nil {
			t.Fatalf("%s: then %v", name, err)
		}
		dealToTheEnd(t, &g, name)
	}
}

// TestResetKeepsEveryRule: Reset copies the rules field by field (so that a
// Config does not escape), and must miss none, including any added later.
func TestResetKeepsEveryRule(t *testing.T) {
	var g Game
	cfg := Config{Seats: []int{1, 2}, Deck: NewDeck(DeckSpec{}), Ordered: true}
	for i := range reflect.TypeFor[Rules]().NumField() {
		want := Official()
		f := reflect.ValueOf(&want).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "+")
		case reflect.Int:
			f.SetInt(f.Int() + 7)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			t.Fatalf("Rules.%s: a %v; teach this test to change one", reflect.TypeFor[Rules]().Field(i).Name, f.Kind())
		}
		cfg.Rules = want
		if err := g.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		if got := g.Rules(); got != want {
			t.Errorf("Rules() = %+v, want %+v", got, want)
		}
	}
}

// TestResetDoesNotAllocate: the simulator resets a game every hand, with a
// Config it may build afresh each time.
func TestResetDoesNotAllocate(t *testing.T) {
	var g Game
	deck := NewDeck(DeckSpec{Move: true})
	order := rand.New(rand.NewPCG(1, 2)).Perm(len(deck))
	rules := Official()
	if err := g.Reset(Config{Rules: rules, Seats: []int{1, 2, 3}, Deck: deck, Ordered: true, Order: order}); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := g.Reset(Config{Rules: rules, Seats: []int{1, 2, 3, 4, 5}, Deck: deck, Ordered: true, Order: order}); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Reset allocates %v times", allocs)
	}
}

// TestRedeal: the next hand at the same table, dealt in a new order, is the
// hand Reset would start with that order; a bad order is refused and the
// table can be dealt again afterwards.
func TestRedeal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	deck := NewDeck(DeckSpec{Move: true, Chute: true})
	cfg := Config{Rules: Official(), Seats: []int{3, 1, 4, 6}, Deck: deck, Ordered: true}
	var g, h Game
	if err := g.Redeal(rng.Perm(len(deck))); !errors.Is(err, ErrConfig) {
		t.Fatalf("Redeal before any Reset: %v", err)
	}
	if err := g.Reset(cfg); err != nil {
		t.Fatal(err)
	}
	for hand := 0; hand < 20; hand++ {
		order := rng.Perm(len(deck))
		if err := g.Redeal(order); err != nil {
			t.Fatal(err)
		}
		cfg.Order = order
		if err := h.Reset(cfg); err != nil {
			t.Fatal(err)
		}
		var buf []Event
		for !h.Over() {
			e := Step()
			if rng.IntN(3) == 0 {
				if buf = h.Legal(rng.IntN(4), buf[:0]); len(buf) > 0 {
					e = buf[rng.IntN(len(buf))]
				}
			}
			if err, want := g.Apply(e), h.Apply(e); (err == nil) != (want == nil) {
				t.Fatalf("hand %d: %v: %v after Redeal, %v after Reset", hand, e, err, want)
			}
			if g.Digest() != h.Digest() {
				t.Fatalf("hand %d: after %v the two hands differ", hand, e)
			}
		}
		if g.Seat(g.Winner()) != h.Seat(h.Winner()) {
			t.Fatalf("hand %d: winners differ", hand)
		}
	}
	for name, order := range map[string][]int{
		"short":        rng.Perm(len(deck) - 1),
		"card twice":   func() []int { o := rng.Perm(len(deck)); o[5] = o[9]; return o }(),
		"past the end": func() []int { o := rng.Perm(len(deck)); o[3] = len(deck); return o }(),
		"negative":     func() []int { o := rng.Perm(len(deck)); o[0] = -1; return o }(),
	} {
		if err := g.Redeal(order); !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Redeal says %v", name, err)
		}
		if err := g.Redeal(rng.Perm(len(deck))); err != nil {
			t.Fatalf("%s: then %v", name, err)
		}
		dealToTheEnd(t, &g, name)
	}
}

// TestRefusedResetChangesNothing: a refused Reset leaves the hand in play
// exactly as it was, so it goes on, and a later Redeal deals that table, not
// a mixture of it and the refused configuration.
func TestRefusedResetChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	deck := NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true})
	var g Game
	if err := g.Reset(Config{Rules: Official(), Seats: []int{1, 2, 3, 4}, Deck: deck, Ordered: true}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		if err := g.Apply(Step()); err != nil {
			t.Fatal(err)
		}
	}
	other := NewDeck(DeckSpec{})
	for name, cfg := range map[string]Config{
		"order of one card":         {Rules: Classic(), Seats: []int{7, 8}, Deck: other, Order: []int{0}},
		"order naming a card twice": {Rules: Classic(), Seats: []int{7, 8}, Deck: other, Order: func() []int { o := rng.Perm(len(other)); o[1] = o[2]; return o }()},
		"bad seat":                  {Rules: Classic(), Seats: []int{7, 7}, Deck: other},
		"card without an ID":        {Rules: Classic(), Seats: []int{7, 8}, Deck: append([]Card{{Kind: Hit}}, other...)},
	} {
		before := snapshot(&g)
		if err := g.Reset(cfg); !errors.Is(err, ErrConfig) {
			t.Fatalf("%s: Reset says %v", name, err)
		}
		if snapshot(&g) != before {
			t.Fatalf("%s: the refused Reset changed the hand", name)
		}
		if err := g.Apply(Step()); err != nil {
			t.Fatalf("%s: the hand cannot go on: %v", name, err)
		}
	}
	if err := g.Redeal(rng.Perm(len(deck))); err != nil {
		t.Fatal(err)
	}
	if g.NumPlayers() != 4 || g.Seat(3) != 4 || g.NumCards() != len(deck) || g.Rules().Name != Official().Name {
		t.Fatalf("Redeal dealt %d players (seat %d last), %d cards, %s rules", g.NumPlayers(), g.Seat(g.NumPlayers()-1), g.NumCards(), g.Rules().Name)
	}
	dealToTheEnd(t, &g, "after the refusals")
}

// dealToTheEnd deals g's hand out with no faller acting, checking the
// invariants after every step: a hand started after a refusal must be whole.
func dealToTheEnd(t *testing.T, g *Game, name string) {
	t.Helper()
	for !g.Over() {
		if err := g.Apply(Step()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := g.Check(); err != nil {
			t.Fatalf("%s: then %v", name, err)
		}
	}
}
