//go:build vmtest

// These tests need a real kernel with gpio-sim: hw/vmtest/run.sh boots one
// under QEMU and runs them there (make vmtest). The fakes in the other tests
// behave the way this package expects; here the edges, their stamps, their
// sequence numbers and the kernel's buffer are the kernel's own.

package buttons

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/warthog618/go-gpiocdev"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
)

// simLabel is the label hw/vmtest/init gives the gpio-sim bank.
const simLabel = "falling-vmtest"

// simChip is the gpio-sim bank, driven through its sysfs attributes: a
// press is the line pulled down (a button to ground), a release the line
// pulled back up.
type simChip struct {
	t     *testing.T
	name  string // gpiochipN
	sysfs string // the chip's device directory, holding sim_gpio<offset>/
}

// findSim finds the gpio-sim bank by its label: chip numbers depend on
// probe order, the label does not.
func findSim(t *testing.T) *simChip {
	t.Helper()
	var seen []string
	for _, name := range gpiocdev.Chips() {
		c, err := gpiocdev.NewChip(name)
		if err != nil {
			t.Fatalf("open %s: %v", name, err)
		}
		label := c.Label
		if err := c.Close(); err != nil {
			t.Fatalf("close %s: %v", name, err)
		}
		if label == simLabel {
			return &simChip{t: t, name: name, sysfs: filepath.Join("/sys/bus/gpio/devices", name)}
		}
		seen = append(seen, name+"="+label)
	}
	t.Fatalf("no GPIO chip labelled %q (chips: %v); run these tests with hw/vmtest/run.sh", simLabel, seen)
	return nil
}

func (s *simChip) attr(offset int, name string) string {
	return filepath.Join(s.sysfs, fmt.Sprintf("sim_gpio%d", offset), name)
}

// pull sets the simulated resistor of a line: down is a pressed button.
func (s *simChip) pull(offset int, down bool) {
	s.t.Helper()
	v := "pull-up"
	if down {
		v = "pull-down"
	}
	if err := os.WriteFile(s.attr(offset, "pull"), []byte(v), 0); err != nil {
		s.t.Fatalf("pull line %d %s: %v", offset, v, err)
	}
}

// level reads the line's physical level, 0 or 1, as the chip sees it.
func (s *simChip) level(offset int) string {
	s.t.Helper()
	b, err := os.ReadFile(s.attr(offset, "value"))
	if err != nil {
		s.t.Fatalf("read line %d: %v", offset, err)
	}
	return strings.TrimSpace(string(b))
}

// twelveSeats is a board config with the most seats a table can have, on
// header lines that no bus claims, read through the real config parser so
// the seat → line map is what a table's file would give.
func twelveSeats(t *testing.T, chip string) *config.Board {
	t.Helper()
	lines := []int{4, 5, 6, 12, 13, 16, 17, 18, 22, 23, 24, 25}
	var y strings.Builder
	fmt.Fprintf(&y, "gpiochip: %s\nlines: 28\nseats:\n", chip)
	for i, l := range lines {
		fmt.Fprintf(&y, "  - seat: %d\n    button: %d\n", i+1, l)
	}
	b, err := config.Parse("vmtest.yaml", []byte(y.String()))
	if err != nil {
		t.Fatalf("the test's board config: %v\n%s", err, y.String())
	}
	if len(b.Seats) != hw.MaxSeats {
		t.Fatalf("config has %d seats, want %d", len(b.Seats), hw.MaxSeats)
	}
	return b
}

func seatLines(b *config.Board) map[int]int {
	m := make(map[int]int, len(b.Seats))
	for _, s := range b.Seats {
		m[s.Number] = s.Button
	}
	return m
}

// rig is one open request of all twelve seats on the gpio-sim bank.
type rig struct {
	t     *testing.T
	sim   *simChip
	clk   clock.Monotonic
	lines map[int]int
	b     *Buttons
}

func openRig(t *testing.T, opts Options) *rig {
	t.Helper()
	sim := findSim(t)
	board := twelveSeats(t, sim.name)
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	opts.Clock = clk
	r := &rig{t: t, sim: sim, clk: clk, lines: seatLines(board)}
	// A previous test's release leaves every line pulled up; make sure.
	for _, off := range r.lines {
		sim.pull(off, false)
	}
	r.b, err = Open(board.Chip.Name, r.lines, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := r.b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return r
}

// write is one pull write on a seat's line with the monotonic clock read
// just before and just after: the kernel's stamp of the edge must fall
// between them.
func (r *rig) write(seat int, down bool) (before, after time.Duration) {
	r.t.Helper()
	before = r.clk.Now()
	r.sim.pull(r.lines[seat], down)
	return before, r.clk.Now()
}

// next returns the next event; a loss or a timeout fails the test.
func (r *rig) next(within time.Duration) hw.ButtonEvent {
	r.t.Helper()
	select {
	case e := <-r.b.Events():
		return e
	case l := <-r.b.Lost():
		r.t.Fatalf("unexpected loss: %v", l)
	case <-time.After(within):
		r.t.Fatalf("no event within %v", within)
	}
	return hw.ButtonEvent{}
}

// quiet fails the test if anything at all arrives within d.
func (r *rig) quiet(d time.Duration, why string) {
	r.t.Helper()
	select {
	case e := <-r.b.Events():
		r.t.Fatalf("%s: got %+v", why, e)
	case l := <-r.b.Lost():
		r.t.Fatalf("%s: got a loss: %v", why, l)
	case <-time.After(d):
	}
}

// drain discards whatever arrives within d.
func (r *rig) drain(d time.Duration) {
	deadline := time.After(d)
	for {
		select {
		case <-r.b.Events():
		case <-r.b.Lost():
		case <-deadline:
			return
		}
	}
}

// settle is longer than a debounce window plus the arrival slack, so every
// window opened before it has been reported.
const settle = DefaultDebounce + DefaultArrivalSlack + 30*time.Millisecond

// wait is how long an event may take under QEMU's TCG on a loaded machine.
const wait = 5 * time.Second

// One request holds all twelve seats, with the pull-up and active low that
// the board's wiring (a button to ground) needs, and an idle table reports
// nothing; then every seat's press and release arrive with the kernel's
// stamps on CLOCK_MONOTONIC, inside the write that made them, numbered in
// one request-wide sequence.
func TestKernelTwelveSeatsStampsAndIdle(t *testing.T) {
	r := openRig(t, Options{})

	chip, err := gpiocdev.NewChip(r.sim.name)
	if err != nil {
		t.Fatal(err)
	}
	defer chip.Close()
	for seat, off := range r.lines {
		li, err := chip.LineInfo(off)
		if err != nil {
			t.Fatalf("seat %d line %d: %v", seat, off, err)
		}
		c := li.Config
		if !li.Used || li.Consumer != "falling" || c.Direction != gpiocdev.LineDirectionInput ||
			c.Bias != gpiocdev.LineBiasPullUp || !c.ActiveLow || c.EdgeDetection != gpiocdev.LineEdgeBoth ||
			c.EventClock != gpiocdev.LineEventClockMonotonic || c.Debounced {
			t.Errorf("seat %d line %d: %+v; want used by falling, input, pull-up, active low, both edges, "+
				"stamped on CLOCK_MONOTONIC, no kernel debounce", seat, off, li)
		}
		// The bias reached the chip: an idle line reads high.
		if v := r.sim.level(off); v != "1" {
			t.Errorf("seat %d line %d idles at %s, want 1 (pulled up)", seat, off, v)
		}
	}

	r.quiet(200*time.Millisecond, "idle table")

	var lastSeq uint32
	for seat := 1; seat <= hw.MaxSeats; seat++ {
		for _, down := range []bool{true, false} {
			before, after := r.write(seat, down)
			e := r.next(wait)
			if e.Seat != seat || e.Press != down {
				t.Fatalf("seat %d press=%v: got %+v", seat, down, e)
			}
			if e.Kernel < before || e.Kernel > after {
				t.Errorf("seat %d press=%v stamped %v, outside the write [%v, %v]", seat, down, e.Kernel, before, after)
			}
			if e.Seq <= lastSeq {
				t.Errorf("seat %d press=%v: seq %d after %d", seat, down, e.Seq, lastSeq)
			}
			lastSeq = e.Seq
		}
	}
	if lastSeq != 2*hw.MaxSeats {
		t.Errorf("last seq %d, want %d: one request numbers every seat's edges", lastSeq, 2*hw.MaxSeats)
	}
	r.quiet(settle, "after the last release")
}

// A bouncing contact (the line flapping for a few milliseconds) is one press
// stamped at its FIRST edge, and one release stamped at the first edge of
// its own bounce.
//
// The rule does not depend on the window's length, so the test starts at
// 40 ms rather than the default 10 and doubles the window while the machine
// is too slow to bounce inside it: under QEMU's TCG on a busy machine seven
// sysfs writes can take longer than 10 ms, and a bounce that overran the
// window (the VM descheduled mid-bounce) is not a bounce. Only a machine
// that cannot make seven writes in half a second fails.
func TestKernelBounceIsOnePressAtTheFirstEdge(t *testing.T) {
	const first, last = 40 * time.Millisecond, 640 * time.Millisecond
	for window := first; window <= last; window *= 2 {
		starved := false
		t.Run(fmt.Sprintf("window=%v", window), func(t *testing.T) {
			if !bounceOnce(t, window) {
				starved = true
				t.Skip("the machine could not bounce inside this window; trying a longer one")
			}
		})
		if !starved {
			return
		}
	}
	t.Fatalf("every bounce overran its window, up to %v: the VM is too starved to test bounce", last)
}

// bounceOnce bounces seat 5's press and then its release inside a debounce
// window of the given length and checks each is one event stamped at its
// first edge. It reports false if a bounce took longer than half the
// window: the test then says nothing about the debouncer.
func bounceOnce(t *testing.T, window time.Duration) bool {
	r := openRig(t, Options{Debounce: window})
	const seat = 5
	for _, down := range []bool{true, false} {
		before, after := r.write(seat, down)
		// Bounce: the contact opens and closes again, inside the
		// window, ending at the level of the first edge.
		for range 3 {
			r.write(seat, !down)
			r.write(seat, down)
		}
		if spent := r.clk.Now() - before; spent >= window/2 {
			r.drain(window + settle)
			r.sim.pull(r.lines[seat], false)
			r.drain(window + settle)
			t.Logf("press=%v: the bounce took %v, longer than half the window", down, spent)
			return false
		}
		e := r.next(wait)
		if e.Seat != seat || e.Press != down {
			t.Fatalf("press=%v: got %+v", down, e)
		}
		if e.Kernel < before || e.Kernel > after {
			t.Errorf("press=%v stamped %v, not at the first edge [%v, %v]", down, e.Kernel, before, after)
		}
		r.quiet(window+settle, fmt.Sprintf("after one bouncing press=%v", down))
	}
	return true
}

// Seat 12 pressed a moment before seat 1 wins the dispute on both the stamp
// and the request-wide sequence number, whatever order the events are read.
func TestKernelSeat12BeforeSeat1(t *testing.T) {
	r := openRig(t, Options{})
	_, after12 := r.write(12, true)
	before1, _ := r.write(1, true)
	got := map[int]hw.ButtonEvent{}
	for range 2 {
		e := r.next(wait)
		if !e.Press {
			t.Fatalf("got %+v, want presses", e)
		}
		got[e.Seat] = e
	}
	s12, s1 := got[12], got[1]
	if s12.Seat != 12 || s1.Seat != 1 {
		t.Fatalf("got %v, want seats 12 and 1", got)
	}
	if !(s12.Kernel <= after12 && after12 <= before1 && before1 <= s1.Kernel) {
		t.Errorf("seat 12 at %v, seat 1 at %v: want seat 12 first (writes ended %v, began %v)", s12.Kernel, s1.Kernel, after12, before1)
	}
	if s12.Seq >= s1.Seq {
		t.Errorf("seat 12 seq %d, seat 1 seq %d: want seat 12 first", s12.Seq, s1.Seq)
	}
	r.write(12, false)
	r.write(1, false)
	for range 2 {
		if e := r.next(wait); e.Press {
			t.Fatalf("got %+v, want releases", e)
		}
	}
}

// A reader that stops draining Events backs up through this package's
// channels into the kernel's buffer; once that is full the kernel drops
// edges, and the loss is reported on Lost when reading resumes, never
// silently. Per seat, presses and releases still alternate afterwards.
//
// The request asks for a 16-event kernel buffer, but go-gpiocdev v0.9.1
// never passes WithEventBufferSize to the kernel (its uapi.LineRequest is
// built without EventBufferSize), so the kernel keeps its default of 16
// events a line, rounded up to a power of two: 256 for twelve lines. The
// test writes enough edges to overflow either, and logs which one it met.
func TestKernelStalledReaderReportsLoss(t *testing.T) {
	const asked = 16
	r := openRig(t, Options{EventBuffer: asked, Debounce: time.Millisecond})
	// Every edge, spaced past the 1 ms window, is an event of its own.
	// Below the kernel this package holds cap(events) events, cap(edges)
	// edges and one in the handler; the kernel's default for twelve lines
	// is 256. Write well past all of them, in whole press-release pairs.
	const kernelDefault = 256
	held := cap(r.b.events) + cap(r.b.edges) + 1
	rounds := (held+kernelDefault+16*hw.MaxSeats)/hw.MaxSeats + 1
	rounds += rounds % 2
	for i := range rounds {
		for seat := 1; seat <= hw.MaxSeats; seat++ {
			r.write(seat, i%2 == 0)
		}
		time.Sleep(2 * time.Millisecond)
	}
	edges := rounds * hw.MaxSeats

	var lost []hw.LostEvents
	events := 0
	pressed := map[int]bool{}
	idle := time.NewTimer(time.Second)
	defer idle.Stop()
	for done := false; !done; {
		select {
		case e := <-r.b.Events():
			events++
			if e.Press == pressed[e.Seat] {
				t.Errorf("seat %d: press=%v twice in a row (event %d)", e.Seat, e.Press, events)
			}
			pressed[e.Seat] = e.Press
		case l := <-r.b.Lost():
			if l.Count <= 0 {
				t.Errorf("loss report with count %d: %v", l.Count, l)
			}
			lost = append(lost, l)
		case <-idle.C:
			done = true
			continue
		}
		idle.Reset(time.Second)
	}
	// What got through is what the channels held plus the kernel's buffer
	// (the kernel drops the oldest edge when full, so the last ones, the
	// releases, always arrive).
	t.Logf("%d edges written, %d events read; the kernel's buffer held about %d (asked for %d); losses: %v",
		edges, events, events-held, asked, lost)
	if len(lost) == 0 {
		t.Fatalf("%d edges with nobody reading, and no loss reported", edges)
	}
	if events >= edges {
		t.Errorf("%d events from %d edges: nothing was dropped, yet a loss was reported", events, edges)
	}
	for seat, p := range pressed {
		if p {
			t.Errorf("seat %d ends pressed; every line was released", seat)
		}
	}
}
