package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/hw"
)

var updateReview = flag.Bool("update", false, "rewrite cmd/falling/testdata/review")

// nightDir logs a night of three hands the real dealer played on the
// simulated table, four computer fallers, the winner dealing the next. In
// the first, seats 1 and 2 press 2 ms apart and the dealer calls a dispute
// (the review counts from the first "ready" press, 300 ms into the hand).
func nightDir(t *testing.T) (dir string, hands []string) {
	t.Helper()
	dir = t.TempDir()
	hands = nighttest.Night(t, dir, nighttest.Options{Hands: 3, Seed: 10, Inputs: []nighttest.Input{
		{At: 8300 * time.Millisecond, Seat: 1},
		{At: 8302 * time.Millisecond, Seat: 2},
		{At: 8600 * time.Millisecond, Control: hw.ControlDispute},
		// The dispute paused the table: the dealer resumes.
		{At: 9300 * time.Millisecond, Control: hw.ControlPause},
	}})
	return dir, hands
}

func runReviewTest(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), append([]string{"review"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestReviewCommand(t *testing.T) {
	dir, hands := nightDir(t)
	page := filepath.Join(t.TempDir(), "hand.html")
	garbage := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(garbage, []byte("shopping list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(hands[0])
	if err != nil {
		t.Fatal(err)
	}
	torn := filepath.Join(t.TempDir(), "hand-torn.fall")
	if err := os.WriteFile(torn, b[:len(b)-40], 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		args      []string
		code      int
		outHas    []string
		errHas    []string
		writePage bool
	}{
		{name: "a hand", args: []string{"--utc", hands[0]}, outHas: []string{"Hand 0001 · official rules · started 2026-01-01 20:00:00 UTC", "CONTEST 1 at 8.000 s: seat 1 and seat 2 tie (within 5 ms)", "replays exactly"}},
		{name: "a hand and its page", args: []string{"--html", page, hands[1]}, outHas: []string{"Hand 0002"}, errHas: []string{"wrote " + page}, writePage: true},
		{name: "a wider contest window", args: []string{"--contest", "2s", hands[2]}, outHas: []string{"contest 2000 ms"}},
		{name: "a torn hand is shown with the damage", args: []string{torn}, outHas: []string{"DAMAGED", "torn write"}},
		{name: "the night", args: []string{"--night", dir}, outHas: []string{"3 hands", "Scoreboard"}},
		{name: "not a log", args: []string{garbage}, code: 1, errHas: []string{"not a FALLING log"}},
		{name: "the index as a hand", args: []string{filepath.Join(dir, "night.idx")}, code: 1, errHas: []string{"--night"}},
		{name: "a directory as a hand", args: []string{dir}, code: 2, errHas: []string{"--night " + dir}},
		{name: "no hand", args: nil, code: 2, errHas: []string{"name one hand file", "falling review -h"}},
		{name: "two hands", args: []string{hands[0], hands[1]}, code: 2, errHas: []string{"name one hand file"}},
		{name: "night and a hand", args: []string{"--night", dir, hands[0]}, code: 2, errHas: []string{"--night takes a directory"}},
		{name: "missing night", args: []string{"--night", filepath.Join(dir, "nope")}, code: 1, errHas: []string{"no such file"}},
		{name: "bad flag", args: []string{"--nope"}, code: 2, errHas: []string{"unknown flag: --nope"}},
		{name: "a negative contest window", args: []string{"--contest", "-5ms", hands[0]}, code: 2, errHas: []string{"--contest must be longer than 0, not -5ms"}},
		{name: "a zero contest window", args: []string{"--contest", "0", hands[0]}, code: 2, errHas: []string{"--contest must be longer than 0, not 0s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runReviewTest(tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			for _, s := range tt.outHas {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tt.errHas {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr lacks %q: %q", s, errs)
				}
			}
			if tt.writePage {
				b, err := os.ReadFile(page)
				if err != nil {
					t.Fatal(err)
				}
				s := string(b)
				if !strings.Contains(s, "<svg") || strings.Contains(s, "http://") && !strings.Contains(s, `"http://www.w3.org/2000/svg"`) || strings.Contains(s, "https://") {
					t.Errorf("the page is not one self-contained SVG page")
				}
				left, err := filepath.Glob(page + ".tmp-*")
				if err != nil || len(left) > 0 {
					t.Errorf("temporary files left: %v %v", left, err)
				}
			}
		})
	}
}

// The night's review, golden.
func TestReviewNightGolden(t *testing.T) {
	dir, _ := nightDir(t)
	code, out, errs := runReviewTest("--utc", "--night", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The directory and the night's id (its name) change with every run.
	got := []byte(strings.Replace(strings.ReplaceAll(out, dir, "DIR"), "Night "+filepath.Base(dir)+":", "Night NIGHT:", 1))
	path := filepath.Join("testdata", "review", "night.txt")
	if *updateReview {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run ReviewNight -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("night review differs from %s:\n%s", path, got)
	}
}

// --night given something that is no night is refused, never reviewed as
// a night of 0 hands.
func TestReviewNightRefusesWhatIsNoNight(t *testing.T) {
	dir, hands := nightDir(t)
	notes := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(notes, []byte("shopping list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	for _, tc := range []struct {
		name   string
		night  string
		code   int
		errHas string
	}{
		{"a hand file", hands[0], 2, "--night takes the night's log folder, and " + hands[0] + " is a file: review one hand with falling review " + hands[0] + ", the night with --night " + dir},
		{"the night index", filepath.Join(dir, "night.idx"), 2, "is a file, not a folder"},
		{"any other file", notes, 2, "is a file, not a folder"},
		{"a folder with no night", empty, 1, empty + " holds no night: no night.idx and no hand-*.fall files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runReviewTest("--night", tc.night)
			if code != tc.code || !strings.Contains(errs, tc.errHas) {
				t.Errorf("exit %d, stderr %q; want %d with %q", code, errs, tc.code, tc.errHas)
			}
			if strings.Contains(out, "0 hands") {
				t.Errorf("reviewed as a night of 0 hands:\n%s", out)
			}
		})
	}
}

// --html never takes the place of what the table keeps: `falling review
// x.fall --html x.fall` used to overwrite the hand with its page, and
// --html DIR/night.idx the night's index. Each is refused, exit 2, with
// nothing written and every file as it was.
func TestReviewHTMLRefusesTheLogs(t *testing.T) {
	dir, hands := nightDir(t)
	other := t.TempDir()
	b, err := os.ReadFile(hands[0])
	if err != nil {
		t.Fatal(err)
	}
	idx, err := os.ReadFile(filepath.Join(dir, "night.idx"))
	if err != nil {
		t.Fatal(err)
	}
	file := func(name string, data []byte) string {
		p := filepath.Join(other, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badHeader := bytes.Clone(b)
	badHeader[12] ^= 0xff
	symlink := filepath.Join(other, "page.html")
	if err := os.Symlink(hands[0], symlink); err != nil {
		t.Fatal(err)
	}
	hardlink := filepath.Join(other, "hand.html")
	if err := os.Link(hands[0], hardlink); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, html, why string
	}{
		{"the hand itself", hands[0], "named like a table log"},
		{"the hand by a symbolic link", symlink, "the log being reviewed"},
		{"the hand by a hard link", hardlink, "the log being reviewed"},
		{"the night index", filepath.Join(dir, "night.idx"), "named like a table log"},
		{"another hand", hands[1], "named like a table log"},
		{"a hand under another name", file("backup.bin", b), "is a FALLING log (kind 'H')"},
		{"the index under another name", file("index.html", idx), "is a FALLING log (kind 'N')"},
		{"a log with a damaged header", file("damaged.html", badHeader), "starts like a FALLING log"},
		{"a new .fall", filepath.Join(other, "new.fall"), "named like a table log (.fall)"},
		{"a new .cont", filepath.Join(other, "hand-0001.fall.cont"), "named like a table log (.cont)"},
		{"a new .idx", filepath.Join(other, "new.idx"), "named like a table log (.idx)"},
		{"an index set aside", filepath.Join(other, "night.idx.damaged-2"), "night index set aside"},
		{"the referee's token", filepath.Join(dir, "referee-token"), "referee's control token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := snapshotDirs(t, dir, other)
			code, out, errs := runReviewTest("--html", tt.html, hands[0])
			if code != 2 || out != "" || !strings.Contains(errs, tt.why) || !strings.Contains(errs, "nothing written") {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want 2, nothing, %q", code, len(out), errs, tt.why)
			}
			if after := snapshotDirs(t, dir, other); after != before {
				t.Errorf("files changed:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// snapshotDirs is every file in dirs, with its size and contents' hash.
func snapshotDirs(t *testing.T, dirs ...string) string {
	t.Helper()
	var sb strings.Builder
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "%s %d %x\n", e.Name(), len(b), sha256.Sum256(b))
		}
	}
	return sb.String()
}
