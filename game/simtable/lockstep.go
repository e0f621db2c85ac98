package simtable

import (
	"sync"
	"time"

	"github.com/falling-table/falling/hw/hwtest"
)

// lockstep runs the card reader's goroutine (the reader service's polling
// loop, with the PN532 driver inside it) in step with the table's virtual
// clock, so that a hand read through the chip model replays exactly.
//
// The reader sleeps on the clock's timeline: each sleep is an action
// scheduled for its end. When the clock reaches it, the action, which runs
// in the goroutine advancing the clock, wakes the reader and waits until it
// sleeps again: the reader does all its work for that instant (bus
// transactions on the model, cards and status handed to the dealer's
// channels, which reader's delivery policy fills before the loop moves on)
// while the clock stands still, and the next action starts only after.
// The two goroutines take turns, never run together. Virtual.SetSettle
// cannot do this, since it does not know which sleeper it woke or when that
// one has finished, and testing/synctest is for tests only, while `falling
// play --fast` needs the same exactness.
//
// Its time is the chip's and the driver's: the table's time plus lead, the
// reader having been switched on and set up lead before the hand began.
// Before start and after stop nothing drives the virtual clock for the
// reader, so its time runs by itself: each sleep ends at once, moving it
// on. That is how the chip is set up before the hand (Open's setup, as at
// a real table when the service starts) and how the service winds down
// when the hand is over.
type lockstep struct {
	v    *hwtest.Virtual
	lead time.Duration

	mu      sync.Mutex
	cond    sync.Cond
	free    bool          // before start or after stop: time runs by itself
	now     time.Duration // the reader's time while free
	running int           // reader goroutines awake
	asleep  map[*sleeper]struct{}
}

type sleeper struct {
	wake      chan struct{}
	woken     bool
	cancelled bool
}

func newLockstep(v *hwtest.Virtual, lead time.Duration) *lockstep {
	l := &lockstep{v: v, lead: lead, free: true, now: v.Now(), asleep: make(map[*sleeper]struct{})}
	l.cond.L = &l.mu
	return l
}

// Now is the reader's time.
func (l *lockstep) Now() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.free {
		return l.now
	}
	return l.v.Now() + l.lead
}

// SleepUntil sleeps on the table's timeline until the reader's time t.
func (l *lockstep) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	l.mu.Lock()
	if l.free {
		l.now = max(l.now, t)
		l.mu.Unlock()
		select {
		case <-done:
			return false
		default:
			return true
		}
	}
	if l.v.Now()+l.lead >= t {
		l.mu.Unlock()
		return true
	}
	s := &sleeper{wake: make(chan struct{})}
	l.asleep[s] = struct{}{}
	// Scheduled while this goroutine holds the turn: the clock's goroutine
	// is waiting in handOver (or has not started the hand), so the
	// timeline cannot move before the action is on it.
	l.v.At(t-l.lead, func() { l.handOver(s) })
	l.running--
	l.cond.Broadcast()
	l.mu.Unlock()
	select {
	case <-s.wake:
		return true
	case <-done:
		l.mu.Lock()
		if !s.woken {
			s.cancelled = true
			delete(l.asleep, s)
			l.running++
		}
		l.mu.Unlock()
		return false
	}
}

// handOver wakes s and waits, in the clock's goroutine, until the reader
// sleeps again.
func (l *lockstep) handOver(s *sleeper) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.cancelled || s.woken {
		return
	}
	s.woken = true
	delete(l.asleep, s)
	l.running++
	close(s.wake)
	for l.running > 0 && !l.free {
		l.cond.Wait()
	}
}

// start hands the reader's time over to the table's clock: from here on
// it runs lead ahead of it. goroutines is how many reader goroutines are
// about to start; start's caller waits for them with settle.
func (l *lockstep) start(goroutines int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.now > l.v.Now()+l.lead {
		return false // the setup took longer than lead: time would go back
	}
	l.free = false
	l.running += goroutines
	return true
}

// settle waits until every reader goroutine sleeps on the timeline.
func (l *lockstep) settle() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.running > 0 && !l.free {
		l.cond.Wait()
	}
}

// stop lets the reader's time run by itself again, from where the table's
// clock is, and wakes whatever sleeps: nothing will drive the timeline for
// the reader any more, and the service must be able to wind down.
func (l *lockstep) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.free {
		return
	}
	l.now = l.v.Now() + l.lead
	l.free = true
	for s := range l.asleep {
		s.woken = true
		close(s.wake)
	}
	clear(l.asleep)
	l.cond.Broadcast()
}

// tableClock is the lockstep seen on the table's time: the reader
// service's clock, so the times it stamps on cards and status are the
// table's.
type tableClock struct{ l *lockstep }

func (c tableClock) Now() time.Duration { return c.l.Now() - c.l.lead }
func (c tableClock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	return c.l.SleepUntil(t+c.l.lead, done)
}
