package review

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/falling-table/falling/game/playlog"
)

// Width is the terminal width the text review fits.
const Width = 80

// Text writes the review for a terminal: the hand's header, what is wrong
// with the log if anything, a line per seat, the timeline (one line per
// moment; pick-ups and sweeps are left to the page), each contested moment
// called out where it happened, and the audit's findings.
func Text(w io.Writer, r *Review) error {
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format+"\n", args...) }
	h := r.Hand
	title := "Hand " + h.ID
	if h.Start != nil {
		title += " · " + h.Start.Rules.Name + " rules"
	}
	if !h.Created.IsZero() {
		title += " · started " + h.Created.In(r.Opt.Loc).Format("2006-01-02 15:04:05 MST")
	}
	p("%s", title)
	if st := h.Start; st != nil {
		p("Fallers: seats %s · dealer seat %d · tempo %g cards/min", ints(st.Seats), st.Dealer, st.Tempo)
		p("Windows: Stop %s · tie %s · contest %s", secs(st.StopWindow), ms(r.contestTie()), ms(r.Opt.Contest))
	}
	wrapTo(bw, "Log: ", r.logState())
	switch {
	case r.Winner > 0:
		p("Winner: seat %d · length %s", r.Winner, secs(r.Length))
	case h.Ended:
		p("No winner · length %s", secs(r.Length))
	default:
		p("Unfinished: the log stops at %s", secs(r.Length))
	}
	for _, s := range r.problems() {
		wrapTo(bw, "  ! ", s)
	}

	p("")
	p("Seat  deals  Grounds  riders  plays  presses  Stops  out")
	for _, s := range r.Summary {
		out := "-"
		switch {
		case s.Won:
			out = "WON"
		case s.Declared:
			out = "lost: the table declared the winner"
		case s.Out >= 0:
			out = fmt.Sprintf("%.3f s", s.Out.Seconds())
		}
		p("%4d  %5d  %7d  %6d  %5d  %7d  %5d  %s", s.Seat, s.Deals, s.Grounds, s.Riders, s.Plays, s.Presses, s.Stop, out)
	}

	p("")
	p("    time  seat  what")
	last := r.lastMoments()
	for i, m := range r.Moments {
		if m.Kind == PickUp || m.Kind == Sweep {
			continue
		}
		seat := "   -"
		if m.Seat > 0 {
			seat = fmt.Sprintf("%4d", m.Seat)
		}
		text := m.Text
		if m.Kind == Gap {
			text = "GAP: " + text
		}
		if m.Contest > 0 {
			text += fmt.Sprintf("  [contest %d]", m.Contest)
		}
		wrapTo(bw, fmt.Sprintf("%8.3f  %s  ", m.At.Seconds(), seat), text)
		for _, c := range last[i] {
			r.writeContest(bw, c, "          | ")
		}
	}

	p("")
	if len(r.Contests) == 0 {
		p("Contested moments: none")
	} else {
		p("Contested moments (%d):", len(r.Contests))
		for i, c := range r.Contests {
			wrapTo(bw, fmt.Sprintf("  %d. ", i+1), fmt.Sprintf("%.3f s: %s", c.At.Seconds(), c.Verdict))
		}
	}
	p("")
	if r.AuditVerdict != "" {
		wrapTo(bw, "", "The dealer's audit: "+r.AuditVerdict)
		if len(r.Moved) > 0 {
			p("  moved or played out of sight (allowed), found where the log did not put them:")
			for _, m := range r.Moved {
				wrapTo(bw, "    ", m)
			}
		}
	}
	if len(r.Findings) == 0 {
		p("Audit findings: none")
	} else {
		p("Audit findings (%d):", len(r.Findings))
		for _, f := range r.Findings {
			where := "     "
			if f.Seat > 0 {
				where = fmt.Sprintf("seat %d", f.Seat)
			}
			wrapTo(bw, fmt.Sprintf("  %8.3f s  %-7s ", f.At.Seconds(), where), f.Text)
		}
	}
	return bw.Flush()
}

// writeContest is the inline call-out of contest i.
func (r *Review) writeContest(w io.Writer, i int, bar string) {
	c := &r.Contests[i]
	wrapTo(w, bar, fmt.Sprintf("CONTEST %d at %.3f s: %s", i+1, c.At.Seconds(), c.Verdict))
	in := bar + "  "
	if !c.Called {
		wrapTo(w, in, "presses close together; no dispute was called")
	}
	if o := order(&c.Settled); o != "" {
		wrapTo(w, in, "first presses: "+o)
	}
	if c.Called {
		if c.Differs != "" {
			wrapTo(w, in, "NOTE: "+c.Differs)
		} else {
			wrapTo(w, in, "dispute called; the table announced the same at the time")
		}
	}
	if c.Ground != "" {
		wrapTo(w, in, c.Ground)
	}
	if len(c.Table) > 0 {
		wrapTo(w, in, "the table at that instant:")
		for _, l := range c.Table {
			wrapTo(w, in+"  ", l)
		}
	}
}

// lastMoments maps a moment's index to the contests to call out after it:
// after the dispute's entry for a called one, after the last counted press
// otherwise.
func (r *Review) lastMoments() map[int][]int {
	at := map[int]int{}
	for i, m := range r.Moments {
		if m.Contest > 0 {
			at[m.Contest-1] = i
		}
	}
	for ci, c := range r.Contests {
		if !c.Called {
			continue
		}
		for i, m := range r.Moments {
			if m.Kind == Dispute && m.Seq == c.Entry {
				at[ci] = i
			}
		}
	}
	out := map[int][]int{}
	for ci := range r.Contests {
		if i, ok := at[ci]; ok {
			out[i] = append(out[i], ci)
		}
	}
	return out
}

// gapsOf counts the entries h's log marked as lost and says whether it
// went on in a continuation file, for the night's one line per hand.
func gapsOf(h *playlog.Hand) (lost int, continued bool) {
	for _, e := range h.Entries {
		if e.Kind == playlog.KindGap && e.Gap != nil {
			lost += e.Gap.Lost
			continued = continued || e.Gap.Continuation
		}
	}
	return lost, continued
}

func (r *Review) contestTie() time.Duration {
	if r.Hand.Start != nil && r.Hand.Start.TieWindow > 0 {
		return r.Hand.Start.TieWindow
	}
	return defaultTie
}

func (r *Review) logState() string {
	h := r.Hand
	s := fmt.Sprintf("%d entries", len(h.Entries))
	switch h.Damage.Kind {
	case 0:
		s += ", intact"
	default:
		s += ", DAMAGED (see below)"
	}
	if r.Lost > 0 {
		s += fmt.Sprintf(", %d entries LOST (see below)", r.Lost)
	}
	if r.Continued > 0 {
		s += fmt.Sprintf(", its disk failed: goes on in %d continuation file(s)", r.Continued)
	}
	switch {
	case r.ReplayErr != nil:
		s += "; not replayed: " + r.ReplayErr.Error()
	case len(r.Mismatches) > 0:
		s += fmt.Sprintf("; does NOT replay: %d mismatches in %d engine events", len(r.Mismatches), r.Engine)
	default:
		s += fmt.Sprintf("; replays exactly (%d engine events)", r.Engine)
	}
	return s
}

// problems is everything to read before trusting the review.
func (r *Review) problems() []string {
	var out []string
	if d := r.Hand.DamageText(); d != "" {
		out = append(out, d)
	}
	return append(out, r.Hand.Problems...)
}

// NightText writes the night's hands and scoreboard.
func NightText(w io.Writer, n *playlog.Night, loc *time.Location) error {
	if loc == nil {
		loc = time.Local
	}
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format+"\n", args...) }
	title := "Night"
	if n.ID != "" {
		title += " " + n.ID
	}
	p("%s: %d hands in %s", title, len(n.Hands), n.Dir)
	for _, s := range n.Problems {
		wrapTo(bw, "  ! ", s)
	}
	p("")
	p("hand  started   length   fallers          dealer  winner  log")
	for _, nh := range n.Hands {
		id := nh.ID
		if id == "" {
			id = nh.File
		}
		if nh.Hand == nil {
			wrapTo(bw, fmt.Sprintf("%-5s unreadable: ", id), errText(nh.Err))
			continue
		}
		h := nh.Hand
		started := "-"
		if !nh.Start.IsZero() {
			started = nh.Start.In(loc).Format("15:04:05")
		}
		fallers, dealer := "?", "?"
		if h.Start != nil {
			fallers, dealer = ints(h.Start.Seats), fmt.Sprint(h.Start.Dealer)
		}
		winner := "-"
		switch {
		case nh.Winner > 0:
			winner = fmt.Sprint(nh.Winner)
		case !nh.Ended:
			winner = "unfinished"
		}
		state := "ok"
		lost, continued := gapsOf(h)
		switch {
		case h.Damage.Kind != 0:
			state = h.Damage.Kind.String()
		case lost > 0:
			state = fmt.Sprintf("%d entries LOST", lost)
		case continued:
			state = "disk failed: continued"
		case len(h.Problems) > 0:
			state = fmt.Sprintf("%d problems", len(h.Problems))
		}
		p("%-5s %-9s %-8s %-16s %-7s %-7s %s", id, started, secs(handLength(h)), fallers, dealer, winner, state)
	}
	p("")
	p("Scoreboard")
	p("seat  played  won  dealt")
	for _, s := range n.Scores {
		p("%4d  %6d  %3d  %5d", s.Seat, s.Played, s.Won, s.Dealt)
	}
	return bw.Flush()
}

func errText(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

func handLength(h *playlog.Hand) time.Duration {
	var first, last time.Duration
	for _, e := range h.Entries {
		if e.Mono == 0 {
			continue
		}
		if first == 0 {
			first = e.Mono
		}
		last = e.Mono
	}
	return last - first
}

func ints(v []int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " ")
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// wrapTo writes text after prefix, wrapped at Width with continuation
// lines indented to the prefix.
func wrapTo(w io.Writer, prefix, text string) {
	indent := strings.Repeat(" ", len([]rune(prefix)))
	room := max(Width-len([]rune(prefix)), 20)
	if len([]rune(text)) <= room {
		// Fits: keep its own spacing, which may align columns.
		fmt.Fprintln(w, strings.TrimRight(prefix+text, " "))
		return
	}
	line := prefix
	n := 0
	for _, word := range strings.Fields(text) {
		wl := len([]rune(word))
		if n > 0 && n+1+wl > room {
			fmt.Fprintln(w, line)
			line, n = indent, 0
		}
		if n > 0 {
			line += " "
			n++
		}
		line += word
		n += wl
	}
	fmt.Fprintln(w, strings.TrimRight(line, " "))
}
