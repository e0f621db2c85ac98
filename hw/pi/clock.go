package pi

import "github.com/falling-table/falling/hw/clock"

// Clock is the table's CLOCK_MONOTONIC clock, clock.Monotonic. It is an
// alias kept only while cmd/falling still calls NewClock; new code uses
// package clock directly. Remove both once cmd/falling is switched.
type Clock = clock.Monotonic

// NewClock is clock.New, kept for cmd/falling until it is switched.
func NewClock() (Clock, error) { return clock.New() }
