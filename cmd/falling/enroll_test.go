package main

import (
	"bytes"
	"context"
	"github.com/spf13/pflag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/game/enroll"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// simTable is the simulated table as enrollment sees it.
type simTable struct {
	clk    *hwtest.Virtual
	reader *hwtest.Reader
	lights *hwtest.Lights
	sound  *hwtest.Sound
	closed bool
}

func newSimTable() *simTable {
	clk := hwtest.NewVirtual(time.Second)
	return &simTable{clk: clk, reader: hwtest.NewReader(clk, nil), lights: hwtest.NewLights(clk), sound: hwtest.NewSound(clk)}
}

func (s *simTable) open(context.Context, string) (enroll.Table, func() error, error) {
	return enroll.Table{Reader: s.reader, Lights: s.lights, Seats: []int{1, 2, 3, 4}, Sound: s.sound, Clock: s.clk},
		func() error { s.closed = true; return nil }, nil
}

// TestEnrollCommand enrolls the expert cards on the simulated table, stops,
// starts again where it stopped, and then replaces a lost card.
func TestEnrollCommand(t *testing.T) {
	deck := filepath.Join(t.TempDir(), "deck.txt")
	type step struct {
		scan int    // hwtest.Tag number; 0 with key
		key  string // a typed line
	}
	runs := []struct {
		name  string
		args  []string
		steps []step
		code  int
		says  []string
		file  string // the deck afterwards, as Summary says it
	}{
		{
			name:  "first run, stopped",
			args:  []string{"--composition", "expert", "--kinds", "anvil,chute,goggles"},
			steps: []step{{scan: 1}, {scan: 1}, {scan: 2}, {key: "q"}},
			code:  0,
			says: []string{"deck file " + deck + ": no cards", "[Anvil 0/1] now the Anvils: scan each of the 1 Anvil cards",
				"Anvil 1 enrolled", "[Chute 0/1] now the Chutes", "[Chute 0/1] refused: this is Anvil 1, not a Chute", "Chute 1 enrolled", "stopped"},
			file: "2 cards (1 Anvil, 1 Chute)",
		},
		{
			name:  "resumed",
			args:  []string{"--composition", "expert", "--kinds", "Anvil,Chute,Goggles"},
			steps: []step{{scan: 3}},
			code:  0,
			says:  []string{"deck file " + deck + ": 2 cards", "[Goggles 0/1] now the Goggles", "deck complete: 3 cards (1 Anvil, 1 Chute, 1 Goggles)"},
			file:  "3 cards (1 Anvil, 1 Chute, 1 Goggles)",
		},
		{
			name:  "the Chute is lost",
			args:  []string{"--replace", "chute:1"},
			steps: []step{{scan: 1}, {scan: 9}},
			code:  0,
			says:  []string{"replacing Chute 1", "refused: this is Anvil 1, not a Chute", "Chute 1 is now tag " + hwtest.Tag(9).String() + "; its old tag " + hwtest.Tag(2).String() + " is retired"},
			file:  "3 cards (1 Anvil, 1 Chute, 1 Goggles)",
		},
	}
	for _, r := range runs {
		synctest.Test(t, func(t *testing.T) {
			tbl := newSimTable()
			inR, inW := io.Pipe()
			var stdout, stderr lockedBuffer
			codec := make(chan int, 1)
			args := append([]string{"--config", "table.yaml", "--deck", deck}, r.args...)
			go func() { codec <- enrollWith(t.Context(), args, tbl.open, inR, &stdout, &stderr) }()
			synctest.Wait()
			for _, s := range r.steps {
				if s.scan != 0 {
					tbl.reader.ScanAt(hwtest.Tag(s.scan), tbl.clk.Now())
					tbl.clk.Advance(time.Second)
				} else if _, err := io.WriteString(inW, s.key+"\n"); err != nil {
					t.Fatal(err)
				}
				synctest.Wait()
			}
			code := <-codec
			_ = inW.Close()
			if code != r.code {
				t.Errorf("%s: exit %d, want %d; stderr %s", r.name, code, r.code, stderr.String())
			}
			out := stdout.String()
			for _, w := range r.says {
				if !strings.Contains(out, w) {
					t.Errorf("%s: output does not say %q:\n%s", r.name, w, out)
				}
			}
			if !tbl.closed {
				t.Errorf("%s: the table was not closed", r.name)
			}
			d, err := deckfile.Read(deck)
			if err != nil {
				t.Fatalf("%s: %v", r.name, err)
			}
			if got := enroll.Summary(d); got != r.file {
				t.Errorf("%s: deck file holds %s, want %s", r.name, got, r.file)
			}
		})
	}
	d, err := deckfile.Read(deck)
	if err != nil {
		t.Fatal(err)
	}
	if e, st := d.Lookup(hwtest.Tag(2)); st != deckfile.Retired || e.Name() != "Chute 1" {
		t.Errorf("the lost Chute's tag is %v %v, want retired", e, st)
	}
	if err := game.ValidateDeck(d.GameCards()); err != nil {
		t.Errorf("the engine refuses the enrolled deck: %v", err)
	}
}

// TestEnrollCommandRefuses checks every way the command refuses to start,
// each before the hardware is opened unless the table is the problem.
func TestEnrollCommandRefuses(t *testing.T) {
	dir := t.TempDir()
	badDeck := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(badDeck, []byte("falling-deck 1\ncard 04:01 Hit 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noReader := filepath.Join(dir, "table.yaml")
	if err := os.WriteFile(noReader, []byte("seats:\n  - {seat: 1, button: 5}\n  - {seat: 2, button: 6}\n  - {seat: 3, button: 16}\n  - {seat: 4, button: 17}\nsound:\n  device: none\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deck := filepath.Join(dir, "deck.txt")
	for _, tt := range []struct {
		name string
		args []string
		real bool // open the table from the config, not the simulated one
		want string
	}{
		{"no config", []string{"--deck", deck}, false, "--config FILE is required"},
		{"no deck", []string{"--config", "x.yaml"}, false, "--deck FILE is required"},
		{"stray argument", []string{"--config", "x", "--deck", deck, "now"}, false, `unexpected argument "now"`},
		{"bad deck file", []string{"--config", "x", "--deck", badDeck}, false, `bad.txt:2: "04:01": bad card UID: 2 bytes`},
		{"bad composition", []string{"--config", "x", "--deck", deck, "--composition", "deluxe"}, false, `unknown composition "deluxe"`},
		{"bad kind", []string{"--config", "x", "--deck", deck, "--kinds", "Hit,Hitt"}, false, `--kinds: unknown card kind "Hitt"`},
		{"kind not in composition", []string{"--config", "x", "--deck", deck, "--kinds", "Move", "--composition", "original"}, false, "has no Move cards"},
		{"bad replace", []string{"--config", "x", "--deck", deck, "--replace", "Hit:0"}, false, `--replace "Hit:0": card number "0"`},
		{"replace in an empty deck", []string{"--config", "x", "--deck", deck, "--replace", "Hit"}, false, "the deck has no Hits"},
		{"missing config", []string{"--config", filepath.Join(dir, "nope.yaml"), "--deck", deck}, true, "nope.yaml"},
		{"table without reader", []string{"--config", noReader, "--deck", deck}, true, "the table has no card reader"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			open := openEnrollTable(func(context.Context, string) (enroll.Table, func() error, error) {
				t.Fatal("the table was opened")
				return enroll.Table{}, nil, nil
			})
			if tt.real {
				open = openPiTable
			}
			var stdout, stderr bytes.Buffer
			if code := enrollWith(context.Background(), tt.args, open, strings.NewReader(""), &stdout, &stderr); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.want)
			}
			if _, err := os.Stat(deck); err == nil {
				t.Errorf("a refused run wrote %s", deck)
			}
		})
	}
}

// TestEnrollCommandSaveFails: a deck file that cannot be written stops
// enrollment with exit 1 and says which card is not in.
func TestEnrollCommandSaveFails(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tbl := newSimTable()
		var stdout, stderr lockedBuffer
		deck := filepath.Join(t.TempDir(), "gone", "deck.txt")
		codec := make(chan int, 1)
		go func() {
			codec <- enrollWith(t.Context(), []string{"--config", "t", "--deck", deck}, tbl.open, strings.NewReader(""), &stdout, &stderr)
		}()
		tbl.reader.ScanAt(hwtest.Tag(1), tbl.clk.Now())
		tbl.clk.Advance(time.Second)
		synctest.Wait()
		if code := <-codec; code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if !strings.Contains(stdout.String(), "Hit 1 was NOT saved") || !strings.Contains(stderr.String(), "saving Hit 1") {
			t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
		}
		if tbl.sound.Count(hw.CueDealHere) != 0 {
			t.Error("an unsaved card was sounded as accepted")
		}
	})
}

// enrollWith runs falling enroll on the table open opens.
func enrollWith(ctx context.Context, args []string, open openEnrollTable, stdin io.Reader, stdout, stderr io.Writer) int {
	c := enrollCommand()
	c.flags = func(fs *pflag.FlagSet) runner { return enrollFlags(fs, open) }
	return execute(ctx, []command{c}, append([]string{"enroll"}, args...), stdin, stdout, stderr)
}
