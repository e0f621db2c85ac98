// Package sound makes the dealer's cues audible: synthesized cues (pure Go,
// beep), a Mixer that places each cue at the exact sample of its scheduled
// time, and sinks implementing hw.Sound: a speaker (ALSA, behind the alsa
// build tag), a WAV recording driven by the table's clock, and a silent one.
package sound

import (
	"fmt"
	"strings"

	"github.com/falling-table/falling/hw"
)

// Open returns the sink named by device:
//
//	"none"                 Silent: no sound
//	"wav:/path/file.wav"   a WAV recording (44.1 kHz, mono, 16-bit)
//	"default"              the sound card; an error wrapping
//	                       ErrNoSoundSupport (built without the alsa tag)
//	                       or ErrNoDevice (no card), so the caller can fall
//	                       back to "none"
func Open(device string, clk hw.Clock) (hw.Sound, error) {
	switch {
	case device == "none":
		return NewSilent(clk), nil
	case strings.HasPrefix(device, "wav:"):
		path := strings.TrimPrefix(device, "wav:")
		if path == "" {
			return nil, fmt.Errorf("sound device %q: no file name", device)
		}
		w, err := NewWAV(path, clk, WAVConfig{})
		if err != nil {
			return nil, fmt.Errorf("sound device %q: %w", device, err)
		}
		return w, nil
	case device == "default":
		s, err := NewSpeaker(clk, SpeakerConfig{})
		if err != nil {
			return nil, fmt.Errorf("sound device %q: %w", device, err)
		}
		return s, nil
	}
	return nil, fmt.Errorf("sound device %q: want none, default or wav:/path/file.wav", device)
}
