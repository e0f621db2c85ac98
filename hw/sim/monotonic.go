package sim

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"

	"github.com/falling-table/falling/hw"
)

// Monotonic is the real table's clock: CLOCK_MONOTONIC, the clock the GPIO
// character device stamps button edges with, so beats, card reads and
// presses share one time line. It lives here beside Virtual until hw has a
// home for clocks; time.Now cannot serve, because Go does not expose its
// monotonic origin and it could not be compared with a kernel stamp.
type Monotonic struct{}

var _ hw.Clock = Monotonic{}

// NewMonotonic checks that CLOCK_MONOTONIC can be read.
func NewMonotonic() (Monotonic, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return Monotonic{}, fmt.Errorf("read CLOCK_MONOTONIC: %w", err)
	}
	return Monotonic{}, nil
}

// Now reads CLOCK_MONOTONIC. NewMonotonic proved it readable, and it does
// not start failing later, so the error is not checked on the beat's path.
func (Monotonic) Now() time.Duration {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return time.Duration(ts.Nano())
}

// SleepUntil sleeps to the absolute time t. A timer is set for what is left
// and re-checked on waking, so an early wake-up never fires a beat early.
func (m Monotonic) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	for {
		d := t - m.Now()
		if d <= 0 {
			return true
		}
		timer := time.NewTimer(d)
		select {
		case <-timer.C:
		case <-done:
			timer.Stop()
			return false
		}
	}
}
