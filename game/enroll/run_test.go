package enroll

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// syncBuffer is an io.Writer the test reads while Run writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRunOnSimulatedTable enrolls a small deck on the simulated table and
// checks after every step what the file holds, what was said, lit and heard.
func TestRunOnSimulatedTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := hwtest.NewVirtual(time.Second)
		reader := hwtest.NewReader(clk, nil)
		lights := hwtest.NewLights(clk)
		sound := hwtest.NewSound(clk)
		panel := hwtest.NewPanel(clk)
		path := filepath.Join(t.TempDir(), "deck.txt")
		keys := make(chan string)
		var out syncBuffer

		s := NewSession(&deckfile.Deck{}, Plan{{game.Hit, 2}, {game.Stop, 0}, {game.Ground, 1}}, nil)
		errc := make(chan error, 1)
		go func() {
			errc <- Run(t.Context(), s, Table{Reader: reader, Lights: lights, Seats: []int{1, 2}, Sound: sound, Clock: clk, Panel: panel},
				Options{Save: func(d *deckfile.Deck) error { return deckfile.Write(path, d) }, Out: &out, Keys: keys})
		}()
		synctest.Wait()

		steps := []struct {
			name  string
			do    func()
			cards int    // in the file afterwards
			says  string // the last line printed
			light hw.Pattern
			cue   hw.Cue
		}{
			{"start", func() {}, -1, "[Hit 0/2] now the Hits: scan each of the 2 Hit cards", lightWaiting, hw.CueAccent},
			{"a Hit", func() { reader.ScanAt(hwtest.Tag(1), clk.Now()) }, 1, "[Hit 1/2] Hit 1 enrolled (" + hwtest.Tag(1).String() + ")", lightAccepted, hw.CueDealHere},
			{"it again", func() { reader.ScanAt(hwtest.Tag(1), clk.Now()) }, 1, "[Hit 1/2] refused: this card is already enrolled as Hit 1", lightRefused, hw.CueWarning},
			{"reader lost", func() { reader.GoneAt(clk.Now(), errors.New("i2c: no ACK")) }, 1, "the card reader stopped answering (i2c: no ACK)", lightRefused, hw.CueWarning},
			{"reader back", func() { reader.BackAt(clk.Now()) }, 1, "the card reader is back", lightWaiting, hw.CueWarning},
			{"the last Hit", func() { reader.ScanAt(hwtest.Tag(2), clk.Now()) }, 2, "[Stop 0] now the Stops: scan each Stop card, then press Enter", lightWaiting, hw.CueAccent},
			{"a Stop", func() { reader.ScanAt(hwtest.Tag(3), clk.Now()) }, 3, "[Stop 1] Stop 1 enrolled", lightAccepted, hw.CueDealHere},
			{"Enter", func() { keys <- "" }, 3, "[Ground 0/1] now the Grounds", lightWaiting, hw.CueAccent},
			{"a bank card", func() { reader.ScanAt(mustUID(t, "08:01:02:03"), clk.Now()) }, 3, "[Ground 0/1] refused: tag 08:01:02:03 has a 4-byte UID", lightRefused, hw.CueWarning},
			{"the Ground", func() { reader.ScanAt(hwtest.Tag(4), clk.Now()) }, 4, "Ground 1 enrolled (" + hwtest.Tag(4).String() + "); that is every Ground; deck complete: 4 cards (2 Hit, 1 Stop, 1 Ground)", hw.Pattern{}, hw.CueWin},
		}
		for _, st := range steps {
			st.do()
			clk.Advance(time.Second)
			synctest.Wait()
			if st.cards >= 0 {
				d, err := deckfile.Read(path)
				if err != nil {
					t.Fatalf("%s: %v", st.name, err)
				}
				if len(d.Cards) != st.cards {
					t.Errorf("%s: the file has %d cards, want %d", st.name, len(d.Cards), st.cards)
				}
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, st.says) {
				t.Errorf("%s: said %q, want %q", st.name, last, st.says)
			}
			for _, seat := range []int{1, 2} {
				if got := lights.Now(seat); got != st.light {
					t.Errorf("%s: seat %d shows %+v, want %+v", st.name, seat, got, st.light)
				}
			}
			if p := sound.Played(); len(p) == 0 || p[len(p)-1].Cue != st.cue {
				t.Errorf("%s: last cue %v, want %v", st.name, p, st.cue)
			}
		}
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		if got := lights.Now(1); got != (hw.Pattern{}) {
			t.Errorf("lights left %+v after Run", got)
		}
		if n := sound.Count(hw.CueDealHere); n != 4 {
			t.Errorf("%d accept cues for 4 cards", n)
		}
	})
}

func TestRunPanelEndsTurn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := hwtest.NewVirtual(0)
		reader := hwtest.NewReader(clk, nil)
		panel := hwtest.NewPanel(clk)
		var saved int
		s := NewSession(&deckfile.Deck{}, Plan{{game.Anvil, 0}, {game.Chute, 0}}, nil)
		errc := make(chan error, 1)
		go func() {
			errc <- Run(t.Context(), s, Table{Reader: reader, Panel: panel},
				Options{Save: func(*deckfile.Deck) error { saved++; return nil }})
		}()
		reader.ScanAt(hwtest.Tag(1), 1*time.Second)
		panel.ControlAt(hw.ControlPause, 2*time.Second) // not a turn's end
		panel.ControlAt(hw.ControlSkip, 3*time.Second)
		reader.ScanAt(hwtest.Tag(2), 4*time.Second)
		panel.ControlAt(hw.ControlConfirm, 5*time.Second)
		for i := 1; i <= 5; i++ {
			clk.AdvanceTo(time.Duration(i) * time.Second)
			synctest.Wait()
		}
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		if got := Summary(s.Deck()); got != "2 cards (1 Anvil, 1 Chute)" || saved != 2 {
			t.Errorf("deck %s after %d saves", got, saved)
		}
	})
}

func TestRunStops(t *testing.T) {
	t.Run("save fails", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			clk := hwtest.NewVirtual(0)
			reader := hwtest.NewReader(clk, nil)
			sound := hwtest.NewSound(clk)
			var out syncBuffer
			s := NewSession(&deckfile.Deck{}, Plan{{game.Hit, 12}}, nil)
			errc := make(chan error, 1)
			go func() {
				errc <- Run(t.Context(), s, Table{Reader: reader, Sound: sound, Clock: clk},
					Options{Out: &out, Save: func(*deckfile.Deck) error { return errors.New("read-only file system") }})
			}()
			reader.ScanAt(hwtest.Tag(1), time.Second)
			clk.AdvanceTo(time.Second)
			synctest.Wait()
			err := <-errc
			if err == nil || !strings.Contains(err.Error(), "saving Hit 1: read-only file system") {
				t.Errorf("Run = %v", err)
			}
			if !strings.Contains(out.String(), "Hit 1 was NOT saved") || sound.Count(hw.CueDealHere) != 0 || sound.Count(hw.CueWarning) != 1 {
				t.Errorf("an unsaved card was shown as in: %q, %v", out.String(), sound.Played())
			}
		})
	})
	t.Run("interrupted", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			clk := hwtest.NewVirtual(0)
			ctx, cancel := context.WithCancel(t.Context())
			errc := make(chan error, 1)
			go func() {
				errc <- Run(ctx, NewSession(&deckfile.Deck{}, Plan{{game.Hit, 12}}, nil), Table{Reader: hwtest.NewReader(clk, nil)},
					Options{Save: func(*deckfile.Deck) error { return nil }})
			}()
			synctest.Wait()
			cancel()
			if err := <-errc; !errors.Is(err, context.Canceled) {
				t.Errorf("Run = %v, want context.Canceled", err)
			}
		})
	})
	for _, tt := range []struct {
		name string
		t    Table
		o    Options
		want string
	}{
		{"no reader", Table{}, Options{Save: func(*deckfile.Deck) error { return nil }}, "no card reader"},
		{"sound without clock", Table{Reader: hwtest.NewReader(hwtest.NewVirtual(0), nil), Sound: hwtest.NewSound(hwtest.NewVirtual(0))},
			Options{Save: func(*deckfile.Deck) error { return nil }}, "sound needs a clock"},
		{"no save", Table{Reader: hwtest.NewReader(hwtest.NewVirtual(0), nil)}, Options{}, "nowhere to save"},
	} {
		err := Run(context.Background(), NewSession(&deckfile.Deck{}, Plan{{game.Hit, 1}}, nil), tt.t, tt.o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Run = %v, want %q", tt.name, err, tt.want)
		}
	}
}
