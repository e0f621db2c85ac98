// Package sound makes the dealer's cues audible: synthesized cues (pure Go,
// beep), a Mixer that places each cue at the exact sample of its scheduled
// time, and sinks implementing hw.Sound: a speaker (ALSA, behind the alsa
// build tag), a WAV recording driven by the table's clock, and a silent one.
package sound

import (
	"fmt"
	"strings"
	"time"

	"github.com/falling-table/falling/hw"
)

// Options are a sink's settings beyond its device.
type Options struct {
	// Latency is the output's delay from a sample leaving this program to
	// it being heard: ALSA's and PipeWire's buffers, the DAC and amplifier,
	// far more over Bluetooth. Every sink places a cue this much earlier in
	// its stream than the time it is scheduled for, so that it is heard at
	// that time, and asks for it that much earlier (Lead). It is measured
	// at the table with falling doctor --sound.
	Latency time.Duration
}

// Open returns the sink named by device, with no latency (OpenWith).
func Open(device string, clk hw.Clock) (hw.Sound, error) {
	return OpenWith(device, clk, Options{})
}

// OpenWith returns the sink named by device:
//
//	"none"                 Silent: no sound
//	"wav:/path/file.wav"   a WAV recording (44.1 kHz, mono, 16-bit)
//	"default"              the sound card that is ALSA's default
//	"alsa:NAME"            the ALSA device NAME (aplay -L lists them), for
//	                       when ALSA's default is not the card: on desktop
//	                       images it is PipeWire, which a system service
//	                       cannot reach
//
// A speaker's error wraps ErrNoSoundSupport (built without the alsa tag)
// or ErrNoDevice (no card), so the caller can fall back to "none".
func OpenWith(device string, clk hw.Clock, o Options) (hw.Sound, error) {
	if o.Latency < 0 {
		return nil, fmt.Errorf("sound device %q: negative latency %v", device, o.Latency)
	}
	switch {
	case device == "none":
		return NewSilent(clk), nil
	case strings.HasPrefix(device, "wav:"):
		path := strings.TrimPrefix(device, "wav:")
		if path == "" {
			return nil, fmt.Errorf("sound device %q: no file name", device)
		}
		w, err := NewWAV(path, clk, WAVOptions{Latency: o.Latency})
		if err != nil {
			return nil, fmt.Errorf("sound device %q: %w", device, err)
		}
		return w, nil
	case device == "default", strings.HasPrefix(device, "alsa:"):
		name := strings.TrimPrefix(device, "alsa:")
		if name == "" {
			return nil, fmt.Errorf("sound device %q: no ALSA device name", device)
		}
		s, err := NewSpeaker(clk, SpeakerOptions{Latency: o.Latency, ALSA: name})
		if err != nil {
			return nil, fmt.Errorf("sound device %q: %w", device, err)
		}
		return s, nil
	}
	return nil, fmt.Errorf("sound device %q: want none, default, alsa:NAME or wav:/path/file.wav", device)
}
