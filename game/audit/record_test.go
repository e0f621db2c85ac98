package audit_test

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// TestRecordAfterUnscanned: "every card is accounted for" (product.md)
// from the record of the deals. A card read and taken for the card dealt
// unscanned before it is recorded again where the dealer's "unscanned"
// puts it, after the deal confirmed by hand that stands in for the card
// dealt unscanned; a rider taken for one played at the seat still waiting
// is recorded played at its own seat, and only there.
func TestRecordAfterUnscanned(t *testing.T) {
	deck := []game.Card{{ID: "stop-0", Kind: game.Stop}, {ID: "hit-1", Kind: game.Hit}, {ID: "stop-2", Kind: game.Stop},
		{ID: "stop-3", Kind: game.Stop}, {ID: "stop-4", Kind: game.Stop}, {ID: "stop-5", Kind: game.Stop}, {ID: "ground-6", Kind: game.Ground}}
	for _, tc := range []struct {
		name   string
		events []game.Event
		deals  []string // card: seat
		plays  []string
	}{
		{"a deal", []game.Event{game.Scan("stop-0"), game.Scan("stop-2"), game.DealtUnscanned("stop-2")},
			[]string{"stop-0: 2", "stand-in: 3", "stop-2: 4"}, nil},
		{"a rider", []game.Event{game.Scan("stop-0"), game.Scan("hit-1"), game.Scan("stop-2"), game.Scan("hit-1"), game.DealtUnscanned("hit-1")},
			[]string{"stop-0: 2", "hit-1: 3", "stop-2: 4", "stand-in: 2"}, []string{"hit-1: 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck})
			if err != nil {
				t.Fatal(err)
			}
			r := audit.NewRecorder()
			for i, e := range tc.events {
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
			if !slices.Equal(deals, tc.deals) || !slices.Equal(plays, tc.plays) {
				t.Fatalf("deals %q, plays %q; want %q, %q", deals, plays, tc.deals, tc.plays)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
