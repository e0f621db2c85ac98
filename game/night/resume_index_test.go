package night

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
)

// copyFile copies dir/name into to, or, with data non-nil, writes data there.
func copyFile(t *testing.T, dir, name, to string, data []byte) {
	t.Helper()
	if data == nil {
		var err error
		if data, err = os.ReadFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(to, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// nightOfTwo plays hand 0001 to its end and hand 0002 for a while in one
// night directory. It returns that directory, the index as it was before
// hand 0002 began, and hand 0002's writer (synced, still open).
func nightOfTwo(t *testing.T) (string, []byte, *playlog.Writer) {
	t.Helper()
	dir := t.TempDir()
	first := newResumeTable()
	log1 := &handLog{dir: dir}
	first.scan(3*time.Second, nil)
	res, err := first.play(t, log1, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := log1.close(res.Winner); err != nil {
		t.Fatal(err)
	}
	idx, err := os.ReadFile(filepath.Join(dir, playlog.IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	second := newResumeTable()
	log2 := &handLog{dir: dir}
	second.scan(3*time.Second, nil)
	if _, err := second.play(t, log2, 14500*time.Millisecond); !errors.Is(err, context.Canceled) {
		t.Fatalf("hand 0002: %v", err)
	}
	if err := log2.w.Sync(); err != nil {
		t.Fatal(err)
	}
	return dir, idx, log2.w
}

// Issue 13, fault 1: the power went after hand 0002's log had its first
// entries but before its start in the night index was durable. --resume
// carries the hand on; the night index must then list it, and every hand
// after it, with no "end of a hand that is not running" and no hand "not in
// the night index".
func TestResumedHandIsRegisteredInTheNightIndex(t *testing.T) {
	live, idxBefore, w := nightOfTwo(t)
	dir := t.TempDir()
	copyFile(t, live, "hand-0001.fall", dir, nil)
	copyFile(t, live, "hand-0002.fall", dir, nil)
	copyFile(t, live, playlog.IndexFile, dir, idxBefore) // hand 0002's start lost
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	rh, logs, err := resumeIn(t, dir, &out)
	if err != nil || rh == nil {
		t.Fatalf("resume: %v, %v\n%s", rh, err, out.String())
	}
	if !strings.Contains(out.String(), "registered now") {
		t.Errorf("the resume says %q, without registering the hand", out.String())
	}
	// The hand goes on and ends; then the night goes on with hand 0003.
	if err := rh.w.Close(3); err != nil {
		t.Fatal(err)
	}
	third := newResumeTable()
	log3 := &handLog{dir: dir, night: logs}
	third.scan(3*time.Second, nil)
	res, err := third.play(t, log3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := log3.close(res.Winner); err != nil {
		t.Fatal(err)
	}

	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Problems) != 0 {
		t.Errorf("problems: %q", n.Problems)
	}
	var ids []string
	for _, h := range n.Hands {
		ids = append(ids, h.ID)
		if !h.Indexed || !h.Ended || h.Err != nil {
			t.Errorf("hand %s: indexed %v, ended %v, %v", h.ID, h.Indexed, h.Ended, h.Err)
		}
	}
	if strings.Join(ids, " ") != "0001 0002 0003" {
		t.Errorf("hands %q, want 0001 0002 0003", ids)
	}
	if n.Hands[1].Winner != 3 {
		t.Errorf("hand 0002 won by seat %d, want 3", n.Hands[1].Winner)
	}
}

// Issue 13, fault 4: a hand file holding only its header (the power went
// inside its first group commit) has nothing to resume; it is not a hand
// that "cannot be trusted".
func TestResumeHeaderOnlyHand(t *testing.T) {
	live, _, w := nightOfTwo(t)
	dir := t.TempDir()
	copyFile(t, live, "hand-0001.fall", dir, nil)
	copyFile(t, live, playlog.IndexFile, dir, nil)
	data, err := os.ReadFile(filepath.Join(live, "hand-0002.fall"))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	const header = 22 + len("0002") + 4
	for _, cut := range []int{header, header + 10} { // the header, then a torn first entry
		copyFile(t, live, "hand-0002.fall", dir, data[:cut])
		before := snapshot(t, dir)
		var out bytes.Buffer
		rh, _, err := resumeIn(t, dir, &out)
		if rh != nil || err != nil || !strings.Contains(out.String(), "nothing to resume") {
			t.Errorf("cut at %d: %v, %v, %q", cut, rh, err, out.String())
		}
		if after := snapshot(t, dir); after != before {
			t.Errorf("cut at %d: the night's files changed", cut)
		}
	}
}
