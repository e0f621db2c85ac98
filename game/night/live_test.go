package night

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/game/simtable"
)

// The page follows the hand through the hub: the snapshots are the page's
// own builder's, on the dealer's engine, and the last one shows the winner.
func TestLiveHubFollowsTheHand(t *testing.T) {
	seats := []int{1, 2, 3, 4, 5}
	fallers := game.SeatsAfter(5, seats)
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(4, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: fallers, Seed: 4, StopWindow: 1500 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: fallers, Deck: deck}, Dealer: 5,
		Cards: tb.Cards(), Tempo: dealer.Tempo{Start: 60}, CountIn: 2, WaitReady: true,
		StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, &handLog{})
	if err != nil {
		t.Fatal(err)
	}
	hub := newLive()
	hub.attach(d, tb.Panel.ControlNow, func(string) error { return nil }, 5*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	snaps := hub.Subscribe(ctx)
	tb.Start()
	res, err := d.RunStepped(ctx, tb.Clock)
	if err != nil {
		t.Fatal(err)
	}
	var last serve.Snapshot
	deadline := time.After(5 * time.Second)
	for last.Winner == 0 {
		select {
		case s := <-snaps:
			if s.Seq <= last.Seq && last.Seq != 0 {
				t.Fatalf("snapshot %d after %d", s.Seq, last.Seq)
			}
			last = s
		case <-deadline:
			t.Fatalf("no snapshot with the winner; last %+v", last)
		}
	}
	if last.Winner != res.Winner || !last.Over || last.Rules != "official" || last.Dealer != 5 || len(last.Seats) != 4 {
		t.Fatalf("last snapshot %+v, the dealer says seat %d won", last, res.Winner)
	}
	if last.Discards == 0 || last.Pass == 0 {
		t.Fatalf("the page lost the discards or the pass: %+v", last)
	}
}

// A referee's correction from the page reaches the hand's log through the
// dealer, in order with the hand's entries; between hands it is refused.
func TestLiveCorrectGoesThroughTheDealer(t *testing.T) {
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var n *Night
	corrected := make(chan error, 1)
	n, err = New(Config{Settings: s, Seats: []int{1, 2, 3, 4}, Hands: 1, LogDir: dir, OnHand: func(p *Playing) {
		// The hand runs on its virtual clock; the correction is made as
		// soon as the table's first deal is due.
		p.Hand.Hardware.Clock.(interface {
			At(time.Duration, func())
		}).At(5*time.Second, func() { corrected <- n.Live().Correct("seat 2's Hit was dealt to seat 3") })
	}}, NewSimTable(SimConfig{Settings: s, Seed: 2}))
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Live().Correct("too early"); !errors.Is(err, ErrNoHand) {
		t.Errorf("a correction before any hand: %v, want ErrNoHand", err)
	}
	var logPath string
	if err := n.Run(context.Background(), func(r HandResult) { logPath = r.Log }); err != nil {
		t.Fatal(err)
	}
	if err := <-corrected; err != nil {
		t.Fatalf("the correction was refused: %v", err)
	}
	h, err := playlog.Read(logPath)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	var last time.Duration
	for _, e := range h.Entries {
		if e.Mono < last {
			t.Fatalf("entry %d at %v after one at %v: the log is not in order", e.Seq, e.Mono, last)
		}
		last = e.Mono
		if e.Kind == playlog.KindCorrection {
			found = true
			if e.Note != "seat 2's Hit was dealt to seat 3" || e.Source != playlog.FromReferee || e.Mono != 5*time.Second {
				t.Errorf("the correction was logged as %+v", e)
			}
		}
	}
	if !found {
		t.Error("the correction is not in the hand's log")
	}
}
