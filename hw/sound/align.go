package sound

import (
	"math"
	"time"

	"github.com/gopxl/beep/v2"
)

// aligner ties a sound card's sample clock to the table's clock
// (CLOCK_MONOTONIC) so that a cue scheduled at kernel time t sounds at t
// all night.
//
// At start: the card starts by pulling a buffer's worth at once and plays
// sample 0 as soon as it has it, so sample 0 is taken to sound at the time
// of the first pull plus the fixed output latency (DAC, amplifier) the
// caller configures. That fixes the origin t0 once.
//
// Drift: the card's crystal is not the kernel's. At ±50-100 ppm they part by
// up to 0.36 s an hour, so a beat placed only by counting samples would
// wander far from the lights over a game night. But the card pulls samples
// exactly as fast as its crystal plays them, so the count of samples pulled
// measures the card's clock: at every pull, d = now - pulled/rate is
// constant for a perfect crystal, and grows or shrinks by the drift
// otherwise. Each pull is delayed by a random scheduling latency that only
// ever adds to d, so the minimum of d over a window is a clean estimate of
// where the card is. When that minimum has moved from its first value by
// more than the threshold, the origin is moved by the same amount: later
// cues are placed on the card's real time line. Cues already scheduled and
// sounding are never moved, so nothing clicks; a correction is a shift of
// at most about the threshold, too small to hear as a tempo change.
//
// Error bound once settled: the threshold plus the drift over one window
// plus the smallest scheduling delay seen in a window: about 0.6 ms with
// the defaults and a 100 ppm crystal. An underrun (the card starved) makes
// d jump by the gap, and the next window moves the origin to match.
type aligner struct {
	sr        beep.SampleRate
	latency   time.Duration // fixed output latency after the first pull
	settle    int64         // samples to let pass before measuring: the first fill is not paced by the crystal
	window    int64         // samples per minimum-filter window
	threshold time.Duration // smallest correction worth making

	started bool
	origin  time.Duration // t0 in use
	base    time.Duration // t0 set at the first pull
	ref     time.Duration // the first window's minimum of d
	haveRef bool
	min     time.Duration // this window's minimum of d
	winEnd  int64

	corrections int
}

func newAligner(sr beep.SampleRate, latency time.Duration) *aligner {
	return &aligner{
		sr:        sr,
		latency:   latency,
		settle:    int64(sr) / 2,
		window:    int64(sr),
		threshold: 500 * time.Microsecond,
		min:       math.MaxInt64,
	}
}

// observe is called at every pull with the samples pulled before it and the
// clock's now. It returns the origin to use and whether it just changed.
func (a *aligner) observe(pulled int64, now time.Duration) (time.Duration, bool) {
	if !a.started {
		a.started = true
		a.origin = now + a.latency
		a.base = a.origin
		a.winEnd = a.settle + a.window
		return a.origin, true
	}
	if pulled < a.settle {
		return a.origin, false
	}
	a.min = min(a.min, now-durationOf(pulled, a.sr))
	if pulled < a.winEnd {
		return a.origin, false
	}
	m := a.min
	a.min = math.MaxInt64
	a.winEnd = pulled + a.window
	if !a.haveRef {
		a.ref, a.haveRef = m, true
		return a.origin, false
	}
	target := a.base + (m - a.ref)
	if diff := target - a.origin; diff <= a.threshold && diff >= -a.threshold {
		return a.origin, false
	}
	a.origin = target
	a.corrections++
	return a.origin, true
}
