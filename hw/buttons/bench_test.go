package buttons

import (
	"io"
	"log/slog"
	"testing"
	"time"
)

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// BenchmarkDebouncerEdge is the cost of one edge through the debouncer: 12
// seats mashing with bounce, Advance every 8 edges as the live driver would.
func BenchmarkDebouncerEdge(b *testing.B) {
	src := &source{}
	for i := range 20 {
		for seat := 1; seat <= 12; seat++ {
			at := time.Duration(i)*50*time.Millisecond + time.Duration(seat)*100*time.Microsecond
			src.press(seat, at, 2).release(seat, at+ms(25), 2)
		}
	}
	edges := src.numbered()
	seats := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	d, err := NewDebouncer(seats, 0)
	if err != nil {
		b.Fatal(err)
	}
	var out Output
	b.ReportAllocs()
	n := 0
	for i := 0; b.Loop(); i++ {
		if n == len(edges) {
			// Replay as a new request: the edges' times start over.
			if d, err = NewDebouncer(seats, 0); err != nil {
				b.Fatal(err)
			}
			n = 0
		}
		e := edges[n]
		n++
		if err := d.Feed(e, &out); err != nil {
			b.Fatal(err)
		}
		if i%8 == 7 {
			d.Advance(e.Kernel-20*time.Millisecond, &out)
		}
		out.Reset()
	}
}
