package dealer

import (
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// TestDeckEndAsksForAnImaginaryGround: "Shuffle the rest of the cards, and
// put the Grounds at the bottom" and "there is an unlimited supply of
// ground" (rulebook). Seat 2's second card (Stop-4) is dealt unscanned and
// never said; the two Grounds read after it are taken a seat behind, and
// the lights, still counting Stop-4 in the deck, ask seat 4 for "a card"
// the dealer does not have. The dealer is told to deal an imaginary Ground
// and name it; named, it lands, and the request goes. A deck that empties
// as the lights count it, or one with Grounds still in it, asks nothing.
func TestDeckEndAsksForAnImaginaryGround(t *testing.T) {
	kinds := []game.Kind{game.Stop, game.Stop, game.Stop, game.Stop, game.Stop, game.Ground, game.Ground}
	at := time.Second
	apply := func(t *testing.T, d *Dealer, e game.Event) {
		t.Helper()
		at += 100 * time.Millisecond
		if err := d.apply(e, playlog.FromReader, at); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	t.Run("a card dealt unscanned and never said", func(t *testing.T) {
		d, _, _ := dealing(t, kinds, 2, 3, 4, 5)
		for _, id := range []string{"Stop-0", "Stop-1", "Stop-2", "Stop-3", "Ground-5"} {
			apply(t, d, game.Scan(id))
			if d.deckEndAsked {
				t.Fatalf("asked after %s, with a Ground still in the deck", id)
			}
		}
		apply(t, d, game.StopClosed())
		apply(t, d, game.Scan("Ground-6"))
		apply(t, d, game.StopClosed())
		if !d.deckEndAsked || !d.asking(askDeckEnd) {
			t.Fatalf("the lights ask %v with Stop-4 believed in the deck and no Ground left: the dealer is not told", d.g.Next())
		}
		var said string
		for _, m := range d.msgs {
			if m.topic == askDeckEnd {
				said = m.Text
			}
		}
		if !strings.Contains(said, "deal seat 4 an imaginary Ground and name it (g)") {
			t.Errorf("the dealer is told %q", said)
		}
		apply(t, d, game.ConfirmAs(game.Ground))
		if in := d.g.Next(); in.Action != game.ActLand || in.Seat != 4 {
			t.Fatalf("after the Ground named the lights ask %v, want seat 4's landing", in)
		}
		if d.deckEndAsked || d.asking(askDeckEnd) {
			t.Error("the request stays after the Ground was named")
		}
	})
	t.Run("the deck empties as the lights count it", func(t *testing.T) {
		d, _, _ := dealing(t, kinds, 2, 3, 4, 5)
		for _, id := range []string{"Stop-0", "Stop-1", "Stop-2", "Stop-3", "Stop-4", "Ground-5"} {
			apply(t, d, game.Scan(id))
		}
		apply(t, d, game.StopClosed())
		apply(t, d, game.Scan("Ground-6"))
		apply(t, d, game.StopClosed())
		if in := d.g.Next(); !in.Imaginary {
			t.Fatalf("the lights ask %v, want an imaginary Ground", in)
		}
		if d.deckEndAsked {
			t.Error("asked with the deck empty as the lights count it")
		}
	})
}
