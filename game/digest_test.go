package game

import (
	"math/rand/v2"
	"testing"
)

// TestRulesDigestIsSchema1s: logs of entry schema 1 hold the digest as the
// engine computed it then, and replay checks them against RulesDigest. The
// values below were computed by that engine (d06f429) for these two
// hands: a simulated one and a real table's with a card confirmed by hand.
func TestRulesDigestIsSchema1s(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	g, err := New(Config{Rules: Official(), Seats: []int{1, 2, 3}, Deck: Shuffle(NewDeck(DeckSpec{Move: true}), rng), Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf []Event
	for i := 0; i < 60 && !g.Over(); i++ {
		e := Step()
		if buf = g.Legal(i%3, buf[:0]); len(buf) > 0 && i%4 == 0 {
			e = buf[0]
		}
		_ = g.Apply(e) // refusals included: the state is what was pinned
	}
	o, err := New(Config{Rules: Official(), Seats: []int{1, 2}, Deck: NewDeck(DeckSpec{})})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Event{Scan(o.Card(0).ID), Scan(o.Card(1).ID), Scan(o.Card(2).ID), Confirm()} {
		if err := o.Observe(e); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name      string
		got, want uint64
	}{{"simulated", g.RulesDigest(), 0xce7e0a775acf1f45}, {"real table", o.RulesDigest(), 0xfc8aed2735a94f48}} {
		if c.got != c.want {
			t.Errorf("%s hand: rules digest %#x, schema 1 logged %#x", c.name, c.got, c.want)
		}
	}
	if o.Digest() == o.RulesDigest() {
		t.Error("the whole digest leaves out the card confirmed by hand")
	}
}

// TestDigestCloneAndReplay: the digest of a game with loose stand-ins,
// guesses and a knocked stack equals its Clone's and a replay's.
func TestDigestCloneAndReplay(t *testing.T) {
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
