package playlog_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// nightOfHands writes n ended hands in a fresh folder through a NightLog,
// as a night does, and returns the folder.
func nightOfHands(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	logs, err := playlog.OpenNight(dir, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		logHand(t, logs, 2)
	}
	if err := logs.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// logHand logs one hand, won by winner, in the night.
func logHand(t *testing.T, logs *playlog.NightLog, winner int) *playlog.Writer {
	t.Helper()
	w, err := logs.Create(startEntry(""))
	if err != nil {
		t.Fatalf("create hand: %v", err)
	}
	if err := w.Close(winner); err != nil {
		t.Fatalf("close hand %s: %v", w.ID(), err)
	}
	return w
}

// handIDs is the night's hands as review lists them: id, and whether the
// index knew it.
func handIDs(t *testing.T, dir string) (string, []string) {
	t.Helper()
	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range n.Hands {
		ids = append(ids, fmt.Sprintf("%s:%v", h.ID, h.Indexed))
		if h.Hand == nil || !h.Ended {
			t.Errorf("hand %s: read %v, ended %v", h.ID, h.Err, h.Ended)
		}
	}
	return strings.Join(ids, " "), n.Problems
}

// An index a night cannot append to is set aside, as it is, and a new one
// started listing every hand in order; a torn tail, which a power cut
// explains, is cut as before and nothing is set aside.
func TestOpenNightSetsADamagedIndexAside(t *testing.T) {
	cases := []struct {
		name   string
		damage func(idx []byte) []byte
		aside  bool
	}{
		{"a flipped byte mid-index", func(b []byte) []byte { b[len(b)/2] ^= 0x40; return b }, true},
		{"not a log at all", func([]byte) []byte { return []byte("not an index") }, true},
		{"an empty file", func([]byte) []byte { return nil }, true},
		{"a damaged header", func(b []byte) []byte { b[12] ^= 0xff; return b }, true},
		{"a torn tail", func(b []byte) []byte { return b[:len(b)-3] }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := nightOfHands(t, 3)
			idx := filepath.Join(dir, playlog.IndexFile)
			b, err := os.ReadFile(idx)
			if err != nil {
				t.Fatal(err)
			}
			bad := c.damage(b)
			if err := os.WriteFile(idx, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			logs, err := playlog.OpenNight(dir, wal.Options{})
			if err != nil {
				t.Fatalf("open the night: %v", err)
			}
			logHand(t, logs, 1)
			if err := logs.Close(); err != nil {
				t.Fatal(err)
			}
			ids, problems := handIDs(t, dir)
			if want := "0001:true 0002:true 0003:true 0004:true"; ids != want {
				t.Errorf("review lists %q, want %q (problems %q)", ids, want, problems)
			}
			aside := idx + ".damaged-1"
			kept, err := os.ReadFile(aside)
			switch {
			case !c.aside && logs.SetAside() != "":
				t.Errorf("set aside as %s: a torn tail is only cut", logs.SetAside())
			case !c.aside:
			case logs.SetAside() != aside:
				t.Errorf("set aside as %q, want %q", logs.SetAside(), aside)
			case err != nil || !bytes.Equal(kept, bad):
				t.Errorf("the damaged index is not kept as it was: %v", err)
			case len(problems) != 1 || !strings.Contains(problems[0], "night.idx.damaged-1"):
				t.Errorf("review's problems %q, want one naming the index set aside", problems)
			}
		})
	}
}

// A second damaged index is set aside beside the first, not over it.
func TestOpenNightKeepsEveryDamagedIndex(t *testing.T) {
	dir := nightOfHands(t, 1)
	idx := filepath.Join(dir, playlog.IndexFile)
	for i := 1; i <= 2; i++ {
		if err := os.WriteFile(idx, []byte(fmt.Sprintf("garbage %d", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		logs, err := playlog.OpenNight(dir, wal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		logHand(t, logs, 1)
		if err := logs.Close(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(fmt.Sprintf("%s.damaged-%d", idx, i))
		if err != nil || string(b) != fmt.Sprintf("garbage %d", i) {
			t.Errorf("damaged index %d: %q, %v", i, b, err)
		}
	}
	if ids, _ := handIDs(t, dir); ids != "0001:true 0002:true 0003:true" {
		t.Errorf("review lists %q", ids)
	}
}

// The index's disk failing mid-night costs no hand its log: the hand is
// created and ended, and review finds it by its file name.
func TestNightIndexFailureKeepsTheHand(t *testing.T) {
	dir := t.TempDir()
	var idx *disk
	opts := wal.Options{FlushInterval: wal.NoDelay, File: func(path string, f wal.File) wal.File {
		if filepath.Base(path) != playlog.IndexFile {
			return f
		}
		idx = &disk{File: f}
		return idx
	}}
	logs, err := playlog.OpenNight(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	logHand(t, logs, 2)
	idx.die()
	w := logHand(t, logs, 1)
	h := mustRead(t, w.Path())
	if !h.Ended || h.Winner != 1 || len(h.Problems) > 0 {
		t.Errorf("hand %s: ended %v, winner %d, problems %q", w.ID(), h.Ended, h.Winner, h.Problems)
	}
	if ids, _ := handIDs(t, dir); ids != "0001:true 0002:false" {
		t.Errorf("review lists %q", ids)
	}
}

// Suspend closes a hand stopped before its end without ending it, in the
// log and in the index, saying why; read back, the hand is suspended (not
// cut by a power failure). A hand that had ended is closed as ended, with
// the winner its log has.
func TestSuspend(t *testing.T) {
	cases := []struct {
		name, note string
		endedBy    int // the winner of a hand-end logged before the stop; 0: none
		wantNote   string
	}{
		{"mid-hand", "stopped (SIGTERM)", 0, "suspended: stopped (SIGTERM)"},
		{"mid-hand, said suspended", "suspended: stopped (SIGTERM)", 0, "suspended: stopped (SIGTERM)"},
		{"mid-hand, no note", "", 0, "suspended: the hand was stopped before its end"},
		{"after its end", "suspended: stopped", 3, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			logs, err := playlog.OpenNight(dir, wal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer logs.Close()
			w, err := logs.Create(startEntry(""))
			if err != nil {
				t.Fatal(err)
			}
			if c.endedBy > 0 {
				if _, err := w.Append(playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromDealer, Winner: c.endedBy}); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Suspend(c.note); err != nil {
				t.Fatal(err)
			}
			n, err := playlog.ReadNight(dir)
			if err != nil {
				t.Fatal(err)
			}
			nh := n.Hands[0]
			last := nh.Hand.Entries[len(nh.Hand.Entries)-1]
			switch {
			case c.endedBy > 0 && (!nh.Ended || nh.Winner != c.endedBy || last.Kind != playlog.KindHandEnd):
				t.Errorf("an ended hand suspended: ended %v, winner %d, last %v", nh.Ended, nh.Winner, last.Kind)
			case c.endedBy > 0:
			case nh.Ended || nh.Hand.Ended:
				t.Errorf("a suspended hand is ended (index %v, log %v)", nh.Ended, nh.Hand.Ended)
			case last.Kind != playlog.KindNote || last.Note != c.wantNote || !nh.Hand.Suspended:
				t.Errorf("the log ends with %v %q (suspended %v), want the note %q", last.Kind, last.Note, nh.Hand.Suspended, c.wantNote)
			}
			if c.endedBy > 0 && nh.Hand.Suspended {
				t.Error("an ended hand reads as suspended")
			}
		})
	}
}

// An index that cannot be opened for a reason of the system's, not its
// own (here a folder in its place; too many open files, EIO or permissions
// alike), is not set aside: only a damaged index is, and a healthy one
// renamed would be lost to the night for nothing.
func TestOpenNightKeepsAnIndexItCannotOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, playlog.IndexFile)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if logs, err := playlog.OpenNight(dir, wal.Options{}); err == nil {
		logs.Close()
		t.Fatal("a folder in the index's place was taken")
	}
	if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
		t.Fatalf("the index's place was changed: %v", err)
	}
	if m, _ := filepath.Glob(path + ".damaged-*"); len(m) > 0 {
		t.Fatalf("set aside: %v", m)
	}
}
