package messy

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// TestPressKeptWhileAReadIsHeld mirrors game/dealer's kept press: "To Stop
// a Ground, play the Stop as the Ground is being dealt to you." In
// 7000847 hit-2, seat 7's card dealt by hand, is shown at seat 2 as its
// turn begins and held; seat 2 is dealt ground-2 unscanned, the deck all
// Grounds, and presses while the read is held; stop-6 read next judges the
// hold (the Hit shown at seat 2) and is its faller's Stop. The press, kept,
// is told the engine once the hold is judged, the light then asking seat 2
// for a card that can only be a Ground, and the Ground dealt unread is
// found from the Stop. Dropped, as before, the press left the Stop taken
// for seat 2's deal, and ground-2 unidentified.
func TestPressKeptWhileAReadIsHeld(t *testing.T) {
	const seed = 7000847
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			opt, deck := ruleSet(t, rules)
			tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + seed%6, Seed: seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.play(); err != nil {
				t.Fatal(err)
			}
			if f := faultOf(t, tb, DealUnscanned, "ground-2"); f.Answer != Named || f.Why != stoppedUnreadWhy {
				t.Fatalf("deal-unscanned ground-2: %v (%s), want named: %s", f.Answer, f.Why, stoppedUnreadWhy)
			}
			// The press reaches the engine between the held read shown and
			// the Stop, not before the held read.
			held, press := -1, -1
			for i, e := range tb.log {
				if e == game.Scan("hit-2") && held < 0 {
					held = i
				}
				if e == game.Press(2) && held >= 0 && press < 0 {
					press = i
				}
			}
			if held < 0 || press != held+1 || tb.log[press+1] != game.Scan("stop-6") {
				t.Errorf("hit-2 told at %d, seat 2's press at %d: want the press right after it, before stop-6", held, press)
			}
		})
	}
}
