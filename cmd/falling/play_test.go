package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/hw/config"
)

// falling play --fast plays simulated hands to the end without waiting,
// writes their logs, and the winner deals the next hand.
func TestPlayFast(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"play", "--fast", "--log-dir", dir, "--seed", "3", "--hands", "2", "--fallers", "4"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"hand 1: seat ", "hand 2: seat ", "audit: every card accounted for", "the night so far"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	hands, _ := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
	if len(hands) != 2 {
		t.Fatalf("hand logs %v", hands)
	}
	for _, h := range hands {
		out.Reset()
		if code := run(context.Background(), []string{"review", h}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "replays exactly") {
			t.Fatalf("review %s: exit %d\n%s", h, code, out.String())
		}
	}
}

func TestPlayRefusesBadFlags(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "table.yaml")
	if err := os.WriteFile(cfg, []byte("seats: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--hands", "-1"}, "--hands"},
		{[]string{"--fast", "--fallers", "1"}, "--fallers 1"},
		{[]string{"--fast", "--fallers", "12"}, "--fallers 12"},
		{[]string{"--serve", ":0"}, "--serve needs --log-dir"},
		{[]string{"--fast", "--show-token"}, "--show-token goes with --serve"},
		{[]string{"--fast", "--rules", "poker"}, "unknown rule set"},
		{[]string{"--fast", "--mode", "jazz"}, "unknown mode"},
		{[]string{"--fast", "--tempo", "5000"}, "tempo 5000"},
		{[]string{"--config", filepath.Join(t.TempDir(), "none.yaml"), "--log-dir", t.TempDir()}, "board config is refused"},
		{[]string{"--config", cfg, "--log-dir", t.TempDir()}, "table.yaml:"},
		{[]string{"--config", cfg}, "--config needs --log-dir: a real table's hands are logged"},
		{[]string{"--config", cfg, "--hands", "0"}, "--config needs --log-dir"},
		{[]string{"stray"}, "unexpected argument"},
		{[]string{"--config", cfg, "--log-dir", t.TempDir(), "--fast"}, "--fast: for the simulated table only"},
		{[]string{"--config", cfg, "--log-dir", t.TempDir(), "--seat", "3", "--seed", "4"}, "--seat, --seed: for the simulated table only"},
		{[]string{"--fast", "--deck", "d.txt"}, "--deck goes with --config"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"play"}, c.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("play %v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// falling play --resume is for the real table, and needs the night's logs.
func TestPlayResumeRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--resume"}, "--resume needs --config: only the real table"},
		{[]string{"--resume", "--fast", "--log-dir", t.TempDir()}, "--resume needs --config"},
		{[]string{"--resume", "--config", filepath.Join(t.TempDir(), "table.yaml")}, "--resume needs --log-dir"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"play"}, c.args...), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("play %v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}

// A second falling play on a log folder another is writing is refused
// before it deals, saying why, and changes nothing there: no hand, and
// with --serve not the first play's referee token either.
func TestPlayRefusesAFolderInUse(t *testing.T) {
	for _, args := range [][]string{
		{"--fast", "--seed", "3"},
		{"--fast", "--seed", "3", "--serve", "127.0.0.1:0"},
	} {
		dir := t.TempDir()
		first, err := playlog.OpenNight(dir, wal.Options{})
		if err != nil {
			t.Fatal(err)
		}
		token := filepath.Join(dir, "referee-token")
		if err := os.WriteFile(token, []byte("the first play's token\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"play", "--log-dir", dir}, args...), nil, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "another falling play is writing its night in this log folder") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out.String(), errb.String())
		}
		if hands, _ := filepath.Glob(filepath.Join(dir, "hand-*")); len(hands) != 0 {
			t.Errorf("%v: hands left: %v", args, hands)
		}
		if b, err := os.ReadFile(token); err != nil || string(b) != "the first play's token\n" {
			t.Errorf("%v: the first play's token is now %q (%v)", args, b, err)
		}
		if err := first.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// "the log keeps what happened" is said only when there is a log, and
// --resume offered only where a hand can be resumed.
func TestStoppedMessage(t *testing.T) {
	for _, c := range []struct {
		o         playOptions
		has, lack string
	}{
		{playOptions{}, "no log was kept", "log keeps"},
		{playOptions{logDir: "night"}, "its log in night keeps what happened", "--resume"},
		{playOptions{logDir: "/var/lib/falling", config: "t.yaml"}, "keeps it unfinished: falling play --resume carries it on", "no log"},
	} {
		if got := stoppedMessage(c.o); !strings.Contains(got, c.has) || strings.Contains(got, c.lack) {
			t.Errorf("%+v: %q, want %q and not %q", c.o, got, c.has, c.lack)
		}
	}
}

// Stopped with no log folder, play no longer claims a log keeps the hand.
func TestPlayStoppedWithoutALog(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"play", "--fast", "--seed", "3"}, nil, &out, &errb)
	if code != 0 || strings.Contains(out.String(), "log keeps") || !strings.Contains(out.String(), "no log was kept") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// "with no buttons it still tracks cards" (product.md): a table with no
// seat button and no panel cannot say its fallers are ready, so its hands
// start on their own instead of waiting for ever (a headless cards-only
// table hung at "press your button when you are ready").
func TestHasSeatButton(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats []config.Seat
		want  bool
	}{
		{"buttons at every seat", []config.Seat{{Number: 1, Button: 5}, {Number: 2, Button: 6}}, true},
		{"one seat with a button", []config.Seat{{Number: 1, NoButton: true}, {Number: 2, Button: 6}}, true},
		{"cards only", []config.Seat{{Number: 1, NoButton: true}, {Number: 2, NoButton: true}}, false},
	} {
		if got := hasSeatButton(&config.Board{Seats: c.seats}); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A half-enrolled deck plays, but the table is told what it lacks: with no
// Ground a hand ends only on imaginary ones.
func TestDeckShort(t *testing.T) {
	spec := game.DeckSpec{Move: true}
	full := game.NewDeck(spec)
	if msg := deckShort(full, spec); msg != "" {
		t.Errorf("the whole deck: %q", msg)
	}
	var noGround []game.Card
	for _, c := range full {
		if c.Kind != game.Ground {
			noGround = append(noGround, c)
		}
	}
	msg := deckShort(noGround, spec)
	if !strings.Contains(msg, "it lacks") || !strings.Contains(msg, "Ground") || strings.Contains(msg, "Hit") {
		t.Errorf("a deck without its Grounds: %q", msg)
	}
	if msg := deckShort(full[:1], spec); !strings.Contains(msg, fmt.Sprintf("1 of the %d cards", len(full))) {
		t.Errorf("one card: %q", msg)
	}
}
