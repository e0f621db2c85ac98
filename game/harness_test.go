package game

import (
	"fmt"
	"strings"
	"testing"
)

// table is a hand set up card by card for a rule test.
type table struct {
	t *testing.T
	*Game
}

// newTable starts a hand with n fallers (seats 1..n) and a deck made of
// the given kinds, top first.
func newTable(t *testing.T, opt Rules, n int, top ...Kind) *table {
	t.Helper()
	var deck []Card
	for i, k := range top {
		deck = append(deck, Card{ID: fmt.Sprintf("%s-%d", strings.ToLower(k.String()), i), Kind: k})
	}
	seats := make([]int, n)
	for i := range seats {
		seats[i] = i + 1
	}
	g, err := New(Config{Rules: opt, Seats: seats, Deck: deck, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, Game: g}
}

// cards of one kind: "n x kind" for deck building.
func many(k Kind, n int) []Kind {
	out := make([]Kind, n)
	for i := range out {
		out[i] = k
	}
	return out
}

func cat(parts ...[]Kind) []Kind {
	var out []Kind
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// give puts the first deck card of kind k (from the bottom) into player p's
// hand, bypassing the deal: a test shortcut that keeps every invariant.
func (tb *table) give(p int, k Kind) int {
	tb.t.Helper()
	c := tb.fromDeck(k)
	tb.players[p].hand = c
	tb.where[c] = Place{Zone: InHand, Player: p}
	tb.check()
	return c
}

// ride puts a card of kind k from the deck in front of player p as a rider
// (or an Extra on their rider).
func (tb *table) ride(p int, k Kind) int {
	tb.t.Helper()
	c := tb.fromDeck(k)
	pl := &tb.players[p]
	if k == Extra {
		pl.extras = append(pl.extras, c)
		tb.where[c] = Place{Zone: AsExtra, Player: p}
	} else {
		pl.rider = c
		tb.where[c] = Place{Zone: AsRider, Player: p}
	}
	tb.check()
	return c
}

// stack gives player p a new stack made of cards of the given kinds, bottom first.
func (tb *table) stack(p int, kinds ...Kind) {
	tb.t.Helper()
	pl := &tb.players[p]
	s := len(pl.stacks)
	pl.stacks = append(pl.stacks, nil)
	for _, k := range kinds {
		c := tb.fromDeck(k)
		pl.stacks[s] = append(pl.stacks[s], c)
		tb.where[c] = Place{Zone: InStack, Player: p, Stack: s}
	}
	tb.check()
}

func (tb *table) fromDeck(k Kind) int {
	tb.t.Helper()
	for i, c := range tb.deck { // from the bottom, so the top of the deck stays as built
		if tb.cards[c].Kind == k {
			tb.deck = append(tb.deck[:i], tb.deck[i+1:]...)
			return c
		}
	}
	tb.t.Fatalf("no %v left in the test deck", k)
	return -1
}

func (tb *table) check() {
	tb.t.Helper()
	if err := tb.Check(); err != nil {
		tb.t.Fatal(err)
	}
}

func (tb *table) ok(e Event) {
	tb.t.Helper()
	if err := tb.Apply(e); err != nil {
		tb.t.Fatalf("%v: %v", e, err)
	}
	tb.check()
}

// refused applies e, expects rule r to refuse it, and checks nothing moved.
func (tb *table) refused(e Event, r Rule) {
	tb.t.Helper()
	before := snapshot(tb.Game)
	err := tb.Apply(e)
	re, ok := err.(*RuleError)
	if !ok || re.Rule != r {
		tb.t.Fatalf("%v: got %v, want a refusal under %q", e, err, r.Text())
	}
	if snapshot(tb.Game) != before {
		tb.t.Fatalf("%v was refused but changed the state", e)
	}
}

func (tb *table) steps(n int) {
	tb.t.Helper()
	for i := 0; i < n; i++ {
		tb.ok(Step())
	}
}

// kinds lists the kinds of player p's stacks, bottom first, as "Hit Skip | Stop".
func (tb *table) kinds(p int) string {
	var parts []string
	for s := 0; s < tb.NumStacks(p); s++ {
		var ks []string
		for _, c := range tb.Stack(p, s) {
			ks = append(ks, tb.cards[c].Kind.String())
		}
		parts = append(parts, strings.Join(ks, " "))
	}
	return strings.Join(parts, " | ")
}

func (tb *table) wantStacks(p int, want string) {
	tb.t.Helper()
	if got := tb.kinds(p); got != want {
		tb.t.Fatalf("seat %d stacks = %q, want %q", tb.Seat(p), got, want)
	}
}

func (tb *table) wantNext(a Action, p int) Instruction {
	tb.t.Helper()
	in := tb.Next()
	if in.Action != a || in.Player != p {
		tb.t.Fatalf("next = %v, want %v for player %d", in, a, p)
	}
	return in
}
