package messy

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// pressTable is a messy table of two fallers (seats 1 and 2) on a deck of
// the given kinds, top first, the truth and the assistant dealt alike.
func pressTable(t *testing.T, kinds ...game.Kind) *table {
	t.Helper()
	opt, spec := ruleSet(t, "official")
	tb, err := newTable(Options{Rules: opt, Deck: spec, Fallers: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	deck := make([]game.Card, len(kinds))
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", strings.ToLower(k.String()), i), Kind: k}
	}
	for _, g := range []**game.Game{&tb.truth, &tb.seen} {
		if *g, err = game.New(game.Config{Rules: opt, Seats: []int{1, 2}, Deck: deck, Ordered: true}); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// TestPressPassedAsTheDealerPassesIt: "a press from that seat within the
// Stop window claims a Stop" (product.md), and "Stop can also repel a
// Ground": game/dealer tells the engine of a press only where it claims
// one (onButton: its seat's Stop window, once, or the seat the light asks
// a card of where only a Ground can be dealt), and logs every other. The
// messy table sent every press, so another faller's mash between a claim
// on a Ground dealt unread and its Stop was an observation between them,
// which ended the claim while it held for one observation only, and the
// Stop was taken for the deal: a hand no live table plays. The table now passes a
// press exactly where game.Game.ClaimOf says it claims something, the one
// decision the dealer takes too.
func TestPressPassedAsTheDealerPassesIt(t *testing.T) {
	for _, tc := range []struct {
		name   string
		kinds  []game.Kind
		reads  []string // the cards read before the presses
		press  []int    // seats pressing, in order
		taken  int      // how many of them the engine is told
		stop   bool     // a Stop shown next, saving seat 1 from a Ground dealt unread
		window bool     // a Ground's window is open at seat 1
	}{
		{name: "the claim alone", kinds: []game.Kind{game.Stop, game.Move, game.Ground, game.Ground}, reads: []string{"stop-0", "move-1"}, press: []int{1}, taken: 1, stop: true},
		// The gate is what taken checks: since the claim stands until the
		// seat is dealt (game's claimHolds), the Stop would save seat 1
		// even with every press told.
		{name: "another seat mashes after the claim", kinds: []game.Kind{game.Stop, game.Move, game.Ground, game.Ground}, reads: []string{"stop-0", "move-1"}, press: []int{1, 2, 2, 2}, taken: 1, stop: true},
		{name: "another seat presses alone", kinds: []game.Kind{game.Stop, game.Move, game.Ground, game.Ground}, reads: []string{"stop-0", "move-1"}, press: []int{2}, taken: 0},
		{name: "a card other than a Ground may be due", kinds: []game.Kind{game.Stop, game.Move, game.Move, game.Ground, game.Ground}, reads: []string{"stop-0", "move-1"}, press: []int{1, 2}, taken: 0},
		{name: "a Ground's window: its seat claims once", kinds: []game.Kind{game.Ground, game.Move, game.Ground}, reads: []string{"ground-0"}, press: []int{1, 2, 1}, taken: 1, window: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := pressTable(t, tc.kinds...)
			for _, id := range tc.reads {
				if !tb.observe(game.Scan(id)) {
					t.Fatalf("%s not read", id)
				}
			}
			if in := tb.seen.Next(); (in.Action == game.ActLand) != tc.window || in.Seat != 1 {
				t.Fatalf("next: %v, want seat 1's card (a Ground landing: %v)", in, tc.window)
			}
			applied := tb.seen.Applied()
			for _, s := range tc.press {
				tb.press(s)
			}
			if got := int(tb.seen.Applied() - applied); got != tc.taken {
				t.Errorf("%d of the presses %v told the engine, want %d", got, tc.press, tc.taken)
			}
			if tc.window {
				claims := 0
				for _, x := range tb.seen.Inferences() {
					if x.Kind == game.InfStopClaimed {
						claims++
					}
				}
				if claims != 1 {
					t.Errorf("%d Stop claims inferred, want seat 1's one", claims)
				}
				return
			}
			inferred := len(tb.seen.Inferences())
			tb.observe(game.Scan("stop-0"))
			saved := slices.ContainsFunc(tb.seen.Inferences()[inferred:], func(x game.Inference) bool { return x.Kind.StopsUnread() })
			if saved != tc.stop {
				t.Errorf("the Stop shown saved seat 1 from a Ground dealt unread: %v, want %v (inferred %v)", saved, tc.stop, tb.seen.Inferences()[inferred:])
			}
		})
	}
}
