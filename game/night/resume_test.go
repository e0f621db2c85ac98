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
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// resumeTable is a real table's devices on a virtual clock: the test plays
// the dealer, scanning cards and pressing the panel.
type resumeTable struct {
	clk    *hwtest.Virtual
	reader *hwtest.Reader
	panel  *hwtest.Panel
	hw     dealer.Hardware
	cfg    dealer.Config
}

// newResumeTable: three fallers at seats 2 to 4, seat 1 deals a deck of
// nine inert cards and two Grounds; nobody touches their cards, so the
// hand ends on Grounds landing.
func newResumeTable() *resumeTable {
	clk := hwtest.NewVirtual(0)
	var deck []game.Card
	for i := range 11 {
		k := game.Stop
		if i >= 9 {
			k = game.Ground
		}
		deck = append(deck, game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k})
	}
	tags, cards := map[string]hw.UID{}, map[hw.UID]string{}
	for i, c := range deck {
		u, err := hw.NewUID([]byte{0x04, 0x2b, byte(i), 0x7c})
		if err != nil {
			panic(err)
		}
		tags[c.ID], cards[u] = u, c.ID
	}
	t := &resumeTable{clk: clk, reader: hwtest.NewReader(clk, tags), panel: hwtest.NewPanel(clk)}
	t.hw = dealer.Hardware{Clock: clk, Lights: hwtest.NewLights(clk), Sound: hwtest.NewSound(clk), Buttons: hwtest.NewButtons(clk), Reader: t.reader, Panel: t.panel}
	t.cfg = dealer.Config{Dealer: 1, Cards: cards,
		Game:  game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck},
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, CountIn: 2, StopWindow: 1500 * time.Millisecond,
		TieWindow: 5 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return t
}

// scan deals the cards not in skip, one every two seconds from first.
func (t *resumeTable) scan(first time.Duration, skip func(id string) bool) {
	i := 0
	for _, c := range t.cfg.Game.Deck {
		if skip == nil || !skip(c.ID) {
			t.reader.ScanCardAt(c.ID, first+time.Duration(i)*2*time.Second)
			i++
		}
	}
}

func (t *resumeTable) play(tb testing.TB, log dealer.Log, cut time.Duration) (dealer.Result, error) {
	tb.Helper()
	d, err := dealer.New(t.cfg, t.hw, log)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if cut > 0 {
		t.clk.At(cut, cancel)
	}
	return d.RunStepped(ctx, t.clk)
}

// powerCut leaves in a fresh night directory what the disk held of dir's
// night when the power went: everything written so far, less the last torn
// bytes of the hand's log. The writer is then closed (on the original).
func powerCut(t *testing.T, w *playlog.Writer, torn int64) (dir, path string) {
	t.Helper()
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	for _, name := range []string{filepath.Base(w.Path()), playlog.IndexFile} {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(w.Path()), name))
		if err != nil {
			t.Fatal(err)
		}
		if name != playlog.IndexFile {
			b = b[:int64(len(b))-torn]
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	return dir, filepath.Join(dir, filepath.Base(w.Path()))
}

func digests(es []playlog.Entry) []uint64 {
	var out []uint64
	for _, e := range es {
		if e.Kind == playlog.KindApplied {
			out = append(out, e.Digest)
		}
	}
	return out
}

// TestNightResumesTheUnfinishedHand is falling play --resume at a real table after
// a power cut: the night's unfinished hand is found, its torn tail cut and
// reported, the engine replayed to where the uninterrupted hand was at the
// same entry, and the hand goes on to its end in the same file, which then
// reviews as replaying exactly.
func TestNightResumesTheUnfinishedHand(t *testing.T) {
	whole := newResumeTable()
	wholeLog := &handLog{dir: t.TempDir()}
	whole.scan(3*time.Second, nil)
	want, err := whole.play(t, wholeLog, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := wholeLog.close(want.Winner); err != nil {
		t.Fatal(err)
	}
	wh, err := playlog.Read(wholeLog.path())
	if err != nil {
		t.Fatal(err)
	}
	wantDigests := digests(wh.Entries)

	cut := newResumeTable()
	log := &handLog{dir: t.TempDir()}
	cut.scan(3*time.Second, nil)
	if _, err := cut.play(t, log, 14500*time.Millisecond); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut: %v", err)
	}
	dir, path := powerCut(t, log.w, 4)

	var out bytes.Buffer
	rh, logs, err := resumeIn(t, dir, &out)
	if err != nil || rh == nil {
		t.Fatalf("resume: %v, %v\n%s", rh, err, out.String())
	}
	for _, w := range []string{"resuming hand 0001", "torn write and were cut", "entries replayed"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the resume says %q, without %q", out.String(), w)
		}
	}
	h, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	kept := digests(h.Entries)
	if len(kept) == 0 || rh.r.Game.Digest() != wantDigests[len(kept)-1] {
		t.Fatalf("after %d decisions the resumed engine has state %016x, the uninterrupted hand %016x", len(kept), rh.r.Game.Digest(), wantDigests[len(kept)-1])
	}
	taken := map[string]bool{}
	for _, e := range h.Entries {
		if e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan {
			taken[e.Event.Card] = true
		}
	}

	// The Pi rebooted: a new clock, the same table.
	again := newResumeTable()
	resLog := rh.into(&again.cfg)
	again.panel.ControlAt(hw.ControlConfirm, 2*time.Second)
	again.scan(6*time.Second, func(id string) bool { return taken[id] })
	res, err := again.play(t, resLog, 0)
	if err != nil {
		t.Fatalf("resumed hand: %v", err)
	}
	if err := resLog.close(res.Winner); err != nil {
		t.Fatal(err)
	}
	if resLog.path() != path || res.Winner != want.Winner {
		t.Errorf("the resumed hand went to %s, seat %d won; want %s, seat %d", resLog.path(), res.Winner, path, want.Winner)
	}
	final, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, bad, err := playlog.ReplayWith(final, playlog.Hooks{}); err != nil || len(bad) != 0 {
		t.Fatalf("the resumed hand does not replay exactly: %v, %d mismatches", err, len(bad))
	}
	noted := false
	for _, e := range final.Entries {
		noted = noted || strings.Contains(e.Note, "resumed after a power cut")
	}
	if !noted {
		t.Error("the resumed hand's log does not say it was resumed after a power cut")
	}
	// The night now has its hand finished: a second --resume has nothing
	// to do.
	out.Reset()
	if err := logs.Close(); err != nil {
		t.Fatal(err)
	}
	if rh, _, err := resumeIn(t, dir, &out); rh != nil || err != nil || !strings.Contains(out.String(), "nothing to resume") {
		t.Errorf("resume of a finished night: %v, %v, %q", rh, err, out.String())
	}
}

// TestResumeNothingOrRefused: with no unfinished hand falling play starts
// a new one and says so; a hand whose log does not replay, or is damaged
// mid-file, is refused with the way to review it.
func TestResumeNothingOrRefused(t *testing.T) {
	tb := newResumeTable()
	start := playlog.Entry{Kind: playlog.KindHandStart, Start: &playlog.Start{Rules: tb.cfg.Game.Rules, Seats: tb.cfg.Game.Seats,
		Dealer: 1, Deck: tb.cfg.Game.Deck, Tempo: 60}}
	dealt := game.Scan(tb.cfg.Game.Deck[0].ID)
	cases := []struct {
		name    string
		night   func(t *testing.T) string
		refused bool
		want    []string
	}{
		{"an empty night", func(t *testing.T) string { return t.TempDir() }, false, []string{"no hand to resume", "starting a new one"}},
		{"the last hand ended", func(t *testing.T) string {
			dir := t.TempDir()
			w, err := playlog.Create(dir, start, wal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Close(2); err != nil {
				t.Fatal(err)
			}
			return dir
		}, false, []string{"ended: nothing to resume"}},
		{"a digest the replay does not reach", func(t *testing.T) string {
			w, err := playlog.Create(t.TempDir(), start, wal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Append(playlog.Entry{Kind: playlog.KindApplied, Source: playlog.FromReader, Event: &dealt, Digest: 0xbad}); err != nil {
				t.Fatal(err)
			}
			dir, _ := powerCut(t, w, 0)
			return dir
		}, true, []string{"does not replay exactly", "cannot be trusted to resume", "falling review "}},
		{"damaged mid-file", func(t *testing.T) string {
			w, err := playlog.Create(t.TempDir(), start, wal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if _, err := w.Append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Note: "a note long enough to be hit"}); err != nil {
					t.Fatal(err)
				}
			}
			dir, path := powerCut(t, w, 0)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)*2/3] ^= 0xff // a flipped byte, not a torn end
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			return dir
		}, true, []string{"cannot resume hand", "is damaged after entry", "falling review "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := c.night(t)
			// Opened first, as Run opens it: an empty folder gets its
			// index here, not from the resume.
			logs := openNight(t, dir)
			before := snapshot(t, dir)
			var out bytes.Buffer
			rh, err := resumeHand(logs, dir, &out)
			if rh != nil {
				t.Fatalf("resumed %v", rh)
			}
			msg := out.String()
			if err != nil {
				msg = err.Error()
			}
			if (err != nil) != c.refused {
				t.Fatalf("refused %v, want %v: %s", err != nil, c.refused, msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			if after := snapshot(t, dir); after != before {
				t.Error("the night's files changed: a hand not resumed must be left as it was, for review")
			}
		})
	}
}

// snapshot is the night's files' names and contents.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %x\n", n, data)
	}
	return b.String()
}

// resumeIn is resumeHand in a night opened on dir as Run opens it. The
// night is closed at once when there is no hand to go on, else when the
// test ends or the caller closes it.
func resumeIn(t *testing.T, dir string, out io.Writer) (*resumedHand, *playlog.NightLog, error) {
	t.Helper()
	logs := openNight(t, dir)
	rh, err := resumeHand(logs, dir, out)
	if rh == nil {
		if err := logs.Close(); err != nil {
			t.Error(err)
		}
	}
	return rh, logs, err
}

// openNight opens the night in dir as Run does, closed when the test ends.
func openNight(t *testing.T, dir string) *playlog.NightLog {
	t.Helper()
	logs, err := playlog.OpenNight(dir, wal.Options{})
	if err != nil {
		t.Fatalf("open the night: %v", err)
	}
	t.Cleanup(func() {
		if err := logs.Close(); err != nil {
			t.Error(err)
		}
	})
	return logs
}
