package review_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/hw"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const ms = time.Millisecond

// simDispute is a hand the real dealer plays on the simulated table, four
// computer fallers, with presses on top of theirs: a tie the dealer called
// a dispute over, a clear lead nobody called, and a Stop claim with
// another seat pressing while a Ground was being dealt. (Times are on the
// table's clock; the review counts from the first press, 300 ms later.)
func simDispute(t testing.TB, dir string) string {
	t.Helper()
	return nighttest.Hand(t, dir, nighttest.Options{Seed: 7, Inputs: []nighttest.Input{
		{At: 10 * time.Second, Seat: 2},
		{At: 10*time.Second + 3*ms, Seat: 4},
		{At: 10*time.Second + 300*ms, Control: hw.ControlDispute},
		// The dispute paused the table: the dealer resumes.
		{At: 11 * time.Second, Control: hw.ControlPause},
		{At: 20 * time.Second, Seat: 1},
		{At: 20*time.Second + 41200*time.Microsecond, Seat: 3},
		{At: 20*time.Second + 90*ms, Seat: 1},
		{At: claimAt + 12400*time.Microsecond, Seat: 3},
	}})
}

// When seed 7's first Ground is dealt to seat 1, they claim a Stop at
// claimAt on the table's clock (found by reading its review).
const claimAt = 46112 * ms

// tableT0 is the CLOCK_MONOTONIC reading a table hand starts at: a Pi
// booted a while ago.
const tableT0 = 1000 * time.Second

// tableInput is one step of the table hand: a raw entry logged as it is
// (Kind 0: none), then, if set, an event given to the engine and its
// answer logged.
type tableInput struct {
	at    time.Duration // since the hand started
	entry playlog.Entry
	event *game.Event
}

// tableLog writes a hand input by input through playlog's Writer, as the
// dealer logs one: each input at its time, the engine's answer with its
// digest and inferences, the hand's end. The table hand below needs
// exactly these entries (a scan where the card cannot be, a dispute the
// presses contradict, an audit without a verdict), which no working dealer
// writes, so it is built here and not played; so is the hand whose disk
// fell behind.
func tableLog(t testing.TB, dir string, wall time.Time, start playlog.Start, inputs []tableInput) string {
	t.Helper()
	g, err := game.New(start.Config())
	if err != nil {
		t.Fatal(err)
	}
	w, err := playlog.Create(dir, playlog.Entry{Kind: playlog.KindHandStart, Source: playlog.FromDealer,
		Mono: tableT0, Wall: wall, Seat: start.Dealer, Start: &start}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	log := func(at time.Duration, e playlog.Entry) {
		t.Helper()
		e.Mono, e.Wall = tableT0+at, wall.Add(at)
		if _, err := w.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	var inferred int
	for _, in := range inputs {
		if e := in.entry; e.Kind != 0 {
			if e.Kind == playlog.KindPress || e.Kind == playlog.KindScan {
				e.Kernel = tableT0 + in.at
			}
			log(in.at, e)
		}
		if in.event == nil {
			continue
		}
		if err := g.Apply(*in.event); err != nil {
			e := playlog.Entry{Kind: playlog.KindRefused, Source: playlog.FromEngine, Seat: in.entry.Seat, Event: in.event, Error: err.Error()}
			var re *game.RuleError
			if errors.As(err, &re) {
				e.Rule = re.Rule
			}
			log(in.at, e)
			continue
		}
		log(in.at, playlog.Entry{Kind: playlog.KindApplied, Source: playlog.FromEngine, Seat: in.entry.Seat, Event: in.event, Digest: g.Digest()})
		infs := g.Inferences()
		for _, inf := range infs[inferred:] {
			log(in.at, playlog.Entry{Kind: playlog.KindInference, Source: playlog.FromEngine, Seat: g.Seat(inf.Player), Inference: &inf})
		}
		inferred = len(infs)
	}
	winner := 0
	if g.Over() {
		winner = g.Seat(g.Winner())
	}
	log(inputs[len(inputs)-1].at+time.Second, playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromEngine, Winner: winner})
	if err := w.Close(winner); err != nil {
		t.Fatal(err)
	}
	return w.Path()
}

// tableHand is a hand at a real table, scan by scan, with everything the
// audit should catch: a card scanned where it cannot be, a dispute whose
// announcement the presses contradict, lost edges, and an audit, logged
// without a verdict, that finds a card twice, cards missing and one where
// the log does not put it. A Skip turns up from under another card that
// stayed on its stack, but seat 1 may have picked it up before that card
// came and held it ("Once you are holding a card, you may play it right
// away, or you may keep holding it"), so the audit accuses nobody.
func tableHand(t testing.TB, dir string) string {
	t.Helper()
	deck := []game.Card{{ID: "hit-1", Kind: game.Hit}, {ID: "skip-1", Kind: game.Skip}, {ID: "skip-2", Kind: game.Skip},
		{ID: "stop-1", Kind: game.Stop}, {ID: "ground-1", Kind: game.Ground}, {ID: "ground-2", Kind: game.Ground}}
	scan := func(at time.Duration, id string) tableInput {
		ev := game.Scan(id)
		return tableInput{at: at, entry: playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Card: id, UID: "04" + strings.ToUpper(id)}, event: &ev}
	}
	press := func(at time.Duration, seat int) tableInput {
		ev := game.Press(seat)
		return tableInput{at: at, entry: playlog.Entry{Kind: playlog.KindPress, Source: playlog.FromSeat, Seat: seat}, event: &ev}
	}
	raw := func(at time.Duration, e playlog.Entry) tableInput { return tableInput{at: at, entry: e} }
	audit := func(at time.Duration, seat int, id string) tableInput {
		return raw(at, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReader, Seat: seat, Card: id})
	}
	step := game.Step()
	t0 := tableT0
	// The table announced seat 1, but seat 2's edge is first in the log.
	announced := playlog.Dispute{Since: t0 + 5*time.Second, Seats: []int{1, 2}, Times: []int64{int64(t0 + 5012400*time.Microsecond), int64(t0 + 5150*ms)}, Winner: 1, Margin: 137600 * time.Microsecond}
	return tableLog(t, dir, time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC), playlog.Start{Hand: "table", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck,
		Tempo: 60, StopWindow: 1500 * ms, TieWindow: 5 * ms}, []tableInput{
		scan(1*time.Second, "skip-1"),
		scan(2*time.Second, "hit-1"),
		scan(3*time.Second, "skip-2"),
		raw(3500*ms, playlog.Entry{Kind: playlog.KindReader, Source: playlog.FromReader, Note: "reader unplugged"}),
		raw(3600*ms, playlog.Entry{Kind: playlog.KindReader, Source: playlog.FromReader, Note: "reader back"}),
		scan(4*time.Second, "skip-1"), // seat 2's rider, from under skip-2 on seat 1's stack, or held since before it
		scan(4200*ms, "skip-1"),       // again: swept already
		scan(4400*ms, "stop-1"),
		scan(5*time.Second, "ground-1"),
		press(5*time.Second+150*ms, 2),
		press(5*time.Second+162400*time.Microsecond, 1),
		press(5*time.Second+170*ms, 2), // a bounce: seat 2's first edge counts
		raw(5300*ms, playlog.Entry{Kind: playlog.KindLost, Source: playlog.FromSeat, Count: 2}),
		raw(5400*ms, playlog.Entry{Kind: playlog.KindControl, Source: playlog.FromPanel, Control: "dispute"}),
		raw(5400*ms, playlog.Entry{Kind: playlog.KindDispute, Source: playlog.FromEngine, Seat: 1, Dispute: &announced}),
		{at: 6500 * ms, event: &step},
		raw(7*time.Second, playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromPanel, Note: "audit begins"}),
		audit(8*time.Second, 1, "stop-1"),
		audit(8100*ms, 1, "skip-2"),
		audit(8200*ms, 1, "stop-1"),
		audit(8300*ms, 0, "skip-1"),
		audit(8400*ms, 0, "hit-1"),
		raw(9*time.Second, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReferee, Seat: 2, Note: "seat 2 says the Ground was never shown to them"}),
		raw(9500*ms, playlog.Entry{Kind: playlog.KindCorrection, Source: playlog.FromReferee, Seat: 2, Note: "seat 2's claim denied: the light was red"}),
	})
}

// gapHand is a hand at a real table whose disk fell behind: three entries
// (a press and a scan among them) were refused by the full buffer, and the
// log marked them when it took entries again.
func gapHand(t testing.TB, dir string) string {
	t.Helper()
	deck := []game.Card{{ID: "hit-1", Kind: game.Hit}, {ID: "skip-1", Kind: game.Skip}, {ID: "ground-1", Kind: game.Ground}}
	scan := func(at time.Duration, id string) tableInput {
		ev := game.Scan(id)
		return tableInput{at: at, entry: playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Card: id, UID: "04" + strings.ToUpper(id)}, event: &ev}
	}
	t0 := tableT0
	wall := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	gap := playlog.Gap{Lost: 3, First: t0 + 2100*ms, Last: t0 + 2900*ms, FirstWall: wall.Add(2100 * ms), LastWall: wall.Add(2900 * ms),
		Reason: "the log's buffer was full: the disk was slower than the table"}
	return tableLog(t, dir, wall, playlog.Start{Hand: "gap", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck,
		Tempo: 60, StopWindow: 1500 * ms, TieWindow: 5 * ms}, []tableInput{
		scan(1*time.Second, "skip-1"),
		{at: 3 * time.Second, entry: playlog.Entry{Kind: playlog.KindGap, Source: playlog.FromDealer, Gap: &gap}},
		scan(4*time.Second, "hit-1"),
	})
}

// cleanHand is a hand as the table logs it with nothing wrong: the real
// dealer on the simulated table, the fallers pressing "ready" for the
// count-in, computer fallers playing it out, and the audit scanning every
// card, group by group.
func cleanHand(t testing.TB, dir string) string {
	t.Helper()
	return nighttest.Hand(t, dir, nighttest.Options{Seed: 3})
}

// tornHand is the hand in path cut two thirds of the way through its file,
// as a power cut leaves a log. Its entries are written again in one group
// commit first: where the dealer's own log put its commit marks depends on
// the host's timing, and the cut must fall in the same place on every run.
func tornHand(t testing.TB, path string) string {
	t.Helper()
	h, err := playlog.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := playlog.Create(t.TempDir(), h.Entries[0], wal.Options{FlushInterval: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range h.Entries[1:] {
		if _, err := w.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(h.Winner); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(w.Path())
	if err != nil {
		t.Fatal(err)
	}
	torn := filepath.Join(t.TempDir(), "hand-torn.fall")
	if err := os.WriteFile(torn, b[:len(b)*2/3], 0o644); err != nil {
		t.Fatal(err)
	}
	return torn
}

func TestGolden(t *testing.T) {
	dir := t.TempDir()
	sim := simDispute(t, dir)
	table := tableHand(t, dir)
	clean := cleanHand(t, dir)
	gaps := gapHand(t, dir)
	torn := tornHand(t, sim)
	tests := []struct {
		name, path string
		clean      bool // no contest, no finding
	}{
		{"sim-dispute", sim, false},
		{"table-audit", table, false},
		{"torn", torn, false},
		{"clean", clean, true},
		{"gap", gaps, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := playlog.Read(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			r := review.Analyze(h, review.Options{Loc: time.UTC})
			if tt.clean && (len(r.Findings) > 0 || len(r.Contests) > 0 || r.AuditVerdict == "") {
				t.Errorf("a clean hand reviews with findings %+v, contests %+v, audit %q", r.Findings, r.Contests, r.AuditVerdict)
			}
			var txt, page bytes.Buffer
			if err := review.Text(&txt, r); err != nil {
				t.Fatal(err)
			}
			if err := review.HTML(&page, r); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".txt", txt.Bytes())
			golden(t, tt.name+".html", page.Bytes())
			for i, line := range strings.Split(txt.String(), "\n") {
				if n := len([]rune(line)); n > review.Width {
					t.Errorf("line %d is %d columns: %q", i+1, n, line)
				}
			}
		})
	}
}

// The night's list says which hand lost entries, so a referee opens it.
func TestNightShowsTheGap(t *testing.T) {
	dir := t.TempDir()
	tableHand(t, dir)
	gapHand(t, dir)
	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := review.NightText(&b, n, time.UTC); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	var table, gap string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "table "):
			table = l
		case strings.HasPrefix(l, "gap "):
			gap = l
		}
	}
	if !strings.HasSuffix(gap, " 3 entries LOST") || strings.Contains(table, "LOST") {
		t.Fatalf("the night's list:\n%s", b.String())
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff with git diff", name)
	}
}
