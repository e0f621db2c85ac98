package wal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A seat press or card scan as the layer above will encode it: a few dozen
// bytes.
var benchPayload = make([]byte, 32)

// BenchmarkDurable compares durable records per second with group commit
// against writing and fsyncing each record on its own, on the same disk in
// the same run:
//   - seats: eight goroutines each append and wait for their own record to be
//     durable, as a referee-grade press would;
//   - beat: one dealer appends a beat's worth of records (64) and waits for
//     the last.
func BenchmarkDurable(b *testing.B) {
	b.Run("seats", func(b *testing.B) {
		benchDurable(b, func(w *Writer) {
			b.SetParallelism(4) // 4 × GOMAXPROCS(2) = 8 seats
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					seq, err := w.Append(1, benchPayload)
					if err == nil {
						err = w.WaitDurable(context.Background(), seq)
					}
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	})
	b.Run("beat", func(b *testing.B) {
		benchDurable(b, func(w *Writer) {
			for i := 0; i < b.N; {
				var seq uint64
				var err error
				for j := 0; j < 64 && i < b.N; j, i = j+1, i+1 {
					if seq, err = w.Append(1, benchPayload); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.WaitDurable(context.Background(), seq); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}

func benchDurable(b *testing.B, run func(*Writer)) {
	dir := b.TempDir()
	// The raw baseline is timed by hand so both figures come from this run.
	const rawN = 300
	raw, err := os.Create(filepath.Join(dir, "raw.log"))
	if err != nil {
		b.Fatal(err)
	}
	frame, _ := appendFrame(nil, 0, 1, 1, benchPayload)
	start := time.Now()
	for range rawN {
		if _, err := raw.Write(frame); err != nil {
			b.Fatal(err)
		}
		if err := raw.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	rawPerSec := rawN / time.Since(start).Seconds()
	if err := raw.Close(); err != nil {
		b.Fatal(err)
	}

	// Interval 0: flush as soon as a record arrives, so what groups records
	// is only the fsync in progress, the throughput-optimal setting.
	w, err := Create(filepath.Join(dir, "group.log"), testHeader, Options{FlushInterval: NoDelay})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start = time.Now()
	run(w)
	b.StopTimer()
	groupPerSec := float64(b.N) / time.Since(start).Seconds()
	flushes := w.flushes.Load()
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(groupPerSec, "durable-rec/s")
	b.ReportMetric(rawPerSec, "raw-fsync-rec/s")
	b.ReportMetric(groupPerSec/rawPerSec, "x-raw")
	b.ReportMetric(float64(b.N)/float64(max(flushes, 1)), "rec/fsync")
}

// BenchmarkAppend is the cost on the dealer's beat: framing a record into the
// buffer, with the flusher writing in the background.
func BenchmarkAppend(b *testing.B) {
	w, err := Create(filepath.Join(b.TempDir(), "hand.log"), testHeader, Options{MaxBuffered: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(frameHeader + len(benchPayload)))
	for b.Loop() {
		_, err := w.Append(1, benchPayload)
		if errors.Is(err, ErrBufferFull) {
			// A tight loop outruns any disk; the stall is not Append's cost.
			b.StopTimer()
			err = w.Sync()
			b.StartTimer()
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkRead is a referee's review: reading and verifying a whole hand.
func BenchmarkRead(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hand.log")
	w, err := Create(path, testHeader, Options{})
	if err != nil {
		b.Fatal(err)
	}
	const n = 10000
	for range n {
		if _, err := w.Append(1, benchPayload); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, recs, d, err := ReadAll(path)
		if err != nil || len(recs) != n || d.Kind != DamageNone {
			b.Fatalf("%d records, %v, %v", len(recs), d, err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rec/s")
}
