package review_test

import (
	"io"
	"testing"
	"time"

	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/script"
	"github.com/falling-table/falling/game/review"
)

// slowTable deals at 42 cards a minute, which makes the seed's hand last
// about the 90 seconds of an average game.
func slowTable(seed uint64) script.Sim {
	par := bot.DefaultParams()
	par.Tempo = 42
	return script.Sim{Fallers: 5, Seed: seed, Params: par, Presses: []script.Press{
		{At: 30 * time.Second, Seat: 2}, {At: 30*time.Second + 9*time.Millisecond, Seat: 5, Dispute: true, Since: 29 * time.Second},
		{At: 60 * time.Second, Seat: 1}, {At: 60*time.Second + 2*time.Millisecond, Seat: 3},
	}}
}

// BenchmarkReviewHand is `falling review --html` of a 90-second hand:
// read, replay, analyze, and write both the text and the page.
func BenchmarkReviewHand(b *testing.B) {
	path, _, err := script.Simulate(b.TempDir(), slowTable(3))
	if err != nil {
		b.Fatal(err)
	}
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

// BenchmarkReviewNight is `falling review --night` over 50 such hands:
// the index, every hand read in full, the scoreboard.
func BenchmarkReviewNight(b *testing.B) {
	dir := b.TempDir()
	for i := range 50 {
		if _, _, err := script.Simulate(dir, slowTable(uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
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
