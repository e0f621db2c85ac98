//go:build alsa

package sound

import (
	"fmt"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/speaker"
)

const soundSupport = true

// openDevice starts beep's speaker on the default ALSA device, pulling from
// s, and returns how to stop it.
func openDevice(sr beep.SampleRate, bufferSamples int, s beep.Streamer) (func(), error) {
	if err := speaker.Init(sr, bufferSamples); err != nil {
		return nil, fmt.Errorf("init %d Hz, %d-sample buffer: %w", sr, bufferSamples, err)
	}
	speaker.Play(s)
	return speaker.Close, nil
}
