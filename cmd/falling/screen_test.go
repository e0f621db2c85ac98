package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/reader"
)

// views plays a simulated hand with n fallers through the dealer and
// returns every view it published.
func views(t *testing.T, n int, seed uint64) []dealer.View {
	t.Helper()
	seats := make([]int, n+1)
	for i := range seats {
		seats[i] = i + 1
	}
	fallers := game.SeatsAfter(n+1, seats)
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(seed, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: fallers, Seed: seed, StopWindow: 1500 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: game.Official(), Seats: fallers, Deck: deck}, Dealer: n + 1,
		Cards: tb.Cards(), Tempo: dealer.Tempo{Start: 60}, CountIn: 2, WaitReady: true,
		StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, discardLog{})
	if err != nil {
		t.Fatal(err)
	}
	// Snapshots on the virtual clock, every quarter second of the hand:
	// deterministic, unlike a subscriber that sees what scheduling lets it.
	var all []dealer.View
	for at := time.Duration(0); at < 20*time.Minute; at += 250 * time.Millisecond {
		tb.Clock.At(at, func() {
			if v := d.View(); len(all) == 0 || v.Now != all[len(all)-1].Now {
				all = append(all, v)
			}
		})
	}
	tb.Start()
	if _, err := d.RunStepped(context.Background(), tb.Clock); err != nil {
		t.Fatal(err)
	}
	all = append(all, d.View())
	return all
}

// The screen must fit an 80×24 terminal over SSH in every state of a hand,
// with as many fallers as a table can have.
func TestScreenFits80x24(t *testing.T) {
	names := namesLegend(game.NewDeck(game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}))
	for _, n := range []int{2, 5, 8} {
		for i, v := range views(t, n, uint64(n)) {
			v.Messages = append(v.Messages, dealer.Message{Text: strings.Repeat("a very long message that goes on and on ", 4), Warning: true})
			v.Log = strings.Repeat("the play log is in a very bad way ", 4)
			if i%2 == 0 {
				v.Reader = hw.ReaderLost // the legend of the keys that name a card
			}
			for _, color := range []bool{false, true} {
				lines := render(&frame{V: v, Rules: "official", You: 1, Footer: "space: seat 1's button   p pause/resume   d dispute   c confirm   q quit", Names: names}, color)
				if len(lines) != screenHeight {
					t.Fatalf("%d fallers: %d lines", n, len(lines))
				}
				for _, l := range lines {
					if visible(l) > screenWidth {
						t.Fatalf("%d fallers: a line of %d columns: %q", n, visible(l), l)
					}
				}
			}
		}
	}
}

func TestScreenShowsTheHand(t *testing.T) {
	all := views(t, 4, 3)
	var mid, last string
	for _, v := range all {
		text := strings.Join(render(&frame{V: v, Rules: "official", You: 1}, false), "\n")
		// Which views a subscriber sees depends on scheduling; any view
		// of a deal in progress must show the dealer's instruction.
		if mid == "" && v.Instruction.Action == game.ActDeal && v.StopWindow == nil && v.Winner == 0 && v.DeckLeft < 40 {
			mid = text
		}
		last = text
	}
	for _, want := range []string{"FALLING  official rules", "DEALER: ", "×", "deck "} {
		if !strings.Contains(mid, want) {
			t.Errorf("mid-hand screen lacks %q:\n%s", want, mid)
		}
	}
	for _, want := range []string{"WINNER", "wins and deals next", "hit the ground"} {
		if !strings.Contains(last, want) {
			t.Errorf("final screen lacks %q:\n%s", want, last)
		}
	}
	// A hand the table ended says so: the lights did not find its winner.
	v := all[len(all)-1]
	v.Declared = true
	declared := strings.Join(render(&frame{V: v, Rules: "official", You: 1}, false), "\n")
	if !strings.Contains(declared, "wins as the table declared") || !strings.Contains(declared, "deals next") || strings.Contains(last, "wins as the table declared") {
		t.Errorf("declared screen:\n%s\nlights' own screen:\n%s", declared, last)
	}
}

// A play log in trouble stays on the screen for as long as it is, however
// many messages come after the one that announced it.
func TestScreenKeepsTheLogTroubleInSight(t *testing.T) {
	all := views(t, 4, 3)
	v := all[len(all)/2]
	v.Log = "the log's disk failed: the hand goes on in hand-0001.fall.cont"
	for i := range 40 {
		v.Messages = append(v.Messages, dealer.Message{Text: fmt.Sprintf("message %d", i)})
	}
	text := strings.Join(render(&frame{V: v, Rules: "official", You: 1}, false), "\n")
	if !strings.Contains(text, "PLAY LOG: the log's disk failed: the hand goes on in hand-0001.fall.cont") {
		t.Fatalf("the screen lost the log's trouble:\n%s", text)
	}
	v.Log = ""
	if text := strings.Join(render(&frame{V: v, Rules: "official", You: 1}, false), "\n"); strings.Contains(text, "PLAY LOG") {
		t.Fatalf("a healthy log is flagged:\n%s", text)
	}
}

// A line wider than the screen is cut to exactly its width, ends in "…"
// and a reset so no colour runs on, and keeps the escapes before the cut.
func TestClipANSI(t *testing.T) {
	red := "\x1b[31m"
	for _, tc := range []struct {
		name, in string
		w        int
		want     string
	}{
		{"short", "abc", 5, "abc"},
		{"exactly the width", "abcde", 5, "abcde"},
		{"one too many, colour off: no escape", "abcdef", 5, "abcd…"},
		{"escapes take no column", red + "abcde\x1b[0m", 5, red + "abcde\x1b[0m"},
		{"colour cut short is reset", red + "abcdefgh", 5, red + "abcd…\x1b[0m"},
		{"a rune of several bytes takes one column", "ééééééé", 3, "éé…"},
		{"no room", "abc", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := clipANSI(tc.in, tc.w)
			if got != tc.want {
				t.Fatalf("clipANSI(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
			}
			if tc.w > 0 && visible(got) > tc.w {
				t.Fatalf("%q takes %d columns", got, visible(got))
			}
		})
	}
}

// discardLog keeps no hand: the screen tests need only the views.
type discardLog struct{}

func (discardLog) Append(playlog.Entry) error { return nil }

// "The terminal screen fits 80×24 at every moment" (issue 11): on a
// terminal the night owns the alternate screen, every write there is a
// whole 24-line frame drawn from the top, nothing is printed below it to
// scroll it, and the hands' results reach the normal screen when the night
// is over.
func TestScreenNightNeverScrolls(t *testing.T) {
	s, err := night.Resolve(nil, night.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	scr := &screenFollower{out: &out, rules: "official", interactive: true}
	n, err := night.New(night.Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 2, OnHand: scr.follow},
		night.NewSimTable(night.SimOptions{Settings: s, Seed: 9}))
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Run(context.Background(), func(r night.HandResult) {
		scr.finish()
		report(scr.printf, r, 9)
	}); err != nil {
		t.Fatal(err)
	}
	scr.close()
	text := out.String()
	enter, leave := strings.Index(text, "\x1b[?1049h"), strings.LastIndex(text, "\x1b[?1049l")
	if enter != 0 || leave < 0 {
		t.Fatalf("the night did not use the alternate screen: enter at %d, leave at %d", enter, leave)
	}
	inside := strings.TrimPrefix(text[:leave], "\x1b[?1049h\x1b[?25l\x1b[2J")
	frames := strings.Split(inside, "\x1b[H")
	if frames[0] != "" {
		t.Fatalf("%q written before the first frame", frames[0])
	}
	for i, f := range frames[1:] {
		if rows := strings.Count(f, "\r\n") + 1; rows != screenHeight || strings.Count(f, "\n") != screenHeight-1 {
			t.Fatalf("frame %d has %d rows (%d newlines): %q", i, rows, strings.Count(f, "\n"), f)
		}
		for _, l := range strings.Split(f, "\r\n") {
			if w := visible(strings.ReplaceAll(strings.ReplaceAll(l, "\x1b[K", ""), "\x1b[J", "")); w > screenWidth {
				t.Fatalf("frame %d: a row of %d columns: %q", i, w, l)
			}
		}
	}
	last := frames[len(frames)-1]
	if !strings.Contains(last, "hand 2: seat ") || !strings.Contains(last, "the hand is over") {
		t.Errorf("the last frame does not show the hand's result:\n%s", last)
	}
	after := text[leave:]
	for _, want := range []string{"hand 1: seat ", "hand 2: seat ", "audit: "} {
		if !strings.Contains(after, want) {
			t.Errorf("the normal screen after the night lacks %q: %q", want, after)
		}
	}
}

// A reader that hangs mid-hand shows on the screen: not answering, with
// what to do, then back, with the time it was lost and the reset counted.
// The reader is the PN532 model, the real driver and the real reader
// service, reset by its watchdog through RSTPDN.
func TestScreenShowsTheReadersHealth(t *testing.T) {
	s, err := night.Resolve(nil, night.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	const hangAt = 15 * time.Second
	var screens []string
	n, err := night.New(night.Config{Settings: s, Seats: []int{1, 2, 3, 4, 5}, Hands: 1, OnHand: func(p *night.Playing) {
		clk := p.Hand.Hardware.Clock.(interface{ At(time.Duration, func()) })
		for at := hangAt - time.Second; at < hangAt+4*time.Second; at += 50 * time.Millisecond {
			clk.At(at, func() {
				lines := render(&frame{V: p.Dealer.View(), Rules: "official"}, false)
				for _, l := range lines {
					if visible(l) > screenWidth {
						t.Errorf("a line of %d columns: %q", visible(l), l)
					}
				}
				screens = append(screens, strings.Join(lines, "\n"))
			})
		}
	}}, night.NewSimTable(night.SimOptions{Settings: s, Seed: 8, OnTable: func(tb *simtable.Table) {
		tb.Clock.At(hangAt, func() { tb.Chip.Hang(pn532test.HangHoldClock) })
	}}))
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	hung, back := -1, -1
	for i, sc := range screens {
		switch {
		case hung < 0 && strings.Contains(sc, "reader not answering, ") && strings.Contains(sc, "! card reader: check the reader's wiring") &&
			strings.Contains(sc, "\n   keeps retrying and resetting it"):
			hung = i
		case hung >= 0 && back < 0 && strings.Contains(sc, "reader ok, ") && strings.Contains(sc, "lost 1×, reset 1×"):
			back = i
		}
	}
	if hung < 0 || back < 0 {
		t.Fatalf("the screen never showed the reader hung, then back and reset (hung at %d, back at %d); first:\n%s\nlast:\n%s",
			hung, back, screens[0], screens[len(screens)-1])
	}
	if strings.Contains(screens[back], "! card reader:") {
		t.Errorf("the advice stays once the reader is back:\n%s", screens[back])
	}
}

func TestWrapWords(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  []string
	}{
		{"short", 20, []string{"short"}},
		{"one two three four", 9, []string{"one two", "  three", "  four"}},
		{"a verylongwordindeed b", 8, []string{"a", "  verylongwordindeed", "  b"}},
		{"", 10, nil},
	} {
		got := wrapWords(tc.in, tc.width)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}

// The keys that name a card the reader did not see are on the screen while
// the dealer may need them (the reader gone, the beat waiting for a card),
// for the kinds the deck has, and not otherwise.
func TestScreenShowsTheNamingKeys(t *testing.T) {
	all := views(t, 4, 3)
	var v dealer.View
	for _, x := range all {
		if x.Phase == dealer.PhaseDealing && !x.Waiting && x.StopWindow == nil {
			v = x
			break
		}
	}
	names := namesLegend(game.NewDeck(game.DeckSpec{Move: true}))
	text := func(v dealer.View) string {
		return strings.Join(render(&frame{V: v, Rules: "official", You: 1, Footer: "footer", Names: names}, false), "\n")
	}
	if got := text(v); strings.Contains(got, "g Ground") {
		t.Fatalf("the naming keys show with the reader working and nothing awaited:\n%s", got)
	}
	v.Reader = hw.ReaderLost
	got := text(v)
	for _, want := range []string{"c a card", "g Ground", "t Stop", "n its stack or rider is gone", "h Hit", "s Split", "k Skip", "e Extra"} {
		if !strings.Contains(got, want) {
			t.Errorf("the reader gone, the screen lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Anvil") {
		t.Errorf("a key for an Anvil the deck does not have:\n%s", got)
	}
	if lines := strings.Split(got, "\n"); lines[len(lines)-1] != "footer" || !strings.Contains(lines[len(lines)-2], "h Hit") {
		t.Errorf("the legend is not just above the footer:\n%s", got)
	}
	// A card just read as a rider at the seat lit: the misread key is
	// offered, above the footer, the reader working or not.
	v.Reader = hw.ReaderOK
	v.Misread = "Hit-3"
	if lines := strings.Split(text(v), "\n"); !strings.Contains(lines[len(lines)-2], "r misread: Hit-3 not at seat") {
		t.Errorf("the screen does not offer r for the read to take back just above the footer:\n%s", strings.Join(lines, "\n"))
	}
	v.Misread = ""
	if got := text(v); strings.Contains(got, "r misread") {
		t.Errorf("r offered with no read to take back:\n%s", got)
	}
	// Just after a "not there": the take-back is offered.
	v.There = 3
	if lines := strings.Split(text(v), "\n"); !strings.Contains(lines[len(lines)-2], "r take back: seat 3's stack (or rider) is there after all") {
		t.Errorf("the screen does not offer r to take the not there back just above the footer:\n%s", strings.Join(lines, "\n"))
	}
	v.There = 0
	if got := text(v); strings.Contains(got, "r take back") {
		t.Errorf("r offered with no not there to take back:\n%s", got)
	}
	// Just after a b or an l: its take-back is offered.
	v.Unsaid = "Ground-3"
	if lines := strings.Split(text(v), "\n"); !strings.Contains(lines[len(lines)-2], "r take back: the unscanned just said of Ground-3") {
		t.Errorf("the screen does not offer r to take the unscanned back just above the footer:\n%s", strings.Join(lines, "\n"))
	}
	v.Unsaid = ""
	if got := text(v); strings.Contains(got, "r take back") {
		t.Errorf("r offered with no unscanned to take back:\n%s", got)
	}
	v.Reader = hw.ReaderLost
	// The expert deck's whole legend fits, uncut.
	names = namesLegend(game.NewDeck(game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}))
	if got := text(v); !strings.Contains(got, "a Anvil  u Chute  o Goggles") || strings.Contains(got, "…") {
		t.Errorf("the expert deck's legend is cut:\n%s", got)
	}
}

// On a Pi the table's clock counts from boot: the screen shows the hand's
// own time ("169:06 resumed after a power cut" was the Pi's uptime).
func TestScreenCountsFromTheHandsStart(t *testing.T) {
	v := views(t, 2, 1)[0]
	v.Began, v.Now = 10146*time.Second, 10146*time.Second+65*time.Second
	head := render(&frame{V: v, Rules: "official", You: 1}, false)[0]
	if !strings.HasSuffix(strings.TrimSpace(head), " 1:05") {
		t.Errorf("header %q, want the hand's 1:05", head)
	}
}

// The card read last shows on the screen (dealer.View's LastRead) for a
// dealer who has just dealt one and looks whether it was taken: most of
// all once the reader has been lost and is back, when the watchdog's
// counts lengthen the status line, and clipped at 80 columns it was cut
// off there.
func TestScreenShowsTheLastReadBesideALongReaderLine(t *testing.T) {
	v := views(t, 5, 5)[0]
	v.ReaderHealth = &reader.Health{State: reader.HealthOK, Reads: 230, Lost: 3, Resets: 3}
	v.LastRead, v.LastReadAt = "extra-5", v.Now-1500*time.Millisecond
	for _, color := range []bool{false, true} {
		lines := render(&frame{V: v, Rules: "official", You: 1}, color)
		text := strings.Join(lines, "\n")
		if !strings.Contains(text, "last read extra-5 1.5s ago") || !strings.Contains(text, "lost 3×, reset 3×") {
			t.Errorf("color %v: the last read or the reader's counts cut off:\n%s", color, text)
		}
		if len(lines) != screenHeight {
			t.Errorf("color %v: %d lines", color, len(lines))
		}
		for _, l := range lines {
			if visible(l) > screenWidth {
				t.Errorf("color %v: a line of %d columns: %q", color, visible(l), l)
			}
		}
	}
}
