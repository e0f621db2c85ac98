package dealer_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestKnocked: "You can never mess with the cards in someone's stack." A
// stack knocked over and gathered back is messed with by accident, and only
// people at the table see it. The dealer says so from the panel as that
// seat's light comes on: the engine takes the report for the seat lit, the
// audit then proves no buried play by its order, and the hand plays on. Said
// of a seat whose stack holds a single card, or while the hand is paused (a
// dispute lights the seats that pressed), it is refused with a warning and
// nothing changed.
func TestKnocked(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), nil)
	// One card each at 0.7 s: seat 2's single card has no order to lose.
	s.tb.Panel.ControlAt(hw.ControlKnocked, hwtest.Seconds(0.7))
	// Two each at 3.5 s, the light on seat 2.
	s.tb.Panel.ControlAt(hw.ControlKnocked, hwtest.Seconds(3.5))
	// Paused (a dispute lights the seats that pressed): refused.
	s.tb.Panel.ControlAt(hw.ControlPause, hwtest.Seconds(5.5))
	s.tb.Panel.ControlAt(hw.ControlKnocked, hwtest.Seconds(5.6))
	s.tb.Panel.ControlAt(hw.ControlPause, hwtest.Seconds(5.7))
	s.run()
	s.agree()
	applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvKnocked })
	if len(applied) != 1 || applied[0] != game.Knocked(2) || len(refused) != 1 {
		t.Fatalf("knocked applied %v, refused %v: want seat 2's applied once, one refused", applied, refused)
	}
	for _, at := range []float64{0.7, 5.6} {
		if c := s.cuesAt(hwtest.Seconds(at)); len(c) != 1 || c[0] != hw.CueWarning {
			t.Errorf("cues at the refused report at %v s: %v, want a warning", at, c)
		}
	}
	if a := s.res.Audit; a == nil || !strings.Contains(a.Unproven, "knocked over") {
		t.Errorf("the audit after a stack knocked over: %+v", a)
	}
}

// TestKnockedWhileAsked: while the dealer is asked to scan the card
// dealt by hand to a seat, that seat's light blinks blue (LightIdentify) and
// no other is lit: an x then is said of the seat lit, not of the seat the
// deal goes on with.
func TestKnockedWhileAsked(t *testing.T) {
	script := func(knockAt time.Duration) *scripted {
		s := newScripted(t, idles(3), kinds(many(S, 12), G, G), func(c *dealer.Config) {
			deck := slices.Clone(c.Game.Deck)
			slices.Reverse(deck[:12])
			c.Game.Deck = deck
		})
		s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
		s.tb.Reader.BackAt(hwtest.Seconds(5.5))
		if knockAt > 0 {
			s.tb.Panel.ControlAt(hw.ControlKnocked, knockAt)
		}
		s.run()
		return s
	}
	s := script(0)
	type ask struct {
		at   time.Duration
		seat int
	}
	var asks []ask
	for _, e := range s.log.kind(playlog.KindNote) {
		if strings.HasPrefix(e.Note, "beat held: the dealer is asked") {
			asks = append(asks, ask{e.Kernel, e.Seat})
		}
	}
	if len(asks) < 2 {
		t.Fatalf("asks %v", asks)
	}
	asked := asks[1].seat
	s = script(asks[1].at + time.Millisecond)
	for _, e := range s.log.all() {
		if e.Event != nil && e.Event.Kind == game.EvKnocked {
			if e.Kind == playlog.KindApplied && e.Event.Seat != asked {
				t.Errorf("x pressed while seat %d alone was lit (asked for its card dealt by hand) was applied to seat %d", asked, e.Event.Seat)
			}
		}
	}
}
