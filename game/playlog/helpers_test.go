package playlog_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/script"
)

// simHand logs a simulated hand in dir and returns its path and bytes.
func simHand(t testing.TB, dir, id string, seed uint64) (string, []byte) {
	t.Helper()
	path, _, err := script.Simulate(dir, script.Sim{Hand: id, Fallers: 4, Seed: seed, Presses: []script.Press{
		{At: 5 * time.Second, Seat: 1}, {At: 5*time.Second + 20*time.Millisecond, Seat: 3, Dispute: true, Since: 4 * time.Second},
	}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, b
}

func writeFile(t testing.TB, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "hand-x.fall")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustRead(t testing.TB, path string) *playlog.Hand {
	t.Helper()
	h, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
