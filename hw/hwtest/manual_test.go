package hwtest

import (
	"slices"
	"testing"
	"time"
)

// TestManualWakesOnlyTheDue puts sleepers at several deadlines and moves the
// clock in steps: each step must wake exactly the sleepers it reached and
// leave the rest asleep.
func TestManualWakesOnlyTheDue(t *testing.T) {
	const start = time.Hour
	deadlines := []time.Duration{30, 10, 20, 20, 50} // ms after start
	steps := []struct {
		set  time.Duration // ms after start
		want []int         // indexes into deadlines woken by this step, sorted
	}{
		{5, nil},
		{10, []int{1}},
		{25, []int{2, 3}},
		{25, nil},
		{49, []int{0}},
		{60, []int{4}},
	}
	c := NewManual(start)
	woke := make(chan int, len(deadlines))
	for i, d := range deadlines {
		go func() {
			if c.SleepUntil(start+d*time.Millisecond, nil) {
				woke <- i
			}
		}()
		if !c.WaitForSleepers(i+1, timeout(t)) {
			t.Fatalf("sleeper %d never slept", i)
		}
	}
	for _, s := range steps {
		s.set *= time.Millisecond
		c.Set(start + s.set)
		var got []int
		for range s.want {
			select {
			case i := <-woke:
				got = append(got, i)
			case <-timeout(t):
				t.Fatalf("at +%v: only %v woke, want %v", s.set, got, s.want)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, s.want) {
			t.Errorf("at +%v woke %v, want %v", s.set, got, s.want)
		}
		left := len(deadlines)
		for _, later := range steps {
			if later.set*time.Millisecond <= s.set {
				left -= len(later.want)
			}
		}
		if n := c.Sleepers(); n != left {
			t.Errorf("at +%v %d still asleep, want %d", s.set, n, left)
		}
	}
}

func TestManualSleepUntil(t *testing.T) {
	const start = 10 * time.Second
	closed := make(chan struct{})
	close(closed)
	tests := []struct {
		name    string
		at      time.Duration
		done    chan struct{}
		reached bool
	}{
		{"now counts as reached", start, nil, true},
		{"past beats a closed done", start - time.Second, closed, true},
		{"closed done ends a future sleep", start + time.Second, closed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewManual(start)
			if got := c.SleepUntil(tt.at, tt.done); got != tt.reached {
				t.Errorf("SleepUntil = %v, want %v", got, tt.reached)
			}
			if n := c.Sleepers(); n != 0 {
				t.Errorf("%d sleepers left behind", n)
			}
		})
	}
}

func TestManualAdvanceAndBackwards(t *testing.T) {
	c := NewManual(time.Second)
	c.Advance(250 * time.Millisecond)
	if got, want := c.Now(), 1250*time.Millisecond; got != want {
		t.Errorf("after Advance Now() = %v, want %v", got, want)
	}
	tests := []struct {
		name string
		move func()
	}{
		{"Set back", func() { c.Set(time.Second) }},
		{"Advance negative", func() { c.Advance(-time.Nanosecond) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("moving CLOCK_MONOTONIC back did not panic")
				}
			}()
			tt.move()
		})
	}
	if got, want := c.Now(), 1250*time.Millisecond; got != want {
		t.Errorf("a refused move changed Now() to %v", got)
	}
}

func timeout(t *testing.T) <-chan struct{} {
	t.Helper()
	ch := make(chan struct{})
	tm := time.AfterFunc(5*time.Second, func() { close(ch) })
	t.Cleanup(func() { tm.Stop() })
	return ch
}
