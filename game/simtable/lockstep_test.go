package simtable

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/hw/hwtest"
)

// The clock stands still while the reader's goroutine works on a wake-up:
// whatever it does between two sleeps (here, yielding the processor many
// times to give a racing clock every chance) happens before the next
// timeline action, at the time it woke, every run.
func TestLockstepTakesTurns(t *testing.T) {
	for run := range 20 {
		v := hwtest.NewVirtual(0)
		l := newLockstep(v, time.Second)
		var mu sync.Mutex
		var got []string
		note := func(s string) {
			mu.Lock()
			got = append(got, s)
			mu.Unlock()
		}
		// The setup's own sleeps run by themselves, before the hand.
		l.SleepUntil(300*time.Millisecond, nil)
		if l.Now() != 300*time.Millisecond || v.Now() != 0 {
			t.Fatalf("after the setup: reader %v, table %v", l.Now(), v.Now())
		}
		if !l.start(1) {
			t.Fatal("start refused")
		}
		done := make(chan struct{})
		exited := make(chan struct{})
		tc := tableClock{l}
		go func() {
			defer close(exited)
			for i := 1; ; i++ {
				if !tc.SleepUntil(time.Duration(i)*10*time.Millisecond, done) {
					return
				}
				for range 50 {
					runtime.Gosched()
				}
				note(fmt.Sprintf("reader@%v", tc.Now()))
			}
		}()
		l.settle()
		for _, at := range []time.Duration{5, 10, 15, 20, 25, 30} {
			at *= time.Millisecond
			v.At(at, func() { note(fmt.Sprintf("table@%v", v.Now())) })
		}
		v.AdvanceTo(30 * time.Millisecond)
		// At a tie, what was scheduled first runs first: the reader's
		// first sleep before the table's actions, which were all put on
		// the timeline before its later sleeps.
		want := "table@5ms reader@10ms table@10ms table@15ms table@20ms reader@20ms table@25ms table@30ms reader@30ms"
		mu.Lock()
		g := strings.Join(got, " ")
		mu.Unlock()
		if g != want {
			t.Fatalf("run %d:\n got %s\nwant %s", run, g, want)
		}
		l.stop()
		close(done)
		<-exited
	}
}

// stop releases a reader asleep without a done channel (the PN532
// driver's Reinit sleeps so) and lets its time run by itself, so the
// service can wind down when nothing drives the table's clock any more.
func TestLockstepStopReleasesSleepers(t *testing.T) {
	v := hwtest.NewVirtual(0)
	l := newLockstep(v, time.Second)
	l.start(1)
	woke := make(chan time.Duration)
	go func() {
		l.SleepUntil(l.Now()+time.Hour, nil)
		// Time now runs by itself: a sleep ends at once, moving it on.
		l.SleepUntil(l.Now()+5*time.Millisecond, nil)
		woke <- l.Now()
	}()
	l.settle()
	l.stop()
	select {
	case at := <-woke:
		if at != time.Second+5*time.Millisecond {
			t.Errorf("the reader's time after stop: %v, want the table's (0) plus lead plus its sleep", at)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a sleeper without a done channel was not released by stop")
	}
}
