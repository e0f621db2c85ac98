package sound

import (
	"errors"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

func TestSilentRecords(t *testing.T) {
	clk := hwtest.NewManual(10 * time.Second)
	s := NewSilent(clk)
	plays := []struct {
		cue  hw.Cue
		at   time.Duration
		want Played
	}{
		{hw.CueAccent, 11 * time.Second, Played{hw.CueAccent, 11 * time.Second, 11 * time.Second, false}},
		{hw.CueGround, 10 * time.Second, Played{hw.CueGround, 10 * time.Second, 10 * time.Second, false}},
		{hw.CueWarning, 9 * time.Second, Played{hw.CueWarning, 9 * time.Second, 10 * time.Second, true}},
	}
	for _, p := range plays {
		if err := s.Play(p.cue, p.at); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Play(hw.NumCues, 0); !errors.Is(err, ErrUnknownCue) {
		t.Errorf("unknown cue: %v, want %v", err, ErrUnknownCue)
	}
	got := s.Played()
	if len(got) != len(plays) {
		t.Fatalf("recorded %v", got)
	}
	for i, p := range plays {
		if got[i] != p.want {
			t.Errorf("record %d: %+v, want %+v", i, got[i], p.want)
		}
	}
	if st := s.Stats(); st.Played != 3 || st.Late != 1 {
		t.Errorf("stats %+v, want 3 played, 1 late", st)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Play(hw.CueTick, 0); !errors.Is(err, ErrClosed) {
		t.Errorf("Play after Close: %v, want %v", err, ErrClosed)
	}
}

func TestSilentKeepsTheLatest(t *testing.T) {
	s := NewSilent(nil)
	const n = keepPlayed + 10
	for i := range n {
		if err := s.Play(hw.CueTick, time.Duration(i)); err != nil {
			t.Fatal(err)
		}
	}
	got := s.Played()
	if len(got) != keepPlayed {
		t.Fatalf("kept %d, want %d", len(got), keepPlayed)
	}
	for i, p := range got {
		if want := time.Duration(n - keepPlayed + i); p.At != want || p.Late {
			t.Fatalf("record %d: %+v, want at %v, not late", i, p, want)
		}
	}
	if st := s.Stats(); st.Played != n {
		t.Errorf("counted %d, want %d", st.Played, n)
	}
}
