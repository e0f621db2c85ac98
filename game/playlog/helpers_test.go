package playlog_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// simHand logs a hand of the real dealer on the simulated table in dir,
// with a dispute called over two presses 20 ms apart, and returns its
// path and bytes.
func simHand(t testing.TB, dir string, seed uint64) (string, []byte) {
	t.Helper()
	path := nighttest.Hand(t, dir, nighttest.Options{Seed: seed, Inputs: []nighttest.Input{
		{At: 5 * time.Second, Seat: 1},
		{At: 5*time.Second + 20*time.Millisecond, Seat: 3},
		{At: 5*time.Second + 300*time.Millisecond, Control: hw.ControlDispute},
		// The dispute pauses the table; the dealer resumes it.
		{At: 6 * time.Second, Control: hw.ControlPause},
	}})
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
