//go:build unix

package config

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/internal/regularfile"
)

// TestLoadRefusesNonFiles: a named pipe as the wiring file blocked Load's
// open for ever, deaf to SIGTERM, and /dev/zero was read to the limit and
// then called too large. Both are named for what they are, at once.
func TestLoadRefusesNonFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{fifo, fifo + ": is a named pipe, not a wiring file; fix: name the YAML file itself; a pipe or a device is never read"},
		{"/dev/zero", "/dev/zero: is a character device, not a wiring file; fix: name the YAML file itself; a pipe or a device is never read"},
	} {
		var err error
		done := make(chan struct{})
		go func() { defer close(done); _, err = Load(tt.path) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%s) still blocked after 5s", tt.path)
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("Load(%s) = %v, want %q", tt.path, err, tt.want)
		}
		if len(Problems(err)) != 1 || !errors.Is(err, regularfile.ErrNotRegular) {
			t.Errorf("Load(%s): want one Problem wrapping regularfile.ErrNotRegular, got %v", tt.path, err)
		}
	}
}
