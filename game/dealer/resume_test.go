package dealer_test

import (
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

// fileLog is the play log on disk, as falling play keeps it: created at
// the hand's first entry, or a resumed writer.
type fileLog struct {
	dir string
	w   *playlog.Writer
}

func (l *fileLog) Append(e playlog.Entry) error {
	if l.w == nil {
		w, err := playlog.Create(l.dir, e, wal.Options{})
		l.w = w
		return err
	}
	_, err := l.w.Append(e)
	return err
}

// table is a real table's devices on a virtual clock, no simulated truth:
// the test is the dealer, scanning the cards in deck order.
type table struct {
	clk    *hwtest.Virtual
	reader *hwtest.Reader
	panel  *hwtest.Panel
	lights *hwtest.Lights
	hw     dealer.Hardware
}

func newTable(deck []game.Card) (*table, map[hw.UID]string) {
	clk := hwtest.NewVirtual(0)
	tags, cards := map[string]hw.UID{}, map[hw.UID]string{}
	for i, c := range deck {
		u, err := hw.NewUID([]byte{0x04, 0x1a, byte(i), 0x5e})
		if err != nil {
			panic(err)
		}
		tags[c.ID], cards[u] = u, c.ID
	}
	t := &table{clk: clk, reader: hwtest.NewReader(clk, tags), panel: hwtest.NewPanel(clk), lights: hwtest.NewLights(clk)}
	t.hw = dealer.Hardware{Clock: clk, Lights: t.lights, Sound: hwtest.NewSound(clk), Buttons: hwtest.NewButtons(clk), Reader: t.reader, Panel: t.panel}
	return t, cards
}

// resumeDeck: three idle fallers, nine inert cards then the two Grounds,
// so the hand ends on Grounds landing, physical then imaginary.
func resumeDeck() []game.Card {
	ks := kinds(many(S, 9), G, G)
	deck := make([]game.Card, len(ks))
	for i, k := range ks {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
	}
	return deck
}

func resumeConfig(deck []game.Card, cards map[hw.UID]string) dealer.Config {
	return dealer.Config{Hand: "0001", Dealer: 1, Cards: cards,
		Game:  game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: deck},
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, CountIn: 2, StopWindow: 1500 * time.Millisecond,
		TieWindow: 5 * time.Millisecond, Wall: func() time.Time { return time.Unix(0, 0) },
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// scanFrom scans the cards one every two seconds from first, slower than
// the beat and the Stop window, as a careful dealer would.
func scanFrom(tb *table, ids []string, first time.Duration) {
	for i, id := range ids {
		tb.reader.ScanCardAt(id, first+time.Duration(i)*2*time.Second)
	}
}

func ids(deck []game.Card) []string {
	out := make([]string, len(deck))
	for i, c := range deck {
		out[i] = c.ID
	}
	return out
}

// appliedDigests lists the digest after every applied engine decision.
func appliedDigests(es []playlog.Entry) []uint64 {
	var out []uint64
	for _, e := range es {
		if e.Kind == playlog.KindApplied {
			out = append(out, e.Digest)
		}
	}
	return out
}

// TestResumeAfterPowerCut: "Power cut: the log is intact up to its last
// durable write; a torn last record is detected and cut off; the hand can
// be reviewed, and resumed." A real-table hand is cut mid-hand, its log
// torn, and resumed from the log on a fresh clock (the Pi rebooted): the
// engine is where the uninterrupted hand was at the same entry, the hand
// ends the same, in the same file, and the file replays exactly.
func TestResumeAfterPowerCut(t *testing.T) {
	deck := resumeDeck()
	// The hand as it goes with no cut.
	tb, cards := newTable(deck)
	whole := &memLog{}
	d, err := dealer.New(resumeConfig(deck, cards), tb.hw, whole)
	if err != nil {
		t.Fatal(err)
	}
	scanFrom(tb, ids(deck), 3*time.Second)
	want, err := d.RunStepped(context.Background(), tb.clk)
	if err != nil {
		t.Fatal(err)
	}
	wantDigests := appliedDigests(whole.all())
	if want.Winner == 0 || len(wantDigests) < 10 {
		t.Fatalf("the uninterrupted hand: %+v, %d decisions", want, len(wantDigests))
	}

	cases := []struct {
		name string
		cut  time.Duration // the power goes at
		torn int64         // bytes of the last record the disk never got
		goOn hw.Control    // the dealer's go: confirm, or pause as after any pause
	}{
		{"between two deals, a clean end", 8500 * time.Millisecond, 0, hw.ControlConfirm},
		{"between two deals, a torn record", 8500 * time.Millisecond, 3, hw.ControlConfirm},
		{"in the first Ground's Stop window, torn", 21500 * time.Millisecond, 5, hw.ControlConfirm},
		{"just after the first deal, torn, go by pause", 3500 * time.Millisecond, 2, hw.ControlPause},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := cutHand(t, deck, dir, c.cut, c.torn)

			h, err := playlog.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := dealer.Replay(h)
			if err != nil {
				t.Fatal(err)
			}
			got := appliedDigests(h.Entries)
			if len(got) == 0 || r.Game.Digest() != wantDigests[len(got)-1] {
				t.Fatalf("after %d decisions the replay has state %016x, the uninterrupted hand %016x", len(got), r.Game.Digest(), wantDigests[len(got)-1])
			}
			w, rec, err := playlog.Resume(path, wal.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if torn := rec.Cut.Kind == wal.DamageTornTail; torn != (c.torn > 0) || (torn && !strings.Contains(rec.String(), "torn write")) {
				t.Fatalf("recovery: %v", rec)
			}
			r.Cut = rec.Cut

			// The Pi rebooted: a new clock from zero, the same devices.
			tb, cards := newTable(deck)
			cfg := resumeConfig(deck, cards)
			cfg.Hand, cfg.Dealer = "some other hand", 4 // the log's win
			cfg.Resume = r
			next := r.Game.Next()
			d, err := dealer.New(cfg, tb.hw, &fileLog{w: w})
			if err != nil {
				t.Fatal(err)
			}
			// The dealer looks at the table, then confirms; the cards the
			// engine never took are dealt (again).
			tb.panel.ControlAt(c.goOn, 2*time.Second)
			var left []string
			for _, c := range deck {
				if !taken(h, c.ID) {
					left = append(left, c.ID)
				}
			}
			scanFrom(tb, left, 6*time.Second)
			res, err := d.RunStepped(context.Background(), tb.clk)
			if err != nil {
				t.Fatalf("resumed hand: %v", err)
			}
			if err := w.Close(res.Winner); err != nil {
				t.Fatal(err)
			}
			if wantLight := lightFor(next); tb.lights.At(next.Seat, time.Second) != wantLight {
				t.Errorf("while waiting, seat %d shows %+v, want %+v (%v)", next.Seat, tb.lights.At(next.Seat, time.Second), wantLight, next)
			}
			if res.Winner != want.Winner {
				t.Errorf("seat %d won the resumed hand, seat %d the uninterrupted one", res.Winner, want.Winner)
			}

			after, err := playlog.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			if !after.Ended || after.Damage.Kind != wal.DamageNone || len(after.Problems) > 0 {
				t.Fatalf("the resumed log: ended %v, damage %v, problems %v", after.Ended, after.Damage, after.Problems)
			}
			g, bad, err := playlog.ReplayWith(after, playlog.Hooks{})
			if err != nil || len(bad) > 0 {
				t.Fatalf("the resumed log does not replay: %v %v", err, bad)
			}
			all := appliedDigests(after.Entries)
			if g.Digest() != wantDigests[len(wantDigests)-1] || all[len(all)-1] != g.Digest() {
				t.Errorf("the resumed hand ends in state %016x, the uninterrupted one %016x", g.Digest(), wantDigests[len(wantDigests)-1])
			}
			checkResumeEntries(t, after, len(h.Entries), c.torn > 0)
		})
	}
}

// cutHand plays the hand into a log in dir and cuts the power at cut:
// what was durable then is all the disk keeps, less the last torn bytes.
func cutHand(t *testing.T, deck []game.Card, dir string, cut time.Duration, torn int64) string {
	t.Helper()
	tb, cards := newTable(deck)
	log := &fileLog{dir: dir}
	d, err := dealer.New(resumeConfig(deck, cards), tb.hw, log)
	if err != nil {
		t.Fatal(err)
	}
	scanFrom(tb, ids(deck), 3*time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tb.clk.At(cut, cancel)
	if _, err := d.RunStepped(ctx, tb.clk); !errors.Is(err, context.Canceled) {
		t.Fatalf("cut at %v: %v", cut, err)
	}
	if err := log.w.Sync(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(log.w.Path())
	if err != nil {
		t.Fatal(err)
	}
	// The cut hand's file is what the disk kept: a copy, since the writer
	// in this process still holds the original.
	cutDir := filepath.Join(dir, "after-the-cut")
	if err := os.Mkdir(cutDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cutDir, filepath.Base(log.w.Path()))
	if err := os.WriteFile(path, b[:int64(len(b))-torn], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := log.w.Close(0); err != nil {
		t.Fatal(err)
	}
	return path
}

// taken reports whether the engine took card id before the cut.
func taken(h *playlog.Hand, id string) bool {
	for _, e := range h.Entries {
		if e.Kind == playlog.KindApplied && e.Event != nil && e.Event.Kind == game.EvScan && e.Event.Card == id {
			return true
		}
	}
	return false
}

func lightFor(in game.Instruction) hw.Pattern {
	switch in.Action {
	case game.ActDeal:
		return dealer.LightDeal(in.Due, in.StartsStack())
	case game.ActLand:
		return dealer.LightGround
	}
	return dealer.LightSweep
}

// checkResumeEntries: the log goes on after the entries the cut left with
// the dealer's note, a pause, and the resume on the dealer's confirm, and
// has a single hand-start.
func checkResumeEntries(t *testing.T, h *playlog.Hand, kept int, torn bool) {
	t.Helper()
	starts := 0
	for _, e := range h.Entries {
		if e.Kind == playlog.KindHandStart {
			starts++
		}
	}
	if starts != 1 {
		t.Errorf("%d hand-starts", starts)
	}
	rest := h.Entries[kept:]
	// First the log's own note of the schema the resumed writer writes
	// (entry schema 11), then the dealer's.
	if len(rest) < 5 || rest[0].Kind != playlog.KindNote || rest[0].Schema != playlog.Schema {
		t.Fatalf("after the cut the log has %+v, want the schema note first", rest[:min(len(rest), 3)])
	}
	rest = rest[1:]
	if rest[0].Kind != playlog.KindNote || !strings.HasPrefix(rest[0].Note, "resumed after a power cut") {
		t.Fatalf("after the cut the log has %+v", rest[:min(len(rest), 3)])
	}
	if want := fmt.Sprintf("%d entries replayed", kept); !strings.Contains(rest[0].Note, want) || strings.Contains(rest[0].Note, "torn write") != torn {
		t.Errorf("note %q: want %q, torn %v", rest[0].Note, want, torn)
	}
	var kinds []playlog.Kind
	for _, e := range rest {
		switch e.Kind {
		case playlog.KindPause, playlog.KindResume, playlog.KindControl:
			kinds = append(kinds, e.Kind)
		}
	}
	if fmt.Sprint(kinds) != fmt.Sprint([]playlog.Kind{playlog.KindPause, playlog.KindControl, playlog.KindResume}) {
		t.Errorf("pause, control and resume entries after the cut: %v", kinds)
	}
}

// TestResumeRefused: a hand that ended, or whose log does not replay to
// the states it records, is not resumed.
func TestResumeRefused(t *testing.T) {
	deck := resumeDeck()
	start := &playlog.Start{Hand: "0001", Rules: game.Official(), Seats: []int{2, 3, 4}, Dealer: 1, Deck: deck, Tempo: 60}
	dealt := game.Scan(deck[0].ID)
	cases := []struct {
		name string
		h    playlog.Hand
		want func(error) bool
	}{
		{"ended", playlog.Hand{ID: "0001", Start: start, Ended: true, Winner: 3},
			func(err error) bool { return errors.Is(err, dealer.ErrHandEnded) }},
		{"no start", playlog.Hand{ID: "0001"},
			func(err error) bool { return errors.Is(err, playlog.ErrNoStart) }},
		{"a digest that does not match", playlog.Hand{ID: "0001", Start: start, Entries: []playlog.Entry{
			{Seq: 1, Kind: playlog.KindHandStart, Start: start},
			{Seq: 2, Kind: playlog.KindApplied, Event: &dealt, Digest: 0xbad},
		}}, func(err error) bool {
			var re *dealer.ReplayError
			return errors.As(err, &re) && len(re.Mismatches) == 1 && strings.Contains(err.Error(), "cannot be resumed")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := dealer.Replay(&c.h)
			if r != nil || !c.want(err) {
				t.Fatalf("Replay: %v, %v", r, err)
			}
		})
	}
}
