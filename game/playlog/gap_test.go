package playlog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/review"
)

// disk stands between a hand file's flusher and the file: it can die (every
// write and fsync fails with EIO, as a pulled SD card does) or stall (a
// write waits until released, as a disk slower than the table does).
type disk struct {
	wal.File
	mu    sync.Mutex
	dead  bool
	stall chan struct{} // non-nil: writes wait until it is closed
}

func (d *disk) Write(p []byte) (int, error) {
	d.mu.Lock()
	dead, stall := d.dead, d.stall
	d.mu.Unlock()
	if stall != nil {
		<-stall
	}
	if dead {
		return 0, syscall.EIO
	}
	return d.File.Write(p)
}

func (d *disk) Sync() error {
	d.mu.Lock()
	dead := d.dead
	d.mu.Unlock()
	if dead {
		return syscall.EIO
	}
	return d.File.Sync()
}

func (d *disk) die() {
	d.mu.Lock()
	d.dead = true
	d.mu.Unlock()
}

// disks puts a disk behind every hand file (not the night index, and not a
// continuation: the second place is another disk that works) and hands
// back the one of the hand's own file, and the wrapper for wal.Options.File.
func disks(t *testing.T) (*disk, func(path string, f wal.File) wal.File) {
	t.Helper()
	d := &disk{}
	return d, func(path string, f wal.File) wal.File {
		if filepath.Ext(path) != ".fall" {
			return f
		}
		d.File = f
		return d
	}
}

// stalledWriter is a hand's writer whose buffer holds the least it may,
// its start on disk, and the disk then stalled until stall is closed: the
// disk slower than the table that fills the buffer.
func stalledWriter(t *testing.T, dir, name string) (*playlog.Writer, *disk, chan struct{}) {
	t.Helper()
	d, withDisk := disks(t)
	w, err := playlog.Create(dir, startEntry(name), wal.Options{File: withDisk, FlushInterval: wal.NoDelay, MaxBuffered: wal.MinMaxBuffered})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	stall := make(chan struct{})
	d.mu.Lock()
	d.stall = stall
	d.mu.Unlock()
	return w, d, stall
}

func note(at time.Duration, text string) playlog.Entry {
	return playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Mono: at, Wall: time.Unix(1767297600, 0).Add(at), Note: text}
}

// notes lists the Note of every entry of kind note, in order.
func notes(h *playlog.Hand) []string {
	var out []string
	for _, e := range h.Entries {
		if e.Kind == playlog.KindNote {
			out = append(out, e.Note)
		}
	}
	return out
}

func gaps(h *playlog.Hand) []*playlog.Gap {
	var out []*playlog.Gap
	for _, e := range h.Entries {
		if e.Kind == playlog.KindGap {
			out = append(out, e.Gap)
		}
	}
	return out
}

// When the hand's disk dies mid-hand, the rest of the hand goes on in a
// continuation file, with the entries whose fate on the dead disk is
// unknown logged again there, and the hand reads back whole, in order,
// with the gap where the disk died.
func TestDeadDiskContinues(t *testing.T) {
	d, withDisk := disks(t)
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("d"), wal.Options{File: withDisk, FlushInterval: wal.NoDelay})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := w.Append(note(time.Duration(i+2)*time.Second, "before "+string(rune('a'+i)))); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	if n := w.HealthChanges(); n != 0 {
		t.Fatalf("a healthy log reports %d changes to its health", n)
	}
	d.die()
	// Taken into the buffer: the flusher then fails to write it.
	if _, err := w.Append(note(6*time.Second, "in flight")); err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(); err == nil {
		t.Fatal("sync on a dead disk succeeded")
	}
	if _, err := w.Append(note(7*time.Second, "after")); err != nil {
		t.Fatalf("append after the disk died: %v", err)
	}
	if w.HealthChanges() == 0 {
		t.Fatal("going on in a continuation was not reported as a change")
	}
	hl := w.Health()
	if hl.OK() || hl.Continued != playlog.ContinuationFile(w.Path()) || hl.Lost != 0 || !strings.Contains(hl.String(), "goes on in hand-d.fall.cont") {
		t.Fatalf("health %+v: %q", hl, hl)
	}
	if err := w.Close(2); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if got, want := strings.Join(notes(h), ","), "before a,before b,before c,in flight,after"; got != want {
		t.Fatalf("notes %q, want %q; problems %q", got, want, h.Problems)
	}
	g := gaps(h)
	if len(g) != 1 || !g[0].Continuation || g[0].Continues != 4 || g[0].Moved != 1 || g[0].Lost != 0 || !strings.Contains(g[0].Died, "input/output error") {
		t.Fatalf("gaps %+v", g)
	}
	if !h.Ended || h.Winner != 2 || h.Damage.Kind != wal.DamageNone {
		t.Fatalf("ended %v winner %d damage %v", h.Ended, h.Winner, h.Damage)
	}
	for i := 1; i < len(h.Entries); i++ {
		if h.Entries[i].Seq <= h.Entries[i-1].Seq {
			t.Fatalf("entry %d has seq %d after %d", i, h.Entries[i].Seq, h.Entries[i-1].Seq)
		}
	}
	// The night index has the hand's end, though its file died.
	n, err := playlog.ReadNight(dir)
	if err != nil || len(n.Hands) != 1 || !n.Hands[0].Ended || n.Hands[0].Winner != 2 {
		t.Fatalf("night %+v, %v", n, err)
	}
	// A power cut tears the continuation's last entry (the hand's end):
	// the damage is told in the hand's numbering, as a torn tail.
	cont := playlog.ContinuationFile(w.Path())
	st, err := os.Stat(cont)
	if err != nil {
		t.Fatal(err)
	}
	// 33 bytes are the commit mark closing the group; 3 more tear its last entry.
	if err := os.Truncate(cont, st.Size()-33-3); err != nil {
		t.Fatal(err)
	}
	h = mustRead(t, w.Path())
	if last := h.Entries[len(h.Entries)-1]; h.Ended || h.Damage.Kind != wal.DamageTornTail || h.Damage.AfterSeq != last.Seq || last.Note != "after" {
		t.Fatalf("ended %v, damage %v, last entry %d %q", h.Ended, h.Damage, last.Seq, last.Note)
	}
	if !strings.Contains(h.DamageText(), fmt.Sprintf("after entry %d", h.Entries[len(h.Entries)-1].Seq)) {
		t.Errorf("damage %q", h.DamageText())
	}
	// A hand resumed after a crash goes on in its continuation, not in
	// the file that died.
	w, rec, err := playlog.Resume(w.Path(), wal.Options{File: withDisk})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Kind != playlog.ContKind || rec.Cut.Kind != wal.DamageTornTail {
		t.Fatalf("resumed %v", rec)
	}
	// The screen and the page keep saying where the hand goes on.
	if h := w.Health(); h.Continued != playlog.ContinuationFile(w.Path()) {
		t.Errorf("resumed writer's health says it continues in %q", h.Continued)
	}
	if _, err := w.Append(note(20*time.Second, "resumed")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(2); err != nil {
		t.Fatal(err)
	}
	if ns := notes(mustRead(t, w.Path())); ns[len(ns)-1] != "resumed" {
		t.Fatalf("notes %q", ns)
	}
}

// A disk that dies at the hand's last flush: the end goes on in a
// continuation too, and the night index has it.
func TestDeadDiskAtClose(t *testing.T) {
	d, withDisk := disks(t)
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("z"), wal.Options{File: withDisk, FlushInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Append(note(2*time.Second, "last")); err != nil {
		t.Fatal(err)
	}
	d.die()
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if g := gaps(h); !h.Ended || h.Winner != 1 || h.Start == nil || len(g) != 1 || !g[0].Continuation || g[0].Moved != 3 {
		t.Fatalf("ended %v winner %d start %v gaps %+v problems %q", h.Ended, h.Winner, h.Start != nil, g, h.Problems)
	}
	n, err := playlog.ReadNight(dir)
	if err != nil || len(n.Hands) != 1 || !n.Hands[0].Ended {
		t.Fatalf("night %+v, %v", n, err)
	}
}

// While no continuation can be opened the entries are lost, but counted
// with their span, and the gap is written at the head of the continuation
// when one can be opened.
func TestDeadDiskCountsWhatItCannotKeep(t *testing.T) {
	defer playlog.SetRetryInterval(playlog.SetRetryInterval(10 * time.Millisecond))
	d, withDisk := disks(t)
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("n"), wal.Options{File: withDisk, FlushInterval: wal.NoDelay})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	// Something stands where the continuation would go: it cannot be made.
	block := playlog.ContinuationFile(w.Path())
	if err := os.Mkdir(block, 0o755); err != nil {
		t.Fatal(err)
	}
	d.die()
	if _, err := w.Append(note(2*time.Second, "unknown fate")); err != nil {
		t.Fatal(err)
	}
	_ = w.Sync() // fails: the disk is dead
	for i := range 3 {
		if _, err := w.Append(note(time.Duration(3+i)*time.Second, "lost")); err == nil {
			t.Fatal("an entry was taken with nowhere to put it")
		}
	}
	hl := w.Health()
	if hl.Dead == "" || hl.Lost != 3 || hl.Unmarked != 3 || !strings.Contains(hl.String(), "PLAY LOG DEAD") {
		t.Fatalf("health %+v", hl)
	}
	if err := os.Remove(block); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if _, err := w.Append(note(9*time.Second, "kept")); err != nil {
		t.Fatal(err)
	}
	if hl := w.Health(); hl.Dead != "" || hl.Unmarked != 0 || hl.Lost != 3 {
		t.Fatalf("health after the continuation %+v", hl)
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if got, want := strings.Join(notes(h), ","), "unknown fate,kept"; got != want {
		t.Fatalf("notes %q, want %q", got, want)
	}
	g := gaps(h)
	if len(g) != 1 || g[0].Lost != 3 || g[0].First != 3*time.Second || g[0].Last != 5*time.Second || g[0].Continues != 1 || g[0].Moved != 1 {
		t.Fatalf("gaps %+v", g)
	}
	if txt := g[0].Text(); !strings.Contains(txt, "records lost here: 3 between") {
		t.Errorf("gap text %q", txt)
	}
}

// A disk slower than the table fills the buffer: the entries refused are
// counted, and a gap entry saying how many, over what span and why is
// written where they were lost as soon as the disk catches up.
func TestFullBufferIsMarked(t *testing.T) {
	dir := t.TempDir()
	w, d, stall := stalledWriter(t, dir, "f")
	// Entries no bigger than the gap mark, as at a table: the mark cannot
	// squeeze into the room an entry was refused.
	big := strings.Repeat("x", 100)
	at := 2 * time.Second
	taken, refused := 0, 0
	var first, last time.Duration
	for refused < 5 {
		at += time.Millisecond
		_, err := w.Append(note(at, big))
		switch {
		case err == nil && refused == 0:
			taken++
		case err != nil && strings.Contains(err.Error(), "buffer full"):
			if refused == 0 {
				first = at
			}
			refused++
			last = at
		default:
			t.Fatalf("after %d taken, %d refused: %v", taken, refused, err)
		}
		if taken > 100000 {
			t.Fatal("the buffer never filled")
		}
	}
	if hl := w.Health(); !hl.Full || hl.Lost != 5 || hl.Unmarked != 5 || !strings.Contains(hl.String(), "play log full") {
		t.Fatalf("health %+v", hl)
	}
	d.mu.Lock()
	d.stall = nil
	d.mu.Unlock()
	close(stall)
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Append(note(at+time.Second, "caught up")); err != nil {
		t.Fatal(err)
	}
	if hl := w.Health(); hl.Full || hl.Unmarked != 0 || hl.Lost != 5 {
		t.Fatalf("health after %+v", hl)
	}
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	g := gaps(h)
	if len(g) != 1 || g[0].Lost != 5 || g[0].First != first || g[0].Last != last || g[0].Continuation || !strings.Contains(g[0].Reason, "slower than the table") {
		t.Fatalf("gaps %+v (want 5 lost from %v to %v)", g, first, last)
	}
	// The mark stands where the entries were lost: after the last one
	// taken, before the first one after the disk caught up.
	ns := notes(h)
	if len(ns) != taken+1 || ns[taken] != "caught up" {
		t.Fatalf("%d notes, want %d", len(ns), taken+1)
	}
	for i, e := range h.Entries {
		if e.Kind == playlog.KindGap && (h.Entries[i+1].Note != "caught up" || h.Entries[i-1].Note != big) {
			t.Fatalf("the gap is at entry %d of %d, between %v and %v", i, len(h.Entries), h.Entries[i-1].Kind, h.Entries[i+1].Kind)
		}
	}
	// And the referee's review says so where it happened.
	r := review.Analyze(h, review.Options{Loc: time.UTC})
	var txt bytes.Buffer
	if err := review.Text(&txt, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"5 entries LOST", "GAP: records lost here: 5 between", "5 log entries lost from"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("the review lacks %q", want)
		}
	}
}

// Entries refused when the hand ends are marked by Close, which waits for
// the disk to catch up before the hand's end is logged.
func TestCloseMarksWhatWasRefused(t *testing.T) {
	w, d, stall := stalledWriter(t, t.TempDir(), "c")
	big := strings.Repeat("y", 64<<10)
	refused := 0
	for i := 0; refused == 0; i++ {
		if _, err := w.Append(note(time.Duration(i+2)*time.Second, big)); err != nil {
			refused++
		}
		if i > 1000 {
			t.Fatal("the buffer never filled")
		}
	}
	d.mu.Lock()
	d.stall = nil
	d.mu.Unlock()
	close(stall)
	if err := w.Close(3); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	last := h.Entries[len(h.Entries)-2]
	if !h.Ended || h.Winner != 3 || last.Kind != playlog.KindGap || last.Gap.Lost != 1 {
		t.Fatalf("ended %v, winner %d, before the end: %v %+v", h.Ended, h.Winner, last.Kind, last.Gap)
	}
}

// A log written before the gap kind existed reads as before, and a
// continuation that is not one of the hand's is refused by name, the hand
// read as far as its own file goes.
func TestContinuationMustBelong(t *testing.T) {
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("a"), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if len(h.Problems) != 0 || len(gaps(h)) != 0 || !h.Ended {
		t.Fatalf("problems %q", h.Problems)
	}
	other, err := playlog.Create(dir, startEntry("b"), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Close(1); err != nil {
		t.Fatal(err)
	}
	otherHand, err := os.ReadFile(other.Path())
	if err != nil {
		t.Fatal(err)
	}
	// cont writes a continuation file of kind 'C' for hand id holding es.
	cont := func(id string, es ...playlog.Entry) []byte {
		p := filepath.Join(t.TempDir(), "c")
		cw, err := wal.Create(p, wal.Header{Kind: playlog.ContKind, ID: id, Created: time.Unix(1767297600, 0)}, wal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			b, err := json.Marshal(&e)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cw.Append(byte(e.Kind), b); err != nil {
				t.Fatal(err)
			}
		}
		if err := cw.Close(); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	opens := playlog.Entry{Kind: playlog.KindGap, Gap: &playlog.Gap{Continuation: true, Continues: 2, Died: "EIO"}}
	tests := []struct {
		name string
		file []byte
		says string
	}{
		{"another hand's log", otherHand, "is not a continuation of hand a"},
		{"another hand's continuation", cont("b", opens), "is not a continuation of hand a"},
		{"not opened by a gap", cont("a", note(time.Second, "x")), "does not begin with the gap"},
		{"empty", cont("a"), "holds no entry"},
		{"garbage", []byte("not a log at all, just bytes"), "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(playlog.ContinuationFile(w.Path()), tt.file, 0o644); err != nil {
				t.Fatal(err)
			}
			h := mustRead(t, w.Path())
			if len(h.Entries) != 2 || !h.Ended || len(h.Problems) != 1 || !strings.Contains(h.Problems[0], tt.says) {
				t.Fatalf("%d entries, ended %v, problems %q", len(h.Entries), h.Ended, h.Problems)
			}
			// Nor is the hand resumed in it, where what it logged would
			// be lost to review; the file is left as it was.
			if _, _, err := playlog.Resume(w.Path(), wal.Options{}); err == nil {
				t.Fatal("resumed in a continuation that review ignores")
			}
			if b, err := os.ReadFile(playlog.ContinuationFile(w.Path())); err != nil || !bytes.Equal(b, tt.file) {
				t.Errorf("the continuation was changed: %v", err)
			}
		})
	}
}

// A continuation's entries are checked as the hand file's are: a frame
// whose payload says another kind is read as framed, and said; an entry
// that cannot be decoded is skipped, and said, in the hand's numbering.
func TestContinuationEntriesAreChecked(t *testing.T) {
	w, err := playlog.Create(t.TempDir(), startEntry("a"), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	cw, err := wal.Create(playlog.ContinuationFile(w.Path()), wal.Header{Kind: playlog.ContKind, ID: "a", Created: time.Unix(1767297600, 0)}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opens, err := json.Marshal(&playlog.Entry{Kind: playlog.KindGap, Gap: &playlog.Gap{Continuation: true, Continues: 2, Died: "EIO"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		typ playlog.Kind
		p   string
	}{
		{playlog.KindGap, string(opens)},
		{playlog.KindRelease, `{"k":2,"src":2,"seat":1,"mt":7,"wt":"2026-01-01T20:00:00Z"}`},
		{playlog.KindPress, `{"k":2,"src":2,"seat":`},
	} {
		if _, err := cw.Append(byte(r.typ), []byte(r.p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if len(h.Entries) != 4 || h.Entries[3].Seq != 4 || h.Entries[3].Kind != playlog.KindRelease {
		t.Fatalf("entries %+v", h.Entries)
	}
	want := []string{"entry 4: framed as release but its payload says press", "entry 5 (press) cannot be decoded"}
	if len(h.Problems) != len(want) {
		t.Fatalf("problems %q", h.Problems)
	}
	for i, w := range want {
		if !strings.Contains(h.Problems[i], w) || !strings.Contains(h.Problems[i], "hand-a.fall.cont") {
			t.Errorf("problem %d: %q, want %q in the continuation", i, h.Problems[i], w)
		}
	}
}

// chainDisks puts a disk of its own behind the hand's file and each of its
// continuations, in the order they are created, so a test can kill the
// hand's file and then its continuation.
type chainDisks struct {
	mu    sync.Mutex
	disks []*disk
}

func (c *chainDisks) wrap(path string, f wal.File) wal.File {
	if filepath.Base(path) == playlog.IndexFile {
		return f
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	d := &disk{File: f}
	c.disks = append(c.disks, d)
	return d
}

func (c *chainDisks) die(i int) {
	c.mu.Lock()
	d := c.disks[i]
	c.mu.Unlock()
	d.die()
}

// After the hand goes on in a continuation, and in a continuation of that,
// the writer numbers entries as the hand does: the number Append gives is
// the one Read gives back, Durable and WaitDurable count in it, and an
// entry logged before the file died is not waited for in the new file.
func TestContinuationNumbersLikeTheHand(t *testing.T) {
	// The second file dies at once after the first: no wait between tries.
	defer playlog.SetRetryInterval(playlog.SetRetryInterval(0))
	var c chainDisks
	w, err := playlog.Create(t.TempDir(), startEntry("n"), wal.Options{File: c.wrap, FlushInterval: wal.NoDelay})
	if err != nil {
		t.Fatal(err)
	}
	seqs := map[string]uint64{}
	log := func(at time.Duration, text string) uint64 {
		t.Helper()
		seq, err := w.Append(note(at, text))
		if err != nil {
			t.Fatalf("append %q: %v", text, err)
		}
		seqs[text] = seq
		return seq
	}
	durable := func(seq uint64) {
		t.Helper()
		if err := w.Sync(); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := w.WaitDurable(ctx, seq); err != nil {
			t.Fatalf("wait for entry %d: %v", seq, err)
		}
		if got := w.Durable(); got != seq {
			t.Fatalf("durable %d, want %d", got, seq)
		}
	}
	for i := range 6 {
		log(time.Duration(i+2)*time.Second, fmt.Sprintf("first %d", i))
	}
	durable(7)
	// The hand's file dies with entry 8 in flight: the rest goes on in a
	// continuation, opened by its gap (entry 1, the hand's 8) and entry 8
	// logged again (its 2, the hand's 9).
	c.die(0)
	inFlight := log(8*time.Second, "in flight")
	if err := w.Sync(); err == nil {
		t.Fatal("sync on a dead disk succeeded")
	}
	if got := log(10*time.Second, "second"); got != 10 {
		t.Fatalf("first new entry in the continuation numbered %d, want 10", got)
	}
	durable(10)
	// An entry durable in the dead file is not waited for in the new one,
	// which holds only three entries; one taken over is found in its new
	// place.
	for _, seq := range []uint64{6, inFlight} {
		if err := w.WaitDurable(context.Background(), seq); err != nil {
			t.Fatalf("wait for entry %d: %v", seq, err)
		}
	}
	// The continuation dies in turn: its own continuation numbers on.
	c.die(1)
	log(11*time.Second, "in flight again")
	if err := w.Sync(); err == nil {
		t.Fatal("sync on a dead continuation succeeded")
	}
	if got := log(12*time.Second, "third"); got != 13 {
		t.Fatalf("first new entry in the second continuation numbered %d, want 13", got)
	}
	durable(13)
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	if got, want := strings.Join(notes(h), ","), "first 0,first 1,first 2,first 3,first 4,first 5,in flight,second,in flight again,third"; got != want {
		t.Fatalf("notes %q, want %q; problems %q", got, want, h.Problems)
	}
	for _, e := range h.Entries {
		want, ok := seqs[e.Note]
		if strings.HasPrefix(e.Note, "in flight") {
			want++ // logged again after the gap
		}
		if e.Kind == playlog.KindNote && ok && e.Seq != want {
			t.Errorf("%q read back as entry %d, want %d", e.Note, e.Seq, want)
		}
	}
	if g := gaps(h); len(g) != 2 || g[0].Continues != 7 || g[1].Continues != 10 {
		t.Errorf("gaps %+v", g)
	}
	// Resumed in the last continuation, the writer still numbers on.
	w, _, err = playlog.Resume(w.Path(), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Durable(); got != h.Entries[len(h.Entries)-1].Seq {
		t.Errorf("resumed writer durable at %d, the hand's last entry is %d", got, h.Entries[len(h.Entries)-1].Seq)
	}
	seq := log(20*time.Second, "resumed")
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h = mustRead(t, w.Path())
	if last := h.Entries[len(h.Entries)-1]; last.Kind != playlog.KindHandEnd || h.Entries[len(h.Entries)-2].Seq != seq {
		t.Errorf("resumed note appended as %d, read back %+v; problems %q", seq, h.Entries[len(h.Entries)-2], h.Problems)
	}
}

// A disk that dies while the mark of entries a full buffer refused waits
// to be written: the mark's own append finds the file dead, and the hand
// goes on in a continuation whose opening gap carries the entries lost
// (not a second mark of them), then the entry that was being appended.
func TestGapMarkOnADeadDiskContinues(t *testing.T) {
	dir := t.TempDir()
	w, d, stall := stalledWriter(t, dir, "m")
	big := strings.Repeat("x", 100)
	at := 2 * time.Second
	taken, refused := 0, 0
	for refused < 3 {
		at += time.Millisecond
		if _, err := w.Append(note(at, big)); err == nil && refused == 0 {
			taken++
		} else if err != nil && strings.Contains(err.Error(), "buffer full") {
			refused++
		} else {
			t.Fatalf("after %d taken, %d refused: %v", taken, refused, err)
		}
		if taken > 100000 {
			t.Fatal("the buffer never filled")
		}
	}
	// The disk dies under the stalled write: the flusher fails when
	// released, with the mark not yet written.
	d.die()
	d.mu.Lock()
	d.stall = nil
	d.mu.Unlock()
	close(stall)
	if err := w.Sync(); err == nil {
		t.Fatal("sync on a dead disk succeeded")
	}
	if hl := w.Health(); hl.Unmarked != 3 || hl.Dead != "" {
		t.Fatalf("health before the mark %+v", hl)
	}
	if _, err := w.Append(note(at+time.Second, "after")); err != nil {
		t.Fatalf("append after the disk died: %v", err)
	}
	if hl := w.Health(); hl.Continued != playlog.ContinuationFile(w.Path()) || hl.Unmarked != 0 || hl.Lost != 3 || hl.Dead != "" || hl.Full {
		t.Fatalf("health after the mark %+v", hl)
	}
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, w.Path())
	g := gaps(h)
	if len(g) != 1 || !g[0].Continuation || g[0].Lost != 3 || !strings.Contains(g[0].Reason, "slower than the table") || !strings.Contains(g[0].Died, "input/output error") {
		t.Fatalf("gaps %+v, want one: the continuation's, with the 3 lost", g)
	}
	if ns := notes(h); len(ns) != taken+1 || ns[taken] != "after" {
		t.Fatalf("notes %q, want the %d taken and \"after\"; problems %q", ns, taken, h.Problems)
	}
}

// A resumed writer's schema note that finds the file dead goes on in a
// continuation like any entry: after the continuation's gap and the
// entries it took over, the note, once, then the entry it was logged
// before; read back, the entries after the note are this writer's schema.
// While no continuation can be opened (blocked), the entry is lost and
// the note waits, to go in after the gap that marks the loss. (Resume's
// wal writer has flushed nothing when the note comes, so only a writer
// whose file died before its first entry can take this path:
// MarkResumed stands one in.)
func TestResumeNoteOnADeadDiskContinues(t *testing.T) {
	defer playlog.SetRetryInterval(playlog.SetRetryInterval(10 * time.Millisecond))
	for _, blocked := range []bool{false, true} {
		d, withDisk := disks(t)
		dir := t.TempDir()
		w, err := playlog.Create(dir, startEntry("s"), wal.Options{File: withDisk, FlushInterval: wal.NoDelay})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Sync(); err != nil {
			t.Fatal(err)
		}
		d.die()
		if _, err := w.Append(note(2*time.Second, "in flight")); err != nil {
			t.Fatal(err)
		}
		if err := w.Sync(); err == nil {
			t.Fatal("sync on a dead disk succeeded")
		}
		playlog.MarkResumed(w)
		lost := 0
		if blocked {
			block := playlog.ContinuationFile(w.Path())
			if err := os.Mkdir(block, 0o755); err != nil {
				t.Fatal(err)
			}
			if _, err := w.Append(note(3*time.Second, "lost")); err == nil {
				t.Fatal("an entry was taken with nowhere to put it")
			}
			lost = 1
			if err := os.Remove(block); err != nil {
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, err := w.Append(note(4*time.Second, "after")); err != nil {
			t.Fatalf("blocked %v: append after the disk died: %v", blocked, err)
		}
		if _, err := w.Append(note(5*time.Second, "later")); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(1); err != nil {
			t.Fatal(err)
		}
		h := mustRead(t, w.Path())
		want := fmt.Sprintf("in flight,carried on by a writer of entry schema %d,after,later", playlog.Schema)
		if got := strings.Join(notes(h), ","); got != want {
			t.Fatalf("blocked %v: notes %q, want %q; problems %q", blocked, got, want, h.Problems)
		}
		if g := gaps(h); len(g) != 1 || !g[0].Continuation || g[0].Moved != 1 || g[0].Lost != lost {
			t.Fatalf("blocked %v: gaps %+v", blocked, g)
		}
		for i, e := range h.Entries {
			if e.Kind == playlog.KindNote && e.Schema == playlog.Schema && (i == 0 || h.Entries[i-1].Note != "in flight") {
				t.Errorf("blocked %v: the schema note is entry %d, after %s, want it after the entries the continuation took over", blocked, e.Seq, before(h.Entries, i))
			}
		}
	}
}

// before describes the entry ahead of entries[i] for a failure message,
// or says there is none: the first entry has nothing before it.
func before(entries []playlog.Entry, i int) string {
	if i == 0 {
		return "nothing (the first entry)"
	}
	return fmt.Sprintf("%v %q", entries[i-1].Kind, entries[i-1].Note)
}
