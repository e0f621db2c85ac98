package dealer

import (
	"fmt"
	"time"
)

// Tempo is the dealer's pace in cards a minute, and how it ramps: "the
// tempo can ramp up toward the Grounds".
type Tempo struct {
	Start float64 // cards a minute at the first card
	// RampBy cards a minute are added every RampEvery cards dealt, up to Max
	// (0: no cap but MaxTempo).
	RampEvery int
	RampBy    float64
	Max       float64
	// Over the last RiseLast cards before the Grounds the tempo rises in a
	// straight line to RiseTo.
	RiseLast int
	RiseTo   float64
}

// Tempo limits, as the board config has them.
const (
	MinTempo = 10
	MaxTempo = 600
)

// Validate refuses a tempo that could stall or flood the table.
func (t Tempo) Validate() error {
	if t.Start < MinTempo || t.Start > MaxTempo {
		return fmt.Errorf("tempo %v cards a minute: want %d to %d", t.Start, MinTempo, MaxTempo)
	}
	if t.RampEvery < 0 || t.RiseLast < 0 {
		return fmt.Errorf("tempo ramp: negative card count")
	}
	if t.RiseLast > 0 && (t.RiseTo < MinTempo || t.RiseTo > MaxTempo) {
		return fmt.Errorf("tempo rise to %v cards a minute: want %d to %d", t.RiseTo, MinTempo, MaxTempo)
	}
	return nil
}

// At is the tempo for the next card, with dealt cards dealt so far and
// left cards still to deal before the Grounds.
func (t Tempo) At(dealt, left int) float64 {
	cpm := t.Start
	if t.RampEvery > 0 {
		cpm += float64(dealt/t.RampEvery) * t.RampBy
		hi := float64(MaxTempo)
		if t.Max > 0 {
			hi = t.Max
		}
		cpm = min(max(cpm, MinTempo), hi)
	}
	if t.RiseLast > 0 && left <= t.RiseLast {
		// left = RiseLast: the ramped tempo; left = 0: RiseTo.
		f := float64(t.RiseLast-max(left, 0)) / float64(t.RiseLast)
		cpm += (t.RiseTo - cpm) * f
	}
	return min(max(cpm, MinTempo), MaxTempo)
}

// Period is the time between two beats at the tempo At gives.
func (t Tempo) Period(dealt, left int) time.Duration {
	return time.Duration(float64(time.Minute) / t.At(dealt, left))
}
