package messy

import "testing"

// TestReaderMissStaysInStep: "Reader unplugged or I2C errors mid-hand: the
// assistant says so, keeps pacing with manual confirmation from the dealer
// panel, and picks the reader up again when it comes back" (product.md).
// A card the reader missed is confirmed by hand and stood in by a guess;
// the dealer, asked at once, scans it while it lies on top, and the
// assistant learns which card it was. Before the dealer was asked, about
// 18 % of hands with the reader missing 2 % of cards fell out of step (the
// real card, played later, taken for a deal); now under 1 % do.
func TestReaderMissStaysInStep(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	const hands = 1000
	fig, err := Run(RunOptions{Rules: opt, Deck: deck, Hands: hands, Seed: 3, Faults: Only(ReaderMiss, 0.02)})
	if err != nil {
		t.Fatal(err)
	}
	if fig.Panics+fig.Invariants+fig.Unfinished+fig.Accusations > 0 {
		t.Fatalf("%d panics, %d invariant breaks, %d unfinished, %d false accusations: %q",
			fig.Panics, fig.Invariants, fig.Unfinished, fig.Accusations, fig.Failures)
	}
	if fig.OutOfStep > hands/50 {
		t.Fatalf("%d of %d hands out of step: want at most %d", fig.OutOfStep, hands, hands/50)
	}
	t.Logf("%d of %d hands out of step", fig.OutOfStep, hands)
}
