package sound

import (
	"sync"
	"time"
)

// fakeClock is a virtual hw.Clock: time moves only when the test sets it.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Duration
	changed chan struct{}
}

func newFakeClock(now time.Duration) *fakeClock {
	return &fakeClock{now: now, changed: make(chan struct{})}
}

func (c *fakeClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t (never backwards) and wakes sleepers.
func (c *fakeClock) Set(t time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t <= c.now {
		return
	}
	c.now = t
	close(c.changed)
	c.changed = make(chan struct{})
}

func (c *fakeClock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	for {
		c.mu.Lock()
		if c.now >= t {
			c.mu.Unlock()
			return true
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-done:
			return false
		}
	}
}
