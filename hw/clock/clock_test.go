package clock

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestMonotonicIsTheKernelClock checks Now against CLOCK_MONOTONIC read
// directly: the point of the package is that its readings compare with the
// kernel's edge stamps.
func TestMonotonicIsTheKernelClock(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	var before, after unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &before); err != nil {
		t.Fatal(err)
	}
	now := c.Now()
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &after); err != nil {
		t.Fatal(err)
	}
	if lo, hi := time.Duration(before.Nano()), time.Duration(after.Nano()); now < lo || now > hi {
		t.Errorf("Now() = %v, outside the kernel's CLOCK_MONOTONIC %v..%v", now, lo, hi)
	}
	// The wall clock is a different clock: on a machine up for less than
	// the Unix epoch's age they cannot agree.
	if wall := time.Duration(time.Now().UnixNano()); now > wall/2 {
		t.Errorf("Now() = %v looks like wall-clock time %v", now, wall)
	}
}

func TestMonotonicSleepUntil(t *testing.T) {
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	close(closed)
	tests := []struct {
		name    string
		in      time.Duration // from now
		done    chan struct{}
		reached bool
	}{
		{"future time is slept to", 5 * time.Millisecond, nil, true},
		{"past time returns at once", -time.Second, nil, true},
		{"past time beats a closed done", -time.Second, closed, true},
		{"done ends the sleep", time.Hour, closed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := c.Now() + tt.in
			if got := c.SleepUntil(at, tt.done); got != tt.reached {
				t.Fatalf("SleepUntil = %v, want %v", got, tt.reached)
			}
			if now := c.Now(); tt.reached && now < at {
				t.Errorf("woke at %v, before %v", now, at)
			}
		})
	}
}
