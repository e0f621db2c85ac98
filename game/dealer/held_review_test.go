package dealer_test

import (
	"context"
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestHeldReadSurvivesSuspend: a hand stopped (ctx ended: the table's q,
// or a shutdown) while a read is held must not lose that read: the card
// was dealt and read, the log has its scan, so the engine (and the log a
// resume replays) must have it too, as it had before reads were held.
func TestHeldReadSurvivesSuspend(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.tb.Clock.At(hwtest.Seconds(7.1), cancel) // Hit-7 held from 6.98 s
	_, err := s.d.RunStepped(ctx, s.tb.Clock)
	if err == nil {
		t.Fatal("the run ended without the cancel")
	}
	var read, took bool
	for _, e := range s.log.all() {
		switch {
		case e.Kind == playlog.KindScan && e.Card == "Hit-7":
			read = true
		case e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan && e.Event.Card == "Hit-7":
			took = true
		}
	}
	if read && !took {
		t.Fatalf("Hit-7 was read (scan logged) but the hand was stopped while it was held: the engine never took it, and a resume replays without it")
	}
	if !read {
		t.Skip("Hit-7 not read before the cancel: the script's timing moved")
	}
}
