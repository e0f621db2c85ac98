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
