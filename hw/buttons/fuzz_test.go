package buttons

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
)

// fuzzEdges decodes 4 bytes per edge: seat, level, time step (in 0.25 ms,
// so both bounce and real presses occur), and flags that drop the edge
// (the kernel lost it: its sequence numbers are still used), swap it with
// the previous one in arrival order, or call Advance after it.
type fuzzStep struct {
	edge    Edge
	dropped bool
	advance bool
}

const fuzzSeats = 4

func decodeFuzz(data []byte) []fuzzStep {
	var steps []fuzzStep
	var now time.Duration
	var seq uint32
	var line [fuzzSeats + 1]uint32
	for i := 0; i+4 <= len(data); i += 4 {
		b := data[i : i+4]
		seat := int(b[0])%fuzzSeats + 1
		now += time.Duration(b[2]) * 250 * time.Microsecond
		seq++
		line[seat]++
		e := Edge{Seat: seat, Rising: b[1]&1 == 1, Kernel: now, Seqno: seq, LineSeqno: line[seat]}
		st := fuzzStep{edge: e, dropped: b[3]&1 == 1, advance: b[3]&4 == 4}
		steps = append(steps, st)
		if b[3]&2 == 2 && len(steps) > 1 {
			n := len(steps)
			steps[n-1], steps[n-2] = steps[n-2], steps[n-1]
		}
	}
	return steps
}

// feedAll runs the steps through a debouncer of the given seats, skipping
// edges of other seats, and returns the events and the edges it accepted.
func feedAll(t *testing.T, seats []int, steps []fuzzStep) ([]hw.ButtonEvent, []Edge) {
	d, err := NewDebouncer(seats, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out Output
	var accepted []Edge
	var latest time.Duration
	for _, st := range steps {
		latest = max(latest, st.edge.Kernel)
		if !st.dropped && slices.Contains(seats, st.edge.Seat) {
			if err := d.Feed(st.edge, &out); err == nil {
				accepted = append(accepted, st.edge)
			}
		}
		if st.advance {
			// Only promise what has been delivered: the latest kernel time
			// fed so far, less the largest reordering the decoder can make.
			d.Advance(latest-64*time.Millisecond, &out)
		}
	}
	d.Advance(latest+time.Hour, &out)
	return out.Events, accepted
}

func FuzzDebouncer(f *testing.F) {
	f.Add([]byte{0, 1, 40, 0, 0, 0, 100, 0})
	f.Add([]byte{0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 200, 4})
	f.Add([]byte{0, 1, 0, 0, 1, 1, 1, 2, 2, 1, 1, 0, 3, 1, 1, 2, 0, 0, 100, 4, 1, 0, 1, 1, 2, 0, 1, 0, 3, 0, 1, 0})
	f.Add([]byte{1, 1, 10, 0, 1, 0, 10, 1, 1, 1, 10, 0, 1, 1, 10, 0, 1, 0, 10, 4})
	f.Add([]byte{2, 1, 0, 0, 2, 1, 30, 0, 2, 0, 30, 0, 2, 0, 30, 6, 2, 1, 0, 1, 2, 1, 255, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		steps := decodeFuzz(data)
		all := []int{1, 2, 3, 4}
		events, accepted := feedAll(t, all, steps)
		checkPerSeatOrder(t, events)
		for _, e := range events {
			if e.Press && !slices.ContainsFunc(accepted, func(a Edge) bool { return a.Seat == e.Seat && a.Kernel == e.Kernel }) {
				t.Fatalf("press %+v is not at the time of an edge of its seat", e)
			}
		}
		// Other seats never cost a seat anything: each seat's events are
		// exactly what it gets when debounced alone.
		for _, seat := range all {
			alone, _ := feedAll(t, []int{seat}, steps)
			mine := slices.DeleteFunc(slices.Clone(events), func(e hw.ButtonEvent) bool { return e.Seat != seat })
			if !slices.Equal(mine, alone) {
				t.Fatalf("seat %d\n with others %v\n alone       %v", seat, mine, alone)
			}
		}
	})
}
