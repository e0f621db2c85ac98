package wal

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
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

var crashRuns = flag.Int("wal.crashes", 0, "SIGKILL runs in TestCrashSafety (default 30, 5 with -short)")

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
	w, err := Create(path, testHeader, WithFlushInterval(2*time.Millisecond))
	if errors.Is(err, os.ErrExist) {
		w, _, err = OpenForAppend(path, WithFlushInterval(2*time.Millisecond))
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
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d, %d runs", seed, runs)
	rng := rand.New(rand.NewPCG(seed, 1))
	path := filepath.Join(t.TempDir(), "hand.log")
	var reported uint64 // highest sequence number any child reported durable
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
		lines := make(chan error, 1)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
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
			t.Fatalf("run %d: child ended with %v before the kill: %s", run, err, stderr.String())
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
			t.Fatalf("run %d: %v", run, d)
		}
		if uint64(len(recs)) < reported {
			t.Fatalf("run %d: %d records read back, but %d were reported durable", run, len(recs), reported)
		}
		for _, r := range recs {
			if r.Type != typeFor(r.Seq) || string(r.Payload) != string(crashPayload(r.Seq)) {
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
