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

// TestSpeakerLatency drives the pull path with a latency configured: a cue
// scheduled Lead ahead is not late, and its first sample is pulled at its
// time less the latency, so that it is heard on its time.
func TestSpeakerLatency(t *testing.T) {
	const sr, chunk = 48000, 480
	const latency = 80 * time.Millisecond
	start := time.Hour
	clk := hwtest.NewManual(start)
	mix, err := NewMixer(sr, start+latency)
	if err != nil {
		t.Fatal(err)
	}
	s := &Speaker{mix: mix, clk: clk, buffer: 20 * time.Millisecond, latency: latency,
		al: newAligner(sr, latency), pulling: make(chan struct{}), stop: func() {}}
	if s.Lead() != 40*time.Millisecond+latency {
		t.Errorf("Lead() = %v, want two buffers and the latency", s.Lead())
	}
	buf := make([][2]float64, chunk)
	s.pull(buf) // the card's first pull, at start: sample 0 leaves now
	at := clk.Now() + s.Lead()
	if err := s.Play(hw.CueTick, at); err != nil {
		t.Fatal(err)
	}
	first := -1
	for k := 1; first < 0 && k < sr/chunk; k++ {
		clk.Set(start + time.Duration(k*chunk)*time.Second/sr)
		s.pull(buf)
		for i, x := range buf {
			if x[0] != 0 {
				first = k*chunk + i
				break
			}
		}
	}
	// The first pull's samples are 0..chunk-1; sample p leaves at
	// start + p/rate and is heard latency later.
	if want := int(sampleAt(at-latency-start, sr)); first != want {
		t.Errorf("the cue's first sample is stream sample %d, want %d (its time less %v)", first, want, latency)
	}
	if st := s.Stats(); st.Late != 0 {
		t.Errorf("stats %+v: a cue scheduled Lead ahead was late", st)
	}
}
