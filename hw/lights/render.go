// Package lights shows each seat's pattern (off, on, blink, pulse, in a
// colour) on whatever lights the table has, through one pattern engine.
//
// Rendering is a pure function of the patterns and a time (Render), so a
// test can check the frame at any instant; Engine only decides when to
// render and write, capped at a frame rate and skipping frames that did not
// change. Drivers (GPIO pins, APA102 and WS2812 strips) only turn a frame of
// colours into bytes or levels.
package lights

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/falling-table/falling/hw"
)

// ErrBadPattern is wrapped by every error about a pattern that cannot be
// shown.
var ErrBadPattern = errors.New("bad light pattern")

// checkPattern rejects what Render could not draw.
func checkPattern(p hw.Pattern) error {
	switch p.Kind {
	case hw.Off, hw.On:
		return nil
	case hw.Blink, hw.Pulse:
		if p.Period <= 0 {
			return fmt.Errorf("%w: %v needs a period > 0, got %v", ErrBadPattern, p.Kind, p.Period)
		}
		return nil
	}
	return fmt.Errorf("%w: unknown kind %v", ErrBadPattern, p.Kind)
}

// Render returns the colour of pattern p, set at time since, at time t.
// Phases count from since, so a blink starts lit the moment it is set
// instead of wherever a table-wide wave happens to be. canDim says whether
// the light can show intermediate levels; when it cannot, a pulse is lit for
// the half of its cycle where it would be brighter than half.
func Render(p hw.Pattern, since, t time.Duration, canDim bool) hw.Color {
	switch p.Kind {
	case hw.On:
		return p.Color
	case hw.Blink:
		if p.Period > 0 && phase(since, t, p.Period) < p.Period/2 {
			return p.Color
		}
	case hw.Pulse:
		if p.Period <= 0 {
			return hw.Black
		}
		// A raised cosine: dark at the start of each cycle, full in the
		// middle, and smooth at both ends so a strip does not flicker.
		x := float64(phase(since, t, p.Period)) / float64(p.Period)
		level := (1 - math.Cos(2*math.Pi*x)) / 2
		if !canDim {
			if level >= 0.5 {
				return p.Color
			}
			return hw.Black
		}
		return scale(p.Color, uint8(math.Round(level*255)))
	}
	return hw.Black
}

func phase(since, t, period time.Duration) time.Duration {
	d := (t - since) % period
	if d < 0 {
		d += period
	}
	return d
}

// scale multiplies each channel by k/255, rounding.
func scale(c hw.Color, k uint8) hw.Color {
	f := func(v uint8) uint8 { return uint8((uint16(v)*uint16(k) + 127) / 255) }
	return hw.Color{R: f(c.R), G: f(c.G), B: f(c.B)}
}

// animated reports whether p changes over time.
func animated(p hw.Pattern) bool { return p.Kind == hw.Blink || p.Kind == hw.Pulse }
