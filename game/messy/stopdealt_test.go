package messy

import (
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
)

// TestDealerSaysMisreadOfTheStopTheyDealt: "To Stop a Ground, play the
// Stop as the Ground is being dealt to you." A Stop read after the press
// of the seat the light asks a card of, before any Ground has left the
// deck, is taken for its faller's Stop on the first Ground, dealt unread
// (game's firstGroundStopped), and game/dealer's screen then offers "r,
// misread, if you dealt them that Stop". Two stories give the engine the
// same events, and only the dealer, who holds the deck, tells them apart:
//
//   - 1008535 official: seat 1 holds its button (a nervous press), then is
//     dealt stop-2 from the deck. The dealer says misread, and the Stop is
//     seat 1's card dealt, its to play on ground-1 later. Unsaid, the Stop
//     was spent on a Ground never dealt and refused at the real one, the
//     light a seat behind.
//   - 6000579 (three rule sets), 7003978 official: two cards dealt as one,
//     the Ground under them unread, and its faller plays the Stop they were
//     dealt by hand on it. The Stop lies in the discard at the table: the
//     dealer dealt none there and says nothing, and the card stuck under
//     another is found.
//
// The Stop must be one the engine never placed, though: 2001481 french's
// seat 2 was dealt push-3 and ground-1 unscanned and Stopped the Ground
// with stop-5, read into their stack earlier and picked up. Taken for
// their Stop on the first Ground, by the card dealt by hand that stood in
// at seat 2, it put the Ground in the stack where push-3 lay, the
// dealer's "unscanned" of push-3 was refused, and the light went a seat
// behind.
func TestDealerSaysMisreadOfTheStopTheyDealt(t *testing.T) {
	for _, tc := range []struct {
		rules   string
		seed    uint64
		stop    string // the Stop taken for one on a Ground dealt unread
		misread bool   // the dealer dealt it from the deck
		stuck   string // the card stuck under another (two-as-one)
		unread  string // a card dealt unscanned the dealer says so of
	}{
		{rules: "official", seed: 1008535, stop: "stop-2", misread: true},
		{rules: "official", seed: 6000579, stuck: "split-2"},
		{rules: "classic", seed: 6000579, stuck: "split-2"},
		{rules: "french", seed: 6000579, stuck: "split-2"},
		{rules: "official", seed: 7003978, stuck: "stop-3"},
		{rules: "french", seed: 2001481, unread: "push-3"},
	} {
		opt, deck := ruleSet(t, tc.rules)
		tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(tc.seed%6), Seed: tc.seed, Faults: All(rate)})
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.play(); err != nil {
			t.Fatal(err)
		}
		said := slices.Contains(tb.log, game.NotThereRead(tc.stop))
		if tc.stop != "" && said != tc.misread {
			t.Errorf("%s %d: misread of %s said %v, want %v", tc.rules, tc.seed, tc.stop, said, tc.misread)
		}
		if tb.hand.OutOfStep || tb.hand.Diverged || len(tb.hand.Accusations) > 0 {
			t.Errorf("%s %d: out of step %v, another winner named %v, accusations %q", tc.rules, tc.seed, tb.hand.OutOfStep, tb.hand.Diverged, tb.hand.Accusations)
		}
		if tc.stuck != "" {
			if f := faultOf(t, tb, TwoAsOne, tc.stuck); f.Answer == Missed {
				t.Errorf("%s %d: two-as-one %s missed (%s)", tc.rules, tc.seed, tc.stuck, f.Why)
			}
		}
		if tc.unread != "" {
			if f := faultOf(t, tb, DealUnscanned, tc.unread); f.Answer != Named && f.Answer != Audited {
				t.Errorf("%s %d: deal-unscanned %s answered %v (%s), want named", tc.rules, tc.seed, tc.unread, f.Answer, f.Why)
			}
		}
	}
}
