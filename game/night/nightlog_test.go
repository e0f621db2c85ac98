package night

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/hw"
)

// A damaged night index used to refuse every later hand its log ("PLAY LOG
// DEAD … refusing to cut"), the hand played with none. The night sets it
// aside, untouched, starts a new one, says so, and logs every hand; review
// lists the whole night in order.
func TestNightSetsADamagedIndexAside(t *testing.T) {
	cases := []struct {
		name   string
		damage func(t *testing.T, idx []byte, dir string) []byte
	}{
		{"a flipped byte mid-index", func(t *testing.T, idx []byte, _ string) []byte {
			b := bytes.Clone(idx)
			b[len(b)/2] ^= 0x40
			return b
		}},
		{"a hand log in its place", func(t *testing.T, _ []byte, dir string) []byte {
			b, err := os.ReadFile(filepath.Join(dir, playlog.HandFile("0001")))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}},
		{"not a log at all", func(*testing.T, []byte, string) []byte { return []byte("hello, not an index\n") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, _, err := simNight(t, 2, dir, 5); err != nil {
				t.Fatal(err)
			}
			idx := filepath.Join(dir, playlog.IndexFile)
			good, err := os.ReadFile(idx)
			if err != nil {
				t.Fatal(err)
			}
			bad := c.damage(t, good, dir)
			if err := os.WriteFile(idx, bad, 0o644); err != nil {
				t.Fatal(err)
			}

			s, err := Resolve(nil, Overrides{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 2, LogDir: dir, Out: &out},
				NewSimTable(SimOptions{Settings: s, Seed: 6}))
			if err != nil {
				t.Fatal(err)
			}
			var got []HandResult
			if err := n.Run(context.Background(), func(r HandResult) { got = append(got, r) }); err != nil {
				t.Fatalf("the night stopped: %v", err)
			}
			for _, r := range got {
				h, err := playlog.Read(r.Log)
				if err != nil || !h.Ended || len(h.Problems) > 0 {
					t.Errorf("hand %d's log %q: %v, problems %q", r.N, r.Log, err, h.Problems)
				}
			}
			aside := idx + ".damaged-1"
			kept, err := os.ReadFile(aside)
			if err != nil || !bytes.Equal(kept, bad) {
				t.Errorf("the damaged index is not kept as it was in %s: %v", aside, err)
			}
			if !strings.Contains(out.String(), "kept as "+aside) {
				t.Errorf("the table is not told: %q", out.String())
			}

			night, err := playlog.ReadNight(dir)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, h := range night.Hands {
				ids = append(ids, fmt.Sprintf("%s:%v", h.ID, h.Ended))
				if h.Hand == nil {
					t.Errorf("hand %s not read: %v", h.ID, h.Err)
				}
			}
			if want := "0001:true 0002:true 0003:true 0004:true"; strings.Join(ids, " ") != want {
				t.Errorf("review lists %q, want %q", strings.Join(ids, " "), want)
			}
			if len(night.Problems) != 1 || !strings.Contains(night.Problems[0], "night.idx.damaged-1") {
				t.Errorf("problems %q, want one naming the index set aside", night.Problems)
			}
		})
	}
}

// A second night on the same log folder used to be caught only when its
// first hand ended ("close hand 0002: open night index: … log is open for
// writing elsewhere"), its hand mixed into the first night's. It is
// refused before it deals, and the folder is left as it was.
func TestSecondNightOnAFolderIsRefused(t *testing.T) {
	dir := t.TempDir()
	first, err := playlog.OpenNight(dir, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 1, LogDir: dir},
		NewSimTable(SimOptions{Settings: s, Seed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	err = n.Run(context.Background(), func(HandResult) { played++ })
	if !errors.Is(err, playlog.ErrNightInUse) || !strings.Contains(err.Error(), dir) {
		t.Errorf("the second night: %v, want ErrNightInUse naming %s", err, dir)
	}
	hands, _ := filepath.Glob(filepath.Join(dir, "hand-*"))
	if played != 0 || len(hands) != 0 {
		t.Errorf("the second night played %d hands, left %v", played, hands)
	}
}

// NextHand makes the resume table a Table the night plays on: the same
// devices every hand, the dealer on its virtual clock.
func (t *resumeTable) NextHand(int, []int) (*Hand, error) {
	return &Hand{Hardware: t.hw, Deck: t.cfg.Game.Deck, Cards: t.cfg.Cards,
		Run: func(ctx context.Context, d *dealer.Dealer) (dealer.Result, error) { return d.RunStepped(ctx, t.clk) }}, nil
}

// A clean stop (q, Ctrl-C, SIGTERM) mid-hand used to log the hand's end
// with no winner: review said "No winner … hand over" and --resume found
// nothing to carry on. The hand is left unfinished, review shows it so,
// and the next night's --resume carries it on to its end in the same log.
func TestNightStoppedMidHandCanBeResumed(t *testing.T) {
	dir := t.TempDir()
	s, err := Resolve(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	night := func(tbl *resumeTable, resume bool, out *bytes.Buffer) *Night {
		n, err := New(Config{Settings: s, Seats: []int{1, 2, 3, 4}, Dealer: 1, Hands: 1, LogDir: dir, Resume: resume, Out: out,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, tbl)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	first := newResumeTable()
	first.panel.ControlAt(hw.ControlConfirm, time.Second) // the dealer confirms the fallers ready
	first.scan(3*time.Second, nil)
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("SIGTERM")
	first.clk.At(14500*time.Millisecond, func() { cancel(stop) })
	if err := night(first, false, nil).Run(ctx, nil); err == nil || ctx.Err() == nil {
		t.Fatalf("the stopped night: %v (stopped %v)", err, ctx.Err())
	}

	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(n.Hands) != 1 || n.Hands[0].Hand == nil {
		t.Fatalf("the night after the stop: %+v", n.Hands)
	}
	h := n.Hands[0].Hand
	if n.Hands[0].Ended || h.Ended {
		t.Errorf("the stopped hand is ended (index %v, log %v): it cannot be resumed", n.Hands[0].Ended, h.Ended)
	}
	var text bytes.Buffer
	if err := review.Text(&text, review.Analyze(h, review.Options{})); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Unfinished: the log stops at") || !strings.Contains(text.String(), "note: suspended: the table was stopped before the hand ended") {
		t.Errorf("review of the stopped hand:\n%s", text.String())
	}
	taken := map[string]bool{}
	for _, e := range h.Entries {
		if e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan {
			taken[e.Event.Card] = true
		}
	}

	again := newResumeTable()
	again.panel.ControlAt(hw.ControlConfirm, 2*time.Second) // to go on
	again.scan(6*time.Second, func(id string) bool { return taken[id] })
	for i := range 5 { // the audit: each seat, the discard pile, the deck
		again.panel.ControlAt(hw.ControlConfirm, time.Duration(30+i)*time.Second)
	}
	var out bytes.Buffer
	var got []HandResult
	if err := night(again, true, &out).Run(context.Background(), func(r HandResult) { got = append(got, r) }); err != nil {
		t.Fatalf("the resumed night: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "resuming hand 0001") {
		t.Errorf("the resume says %q", out.String())
	}
	n, err = playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(n.Hands) != 1 || !n.Hands[0].Ended || n.Hands[0].Winner == 0 || got[0].Log != filepath.Join(dir, n.Hands[0].File) {
		t.Errorf("after the resume: played %+v; the night %+v", got, n.Hands)
	}
	if len(n.Problems) > 0 || len(n.Hands[0].Hand.Problems) > 0 {
		t.Errorf("problems: %q %q", n.Problems, n.Hands[0].Hand.Problems)
	}
	// The referee reads why the hand was resumed: a stop, not a power cut.
	said := ""
	for _, e := range n.Hands[0].Hand.Entries {
		if e.Kind == playlog.KindNote && strings.HasPrefix(e.Note, "resumed after") {
			said = e.Note
		}
	}
	if !strings.HasPrefix(said, "resumed after the table was stopped") {
		t.Errorf("the resumed hand's log says %q", said)
	}
}
