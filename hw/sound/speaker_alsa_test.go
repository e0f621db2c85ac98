//go:build alsa

package sound

import (
	"os"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
)

// TestSpeakerOnDevice plays every cue on the real sound card, on time. It
// needs a card and a listener, so it runs only with FALLING_SOUND_TEST=1.
func TestSpeakerOnDevice(t *testing.T) {
	if os.Getenv("FALLING_SOUND_TEST") != "1" {
		t.Skip("set FALLING_SOUND_TEST=1 to play sound on the default ALSA device")
	}
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSpeaker(clk, SpeakerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	at := clk.Now() + 500*time.Millisecond
	for c := range hw.NumCues {
		if err := s.Play(c, at); err != nil {
			t.Fatal(err)
		}
		at += time.Second
	}
	clk.SleepUntil(at, nil)
	if st := s.Stats(); st.Late != 0 || st.Played != uint64(hw.NumCues) {
		t.Errorf("stats %+v, want every cue on time", st)
	}
	t.Logf("alignment %+v", s.Alignment())
}
