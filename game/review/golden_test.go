package review_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/script"
	"github.com/falling-table/falling/game/review"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const ms = time.Millisecond

// simDispute is a hand of four computer fallers with scripted presses: a
// tie the dealer called a dispute over, a clear lead nobody called, and a
// Stop claim with another seat pressing while a Ground was being dealt.
func simDispute(t testing.TB, dir string) string {
	t.Helper()
	path, _, err := script.Simulate(dir, script.Sim{Hand: "0001", Fallers: 4, Seed: 7, Presses: []script.Press{
		{At: 10 * time.Second, Seat: 2},
		{At: 10*time.Second + 3*ms, Seat: 4, Dispute: true, Since: 9 * time.Second},
		{At: 20 * time.Second, Seat: 1},
		{At: 20*time.Second + 41200*time.Microsecond, Seat: 3},
		{At: 20*time.Second + 90*ms, Seat: 1},
		{At: groundAt + 180*ms, Seat: groundSeat},
		{At: groundAt + 192*ms + 400*time.Microsecond, Seat: 1},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// When seed 7 deals a Ground, and to whom (found by reading its review).
const (
	groundAt   = 51500 * ms
	groundSeat = 3
)

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
	scan := func(at time.Duration, id string) script.Input {
		ev := game.Scan(id)
		return script.Input{At: at, Entry: playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Card: id, UID: "04" + strings.ToUpper(id)}, Event: &ev}
	}
	press := func(at time.Duration, seat int) script.Input {
		ev := game.Press(seat)
		return script.Input{At: at, Entry: playlog.Entry{Kind: playlog.KindPress, Source: playlog.FromSeat, Seat: seat}, Event: &ev}
	}
	raw := func(at time.Duration, e playlog.Entry) script.Input { return script.Input{At: at, Entry: e} }
	audit := func(at time.Duration, seat int, id string) script.Input {
		return raw(at, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReader, Seat: seat, Card: id})
	}
	step := game.Step()
	t0 := script.DefaultT0
	// The table announced seat 1, but seat 2's edge is first in the log.
	announced := playlog.Dispute{Since: t0 + 5*time.Second, Seats: []int{1, 2}, Times: []int64{int64(t0 + 5012400*time.Microsecond), int64(t0 + 5150*ms)}, Winner: 1, Margin: 137600 * time.Microsecond}
	path, err := script.Table(dir, playlog.Start{Hand: "table", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck,
		Tempo: 60, StopWindow: 1500 * ms, TieWindow: 5 * ms}, []script.Input{
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
		{At: 6500 * ms, Event: &step},
		raw(7*time.Second, playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromPanel, Note: "audit begins"}),
		audit(8*time.Second, 1, "stop-1"),
		audit(8100*ms, 1, "skip-2"),
		audit(8200*ms, 1, "stop-1"),
		audit(8300*ms, 0, "skip-1"),
		audit(8400*ms, 0, "hit-1"),
		raw(9*time.Second, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReferee, Seat: 2, Note: "seat 2 says the Ground was never shown to them"}),
		raw(9500*ms, playlog.Entry{Kind: playlog.KindCorrection, Source: playlog.FromReferee, Seat: 2, Note: "seat 2's claim denied: the light was red"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// gapHand is a hand at a real table whose disk fell behind: three entries
// (a press and a scan among them) were refused by the full buffer, and the
// log marked them when it took entries again.
func gapHand(t testing.TB, dir string) string {
	t.Helper()
	deck := []game.Card{{ID: "hit-1", Kind: game.Hit}, {ID: "skip-1", Kind: game.Skip}, {ID: "ground-1", Kind: game.Ground}}
	scan := func(at time.Duration, id string) script.Input {
		ev := game.Scan(id)
		return script.Input{At: at, Entry: playlog.Entry{Kind: playlog.KindScan, Source: playlog.FromReader, Card: id, UID: "04" + strings.ToUpper(id)}, Event: &ev}
	}
	t0 := script.DefaultT0
	wall := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	gap := playlog.Gap{Lost: 3, First: t0 + 2100*ms, Last: t0 + 2900*ms, FirstWall: wall.Add(2100 * ms), LastWall: wall.Add(2900 * ms),
		Reason: "the log's buffer was full: the disk was slower than the table"}
	path, err := script.Table(dir, playlog.Start{Hand: "gap", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck,
		Tempo: 60, StopWindow: 1500 * ms, TieWindow: 5 * ms}, []script.Input{
		scan(1*time.Second, "skip-1"),
		{At: 3 * time.Second, Entry: playlog.Entry{Kind: playlog.KindGap, Source: playlog.FromDealer, Gap: &gap}},
		scan(4*time.Second, "hit-1"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// cleanHand is a hand as the table logs it with nothing wrong: the fallers
// press "ready" for the count-in, computer fallers play it out, and the
// audit scans every card where the engine has it, group by group.
func cleanHand(t testing.TB, dir string) string {
	t.Helper()
	path, _, err := script.Simulate(dir, script.Sim{Hand: "clean", Fallers: 4, Seed: 3, CountIn: true, Audit: true})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func TestGolden(t *testing.T) {
	dir := t.TempDir()
	sim := simDispute(t, dir)
	table := tableHand(t, dir)
	clean := cleanHand(t, dir)
	gaps := gapHand(t, dir)
	b, err := os.ReadFile(sim)
	if err != nil {
		t.Fatal(err)
	}
	torn := filepath.Join(t.TempDir(), "hand-torn.fall")
	if err := os.WriteFile(torn, b[:len(b)*2/3], 0o644); err != nil {
		t.Fatal(err)
	}
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
