package dealer_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/wav"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
	"github.com/falling-table/falling/hw/sound"
)

// bufferedWAV is a WAV recording that behaves like a speaker with lead of
// sound already in the card's buffer: every Play first renders that far
// ahead, so a cue asked for later than lead before its time is late.
type bufferedWAV struct {
	*sound.WAV
	clk  hw.Clock
	lead time.Duration
}

func (w bufferedWAV) Lead() time.Duration { return w.lead }

func (w bufferedWAV) Play(c hw.Cue, at time.Duration) error {
	if err := w.RenderTo(w.clk.Now() + w.lead); err != nil {
		return err
	}
	return w.WAV.Play(c, at)
}

// TestBeatCuesAreSampleAccurate: "The beat: scheduled against absolute time
// (t0 + n·period); sample-accurate in the audio stream". The dealer wakes
// early by the sound's lead, so each beat's cue is scheduled at the beat's
// exact time and starts at exactly round((t-t0)·rate) in the recording.
func TestBeatCuesAreSampleAccurate(t *testing.T) {
	for _, c := range []struct {
		name string
		lead time.Duration
		rate int
	}{
		{"no lead (a sink that renders as the clock goes)", 0, 44100},
		{"a 40 ms speaker buffer", 40 * time.Millisecond, 48000},
		{"a 17 ms speaker buffer", 17 * time.Millisecond, 44100},
	} {
		t.Run(c.name, func(t *testing.T) {
			clk := hwtest.NewVirtual(0)
			path := filepath.Join(t.TempDir(), "beat.wav")
			w, err := sound.NewWAV(path, clk, sound.WAVOptions{SampleRate: beep.SampleRate(c.rate)})
			if err != nil {
				t.Fatal(err)
			}
			log := &memLog{}
			deck := game.NewDeck(game.DeckSpec{Move: true})
			// Strict mode and no reader: the beat keeps time with nobody
			// dealing, ramping its tempo, so periods vary.
			d, err := dealer.New(dealer.Config{
				Hand: "beat", Dealer: 1, Game: game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck},
				Tempo: dealer.Tempo{Start: 100, RampEvery: 3, RampBy: 7, Max: 173},
				Mode:  config.Strict, CountIn: 4, StopWindow: time.Second,
				Wall: func() time.Time { return time.Unix(0, 0) },
			}, dealer.Hardware{Clock: clk, Sound: bufferedWAV{w, clk, c.lead}}, log)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			clk.At(8*time.Second, cancel)
			if _, err := d.RunStepped(ctx, clk); !errors.Is(err, context.Canceled) {
				t.Fatalf("run: %v", err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			beats := log.kind(playlog.KindBeat)
			if st := w.Stats(); st.Late != 0 || st.Played == 0 {
				t.Fatalf("stats %+v: a beat's cue was late", st)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			s, format, err := wav.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			var samples []float64
			buf := make([][2]float64, 4096)
			for {
				n, ok := s.Stream(buf)
				for _, x := range buf[:n] {
					samples = append(samples, x[0])
				}
				if !ok {
					break
				}
			}
			var onsets []int
			zeros := int(format.SampleRate) / 500 // 2 ms of silence before an onset
			for i, x := range samples {
				if x == 0 {
					zeros++
					continue
				}
				if zeros >= int(format.SampleRate)/500 {
					onsets = append(onsets, i)
				}
				zeros = 0
			}
			var want []int
			for _, b := range beats {
				if b.Note == "" { // the strict mode's "not dealt yet" entries repeat a beat
					want = append(want, int((int64(b.Kernel)*int64(format.SampleRate)+int64(time.Second)/2)/int64(time.Second)))
				}
			}
			if len(want) < 10 || len(onsets) != len(want) {
				t.Fatalf("%d onsets for %d beats", len(onsets), len(want))
			}
			for i := range want {
				if onsets[i] != want[i] {
					t.Fatalf("beat %d at sample %d, want %d", i+1, onsets[i], want[i])
				}
			}
		})
	}
}
