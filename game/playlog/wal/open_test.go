//go:build unix

package wal

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/internal/regularfile"
)

// TestOpenRefusesNonFiles checks that Open (and so ReadAll, which the night
// index is read with) refuses a named pipe, a device or a directory at once,
// naming it: a pipe blocked the open for ever, and /dev/zero was taken for
// an empty log.
func TestOpenRefusesNonFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "night.idx")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{fifo, "open log: " + fifo + " is a named pipe, not a file"},
		{"/dev/zero", "open log: /dev/zero is a character device, not a file"},
		{dir, "open log: " + dir + " is a directory, not a file"},
	} {
		var err error
		done := make(chan struct{})
		go func() { defer close(done); _, _, _, err = ReadAll(tt.path) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("ReadAll(%s) still blocked after 5s", tt.path)
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("ReadAll(%s) = %v, want %q", tt.path, err, tt.want)
		}
		if !errors.Is(err, regularfile.ErrNotRegular) {
			t.Errorf("ReadAll(%s) error does not wrap regularfile.ErrNotRegular", tt.path)
		}
	}
}
