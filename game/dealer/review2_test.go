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

// TestReview2KnockedWhileAsked: while the dealer is asked to scan the card
// dealt by hand to a seat, that seat's light blinks blue (LightIdentify) and
// no other is lit; an x then must be taken for the seat lit, or refused. It
// is applied to g.Next().Seat instead.
func TestReview2KnockedWhileAsked(t *testing.T) {
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
			t.Logf("%v knocked for seat %d (seat asked about, lit: %d)", e.Kind, e.Event.Seat, asked)
			if e.Kind == playlog.KindApplied && e.Event.Seat != asked {
				t.Errorf("x pressed while seat %d alone was lit (asked for its card dealt by hand) was applied to seat %d", asked, e.Event.Seat)
			}
		}
	}
}
