package index

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog/wal"
)

func TestNightAcrossRestartsAndATornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "night.idx")
	t0 := time.Unix(1767225600, 0)
	x, _, err := Open(path, "2026-01-01", wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	steps := []func(*Index) error{
		func(x *Index) error { return x.Start("h1", "h1.log", t0) },
		func(x *Index) error { return x.End("h1", t0.Add(time.Minute), []byte{3}) },
		func(x *Index) error { return x.Start("h2", "h2.log", t0.Add(2*time.Minute)) },
	}
	for _, step := range steps {
		if err := step(x); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	// A power cut while the next entry was being written.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte{0x12, 0x34, 0x56, 0x78, 9, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	x, rec, err := Open(path, "ignored on reopen", wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Cut.Kind != wal.DamageTornTail || rec.Cut.Bytes != 7 || rec.LastSeq != 3 || rec.Header.ID != "2026-01-01" {
		t.Fatalf("recovery %+v", rec)
	}
	if err := x.End("h2", t0.Add(3*time.Minute), []byte("seat 4")); err != nil {
		t.Fatal(err)
	}
	if err := x.Start("h3", "h3.log", t0.Add(4*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}

	h, hands, d, err := Read(path)
	if err != nil || d.Kind != wal.DamageNone || h.ID != "2026-01-01" {
		t.Fatalf("header %+v damage %v err %v", h, d, err)
	}
	want := []Hand{
		{ID: "h1", File: "h1.log", Start: t0, End: t0.Add(time.Minute), Winner: []byte{3}, Ended: true},
		{ID: "h2", File: "h2.log", Start: t0.Add(2 * time.Minute), End: t0.Add(3 * time.Minute), Winner: []byte("seat 4"), Ended: true},
		{ID: "h3", File: "h3.log", Start: t0.Add(4 * time.Minute)},
	}
	if len(hands) != len(want) {
		t.Fatalf("got %d hands, want %d", len(hands), len(want))
	}
	for i, w := range want {
		g := hands[i]
		if g.ID != w.ID || g.File != w.File || !g.Start.Equal(w.Start) || !g.End.Equal(w.End) || !bytes.Equal(g.Winner, w.Winner) || g.Ended != w.Ended {
			t.Errorf("hand %d: got %+v, want %+v", i, g, w)
		}
	}
}

func TestBadIndexes(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		kind    byte
		entries func(w *wal.Writer) error
		want    string
	}{
		{"a hand log", 'H', nil, "not a night index"},
		{"hand started twice", Kind, func(w *wal.Writer) error {
			p := append(appendString(appendString(nil, "h1"), "h1.log"), 2)
			_, err := w.Append(typeStart, p)
			if err == nil {
				_, err = w.Append(typeStart, p)
			}
			return err
		}, "started twice"},
		{"short start", Kind, func(w *wal.Writer) error {
			_, err := w.Append(typeStart, []byte{40, 'h'})
			return err
		}, "bad string length"},
		{"unknown entry", Kind, func(w *wal.Writer) error {
			_, err := w.Append(77, nil)
			return err
		}, "unknown entry type 77"},
	}
	for i, tc := range tests {
		path := filepath.Join(dir, strings.Repeat("x", i+1)+".idx")
		w, err := wal.Create(path, wal.Header{Kind: tc.kind, ID: "n"}, wal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tc.entries != nil {
			if err := tc.entries(w); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := Read(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Read err %v, want %q", tc.name, err, tc.want)
		}
		if tc.kind != Kind {
			if _, _, err := Open(path, "n", wal.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: Open err %v, want %q", tc.name, err, tc.want)
			}
		}
	}
	if _, _, err := Open(filepath.Join(dir, "missing", "n.idx"), "n", wal.Options{}); err == nil || errors.Is(err, os.ErrExist) {
		t.Errorf("open in a missing directory: %v", err)
	}
}

// Issue 13, fault 1: a power cut took a hand's start entry, the hand was
// resumed and ended. Its end is kept (as a hand with no start) and every
// later hand is still listed; reading used to stop there with "end of hand
// that is not running".
func TestEndWithoutStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "night.idx")
	t0 := time.Unix(1767225600, 0)
	x, _, err := Open(path, "n", wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []error{
		x.Start("0001", "hand-0001.fall", t0),
		x.End("0001", t0.Add(time.Minute), []byte("1")),
		x.End("0002", t0.Add(3*time.Minute), []byte("2")), // its start was lost
		x.Start("0003", "hand-0003.fall", t0.Add(4*time.Minute)),
		x.End("0003", t0.Add(5*time.Minute), []byte("3")),
	} {
		if step != nil {
			t.Fatal(step)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	_, hands, d, err := Read(path)
	if err != nil || d.Kind != wal.DamageNone {
		t.Fatalf("damage %v, err %v", d, err)
	}
	want := []Hand{
		{ID: "0001", File: "hand-0001.fall", Ended: true, Winner: []byte("1")},
		{ID: "0002", NoStart: true, Ended: true, Winner: []byte("2")},
		{ID: "0003", File: "hand-0003.fall", Ended: true, Winner: []byte("3")},
	}
	if len(hands) != len(want) {
		t.Fatalf("got %d hands (%+v), want %d", len(hands), hands, len(want))
	}
	for i, w := range want {
		g := hands[i]
		if g.ID != w.ID || g.File != w.File || g.NoStart != w.NoStart || g.Ended != w.Ended || !bytes.Equal(g.Winner, w.Winner) {
			t.Errorf("hand %d: got %+v, want %+v", i, g, w)
		}
	}
}

// Issue 13, fault 8: opening an index that exists creates nothing (no
// temporary file, no create fsyncs: the directory is not touched), and
// stray files of an earlier run's create cut short are removed, once per
// run: the index is opened twice a hand, and only a crash leaves strays.
func TestOpenExistingCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "night.idx")
	x, _, err := Open(path, "n", wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	old := time.Unix(1767225600, 0)
	if err := os.Chtimes(dir, old, old); err != nil {
		t.Fatal(err)
	}
	x, rec, err := Open(path, "n", wal.Options{})
	if err != nil || rec.Cut.Kind != wal.DamageNone {
		t.Fatalf("reopen: %v, %v", rec, err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !st.ModTime().Equal(old) {
		t.Errorf("opening an existing index changed its directory (at %v): a file was created in it", st.ModTime())
	}

	stray := path + ".creating-12345"
	if err := os.WriteFile(stray, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	reopen := func() {
		t.Helper()
		x, _, err = Open(path, "n", wal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
	}
	// This run swept the directory already: it is not listed again.
	reopen()
	if _, err := os.Stat(stray); err != nil {
		t.Errorf("the directory was swept again in the same run: %v", err)
	}
	// The next run, after a crash, sweeps it.
	swept.Delete(dir)
	reopen()
	if _, err := os.Stat(stray); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stray %s still there: %v", stray, err)
	}
}
