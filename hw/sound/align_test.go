package sound

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestAlignerFollowsCrystal simulates a sound card for an hour of play: its
// crystal runs fast or slow against the kernel clock, the thread that feeds
// it wakes late by a random scheduling delay, and sometimes it underruns.
// Wherever a cue would be placed, the speaker's sample-to-time mapping must
// stay within a millisecond of when the card really plays that sample.
func TestAlignerFollowsCrystal(t *testing.T) {
	const (
		sr     = 48000
		chunk  = 480 // the card asks for 10 ms at a time
		buffer = 960 // and holds 20 ms
		hour   = 3600 * sr
	)
	tests := []struct {
		name       string
		ppm        float64
		stallAt    time.Duration // the feeding thread blocks once, here
		stall      time.Duration // this long: an underrun
		wantNaive  float64       // at least this error without correction, ms
		wantOffset time.Duration // roughly the total correction
	}{
		{"perfect crystal", 0, 0, 0, 0, 0},
		{"crystal 100 ppm fast", 100, 0, 0, 300, -360 * time.Millisecond},
		{"crystal 100 ppm slow", -100, 0, 0, 300, 360 * time.Millisecond},
		{"60 ppm fast and an underrun", 60, 20 * time.Minute, 50 * time.Millisecond, 50, -216*time.Millisecond + 40*time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tt.ppm+1000)))
			trueRate := sr * (1 + tt.ppm*1e-6)
			perSample := float64(time.Second) / trueRate // ns
			start := 10 * time.Hour
			al := newAligner(sr, 0)
			var (
				played    []float64 // kernel time each chunk starts to play, ns
				stalled   bool
				worst     float64
				worstPull int64
				naive     float64
				base      time.Duration
			)
			for p := int64(0); p < hour; p += chunk {
				// The card asks for more once its buffer has room for a chunk.
				due := float64(start)
				if q := p - buffer + chunk; q > 0 {
					due = played[q/chunk]
				}
				var delay float64
				switch r := rng.Float64(); {
				case r < 0.7:
					delay = rng.Float64() * 0.3e6
				case r < 0.99:
					delay = rng.Float64() * 2e6
				default:
					delay = rng.Float64() * 8e6
				}
				if tt.stall > 0 && !stalled && due >= float64(start+tt.stallAt) {
					stalled = true
					delay += float64(tt.stall)
				}
				now := due + delay
				origin, _ := al.observe(p, time.Duration(now))
				if p == 0 {
					base = origin
				}
				// The card plays the chunk right after the previous one,
				// or as soon as it arrives if it starved.
				at := now
				if p > 0 {
					at = max(at, played[p/chunk-1]+chunk*perSample)
				}
				played = append(played, at)

				if p < 3*sr {
					continue // settling
				}
				if stalled && time.Duration(at) < start+tt.stallAt+3*time.Second {
					continue // recovering from the underrun
				}
				want := at
				got := float64(origin + durationOf(p, sr))
				if e := math.Abs(got - want); e > worst {
					worst, worstPull = e, p
				}
				naive = max(naive, math.Abs(float64(base+durationOf(p, sr))-want))
			}
			if worst > float64(time.Millisecond) {
				t.Errorf("worst error %.3f ms at %v of play", worst/1e6, durationOf(worstPull, sr))
			}
			if naive < tt.wantNaive*1e6 {
				t.Errorf("uncorrected error only %.1f ms, want at least %.0f: the case tests nothing", naive/1e6, tt.wantNaive)
			}
			offset := al.origin - al.base
			if d := offset - tt.wantOffset; d > 5*time.Millisecond || d < -5*time.Millisecond {
				t.Errorf("total correction %v, want about %v", offset, tt.wantOffset)
			}
			t.Logf("worst %.3f ms, uncorrected %.1f ms, %d corrections, drift %v", worst/1e6, naive/1e6, al.corrections, offset)
		})
	}
}
