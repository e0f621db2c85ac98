//go:build alsa

package sound

import (
	"os"
	"strings"
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
	s, err := NewSpeaker(clk, SpeakerOptions{})
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

// TestSpeakerOnNamedDevice opens the speaker on ALSA's null device through
// the alsa: setting, so the redirection of ALSA's default is tested against
// the real alsa-lib on any machine, card or none: the null device takes
// samples as a card would, and without the redirection a machine with no
// card has no "default" to open.
func TestSpeakerOnNamedDevice(t *testing.T) {
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSpeaker(clk, SpeakerOptions{ALSA: "null", Latency: 30 * time.Millisecond})
	if err != nil {
		t.Fatalf("speaker on ALSA's null device: %v", err)
	}
	defer s.Close()
	if err := s.Play(hw.CueTick, clk.Now()+s.Lead()); err != nil {
		t.Fatal(err)
	}
	clk.SleepUntil(clk.Now()+200*time.Millisecond, nil)
	if st := s.Stats(); st.Played != 1 || st.Late != 0 {
		t.Errorf("stats %+v, want the cue played on time", st)
	}
	if os.Getenv("XDG_CONFIG_HOME") != "" && strings.Contains(os.Getenv("XDG_CONFIG_HOME"), "falling-alsa-") {
		t.Errorf("XDG_CONFIG_HOME left pointing at %s", os.Getenv("XDG_CONFIG_HOME"))
	}
}
