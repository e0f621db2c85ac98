// Package hwtest holds fakes of the table's devices and clocks that move
// only when told, for tests and for the simulated table: fake seat
// buttons, card reader, dealer panel, lights and sound that implement the
// hw interfaces and are driven by a script ("seat 3 presses at t=1.2003 s,
// card X is read at t=1.5 s"), the Virtual clock that runs such a
// timeline, and the Manual clock for testing one part against time. Like
// periph's i2ctest and gpiotest, it imports nothing but hw: the game is
// simulated on top of it (game/simtable), never inside it.
//
// Scripted inputs are timeline actions run by the Virtual clock in time
// order, in the goroutine that advances it, so a hand replays identically
// every time.
package hwtest

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/falling-table/falling/hw"
)

// Virtual is a clock whose time moves only through Advance, AdvanceTo,
// RunUntil or Pace. It implements hw.Clock, and it is also the table's
// timeline: At schedules an action for a virtual time.
type Virtual struct {
	mu      sync.Mutex
	now     time.Duration
	seq     uint64
	items   timeline
	changed chan struct{} // a new item may be earlier than what Pace waits for
	settle  func()
}

var _ hw.Clock = (*Virtual)(nil)

// NewVirtual returns a clock reading start.
func NewVirtual(start time.Duration) *Virtual {
	return &Virtual{now: start, changed: make(chan struct{}, 1)}
}

// SetSettle sets what AdvanceTo calls after waking a goroutine blocked in
// SleepUntil, before it moves on: testing/synctest's Wait makes a goroutine
// driven test exact. Without it a woken sleeper runs concurrently with the
// rest of the timeline; actions run by the clock itself are always exact.
func (v *Virtual) SetSettle(f func()) {
	v.mu.Lock()
	v.settle = f
	v.mu.Unlock()
}

// Now returns the virtual time.
func (v *Virtual) Now() time.Duration {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.now
}

// SleepUntil blocks until the clock is advanced to t, or done is ready.
func (v *Virtual) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	v.mu.Lock()
	if v.now >= t {
		v.mu.Unlock()
		return true
	}
	it := v.push(t, nil)
	it.wake = make(chan struct{})
	v.mu.Unlock()
	select {
	case <-it.wake:
		return true
	case <-done:
		v.mu.Lock()
		it.cancelled = true
		v.mu.Unlock()
		return false
	}
}

// At schedules fn to run at virtual time t (now if t is past), after every
// action already scheduled for the same time. fn runs in the goroutine that
// advances the clock, without the clock's lock: it may call At and Now.
func (v *Virtual) At(t time.Duration, fn func()) {
	v.mu.Lock()
	if t < v.now {
		t = v.now
	}
	v.push(t, fn)
	v.mu.Unlock()
}

// After schedules fn d after now.
func (v *Virtual) After(d time.Duration, fn func()) {
	v.mu.Lock()
	t := v.now + d
	v.push(t, fn)
	v.mu.Unlock()
}

// push adds an item; the caller holds mu.
func (v *Virtual) push(t time.Duration, fn func()) *item {
	v.seq++
	it := &item{at: t, seq: v.seq, fn: fn}
	heap.Push(&v.items, it)
	select {
	case v.changed <- struct{}{}:
	default:
	}
	return it
}

// Next reports the time of the earliest pending action or sleeper.
func (v *Virtual) Next() (time.Duration, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for len(v.items) > 0 {
		if it := v.items[0]; !it.cancelled {
			return it.at, true
		}
		heap.Pop(&v.items)
	}
	return 0, false
}

// AdvanceTo runs every action and wakes every sleeper due at or before t, in
// time order (ties in the order they were scheduled), setting the clock to
// each one's time as it goes, and then sets the clock to t. Time never goes
// back: a t in the past only runs what is due now.
func (v *Virtual) AdvanceTo(t time.Duration) {
	for {
		v.mu.Lock()
		if len(v.items) == 0 || v.items[0].at > t {
			if t > v.now {
				v.now = t
			}
			v.mu.Unlock()
			return
		}
		it := heap.Pop(&v.items).(*item)
		if it.cancelled {
			v.mu.Unlock()
			continue
		}
		if it.at > v.now {
			v.now = it.at
		}
		settle := v.settle
		v.mu.Unlock()
		if it.fn != nil {
			it.fn()
			continue
		}
		close(it.wake)
		if settle != nil {
			settle()
		}
	}
}

// Advance moves the clock d forward, as AdvanceTo.
func (v *Virtual) Advance(d time.Duration) { v.AdvanceTo(v.Now() + d) }

// RunUntil is AdvanceTo for tests that read better with it.
func (v *Virtual) RunUntil(t time.Duration) { v.AdvanceTo(t) }

// Pace advances the clock in step with real, a real clock, until ctx ends:
// the simulated table played at the speed of life (make run). Virtual time
// starts where it is and runs at one second per real second.
func (v *Virtual) Pace(ctx context.Context, real hw.Clock) error {
	if real == nil {
		return errors.New("sim: pace: no real clock")
	}
	offset := real.Now() - v.Now()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		v.AdvanceTo(real.Now() - offset)
		next, ok := v.Next()
		wake := real.Now() + time.Hour
		if ok {
			wake = next + offset
		}
		// A new action (a key press, a re-armed alarm) may be due before
		// wake: stop sleeping when one is scheduled.
		done := make(chan struct{})
		stop := make(chan struct{})
		go func() {
			select {
			case <-v.changed:
			case <-ctx.Done():
			case <-stop:
				return
			}
			close(done)
		}()
		real.SleepUntil(wake, done)
		close(stop)
	}
}

type item struct {
	at        time.Duration
	seq       uint64
	fn        func()
	wake      chan struct{}
	cancelled bool
	index     int
}

type timeline []*item

func (t timeline) Len() int { return len(t) }
func (t timeline) Less(i, j int) bool {
	if t[i].at != t[j].at {
		return t[i].at < t[j].at
	}
	return t[i].seq < t[j].seq
}
func (t timeline) Swap(i, j int) { t[i], t[j] = t[j], t[i]; t[i].index = i; t[j].index = j }
func (t *timeline) Push(x any)   { it := x.(*item); it.index = len(*t); *t = append(*t, it) }
func (t *timeline) Pop() any {
	old := *t
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	*t = old[:n-1]
	return it
}

// Seconds is a test's way to write virtual times: Seconds(1.2003).
func Seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// String shows the clock's reading, for test failures.
func (v *Virtual) String() string { return fmt.Sprintf("virtual clock at %v", v.Now()) }
