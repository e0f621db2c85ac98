package buttons

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"
)

// monotonic is the system's CLOCK_MONOTONIC, the clock gpiolib-cdev stamps
// edges with (Linux 5.7 and later). time.Now's monotonic reading cannot be
// used: Go does not expose its origin, so it cannot be compared with a
// kernel stamp.
type monotonic struct{}

func (monotonic) Now() time.Duration {
	var ts unix.Timespec
	// checkMonotonic ran at Open, and CLOCK_MONOTONIC does not start failing
	// later; a zero reading would only delay settling, never misstamp an edge.
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return time.Duration(ts.Nano())
}

func checkMonotonic() error {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return fmt.Errorf("read CLOCK_MONOTONIC: %w", err)
	}
	return nil
}

func (m monotonic) SleepUntil(t time.Duration, done <-chan struct{}) bool {
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
