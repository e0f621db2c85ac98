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

// identifies counts the cards dealt by hand the engine took and refused.
func (s *scripted) identifies() (applied, refused int) {
	a, r := s.engineEvents(func(e *playlog.Entry) bool {
		return e.Event.Kind == game.EvIdentify && e.Event.Card != "" // a read, not the dealer's "not on top"
	})
	return len(a), len(r)
}

// TestIdentifyWhenTheReaderIsBack: "Reader unplugged or I2C errors
// mid-hand: the assistant says so, keeps pacing with manual confirmation
// from the dealer panel, and picks the reader up again when it comes back"
// (product.md). The engine's deck is listed in another order than the
// shuffle's, so every card it stands in for one dealt by hand is the wrong
// one. Once the reader is back the dealer is asked for each, the beat held,
// and the engine ends the hand believing what the table has.
func TestIdentifyWhenTheReaderIsBack(t *testing.T) {
	ks := kinds(many(S, 12), G, G)
	s := newScripted(t, idles(3), ks, func(c *dealer.Config) {
		// The deck file lists the Stops the other way round.
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:12])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	back := hwtest.Seconds(5.5)
	s.tb.Reader.BackAt(back)
	s.run()
	blind := 0
	for _, e := range s.log.kind(playlog.KindInference) {
		if e.Inference.Kind == game.InfBlindDeal {
			blind++
		}
	}
	applied, refused := s.identifies()
	if blind != 3 || applied != 3 || refused != 0 {
		t.Fatalf("%d cards dealt by hand, %d identified, %d refused: want 3, 3, 0", blind, applied, refused)
	}
	// The beat is held while the dealer is asked: no beat between the
	// reader's return and the last card identified.
	var last time.Duration
	for _, e := range s.log.kind(playlog.KindApplied) {
		if e.Event.Kind == game.EvIdentify {
			last = e.Kernel
		}
	}
	for _, e := range s.log.kind(playlog.KindBeat) {
		if e.Kernel > back && e.Kernel < last {
			t.Errorf("a beat at %v while the dealer was asked for the cards dealt by hand (until %v)", e.Kernel, last)
		}
	}
	s.agree()
}

// TestIdentifyNotOnTop: the card dealt by hand was picked up before the
// reader came back ("You can only pick up the top card of your stack"): the
// dealer, asked for it, finds another card on top and says n; the guess
// stands and the deal goes on. The card under it is a Move: the simulated
// dealer remembers only the face of the card they dealt by hand, and
// would take a Stop under that Stop for it.
func TestIdentifyNotOnTop(t *testing.T) {
	s := newScripted(t, idles(3), kinds(game.Move, many(S, 11), G, G), nil)
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	// Seat 2's card dealt by hand, picked up before the reader is back.
	s.at(4.5, game.PickUp(0, 0))
	s.run()
	applied, refused := s.identifies()
	skips := 0
	for _, e := range s.log.kind(playlog.KindControl) {
		if e.Control == "skip" && e.Kernel >= hwtest.Seconds(5.5) && e.Kernel < hwtest.Seconds(7) {
			skips++
		}
	}
	if applied != 2 || refused != 0 || skips != 1 {
		t.Fatalf("%d identified, %d refused, %d n: want 2, 0, 1", applied, refused, skips)
	}
	// The n reaches the engine, in the log, so a replay learns it too,
	// said of the stack asked about (seat 2's only one).
	notOnTop := 0
	for _, e := range s.log.kind(playlog.KindApplied) {
		if *e.Event == game.NotOnTopAt(2, 1) {
			notOnTop++
		}
	}
	if notOnTop != 1 {
		t.Fatalf("%d \"not on top\" for seat 2 applied, want 1", notOnTop)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won; table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestNotOnTopNotAskedAgain: a card dealt by hand that the dealer said was
// picked up is not asked for again when another card is confirmed by hand
// while its stand-in is still on top: the answer would be the same n.
func TestNotOnTopNotAskedAgain(t *testing.T) {
	s := newScripted(t, idles(4), kinds(many(S, 16), G, G), nil)
	// Seat 5's first card is dealt by hand and picked up before the
	// reader is back.
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(3.5))
	s.at(3.3, game.PickUp(3, 0))
	// Gone again for the next card, seat 2's, before seat 5 is dealt to
	// again.
	s.tb.Reader.GoneAt(hwtest.Seconds(3.65), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(4.4))
	s.run()
	asked := map[int]int{}
	for _, e := range s.log.kind(playlog.KindNote) {
		if strings.HasPrefix(e.Note, "beat held: the dealer is asked") {
			asked[e.Seat]++
		}
	}
	if asked[5] != 1 || asked[2] != 1 {
		t.Fatalf("asks by seat %v: want seat 5 asked once, and seat 2 once", asked)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won; table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestIdentifyWaitsForTheStopWindow: the reader comes back while a
// Ground's Stop window is open ("To Stop a Ground, play the Stop as the
// Ground is being dealt to you"): the dealer is not asked for the card
// dealt by hand before the window closes, then is, and the hand goes on.
func TestIdentifyWaitsForTheStopWindow(t *testing.T) {
	s := newScripted(t, idles(3), kinds(many(S, 12), G, G), nil)
	s.tb.Reader.GoneAt(hwtest.Seconds(10.5), nil) // Stop-11 and the first Ground confirmed by hand
	s.tb.Reader.BackAt(hwtest.Seconds(13.2))      // in that Ground's window
	s.run()
	var closed, identified time.Duration
	for _, e := range s.log.kind(playlog.KindApplied) {
		switch {
		case e.Event.Kind == game.EvStopClosed && closed == 0:
			closed = e.Kernel
		case e.Event.Kind == game.EvIdentify:
			identified = e.Kernel
			if e.Event.Card != "Stop-11" || e.Event.Seat != 4 {
				t.Errorf("identified %v", e.Event)
			}
		}
	}
	if closed == 0 || identified < closed {
		t.Fatalf("the window closed at %v, the card dealt by hand was identified at %v: want after", closed, identified)
	}
	if applied, refused := s.identifies(); applied != 1 || refused != 0 {
		t.Fatalf("%d identified, %d refused: want 1, 0", applied, refused)
	}
	s.agree()
}

// The ask for the cards dealt by hand, answered with the panel's confirm
// or interrupted by a dispute: the beat comes back and the hand ends. A
// confirm there used to deal a card nobody dealt (a blind deal at 5.52 s,
// and the hand never ended), and a dispute switched the ask's light off
// and held the beat for good.
func TestIdentifyInterrupted(t *testing.T) {
	for _, c := range []struct {
		name     string
		controls []hw.Control
	}{
		{"a confirm instead of a scan", []hw.Control{hw.ControlConfirm}},
		{"a dispute, then the pause that ends it", []hw.Control{hw.ControlDispute, hw.ControlPause}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(many(S, 12), G, G), nil)
			s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
			s.tb.Reader.BackAt(hwtest.Seconds(5.5))
			for i, ctl := range c.controls {
				s.tb.Panel.ControlAt(ctl, hwtest.Seconds(5.52+1.5*float64(i)))
			}
			s.run() // fails if the hand does not end
			var asked bool
			for _, e := range s.log.all() {
				if e.Kind == playlog.KindNote && strings.HasPrefix(e.Note, "beat held") {
					asked = true
				}
				if e.Kind == playlog.KindInference && e.Inference.Kind == game.InfBlindDeal && e.Kernel >= hwtest.Seconds(5.5) {
					t.Errorf("a card dealt by hand at %v, after the reader was back", e.Kernel)
				}
			}
			if !asked {
				t.Error("the dealer was never asked for the cards dealt by hand")
			}
		})
	}
}
