package wal

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestSequenceNumbersContinueAcrossReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hand.log")
	w, err := Create(path, testHeader, Options{})
	if err != nil {
		t.Fatal(err)
	}
	next := uint64(1)
	for round := range 3 {
		for range 4 {
			seq, err := w.Append(typeFor(next), payloadFor(next))
			if err != nil || seq != next {
				t.Fatalf("round %d: append got %d, %v; want %d", round, seq, err, next)
			}
			next++
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		var rec Recovery
		w, rec, err = OpenForAppend(path, Options{})
		if err != nil || rec.LastSeq != next-1 || rec.Cut.Kind != DamageNone {
			t.Fatalf("round %d: reopen %+v, %v", round, rec, err)
		}
		if w.Durable() != next-1 {
			t.Fatalf("round %d: reopened durable %d, want %d", round, w.Durable(), next-1)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, recs, _, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	checkRecords(t, recs, int(next-1))
}

func TestCreateAndLocking(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hand.log")
	w, err := Create(path, testHeader, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		open func() error
		want error
	}{
		{"create over an existing log", func() error { _, err := Create(path, testHeader, Options{}); return err }, os.ErrExist},
		{"second writer", func() error { _, _, err := OpenForAppend(path, Options{}); return err }, ErrLocked},
		{"missing file", func() error { _, _, err := OpenForAppend(filepath.Join(dir, "nope.log"), Options{}); return err }, os.ErrNotExist},
		{"id too long", func() error {
			_, err := Create(filepath.Join(dir, "long.log"), Header{ID: string(make([]byte, MaxIDLen+1))}, Options{})
			return err
		}, nil},
	}
	for _, tc := range tests {
		err := tc.open()
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := w.Append(1, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("append after close: %v", err)
	}
}

func TestOpenForAppendRefusesMidFileCorruption(t *testing.T) {
	data, ends := buildLog(t, 6)
	data[ends[2]+frameHeader] ^= 0x40 // payload of record 3
	path := filepath.Join(t.TempDir(), "hand.log")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, rec, err := OpenForAppend(path, Options{})
	if !errors.Is(err, ErrCorrupt) || rec.Cut.Kind != DamageCorrupt || rec.LastSeq != 2 {
		t.Fatalf("err %v, recovery %+v; want a refusal after record 2", err, rec)
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(after, data) {
		t.Fatalf("file changed by a refused recovery (err %v)", err)
	}
	_, recs, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageCorrupt {
		t.Fatalf("review: damage %v err %v", d, err)
	}
	checkRecords(t, recs, 2)
}

func TestGroupCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hand.log")
	const interval = 40 * time.Millisecond
	w, err := Create(path, testHeader, Options{FlushInterval: interval})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	start := time.Now()
	var last uint64
	for seq := uint64(1); seq <= 200; seq++ {
		if last, err = w.Append(typeFor(seq), payloadFor(seq)); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took > interval/2 {
		t.Errorf("200 appends took %v: Append must not wait for the disk", took)
	}
	if err := w.WaitDurable(context.Background(), last); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < interval {
		t.Errorf("durable after %v, before the %v beat", took, interval)
	}
	if f := w.flushes.Load(); f > 3 {
		t.Errorf("%d fsyncs for 200 records: no group commit", f)
	}
	if _, err := w.Append(9, []byte("late")); err != nil {
		t.Fatal(err)
	}
	syncStart := time.Now()
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	if w.Durable() != last+1 {
		t.Fatalf("durable %d after Sync, want %d", w.Durable(), last+1)
	}
	if took := time.Since(syncStart); took > interval*4 {
		t.Errorf("Sync took %v; it should not wait for the beat", took)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := w.WaitDurable(ctx, last+5); err == nil {
		t.Error("WaitDurable for a record never appended returned nil")
	}
}

func TestConcurrentAppenders(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hand.log")
	w, err := Create(path, testHeader, Options{FlushInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	const seats, presses = 8, 50
	var wg sync.WaitGroup
	for s := range seats {
		wg.Go(func() {
			for p := range presses {
				seq, err := w.Append(byte(s), []byte{byte(s), byte(p)})
				if err != nil {
					t.Error(err)
					return
				}
				if err := w.WaitDurable(context.Background(), seq); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, recs, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageNone || len(recs) != seats*presses {
		t.Fatalf("%d records, damage %v, err %v", len(recs), d, err)
	}
	next := make([]byte, seats)
	for _, r := range recs {
		s := r.Payload[0]
		if r.Type != s || r.Payload[1] != next[s] {
			t.Fatalf("seat %d press %d out of order at seq %d", s, r.Payload[1], r.Seq)
		}
		next[s]++
	}
}

// faultyDisk stands in for the file behind a Writer: it can stall (a slow SD
// card) or fail (EIO from fsync).
type faultyDisk struct {
	logFile
	mu      sync.Mutex
	stall   chan struct{} // Sync waits on it while non-nil
	syncErr error
}

func (d *faultyDisk) Sync() error {
	d.mu.Lock()
	stall, err := d.stall, d.syncErr
	d.mu.Unlock()
	if stall != nil {
		<-stall
	}
	if err != nil {
		return err
	}
	return d.logFile.Sync()
}

func withFaultyDisk(t *testing.T, opts Options) (*Writer, *faultyDisk, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hand.log")
	w, err := Create(path, testHeader, opts)
	if err != nil {
		t.Fatal(err)
	}
	d := &faultyDisk{logFile: w.f}
	w.mu.Lock()
	w.f = d
	w.mu.Unlock()
	return w, d, path
}

func TestBackpressureWhenDiskStalls(t *testing.T) {
	w, disk, path := withFaultyDisk(t, Options{FlushInterval: time.Millisecond, MaxBuffered: MinMaxBuffered})
	release := make(chan struct{})
	disk.mu.Lock()
	disk.stall = release
	disk.mu.Unlock()

	payload := make([]byte, 64<<10)
	var accepted uint64
	var full error
	start := time.Now()
	for i := 0; i < 1000 && full == nil; i++ {
		seq, err := w.Append(1, payload)
		switch {
		case err == nil:
			accepted = seq
		case errors.Is(err, ErrBufferFull):
			full = err
		default:
			t.Fatal(err)
		}
	}
	if full == nil {
		t.Fatal("a stalled disk never filled the buffer")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("appends took %v against a stalled disk: Append blocked", took)
	}
	if w.Durable() >= accepted {
		t.Fatalf("durable %d with the disk stalled", w.Durable())
	}
	close(release)
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	seq, err := w.Append(2, []byte("after the stall"))
	if err != nil || seq != accepted+1 {
		t.Fatalf("append after the stall: seq %d err %v; a refused append must not use a number", seq, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, recs, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageNone || uint64(len(recs)) != accepted+1 {
		t.Fatalf("%d records (want %d), damage %v, err %v", len(recs), accepted+1, d, err)
	}
}

func TestFsyncFailureIsSticky(t *testing.T) {
	w, disk, _ := withFaultyDisk(t, Options{FlushInterval: NoDelay})
	if _, err := w.Append(1, []byte("durable")); err != nil {
		t.Fatal(err)
	}
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	disk.mu.Lock()
	disk.syncErr = syscall.EIO
	disk.mu.Unlock()
	for _, p := range []string{"lost?", "lost too?"} {
		if _, err := w.Append(2, []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Sync(); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Sync after EIO: %v", err)
	}
	// The disk "recovers", as Linux pretends to after dropping dirty pages;
	// the writer must not believe it.
	disk.mu.Lock()
	disk.syncErr = nil
	disk.mu.Unlock()
	tests := []struct {
		name string
		call func() error
	}{
		{"Append", func() error { _, err := w.Append(3, nil); return err }},
		{"Sync", w.Sync},
		{"WaitDurable", func() error { return w.WaitDurable(context.Background(), 2) }},
		{"Close", w.Close},
	}
	for _, tc := range tests {
		if err := tc.call(); !errors.Is(err, syscall.EIO) {
			t.Errorf("%s after a failed fsync: %v, want EIO", tc.name, err)
		}
	}
	if w.Durable() != 1 {
		t.Errorf("durable %d, want 1", w.Durable())
	}
	nd := w.NotDurable()
	if len(nd) != 2 || nd[0].Seq != 2 || string(nd[0].Payload) != "lost?" || nd[1].Seq != 3 || string(nd[1].Payload) != "lost too?" {
		t.Errorf("NotDurable = %+v, want records 2 and 3", nd)
	}
}

// The zero Options are the table's setup, and each field's zero stands for
// its default, so a caller names only what it changes.
func TestOptionsDefaults(t *testing.T) {
	logger := slog.New(slog.DiscardHandler)
	tests := []struct {
		name     string
		opts     Options
		interval time.Duration
		maxBuf   int
		log      *slog.Logger
		version  uint16
	}{
		{"zero is the table's setup", Options{}, DefaultFlushInterval, DefaultMaxBuffered, slog.Default(), Version},
		{"NoDelay flushes at once", Options{FlushInterval: NoDelay}, 0, DefaultMaxBuffered, slog.Default(), Version},
		{"any negative interval flushes at once", Options{FlushInterval: -time.Second}, 0, DefaultMaxBuffered, slog.Default(), Version},
		{"an interval is kept", Options{FlushInterval: time.Hour}, time.Hour, DefaultMaxBuffered, slog.Default(), Version},
		{"a small bound is raised to two maximum records", Options{MaxBuffered: 1}, DefaultFlushInterval, MinMaxBuffered, slog.Default(), Version},
		{"a negative bound is raised too", Options{MaxBuffered: -1}, DefaultFlushInterval, MinMaxBuffered, slog.Default(), Version},
		{"a large bound is kept", Options{MaxBuffered: 64 << 20}, DefaultFlushInterval, 64 << 20, slog.Default(), Version},
		{"a logger is kept", Options{Logger: logger}, DefaultFlushInterval, DefaultMaxBuffered, logger, Version},
		{"tests can write format 1", Options{version: 1}, DefaultFlushInterval, DefaultMaxBuffered, slog.Default(), 1},
	}
	for _, tt := range tests {
		s := tt.opts.settings()
		if s.interval != tt.interval || s.maxBuf != tt.maxBuf || s.log != tt.log {
			t.Errorf("%s: interval %v maxBuf %d log %p, want %v %d %p", tt.name, s.interval, s.maxBuf, s.log, tt.interval, tt.maxBuf, tt.log)
		}
		if v := tt.opts.createVersion(); v != tt.version {
			t.Errorf("%s: Create writes format %d, want %d", tt.name, v, tt.version)
		}
	}
}
