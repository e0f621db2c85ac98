// Package clock is the table's one time source: Monotonic, the kernel's
// CLOCK_MONOTONIC, implementing hw.Clock. Clocks that move only when a test
// or the simulated table moves them are hwtest.Manual and hwtest.Virtual.
//
// Why CLOCK_MONOTONIC: the GPIO character device (gpiolib-cdev, Linux 5.7
// and later) stamps every button edge on it, so reading the same clock for
// beats, card reads and light frames puts them on one time line with the
// presses, and a card read can be ordered against a press without any
// conversion. time.Now cannot stand in: Go reads CLOCK_MONOTONIC too but
// hides the origin of its monotonic reading, so a time.Time could never be
// compared with a kernel stamp. CLOCK_MONOTONIC is also immune to NTP steps
// and to the Pi setting its wall clock late at boot (it has no RTC), which
// would otherwise move a beat.
package clock

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"

	"github.com/falling-table/falling/hw"
)

// Monotonic is CLOCK_MONOTONIC. Its zero value works, but New is the way
// to get one: it proves the clock readable, so Now, which has no error to
// return, never has to hide one.
type Monotonic struct{}

var _ hw.Clock = Monotonic{}

// New checks that CLOCK_MONOTONIC can be read and returns it.
func New() (Monotonic, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return Monotonic{}, fmt.Errorf("clock: read CLOCK_MONOTONIC: %w", err)
	}
	return Monotonic{}, nil
}

// Now implements hw.Clock. The error is not checked on this path, which
// the beat takes every few milliseconds: New proved the call works, and
// CLOCK_MONOTONIC does not start failing on a running system.
func (Monotonic) Now() time.Duration {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return time.Duration(ts.Nano())
}

// SleepUntil implements hw.Clock: it sleeps to the absolute time t, or until
// done is closed. A time already reached returns true at once, even with
// done closed. The deadline is turned into a fresh relative wait after every
// wake rather than trusting one timer: Go's timers run on CLOCK_MONOTONIC
// too, so re-reading the clock never accumulates drift, and a wake that
// comes early just sleeps again instead of firing a beat early.
func (c Monotonic) SleepUntil(t time.Duration, done <-chan struct{}) bool {
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
