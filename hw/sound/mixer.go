package sound

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/bits"
	"sync"
	"time"

	"github.com/gopxl/beep/v2"

	"github.com/falling-table/falling/hw"
)

// MaxVoices bounds how many cues may be scheduled or sounding at once. The
// dealer schedules a beat or two ahead; thousands of cues mean a runaway
// caller, and refusing them keeps the audio thread's work bounded.
const MaxVoices = 256

// knee is where the limiter starts to bend the mix. Every cue peaks below
// it on its own (see cueNotes), so only overlaps are ever touched.
const knee = 0.7

// ErrTooManyCues is wrapped by Play when MaxVoices cues are pending.
var ErrTooManyCues = errors.New("too many cues scheduled")

// ErrClosed is wrapped by Play on a closed sink.
var ErrClosed = errors.New("sound closed")

// Stats counts what a Mixer did.
type Stats struct {
	Played  uint64        // cues accepted by Play
	Late    uint64        // of those, scheduled before the stream position: started at once
	MaxLate time.Duration // the latest of the late ones
	Limited uint64        // output samples the limiter bent (overlapping cues)
	Voices  int           // cues scheduled or sounding now
}

// Mixer is an endless beep.Streamer of cues placed at exact sample
// positions. Sample p of the stream belongs to time t0 + p/rate on the
// table's clock, so a cue scheduled at time at starts at sample
// round((at-t0)·rate) whatever size the buffers are pulled in: onsets are
// sample-accurate and the beat cannot drift.
//
// Play may be called from any goroutine while the stream is being pulled.
type Mixer struct {
	sr   beep.SampleRate
	bank *bank

	mu      sync.Mutex
	t0      time.Duration
	pos     int64 // samples streamed so far
	voices  []voice
	stats   Stats
	lastLog int64 // stream position of the last late-cue log line
}

type voice struct {
	cue   hw.Cue
	start int64 // stream sample of the cue's first sample
}

// NewMixer returns a Mixer at sample rate sr whose sample 0 is at time t0.
func NewMixer(sr beep.SampleRate, t0 time.Duration) (*Mixer, error) {
	if sr < 8000 || sr > 384000 {
		return nil, fmt.Errorf("new mixer: sample rate %d Hz out of range", sr)
	}
	b, err := newBank(sr)
	if err != nil {
		return nil, fmt.Errorf("new mixer: %w", err)
	}
	return &Mixer{sr: sr, bank: b, t0: t0, voices: make([]voice, 0, MaxVoices)}, nil
}

// SampleRate returns the stream's sample rate.
func (m *Mixer) SampleRate() beep.SampleRate { return m.sr }

// Play schedules cue c at time at. A time whose sample has already been
// streamed starts the cue at the next sample streamed; that is counted in
// Stats.Late and logged, because a late cue means the caller scheduled too
// close to the output's latency.
func (m *Mixer) Play(c hw.Cue, at time.Duration) error {
	if c < 0 || c >= hw.NumCues {
		return fmt.Errorf("play %v: %w", c, ErrUnknownCue)
	}
	m.mu.Lock()
	if len(m.voices) >= MaxVoices {
		m.mu.Unlock()
		return fmt.Errorf("play %v at %v: %w (%d)", c, at, ErrTooManyCues, MaxVoices)
	}
	start := sampleAt(at-m.t0, m.sr)
	var late time.Duration
	logLate := false
	if start < m.pos {
		late = durationOf(m.pos-start, m.sr)
		start = m.pos
		m.stats.Late++
		m.stats.MaxLate = max(m.stats.MaxLate, late)
		// One line a second of stream at most: a misconfigured latency
		// makes every beat late and must not flood the log.
		if m.stats.Late == 1 || m.pos-m.lastLog >= int64(m.sr) {
			logLate = true
			m.lastLog = m.pos
		}
	}
	m.voices = append(m.voices, voice{cue: c, start: start})
	m.stats.Played++
	count := m.stats.Late
	m.mu.Unlock()
	if logLate {
		slog.Warn("sound: cue scheduled in the past, played at once",
			"cue", c, "at", at, "late", late, "late_total", count)
	}
	return nil
}

// Stream mixes the cues sounding in the next len(samples) samples. It never
// drains and never allocates.
func (m *Mixer) Stream(samples [][2]float64) (int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(samples)
	start := m.pos
	end := start + int64(len(samples))
	live := m.voices[:0]
	for _, v := range m.voices {
		data := m.bank[v.cue]
		vend := v.start + int64(len(data))
		if v.start < end {
			from, to := max(v.start, start), min(vend, end)
			dst := samples[from-start : to-start]
			for i, x := range data[from-v.start : to-v.start] {
				dst[i][0] += float64(x)
			}
		}
		if vend > end {
			live = append(live, v)
		}
	}
	m.voices = live
	for i := range samples {
		x := samples[i][0]
		if x > knee || x < -knee {
			x = limit(x)
			m.stats.Limited++
		}
		samples[i] = [2]float64{x, x}
	}
	m.pos = end
	return len(samples), true
}

// Err is always nil: a Mixer cannot fail once built.
func (m *Mixer) Err() error { return nil }

// Position returns how many samples have been streamed.
func (m *Mixer) Position() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.pos
}

// Origin returns t0, the time of sample 0.
func (m *Mixer) Origin() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.t0
}

// SetOrigin moves the time of sample 0 to t0. Cues already scheduled keep
// their samples; later ones are placed against the new origin. A speaker
// uses it to follow its sound card's crystal (see aligner).
func (m *Mixer) SetOrigin(t0 time.Duration) {
	m.mu.Lock()
	m.t0 = t0
	m.mu.Unlock()
}

// Horizon returns the time of the next sample to be streamed: a cue
// scheduled before it is late.
func (m *Mixer) Horizon() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.t0 + durationOf(m.pos, m.sr)
}

// Ringing returns how many more samples the cues that have already started
// need to finish; cues still in the future are not counted.
func (m *Mixer) Ringing() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for _, v := range m.voices {
		if v.start < m.pos {
			n = max(n, v.start+int64(len(m.bank[v.cue]))-m.pos)
		}
	}
	return n
}

// Stats returns the counters so far.
func (m *Mixer) Stats() Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.stats
	s.Voices = len(m.voices)
	return s
}

// limit bends |x| above the knee smoothly towards 1 (a tanh with slope 1 at
// the knee), so a pile of overlapping cues gets louder without ever going
// past full scale, where 16-bit output would clip hard or wrap.
func limit(x float64) float64 {
	const room = 1 - knee
	if x > 0 {
		return knee + room*math.Tanh((x-knee)/room)
	}
	return -knee - room*math.Tanh((-x-knee)/room)
}

// sampleAt returns round(d·sr) exactly, d in nanoseconds: the 128-bit
// product cannot overflow however long the night runs, and rounding is
// half away from zero so a time and its negation are symmetric.
func sampleAt(d time.Duration, sr beep.SampleRate) int64 {
	neg := d < 0
	u := uint64(d)
	if neg {
		u = uint64(-d)
	}
	hi, lo := bits.Mul64(u, uint64(sr))
	lo, carry := bits.Add64(lo, uint64(time.Second/2), 0)
	hi += carry
	q, _ := bits.Div64(hi, lo, uint64(time.Second))
	if neg {
		return -int64(q)
	}
	return int64(q)
}

// durationOf is the time of n samples, rounded to the nanosecond.
func durationOf(n int64, sr beep.SampleRate) time.Duration {
	hi, lo := bits.Mul64(uint64(n), uint64(time.Second))
	lo, carry := bits.Add64(lo, uint64(sr)/2, 0)
	hi += carry
	q, _ := bits.Div64(hi, lo, uint64(sr))
	return time.Duration(q)
}
