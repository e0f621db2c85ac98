//go:build unix

package playlog_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/internal/regularfile"
)

// within fails the test if f has not returned after a few seconds.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s still blocked after 5s", what)
	}
}

func mkfifo(t *testing.T, path string) string {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadRefusesNonFiles checks that a hand path naming a named pipe, a
// device or a directory is refused at once, naming the path and what it
// is: a pipe blocked the open for ever, so `falling review PIPE` hung deaf
// to SIGTERM.
func TestReadRefusesNonFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := mkfifo(t, filepath.Join(dir, "hand-0001.fall"))
	for _, tt := range []struct{ path, want string }{
		{fifo, "read hand: " + fifo + " is a named pipe, not a file"},
		{"/dev/zero", "read hand: /dev/zero is a character device, not a file"},
		{dir, "read hand: " + dir + " is a directory, not a file"},
	} {
		var err error
		within(t, "Read("+tt.path+")", func() { _, err = playlog.Read(tt.path) })
		if err == nil || err.Error() != tt.want {
			t.Errorf("Read(%s) = %v, want %q", tt.path, err, tt.want)
		}
		if !errors.Is(err, regularfile.ErrNotRegular) {
			t.Errorf("Read(%s) error does not wrap regularfile.ErrNotRegular", tt.path)
		}
	}
}

// TestReadNightSkipsNonFiles checks that a named pipe among the night's hand
// files, or as its index, costs only that file: the night is read, the
// other hands shown, and the pipe's hand says why it is not. The referee's
// page reads the night this way.
func TestReadNightSkipsNonFiles(t *testing.T) {
	dir := t.TempDir()
	good, _ := simHand(t, dir, 2) // hand 0001
	mkfifo(t, filepath.Join(dir, "hand-0002.fall"))
	idx := filepath.Join(dir, playlog.IndexFile)
	if err := os.Remove(idx); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	mkfifo(t, idx)

	var n *playlog.Night
	var err error
	within(t, "ReadNight", func() { n, err = playlog.ReadNight(dir) })
	if err != nil {
		t.Fatalf("ReadNight: %v", err)
	}
	if !strings.Contains(strings.Join(n.Problems, "\n"), idx+" is a named pipe, not a file") {
		t.Errorf("the problems do not say the index is a pipe: %q", n.Problems)
	}
	got := map[string]playlog.NightHand{}
	for _, nh := range n.Hands {
		got[nh.File] = nh
	}
	if nh := got["hand-0002.fall"]; nh.Err == nil || !strings.Contains(nh.Err.Error(), "is a named pipe, not a file") {
		t.Errorf("the pipe's hand: %+v, want an error saying it is a named pipe", nh)
	}
	if nh := got[filepath.Base(good)]; nh.Hand == nil {
		t.Errorf("the good hand was not read: %v", nh.Err)
	}
}

// A named pipe where a hand's continuation would be costs only the
// continuation: the hand reads, and says why the rest cannot be.
func TestReadContinuationThatIsAPipe(t *testing.T) {
	dir := t.TempDir()
	path, _ := simHand(t, dir, 2)
	mkfifo(t, playlog.ContinuationFile(path))
	var h *playlog.Hand
	var err error
	within(t, "Read", func() { h, err = playlog.Read(path) })
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if !strings.Contains(strings.Join(h.Problems, "\n"), "is a named pipe, not a file") {
		t.Errorf("the problems do not say the continuation is a pipe: %q", h.Problems)
	}
}
