package sound

import (
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/gopxl/beep/v2"

	"github.com/falling-table/falling/hw"
)

func TestSampleAt(t *testing.T) {
	tests := []struct {
		d    time.Duration
		sr   beep.SampleRate
		want int64
	}{
		{0, 44100, 0},
		{250 * time.Millisecond, 44100, 11025},
		{time.Second / 7, 48000, 6857},               // 6857.14
		{3 * time.Second / 7, 48000, 20571},          // 20571.43
		{11337, 44100, 0},                            // 0.49998 of a sample
		{11338, 44100, 1},                            // 0.50001 of a sample
		{-11338, 44100, -1},                          // symmetric about zero
		{48 * time.Hour, 192000, 48 * 3600 * 192000}, // would overflow int64 before dividing
	}
	for _, tt := range tests {
		if got := sampleAt(tt.d, tt.sr); got != tt.want {
			t.Errorf("sampleAt(%v, %d) = %d, want %d", tt.d, tt.sr, got, tt.want)
		}
	}
}

// stream pulls n samples from m in buffers of size chunk.
func stream(m *Mixer, n, chunk int) []float64 {
	out := make([]float64, 0, n)
	buf := make([][2]float64, chunk)
	for len(out) < n {
		k := min(chunk, n-len(out))
		m.Stream(buf[:k])
		for _, s := range buf[:k] {
			out = append(out, s[0])
		}
	}
	return out
}

func TestMixerOnsetsIndependentOfBufferSize(t *testing.T) {
	const sr = 48000
	t0 := 5*time.Hour + 123456789
	schedule := []struct {
		cue hw.Cue
		at  time.Duration
	}{
		{hw.CueAccent, t0},
		{hw.CueTick, t0 + time.Second/7},
		{hw.CueDealHere, t0 + 2*time.Second/7},
		{hw.CueGround, t0 + 3*time.Second/7 + 13},
	}
	var ref []float64
	for _, chunk := range []int{1, 7, 441, 512, 4096, 48000} {
		m, err := NewMixer(sr, t0)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range schedule {
			if err := m.Play(s.cue, s.at); err != nil {
				t.Fatal(err)
			}
		}
		got := stream(m, sr, chunk)
		for _, s := range schedule {
			p := sampleAt(s.at-t0, sr)
			if p > 0 && got[p-1] != 0 || got[p] == 0 {
				t.Errorf("chunk %d: %v at %v: onset not at sample %d", chunk, s.cue, s.at-t0, p)
			}
		}
		if ref == nil {
			ref = got
			continue
		}
		for i := range ref {
			if got[i] != ref[i] {
				t.Fatalf("chunk %d: sample %d = %g, with 1-sample buffers %g", chunk, i, got[i], ref[i])
			}
		}
	}
}

func TestMixerOverlapSumsAndLimits(t *testing.T) {
	const sr beep.SampleRate = 44100
	tests := []struct {
		name  string
		cues  []hw.Cue
		at    []int // sample offsets
		below bool  // whether the sum stays under the knee everywhere
	}{
		{"tick over warning", []hw.Cue{hw.CueWarning, hw.CueTick}, []int{0, 100}, true},
		{"deal-here over skip", []hw.Cue{hw.CueSkip, hw.CueDealHere}, []int{0, 3000}, true},
		{"accent on tick", []hw.Cue{hw.CueTick, hw.CueAccent}, []int{0, 0}, false},
		{"every cue four times at once", func() []hw.Cue {
			var cs []hw.Cue
			for range 4 {
				for c := range hw.NumCues {
					cs = append(cs, c)
				}
			}
			return cs
		}(), make([]int, 4*int(hw.NumCues)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewMixer(sr, 0)
			if err != nil {
				t.Fatal(err)
			}
			const n = int(sr) // one second covers every cue
			sum := make([]float64, n)
			for i, c := range tt.cues {
				at := sr.D(tt.at[i]) + time.Microsecond // inside the sample, away from rounding
				if err := m.Play(c, at); err != nil {
					t.Fatal(err)
				}
				s, err := render64(c, sr)
				if err != nil {
					t.Fatal(err)
				}
				for j, x := range s {
					sum[tt.at[i]+j] += x
				}
			}
			got := stream(m, n, 512)
			bent := 0
			for i := range got {
				x, s := got[i], sum[i]
				if math.Abs(s) <= knee {
					if x != s {
						t.Fatalf("sample %d: %g, want the exact sum %g", i, x, s)
					}
					continue
				}
				bent++
				if math.Abs(x) >= 1 || (x < 0) != (s < 0) || math.Abs(x) > math.Abs(s) || math.Abs(x) < knee {
					t.Fatalf("sample %d: sum %g limited to %g", i, s, x)
				}
			}
			if tt.below != (bent == 0) {
				t.Errorf("%d samples over the knee, want below=%v", bent, tt.below)
			}
			if st := m.Stats(); st.Limited != uint64(bent) || st.Played != uint64(len(tt.cues)) || st.Voices != 0 {
				t.Errorf("stats %+v, want %d limited, %d played, 0 voices", st, bent, len(tt.cues))
			}
		})
	}
}

func TestMixerLateCue(t *testing.T) {
	const sr = 44100
	t0 := time.Hour
	m, err := NewMixer(sr, t0)
	if err != nil {
		t.Fatal(err)
	}
	stream(m, sr/2, 512) // half a second has gone out
	if h := m.Horizon(); h != t0+500*time.Millisecond {
		t.Fatalf("horizon %v, want %v", h, t0+500*time.Millisecond)
	}
	// One cue late within the stream, one from before the stream began.
	if err := m.Play(hw.CueTick, t0+200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := m.Play(hw.CueWarning, 0); err != nil {
		t.Fatal(err)
	}
	got := stream(m, 1000, 100)
	tick, err := render64(hw.CueTick, sr)
	if err != nil {
		t.Fatal(err)
	}
	warn, err := render64(hw.CueWarning, sr)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if want := tick[i] + warn[i]; got[i] != want {
			t.Fatalf("sample %d after the late cues: %g, want both at once %g", i, got[i], want)
		}
	}
	st := m.Stats()
	if st.Late != 2 || st.MaxLate != t0+500*time.Millisecond {
		t.Errorf("stats %+v, want 2 late, the latest by %v", st, t0+500*time.Millisecond)
	}
}

func TestMixerPlayErrors(t *testing.T) {
	m, err := NewMixer(44100, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Play(hw.NumCues, 0); !errors.Is(err, ErrUnknownCue) {
		t.Errorf("unknown cue: %v, want %v", err, ErrUnknownCue)
	}
	for i := range MaxVoices {
		if err := m.Play(hw.CueTick, time.Duration(i)*time.Second); err != nil {
			t.Fatalf("cue %d: %v", i, err)
		}
	}
	if err := m.Play(hw.CueTick, time.Hour); !errors.Is(err, ErrTooManyCues) {
		t.Errorf("cue %d: %v, want %v", MaxVoices+1, err, ErrTooManyCues)
	}
	if _, err := NewMixer(100, 0); err == nil {
		t.Error("NewMixer at 100 Hz: no error")
	}
}

// TestMixerConcurrentPlay is for -race: the dealer plays cues while the
// card's thread pulls.
func TestMixerConcurrentPlay(t *testing.T) {
	const sr = 44100
	m, err := NewMixer(sr, 0)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if err := m.Play(hw.Cue((g+i)%int(hw.NumCues)), time.Duration(i)*10*time.Millisecond); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	buf := make([][2]float64, 256)
	for range 200 {
		m.Stream(buf)
		for _, s := range buf {
			if math.Abs(s[0]) > 1 || s[0] != s[1] {
				t.Fatalf("sample %v out of range or channels differ", s)
			}
		}
	}
	wg.Wait()
	if st := m.Stats(); st.Played != 200 {
		t.Errorf("played %d, want 200", st.Played)
	}
}

// BenchmarkMixer8Overlapping keeps 8 long cues sounding at once and pulls
// 512-sample buffers, as a speaker would.
func BenchmarkMixer8Overlapping(b *testing.B) {
	const sr, chunk, voices = 48000, 512, 8
	m, err := NewMixer(sr, 0)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([][2]float64, chunk)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i := m.Stats().Voices; i < voices; i++ {
			if err := m.Play(hw.CueWin, m.Horizon()+time.Duration(i)*time.Millisecond); err != nil {
				b.Fatal(err)
			}
		}
		m.Stream(buf)
	}
	b.ReportMetric(float64(b.N*chunk)/b.Elapsed().Seconds(), "samples/s")
	b.ReportMetric(float64(b.N*chunk)/b.Elapsed().Seconds()/sr, "x-realtime")
}
