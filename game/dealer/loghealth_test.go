package dealer_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
)

type deadDisk struct{ n int }

func (d *deadDisk) Append(playlog.Entry) error { d.n++; return errors.New("EIO") }

// A log that cannot be written must not stop the table, nor be forgotten:
// the dealer says so once, plays on, and ends the hand with the first cause
// and how many entries were lost ("Nothing ... may lose a logged event"
// silently).
func TestDeadLogIsReportedOnce(t *testing.T) {
	seats := []int{2, 3, 4}
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(3, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Seed: 3, StopWindow: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	disk := &deadDisk{}
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: seats, Deck: deck}, Dealer: 1, Cards: tb.Cards(),
		Tempo: dealer.Tempo{Start: 60}, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, disk)
	if err != nil {
		t.Fatal(err)
	}
	tb.Start()
	res, err := d.RunStepped(context.Background(), tb.Clock)
	if res.Winner == 0 {
		t.Fatal("the hand did not end")
	}
	if err == nil || !strings.Contains(err.Error(), "EIO") || !strings.Contains(err.Error(), " log entries not written") {
		t.Fatalf("err = %v", err)
	}
	if disk.n < 50 || len(err.Error()) > 200 {
		t.Fatalf("%d entries failed; the error is %d bytes: %v", disk.n, len(err.Error()), err)
	}
	n := 0
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "play log") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("the dead log was announced %d times", n)
	}
}
