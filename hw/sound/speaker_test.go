package sound

import (
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestSpeakerPullReanchors drives the speaker's pull path (what the card's
// thread calls) with a card whose crystal runs 200 ppm fast: the mixer's
// origin must follow it, so cues scheduled later land on the card's time.
func TestSpeakerPullReanchors(t *testing.T) {
	const sr, chunk = 48000, 480
	start := time.Hour
	clk := hwtest.NewManual(start)
	mix, err := NewMixer(sr, start)
	if err != nil {
		t.Fatal(err)
	}
	s := &Speaker{mix: mix, clk: clk, buffer: 20 * time.Millisecond, al: newAligner(sr, 0), pulling: make(chan struct{}), stop: func() {}}
	buf := make([][2]float64, chunk)
	trueRate := sr * (1 + 200e-6)
	const pulls = 60 * sr / chunk // a minute
	for k := range pulls {
		clk.Set(start + time.Duration(float64(k*chunk)/trueRate*float64(time.Second)))
		s.pull(buf)
	}
	select {
	case <-s.pulling:
	default:
		t.Error("first pull not signalled")
	}
	a := s.Alignment()
	// 200 ppm over a minute is 12 ms early.
	if a.Drift > -11*time.Millisecond || a.Drift < -13*time.Millisecond || a.Corrections == 0 {
		t.Errorf("alignment %+v, want about -12ms of drift corrected", a)
	}
	if got := mix.Origin(); got != start+a.Drift {
		t.Errorf("mixer origin %v, want %v", got, start+a.Drift)
	}
	if err := s.Play(hw.CueTick, clk.Now()+s.Lead()); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Play(hw.CueTick, clk.Now()+s.Lead()); err == nil {
		t.Error("Play after Close: no error")
	}
}
