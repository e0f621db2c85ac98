package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/hw"
	"golang.org/x/term"
)

// frame is everything one screen shows: the dealer's view of the hand and
// what only the terminal knows.
type frame struct {
	V      dealer.View
	Rules  string
	You    int // the seat whose button is the keyboard, 0 for none
	Footer string
	// Names is the legend of the keys that name a card the reader did
	// not see, shown above the footer while the dealer may need them.
	Names []string
	// Report, at a hand's end, is what the night says of it; it takes the
	// messages' place.
	Report []string
}

const (
	screenWidth  = 80
	screenHeight = 24
)

// render draws f as exactly 24 lines of at most 80 columns: it must work over
// SSH in the smallest terminal. color adds ANSI colours.
func render(f *frame, color bool) []string {
	v := &f.V
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, clipANSI(fmt.Sprintf(format, args...), screenWidth))
	}
	state := fmt.Sprintf("beat %d", v.Beat)
	switch {
	case v.Paused:
		state = paint(color, "1;33", "PAUSED")
	case v.Phase == dealer.PhaseReady:
		state = "waiting for the fallers"
	case v.Phase == dealer.PhaseCountIn:
		state = "count-in"
	case v.Phase == dealer.PhaseOver || v.Phase == dealer.PhaseAudit:
		state = "hand over"
	case v.Waiting:
		state += " (waiting for the dealer)"
	}
	lines = append(lines, clipANSI(fmt.Sprintf("FALLING  %s rules  %.0f cards/min  %s  %s", f.Rules, v.Tempo, state, clockText(v.Now-v.Began)), screenWidth))
	add("%s", strings.Repeat("─", screenWidth))
	add(" seat  stacks (top card ×height)                          rider")
	for _, s := range v.Seats {
		if s.Dealer {
			continue
		}
		you := " "
		if s.Seat == f.You {
			you = "*"
		}
		var stacks, rider string
		switch {
		case s.Out:
			stacks = paint(color, "31", "hit the ground")
		case len(s.Stacks) == 0:
			stacks = "(no stack)"
		default:
			parts := make([]string, 0, len(s.Stacks))
			for _, st := range s.Stacks {
				if len(st) == 0 {
					parts = append(parts, "-")
					continue
				}
				parts = append(parts, fmt.Sprintf("%s×%d", st[len(st)-1].Kind, len(st)))
			}
			stacks = strings.Join(parts, " | ")
		}
		if s.Rider != nil {
			rider = s.Rider.Kind.String() + strings.Repeat("+Extra", len(s.Extras))
		}
		if s.Seat == v.Winner {
			rider = paint(color, "1;32", "WINNER") + " " + rider
		}
		row := fmt.Sprintf(" %s%2d%s %s", lamp(s.Light, color), s.Seat, you, padRight(stacks, 52))
		lines = append(lines, clipANSI(row+" "+rider, screenWidth))
	}
	add("%s", strings.Repeat("─", screenWidth))
	status := fmt.Sprintf(" deck %d cards (%d Grounds)   reader %s", v.DeckLeft, v.Grounds, readerText(v, color))
	if last := lastReadText(v); visible(status+last) <= screenWidth {
		add("%s", status+last)
	} else {
		// The watchdog's counts, once the reader was lost, leave no room
		// for it: the last read gets a line of its own rather than be cut
		// off when it is looked at most.
		add("%s", status)
		add(" %s", strings.TrimSpace(last))
	}
	if h := v.ReaderHealth; h != nil && h.Failing() {
		// What to do is the point of the line: wrapped, not cut.
		for _, l := range wrapWords("! card reader: "+h.Advice(), screenWidth-2) {
			add(" %s", paint(color, "33", l))
		}
	}
	if v.Log != "" {
		// Kept in sight while it holds: a message would scroll away, and
		// a hand going on unlogged must not look like one that is logged.
		lines = append(lines, clipANSI(" "+paint(color, "1;31", "PLAY LOG: "+v.Log), screenWidth))
	}
	switch {
	case v.Winner > 0 && v.Declared:
		add(" seat %d wins as the table declared (the lights had lost the hand); deals next", v.Winner)
	case v.Winner > 0:
		add(" seat %d wins and deals next", v.Winner)
	case v.StopWindow != nil:
		lines = append(lines, clipANSI(" "+paint(color, "1;31", fmt.Sprintf("GROUND on seat %d: press now to Stop it", v.StopWindow.Seat)), screenWidth))
	default:
		add(" DEALER: %s", instructionText(v.Instruction))
	}
	if d := v.Dispute; d != nil {
		lines = append(lines, clipANSI(" "+paint(color, "35", "DISPUTE: "+disputeText(d)), screenWidth))
	}
	var legend []string
	if v.Misread != "" {
		// A moment the misread key means something: said while the
		// dealer looks for the card at the seat.
		legend = append(legend, fmt.Sprintf("r misread: %s not at seat %d (a stray card, read twice)", v.Misread, v.Instruction.Seat))
	}
	if v.There != 0 {
		// Just after a "not there": a faller whose stack is right there
		// points at it.
		legend = append(legend, fmt.Sprintf("r take back: seat %d's stack (or rider) is there after all", v.There))
	}
	if v.Unsaid != "" {
		// Just after a b or an l: one pressed by mistake (l is beside k)
		// is taken back.
		legend = append(legend, fmt.Sprintf("r take back: the unscanned just said of %s (said by mistake)", v.Unsaid))
	}
	if naming(v) {
		legend = append(legend, f.Names...)
	}
	if n := screenHeight - len(lines) - 1; len(legend) > n {
		legend = legend[:max(n, 0)]
	}
	// The report, then the messages, fill what is left, newest last,
	// above the legend and the footer.
	room := screenHeight - len(lines) - 1 - len(legend)
	report := f.Report
	if len(report) > room {
		report = report[len(report)-room:]
	}
	for _, r := range report {
		add(" %s", r)
	}
	room -= len(report)
	msgs := v.Messages
	if len(msgs) > room {
		msgs = msgs[len(msgs)-room:]
	}
	for _, m := range msgs {
		text := " " + m.Text
		if m.Warning {
			text = " " + paint(color, "33", "! "+m.Text)
		}
		lines = append(lines, clipANSI(text, screenWidth))
	}
	for len(lines) < screenHeight-1-len(legend) {
		lines = append(lines, "")
	}
	for _, l := range legend {
		add(" %s", l)
	}
	add("%s", f.Footer)
	return lines
}

// naming reports whether the dealer may have a card to name by hand: the
// reader is gone, or the beat waits for a card (one the reader missed, or
// dealt to a stack that is gone) or a Ground's Stop window is open (a Stop
// shown unread).
func naming(v *dealer.View) bool {
	if v.Phase != dealer.PhaseDealing && v.Phase != dealer.PhaseCountIn {
		return false
	}
	lost := v.Reader == hw.ReaderLost || (v.ReaderHealth != nil && v.ReaderHealth.Failing())
	return lost || v.Waiting || v.StopWindow != nil
}

// namesLegend is the two lines of keys that name an unread card, for the
// kinds deck has.
func namesLegend(deck []game.Card) []string {
	has := map[game.Kind]bool{}
	for _, c := range deck {
		has[c.Kind] = true
	}
	card := nameLegend(func(k game.Kind) bool { return has[k] && !k.IsRider() && k != game.Extra })
	rider := nameLegend(func(k game.Kind) bool { return has[k] && (k.IsRider() || k == game.Extra) })
	lines := []string{"unread card: c a card  " + card + "   n its stack or rider is gone"}
	if rider != "" {
		lines = append(lines, "rider shown: "+rider)
	}
	return lines
}

// lastReadText is the card read last and how long ago, for a dealer who
// has just dealt one: whether the screen has taken it yet. "" before the
// first.
func lastReadText(v *dealer.View) string {
	if v.LastRead == "" {
		return ""
	}
	return fmt.Sprintf("   last read %s %.1fs ago", v.LastRead, (v.Now - v.LastReadAt).Seconds())
}

// readerText is the card reader on the status line: with a watchdog, its
// state and what it saw (cards read, times lost and reset), in red while
// the reader is not answering.
func readerText(v *dealer.View, color bool) string {
	h := v.ReaderHealth
	if h == nil {
		return v.Reader.String()
	}
	if h.Failing() {
		return paint(color, "1;31", h.Short())
	}
	return h.Short()
}

// wrapWords breaks s into lines of at most width columns at spaces; a word
// longer than width is left to be clipped.
func wrapWords(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = "  " + w // continued lines are indented under the "!"
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func instructionText(in game.Instruction) string {
	if in.Action == 0 {
		return "-"
	}
	return in.String()
}

func disputeText(d *dealer.Dispute) string {
	switch {
	case d.Tie:
		seats := make([]string, len(d.Tied))
		for i, s := range d.Tied {
			seats[i] = fmt.Sprint(s)
		}
		return "seats " + strings.Join(seats, " and ") + " tie"
	case d.Winner > 0 && len(d.Seats) > 1:
		return fmt.Sprintf("seat %d first, by %.1f ms", d.Winner, float64(d.Margin)/float64(time.Millisecond))
	case d.Winner > 0:
		return fmt.Sprintf("seat %d pressed, nobody else", d.Winner)
	}
	return "nobody pressed"
}

// lamp draws a seat's light as two cells in its colour.
func lamp(p hw.Pattern, color bool) string {
	if p.Kind == hw.Off {
		return "  "
	}
	if !color {
		switch {
		case p.Color == hw.Red:
			return "RR"
		case p.Kind == hw.Blink || p.Kind == hw.Pulse:
			return "<>"
		}
		return "[]"
	}
	return fmt.Sprintf("\x1b[48;2;%d;%d;%dm  \x1b[0m", p.Color.R, p.Color.G, p.Color.B)
}

func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
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

// clipANSI clips s to w visible columns, keeping escapes whole: a line cut
// short ends in "…" and a reset, so no colour runs on.
func clipANSI(s string, w int) string {
	if w < 1 {
		return ""
	}
	n, esc, cut, painted := 0, false, 0, false
	for i, r := range s {
		switch {
		case r == '\x1b':
			esc, painted = true, true
		case esc:
			if r == 'm' {
				esc = false
			}
		default:
			if n == w-1 {
				cut = i // room for the "…" that replaces the rest
			}
			if n == w {
				if !painted {
					// Colour off: a reset would show as "[0m" on a
					// terminal that does not read escapes.
					return s[:cut] + "…"
				}
				return s[:cut] + "…\x1b[0m"
			}
			n++
		}
	}
	return s
}

func padRight(s string, w int) string {
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

// screenFollower draws each hand the night plays. On a terminal it owns
// the whole 80×24 screen for the night: the terminal's alternate screen in
// raw mode, so nothing ever scrolls it, and what is printed after a hand
// (its result, the scoreboard) is kept for the normal screen when the night
// is over; the hand's last frame shows the result meanwhile. Elsewhere it
// prints each new message as a line.
type screenFollower struct {
	out         io.Writer
	in          io.Reader
	rules       string
	you         int
	color       bool
	interactive bool

	footer  string
	names   []string // the keys that name an unread card, for this hand's deck
	stop    func()   // ends the hand's subscription
	done    chan struct{}
	last    *dealer.View // the hand's latest view, for its final frame
	lastMu  sync.Mutex   // last is written by the drawing goroutine
	restore func()       // leaves the alternate screen and raw mode
	later   bytes.Buffer // what the normal screen shows after the night
}

// follow starts drawing p; the night calls it as each hand starts.
func (s *screenFollower) follow(p *night.Playing) {
	s.finish()
	s.footer = "p pause/resume   d dispute   c confirm   q quit"
	if s.you > 0 {
		s.footer = fmt.Sprintf("space: seat %d's button   ", s.you) + s.footer
	}
	s.names = namesLegend(p.Hand.Deck)
	if s.interactive && s.restore == nil {
		raw := rawTerminal(s.in)
		fmt.Fprint(s.out, "\x1b[?1049h\x1b[?25l\x1b[2J") // the alternate screen, no cursor
		s.restore = func() {
			fmt.Fprint(s.out, "\x1b[?25h\x1b[?1049l")
			raw()
		}
	}
	views, stop := p.Dealer.Subscribe()
	s.stop, s.done = stop, make(chan struct{})
	go func() {
		defer close(s.done)
		s.draw(views)
	}()
}

// finish stops drawing the hand.
func (s *screenFollower) finish() {
	if s.stop == nil {
		return
	}
	s.stop()
	<-s.done
	s.stop = nil
}

// printf writes what a person reads between hands: straight out without a
// screen; on one, it is kept for when the night is over, and shown at the
// bottom of the hand's last frame now.
func (s *screenFollower) printf(format string, args ...any) {
	if !s.interactive || s.restore == nil {
		fmt.Fprintf(s.out, format, args...)
		return
	}
	fmt.Fprintf(&s.later, format, args...)
	s.lastMu.Lock()
	v := s.last
	s.lastMu.Unlock()
	if v == nil {
		return
	}
	f := &frame{V: *v, Rules: s.rules, You: s.you, Footer: "the hand is over"}
	f.Report = strings.Split(strings.TrimRight(s.later.String(), "\n"), "\n")
	_ = draw(s.out, render(f, s.color))
}

// close gives the terminal back and prints what the night kept for it.
func (s *screenFollower) close() {
	s.finish()
	if s.restore != nil {
		s.restore()
		s.restore = nil
		_, _ = s.out.Write(s.later.Bytes())
		s.later.Reset()
	}
}

// draw shows each view the dealer publishes, at most 20 times a second,
// until the subscription ends.
func (s *screenFollower) draw(views <-chan dealer.View) {
	const minGap = 50 * time.Millisecond
	var last time.Time
	var pending *dealer.View
	tick := time.NewTicker(minGap)
	defer tick.Stop()
	printed := 0
	show := func(v dealer.View) {
		if s.interactive {
			s.lastMu.Lock()
			s.last = &v
			s.lastMu.Unlock()
			_ = draw(s.out, render(&frame{V: v, Rules: s.rules, You: s.you, Footer: s.footer, Names: s.names}, s.color))
			return
		}
		msgs := v.Messages
		if len(msgs) < printed {
			printed = 0 // the dealer keeps the latest few: start again
		}
		for _, m := range msgs[printed:] {
			fmt.Fprintf(s.out, "%8s  %s\n", clockText(m.At-v.Began), m.Text)
		}
		printed = len(msgs)
	}
	for {
		select {
		case v, ok := <-views:
			if !ok {
				if pending != nil {
					show(*pending)
				}
				return
			}
			if time.Since(last) >= minGap {
				show(v)
				last, pending = time.Now(), nil
			} else {
				pending = &v
			}
		case <-tick.C:
			if pending != nil {
				show(*pending)
				last, pending = time.Now(), nil
			}
		}
	}
}

// rawTerminal puts the terminal in raw mode for the night's keys; the func
// it returns undoes it.
func rawTerminal(stdin io.Reader) func() {
	f, ok := stdin.(*os.File)
	if !ok {
		return func() {}
	}
	old, err := term.MakeRaw(int(f.Fd()))
	if err != nil {
		return func() {}
	}
	return func() { _ = term.Restore(int(f.Fd()), old) }
}
