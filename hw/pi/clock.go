package pi

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"

	"github.com/falling-table/falling/hw"
)

// Clock is the kernel's CLOCK_MONOTONIC, the clock gpiolib-cdev stamps
// button edges with. time.Now cannot stand in for it: Go hides the origin of
// its monotonic reading, so it could not be compared with a kernel stamp.
type Clock struct{}

var _ hw.Clock = Clock{}

// NewClock checks that CLOCK_MONOTONIC can be read, so that Now, which has
// no error to return, never has to hide one.
func NewClock() (Clock, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return Clock{}, fmt.Errorf("pi: read CLOCK_MONOTONIC: %w", err)
	}
	return Clock{}, nil
}

// Now implements hw.Clock.
func (Clock) Now() time.Duration {
	var ts unix.Timespec
	// NewClock proved the call works, and CLOCK_MONOTONIC does not start
	// failing on a running system.
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return time.Duration(ts.Nano())
}

// SleepUntil implements hw.Clock. It re-reads the clock after each wake
// rather than trusting the timer: Go's timers run on CLOCK_MONOTONIC too, so
// converting the absolute deadline to a fresh relative wait each round never
// accumulates drift, and a wake a little early just sleeps again.
func (c Clock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		d := t - c.Now()
		if d <= 0 {
			return true
		}
		if timer == nil {
			timer = time.NewTimer(d)
		} else {
			timer.Reset(d)
		}
		select {
		case <-timer.C:
		case <-done:
			return false
		}
	}
}
