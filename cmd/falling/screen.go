package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
)

// frame is everything one screen shows. It is built from a snapshot of the
// hand so rendering never races the dealer.
type frame struct {
	G        *game.Game
	Next     game.Instruction
	Rules    string
	Tempo    float64
	Beat     int64
	Elapsed  time.Duration
	Paused   bool
	You      int      // the seat whose button is the keyboard, 0 for none
	Lit      int      // the seat whose light is on
	Red      bool     // the lit seat is red: a Ground
	Messages []string // newest last
	Footer   string
}

const (
	screenWidth  = 80
	screenHeight = 24
)

// render draws f as at most 24 lines of at most 80 columns: it must work over
// SSH in the smallest terminal. color adds ANSI colours.
func render(f *frame, color bool) []string {
	g := f.G
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, clip(fmt.Sprintf(format, args...), screenWidth))
	}
	state := fmt.Sprintf("beat %d", f.Beat)
	if f.Paused {
		state = "PAUSED"
	}
	add("FALLING  %s rules  %.0f cards/min  %s  %s", f.Rules, f.Tempo, state, clock(f.Elapsed))
	add("%s", strings.Repeat("─", screenWidth))
	add(" seat  stacks (top card ×height)                          rider")
	for p := 0; p < g.NumPlayers(); p++ {
		seat := g.Seat(p)
		mark := "  "
		switch {
		case seat == f.Lit && f.Red:
			mark = paint(color, "41", "██")
		case seat == f.Lit:
			mark = paint(color, "42", "██")
		}
		you := " "
		if seat == f.You {
			you = "*"
		}
		var stacks, rider string
		if g.Out(p) {
			stacks = paint(color, "31", "hit the ground")
		} else {
			stacks = stackText(g, p)
			if h := g.Hand(p); h >= 0 {
				stacks += "  hand:" + g.Card(h).Kind.String()
			}
		}
		if r := g.Rider(p); r >= 0 {
			rider = g.Card(r).Kind.String()
			if n := len(g.Extras(p)); n > 0 {
				rider += strings.Repeat("+Extra", n)
			}
		}
		row := fmt.Sprintf(" %s%2d%s %s", mark, seat, you, padRight(stacks, 52, color))
		lines = append(lines, clipANSI(row+" "+rider, screenWidth))
	}
	add("%s", strings.Repeat("─", screenWidth))
	add(" deck %d cards (%d Grounds)   discard %d   dealt %d   pass %d", g.DeckSize(), g.GroundsInDeck(), len(g.Discards()), g.Dealt(), g.Passes())
	add(" DEALER: %s", f.Next.String())
	// Messages fill what is left, newest last, leaving the footer line.
	room := screenHeight - len(lines) - 1
	msgs := f.Messages
	if len(msgs) > room {
		msgs = msgs[len(msgs)-room:]
	}
	for _, m := range msgs {
		add(" %s", m)
	}
	for len(lines) < screenHeight-1 {
		lines = append(lines, "")
	}
	add("%s", f.Footer)
	return lines
}

func stackText(g *game.Game, p int) string {
	if g.NumStacks(p) == 0 {
		return "(no stack)"
	}
	parts := make([]string, 0, g.NumStacks(p))
	for s := 0; s < g.NumStacks(p); s++ {
		st := g.Stack(p, s)
		if len(st) == 0 {
			parts = append(parts, "-")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s×%d", g.Card(st[len(st)-1]).Kind, len(st)))
	}
	return strings.Join(parts, " | ")
}

func clock(d time.Duration) string {
	d = d.Round(time.Second)
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

func paint(color bool, code, s string) string {
	if !color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// visible counts the runes of s that take a column, skipping ANSI escapes.
func visible(s string) int {
	n, esc := 0, false
	for _, r := range s {
		switch {
		case r == '\x1b':
			esc = true
		case esc:
			if r == 'm' {
				esc = false
			}
		default:
			n++
		}
	}
	return n
}

func clip(s string, w int) string {
	r := []rune(s)
	if len(r) > w {
		return string(r[:w-1]) + "…"
	}
	return s
}

// clipANSI clips s to w visible columns, keeping escapes whole.
func clipANSI(s string, w int) string {
	if visible(s) <= w {
		return s
	}
	var b strings.Builder
	n, esc := 0, false
	for _, r := range s {
		switch {
		case r == '\x1b':
			esc = true
		case esc:
			if r == 'm' {
				esc = false
			}
		default:
			if n == w-1 {
				b.WriteString("…\x1b[0m")
				return b.String()
			}
			n++
		}
		b.WriteRune(r)
	}
	return b.String()
}

func padRight(s string, w int, _ bool) string {
	if v := visible(s); v < w {
		return s + strings.Repeat(" ", w-v)
	}
	return clipANSI(s, w)
}

// draw writes the frame over the previous one: home the cursor and clear each
// line as it is written, so a slow SSH link never shows a blank screen.
func draw(w io.Writer, lines []string) error {
	var b strings.Builder
	b.WriteString("\x1b[H")
	for i, l := range lines {
		b.WriteString(l)
		b.WriteString("\x1b[K")
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	b.WriteString("\x1b[J")
	_, err := io.WriteString(w, b.String())
	return err
}
