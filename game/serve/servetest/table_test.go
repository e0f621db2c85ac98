package servetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
)

func TestTable(t *testing.T) {
	tab, err := New(Config{Fallers: 4, Seed: 2, Speed: 20})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tab.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	snaps := tab.Subscribe(ctx)
	var last uint64
	for range 10 {
		select {
		case s := <-snaps:
			if s.Seq <= last || len(s.Seats) != 4 {
				t.Fatalf("snapshot seq %d after %d with %d seats", s.Seq, last, len(s.Seats))
			}
			last = s.Seq
		case <-time.After(5 * time.Second):
			t.Fatal("the table does not move")
		}
	}
	if err := tab.Control(hw.ControlPause); err != nil {
		t.Fatal(err)
	}
	var paused uint64
	for s := range snaps {
		if s.Paused {
			paused = s.Seq
			break
		}
	}
	select {
	case s := <-snaps:
		t.Fatalf("snapshot %d while paused", s.Seq)
	case <-time.After(300 * time.Millisecond):
	}
	k := tab.Now()
	tab.Press(2, k+3*time.Millisecond)
	tab.Press(4, k)
	if err := tab.Control(hw.ControlDispute); err != nil {
		t.Fatal(err)
	}
	if s := <-snaps; s.Seq != paused+1 || s.Dispute == nil || s.Dispute.Winner != 0 || !s.Dispute.Tie {
		t.Errorf("dispute over presses 3 ms apart: %+v, want a tie within the 5 ms window", s.Dispute)
	}
	if err := tab.Control(hw.ControlConfirm); !errors.Is(err, ErrNothingToConfirm) {
		t.Errorf("confirm: %v", err)
	}
	if err := tab.Correct("seat 2's Stop counted"); err != nil {
		t.Fatal(err)
	}
	if s := <-snaps; len(s.Notes) != 1 || s.Notes[0] != "seat 2's Stop counted" {
		t.Errorf("notes %q", s.Notes)
	}
	if err := tab.Control(hw.ControlPause); err != nil {
		t.Fatal(err)
	}
	for s := range snaps {
		if !s.Paused && s.Seq > paused+3 {
			break
		}
	}
}
