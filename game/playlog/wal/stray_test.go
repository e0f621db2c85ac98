package wal

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Issue 13, fault 8: a create cut short leaves "*.creating-*" files that
// nothing removed. RemoveStray takes the abandoned ones and leaves one that
// a Create in progress holds locked.
func TestRemoveStray(t *testing.T) {
	dir := t.TempDir()
	abandoned := filepath.Join(dir, "night.idx.creating-111")
	busy := filepath.Join(dir, "hand-0002.fall.creating-222")
	other := filepath.Join(dir, "hand-0001.fall")
	for _, p := range []string{abandoned, busy, other} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d.creating-333"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	removed, err := RemoveStray(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(removed, []string{abandoned}) {
		t.Fatalf("removed %q, want only %q", removed, abandoned)
	}
	for _, p := range []string{busy, other, filepath.Join(dir, "d.creating-333")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// pathFailDisk fails every write the way the kernel reports it for the
// file Create wrote under its temporary name.
type pathFailDisk struct{ logFile }

func (pathFailDisk) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/logs/night.idx.creating-4242", Err: syscall.ENOSPC}
}

// Errors after Create name the log, not the temporary file it was made as.
func TestErrorsNameTheLogNotItsTemporaryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "night.idx")
	w, err := Create(path, testHeader, Options{FlushInterval: NoDelay})
	if err != nil {
		t.Fatal(err)
	}
	w.mu.Lock()
	w.f = pathFailDisk{w.f}
	w.mu.Unlock()
	if _, err := w.Append(1, []byte("x")); err != nil {
		t.Fatal(err)
	}
	err = w.Sync()
	if err == nil || strings.Contains(err.Error(), "creating") || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v: want it to name %s and no temporary file", err, path)
	}
	_ = w.Close() // returns the same sticky write failure
}
