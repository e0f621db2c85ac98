//go:build !alsa

package sound

import (
	"errors"
	"testing"

	"github.com/falling-table/falling/hw/hwtest"
)

func TestSpeakerWithoutALSA(t *testing.T) {
	s, err := NewSpeaker(hwtest.NewManual(0), SpeakerOptions{})
	if s != nil || !errors.Is(err, ErrNoSoundSupport) {
		t.Fatalf("NewSpeaker = %v, %v; want nil, %v", s, err, ErrNoSoundSupport)
	}
	if want := "built without sound support; rebuild with -tags alsa"; !errors.Is(err, ErrNoSoundSupport) || ErrNoSoundSupport.Error() != want {
		t.Errorf("error %q, want it to say %q", err, want)
	}
}
