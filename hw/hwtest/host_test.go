package hwtest

import (
	"testing"
	"testing/synctest"
	"time"
)

// A Host clock starts at its origin, runs speed times faster than the
// host, wakes a sleeper at the host time its speed says, and lets a done
// channel cut a sleep short.
func TestHost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewHost(time.Hour, 4)
		if got := c.Now(); got != time.Hour {
			t.Fatalf("Now at start = %v, want the origin", got)
		}
		start := time.Now()
		if !c.SleepUntil(time.Hour+8*time.Second, nil) {
			t.Fatal("sleep cut short with no done channel")
		}
		if host := time.Since(start); host != 2*time.Second {
			t.Errorf("8 s of a 4x clock took %v of host time, want 2s", host)
		}
		if got := c.Now(); got != time.Hour+8*time.Second {
			t.Errorf("Now after the sleep = %v", got)
		}
		if !c.SleepUntil(0, nil) {
			t.Error("a time already past did not return at once")
		}
		done := make(chan struct{})
		close(done)
		if c.SleepUntil(0, done) || c.SleepUntil(time.Hour*2, done) {
			t.Error("a closed done channel did not end the sleep")
		}
	})
}
