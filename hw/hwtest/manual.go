package hwtest

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/falling-table/falling/hw"
)

// Manual is a clock for tests: its time moves only through Set and Advance,
// so a test decides exactly when a beat, a light frame or a debounce window
// is due. It implements hw.Clock like Monotonic, and reads as
// CLOCK_MONOTONIC would (a time.Duration since an arbitrary origin).
//
// Sleepers are woken deterministically: Set wakes exactly the goroutines
// whose deadline it reaches and no other, so a sleeper never wakes to find
// its time not yet come (and nothing depends on how a woken goroutine
// re-checks the clock); and a sleeper whose
// deadline is reached returns true even if its done channel was closed at
// the same moment (a plain select would pick one at random).
//
// Unlike the Virtual clock it schedules no actions of its own: it is
// for testing one part (buttons, lights, sound) against time, where Virtual
// is the whole simulated table's timeline.
type Manual struct {
	mu       sync.Mutex
	now      time.Duration
	sleepers []*sleeper
	// parked is closed and replaced whenever a goroutine starts sleeping,
	// so WaitForSleepers can wait without polling.
	parked chan struct{}
}

type sleeper struct {
	at   time.Duration
	wake chan struct{} // closed by Set when at is reached
}

var _ hw.Clock = (*Manual)(nil)

// NewManual returns a clock reading start. Tests usually start well past 0,
// as a Pi that has been up a while does, so that a zero time in the code
// under test stands out.
func NewManual(start time.Duration) *Manual {
	return &Manual{now: start, parked: make(chan struct{})}
}

// Now implements hw.Clock.
func (m *Manual) Now() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

// Set moves the clock to t and wakes every sleeper whose time t reaches. Setting the current time again is allowed and wakes no
// one. It panics if t is earlier than Now: CLOCK_MONOTONIC never goes
// backwards, so a test that moves it back is wrong, and code under test
// must not be asked to cope with it.
func (m *Manual) Set(t time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set(t)
}

// set is Set with mu held, so Advance reads and moves the time in one step.
func (m *Manual) set(t time.Duration) {
	if t < m.now {
		panic(fmt.Sprintf("clock: Manual.Set(%v) would move the clock back from %v", t, m.now))
	}
	m.now = t
	m.sleepers = slices.DeleteFunc(m.sleepers, func(s *sleeper) bool {
		if s.at <= t {
			close(s.wake)
			return true
		}
		return false
	})
}

// Advance moves the clock d forward, as Set(Now()+d). It panics if d is
// negative.
func (m *Manual) Advance(d time.Duration) {
	if d < 0 {
		panic(fmt.Sprintf("clock: Manual.Advance(%v) would move the clock back", d))
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set(m.now + d)
}

// SleepUntil implements hw.Clock: it blocks until Set reaches t or done is
// closed, and reports whether t was reached. A time already reached returns
// true at once.
func (m *Manual) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	m.mu.Lock()
	if m.now >= t {
		m.mu.Unlock()
		return true
	}
	s := &sleeper{at: t, wake: make(chan struct{})}
	m.sleepers = append(m.sleepers, s)
	close(m.parked)
	m.parked = make(chan struct{})
	m.mu.Unlock()

	select {
	case <-s.wake:
		return true
	case <-done:
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := slices.Index(m.sleepers, s); i >= 0 {
		m.sleepers = slices.Delete(m.sleepers, i, i+1)
		return false
	}
	// Set woke s while done was being closed: the time was reached.
	return true
}

// Sleepers reports how many goroutines are blocked in SleepUntil.
func (m *Manual) Sleepers() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.sleepers)
}

// WaitForSleepers blocks until at least n goroutines are blocked in
// SleepUntil or done is closed, and reports whether they are. A test calls
// it before Set when it must know the code under test has gone to sleep,
// rather than sleeping real time and hoping.
func (m *Manual) WaitForSleepers(n int, done <-chan struct{}) bool {
	for {
		m.mu.Lock()
		got, parked := len(m.sleepers), m.parked
		m.mu.Unlock()
		if got >= n {
			return true
		}
		select {
		case <-parked:
		case <-done:
			return false
		}
	}
}
