package buttons

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// The whole pipeline below the uAPI call: a fake source delivers a late,
// reordered burst from 8 mashing seats plus a kernel drop; the Buttons
// channels carry kernel-time-ordered events per seat and the loss.
func TestButtonsFromFakeSource(t *testing.T) {
	src := &source{}
	seats := []int{1, 2, 3, 4, 5, 6, 7, 8}
	for i := range 10 {
		for _, seat := range seats {
			at := ms(1000) + time.Duration(i)*50*time.Millisecond + time.Duration(seat)*100*time.Microsecond
			src.press(seat, at, 2).release(seat, at+ms(25), 2)
		}
	}
	kernel := src.numbered()
	arrival := arriveLate(kernel, rand.New(rand.NewPCG(3, 4)))
	// The kernel's buffer overflowed once: seq 40 never arrives.
	for i, e := range arrival {
		if e.Seqno == 40 {
			arrival = append(arrival[:i], arrival[i+1:]...)
			break
		}
	}

	clk := hwtest.NewManual(ms(900))
	b, err := newButtons(seats, Options{Clock: clk, ArrivalSlack: ms(20), Debounce: ms(10), Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	}()
	for _, e := range arrival {
		b.deliver(e)
	}
	// Move the clock only once the burst has been taken in, as on the Pi,
	// where edges reach the process within ArrivalSlack of their stamp.
	for len(b.edges) > 0 {
		time.Sleep(time.Millisecond)
	}
	clk.Set(ms(3000))

	var got []hw.ButtonEvent
	var lost []hw.LostEvents
	timeout := time.After(5 * time.Second)
	for len(got) < 8*20 || len(lost) < 2 {
		select {
		case e := <-b.Events():
			got = append(got, e)
		case l := <-b.Lost():
			lost = append(lost, l)
		case <-timeout:
			t.Fatalf("timed out with %d events and %v lost", len(got), lost)
		}
	}
	checkPerSeatOrder(t, got)
	var presses [hw.MaxSeats + 1]int
	for _, e := range got {
		if e.Press {
			presses[e.Seat]++
		}
	}
	for _, s := range seats {
		if presses[s] != 10 {
			t.Errorf("seat %d: %d presses, want 10", s, presses[s])
		}
	}
	// Every round, seat 1 pressed first by 100 µs whatever the arrival order.
	for i := range 10 {
		since := ms(1000) + time.Duration(i)*50*time.Millisecond
		round := got[:0:0]
		for _, e := range got {
			if e.Kernel >= since && e.Kernel < since+ms(20) {
				round = append(round, e)
			}
		}
		if seat, margin := first(round, since); seat != 1 || margin != 100*time.Microsecond {
			t.Errorf("round %d: first = seat %d by %v", i, seat, margin)
		}
	}
	// A buffer overflow shows both for the table and for its seat.
	dropped := kernel[39]
	for _, want := range []hw.LostEvents{{Seat: 0, Count: 1}, {Seat: dropped.Seat, Count: 1}} {
		if !slices.ContainsFunc(lost, func(l hw.LostEvents) bool {
			return l.Seat == want.Seat && l.Count == want.Count && l.Kernel > dropped.Kernel
		}) {
			t.Errorf("lost = %v, want %v after t=%v", lost, want, dropped.Kernel)
		}
	}
}

func TestOpenRejectsBadLines(t *testing.T) {
	tests := []struct {
		name  string
		lines map[int]int
		want  string
	}{
		{"no seats", map[int]int{}, "no seat lines"},
		{"seat 0", map[int]int{0: 4}, "seat 0 out of range"},
		{"seat 13", map[int]int{13: 4}, "seat 13 out of range"},
		{"negative offset", map[int]int{1: -2}, "negative line offset"},
		{"line used twice", map[int]int{1: 17, 2: 27, 3: 17}, "line 17 given to both seat 1 and seat 3"},
		{"no such chip", map[int]int{1: 17}, "request lines [17] of /nonexistent/gpiochip9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Open("/nonexistent/gpiochip9", tc.lines, Options{Logger: discardLogger()})
			if err == nil {
				b.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
}
