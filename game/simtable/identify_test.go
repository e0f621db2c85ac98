package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestIdentifyAskedAtTwoSeats: the simulated dealer answers the assistant's
// ask for a card dealt by hand once per ask. A warning heard again while its
// answer is on its way is the same ask; the light blinking at another seat
// a moment later is a new one, and is answered too (here n, nothing dealt
// by hand lying at either seat).
func TestIdentifyAskedAtTwoSeats(t *testing.T) {
	deck := []game.Card{{ID: "hit-1", Kind: game.Hit}, {ID: "skip-1", Kind: game.Skip}, {ID: "ground-1", Kind: game.Ground}, {ID: "ground-2", Kind: game.Ground}}
	tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond, Seed: 1, Reaction: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ask := func(at float64, seat int) {
		tb.Clock.At(hwtest.Seconds(at), func() {
			for _, s := range []int{2, 3} {
				p := hw.Pattern{}
				if s == seat {
					p = askIdentify
				}
				_ = tb.Lights.Set(s, p)
			}
			tb.identifyAsked()
		})
	}
	ask(1, 2)
	ask(1.01, 2) // heard again: the same ask
	ask(1.02, 3) // the next seat asked at once
	tb.Clock.RunUntil(hwtest.Seconds(2))
	var at []time.Duration
	for len(tb.Panel.Controls()) > 0 {
		c := <-tb.Panel.Controls()
		if c.Control != hw.ControlSkip {
			t.Fatalf("answered %+v, want n", c)
		}
		at = append(at, c.Kernel)
	}
	if len(at) != 2 || at[0] != hwtest.Seconds(1) || at[1] != hwtest.Seconds(1.02) {
		t.Fatalf("answers at %v, want one at 1 s (seat 2) and one at 1.02 s (seat 3)", at)
	}
}
