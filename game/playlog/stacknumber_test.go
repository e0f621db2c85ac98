package playlog_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// TestReplaySchema9StackNumber: a schema 9 writer numbered an identify's
// stack counting a stack said not there mid-address, kept empty by the
// engine; schema 10 counts only the stacks with a card in them
// (game.Game.StackNumber), as the table has them ("Extra stacks disappear
// once they are empty"). Seat 2's first stack, said not there, the card
// dealt by hand into its other was "stack 2" to a schema 9 writer and is
// "stack 1" now: each log replays to the card identified, and a schema 9
// log's number read as schema 10's names no stack there.
func TestReplaySchema9StackNumber(t *testing.T) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "y", Kind: game.Move}, {ID: "mv3", Kind: game.Move},
		{ID: "byhand", Kind: game.Stop}, {ID: "mv5", Kind: game.Move}, {ID: "mv6", Kind: game.Move}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	events := []game.Event{game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"), game.Scan("split"),
		game.Scan("hit"), game.Scan("y"), game.Step(), game.Scan("mv3"), game.Scan("hit"), game.StackGone(), game.Confirm()}
	hand := func(schema, stack int) *playlog.Hand {
		h := &playlog.Hand{ID: "h", Start: &playlog.Start{Schema: schema, Hand: "h", Rules: game.Official(), Seats: []int{2, 3}, Deck: deck}}
		for i, e := range append(events, game.IdentifyAt(2, stack, "byhand")) {
			h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(i + 1), Kind: playlog.KindApplied, Event: &e})
		}
		return h
	}
	for _, tc := range []struct {
		schema, stack int
		exact         bool
	}{{9, 2, true}, {10, 1, true}, {10, 2, false}} {
		g, bad, err := playlog.ReplayWith(hand(tc.schema, tc.stack), playlog.Hooks{})
		if err != nil {
			t.Fatal(err)
		}
		if (len(bad) == 0) != tc.exact {
			t.Errorf("schema %d, stack %d: mismatches %v, want exact %v", tc.schema, tc.stack, bad, tc.exact)
		}
		if c, _ := g.CardIndex("byhand"); tc.exact && (g.Blind(c) || g.Top(0, 1) != c) {
			t.Errorf("schema %d, stack %d: byhand blind %v, seat 2's stack topped by %v", tc.schema, tc.stack, g.Blind(c), g.Top(0, 1))
		}
	}
}
