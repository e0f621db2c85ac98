package dealer_test

import (
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestHeldReadPlayedAtAnotherSeat: "You may place a rider in front of any
// player, including yourself." Seat 2's Hit, dealt by hand while the reader
// was gone, is picked up before it can be read (the dealer says n), and
// played in front of seat 3. At seat 3's turn the dealer shows the Hit,
// then deals: read from what the engine believes is the deck, the Hit alone
// looks like seat 3's deal. Held until the next read, which follows at
// once, it is seat 2's card played there, and the hand ends as the table
// played it. The engine's deck is listed in another order than the
// shuffle's, so its stand-in for the Hit is another card.
func TestHeldReadPlayedAtAnotherSeat(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 12), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil) // the Hit, dealt to seat 2 at 3.12 s, and two more by hand
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.at(6.0, game.Play(0, 1))
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	if len(applied) != 1 || applied[0] != game.Identify(2, "Hit-3") {
		t.Fatalf("the dealer told the engine %v, want the Hit read at seat 3's turn to be seat 2's card picked up", applied)
	}
	s.agree()
}

// TestHeldReadDealt: the same Hit picked up at seat 2 is still in their
// hand when seat 3's turn deals it another Hit from the deck. Nothing is
// read after it within half a beat: it was seat 3's deal, as any read at a
// turn's start is, and the hand plays on as the table plays it.
func TestHeldReadDealt(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	if len(applied) != 0 {
		t.Fatalf("the dealer told the engine %v: nothing followed the Hit, it was a deal", applied)
	}
	// Held: the engine took it half a beat after it was read.
	var read, took []playlog.Entry
	for _, e := range s.log.all() {
		switch {
		case e.Kind == playlog.KindScan && e.Card == "Hit-7":
			read = append(read, e)
		case e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan && e.Event.Card == "Hit-7":
			took = append(took, e)
		}
	}
	// (The audit reads it again at the end.)
	if len(read) == 0 || len(took) != 1 || took[0].Kernel-read[0].Kernel < hwtest.Seconds(0.4) {
		t.Fatalf("Hit-7 read %v, taken by the engine %v: want it held about half a beat", read, took)
	}
	var dealt bool
	s.d.Inspect(func(g *game.Game) {
		c, _ := g.CardIndex("Hit-7")
		w := g.Where(c)
		dealt = w.Zone == game.InStack && g.Seat(w.Player) == 3
	})
	if g := s.tb.Truth(); !dealt || s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("Hit-7 dealt to seat 3 %v; dealer: seat %d won, table: seat %d", dealt, s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestHeldReadReadAgain: "the same card scanned twice: a warning sound and
// message, the event is logged, the game state does not move." The Hit
// held at seat 3's turn, lifted and laid on the reader again, is no second
// card: it stays the deal it was.
func TestHeldReadReadAgain(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.tb.Reader.ScanCardAt("Hit-7", hwtest.Seconds(7.1)) // held from 6.98 s
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	if len(applied) != 0 {
		t.Fatalf("the dealer told the engine %v: the Hit read again is no second card", applied)
	}
	if c := s.cuesAt(hwtest.Seconds(7.1)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at the second read: %v, want a warning", c)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won, table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestHeldReadThenStray: a card lying in front of a seat, read while the
// Hit is held at seat 3's turn, cannot be seat 3's deal: it proves nothing
// of the Hit, which stays the deal it was, and is refused as any card read
// where it cannot be.
func TestHeldReadThenStray(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	s.tb.Reader.ScanCardAt("Stop-0", hwtest.Seconds(7.1)) // seat 2's first card, lying there
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	_, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == "Stop-0" })
	if len(applied) != 0 || len(refused) != 1 {
		t.Fatalf("the dealer told the engine %v, and refused %v: want nothing told, the stray read refused", applied, refused)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won, table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}
