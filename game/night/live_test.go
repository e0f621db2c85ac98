package night

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
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
	}}, NewSimTable(SimOptions{Settings: s, Seed: 2}))
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

// The referee's page names the hand being played, and a reader that hangs
// mid-hand reaches it: the snapshot says the reader is not answering and
// what to do while it hangs, then, once the watchdog reset it through
// RSTPDN, that it is back and was lost once and reset once. The reader is
// the PN532 model, the real driver and the real reader service.
func TestLiveShowsTheHandAndTheReadersHealth(t *testing.T) {
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	const hangAt = 15 * time.Second
	var samples []serve.Snapshot
	var n *Night
	n, err = New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 1, LogDir: t.TempDir(), OnHand: func(p *Playing) {
		clk := p.Hand.Hardware.Clock.(interface{ At(time.Duration, func()) })
		// The page's own builder on the dealer's view, on the hand's
		// virtual clock: what a page shows at each instant, whatever the
		// scheduling of the live feed.
		for at := hangAt - time.Second; at < hangAt+4*time.Second; at += 50 * time.Millisecond {
			clk.At(at, func() { samples = append(samples, snapshotOf(p.Dealer, p.Dealer.View(), 0, nil, 0)) })
		}
	}}, NewSimTable(SimOptions{Settings: s, Seed: 8, OnTable: func(tb *simtable.Table) {
		tb.Clock.At(hangAt, func() { tb.Chip.Hang(pn532test.HangHoldClock) })
	}}))
	if err != nil {
		t.Fatal(err)
	}
	var logPath string
	if err := n.Run(context.Background(), func(r HandResult) { logPath = r.Log }); err != nil {
		t.Fatal(err)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(logPath), "hand-"), ".fall")
	var hung, back *serve.Snapshot
	for i := range samples {
		sn := &samples[i]
		if sn.Hand != id || id == "" {
			t.Fatalf("a snapshot mid-hand names hand %q; the hand's log is %s", sn.Hand, logPath)
		}
		h := sn.ReaderHealth
		switch {
		case h == nil:
			t.Fatal("a snapshot mid-hand without the reader's health")
		case h.Failing && hung == nil:
			hung = sn
		case hung != nil && !h.Failing && back == nil:
			back = sn
		}
	}
	if hung == nil || back == nil {
		t.Fatalf("the page never showed the reader hung, then back: first %+v, last %+v", samples[0].ReaderHealth, samples[len(samples)-1].ReaderHealth)
	}
	if h := hung.ReaderHealth; h.State != "not answering" || !strings.Contains(h.Advice, "the table keeps retrying and resetting it") ||
		!strings.HasPrefix(h.Text, "not answering") || h.Lost != 1 {
		t.Errorf("while hung the page shows %+v", h)
	}
	if h := back.ReaderHealth; h.State != "ok" || h.Advice != "" || h.Lost != 1 || h.Resets != 1 || !strings.Contains(h.Text, "lost 1×, reset 1×") {
		t.Errorf("once back the page shows %+v, want ok, lost once, reset once", h)
	}
	b, err := json.Marshal(back)
	if err != nil || !strings.Contains(string(b), `"reader_health":{"state":"ok","text":"ok, `) {
		t.Errorf("the snapshot's JSON: %s (%v)", b, err)
	}
}

// TestLiveLetsTheNightGo: once the night is over the page stops following
// its last dealer, so a process that plays night after night (the messy
// table's long runs, a table left on for weeks) does not keep every hand in
// memory: before, each night left one goroutine and its hand behind (about
// 0.8 MB; 500 hands a row per rule set and mistake outgrew 24 GB).
func TestLiveLetsTheNightGo(t *testing.T) {
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	for seed := range uint64(8) {
		n, err := New(Config{Settings: s, Seats: []int{1, 2, 3}, Hands: 1}, NewSimTable(SimOptions{Settings: s, Seed: seed + 1}))
		if err != nil {
			t.Fatal(err)
		}
		if err := n.Run(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		if n.Live().last == nil {
			t.Fatal("the page lost the last hand's view")
		}
	}
	// Goroutines end a moment after their channel closes.
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before 8 nights, %d after", before, after)
	}
}
