package sound

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/effects"
	"github.com/gopxl/beep/v2/generators"

	"github.com/falling-table/falling/hw"
)

// ErrUnknownCue is wrapped by errors about a cue outside hw's list.
var ErrUnknownCue = errors.New("unknown cue")

// wave makes an endless tone; it has the signature of beep's generators.
type wave func(sr beep.SampleRate, freq float64) (beep.Streamer, error)

// note is one enveloped tone inside a cue.
type note struct {
	wave   wave
	freq   float64 // Hz
	level  float64 // peak amplitude, before the envelope
	at     time.Duration
	attack time.Duration
	length time.Duration // attack included
	// decay shapes the fall after the attack: 0 is linear, larger is a
	// faster, more percussive fall. The gain always reaches 0 at the end,
	// so a cue ends without a click.
	decay float64
}

// Levels are chosen so that every cue peaks below the limiter's knee: a cue
// on its own is never bent, and only overlaps are limited.
var cueNotes = [hw.NumCues][]note{
	// A short, bright click that does not tire the ear at 10 beats a second.
	hw.CueTick: {
		{generators.SineTone, 1800, 0.32, 0, ms(1), ms(30), 6},
		{generators.SineTone, 3600, 0.08, 0, ms(1), ms(30), 6},
	},
	// Higher, louder and a little longer than the tick, so the first beat
	// of a pass stands out while still reading as "a beat".
	hw.CueAccent: {
		{generators.SineTone, 2400, 0.38, 0, ms(1), ms(50), 5},
		{generators.SineTone, 1200, 0.12, 0, ms(1), ms(50), 5},
		{generators.SineTone, 4800, 0.06, 0, ms(1), ms(50), 5},
	},
	// Two rising notes: "here".
	hw.CueDealHere: {
		{generators.SineTone, 988, 0.30, 0, ms(2), ms(45), 3},
		{generators.SineTone, 1319, 0.30, ms(40), ms(2), ms(55), 4},
	},
	// Two falling notes with a gap: "move on".
	hw.CueSkip: {
		{generators.SineTone, 1319, 0.30, 0, ms(2), ms(40), 5},
		{generators.SineTone, 880, 0.30, ms(60), ms(2), ms(50), 5},
	},
	// Low and long: a Ground knocks a player out and must not be mistaken
	// for any beat. The square adds harmonics so that a small speaker,
	// which cannot reproduce 82 Hz, still sounds it.
	hw.CueGround: {
		{generators.SineTone, 82.41, 0.30, 0, ms(8), ms(650), 3},
		{generators.SineTone, 164.8, 0.15, 0, ms(8), ms(650), 3},
		{generators.SquareTone, 82.41, 0.10, 0, ms(8), ms(650), 3},
	},
	// A ringing major chord: settled, final.
	hw.CueStop: {
		{generators.SineTone, 523.3, 0.25, 0, ms(3), ms(300), 4},
		{generators.SineTone, 784.0, 0.20, 0, ms(3), ms(300), 4},
		{generators.SineTone, 1047, 0.10, 0, ms(3), ms(300), 4},
	},
	// Three pulses of two square waves a semitone apart: a harsh, beating
	// buzz that nothing else in the game sounds like.
	hw.CueWarning: {
		{generators.SquareTone, 415.3, 0.12, 0, ms(2), ms(90), 1},
		{generators.SquareTone, 440.0, 0.12, 0, ms(2), ms(90), 1},
		{generators.SquareTone, 415.3, 0.12, ms(120), ms(2), ms(90), 1},
		{generators.SquareTone, 440.0, 0.12, ms(120), ms(2), ms(90), 1},
		{generators.SquareTone, 415.3, 0.12, ms(240), ms(2), ms(90), 1},
		{generators.SquareTone, 440.0, 0.12, ms(240), ms(2), ms(90), 1},
	},
	// A rising arpeggio, C E G C, the last note left to ring.
	hw.CueWin: {
		{generators.SineTone, 523.3, 0.30, 0, ms(3), ms(150), 3},
		{generators.SineTone, 659.3, 0.30, ms(100), ms(3), ms(150), 3},
		{generators.SineTone, 784.0, 0.30, ms(200), ms(3), ms(150), 3},
		{generators.SineTone, 1047, 0.30, ms(300), ms(3), ms(450), 3},
	},
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// bank holds every cue rendered once at one sample rate: mixing then costs
// one add per sample and voice, and no allocation while the stream plays.
type bank [hw.NumCues][]float32

func newBank(sr beep.SampleRate) (*bank, error) {
	var b bank
	for c := range hw.NumCues {
		s, err := render(c, sr)
		if err != nil {
			return nil, err
		}
		b[c] = s
	}
	return &b, nil
}

// render synthesizes cue c at sample rate sr, mono. Its first sample is
// never zero, so an onset can be found exactly in a recording, and its last
// samples fade to zero, so it ends without a click. It stores the cue as
// float32: half the memory on a 512 MB Pi, and still far finer than the
// 16-bit output.
func render(c hw.Cue, sr beep.SampleRate) ([]float32, error) {
	if c < 0 || c >= hw.NumCues {
		return nil, fmt.Errorf("render %v: %w", c, ErrUnknownCue)
	}
	if sr <= 0 {
		return nil, fmt.Errorf("render %v: sample rate %d", c, sr)
	}
	notes := cueNotes[c]
	total := 0
	parts := make([]beep.Streamer, 0, len(notes))
	for i, n := range notes {
		s, end, err := n.streamer(sr)
		if err != nil {
			return nil, fmt.Errorf("render %v note %d: %w", c, i, err)
		}
		total = max(total, end)
		parts = append(parts, s)
	}
	buf := make([][2]float64, total)
	mix := beep.Mix(parts...)
	for got := 0; got < total; {
		n, ok := mix.Stream(buf[got:])
		got += n
		if !ok {
			break
		}
	}
	out := make([]float32, total)
	for i := range buf {
		out[i] = float32(buf[i][0])
	}
	return out, nil
}

// streamer returns the note placed at its offset, and the sample where it
// ends.
func (n note) streamer(sr beep.SampleRate) (beep.Streamer, int, error) {
	gen, err := n.wave(sr, n.freq)
	if err != nil {
		return nil, 0, fmt.Errorf("%.1f Hz at %d Hz: %w", n.freq, sr, err)
	}
	// beep's sine starts at phase 0, a zero sample; skipping a quarter
	// period starts it near its peak so the cue's onset is a non-zero
	// sample (the attack keeps that from clicking).
	if skip := int(math.Round(float64(sr) / n.freq / 4)); skip > 0 {
		gen.Stream(make([][2]float64, skip))
	}
	at := sr.N(n.at)
	length := sr.N(n.length)
	attack := max(1, min(sr.N(n.attack), length-1))
	fall := length - attack
	env := beep.Seq(
		// The ramp starts one step above zero, never at zero.
		effects.Transition(beep.Take(attack, gen), attack, 1/float64(attack+1), 1, effects.TransitionLinear),
		effects.Transition(beep.Take(fall, gen), fall, 1, 0, expFall(n.decay)),
	)
	s := beep.Seq(generators.Silence(at), &effects.Gain{Streamer: env, Gain: n.level - 1})
	return s, at + length, nil
}

// expFall is an exponential decay normalized to fall from 1 to exactly 0,
// written as the progress of a transition from gain 1 to gain 0.
func expFall(k float64) effects.TransitionFunc {
	if k <= 0 {
		return effects.TransitionLinear
	}
	floor := math.Exp(-k)
	return func(p float64) float64 {
		return 1 - (math.Exp(-k*p)-floor)/(1-floor)
	}
}
