package sound

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/wav"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// readWAV decodes a whole file with beep's decoder: the left channel, and
// the format.
func readWAV(t testing.TB, path string) ([]float64, beep.Format) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s, format, err := wav.Decode(f)
	if err != nil {
		t.Fatalf("beep cannot decode %s: %v", path, err)
	}
	defer s.Close()
	out := make([]float64, 0, s.Len())
	buf := make([][2]float64, 4096)
	for {
		n, ok := s.Stream(buf)
		for _, x := range buf[:n] {
			out = append(out, x[0])
		}
		if !ok {
			break
		}
	}
	if err := s.Err(); err != nil {
		t.Fatalf("decoding %s: %v", path, err)
	}
	if len(out) != s.Len() {
		t.Fatalf("decoded %d samples, header says %d", len(out), s.Len())
	}
	return out, format
}

// onsets returns the first non-zero sample after every run of at least gap
// zero samples (and the first non-zero sample of the file).
func onsets(s []float64, gap int) []int {
	var out []int
	zeros := gap
	for i, x := range s {
		if x == 0 {
			zeros++
			continue
		}
		if zeros >= gap {
			out = append(out, i)
		}
		zeros = 0
	}
	return out
}

// TestWAVBeatOnsets plays a beat on a virtual clock the way the dealer does
// (each cue scheduled a little ahead of its time, against t0 + n·period) and
// finds every onset in the file at exactly round(n·period·rate).
func TestWAVBeatOnsets(t *testing.T) {
	tests := []struct {
		name     string
		sr       beep.SampleRate
		channels int
		// The tempo is num beats per den seconds, so periods that are not
		// a whole number of nanoseconds or samples stay exact.
		num, den int64
		beats    int64
	}{
		{"240/min 44.1 kHz mono", 44100, 1, 4, 1, 240},
		{"240/min 48 kHz stereo", 48000, 2, 4, 1, 240},
		{"7/s 44.1 kHz mono", 44100, 1, 7, 1, 420},
		{"7/s 48 kHz stereo (6857.14 samples a beat)", 48000, 2, 7, 1, 420},
		{"173/min 44.1 kHz mono (15294.8 samples a beat)", 44100, 1, 173, 60, 173},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			t0 := 3*time.Hour + 123456789
			clk := hwtest.NewManual(t0)
			path := filepath.Join(t.TempDir(), "beat.wav")
			w, err := NewWAV(path, clk, WAVOptions{SampleRate: tt.sr, Channels: tt.channels})
			if err != nil {
				t.Fatal(err)
			}
			const lead = 37 * time.Millisecond
			for n := range tt.beats {
				at := t0 + time.Duration((n*tt.den*int64(time.Second)+tt.num/2)/tt.num)
				// The first beat is at the recording's start: it cannot be
				// scheduled ahead, so the clock stays at t0 for it.
				clk.Set(max(at-lead, t0))
				cue := hw.CueTick
				if n%8 == 0 {
					cue = hw.CueAccent
				}
				if err := w.Play(cue, at); err != nil {
					t.Fatal(err)
				}
				// Render at odd times too, as a real clock would.
				if n%5 == 0 {
					if err := w.RenderTo(at - lead/3); err != nil {
						t.Fatal(err)
					}
				}
			}
			clk.Set(t0 + time.Duration(tt.beats*tt.den)*time.Second/time.Duration(tt.num))
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if st := w.Stats(); st.Late != 0 || st.Played != uint64(tt.beats) {
				t.Errorf("stats %+v, want %d played, none late", st, tt.beats)
			}
			s, format := readWAV(t, path)
			if format.SampleRate != tt.sr || format.NumChannels != tt.channels || format.Precision != 2 {
				t.Fatalf("format %+v", format)
			}
			got := onsets(s, int(tt.sr)/500) // 2 ms of silence
			if int64(len(got)) != tt.beats {
				t.Fatalf("%d onsets, want %d", len(got), tt.beats)
			}
			for n, p := range got {
				// round(n·den/num·rate), in integers.
				want := (2*int64(n)*tt.den*int64(tt.sr) + tt.num) / (2 * tt.num)
				if int64(p) != want {
					t.Fatalf("beat %d starts at sample %d, want %d", n, p, want)
				}
			}
		})
	}
}

func TestWAVLateCuePlaysAtOnce(t *testing.T) {
	const sr = 44100
	t0 := time.Minute
	clk := hwtest.NewManual(t0)
	path := filepath.Join(t.TempDir(), "late.wav")
	w, err := NewWAV(path, clk, WAVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	plays := []struct {
		now, at time.Duration
		want    int // sample
	}{
		{t0 + time.Second, t0 + 500*time.Millisecond, sr},                      // late: at now
		{t0 + 2*time.Second, 0, 2 * sr},                                        // before the recording began
		{t0 + 3*time.Second, t0 + 3*time.Second, 3 * sr},                       // on time, at now
		{t0 + 3*time.Second, t0 + 4*time.Second, 4 * sr},                       // ahead
		{t0 + 5*time.Second, t0 + 5*time.Second - 20*time.Microsecond, 5 * sr}, // 0.88 of a sample late
	}
	for _, p := range plays {
		clk.Set(p.now)
		if err := w.Play(hw.CueTick, p.at); err != nil {
			t.Fatal(err)
		}
	}
	clk.Set(t0 + 6*time.Second)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if st := w.Stats(); st.Late != 3 {
		t.Errorf("%d late, want 3", st.Late)
	}
	s, _ := readWAV(t, path)
	got := onsets(s, sr/500)
	if len(got) != len(plays) {
		t.Fatalf("onsets %v, want %d", got, len(plays))
	}
	for i, p := range plays {
		if got[i] != p.want {
			t.Errorf("cue %d (at %v, played at %v): onset %d, want %d", i, p.at-t0, p.now-t0, got[i], p.want)
		}
	}
}

// TestWAVOverlapNeverWraps stacks every cue several times: the 16-bit file
// must hold the limited mix, never a sum wrapped around to the other sign.
func TestWAVOverlapNeverWraps(t *testing.T) {
	const sr = 48000
	clk := hwtest.NewManual(0)
	path := filepath.Join(t.TempDir(), "pile.wav")
	w, err := NewWAV(path, clk, WAVOptions{SampleRate: sr, Channels: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum := make([]float64, sr)
	for k := range 4 {
		for c := range hw.NumCues {
			at := time.Duration(k) * 3 * time.Millisecond
			if err := w.Play(c, at); err != nil {
				t.Fatal(err)
			}
			r, err := render64(c, sr)
			if err != nil {
				t.Fatal(err)
			}
			for i, x := range r {
				sum[int(sampleAt(at, sr))+i] += x
			}
		}
	}
	clk.Set(time.Second)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, _ := readWAV(t, path)
	loud := 0
	for i, want := range sum {
		got := s[i]
		if math.Abs(want) <= knee {
			if math.Abs(got-want) > lsb {
				t.Fatalf("sample %d: %g, want the sum %g", i, got, want)
			}
			continue
		}
		loud++
		if (got < 0) != (want < 0) || math.Abs(got) < knee-lsb || math.Abs(got) >= 1 {
			t.Fatalf("sample %d: sum %g written as %g", i, want, got)
		}
	}
	if loud == 0 {
		t.Fatal("the pile never went over the knee: the test proves nothing")
	}
}

func TestWAVFinalHeader(t *testing.T) {
	tests := []struct {
		sr       beep.SampleRate
		channels int
	}{{44100, 1}, {44100, 2}, {48000, 1}, {48000, 2}}
	for _, tt := range tests {
		clk := hwtest.NewManual(time.Hour)
		path := filepath.Join(t.TempDir(), "close.wav")
		w, err := NewWAV(path, clk, WAVOptions{SampleRate: tt.sr, Channels: tt.channels})
		if err != nil {
			t.Fatal(err)
		}
		clk.Set(time.Hour + 700*time.Millisecond)
		// A ground started just before Close must ring out in the file;
		// a cue still in the future never sounded and is left out.
		if err := w.Play(hw.CueGround, time.Hour+800*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := w.Play(hw.CueWin, time.Hour+2*time.Second); err != nil {
			t.Fatal(err)
		}
		clk.Set(time.Hour + time.Second)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
		if err := w.Play(hw.CueTick, 0); !errors.Is(err, ErrClosed) {
			t.Errorf("Play after Close: %v, want %v", err, ErrClosed)
		}
		ground, err := render64(hw.CueGround, tt.sr)
		if err != nil {
			t.Fatal(err)
		}
		s, format := readWAV(t, path)
		want := int(sampleAt(800*time.Millisecond, tt.sr)) + len(ground)
		if format.SampleRate != tt.sr || format.NumChannels != tt.channels || len(s) != want {
			t.Errorf("%d Hz × %d: decoded %+v, %d samples; want %d", tt.sr, tt.channels, format, len(s), want)
		}
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Size() != int64(wavHeaderSize+want*2*tt.channels) {
			t.Errorf("file is %d bytes, want %d", info.Size(), wavHeaderSize+want*2*tt.channels)
		}
	}
}

// TestWAVFollowsClock checks that the file keeps up with the clock with no
// cue played, so a crash mid-game leaves a playable recording.
func TestWAVFollowsClock(t *testing.T) {
	clk := hwtest.NewManual(0)
	path := filepath.Join(t.TempDir(), "follow.wav")
	w, err := NewWAV(path, clk, WAVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	clk.Set(time.Second)
	// The samples are flushed first and the header's sizes rewritten after
	// (so a crash between leaves a shorter, still valid file): wait for
	// the header, not just the file's size.
	const want = 44100 * 2
	deadline := time.Now().Add(5 * time.Second)
	for {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(raw) >= wavHeaderSize && binary.LittleEndian.Uint32(raw[40:44]) == want {
			if len(raw) != wavHeaderSize+want {
				t.Fatalf("header says %d bytes of samples, the file has %d", want, len(raw)-wavHeaderSize)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("file is %d bytes a second in, want %d", len(raw), wavHeaderSize+want)
		}
		time.Sleep(time.Millisecond)
	}
	// The header is rewritten with the data: the file decodes as it is.
	if s, _ := readWAV(t, path); len(s) != 44100 {
		t.Errorf("decoded %d samples mid-recording, want 44100", len(s))
	}
}

func TestNewWAVErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		cfg  WAVOptions
		clk  hw.Clock
	}{
		{"22 kHz", filepath.Join(dir, "a.wav"), WAVOptions{SampleRate: 22050}, hwtest.NewManual(0)},
		{"3 channels", filepath.Join(dir, "b.wav"), WAVOptions{Channels: 3}, hwtest.NewManual(0)},
		{"no clock", filepath.Join(dir, "c.wav"), WAVOptions{}, nil},
		{"no directory", filepath.Join(dir, "missing", "d.wav"), WAVOptions{}, hwtest.NewManual(0)},
	}
	for _, tt := range tests {
		if _, err := NewWAV(tt.path, tt.clk, tt.cfg); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// BenchmarkWAVRender measures recording one second of 48 kHz stereo with a
// beat in it: the cost of the WAV sink per second of game.
func BenchmarkWAVRender(b *testing.B) {
	clk := hwtest.NewManual(0)
	w, err := NewWAV(filepath.Join(b.TempDir(), "bench.wav"), clk, WAVOptions{SampleRate: 48000, Channels: 2})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	b.ReportAllocs()
	var sec time.Duration
	for b.Loop() {
		for i := range 4 {
			if err := w.mix.Play(hw.CueTick, sec+time.Duration(i)*250*time.Millisecond); err != nil {
				b.Fatal(err)
			}
		}
		sec += time.Second
		w.mu.Lock()
		err := w.renderTo(sec)
		w.mu.Unlock()
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "game-s/s")
}

// TestWAVLatency: with a latency configured, the click of a beat at time t
// starts in the stream at t less the latency, to the sample, so that after
// the output's delay it is heard at t. The dealer schedules each beat Lead
// ahead, which must leave no cue late.
func TestWAVLatency(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sr      beep.SampleRate
		latency time.Duration
	}{
		{"Pi audio out, 44.1 kHz", 44100, 12 * time.Millisecond},
		{"PipeWire, 48 kHz", 48000, 47*time.Millisecond + 333*time.Microsecond},
		{"Bluetooth, 44.1 kHz", 44100, 230 * time.Millisecond},
		{"none", 48000, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t0 := 2*time.Hour + 987654321
			clk := hwtest.NewManual(t0)
			path := filepath.Join(t.TempDir(), "beat.wav")
			w, err := NewWAV(path, clk, WAVOptions{SampleRate: tc.sr, Latency: tc.latency})
			if err != nil {
				t.Fatal(err)
			}
			if w.Lead() != tc.latency {
				t.Errorf("Lead() = %v, want the latency %v", w.Lead(), tc.latency)
			}
			const period, beats = 500 * time.Millisecond, 12
			var want []int
			for n := range beats {
				at := t0 + time.Second + time.Duration(n)*period // the first beat after the latency
				clk.Set(at - w.Lead() - time.Millisecond)        // as the dealer wakes: early by Lead
				if err := w.Play(hw.CueTick, at); err != nil {
					t.Fatal(err)
				}
				want = append(want, int(sampleAt(at-tc.latency-t0, tc.sr)))
			}
			clk.Set(t0 + time.Second + beats*period)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if st := w.Stats(); st.Late != 0 || st.Played != beats {
				t.Errorf("stats %+v, want %d played, none late", st, beats)
			}
			s, _ := readWAV(t, path)
			got := onsets(s, int(tc.sr)/500)
			if len(got) != beats {
				t.Fatalf("%d onsets, want %d", len(got), beats)
			}
			for n := range got {
				if got[n] != want[n] {
					t.Errorf("beat %d: first sample at %d, want %d (beat time less %v)", n, got[n], want[n], tc.latency)
				}
			}
		})
	}
}

// TestWAVLatencyLate: a cue asked for less than the latency ahead cannot
// go into the stream early enough; it plays at once and is counted late.
func TestWAVLatencyLate(t *testing.T) {
	clk := hwtest.NewManual(time.Hour)
	w, err := NewWAV(filepath.Join(t.TempDir(), "late.wav"), clk, WAVOptions{Latency: 40 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	clk.Set(time.Hour + time.Second)
	if err := w.Play(hw.CueTick, clk.Now()+30*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if st := w.Stats(); st.Late != 1 || st.MaxLate < 9*time.Millisecond || st.MaxLate > 11*time.Millisecond {
		t.Errorf("stats %+v, want one cue about 10ms late", st)
	}
	if _, err := NewWAV(filepath.Join(t.TempDir(), "neg.wav"), clk, WAVOptions{Latency: -time.Millisecond}); err == nil {
		t.Error("a negative latency was accepted")
	}
}
