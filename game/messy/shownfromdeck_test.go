package messy

import (
	"fmt"
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
)

// faultOf is tb's mistake of kind k on card id, failing the test if none.
func faultOf(t *testing.T, tb *table, k Kind, id string) Fault {
	t.Helper()
	for _, f := range tb.hand.Faults {
		if f.Kind == k && f.Card == id {
			return f
		}
	}
	t.Fatalf("no %v of %s in this hand: %+v", k, id, tb.hand.Faults)
	return Fault{}
}

// TestShownFromTheDeckNamed: "These are instruction cards, which must be
// played horizontally between a player and the dealer", while the dealer
// deals "face up into stacks in front of each player". In 1003182 (two
// fallers, three rule sets) hit-8 and hit-11 are dealt unscanned, a whole
// pass, and never said: the light does not lag. Each faller picks up
// their Hit at once and plays it on themselves; read as that seat's turn
// begins, it is taken for the deal, the dealer says misread, and the
// engine makes it the rider shown from its deck, gone from it unread
// (game/dealer's screen: "it left the deck unread (dealt unscanned where
// the light did not lag)"). That names the deal unscanned live. Before,
// the judge counted both missed, the card lying where the record put it.
// A rider shown after all from a card dealt by hand's place (1009434's
// hit-7, from seat 1's "unscanned") names no card's deal unread, and
// stays missed here.
func TestShownFromTheDeckNamed(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			tb := playedHand(t, rules, 1003182, false)
			for _, id := range []string{"hit-8", "hit-11"} {
				if f := faultOf(t, tb, DealUnscanned, id); f.Answer != Named || f.Why != shownFromTheDeckWhy {
					t.Errorf("%s: %v %q, want named live: %s", id, f.Answer, f.Why, shownFromTheDeckWhy)
				}
			}
			tb = playedHand(t, rules, 1009434, false)
			if f := faultOf(t, tb, DealUnscanned, "hit-7"); f.Answer == Named {
				t.Errorf("1009434 hit-7, shown from seat 1's card dealt by hand, named: %q", f.Why)
			}
		})
	}
}

// TestLastShownFromDeck: only the card's last "shown after all" counts,
// from the deck, and a misread said again at once takes it back.
func TestLastShownFromDeck(t *testing.T) {
	deck := game.Place{Zone: game.InDeck}
	stack := game.Place{Zone: game.InStack}
	shown := func(c int, from game.Place) game.Inference {
		return game.Inference{Kind: game.InfShownAfterAll, Card: c, From: from}
	}
	back := game.Inference{Kind: game.InfReadTakenBack, Card: 3}
	for i, c := range []struct {
		inf  []game.Inference
		want bool
	}{
		{[]game.Inference{shown(3, deck)}, true},
		{[]game.Inference{shown(3, stack)}, false},
		{[]game.Inference{shown(4, deck)}, false},
		{[]game.Inference{shown(3, deck), back}, false},
		{[]game.Inference{shown(3, deck), back, shown(3, deck)}, true},
		{[]game.Inference{shown(3, stack), shown(3, deck)}, true},
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := lastShownFromDeck(c.inf, 3); got != c.want {
				t.Fatalf("%+v: %v, want %v", c.inf, got, c.want)
			}
		})
	}
}

// TestShownFromTheDeckUnidentified: "You may place a rider in front of any
// player, including yourself." In 1009434 (two fallers, three rule sets)
// hit-7 is dealt unscanned to seat 2 and never said, picked up at once and
// played on seat 2; seat 1's split-2 and stop-2 go unscanned too, and the
// dealer says "unscanned" (of stop-2) as hit-7 is read. The dealer's
// misread then makes hit-7 shown after all from seat 1's card dealt by
// hand, picked up and played on seat 2, which an honest table may give:
// missed. Told that the card dealt unscanned was stop-2 (the identified
// twin), the engine has no card dealt by hand it could be, and makes it
// shown from its deck, dealt unread: unidentified. Not told (the negative
// control: that confirmation left out), the twin is the assistant again,
// and proves nothing.
func TestShownFromTheDeckUnidentified(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			tb := playedHand(t, rules, 1009434, false)
			if tb.hand.OutOfStep || len(tb.hand.Accusations) > 0 {
				t.Fatalf("out of step %v, accusations %v", tb.hand.OutOfStep, tb.hand.Accusations)
			}
			f := faultOf(t, tb, DealUnscanned, "hit-7")
			if f.Answer != Unidentified || f.Why[:len(shownFromTheDeckUnidentifiedWhy)] != shownFromTheDeckUnidentifiedWhy {
				t.Fatalf("hit-7: %v %q, want unidentified: %s", f.Answer, f.Why, shownFromTheDeckUnidentifiedWhy)
			}
			x, _ := tb.seen.CardIndex("hit-7")
			if !shownAfterAll(tb.seen.Inferences(), x) || lastShownFromDeck(tb.seen.Inferences(), x) {
				t.Fatal("the assistant did not make hit-7 shown after all from a card dealt by hand")
			}
			if twin := tb.identifiedTwin(); twin == nil || !lastShownFromDeck(twin.Inferences(), x) {
				t.Fatal("the identified twin does not make hit-7 shown from its deck")
			}
			stop, _ := tb.truth.CardIndex("stop-2")
			n := len(tb.confirmed)
			tb.confirmed = slices.DeleteFunc(tb.confirmed, func(b byHandAt) bool { return b.card == stop })
			if len(tb.confirmed) == n {
				t.Fatal("stop-2 was never said dealt unscanned")
			}
			tb.followed = nil // the twin kept at the hand's end was told stop-2
			if twin := tb.identifiedTwin(); twin != nil && lastShownFromDeck(twin.Inferences(), x) {
				t.Error("not told stop-2, the twin still makes hit-7 shown from its deck: the check proves nothing")
			}
		})
	}
}
