package sound

import (
	"errors"
	"math"
	"testing"

	"github.com/gopxl/beep/v2"

	"github.com/falling-table/falling/hw"
)

// render64 is render in float64, the precision the tests measure in.
func render64(c hw.Cue, sr beep.SampleRate) ([]float64, error) {
	s, err := render(c, sr)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(s))
	for i, x := range s {
		out[i] = float64(x)
	}
	return out, nil
}

// lsb is one step of 16-bit output.
const lsb = 1.0 / 32768

type cueShape struct {
	length    int     // samples
	peak      float64 // largest |x|
	crossings float64 // zero crossings a second: a rough pitch
}

func shape(s []float64, sr beep.SampleRate) cueShape {
	var sh cueShape
	sh.length = len(s)
	n := 0
	for i, x := range s {
		sh.peak = max(sh.peak, math.Abs(x))
		if i > 0 && (x < 0) != (s[i-1] < 0) {
			n++
		}
	}
	sh.crossings = float64(n) / (float64(len(s)) / float64(sr))
	return sh
}

func TestRenderCues(t *testing.T) {
	for _, sr := range []beep.SampleRate{44100, 48000} {
		shapes := make(map[hw.Cue]cueShape)
		for c := range hw.NumCues {
			s, err := render64(c, sr)
			if err != nil {
				t.Fatalf("render64(%v, %d): %v", c, sr, err)
			}
			sh := shape(s, sr)
			shapes[c] = sh
			if sh.peak < 0.2 {
				t.Errorf("%v at %d Hz: peak %.3f, too quiet", c, sr, sh.peak)
			}
			if sh.peak >= knee {
				t.Errorf("%v at %d Hz: peak %.3f reaches the limiter's knee %.2f on its own", c, sr, sh.peak, knee)
			}
			// The onset must survive 16-bit truncation so recordings show it
			// at its exact sample.
			if math.Abs(s[0]) < 2*lsb {
				t.Errorf("%v at %d Hz: first sample %g is (nearly) zero", c, sr, s[0])
			}
			// A soft first and last sample: no click.
			if math.Abs(s[0]) > 0.02 {
				t.Errorf("%v at %d Hz: first sample %.4f clicks", c, sr, s[0])
			}
			if last := s[len(s)-1]; math.Abs(last) > 0.002 {
				t.Errorf("%v at %d Hz: last sample %.4f clicks", c, sr, last)
			}
		}
		for a := range hw.NumCues {
			for b := a + 1; b < hw.NumCues; b++ {
				sa, sb := shapes[a], shapes[b]
				sameLen := math.Abs(float64(sa.length-sb.length)) < 0.05*float64(sa.length)
				samePitch := math.Abs(sa.crossings-sb.crossings) < 0.1*sa.crossings
				if sameLen && samePitch {
					t.Errorf("%d Hz: %v and %v sound alike: %+v, %+v", sr, a, b, sa, sb)
				}
			}
		}
		g := shapes[hw.CueGround]
		for c, sh := range shapes {
			if c == hw.CueGround {
				continue
			}
			if sh.crossings <= g.crossings {
				t.Errorf("%d Hz: ground (%.0f crossings/s) is not lower than %v (%.0f)", sr, g.crossings, c, sh.crossings)
			}
			if c != hw.CueWin && sh.length >= g.length {
				t.Errorf("%d Hz: ground (%d samples) is not longer than %v (%d)", sr, g.length, c, sh.length)
			}
		}
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name string
		cue  hw.Cue
		sr   beep.SampleRate
		want error
	}{
		{"negative cue", -1, 44100, ErrUnknownCue},
		{"past the last cue", hw.NumCues, 44100, ErrUnknownCue},
		{"no sample rate", hw.CueTick, 0, nil},
		{"rate too low for the tone", hw.CueAccent, 4000, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := render64(tt.cue, tt.sr)
			if err == nil {
				t.Fatal("no error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
}

// BenchmarkNewMixer is the start-up cost of rendering every cue, and the
// memory the rendered cues hold.
func BenchmarkNewMixer(b *testing.B) {
	b.ReportAllocs()
	var m *Mixer
	for b.Loop() {
		var err error
		if m, err = NewMixer(48000, 0); err != nil {
			b.Fatal(err)
		}
	}
	size := 0
	for _, s := range m.bank {
		size += 4 * len(s)
	}
	b.ReportMetric(float64(size), "bank-bytes")
}
