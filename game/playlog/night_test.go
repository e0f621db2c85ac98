package playlog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/game/playlog"
)

func TestReadNight(t *testing.T) {
	dir := t.TempDir()
	var winners []int
	for seed := range uint64(4) {
		p, _ := simHand(t, dir, seed)
		winners = append(winners, mustRead(t, p).Winner)
	}
	wantScores := func(t *testing.T, n *playlog.Night, hands int) {
		t.Helper()
		won := map[int]int{}
		for _, w := range winners[:hands] {
			won[w]++
		}
		if len(n.Scores) != 5 {
			t.Fatalf("scores %+v", n.Scores)
		}
		for _, s := range n.Scores {
			played, dealt := hands, 0
			if s.Seat == 5 {
				played, dealt = 0, hands
			}
			if s.Won != won[s.Seat] || s.Played != played || s.Dealt != dealt {
				t.Errorf("seat %d: %+v, want won %d played %d dealt %d", s.Seat, s, won[s.Seat], played, dealt)
			}
		}
	}

	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Hands) != 4 || len(n.Problems) != 0 || n.ID != filepath.Base(dir) {
		t.Fatalf("%d hands, problems %q, id %q", len(n.Hands), n.Problems, n.ID)
	}
	for i, h := range n.Hands {
		if h.Hand == nil || h.Err != nil || !h.Ended || h.Winner != winners[i] || h.Start.IsZero() {
			t.Errorf("hand %d: %+v", i, h)
		}
	}
	wantScores(t, n, 4)

	// A hand file the index lost, and one that is not a log at all.
	if err := os.WriteFile(filepath.Join(dir, "hand-0009.fall"), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "hand-0002.fall"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "hand-0005.fall"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	n, err = playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Hands) != 6 || n.Hands[5].Err == nil || !strings.Contains(n.Hands[5].Err.Error(), "not a FALLING log") || n.Hands[4].Hand == nil {
		t.Fatalf("hands %+v", n.Hands)
	}
	if len(n.Problems) != 2 || !strings.Contains(n.Problems[0], "hand-0005.fall is not in the night index") {
		t.Errorf("problems %q", n.Problems)
	}

	// Without the index the hands are found by name.
	if err := os.Remove(filepath.Join(dir, playlog.IndexFile)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "hand-0005.fall")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "hand-0009.fall")); err != nil {
		t.Fatal(err)
	}
	n, err = playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Hands) != 4 || len(n.Problems) != 1 || !strings.Contains(n.Problems[0], "no night.idx") {
		t.Fatalf("%d hands, problems %q", len(n.Hands), n.Problems)
	}
	wantScores(t, n, 4)
	if _, err := playlog.ReadNight(filepath.Join(dir, "nope")); err == nil {
		t.Error("a missing directory read as a night")
	}
}
