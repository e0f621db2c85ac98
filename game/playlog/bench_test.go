package playlog_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// BenchmarkDurableEntries: whole playlog entries (a seat press, JSON in a
// wal record) made durable per second, each waited for by its own seat as
// a referee-grade press would be, beside a raw write+fsync loop of the same
// bytes on the same disk in the same run. x-raw is the ratio.
func BenchmarkDurableEntries(b *testing.B) {
	dir := b.TempDir()
	press := playlog.Entry{Kind: playlog.KindPress, Source: playlog.FromSeat, Seat: 7, HwSeq: 1234,
		Kernel: 1234567890 * time.Nanosecond, Mono: 1234568123 * time.Nanosecond, Wall: time.Unix(1767297600, 123456789)}
	payload, err := json.Marshal(press)
	if err != nil {
		b.Fatal(err)
	}
	const rawN = 300
	raw, err := os.Create(filepath.Join(dir, "raw.log"))
	if err != nil {
		b.Fatal(err)
	}
	rec := make([]byte, 17+len(payload)) // a frame's worth
	t0 := time.Now()
	for range rawN {
		if _, err := raw.Write(rec); err != nil {
			b.Fatal(err)
		}
		if err := raw.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	rawPerSec := rawN / time.Since(t0).Seconds()
	if err := raw.Close(); err != nil {
		b.Fatal(err)
	}

	w, err := playlog.Create(dir, startEntry("bench"), wal.Options{FlushInterval: wal.NoDelay})
	if err != nil {
		b.Fatal(err)
	}
	var seat atomic.Int64
	b.SetParallelism(4) // 4 × GOMAXPROCS seats
	b.ResetTimer()
	t0 = time.Now()
	b.RunParallel(func(pb *testing.PB) {
		e := press
		e.Seat = int(seat.Add(1))
		for pb.Next() {
			seq, err := w.Append(e)
			if err == nil {
				err = w.WaitDurable(context.Background(), seq)
			}
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	perSec := float64(b.N) / time.Since(t0).Seconds()
	if err := w.Close(0); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(perSec, "durable-entries/s")
	b.ReportMetric(rawPerSec, "raw-fsync-rec/s")
	b.ReportMetric(perSec/rawPerSec, "x-raw")
}

// BenchmarkAppendEntry is the cost on the beat of logging one entry.
func BenchmarkAppendEntry(b *testing.B) {
	w, err := playlog.Create(b.TempDir(), startEntry("bench"), wal.Options{MaxBuffered: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	ev := game.Scan("04A1B2C3D4E5F6")
	e := playlog.Entry{Kind: playlog.KindApplied, Source: playlog.FromEngine, Event: &ev, Digest: 0xdeadbeefcafe,
		Mono: time.Hour, Wall: time.Unix(1767297600, 0)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.Append(e); err != nil {
			b.StopTimer()
			if err := w.Sync(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	}
	b.StopTimer()
	if err := w.Close(0); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkReadReplay reads a simulated hand and replays it, checking
// every digest: what a review does before rendering.
func BenchmarkReadReplay(b *testing.B) {
	path, _ := simHand(b, b.TempDir(), 1)
	b.ReportAllocs()
	for b.Loop() {
		h, err := playlog.Read(path)
		if err != nil {
			b.Fatal(err)
		}
		if _, bad, err := playlog.ReplayWith(h, playlog.Hooks{}); err != nil || len(bad) > 0 {
			b.Fatal(bad, err)
		}
	}
}
