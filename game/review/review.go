// Package review turns a hand's play log into what a referee reads: a
// timeline per seat, every contested moment with who pressed first and by
// how much and the table as it stood then, and the audit's findings. It is
// pure: a Hand in, a Review out, then text or a page from the Review.
package review

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/playlog"
)

// DefaultContest is how close presses by two or more seats must be to make
// a contested moment when nobody called a dispute.
const DefaultContest = 300 * time.Millisecond

// defaultTie stands in when the log does not say its tie window.
const defaultTie = 5 * time.Millisecond

// Options tune a review.
type Options struct {
	// Contest: presses by two or more seats within this of the first make a
	// contested moment. Zero means DefaultContest.
	Contest time.Duration
	// Loc is where wall times are shown; nil means time.Local.
	Loc *time.Location
}

// Kind is what a moment of the timeline is.
type Kind uint8

const (
	Deal    Kind = iota + 1 // a card dealt to the seat
	Ground                  // a Ground dealt to the seat
	Rider                   // a rider or Extra put in front of the seat
	Play                    // an action card played by the seat (Move, Push, Grab, Stop on a rider)
	Stop                    // a Stop saved the seat from the card dealt
	Press                   // the seat's button
	Out                     // the seat hit the ground
	Win                     // the seat won
	Sweep                   // the dealer swept the seat's rider
	PickUp                  // the seat picked up a card
	Refused                 // the engine refused an input
	Dispute                 // the dealer called a dispute
	Note                    // anything else: controls, reader, corrections, notes
	Gap                     // the log lost entries here, or went on in a continuation file
)

var kindNames = [...]string{"?", "deal", "ground", "rider", "play", "stop", "press", "out", "win", "sweep", "pick-up", "refused", "dispute", "note", "gap"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Moment is one line of the timeline.
type Moment struct {
	At      time.Duration // since the hand started: the kernel's stamp where there is one, else the log's monotonic time
	Seq     uint64        // the log entry
	Seat    int           // the lane; 0 for the dealer and the table
	Kind    Kind
	Text    string
	Contest int // 1-based index into Review.Contests of the contest this press belongs to, or 0
	// By is the seat that played the card of a rider or Extra moment, 0
	// when unknown: the moment is in the lane of the seat it landed on,
	// the play counts for the seat that made it.
	By int
}

// Contest is a contested moment: a dispute the dealer called, or presses by
// two or more seats close together.
type Contest struct {
	At      time.Duration // the first press (the window's opening for a dispute with no press)
	Seq     uint64        // the entry the table is shown at
	Called  bool          // the dealer called it; Logged is what the table announced
	Entry   uint64        // the dispute's entry, for a called one
	Logged  *playlog.Dispute
	Settled playlog.Dispute // recomputed here from the logged presses
	Tie     time.Duration   // the tie window it was settled with
	Verdict string          // "seat 3 first by 12.4 ms", "seat 2 and seat 5 tie (within 5 ms)"
	Ground  string          // what was being dealt: "a Ground was being dealt to seat 3", or ""
	Table   []string        // the table at that instant, a line each
	Differs string          // set when the announcement differs from the log
}

// Finding is something the audit of the log found wrong.
type Finding struct {
	At   time.Duration
	Seq  uint64
	Seat int
	Text string
}

// SeatSummary counts one seat's hand.
type SeatSummary struct {
	Seat                                         int
	Deals, Grounds, Riders, Plays, Presses, Stop int
	Out                                          time.Duration // when the seat hit the ground; -1 if it did not
	Won                                          bool
	// Declared: the table ended the hand naming another seat the winner
	// (game.DeclareWinner), this one still in as far as the log knows.
	Declared bool
}

// Review is a hand as the referee sees it.
type Review struct {
	Hand       *playlog.Hand
	Opt        Options
	Seats      []int // the fallers' seats in dealing order, then any other seat seen
	Dealer     int
	T0         time.Duration // the monotonic time all moments count from
	Length     time.Duration // from the start to the last entry
	Moments    []Moment      // in time order; log order among equal times
	Contests   []Contest
	Findings   []Finding
	Summary    []SeatSummary // in Seats order
	Mismatches []playlog.Mismatch
	ReplayErr  error // why the hand could not be replayed, if it could not
	Engine     int   // engine events replayed
	Winner     int   // seat, 0 if none
	// Declared: the table ended the hand and named the winner
	// (game.DeclareWinner): the seats it left in lost by that word.
	Declared bool
	// Audit is the dealer's end-of-hand audit as logged (nil when the log
	// has none), and AuditVerdict it in words. Its faults are in Findings;
	// Moved lists the cards it found where the log did not put them, which
	// is allowed (a Move, a Stop on a rider, unseen) and not a fault.
	Audit        *audit.Result
	AuditVerdict string
	Moved        []string
	// Lost counts the entries the log marked as lost (KindGap), Continued
	// the times it went on in a continuation file after its disk died.
	Lost, Continued int
}

// Analyze reviews h. It never fails: what cannot be worked out is said in
// the review.
func Analyze(h *playlog.Hand, opt Options) *Review {
	if opt.Contest <= 0 {
		opt.Contest = DefaultContest
	}
	if opt.Loc == nil {
		opt.Loc = time.Local
	}
	r := &Review{Hand: h, Opt: opt, Winner: h.Winner}
	if h.Start != nil {
		r.Seats = slices.Clone(h.Start.Seats)
		r.Dealer = h.Start.Dealer
	}
	for _, e := range h.Entries {
		if e.Mono != 0 {
			r.T0 = e.Mono
			break
		}
	}
	if n := len(h.Entries); n > 0 {
		r.Length = max(0, h.Entries[n-1].Mono-r.T0)
	}
	a := analyzer{r: r, tie: defaultTie, rec: audit.NewRecorder(), contestAt: map[uint64][]int{}, pressContest: map[uint64]int{}, ready: map[uint64]bool{}}
	if h.Start != nil && h.Start.TieWindow > 0 {
		a.tie = h.Start.TieWindow
	}
	a.prescan()
	a.findContests()
	a.walk()
	// Log order is engine order, but a press is logged a little after its
	// edge; the referee reads by time.
	slices.SortStableFunc(r.Moments, func(x, y Moment) int { return cmp.Compare(x.At, y.At) })
	a.summarize()
	return r
}

// at is when e happened, on the review's clock.
func (r *Review) at(e *playlog.Entry) time.Duration {
	if e.Kernel != 0 {
		return e.Kernel - r.T0
	}
	return e.Mono - r.T0
}

type analyzer struct {
	r   *Review
	tie time.Duration
	// contestAt lists, per press entry, the contests whose table is shown
	// as it stood at that entry.
	contestAt    map[uint64][]int
	pressContest map[uint64]int  // press entry → 1-based contest
	audit        []playlog.Entry // audit scans
	// rec rebuilds, during the replay, the record of the hand the audit
	// reasons from, so the review runs the dealer's audit again.
	rec *audit.Recorder
	// result is the dealer's logged audit verdict, nil if none: when there
	// is one it is the audit (its findings, logged one by one as well, are
	// shown from it once), and the review's run of the audit checks it.
	result *playlog.Entry
	// schema is the entry schema of the entry being read, as the replay
	// reads it (playlog.Hooks.Before). Before 10 the screens numbered a
	// deal's stack by the engine's index.
	schema int
	// ready marks the presses before the deal started: the fallers saying
	// "ready" for the count-in, all together by design, not a contest.
	ready map[uint64]bool
}

// prescan finds what the walk must know before it starts: the logged audit
// verdict and the presses that were only "ready".
func (a *analyzer) prescan() {
	es := a.r.Hand.Entries
	var start *playlog.Entry
	for i := range es {
		e := &es[i]
		switch {
		case e.Kind == playlog.KindAuditResult && e.Audit != nil:
			a.result = e
		case e.Kind == playlog.KindBeat && start == nil:
			start = e
		}
	}
	// The first beat ends the count-in. A log without beats (a hand of
	// computer fallers) had no count-in: all its presses are play.
	if start == nil {
		return
	}
	for i := range es {
		e := &es[i]
		if e.Kind == playlog.KindPress && (e.Seq < start.Seq || a.r.at(e) < a.r.at(start)) {
			a.ready[e.Seq] = true
		}
	}
}

// findContests works out the contested moments before the replay, so the
// replay can show the table at each.
func (a *analyzer) findContests() {
	r := a.r
	var presses []game.SeatPress
	var groups [][]game.SeatPress
	for i := range r.Hand.Entries {
		e := &r.Hand.Entries[i]
		switch {
		case e.Kind == playlog.KindPress && e.Seat > 0 && !a.ready[e.Seq]:
			presses = append(presses, game.SeatPress{Seat: e.Seat, Kernel: e.Kernel, Seq: e.Seq})
		case e.Kind == playlog.KindDispute && e.Dispute != nil:
			d := *e.Dispute
			// Settled as the dealer did: over its window up to the call.
			s := game.Settle(presses, d.Since, a.tie)
			if e.Kernel > 0 {
				s = game.SettleWindow(presses, d.Since, e.Kernel, a.tie)
			}
			c := Contest{Called: true, Logged: &d, Settled: s, Tie: a.tie, At: d.Since - r.T0, Seq: e.Seq, Entry: e.Seq}
			if len(s.Seats) > 0 {
				c.At = time.Duration(s.Times[0]) - r.T0
				c.Seq = firstPressSeq(presses, s.Seats[0], time.Duration(s.Times[0]))
			}
			c.Differs = differs(&d, &s, a.tie)
			r.Contests = append(r.Contests, c)
		}
	}
	// Uncalled contests: runs of presses, each within the window of the
	// run's first, by two or more seats.
	sorted := slices.Clone(presses)
	slices.SortStableFunc(sorted, func(x, y game.SeatPress) int { return cmp.Compare(x.Kernel, y.Kernel) })
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j].Kernel-sorted[i].Kernel <= a.r.Opt.Contest {
			j++
		}
		seats := map[int]bool{}
		for _, p := range sorted[i:j] {
			seats[p.Seat] = true
		}
		if len(seats) >= 2 {
			groups = append(groups, sorted[i:j])
		}
		i = j
	}
	called := slices.Clone(r.Contests)
	for _, g := range groups {
		if coveredByDispute(called, g) {
			continue
		}
		st := game.Settle(g, g[0].Kernel, a.tie)
		r.Contests = append(r.Contests, Contest{At: g[0].Kernel - r.T0, Seq: minSeq(g), Settled: st, Tie: a.tie})
	}
	slices.SortStableFunc(r.Contests, func(x, y Contest) int { return cmp.Compare(x.At, y.At) })
	for i := range r.Contests {
		c := &r.Contests[i]
		c.Verdict = verdict(&c.Settled, c.Tie)
		a.contestAt[c.Seq] = append(a.contestAt[c.Seq], i)
		// The presses that count (each seat's first) are marked in the
		// timeline.
		for k, seat := range c.Settled.Seats {
			if seq := firstPressSeq(presses, seat, time.Duration(c.Settled.Times[k])); seq != 0 && a.pressContest[seq] == 0 {
				a.pressContest[seq] = i + 1
			}
		}
	}
}

func firstPressSeq(ps []game.SeatPress, seat int, at time.Duration) uint64 {
	for _, p := range ps {
		if p.Seat == seat && p.Kernel == at {
			return p.Seq
		}
	}
	return 0
}

func minSeq(ps []game.SeatPress) uint64 {
	m := ps[0].Seq
	for _, p := range ps {
		m = min(m, p.Seq)
	}
	return m
}

// coveredByDispute: a run of presses the dealer called a dispute over is
// shown as that dispute, not twice.
func coveredByDispute(called []Contest, g []game.SeatPress) bool {
	for _, c := range called {
		if g[len(g)-1].Kernel >= c.Logged.Since && minSeq(g) < c.Entry {
			return true
		}
	}
	return false
}

// verdict says who was first in words.
func verdict(d *playlog.Dispute, tie time.Duration) string {
	switch {
	case len(d.Seats) == 0:
		return "nobody pressed"
	case len(d.Seats) == 1:
		return fmt.Sprintf("only seat %d pressed", d.Seats[0])
	case d.Tie:
		n := d.Tied(tie)
		return fmt.Sprintf("%s tie (within %s)", seatList(d.Seats[:n]), ms(tie))
	}
	return fmt.Sprintf("seat %d first by %s", d.Seats[0], ms(d.Margin))
}

// order lists every seat's press after the first with its lag.
func order(d *playlog.Dispute) string {
	if len(d.Seats) < 2 {
		return ""
	}
	parts := make([]string, 0, len(d.Seats))
	for i, s := range d.Seats {
		if i == 0 {
			parts = append(parts, fmt.Sprintf("seat %d", s))
			continue
		}
		parts = append(parts, fmt.Sprintf("seat %d +%s", s, ms(time.Duration(d.Times[i]-d.Times[0]))))
	}
	return strings.Join(parts, ", ")
}

func differs(logged, settled *playlog.Dispute, tie time.Duration) string {
	if logged.Winner == settled.Winner && logged.Tie == settled.Tie && logged.Tied(tie) == settled.Tied(tie) {
		return ""
	}
	return fmt.Sprintf("the table announced %q, but the presses in the log say %q", verdict(logged, tie), verdict(settled, tie))
}

func seatList(seats []int) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprintf("seat %d", s)
	}
	if len(parts) == 2 {
		return parts[0] + " and " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// ms formats a duration in milliseconds to a tenth.
func ms(d time.Duration) string {
	s := fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond))
	return strings.TrimSuffix(s, ".0") + " ms"
}

// before is what the replay knew just before an engine event.
type before struct {
	next     game.Instruction
	dealt    int
	out      []bool
	inferred int
	over     bool
	hand     int // the acting player's card, for a play
	riders   []int
	// numbers are each player's stacks as the screens numbered them
	// (game.Game.StackNumber), so a card inferred played from a stack is
	// placed where the table saw it, not by the engine's index.
	numbers [][]int
}

// stackNumber is player p's stack s as the screens numbered it before the
// event, else as g numbers it now (a stack the event made), else 0.
func (b *before) stackNumber(g *game.Game, p, s int) int {
	if p >= 0 && p < len(b.numbers) && s >= 0 && s < len(b.numbers[p]) && b.numbers[p][s] > 0 {
		return b.numbers[p][s]
	}
	return numberNow(g, p, s)
}

// numberNow is player p's stack s as the screens number it in g, 0 if
// there is no such stack.
func numberNow(g *game.Game, p, s int) int {
	if p >= 0 && p < g.NumPlayers() && s >= 0 && s < g.NumStacks(p) {
		return g.StackNumber(p, s)
	}
	return 0
}

func (a *analyzer) walk() {
	r := a.r
	var b before
	hooks := playlog.Hooks{
		Before: func(e *playlog.Entry, schema int, g *game.Game) {
			a.schema = schema
			for _, ci := range a.contestAt[e.Seq] {
				a.tableAt(&r.Contests[ci], g)
			}
			if e.Kind == playlog.KindPress {
				a.press(e, g)
				return
			}
			if e.Kind == playlog.KindApplied && e.Event != nil {
				b = a.snapshot(e.Event, g, b)
				a.rec.Before(g)
			}
		},
		After: func(e *playlog.Entry, g *game.Game) {
			if e.Kind == playlog.KindApplied && e.Event != nil {
				r.Engine++
				a.rec.Applied(g, *e.Event, e.Kernel)
				a.applied(e, g, &b)
				return
			}
			if _, ok := g.CardIndex(e.Card); ok && e.Kind == playlog.KindScan {
				a.rec.Read(e.Card)
			}
			if e.Kind != playlog.KindPress {
				a.raw(e)
			}
		},
	}
	if r.Hand.Start == nil {
		// No engine: the raw inputs still make a timeline.
		for i := range r.Hand.Entries {
			e := &r.Hand.Entries[i]
			if e.Kind == playlog.KindPress {
				a.press(e, nil)
			} else {
				a.raw(e)
			}
		}
		r.ReplayErr = playlog.ErrNoStart
		a.findAudit(nil)
		return
	}
	g, bad, err := playlog.ReplayWith(r.Hand, hooks)
	r.Mismatches, r.ReplayErr = bad, err
	for _, m := range bad {
		a.find(m.Seq, 0, "the log does not replay: "+m.String())
	}
	if errors.Is(err, playlog.ErrLostEntries) || errors.Is(err, playlog.ErrNewerSchema) {
		// Replay stopped at a hole, or where a newer version carried the
		// hand on: the hand as it stood there is not the hand the dealer
		// audited, so the dealer's verdict stands alone rather than beside
		// a re-run that counts a hand half played.
		a.findAudit(nil)
		return
	}
	if g != nil && r.Winner == 0 && g.Over() {
		r.Winner = g.Seat(g.Winner())
	}
	a.findAudit(g)
}

func (a *analyzer) snapshot(ev *game.Event, g *game.Game, b before) before {
	b.next = g.Next()
	b.dealt = g.Dealt()
	b.inferred = len(g.Inferences())
	b.over = g.Over()
	b.out = b.out[:0]
	b.riders = b.riders[:0]
	for p := range g.NumPlayers() {
		b.out = append(b.out, g.Out(p))
		b.riders = append(b.riders, g.Rider(p))
	}
	b.numbers = slices.Grow(b.numbers[:0], g.NumPlayers())[:g.NumPlayers()]
	for p := range g.NumPlayers() {
		b.numbers[p] = b.numbers[p][:0]
		n := 0 // game.Game.StackNumber, counted once for the seat
		for st := range g.NumStacks(p) {
			k := 0
			if g.Top(p, st) >= 0 {
				n++
				k = n
			}
			b.numbers[p] = append(b.numbers[p], k)
		}
	}
	b.hand = -1
	if ev.Kind == game.EvPlay && ev.Player >= 0 && ev.Player < g.NumPlayers() {
		b.hand = g.Hand(ev.Player)
	}
	return b
}

func (a *analyzer) add(m Moment) { a.r.Moments = append(a.r.Moments, m) }

// playedBy says who played the card of the moment just added.
func (a *analyzer) playedBy(seat int) { a.r.Moments[len(a.r.Moments)-1].By = seat }

func (a *analyzer) find(seq uint64, seat int, text string) {
	at := time.Duration(0)
	for i := range a.r.Hand.Entries {
		if e := &a.r.Hand.Entries[i]; e.Seq == seq {
			at = a.r.at(e)
			break
		}
	}
	a.r.Findings = append(a.r.Findings, Finding{At: at, Seq: seq, Seat: seat, Text: text})
}

func (a *analyzer) press(e *playlog.Entry, g *game.Game) {
	text := "press"
	if a.ready[e.Seq] {
		text = "press: ready"
	}
	if g != nil {
		if in := g.Next(); in.Action == game.ActLand && in.Seat == e.Seat {
			text = "press: Stop claim on the Ground"
		}
	}
	a.add(Moment{At: a.r.at(e), Seq: e.Seq, Seat: e.Seat, Kind: Press, Text: text, Contest: a.pressContest[e.Seq]})
}

func cardName(g *game.Game, c int) string {
	if c < 0 || c >= g.NumCards() {
		return "an unseen card"
	}
	return g.Card(c).String()
}

func seatOf(g *game.Game, p int) int {
	if p < 0 || p >= g.NumPlayers() {
		return 0
	}
	return g.Seat(p)
}

// applied turns one engine event into moments, by comparing the engine
// before and after it.
func (a *analyzer) applied(e *playlog.Entry, g *game.Game, b *before) {
	at := a.r.at(e)
	m := func(seat int, k Kind, format string, args ...any) {
		a.add(Moment{At: at, Seq: e.Seq, Seat: seat, Kind: k, Text: fmt.Sprintf(format, args...)})
	}
	ev := e.Event
	switch ev.Kind {
	case game.EvPlay:
		a.play(ev, g, b, m)
	case game.EvPickUp:
		if p := ev.Player; p >= 0 && p < g.NumPlayers() {
			m(g.Seat(p), PickUp, "picks up %s from stack %d", cardName(g, g.Hand(p)), ev.Stack+1)
		}
	case game.EvStep:
		if b.next.Action == game.ActSweep {
			m(b.next.Seat, Sweep, "dealer sweeps the %v", b.next.Rider)
		}
	case game.EvIdentify:
		at := fmt.Sprintf("seat %d", ev.Seat)
		if ev.Stack > 0 {
			at += fmt.Sprintf(", stack %d,", ev.Stack) // the stack the dealer was asked about
		}
		if ev.Card == "" {
			m(ev.Seat, Note, "the card dealt by hand to %s is no longer on top (n): picked up, it is taken for the next rider or Stop shown from the deck", at)
		} else if c, ok := g.CardIndex(ev.Card); ok {
			m(ev.Seat, Note, "the card dealt by hand to %s was %s", at, cardName(g, c))
		}
	case game.EvKnocked:
		m(ev.Seat, Note, "a stack of seat %d knocked over and gathered back (the dealer says): which card lay under which is no longer known", ev.Seat)
	case game.EvUnscanned:
		// The read's own moments stay above; this says why they no
		// longer hold.
		c, ok := g.CardIndex(ev.Card)
		switch {
		case ok && g.Over():
			// The card dealt unscanned landed (named a Ground, or the deck
			// held nothing else) and ended the hand: the read was dealt
			// after the end, and goes nowhere.
			why := "and was a Ground (the dealer says)"
			if ev.As != game.Ground {
				why = "(the dealer says), a Ground, the only kind left in the deck"
			}
			m(0, Note, "the card dealt before %s went unscanned %s: it landed, the dealer dealing on past it, and %s was dealt after the hand ended: it belongs to no one", cardName(g, c), why, cardName(g, c))
		case ok && ev.As == game.Ground:
			m(0, Note, "the card dealt before %s went unscanned and was a Ground (the dealer says): it landed, the dealer dealing on past it, and %s is read again where the light then asked", cardName(g, c), cardName(g, c))
		case ok:
			m(0, Note, "the card dealt before %s went unscanned (the dealer says): %s is read again where the light then asked, after a deal confirmed by hand", cardName(g, c), cardName(g, c))
		}
	case game.EvDeclared:
		// Everyone else goes out with it: no one hit the ground, so the
		// outs below are not said.
		m(ev.Seat, Win, "the table declares seat %d the winner: the lights had lost the hand, and the table played it to its end (the dealer's winner control)", ev.Seat)
		a.r.Declared = true
		return
	case game.EvConfirm:
		if ev.As != game.NoKind {
			m(0, Note, "dealer confirms by hand: a %v", ev.As)
		} else {
			m(0, Note, "dealer confirms by hand")
		}
	}
	if g.Dealt() > b.dealt {
		p, c, ground, ok := g.PendingDeal()
		seat, where := b.next.Seat, a.dealtWhere(b.next)
		switch {
		case ok && c < 0:
			m(seatOf(g, p), Ground, "dealt an imaginary GROUND")
		case ok && ground:
			m(seatOf(g, p), Ground, "dealt a GROUND (%s)", cardName(g, c))
		case ok:
			m(seatOf(g, p), Deal, "dealt %s, %s", cardName(g, c), where)
		default:
			m(seat, Deal, "dealt a card, %s", where)
		}
	}
	infs := g.Inferences()
	for i := b.inferred; i < len(infs); i++ {
		if game.ShownTakenBack(infs, i) {
			// The misread said again of a card it made shown after all:
			// no stray card, the deal the hold judged it.
			m(seatOf(g, infs[i].Player), Note, "%s is the card dealt there after all, the dealer says again: not shown there, as first judged", cardName(g, infs[i].Card))
			continue
		}
		a.inference(infs[i], g, b, e, at, m)
	}
	for p := range min(len(b.out), g.NumPlayers()) {
		if g.Out(p) && !b.out[p] {
			m(g.Seat(p), Out, "hits the ground: OUT")
		}
	}
	if g.Over() && !b.over {
		m(g.Seat(g.Winner()), Win, "last faller standing: WINS")
	}
}

func (a *analyzer) play(ev *game.Event, g *game.Game, b *before, m func(int, Kind, string, ...any)) {
	p, t := ev.Player, ev.Target
	if p < 0 || p >= g.NumPlayers() || b.hand < 0 {
		return
	}
	seat, k := g.Seat(p), g.Card(b.hand).Kind
	tseat := seatOf(g, t)
	switch {
	case k == game.Stop && ev.Stop == game.StopDeal:
		m(seat, Stop, "plays a Stop on the card dealt: saved")
	case k == game.Stop && ev.Stop == game.StopRider:
		m(seat, Play, "Stop discards seat %d's rider", tseat)
	case k == game.Stop:
		m(seat, Play, "Stop cancels the card just played")
	case k.IsRider() && t == p:
		m(tseat, Rider, "%v, played on themselves", k)
		a.playedBy(seat)
	case k.IsRider():
		m(tseat, Rider, "%v, played on them by seat %d", k, seat)
		a.playedBy(seat)
	case k == game.Extra:
		m(tseat, Rider, "Extra on their rider, from seat %d", seat)
		a.playedBy(seat)
	case k == game.Move && t >= 0 && t < len(b.riders) && p < len(b.riders) && b.riders[p] >= 0:
		m(seat, Play, "Move: gives their %v to seat %d", g.Card(b.riders[p]).Kind, tseat)
	case (k == game.Move || k == game.Grab) && t >= 0 && t < len(b.riders) && b.riders[t] >= 0:
		m(seat, Play, "%v: takes seat %d's %v", k, tseat, g.Card(b.riders[t]).Kind)
	default:
		m(seat, Play, "%v on seat %d", k, tseat)
	}
}

func (a *analyzer) inference(inf game.Inference, g *game.Game, b *before, e *playlog.Entry, at time.Duration, m func(int, Kind, string, ...any)) {
	seat := seatOf(g, inf.Player)
	name := cardName(g, inf.Card)
	from := place(g, inf.From, func(p, s int) int { return b.stackNumber(g, p, s) })
	// A card that came from a faller's stacks or hand was played by that
	// faller; one that was another seat's rider was carried by a Move
	// nobody saw, by whom the log cannot say.
	by := 0
	if inf.From.Zone == game.InStack || inf.From.Zone == game.InHand {
		by = seatOf(g, inf.From.Player)
	}
	switch inf.Kind {
	case game.InfRiderPlayed:
		m(seat, Rider, "rider %s seen, played unseen from %s", name, from)
		a.playedBy(by)
	case game.InfExtraPlayed:
		m(seat, Rider, "Extra %s seen, played unseen from %s", name, from)
		a.playedBy(by)
	case game.InfStopPlayed:
		if inf.From.Zone == game.InDiscard {
			// No faller plays from the discard pile: the engine had put
			// the Stop there on a guess (a stack picked up unseen, or a
			// Stop taken for one on a Ground dealt unread, dealt after
			// all: game.InfStopDealtAfterAll).
			m(seat, Stop, "Stop %s saves them (held after all: the engine had it discarded on a guess)", name)
			break
		}
		m(seat, Stop, "Stop %s saves them (from %s)", name, from)
	case game.InfRiderGone:
		m(seat, Note, "%s no longer there: stopped or moved unseen", name)
	case game.InfStackGone:
		m(seat, Note, "%s picked up unseen (stack reported gone)", name)
	case game.InfBlindDeal:
		if inf.From.Zone == game.InDiscard {
			// Not a deal confirmed now: a card read being dealt was the
			// stand-in for this seat's card dealt by hand, and with only
			// Grounds left in the deck a card the log had discarded is
			// taken for that card instead (game's standInFromDiscard).
			// Said plainly, the audit's "found in the discard pile" for
			// it reads as the guess it is, not as a faller's doing.
			m(seat, Note, "%s, from the discard pile, is taken for the card dealt by hand to seat %d: the card read was still in the deck (a guess)", name, seat)
			break
		}
		m(seat, Note, "deal confirmed by hand: the card was not seen")
	case game.InfReadTakenBack:
		m(seat, Note, "%s was not there, the dealer says: its read is taken back (a stray card or a second read)", name)
	case game.InfDealtAfterAll:
		if inf.Card >= 0 && g.Card(inf.Card).Kind == game.Stop {
			m(seat, Note, "%s was the card dealt to seat %d, not a Stop on a Ground dealt unread: the dealer's misread, or the next card read being no Ground, says no Ground went back on the deck", name, seat)
			break
		}
		m(seat, Note, "%s was no rider there, the dealer says: it is the card dealt there (any card dealt there since it was read is dealt again where the light then asks)", name)
	case game.InfShownAfterAll:
		if inf.From.Zone == game.InDeck {
			m(seat, Note, "%s was shown there, not dealt there, the dealer says: it left the deck unread (dealt unscanned where the light did not lag), and was played as that seat's rider", name)
			break
		}
		m(seat, Note, "%s was shown there after all, the dealer says: played unseen, not dealt there (its deal is due again)", name)
	case game.InfUnscannedGround:
		m(seat, Note, "the card dealt unscanned was %s, scanned since: it landed as the dealer dealt on", name)
	case game.InfGoneTakenBack:
		// The gone's own moments stay above; this says why they no
		// longer hold.
		m(seat, Note, "there after all, the dealer says: the \"not there\" just said of seat %d is taken back", seat)
	case game.InfStoppedUnread:
		m(seat, Note, "%s was dealt unread to seat %d and Stopped: the seat pressed and showed a Stop where a card was due and only a Ground could be dealt (the Grounds wait at the bottom of the deck); it is back on the deck", name, seat)
	case game.InfStoppedFirstGround:
		m(seat, Note, "%s was dealt unread to seat %d and Stopped: the seat pressed and showed a Stop where a card was due, before any Ground had left the deck, a card dealt them by hand standing in (the first Ground may have been the card dealt unread); it is back on the deck. A nervous press before a Stop dealt them looks the same: the same Stop shown again at their own Ground would say so", name, seat)
	case game.InfStopDealtAfterAll:
		m(seat, Note, "%s, shown again at seat %d's own Ground, is taken for the card dealt them, not a Stop on a Ground dealt unread (their press then taken for a nervous one); the card dealt them by hand, which the Stop was taken for, stands in again where the deck still has a card for it, and where the Stop lay since is a guess", name, seat)
	case game.InfUnscannedTakenBack:
		// Likewise the unscanned's own moments (a Ground it landed, a
		// deal confirmed by hand) stay above.
		m(seat, Note, "misread, the dealer says: the \"unscanned\" just said of %s is taken back; no card went unscanned before it, and it lies where it was first read", name)
	}
}

// dealtWhere is a deal's stack as the screen told the dealer: as this
// engine numbers it (Instruction.Where), but in entries a writer before
// schema 10 wrote, by the engine's index, as that writer's screens said it.
func (a *analyzer) dealtWhere(in game.Instruction) string {
	if a.schema > 0 && a.schema < 10 && !in.NewStack {
		return fmt.Sprintf("stack %d", in.Stack+1)
	}
	return in.Where()
}

// place names a card's place as the table does; number is a stack's
// number on the screens (game.Game.StackNumber at the moment meant), 0 for
// none known, when the engine's index + 1 stands in.
func place(g *game.Game, pl game.Place, number func(p, s int) int) string {
	s := seatOf(g, pl.Player)
	switch pl.Zone {
	case game.InDeck:
		return "the deck"
	case game.InStack:
		k := pl.Stack + 1
		if n := number(pl.Player, pl.Stack); n > 0 {
			k = n
		}
		return fmt.Sprintf("seat %d's stack %d", s, k)
	case game.InHand:
		return fmt.Sprintf("seat %d's hand", s)
	case game.AsRider:
		return fmt.Sprintf("seat %d's rider", s)
	case game.AsExtra:
		return fmt.Sprintf("seat %d's Extra", s)
	case game.InDiscard:
		return "the discard pile"
	}
	return pl.Zone.String()
}

// raw turns an entry that is not engine input into a moment or finding.
func (a *analyzer) raw(e *playlog.Entry) {
	at := a.r.at(e)
	m := func(seat int, k Kind, format string, args ...any) {
		a.add(Moment{At: at, Seq: e.Seq, Seat: seat, Kind: k, Text: fmt.Sprintf(format, args...)})
	}
	switch e.Kind {
	case playlog.KindRefused:
		m(e.Seat, Refused, "refused: %s", e.Error)
		switch e.Rule {
		case game.RuleCardSeenTwice:
			a.find(e.Seq, e.Seat, "a card seen twice: "+e.Error)
		case game.RuleCardNotExpected:
			a.find(e.Seq, e.Seat, "a card where it cannot be: "+e.Error)
		case game.RuleUnknownCard:
			a.find(e.Seq, e.Seat, "a card not in this deck: "+e.Error)
		}
	case playlog.KindDispute:
		if e.Dispute != nil {
			contest := 0
			for i, c := range a.r.Contests {
				if c.Entry == e.Seq {
					contest = i + 1
				}
			}
			a.add(Moment{At: at, Seq: e.Seq, Seat: e.Dispute.Winner, Kind: Dispute, Contest: contest,
				Text: "dispute called: the table announced " + verdict(e.Dispute, a.tie)})
		}
	case playlog.KindControl:
		m(0, Note, "dealer: %s", e.Control)
	case playlog.KindCorrection:
		m(e.Seat, Note, "referee's correction: %s", e.Note)
	case playlog.KindNote:
		m(e.Seat, Note, "note: %s", e.Note)
	case playlog.KindPause:
		m(0, Note, "paused")
	case playlog.KindResume:
		m(0, Note, "resumed")
	case playlog.KindLateDeal:
		m(e.Seat, Note, "strict: card dealt %s after its beat", ms(e.Late))
	case playlog.KindAuditResult:
		if e.Audit != nil && e == a.result {
			m(0, Note, "audit: %s", e.Audit.Verdict())
		}
	case playlog.KindReader:
		m(0, Note, "reader: %s", e.Note)
	case playlog.KindLost:
		m(0, Note, "the kernel dropped %d button edges", e.Count)
		a.find(e.Seq, 0, fmt.Sprintf("%d button edges were lost by the kernel: a press near %.3f s may be missing from every ranking", e.Count, at.Seconds()))
	case playlog.KindGap:
		a.gap(e, at)
	case playlog.KindBeat:
		if e.Late > 0 {
			m(0, Note, "beat %d late by %s", e.Beat, ms(e.Late))
		}
	case playlog.KindAudit:
		a.auditEntry(e, m)
	case playlog.KindHandEnd:
		if e.Winner > 0 {
			m(e.Winner, Note, "hand over: seat %d wins", e.Winner)
		} else {
			m(0, Note, "hand over")
		}
	}
}

// gap shows a hole in the log where it happened: lost entries at the time
// of the first of them (the gap entry itself is written when the log took
// entries again), a continuation where the dead file stopped. Lost entries
// are a finding too: a press or a card may be among them.
func (a *analyzer) gap(e *playlog.Entry, at time.Duration) {
	g := e.Gap
	if g == nil {
		a.add(Moment{At: at, Seq: e.Seq, Kind: Gap, Text: "a gap in the log, its details unreadable"})
		a.find(e.Seq, 0, "a gap in the log whose details cannot be read: entries may be missing here")
		return
	}
	a.r.Lost += g.Lost
	if g.Continuation {
		a.r.Continued++
		// Where the dead file's disk stops: the entries logged again
		// after this one are older than it.
		if g.Moved > 0 {
			for i := range a.r.Hand.Entries {
				if m := &a.r.Hand.Entries[i]; m.Seq > e.Seq {
					at = a.r.at(m)
					break
				}
			}
		}
	}
	if g.Lost > 0 {
		at = g.First - a.r.T0
		a.r.Findings = append(a.r.Findings, Finding{At: at, Seq: e.Seq, Text: fmt.Sprintf("%d log entries lost from %.3f s to %.3f s (%s): a press, a card or an engine decision there may be missing from this review", g.Lost, at.Seconds(), (g.Last - a.r.T0).Seconds(), g.Reason)})
	}
	a.add(Moment{At: at, Seq: e.Seq, Kind: Gap, Text: g.TextIn(a.r.Opt.Loc)})
}

// auditEntry sorts a KindAudit entry: a scan (the reader's, naming a card)
// is kept for findAudit; the dealer's findings and verdict, which name a
// card too, are shown from the logged audit result when there is one, and
// on their own in logs from before it; anything else (a referee's note) is
// a finding.
func (a *analyzer) auditEntry(e *playlog.Entry, m func(int, Kind, string, ...any)) {
	// The dealer writes its verdict as "audit: ..." already.
	note := strings.TrimPrefix(e.Note, "audit: ")
	switch {
	case e.Source == playlog.FromDealer && a.result != nil:
	case e.Source == playlog.FromDealer && e.Card == "":
		m(0, Note, "audit: %s", note)
	case e.Source == playlog.FromDealer:
		m(e.Seat, Note, "audit: %s: %s", e.Card, note)
		a.find(e.Seq, e.Seat, fmt.Sprintf("audit: %s: %s", e.Card, note))
	case e.Card != "":
		a.audit = append(a.audit, *e)
	default:
		m(e.Seat, Note, "audit: %s", note)
		a.find(e.Seq, e.Seat, "audit: "+note)
	}
}

// loggedAudit turns the dealer's logged audit into findings, each impossible
// play with its reason, and the cards it found moved unseen.
func (a *analyzer) loggedAudit(g *game.Game) {
	e, res := a.result, a.result.Audit
	r := a.r
	r.Audit, r.AuditVerdict = res, res.Verdict()
	name := func(id string) string {
		if g != nil {
			if c, ok := g.CardIndex(id); ok {
				return cardName(g, c)
			}
		}
		return id
	}
	never := map[string]bool{}
	for _, id := range res.NeverSeen {
		never[id] = true
	}
	for _, id := range res.Missing {
		why := "not scanned at the audit"
		if never[id] {
			why += ", nor seen during the hand"
		}
		a.find(e.Seq, 0, fmt.Sprintf("a card missing: %s was %s", name(id), why))
	}
	for _, id := range res.SeenTwice {
		a.find(e.Seq, 0, fmt.Sprintf("a card seen twice: %s was scanned more than once at the audit", name(id)))
	}
	for _, id := range res.Unknown {
		a.find(e.Seq, 0, fmt.Sprintf("a card not in this deck: %s at the audit", id))
	}
	if res.DeckShort > 0 {
		a.find(e.Seq, 0, res.DeckShortSaid())
	}
	for _, ip := range res.Impossible {
		a.find(e.Seq, ip.Seat, fmt.Sprintf("an impossible play: %s played from seat %d's stack while under %s: %s", name(ip.Card), ip.Seat, name(ip.Under), ip.Why))
	}
	for _, mv := range res.Misplaced {
		believed := mv.Believed.Zone.String()
		if g != nil {
			believed = place(g, mv.Believed, func(p, s int) int { return numberNow(g, p, s) })
		}
		found := mv.Found
		if seat, deck, ok := audit.ParseGroup(found); ok {
			found = groupPlace(seat, deck)
		}
		r.Moved = append(r.Moved, fmt.Sprintf("%s found %s, the log had it in %s", name(mv.Card), found, believed))
	}
	for _, id := range res.Unseen {
		r.Moved = append(r.Moved, fmt.Sprintf("%s played out of sight, found in the discard pile", name(id)))
	}
}

// groupPlace says where an audit group was scanned.
func groupPlace(seat int, deck bool) string {
	switch {
	case deck:
		return "in the deck"
	case seat > 0:
		return fmt.Sprintf("in front of seat %d", seat)
	}
	return "in the discard pile"
}

// findAudit runs the end-of-hand audit again from the log: the audit's
// scans, in the groups the dealer scanned them in, against the hand as the
// replay ends it and the record of the hand rebuilt on the way. A logged
// verdict is the dealer's and is the one shown; the run checks it. A log
// without one (written before the dealer logged its verdict, or cut before
// it) gets the run's. g is nil when there was no replay.
func (a *analyzer) findAudit(g *game.Game) {
	defer func() {
		slices.SortStableFunc(a.r.Findings, func(x, y Finding) int { return cmp.Compare(x.Seq, y.Seq) })
	}()
	switch {
	case g == nil && a.result != nil:
		a.loggedAudit(nil)
		return
	case g == nil:
		a.scannedTwice()
		return
	case a.result == nil && len(a.audit) == 0:
		return // no audit was run
	}
	res := audit.Run(a.rec.Input(g, a.groups(g)))
	if a.result != nil {
		a.loggedAudit(g)
		if logged := a.result.Audit; logged != nil && logged.DeckShort == 0 && res.DeckShort > 0 {
			// A dealer from before the audit said the deck short logged
			// none: said on its own, the figure is no disagreement with
			// the rest of the verdict.
			a.find(a.result.Seq, 0, res.DeckShortSaid()+", run again from the log: the dealer's verdict does not say it (dealers before the audit counted it did not)")
			res.DeckShort = 0
		}
		if d := auditDiff(a.result.Audit, &res); d != "" {
			a.find(a.result.Seq, 0, "the audit run again from this log does not give the dealer's verdict: "+d)
		}
		return
	}
	last := a.audit[len(a.audit)-1]
	a.result = &playlog.Entry{Seq: last.Seq, Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Kernel: last.Kernel, Mono: last.Mono, Audit: &res}
	a.loggedAudit(g)
	a.r.AuditVerdict += " (run again from the log, which has no verdict of the dealer's)"
}

// groups are the audit's scans as the dealer grouped them: by the group's
// name, or in logs that name only the seat, by the seat (0: the discard
// pile).
func (a *analyzer) groups(g *game.Game) []audit.Group {
	var gs []audit.Group
	idx := map[string]int{}
	for _, e := range a.audit {
		name := e.Note
		seat, _, ok := audit.ParseGroup(name)
		if !ok {
			seat, name = max(e.Seat, 0), audit.Discard
			if seat > 0 {
				name = audit.SeatGroup(seat)
			}
		}
		i, ok := idx[name]
		if !ok {
			player := -1
			if seat > 0 {
				player = g.PlayerAt(seat)
			}
			i = len(gs)
			idx[name] = i
			gs = append(gs, audit.Group{Name: name, Player: player})
		}
		gs[i].Cards = append(gs[i].Cards, e.Card)
	}
	return gs
}

// scannedTwice is what a log that cannot be replayed still says of its
// audit: a card scanned twice.
func (a *analyzer) scannedTwice() {
	seen := map[string]uint64{}
	for _, e := range a.audit {
		if first, dup := seen[e.Card]; dup {
			a.find(e.Seq, e.Seat, fmt.Sprintf("a card seen twice: %s was scanned at the audit at entries %d and %d", e.Card, first, e.Seq))
			continue
		}
		seen[e.Card] = e.Seq
	}
}

// auditDiff says how two verdicts differ, or "" if they agree.
func auditDiff(logged, run *audit.Result) string {
	lb, err1 := json.Marshal(logged)
	rb, err2 := json.Marshal(run)
	if err1 == nil && err2 == nil && bytes.Equal(lb, rb) {
		return ""
	}
	return fmt.Sprintf("it logged %q, the log gives %q", logged.Verdict()+moved(logged), run.Verdict()+moved(run))
}

func moved(r *audit.Result) string {
	if len(r.Misplaced) == 0 {
		return ""
	}
	return fmt.Sprintf(", %d found where the log did not put them", len(r.Misplaced))
}

// tableAt writes down the table as it stood for a contest.
func (a *analyzer) tableAt(c *Contest, g *game.Game) {
	if p, card, ground, ok := g.PendingDeal(); ok && ground {
		what := "a Ground"
		if card < 0 {
			what = "an imaginary Ground"
		}
		c.Ground = fmt.Sprintf("%s was being dealt to seat %d", what, g.Seat(p))
	}
	c.Table = Table(g)
}

// Table describes the table in g, a line for the deck and one per faller.
func Table(g *game.Game) []string {
	lines := []string{fmt.Sprintf("deck: %s (%s); discard pile: %s", count(g.DeckSize(), "card"), count(g.GroundsInDeck(), "Ground"), count(len(g.Discards()), "card"))}
	for p := range g.NumPlayers() {
		if g.Out(p) {
			lines = append(lines, fmt.Sprintf("seat %-2d OUT", g.Seat(p)))
			continue
		}
		var stacks []string
		for s := range g.NumStacks(p) {
			st := g.Stack(p, s)
			if len(st) == 0 {
				stacks = append(stacks, "(empty)")
				continue
			}
			stacks = append(stacks, fmt.Sprintf("%v/%d", g.Card(st[len(st)-1]).Kind, len(st)))
		}
		line := fmt.Sprintf("seat %-2d stacks %-22s", g.Seat(p), strings.Join(stacks, " "))
		if r := g.Rider(p); r >= 0 {
			rider := g.Card(r).Kind.String()
			for range g.Extras(p) {
				rider += "+Extra"
			}
			line += " rider " + rider
		}
		if g.Holding(p) {
			line += " holds " + heldKind(g, g.Hand(p))
		}
		lines = append(lines, strings.TrimRight(line, " "))
	}
	return lines
}

// heldKind is the kind of card h, held: for the stand-in of a card dealt
// by hand that its faller was said to pick up (never read), the engine's
// guess, said as one.
func heldKind(g *game.Game, h int) string {
	if g.Blind(h) {
		return "a card dealt by hand, not read (guessed " + g.Card(h).Kind.String() + ")"
	}
	return g.Card(h).Kind.String()
}

func (a *analyzer) summarize() {
	r := a.r
	idx := map[int]int{}
	for _, s := range r.Seats {
		idx[s] = len(r.Summary)
		r.Summary = append(r.Summary, SeatSummary{Seat: s, Out: -1})
	}
	get := func(seat int) *SeatSummary {
		i, ok := idx[seat]
		if !ok {
			idx[seat] = len(r.Summary)
			i = len(r.Summary)
			r.Seats = append(r.Seats, seat)
			r.Summary = append(r.Summary, SeatSummary{Seat: seat, Out: -1})
		}
		return &r.Summary[i]
	}
	for _, m := range r.Moments {
		if m.Seat <= 0 {
			continue
		}
		s := get(m.Seat)
		switch m.Kind {
		case Deal:
			s.Deals++
		case Ground:
			s.Grounds++
		case Rider:
			s.Riders++
			if m.By > 0 {
				// get may grow Summary: s is not used after it.
				get(m.By).Plays++
			}
		case Play:
			s.Plays++
		case Press:
			s.Presses++
		case Stop:
			s.Stop++
		case Out:
			s.Out = m.At
		case Win:
			s.Won = true
		}
	}
	if r.Winner > 0 {
		if i, ok := idx[r.Winner]; ok {
			r.Summary[i].Won = true
		}
	}
	if r.Declared {
		for i := range r.Summary {
			r.Summary[i].Declared = !r.Summary[i].Won && r.Summary[i].Out < 0
		}
	}
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
