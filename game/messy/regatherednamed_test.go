package messy

import "testing"

// TestRegatheredAfterANamedRiderGuess: "You can only pick up the top card
// of your stack", and once picked up "you can't set it back down". In
// 14006483 classic the reader misses split-2, which seat 6 played on seat
// 7 before its Ground, and the dealer names a Split from the panel; the
// engine takes split-3, on top of seat 1's stack, for it (a faller still
// in before one who is out), which leaves seat 1 one card. Seat 1's stack
// of two is then knocked over and gathered back: the dealer's report, a
// card alone having no order to lose, was refused and the mistake missed.
// Now the report is taken, since a card left that seat's stacks on a
// guess (game's takenOnAGuess), and the mistake is named live.
func TestRegatheredAfterANamedRiderGuess(t *testing.T) {
	const seed = 14006483
	opt, deck := ruleSet(t, "classic")
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + seed%6, Seed: seed, Faults: All(rate)})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.play(); err != nil {
		t.Fatal(err)
	}
	if f := faultOf(t, tb, Regathered, "hit-9"); f.Answer != Named {
		t.Fatalf("regathered hit-9: %v (%s), want named live", f.Answer, f.Why)
	}
	if len(tb.hand.Accusations) > 0 || tb.hand.OutOfStep {
		t.Fatalf("accusations %v, out of step %v: want none", tb.hand.Accusations, tb.hand.OutOfStep)
	}
}

// TestMissesLeftAccuseNoOne: two misses traced and left, each for what the
// table never shows, must at least accuse no one.
//   - 14004419 official: hit-11, dealt unscanned to seat 3 and laid at seat
//     1, is never read again; the Ground dealt next went to seat 3 (owed two
//     cards by a Hit) and knocked it out, so the light never lagged, and the
//     engine, a card short, later stood hit-11 in at seat 1 for a card
//     confirmed by hand, where the audit finds it. "The Ground cards are
//     waiting at the bottom of the deck", but the engine's deck held three
//     cards the table's did not when it was read, and nothing says which.
//   - 16004887, all three rule sets: split-4 is dealt stuck under stop-6 at
//     seat 3 (two as one). Not the class where the Stopped Ground is the
//     first to leave the deck (ground-1 left first): extra-2, dealt to seat
//     3 while the reader was gone and picked up before seven cards covered
//     its stand-in, is played on seat 2's Hit ("lay it on top of the rider
//     you wish to modify"), and read as seat 2's deal from the deck, which
//     makes up the card two-as-one took: the deck never runs out early.
//     A guess so deeply covered is offered no longer (game's coveredFor).
func TestMissesLeftAccuseNoOne(t *testing.T) {
	for _, tc := range []struct {
		seed  uint64
		rules string
		kind  Kind
		card  string
	}{
		{14004419, "official", DealUnscanned, "hit-11"},
		{16004887, "official", TwoAsOne, "split-4"},
		{16004887, "classic", TwoAsOne, "split-4"},
		{16004887, "french", TwoAsOne, "split-4"},
	} {
		opt, deck := ruleSet(t, tc.rules)
		tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(tc.seed%6), Seed: tc.seed, Faults: All(rate)})
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.play(); err != nil {
			t.Fatalf("%d %s: %v", tc.seed, tc.rules, err)
		}
		f := faultOf(t, tb, tc.kind, tc.card)
		if len(tb.hand.Accusations) > 0 || !tb.hand.Finished {
			t.Errorf("%d %s: %v %s %v, accusations %v, finished %v: want no one accused and the hand finished",
				tc.seed, tc.rules, tc.kind, tc.card, f.Answer, tb.hand.Accusations, tb.hand.Finished)
		}
	}
}
