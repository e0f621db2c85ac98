package simtable

import (
	"github.com/falling-table/falling/hw/hwtest"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// TestTableDealsOnTheBeat plays the dealer's part by hand: light a seat and
// sound the beat, and the simulated dealer reads the card the rules say
// goes there, showing the rider first ("Riders: when the dealer reaches a
// player with a rider, they scan it").
func TestTableDealsOnTheBeat(t *testing.T) {
	deck := []game.Card{{ID: "hit-1", Kind: game.Hit}, {ID: "skip-1", Kind: game.Skip}, {ID: "skip-2", Kind: game.Skip}, {ID: "ground-1", Kind: game.Ground}, {ID: "ground-2", Kind: game.Ground}}
	tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond, Fallers: nil, Seed: 1, Reaction: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tb.Start()
	beat := func(at float64, seat int) {
		tb.Clock.At(hwtest.Seconds(at), func() {
			for _, s := range []int{2, 3} {
				p := hw.Pattern{}
				if s == seat {
					p = hw.Pattern{Kind: hw.On, Color: hw.Green}
				}
				_ = tb.Lights.Set(s, p)
			}
			_ = tb.Sound.Play(hw.CueDealHere, tb.Clock.Now())
		})
	}
	beat(1, 2)
	beat(2, 3)
	beat(3, 3) // the dealer lags on seat 3, where the simulated one has nothing more: "stack gone"
	tb.Clock.RunUntil(hwtest.Seconds(4))
	var got []string
	for len(tb.Reader.Cards()) > 0 {
		got = append(got, tb.cards[(<-tb.Reader.Cards()).UID])
	}
	if len(got) != 2 || got[0] != "hit-1" || got[1] != "skip-1" {
		t.Fatalf("read %q", got)
	}
	if tb.StacksGone() != 1 || tb.Mismatches() != 0 || len(tb.Panel.Controls()) != 1 {
		t.Fatalf("stacks gone %d, mismatches %d, controls %d", tb.StacksGone(), tb.Mismatches(), len(tb.Panel.Controls()))
	}
	if c := <-tb.Panel.Controls(); c.Control != hw.ControlSkip || c.Kernel != hwtest.Seconds(3)+tb.cfg.DealDelay {
		t.Fatalf("control %+v", c)
	}
	if err := tb.Err(); err != nil {
		t.Fatal(err)
	}
}
