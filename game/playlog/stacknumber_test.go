package playlog_test

import (
	"slices"
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

// TestReplayTellsEachEntrysSchema: Hooks.Before is told the schema each
// entry is read in, the hand-start's up to a resumed writer's schema note
// and that writer's from the note on (a note without one changes
// nothing), so a caller reading entries by their schema (the review's
// deals said by the engine's index before schema 10) follows the
// replay's own count rather than keeping a second.
func TestReplayTellsEachEntrysSchema(t *testing.T) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "mv2", Kind: game.Move}, {ID: "g1", Kind: game.Ground}}
	h := &playlog.Hand{ID: "h", Start: &playlog.Start{Schema: 9, Hand: "h", Rules: game.Official(), Seats: []int{2, 3}, Deck: deck}}
	add := func(e playlog.Entry) {
		e.Seq = uint64(len(h.Entries) + 1)
		h.Entries = append(h.Entries, e)
	}
	for _, id := range []string{"mv0", "mv1"} {
		e := game.Scan(id)
		add(playlog.Entry{Kind: playlog.KindApplied, Event: &e})
	}
	add(playlog.Entry{Kind: playlog.KindNote, Note: "resumed", Schema: playlog.Schema})
	add(playlog.Entry{Kind: playlog.KindNote, Note: "a note"})
	e := game.Scan("mv2")
	add(playlog.Entry{Kind: playlog.KindApplied, Event: &e})

	var got []int
	if _, bad, err := playlog.ReplayWith(h, playlog.Hooks{Before: func(_ *playlog.Entry, schema int, _ *game.Game) { got = append(got, schema) }}); err != nil || len(bad) > 0 {
		t.Fatalf("replay: %v, mismatches %v", err, bad)
	}
	if want := []int{9, 9, playlog.Schema, playlog.Schema, playlog.Schema}; !slices.Equal(got, want) {
		t.Errorf("Before told schemas %v, want %v", got, want)
	}
}
