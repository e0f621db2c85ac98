package sound

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gopxl/beep/v2"

	"github.com/falling-table/falling/hw"
)

// ErrNoSoundSupport is returned by NewSpeaker in a binary built without the
// alsa tag, so callers need no build tags of their own and can fall back to
// another sink.
var ErrNoSoundSupport = errors.New("built without sound support; rebuild with -tags alsa")

// SpeakerOptions chooses a speaker's stream.
type SpeakerOptions struct {
	SampleRate beep.SampleRate // 0 means 48000
	// Buffer is the output buffer. Small keeps the lead time a cue needs
	// short; too small underruns on a busy Pi Zero. 0 means 20 ms.
	Buffer time.Duration
	// Latency is the output's fixed delay after the first pull (ALSA and
	// PipeWire buffers beyond ours, DAC, amplifier, Bluetooth; see
	// Options.Latency). Every cue goes this much earlier into the stream,
	// and Lead grows by it. falling doctor --sound measures it.
	Latency time.Duration
	// ALSA is the ALSA device to play on; "" or "default" is ALSA's
	// default. beep's speaker (oto) always opens "default", so another
	// device is reached by making it ALSA's default for this process (see
	// redirectALSA).
	ALSA string
}

// Alignment says how the speaker's sample clock has been kept on the table's
// clock.
type Alignment struct {
	Corrections int           // times the origin was moved
	Drift       time.Duration // total shift so far: the card's crystal against CLOCK_MONOTONIC
}

// Speaker plays cues on the sound card through beep's speaker (oto, ALSA).
// Its stream is tied to the table's clock by an aligner: see aligner for how
// the sample clock is anchored to CLOCK_MONOTONIC at start and how the
// crystal's drift is corrected.
//
// A cue must be scheduled at least Lead() ahead: samples up to that far are
// already in the card's buffer, and a cue before them is late (it then
// plays at once, and is counted and logged).
//
// Only one Speaker can exist in a process: beep's speaker is global.
type Speaker struct {
	mix     *Mixer
	clk     hw.Clock
	buffer  time.Duration
	latency time.Duration

	mu      sync.Mutex // guards al, pulling and closed
	al      *aligner
	pulling chan struct{} // closed at the card's first pull
	closed  bool
	stop    func()
}

// firstPullTimeout is how long a card may take to ask for its first samples.
// beep's speaker reports a device that failed to open only inside oto, out
// of reach; a card that never pulls is how that failure shows.
const firstPullTimeout = 2 * time.Second

// ErrNoDevice is wrapped by NewSpeaker when the sound card never asks for
// samples: no ALSA device, or one that failed to open.
var ErrNoDevice = errors.New("sound card is not playing (no ALSA device?)")

// NewSpeaker opens the sound card (cfg.ALSA, or ALSA's default). Built
// without the alsa tag it returns ErrNoSoundSupport.
func NewSpeaker(clk hw.Clock, cfg SpeakerOptions) (*Speaker, error) {
	if err := checkALSAName(cfg.ALSA); err != nil {
		return nil, fmt.Errorf("speaker: %w", err)
	}
	if !soundSupport {
		return nil, fmt.Errorf("speaker: %w", ErrNoSoundSupport)
	}
	if clk == nil {
		return nil, errors.New("speaker: no clock")
	}
	if cfg.SampleRate == 0 {
		cfg.SampleRate = 48000
	}
	if cfg.Buffer == 0 {
		cfg.Buffer = 20 * time.Millisecond
	}
	if cfg.Latency < 0 {
		return nil, fmt.Errorf("speaker: negative latency %v", cfg.Latency)
	}
	mix, err := NewMixer(cfg.SampleRate, clk.Now()+cfg.Latency)
	if err != nil {
		return nil, fmt.Errorf("speaker: %w", err)
	}
	s := &Speaker{
		mix:     mix,
		clk:     clk,
		buffer:  cfg.Buffer,
		latency: cfg.Latency,
		al:      newAligner(cfg.SampleRate, cfg.Latency),
		pulling: make(chan struct{}),
	}
	restore, err := redirectALSA(cfg.ALSA)
	if err != nil {
		return nil, fmt.Errorf("speaker: %w", err)
	}
	// ALSA has read its configuration by the first pull (or given up), so
	// the redirection is undone once this returns, whichever way.
	defer restore()
	stop, err := openDevice(cfg.SampleRate, max(64, cfg.SampleRate.N(cfg.Buffer)), beep.StreamerFunc(s.pull))
	if err != nil {
		return nil, fmt.Errorf("speaker: %w", err)
	}
	s.stop = stop
	select {
	case <-s.pulling:
	case <-time.After(firstPullTimeout):
		stop()
		return nil, fmt.Errorf("speaker: %w: no samples asked for in %v", ErrNoDevice, firstPullTimeout)
	}
	slog.Info("sound: speaker open", "alsa", alsaOrDefault(cfg.ALSA), "rate", cfg.SampleRate, "buffer", cfg.Buffer, "latency", cfg.Latency)
	return s, nil
}

// pull is what the card's thread calls for samples: measure, re-anchor if
// the crystal has drifted, then mix.
func (s *Speaker) pull(samples [][2]float64) (int, bool) {
	s.mu.Lock()
	if !s.al.started {
		close(s.pulling)
	}
	origin, moved := s.al.observe(s.mix.Position(), s.clk.Now())
	s.mu.Unlock()
	if moved {
		s.mix.SetOrigin(origin)
		slog.Debug("sound: speaker re-anchored", "origin", origin)
	}
	return s.mix.Stream(samples)
}

// Play schedules c at at.
func (s *Speaker) Play(c hw.Cue, at time.Duration) error {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return fmt.Errorf("speaker: play %v: %w", c, ErrClosed)
	}
	if err := s.mix.Play(c, at); err != nil {
		return fmt.Errorf("speaker: %w", err)
	}
	return nil
}

// Lead is how far ahead of now a cue must be scheduled to be on time: the
// samples already in the card's buffer, and the latency by which every cue
// goes into the stream early.
func (s *Speaker) Lead() time.Duration { return 2*s.buffer + s.latency }

// Stats returns the mixer's counters.
func (s *Speaker) Stats() Stats { return s.mix.Stats() }

// Alignment reports the drift correction so far.
func (s *Speaker) Alignment() Alignment {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Alignment{Corrections: s.al.corrections, Drift: s.al.origin - s.al.base}
}

// Close stops playback. beep's speaker cannot be opened again afterwards.
func (s *Speaker) Close() error {
	s.mu.Lock()
	already := s.closed
	s.closed = true
	s.mu.Unlock()
	if !already {
		// Not under s.mu: stopping may wait for a pull in progress, and
		// a pull takes s.mu.
		s.stop()
	}
	return nil
}
