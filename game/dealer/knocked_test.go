package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestKnocked: "You can never mess with the cards in someone's stack." A
// stack knocked over and gathered back is messed with by accident, and only
// people at the table see it. The dealer says so from the panel as that
// seat's light comes on: the engine takes the report for the seat lit, the
// audit then proves no buried play by its order, and the hand plays on. Said
// of a seat whose stack holds a single card, or between hands, it is
// refused with a warning and nothing changed.
func TestKnocked(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), nil)
	// One card each at 0.7 s: seat 2's single card has no order to lose.
	s.tb.Panel.ControlAt(hw.ControlKnocked, hwtest.Seconds(0.7))
	// Two each at 3.5 s, the light on seat 2.
	s.tb.Panel.ControlAt(hw.ControlKnocked, hwtest.Seconds(3.5))
	s.run()
	s.agree()
	applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvKnocked })
	if len(applied) != 1 || applied[0] != game.Knocked(2) || len(refused) != 1 {
		t.Fatalf("knocked applied %v, refused %v: want seat 2's applied once, one refused", applied, refused)
	}
	if c := s.cuesAt(hwtest.Seconds(0.7)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at the refused report: %v, want a warning", c)
	}
	if a := s.res.Audit; a == nil || !strings.Contains(a.Unproven, "knocked over") {
		t.Errorf("the audit after a stack knocked over: %+v", a)
	}
}
