package wal

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

var (
	crashRuns  = flag.Int("wal.crashes", 0, "SIGKILL runs in TestCrashSafety (default 30, 5 with -short)")
	crashImage = flag.Int("wal.images", 0, "power-cut images in TestPowerCutImages (default 60, 20 with -short)")
	crashSeed  = flag.Uint64("wal.seed", 0, "seed of TestCrashSafety and TestPowerCutImages (default: the clock), to replay an image run they logged (a SIGKILL run also depends on when the kills land)")
)

// seed is -wal.seed, or the clock's when it is not given.
func seed() uint64 {
	if *crashSeed != 0 {
		return *crashSeed
	}
	return uint64(time.Now().UnixNano())
}

// crashChildEnv switches the test binary into the writer subprocess that
// TestCrashSafety kills.
const crashChildEnv = "FALLING_WAL_CRASH_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(crashChildEnv); path != "" {
		if err := crashChild(path); err != nil {
			fmt.Fprintln(os.Stderr, "crash child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashPayload spans sizes from empty to a few pages so kills land inside
// multi-page writes too.
func crashPayload(seq uint64) []byte {
	p := make([]byte, int(seq*97%3000))
	for i := range p {
		p[i] = byte(seq ^ uint64(i)*131)
	}
	return p
}

// crashChild resumes (or creates) the log and appends until killed, printing
// "durable N" only after WaitDurable or Sync has returned for N.
func crashChild(path string) error {
	w, err := Create(path, testHeader, Options{FlushInterval: 2 * time.Millisecond})
	if errors.Is(err, os.ErrExist) {
		var rec Recovery
		w, rec, err = OpenForAppend(path, Options{FlushInterval: 2 * time.Millisecond})
		if err == nil {
			_, err = fmt.Fprintf(os.Stdout, "resumed %d cut %d\n", w.seq, rec.Cut.Bytes)
		}
	}
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	for {
		var last uint64
		for range 1 + rng.IntN(40) {
			seq := w.seq + 1 // only this goroutine appends
			got, err := w.Append(typeFor(seq), crashPayload(seq))
			if errors.Is(err, ErrBufferFull) {
				break
			}
			if err != nil {
				return err
			}
			if got != seq {
				return fmt.Errorf("append returned %d, want %d", got, seq)
			}
			last = got
		}
		if rng.IntN(4) == 0 {
			err = w.Sync()
		} else {
			err = w.WaitDurable(context.Background(), last)
		}
		if err != nil {
			return err
		}
		// Unbuffered: once the parent can read this line it is a promise.
		if _, err := fmt.Fprintf(os.Stdout, "durable %d\n", last); err != nil {
			return err
		}
	}
}

// TestCrashSafety kills a writer subprocess with SIGKILL at random moments,
// resuming the same log each time, and checks that every record the child
// reported durable reads back intact and nothing after it is garbage.
//
// SIGKILL leaves the page cache intact, so this proves the process-crash and
// recovery path, not behaviour under a real power cut.
func TestCrashSafety(t *testing.T) {
	runs := *crashRuns
	if runs == 0 {
		runs = 30
		if testing.Short() {
			runs = 5
		}
	}
	sd := seed()
	t.Logf("seed %d, %d runs", sd, runs)
	rng := rand.New(rand.NewPCG(sd, 1))
	path := filepath.Join(t.TempDir(), "hand.log")
	var reported uint64 // highest sequence number any child reported durable
	var fig figures
	defer func() {
		fig.acknowledged = reported
		t.Logf("figures: %d SIGKILLs (half followed by a torn or zeroed unsynced tail; a kill during start-up leaves nothing to resume): %s", runs, fig)
	}()
	for run := range runs {
		var stderr strings.Builder
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var high atomic.Uint64
		var resumed, cut atomic.Bool
		lines := make(chan error, 1)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "resumed ") {
					resumed.Store(true)
					cut.Store(!strings.HasSuffix(sc.Text(), " cut 0"))
					continue
				}
				n, err := strconv.ParseUint(strings.TrimPrefix(sc.Text(), "durable "), 10, 64)
				if err != nil {
					lines <- fmt.Errorf("child said %q", sc.Text())
					return
				}
				high.Store(n)
			}
			lines <- sc.Err()
		}()
		// Half the kills land anywhere, start-up and recovery included; half
		// wait for the child to be appending first.
		if run%2 == 1 {
			for deadline := time.Now().Add(5 * time.Second); high.Load() == 0 && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
		}
		time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		if err := <-lines; err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
			t.Fatalf("run %d: child ended with %v before the kill (a resume refused?): %s", run, err, stderr.String())
		}
		if resumed.Load() {
			fig.resumed++
		}
		if cut.Load() {
			fig.cut++
		}
		reported = max(reported, high.Load())

		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && reported == 0 {
			continue // killed inside Create: nothing was ever durable
		}
		if rng.IntN(2) == 0 {
			powerCut(t, rng, path, reported)
		}
		_, recs, d, err := ReadAll(path)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if d.Kind == DamageCorrupt {
			fig.refused++
			t.Fatalf("run %d: %v", run, d)
		}
		if uint64(len(recs)) < reported {
			fig.lost += reported - uint64(len(recs))
			t.Fatalf("run %d: %d records read back, but %d were reported durable", run, len(recs), reported)
		}
		for _, r := range recs {
			if r.Type != typeFor(r.Seq) || string(r.Payload) != string(crashPayload(r.Seq)) {
				fig.misread++
				t.Fatalf("run %d: record %d is not what was written", run, r.Seq)
			}
		}
		t.Logf("run %d: %d reported durable, %d read back, %v", run, reported, len(recs), d)
	}
	if reported == 0 {
		t.Fatal("no child ever reported a durable record: the test proved nothing")
	}
}

// powerCut imitates what a power cut, unlike SIGKILL, may do to bytes that
// were never fsynced: lose them (truncate) or leave the file size grown over
// blocks never written (zeros). Records up to durable are left alone.
func powerCut(t *testing.T, rng *rand.Rand, path string, durable uint64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	keep := r.off
	for r.seq < durable {
		if _, err := r.Next(); err != nil {
			t.Fatalf("record %d of %d durable ones: %v", r.seq+1, durable, err)
		}
		keep = r.off
	}
	if keep == int64(len(data)) {
		return
	}
	at := keep + rng.Int64N(int64(len(data))-keep)
	if rng.IntN(2) == 0 {
		data = data[:at]
	} else {
		clear(data[at:])
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// figures are what the crash harness reports (make crash).
type figures struct {
	acknowledged uint64 // records reported durable
	lost         uint64 // of those, not read back
	misread      uint64 // records read back other than written
	resumed      int    // logs reopened for appending after the crash
	refused      int    // logs that could not be, and why not is corruption
	cut          int    // images with a torn tail cut on resume
}

func (f figures) String() string {
	return fmt.Sprintf("%d records acknowledged durable, %d lost, %d misread; %d resumed, %d refused, %d with a torn tail cut",
		f.acknowledged, f.lost, f.misread, f.resumed, f.refused, f.cut)
}

// pageDisk stands in for the file behind a Writer and keeps what a power
// cut would leave: the bytes as of the last fsync, and the page-cache pages
// written since, which the kernel may or may not have written back, in any
// order.
type pageDisk struct {
	logFile
	durable, cache []byte
	dirty          map[int64]bool // page offsets written since the last fsync
	syncs          int
	cutAt          int    // the fsync during which the power goes
	cut            func() // called when the power goes, before the fsync takes effect
}

func (d *pageDisk) Write(b []byte) (int, error) {
	for p := int64(len(d.cache)) / pageSize * pageSize; p < int64(len(d.cache)+len(b)); p += pageSize {
		d.dirty[p] = true
	}
	d.cache = append(d.cache, b...)
	return len(b), nil
}

var errPowerCut = errors.New("power cut")

func (d *pageDisk) Sync() error {
	d.syncs++
	if d.syncs == d.cutAt {
		d.cut()
		return errPowerCut
	}
	d.durable = bytes.Clone(d.cache)
	clear(d.dirty)
	return nil
}

// image is what the disk holds after a power cut: each page written since
// the last fsync is there or not at random, and the file's size is the old
// or the new one.
func (d *pageDisk) image(rng *rand.Rand) []byte {
	size := len(d.durable)
	if rng.IntN(4) != 0 {
		size = len(d.cache)
	}
	img := make([]byte, size)
	copy(img, d.durable)
	for p := range d.dirty {
		if p >= int64(size) || rng.IntN(2) == 0 {
			continue
		}
		copy(img[p:min(p+pageSize, int64(size))], d.cache[p:min(p+pageSize, int64(len(d.cache)))])
	}
	return img
}

// TestPowerCutImages is the power-cut half of the harness: a Writer appends
// groups of records to a simulated disk, the power goes during one group's
// fsync, and the image of the disk (a random subset of the unsynced pages
// written back, the size old or new) is read and resumed. Every record
// acknowledged durable must read back, nothing may be misread, and in
// format 2 every image must resume; format 1 is run for comparison, where
// out-of-order page loss looks like corruption and is refused.
func TestPowerCutImages(t *testing.T) {
	images := *crashImage
	if images == 0 {
		images = 60
		if testing.Short() {
			images = 20
		}
	}
	sd := seed()
	t.Logf("seed %d, %d images per format", sd, images)
	for _, version := range []uint16{2, 1} {
		rng := rand.New(rand.NewPCG(sd, uint64(version)))
		var fig figures
		for i := range images {
			powerCutImage(t, rng, version, &fig, i)
		}
		t.Logf("figures: format %d, %d power-cut images: %s", version, images, fig)
		if fig.lost > 0 || fig.misread > 0 {
			t.Errorf("format %d: durable records lost or misread", version)
		}
		if version >= 2 && fig.refused > 0 {
			t.Errorf("format %d: %d images refused for resume", version, fig.refused)
		}
	}
}

func powerCutImage(t *testing.T, rng *rand.Rand, version uint16, fig *figures, run int) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "hand.log")
	w, err := Create(path, testHeader, Options{FlushInterval: time.Hour, version: version, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	hdr, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	disk := &pageDisk{logFile: w.f, durable: hdr, cache: bytes.Clone(hdr), dirty: map[int64]bool{}, cutAt: 1 + rng.IntN(12)}
	var img []byte
	var acked uint64
	disk.cut = func() {
		img = disk.image(rng)
		acked = w.Durable()
	}
	w.mu.Lock()
	w.f = disk
	w.mu.Unlock()
	for img == nil {
		for range 1 + rng.IntN(40) {
			if _, err := w.Append(typeFor(w.seq+1), crashPayload(w.seq+1)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Sync(); err != nil && !errors.Is(err, errPowerCut) {
			t.Fatal(err)
		}
	}
	_ = w.Close() // returns the power cut
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	fig.acknowledged += acked
	_, recs, _, err := ReadAll(path)
	if err != nil {
		t.Fatalf("image %d: %v", run, err)
	}
	if uint64(len(recs)) < acked {
		fig.lost += acked - uint64(len(recs))
	}
	for _, r := range recs {
		if r.Type != typeFor(r.Seq) || !bytes.Equal(r.Payload, crashPayload(r.Seq)) {
			fig.misread++
		}
	}
	w2, rec, err := OpenForAppend(path, Options{FlushInterval: NoDelay, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		if !errors.Is(err, ErrCorrupt) {
			t.Fatalf("image %d: %v", run, err)
		}
		fig.refused++
		return
	}
	fig.resumed++
	if rec.Cut.Kind != DamageNone {
		fig.cut++
	}
	appendsAfterResume(t, path, w2, rec, crashPayload, fmt.Sprintf("image %d", run))
}
