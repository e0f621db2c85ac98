package hwtest

import "time"

// Host is a clock on the host's own time (time.Now), for tests that need
// real waiting: a paced hand sped up, or a synctest bubble, whose fake time
// moves only when every goroutine is blocked, so seconds of polling run
// exactly and at once. It reads Origin at the moment it is made and runs
// Speed times faster than the host.
type Host struct {
	start  time.Time
	origin time.Duration
	speed  time.Duration
}

// NewHost is a Host reading origin now, running speed times faster than the
// host (speed < 1 counts as 1).
func NewHost(origin time.Duration, speed int) *Host {
	return &Host{start: time.Now(), origin: origin, speed: time.Duration(max(speed, 1))}
}

// Now implements hw.Clock.
func (c *Host) Now() time.Duration { return c.origin + time.Since(c.start)*c.speed }

// SleepUntil implements hw.Clock.
func (c *Host) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	d := (t - c.Now()) / c.speed
	if d <= 0 {
		select {
		case <-done:
			return false
		default:
			return true
		}
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	case <-done:
		return false
	}
}
