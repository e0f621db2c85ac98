package buttons

import (
	"cmp"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
)

func ms(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }

// source plays the kernel: it collects edges with chosen kernel times and
// numbers them the way gpiolib-cdev does (Seqno across the request in stamp
// order, LineSeqno per line, both from 1).
type source struct{ edges []Edge }

// press adds a press at t followed by bounce: n extra release/press pairs
// 0.3 ms apart, ending pressed. release is the mirror image.
func (s *source) press(seat int, t time.Duration, n int) *source {
	return s.contact(seat, true, t, n)
}

func (s *source) release(seat int, t time.Duration, n int) *source {
	return s.contact(seat, false, t, n)
}

func (s *source) contact(seat int, rising bool, t time.Duration, n int) *source {
	s.edges = append(s.edges, Edge{Seat: seat, Rising: rising, Kernel: t})
	for i := 1; i <= 2*n; i++ {
		s.edges = append(s.edges, Edge{Seat: seat, Rising: rising == (i%2 == 0), Kernel: t + time.Duration(i)*300*time.Microsecond})
	}
	return s
}

// raw adds a single edge.
func (s *source) raw(seat int, rising bool, t time.Duration) *source {
	s.edges = append(s.edges, Edge{Seat: seat, Rising: rising, Kernel: t})
	return s
}

// numbered returns the edges in kernel order with sequence numbers.
func (s *source) numbered() []Edge {
	es := slices.Clone(s.edges)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Kernel < es[j].Kernel })
	var line [hw.MaxSeats + 1]uint32
	for i := range es {
		es[i].Seqno = uint32(i + 1)
		line[es[i].Seat]++
		es[i].LineSeqno = line[es[i].Seat]
	}
	return es
}

type ev struct {
	Seat  int
	Press bool
	T     time.Duration
}

func evs(es []hw.ButtonEvent) []ev {
	out := make([]ev, len(es))
	for i, e := range es {
		out[i] = ev{e.Seat, e.Press, e.Kernel}
	}
	return out
}

func P(seat int, t time.Duration) ev { return ev{seat, true, t} }
func R(seat int, t time.Duration) ev { return ev{seat, false, t} }

// run feeds edges in the given order, then advances past every window.
func run(t *testing.T, seats []int, edges []Edge) Output {
	t.Helper()
	d, err := NewDebouncer(seats, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out Output
	for _, e := range edges {
		if err := d.Feed(e, &out); err != nil {
			t.Fatalf("Feed(%+v): %v", e, err)
		}
	}
	d.Advance(time.Hour, &out)
	return out
}

func mash(seat int, start time.Duration, presses int) (*source, []ev) {
	s := &source{}
	var want []ev
	for i := range presses {
		t := start + time.Duration(i)*50*time.Millisecond // 20 presses a second
		s.press(seat, t, 2).release(seat, t+25*time.Millisecond, 2)
		want = append(want, P(seat, t), R(seat, t+25*time.Millisecond))
	}
	return s, want
}

func TestDebouncer(t *testing.T) {
	mashSrc, mashWant := mash(3, ms(1000), 20)

	held := (&source{}).press(2, ms(1000), 4).release(2, ms(4000), 4)

	burst := &source{}
	var burstWant []ev
	for seat := 1; seat <= 8; seat++ {
		// Seats 8..1 press 90 µs apart: seat 8 is first.
		at := ms(500) + time.Duration(8-seat)*90*time.Microsecond
		burst.press(seat, at, 3).release(seat, at+ms(60), 3)
		burstWant = append(burstWant, P(seat, at), R(seat, at+ms(60)))
	}

	tests := []struct {
		name  string
		seats []int
		edges []Edge
		want  []ev // sorted by seat, then kernel time
	}{
		{"clean press and release", []int{1},
			(&source{}).press(1, ms(100), 0).release(1, ms(300), 0).numbered(),
			[]ev{P(1, ms(100)), R(1, ms(300))}},
		{"bounce at press and release keeps first edges", []int{1},
			(&source{}).press(1, ms(100), 5).release(1, ms(300), 5).numbered(),
			[]ev{P(1, ms(100)), R(1, ms(300))}},
		{"held for seconds is one press", []int{2}, held.numbered(),
			[]ev{P(2, ms(1000)), R(2, ms(4000))}},
		{"mashing 20 times a second", []int{3}, mashSrc.numbered(), mashWant},
		{"8 seats at once in one burst", []int{1, 2, 3, 4, 5, 6, 7, 8}, burst.numbered(), burstWant},
		{"glitch shorter than the window is not a press", []int{1},
			(&source{}).raw(1, true, ms(100)).raw(1, false, ms(102)).numbered(),
			nil},
		{"bounce outlasting the window settles back", []int{1},
			(&source{}).press(1, ms(100), 0).raw(1, false, ms(115)).raw(1, true, ms(116)).release(1, ms(200), 0).numbered(),
			[]ev{P(1, ms(100)), R(1, ms(200))}},
		{"repeated level without a gap is bounce", []int{1},
			(&source{}).press(1, ms(100), 0).raw(1, true, ms(150)).release(1, ms(200), 0).numbered(),
			[]ev{P(1, ms(100)), R(1, ms(200))}},
		{"release just after the press window", []int{1},
			(&source{}).press(1, ms(100), 4).release(1, ms(111), 4).numbered(),
			[]ev{P(1, ms(100)), R(1, ms(111))}},
		{"a tap inside the window is noise, as is a lone edge after it", []int{1},
			(&source{}).press(1, ms(100), 0).raw(1, false, ms(109)).raw(1, true, ms(112)).raw(1, false, ms(113)).numbered(),
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := run(t, tc.seats, tc.edges)
			got := evs(out.Events)
			sort.SliceStable(got, func(i, j int) bool { return got[i].Seat < got[j].Seat })
			if !slices.Equal(got, tc.want) {
				t.Errorf("events\n got %v\nwant %v", got, tc.want)
			}
			if len(out.Lost) != 0 {
				t.Errorf("lost %v, want none", out.Lost)
			}
			checkPerSeatOrder(t, out.Events)
		})
	}
}

func checkPerSeatOrder(t *testing.T, es []hw.ButtonEvent) {
	t.Helper()
	var last [hw.MaxSeats + 1]time.Duration
	var pressed [hw.MaxSeats + 1]bool
	for _, e := range es {
		if e.Kernel < last[e.Seat] {
			t.Errorf("seat %d: event at %v after one at %v", e.Seat, e.Kernel, last[e.Seat])
		}
		if e.Press == pressed[e.Seat] {
			t.Errorf("seat %d: two %v events in a row at %v", e.Seat, e.Press, e.Kernel)
		}
		last[e.Seat], pressed[e.Seat] = e.Kernel, e.Press
	}
}

// Edges reach the process late and in a burst, in an order that is not the
// kernel's across seats (each line's own order is kept, as the kernel does).
// The verdict must come from kernel time.
func TestLateBurstOrderComesFromKernelTime(t *testing.T) {
	src := &source{}
	// Kernel order of presses: seat 5 at 200.000, seat 2 at 200.450, seat 7
	// at 201.200, seat 1 at 203.
	src.press(5, ms(200), 3).press(2, ms(200.45), 3).press(7, ms(201.2), 3).press(1, ms(203), 0)
	src.release(5, ms(260), 2).release(2, ms(262), 2).release(7, ms(261), 2).release(1, ms(270), 0)
	kernel := src.numbered()

	arrival := arriveLate(kernel, rand.New(rand.NewPCG(1, 2)))
	if arrival[0].Seat == 5 {
		t.Fatal("shuffle left seat 5 first: the test would prove nothing")
	}

	d, err := NewDebouncer([]int{1, 2, 5, 7}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out Output
	// The whole burst arrives at once, 40 ms after the first edge was
	// stamped: nothing is settled while it is being fed.
	for _, e := range arrival {
		if err := d.Feed(e, &out); err != nil {
			t.Fatal(err)
		}
	}
	d.Advance(ms(240), &out)
	if len(out.Lost) != 0 {
		t.Fatalf("reordering reported as loss: %v", out.Lost)
	}
	seat, margin := first(out.Events, ms(100))
	if seat != 5 || margin != 450*time.Microsecond {
		t.Errorf("first = seat %d by %v, want seat 5 by 450µs", seat, margin)
	}
	d.Advance(time.Hour, &out)
	checkPerSeatOrder(t, out.Events)
	got := evs(out.Events)
	sort.SliceStable(got, func(i, j int) bool { return got[i].T < got[j].T })
	want := []ev{P(5, ms(200)), P(2, ms(200.45)), P(7, ms(201.2)), P(1, ms(203)), R(5, ms(260)), R(7, ms(261)), R(2, ms(262)), R(1, ms(270))}
	if !slices.Equal(got, want) {
		t.Errorf("by kernel time\n got %v\nwant %v", got, want)
	}
}

// arriveLate shuffles edges across seats while keeping each seat's order.
func arriveLate(kernel []Edge, r *rand.Rand) []Edge {
	perSeat := map[int][]Edge{}
	var seats []int
	for _, e := range kernel {
		if perSeat[e.Seat] == nil {
			seats = append(seats, e.Seat)
		}
		perSeat[e.Seat] = append(perSeat[e.Seat], e)
	}
	slices.Reverse(seats)
	var out []Edge
	for len(out) < len(kernel) {
		s := seats[r.IntN(len(seats))]
		if q := perSeat[s]; len(q) > 0 {
			out = append(out, q[0])
			perSeat[s] = q[1:]
		}
	}
	return out
}

func TestLostEvents(t *testing.T) {
	base := (&source{}).
		press(1, ms(100), 0).release(1, ms(200), 0).
		press(2, ms(300), 0).release(2, ms(400), 0).
		press(1, ms(500), 0).release(1, ms(600), 0).numbered()
	// base: seq 1 P1@100, 2 R1@200, 3 P2@300, 4 R2@400, 5 P1@500, 6 R1@600

	drop := func(seqs ...uint32) []Edge {
		return slices.DeleteFunc(slices.Clone(base), func(e Edge) bool { return slices.Contains(seqs, e.Seqno) })
	}
	tests := []struct {
		name     string
		edges    []Edge
		wantLost []hw.LostEvents
		want     []ev
	}{
		{"nothing lost", base, nil,
			[]ev{P(1, ms(100)), R(1, ms(200)), P(1, ms(500)), R(1, ms(600)), P(2, ms(300)), R(2, ms(400))}},
		{"seat 2's press dropped", drop(3),
			[]hw.LostEvents{{Seat: 2, Count: 1, Kernel: ms(400)}, {Seat: 0, Count: 1, Kernel: ms(400)}},
			// The release repeats seat 2's level after a gap, so the press
			// happened unseen: it is kept, stamped with the edge that showed it.
			[]ev{P(1, ms(100)), R(1, ms(200)), P(1, ms(500)), R(1, ms(600)), P(2, ms(400)), R(2, ms(400))}},
		{"seat 1's release dropped: the next press is kept", drop(2),
			[]hw.LostEvents{{Seat: 0, Count: 1, Kernel: ms(300)}, {Seat: 1, Count: 1, Kernel: ms(500)}},
			// The missed release is stamped with the edge that revealed it.
			[]ev{P(1, ms(100)), R(1, ms(500)), P(1, ms(500)), R(1, ms(600)), P(2, ms(300)), R(2, ms(400))}},
		{"a gap before the first edge", drop(1, 2),
			[]hw.LostEvents{{Seat: 0, Count: 2, Kernel: ms(300)}, {Seat: 1, Count: 2, Kernel: ms(500)}},
			[]ev{P(1, ms(500)), R(1, ms(600)), P(2, ms(300)), R(2, ms(400))}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := run(t, []int{1, 2}, tc.edges)
			sortLost := func(l []hw.LostEvents) {
				sort.Slice(l, func(i, j int) bool {
					return l[i].Kernel < l[j].Kernel || l[i].Kernel == l[j].Kernel && l[i].Seat > l[j].Seat
				})
			}
			sortLost(out.Lost)
			sortLost(tc.wantLost)
			if !slices.Equal(out.Lost, tc.wantLost) {
				t.Errorf("lost\n got %v\nwant %v", out.Lost, tc.wantLost)
			}
			got := evs(out.Events)
			sort.SliceStable(got, func(i, j int) bool { return got[i].Seat < got[j].Seat })
			if !slices.Equal(got, tc.want) {
				t.Errorf("events\n got %v\nwant %v", got, tc.want)
			}
			checkPerSeatOrder(t, out.Events)
		})
	}
}

// A request-wide gap is only a loss once every edge stamped before the
// next sequence number must have arrived.
func TestSeqGapWaitsForStragglers(t *testing.T) {
	es := (&source{}).press(1, ms(100), 0).press(2, ms(100.2), 0).numbered()
	d, err := NewDebouncer([]int{1, 2}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out Output
	if err := d.Feed(es[1], &out); err != nil {
		t.Fatal(err)
	}
	d.Advance(ms(100.2), &out) // seq 1 could still be on its way
	if len(out.Lost) != 0 {
		t.Fatalf("gap reported before its stragglers were due: %v", out.Lost)
	}
	if dl, ok := d.NextDeadline(); !ok || dl != ms(100.2)+1 {
		t.Errorf("NextDeadline = %v, %v; want %v", dl, ok, ms(100.2)+1)
	}
	d.Advance(ms(100.2)+1, &out)
	if want := []hw.LostEvents{{Count: 1, Kernel: ms(100.2)}}; !slices.Equal(out.Lost, want) {
		t.Errorf("lost %v, want %v", out.Lost, want)
	}
	// The straggler still counts as an edge: nothing that arrived is dropped.
	if err := d.Feed(es[0], &out); err != nil {
		t.Fatal(err)
	}
	d.Advance(time.Hour, &out)
	if got, want := evs(out.Events), []ev{P(1, ms(100)), P(2, ms(100.2))}; !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
}

func TestBadInput(t *testing.T) {
	if _, err := NewDebouncer(nil, 0); err == nil {
		t.Error("NewDebouncer(no seats) succeeded")
	}
	for _, seats := range [][]int{{0}, {13}, {-1}, {2, 2}} {
		if _, err := NewDebouncer(seats, 0); err == nil {
			t.Errorf("NewDebouncer(%v) succeeded", seats)
		}
	}
	tests := []struct {
		name  string
		first Edge
		bad   Edge
		want  error
	}{
		{"unknown seat", Edge{Seat: 1, Kernel: 5}, Edge{Seat: 3, Kernel: 6}, ErrUnknownSeat},
		{"seat out of range", Edge{Seat: 1, Kernel: 5}, Edge{Seat: 99, Kernel: 6}, ErrUnknownSeat},
		{"older than its seat's last edge", Edge{Seat: 1, Kernel: 5}, Edge{Seat: 1, Kernel: 4}, ErrOutOfOrder},
		{"line seqno going back", Edge{Seat: 1, Kernel: 5, LineSeqno: 7}, Edge{Seat: 1, Kernel: 6, LineSeqno: 7}, ErrOutOfOrder},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := NewDebouncer([]int{1, 2}, 0)
			if err != nil {
				t.Fatal(err)
			}
			var out Output
			if err := d.Feed(tc.first, &out); err != nil {
				t.Fatal(err)
			}
			if err := d.Feed(tc.bad, &out); !errors.Is(err, tc.want) {
				t.Errorf("Feed(%+v) = %v, want %v", tc.bad, err, tc.want)
			}
		})
	}
}

// first ranks presses as the referee does (game.Settle, which hw may not
// import): each seat by its earliest press at or after since, the earliest
// seat first, the margin to the next. These tests show the debouncer hands
// on kernel times that rank right whatever the arrival order.
func first(events []hw.ButtonEvent, since time.Duration) (seat int, margin time.Duration) {
	earliest := map[int]time.Duration{}
	for _, e := range events {
		if !e.Press || e.Kernel < since {
			continue
		}
		if t, ok := earliest[e.Seat]; !ok || e.Kernel < t {
			earliest[e.Seat] = e.Kernel
		}
	}
	seats := slices.Collect(maps.Keys(earliest))
	slices.SortFunc(seats, func(a, b int) int { return cmp.Compare(earliest[a], earliest[b]) })
	if len(seats) == 0 {
		return 0, 0
	}
	if len(seats) > 1 {
		margin = earliest[seats[1]] - earliest[seats[0]]
	}
	return seats[0], margin
}

// TestSeqnoWrap: the kernel's sequence numbers are 32-bit and pass through
// 0 after 2^32-1. That 0 is the count going on, not uAPI v1's "unknown":
// read as unknown, it would leave a hole and report one edge lost that
// never was. The debouncer is put where 2^32-3 edges have been numbered,
// then given the edges of TestLostEvents numbered on from there, so the
// request-wide numbers (at seat 2's press) and seat 1's per-line numbers
// (at its second press) pass through 0.
func TestSeqnoWrap(t *testing.T) {
	const before = 1<<32 - 3 // edges numbered before these
	base := (&source{}).
		press(1, ms(100), 0).release(1, ms(200), 0).
		press(2, ms(300), 0).release(2, ms(400), 0).
		press(1, ms(500), 0).release(1, ms(600), 0).numbered()
	var wrapped []Edge
	var lineSeqs [hw.MaxSeats + 1][]uint32
	for _, e := range base {
		e.Seqno += before
		e.LineSeqno += before
		lineSeqs[e.Seat] = append(lineSeqs[e.Seat], e.LineSeqno)
		wrapped = append(wrapped, e)
	}
	if !slices.Contains(lineSeqs[1], 0) || !slices.ContainsFunc(wrapped, func(e Edge) bool { return e.Seqno == 0 }) {
		t.Fatalf("the numbers do not pass through 0: %+v", wrapped)
	}
	afterWrap := func(d *Debouncer) {
		d.next, d.numbered = before+1, true
		for _, s := range []int{1, 2} {
			d.seats[s].lastSeq, d.seats[s].numbered = before, true
		}
	}
	for _, tc := range []struct {
		name     string
		edges    []Edge
		wantLost []hw.LostEvents
		want     []ev
	}{
		{"nothing lost", wrapped, nil,
			[]ev{P(1, ms(100)), R(1, ms(200)), P(1, ms(500)), R(1, ms(600)), P(2, ms(300)), R(2, ms(400))}},
		{"the edge numbered 0 dropped", slices.DeleteFunc(slices.Clone(wrapped), func(e Edge) bool { return e.Seqno == 0 }),
			[]hw.LostEvents{{Seat: 2, Count: 1, Kernel: ms(400)}, {Seat: 0, Count: 1, Kernel: ms(400)}},
			[]ev{P(1, ms(100)), R(1, ms(200)), P(1, ms(500)), R(1, ms(600)), P(2, ms(400)), R(2, ms(400))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := NewDebouncer([]int{1, 2}, 0)
			if err != nil {
				t.Fatal(err)
			}
			afterWrap(d)
			var out Output
			for _, e := range tc.edges {
				if err := d.Feed(e, &out); err != nil {
					t.Fatalf("Feed(%+v): %v", e, err)
				}
			}
			d.Advance(time.Hour, &out)
			if !slices.Equal(out.Lost, tc.wantLost) {
				t.Errorf("lost\n got %v\nwant %v", out.Lost, tc.wantLost)
			}
			got := evs(out.Events)
			sort.SliceStable(got, func(i, j int) bool { return got[i].Seat < got[j].Seat })
			if !slices.Equal(got, tc.want) {
				t.Errorf("events\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}

// TestUnnumberedEdges: uAPI v1 numbers nothing (every Seqno and LineSeqno
// is 0); then no loss can be seen, and none may be reported.
func TestUnnumberedEdges(t *testing.T) {
	es := (&source{}).press(1, ms(100), 2).release(1, ms(200), 0).press(2, ms(300), 0).edges
	out := run(t, []int{1, 2}, es)
	if len(out.Lost) != 0 {
		t.Errorf("lost %v from edges without numbers", out.Lost)
	}
	if got, want := evs(out.Events), []ev{P(1, ms(100)), R(1, ms(200)), P(2, ms(300))}; !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
}
