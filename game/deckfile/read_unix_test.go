//go:build unix

package deckfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/internal/regularfile"
)

// TestReadRefusesNonFiles checks that Read neither hangs nor eats the
// memory on a path that names no deck file: a named pipe blocked the open
// for ever (deaf to SIGTERM) and /dev/zero was read until the memory ran out.
func TestReadRefusesNonFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "deck.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, []byte("falling-deck 1\n"+strings.Repeat("#\n", MaxSize/2)), 0o644); err != nil {
		t.Fatal(err)
	}
	atLimit := filepath.Join(dir, "at-limit.txt")
	if err := os.WriteFile(atLimit, []byte("falling-deck 1\n"+strings.Repeat("\n", MaxSize-len("falling-deck 1\n"))), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want string // "" for a deck that reads
		is   error
	}{
		{fifo, "deck file: " + fifo + " is a named pipe, not a file", regularfile.ErrNotRegular},
		{"/dev/zero", "deck file: /dev/zero is a character device, not a file", regularfile.ErrNotRegular},
		{dir, "deck file: " + dir + " is a directory, not a file", regularfile.ErrNotRegular},
		{big, "deck file: " + big + " is larger than 1 MB; a deck file is a few KB: is it the right file?", nil},
		{atLimit, "", nil},
	}
	for _, tt := range tests {
		var err error
		done := make(chan struct{})
		go func() { defer close(done); _, err = Read(tt.path) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Read(%s) still blocked after 5s", tt.path)
		}
		if tt.want == "" {
			if err != nil {
				t.Errorf("Read(%s) = %v", tt.path, err)
			}
			continue
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("Read(%s) = %v, want %q", tt.path, err, tt.want)
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("Read(%s) error is not %v", tt.path, tt.is)
		}
	}
}
