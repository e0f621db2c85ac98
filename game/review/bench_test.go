package review_test

import (
	"io"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/hw"
)

// slowTable is five computer fallers dealt to at 42 cards a minute, which
// makes a hand last about the 90 seconds of an average game, with a
// dispute called over a close press and another close press nobody called.
func slowTable(seed uint64, hands int) nighttest.Options {
	return nighttest.Options{Fallers: 5, Seed: seed, Hands: hands, Overrides: night.Overrides{Tempo: 42}, Inputs: []nighttest.Input{
		{At: 30 * time.Second, Seat: 2},
		{At: 30*time.Second + 9*time.Millisecond, Seat: 5},
		{At: 30*time.Second + 300*time.Millisecond, Control: hw.ControlDispute},
		// The dispute paused the table: the dealer resumes.
		{At: 31 * time.Second, Control: hw.ControlPause},
		{At: 60 * time.Second, Seat: 1},
		{At: 60*time.Second + 2*time.Millisecond, Seat: 3},
	}}
}

// BenchmarkReviewHand is `falling review --html` of a 90-second hand:
// read, replay, analyze, and write both the text and the page.
func BenchmarkReviewHand(b *testing.B) {
	path := nighttest.Hand(b, b.TempDir(), slowTable(3, 1))
	h, err := playlog.Read(path)
	if err != nil {
		b.Fatal(err)
	}
	r := review.Analyze(h, review.Options{})
	if r.Length < 80*time.Second || r.Length > 110*time.Second {
		b.Fatalf("the hand lasts %v, not about 90 s", r.Length)
	}
	b.ReportAllocs()
	for b.Loop() {
		h, err := playlog.Read(path)
		if err != nil {
			b.Fatal(err)
		}
		r := review.Analyze(h, review.Options{})
		if err := review.Text(io.Discard, r); err != nil {
			b.Fatal(err)
		}
		if err := review.HTML(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(r.Length.Seconds(), "hand-s")
	b.ReportMetric(float64(len(h.Entries)), "entries")
}

// BenchmarkReviewNight is `falling review --night` over a night of 50
// such hands: the index, every hand read in full, the scoreboard.
func BenchmarkReviewNight(b *testing.B) {
	dir := b.TempDir()
	nighttest.Night(b, dir, slowTable(0, 50))
	b.ReportAllocs()
	for b.Loop() {
		n, err := playlog.ReadNight(dir)
		if err != nil {
			b.Fatal(err)
		}
		if len(n.Hands) != 50 || len(n.Problems) > 0 {
			b.Fatalf("%d hands, %q", len(n.Hands), n.Problems)
		}
		if err := review.NightText(io.Discard, n, time.UTC); err != nil {
			b.Fatal(err)
		}
	}
}
