//go:build !alsa

package sound

import "github.com/gopxl/beep/v2"

const soundSupport = false

func openDevice(beep.SampleRate, int, beep.Streamer) (func(), error) {
	return nil, ErrNoSoundSupport
}
