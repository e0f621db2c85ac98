package audit_test

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// TestRecordUnscannedKeepsTheDealBefore: "every card is accounted for"
// (product.md) from the record of the deals. Seat 2's Hit, just dealt and
// read, is played at once on seat 4; the dealer deals seat 3's card
// unscanned and shows the Hit at seat 4's turn, which the engine takes for
// one played on seat 3, still waiting. "unscanned" forgets that play, and
// only it: the Hit's own deal to seat 2 was read and stays in the record.
func TestRecordUnscannedKeepsTheDealBefore(t *testing.T) {
	deck := []game.Card{{ID: "hit-0", Kind: game.Hit}, {ID: "stop-1", Kind: game.Stop}, {ID: "stop-2", Kind: game.Stop},
		{ID: "stop-3", Kind: game.Stop}, {ID: "stop-4", Kind: game.Stop}, {ID: "stop-5", Kind: game.Stop}, {ID: "ground-6", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	r := audit.NewRecorder()
	for i, e := range []game.Event{game.Scan("hit-0"), game.Scan("hit-0"), game.DealtUnscanned("hit-0")} {
		r.Before(g)
		if err := g.Observe(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		r.Applied(g, e, time.Duration(i)*time.Second)
	}
	var deals, plays []string
	for _, d := range r.Deals {
		id := g.Card(d.Card).ID
		if g.Blind(d.Card) {
			id = "stand-in"
		}
		deals = append(deals, id+": "+itoa(g.Seat(d.Player)))
	}
	for _, p := range r.Plays {
		plays = append(plays, g.Card(p.Card).ID+": "+itoa(g.Seat(p.Player)))
	}
	if want := []string{"hit-0: 2", "stand-in: 3"}; !slices.Equal(deals, want) {
		t.Errorf("deals %q, want %q", deals, want)
	}
	if want := []string{"hit-0: 4"}; !slices.Equal(plays, want) {
		t.Errorf("plays %q, want %q", plays, want)
	}
}

// TestRecordUnscannedStandInIsTheRead: "every card is accounted for"
// (product.md). The engine's guess for the card dealt unscanned is the
// top of the deck as it believes it, which may be the very card read
// next: read, that card is the deal where the light then asks, and
// another card stands in for the one dealt unscanned. The record holds
// each deal once: the read card where it was read, the stand-in where the
// card dealt unscanned went.
func TestRecordUnscannedStandInIsTheRead(t *testing.T) {
	deck := []game.Card{{ID: "stop-0", Kind: game.Stop}, {ID: "stop-1", Kind: game.Stop}, {ID: "stop-2", Kind: game.Stop},
		{ID: "stop-3", Kind: game.Stop}, {ID: "stop-4", Kind: game.Stop}, {ID: "stop-5", Kind: game.Stop}, {ID: "ground-6", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	r := audit.NewRecorder()
	// The engine's deck is in the order given: after stop-0 it believes
	// stop-1 comes next. Seat 3's card (stop-2, say) goes unscanned, and
	// stop-1, dealt to seat 4, is taken for it.
	for i, e := range []game.Event{game.Scan("stop-0"), game.Scan("stop-1"), game.DealtUnscanned("stop-1")} {
		r.Before(g)
		if err := g.Observe(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		r.Applied(g, e, time.Duration(i)*time.Second)
	}
	var deals []string
	for _, d := range r.Deals {
		id := g.Card(d.Card).ID
		if g.Blind(d.Card) {
			id = "stand-in"
		}
		deals = append(deals, id+": "+itoa(g.Seat(d.Player)))
	}
	if want := []string{"stop-0: 2", "stand-in: 3", "stop-1: 4"}; !slices.Equal(deals, want) {
		t.Errorf("deals %q, want %q", deals, want)
	}
}
