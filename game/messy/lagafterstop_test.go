package messy

import "testing"

// TestLagSeenAfterAStopOnAGroundScannedTwice: "To Stop a Ground, play the
// Stop as the Ground is being dealt to you. The dealer keeps the Ground."
// A card dealt unscanned just before a Ground whose first read was put
// back (scan-no-deal) is a lag the Ground's Stop window hides: the light
// shows the Ground landing where it was dealt. Saved by a Stop, the light
// asks the seat for the card the Ground was taken for, one the table no
// longer owes, and the dealer sees the lag at the first read after the
// window, as after any read (lagInWindow). Before, the put-back read
// forgot the cards dealt unscanned, the dealer never said "unscanned",
// and the lights ran a seat behind. Seeds of the runs with --seed 2 and 3,
// every mistake at 2 %.
func TestLagSeenAfterAStopOnAGroundScannedTwice(t *testing.T) {
	for _, tc := range []struct {
		rules string
		seed  uint64
	}{
		{"french", 3005399},
		{"official", 2005114},
		{"french", 2005114},
		{"french", 3004283},
	} {
		inStepOn(t, tc.rules, All(0.02), "a card dealt unscanned before stop-", tc.seed)
	}
}

// TestStopHeldWhereTheRiderWasAnothersUnaskedAtTheTable is game's
// TestStopHeldWhereTheRiderWasAnothers/unasked at this table: a rider the
// dealer's hold took for the claimant's card dealt by hand was another
// faller's, never asked for, and the Stop the claimant shows at its claim
// is its own. Before, it was taken for the next seat's deal and the lights
// ran a seat behind. Seeds of the runs with --seed 2 and 3, every mistake
// at 2 %.
func TestStopHeldWhereTheRiderWasAnothersUnaskedAtTheTable(t *testing.T) {
	for _, tc := range []struct {
		rules string
		seed  uint64
		said  string
	}{
		{"french", 2000266, "the card dealt by hand to seat 4 is hit-1"},
		{"official", 2008725, "the card dealt by hand to seat 2 is hit-10"},
		{"classic", 2008725, "the card dealt by hand to seat 2 is hit-10"},
		{"french", 2008725, "the card dealt by hand to seat 2 is hit-10"},
		{"official", 3008801, "the card dealt by hand to seat 5 is hit-11"},
		{"classic", 3008801, "the card dealt by hand to seat 5 is hit-11"},
		{"french", 3008801, "the card dealt by hand to seat 5 is hit-11"},
	} {
		inStepOn(t, tc.rules, All(0.02), tc.said, tc.seed)
	}
}

// TestSkipTakenForADealToTwoStacks: "SKIP: Deal no cards to this player,
// and sweep away the Skip." A Skip its faller played on themselves, shown
// as their turn begins, that the engine believed in another's stack, is
// taken for the deal to the seat's first stack, and the light asks for
// the second stack's card, not the sweep. The dealer, who sees the Skip
// lying there, says misread (skipNotSwept), as where the light goes on to
// another seat. Before, they dealt on and said "not there" of the second
// stack, which lay there, and the lights ran a seat behind (2008222, the
// run with --seed 2, every mistake at 2 %, on the three rule sets).
func TestSkipTakenForADealToTwoStacks(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		inStepOn(t, rules, All(0.02), "shown after all: skip-5", 2008222)
	}
}

// TestNamedGuessHandStaysInStep: 3006437 french (the run with --seed 3,
// every mistake at 2 %), where game's TestNamedRiderGuessShownAfterAll
// was found: a Hit played as a rider, that the engine held in the discard
// pile only as its guess for a Hit named by hand, taken for the deal as
// the seat's turn began, with no misread offered. Merged with the
// session's other mends the hand no longer comes to that read (an earlier
// guess goes right), and no hand of seeds 1 to 3 needs the offer at this
// table; the engine's test pins it, and this one that the hand stays in
// step (every --json of seeds 1 to 3 is byte-identical without the offer).
func TestNamedGuessHandStaysInStep(t *testing.T) {
	inStepOn(t, "french", All(0.02), "", 3006437)
}
