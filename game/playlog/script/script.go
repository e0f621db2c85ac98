// Package script writes hand logs that did not come from a table: hands
// played by computer fallers, and hands scripted input by input. Tests,
// benchmarks and demonstrations need realistic logs without a card table,
// and writing them through playlog.Writer keeps them honest: they are what
// the dealer would have written.
package script

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// DefaultWall is the wall time scripted hands start at when none is given,
// so that their files and their reviews are the same on every run.
var DefaultWall = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

// DefaultT0 is the CLOCK_MONOTONIC reading they start at: a Pi booted a
// while ago.
const DefaultT0 = 1000 * time.Second

// Press is a scripted seat button press during a simulated hand.
type Press struct {
	At   time.Duration // since the hand started
	Seat int
	// Dispute: the dealer calls a dispute just after this press, settled
	// over the presses since Since.
	Dispute bool
	Since   time.Duration
}

// Sim describes one hand played by computer fallers.
type Sim struct {
	Hand    string // id; "" for the night's next number
	Fallers int    // seats 1..Fallers fall; the dealer sits at Fallers+1
	Seed    uint64
	Rules   game.Options  // zero: official
	Deck    game.DeckSpec // zero: the official deck with Move
	Params  bot.Params    // zero: bot.DefaultParams
	Presses []Press       // in time order
	T0      time.Duration // zero: DefaultT0
	Wall    time.Time     // zero: DefaultWall
	Tie     time.Duration // tie window; zero: 5 ms
	// CountIn starts the hand as the table does: each faller presses
	// "ready", one after another, and the first beat starts the deal.
	CountIn bool
	// Audit ends the hand with the end-of-hand audit as the dealer logs it:
	// every card scanned in its group (the engine sees everything, so each
	// where the engine has it), and a verdict with nothing wrong.
	Audit bool
}

// Simulate plays s and logs it in dir the way the simulated table does:
// every engine event with its digest, each deal's instruction, and the
// scripted presses as raw edges and as engine observations. It returns the
// log's path and the winner's seat.
func Simulate(dir string, s Sim, opts ...wal.Option) (string, int, error) {
	if s.Rules.Name == "" {
		s.Rules = game.Official()
		s.Deck = game.DeckSpec{Move: true}
	}
	if s.Params.Tempo == 0 {
		s.Params = bot.DefaultParams()
	}
	if s.Tie == 0 {
		s.Tie = 5 * time.Millisecond
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x5eed))
	seats := make([]int, s.Fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	start := playlog.Start{Hand: s.Hand, Rules: s.Rules, Seats: seats, Dealer: s.Fallers + 1,
		Deck: game.Shuffle(game.NewDeck(s.Deck), rng), Ordered: true,
		Tempo: s.Params.Tempo, StopWindow: s.Params.StopWindow, TieWindow: s.Tie}
	g, err := game.New(start.Config())
	if err != nil {
		return "", 0, fmt.Errorf("simulate hand: %w", err)
	}
	l, err := newLogger(dir, start, s.T0, s.Wall, opts)
	if err != nil {
		return "", 0, err
	}
	fallers := make([]bot.Strategy, s.Fallers)
	for i := range fallers {
		fallers[i] = &bot.Sensible{}
	}
	if s.CountIn {
		for i, seat := range seats {
			l.press(Press{At: time.Duration(i+1) * 100 * time.Millisecond, Seat: seat}, nil, s.Tie)
		}
		l.off = time.Duration(len(seats)+1) * 100 * time.Millisecond
		l.log(0, playlog.Entry{Kind: playlog.KindBeat, Source: playlog.FromDealer, Kernel: l.t0 + l.off, Beat: 1})
	}
	presses := s.Presses
	var last time.Duration
	var pl bot.Player
	_, err = pl.Play(g, fallers, rng, s.Params, func(at time.Duration, e game.Event) {
		// The observer runs after the engine took e; presses due before it
		// are logged after it, as a dealer whose button reader lagged would.
		src, seat := playlog.FromSeat, 0
		if e.Kind == game.EvStep {
			src = playlog.FromDealer
		} else if e.Player >= 0 && e.Player < g.NumPlayers() {
			seat = g.Seat(e.Player)
		}
		l.applied(at, src, seat, e, g, nil)
		due := at
		if g.Next().Action == game.ActLand {
			// The bot lands a Ground a Stop window after dealing it; presses
			// in that window must reach the engine before the landing, as a
			// Stop claim at the table would.
			due = at + s.Params.StopWindow - 1
		}
		for len(presses) > 0 && presses[0].At <= due {
			l.press(presses[0], g, s.Tie)
			presses = presses[1:]
		}
		if e.Kind == game.EvStep && !g.Over() {
			in := g.Next()
			l.log(at, playlog.Entry{Kind: playlog.KindInstruction, Source: playlog.FromDealer, Seat: in.Seat, Instruction: &in})
		}
		last = at
	})
	if err != nil {
		l.err = errors.Join(l.err, fmt.Errorf("simulate hand: %w", err))
	}
	for _, p := range presses {
		l.press(p, g, s.Tie)
	}
	winner := 0
	if g.Over() {
		winner = g.Seat(g.Winner())
	}
	l.log(last+time.Second, playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromEngine, Winner: winner})
	if s.Audit {
		l.audit(last+2*time.Second, g)
	}
	path, err := l.close(winner)
	return path, winner, err
}

// audit logs the end-of-hand audit of g as the dealer does: a scan per
// card in its group (each seat, the discard pile, the deck), then the
// result, then the verdict in words.
func (l *logger) audit(at time.Duration, g *game.Game) {
	groups := map[string][]int{}
	for c := range g.NumCards() {
		w := g.Where(c)
		name := audit.Discard
		switch w.Zone {
		case game.InStack, game.InHand, game.AsRider, game.AsExtra:
			name = audit.SeatGroup(g.Seat(w.Player))
		case game.InDeck:
			name = audit.Deck
		}
		groups[name] = append(groups[name], c)
	}
	var order []string
	for p := range g.NumPlayers() {
		order = append(order, audit.SeatGroup(g.Seat(p)))
	}
	order = append(order, audit.Discard, audit.Deck)
	for _, name := range order {
		for _, c := range groups[name] {
			at += 30 * time.Millisecond
			id := g.Card(c).ID
			l.log(at, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromReader, Kernel: l.t0 + l.off + at, UID: id, Card: id, Note: name})
		}
	}
	at += time.Second
	n := g.NumCards()
	l.log(at, playlog.Entry{Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Kernel: l.t0 + l.off + at,
		Audit: &audit.Result{Cards: n, Counted: n, Accounted: true}})
	l.log(at, playlog.Entry{Kind: playlog.KindAudit, Source: playlog.FromDealer, Kernel: l.t0 + l.off + at,
		Note: fmt.Sprintf("audit: %d of %d cards counted, every card accounted for", n, n)})
}

// Input is one step of a scripted table hand.
type Input struct {
	At time.Duration // since the hand started
	// Entry is the raw input logged as is (a press, a scan, an audit scan,
	// a note); Kind 0 logs nothing. Its times are filled in from At: Mono,
	// Wall, and Kernel for presses and scans.
	Entry playlog.Entry
	// Event, if set, is then given to the engine, and its answer logged:
	// applied with the digest and any inferences, or refused with the rule.
	Event *game.Event
}

// Table logs a scripted hand from start, input by input, in dir. It
// returns the log's path. The hand is closed with the engine's winner if
// there is one.
func Table(dir string, start playlog.Start, inputs []Input, opts ...wal.Option) (string, error) {
	g, err := game.New(start.Config())
	if err != nil {
		return "", fmt.Errorf("script hand: %w", err)
	}
	l, err := newLogger(dir, start, 0, time.Time{}, opts)
	if err != nil {
		return "", err
	}
	for _, in := range inputs {
		if in.Entry.Kind != 0 {
			e := in.Entry
			if e.Kind == playlog.KindPress || e.Kind == playlog.KindScan || e.Kind == playlog.KindRelease {
				e.Kernel = l.t0 + in.At
			}
			l.log(in.At, e)
		}
		if in.Event != nil {
			l.applied(in.At, playlog.FromEngine, in.Entry.Seat, *in.Event, g, g.Apply)
		}
	}
	winner := 0
	if g.Over() {
		winner = g.Seat(g.Winner())
	}
	var end time.Duration
	if len(inputs) > 0 {
		end = inputs[len(inputs)-1].At
	}
	l.log(end+time.Second, playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromEngine, Winner: winner})
	return l.close(winner)
}

// logger writes entries at virtual times and keeps the first error, so the
// observer callback (which cannot return one) loses nothing silently.
type logger struct {
	w    *playlog.Writer
	t0   time.Duration
	wall time.Time
	err  error
	hw   uint32
	nInf int
	// pressed is every press so far, for settling disputes.
	pressed []playlog.Press
	// off is added to every time after the count-in, so a simulated
	// hand's play starts at its first beat.
	off time.Duration
}

func newLogger(dir string, start playlog.Start, t0 time.Duration, wall time.Time, opts []wal.Option) (*logger, error) {
	if t0 == 0 {
		t0 = DefaultT0
	}
	if wall.IsZero() {
		wall = DefaultWall
	}
	w, err := playlog.Create(dir, playlog.Entry{Kind: playlog.KindHandStart, Source: playlog.FromDealer,
		Mono: t0, Wall: wall, Seat: start.Dealer, Start: &start}, opts...)
	if err != nil {
		return nil, fmt.Errorf("script hand: %w", err)
	}
	return &logger{w: w, t0: t0, wall: wall}, nil
}

func (l *logger) log(at time.Duration, e playlog.Entry) {
	if l.err != nil {
		return
	}
	at += l.off
	e.Mono, e.Wall = l.t0+at, l.wall.Add(at)
	if _, err := l.w.Append(e); err != nil {
		l.err = err
	}
}

// applied logs the engine's answer to e. apply is nil when the engine has
// already taken e (the bot applies its own events).
func (l *logger) applied(at time.Duration, src playlog.Source, seat int, e game.Event, g *game.Game, apply func(game.Event) error) {
	if apply != nil {
		if err := apply(e); err != nil {
			var re *game.RuleError
			entry := playlog.Entry{Kind: playlog.KindRefused, Source: playlog.FromEngine, Seat: seat, Event: &e, Error: err.Error()}
			if errors.As(err, &re) {
				entry.Rule = re.Rule
			}
			l.log(at, entry)
			return
		}
	}
	l.log(at, playlog.Entry{Kind: playlog.KindApplied, Source: src, Seat: seat, Event: &e, Digest: g.Digest()})
	infs := g.Inferences()
	for i := l.nInf; i < len(infs); i++ {
		inf := infs[i]
		l.log(at, playlog.Entry{Kind: playlog.KindInference, Source: playlog.FromEngine, Seat: g.Seat(inf.Player), Inference: &inf})
	}
	l.nInf = len(infs)
}

func (l *logger) press(p Press, g *game.Game, tie time.Duration) {
	l.hw++
	k := l.t0 + l.off + p.At
	if l.err == nil {
		// A press is logged a fraction of a millisecond after its edge.
		e := playlog.Entry{Kind: playlog.KindPress, Source: playlog.FromSeat, Seat: p.Seat, Kernel: k, HwSeq: l.hw,
			Mono: k + 200*time.Microsecond, Wall: l.wall.Add(l.off + p.At + 200*time.Microsecond)}
		if _, err := l.w.Append(e); err != nil {
			l.err = err
		}
	}
	if g == nil {
		// A "ready" press before the deal: nothing for the engine yet.
		return
	}
	l.applied(p.At, playlog.FromEngine, p.Seat, game.Press(p.Seat), g, g.Apply)
	l.pressed = append(l.pressed, playlog.Press{Seat: p.Seat, Kernel: k})
	if p.Dispute {
		at := p.At + 300*time.Millisecond
		l.log(at, playlog.Entry{Kind: playlog.KindControl, Source: playlog.FromPanel, Control: "dispute"})
		d := playlog.Settle(l.pressed, l.t0+p.Since, tie)
		l.log(at, playlog.Entry{Kind: playlog.KindDispute, Source: playlog.FromEngine, Seat: d.Winner, Dispute: &d})
	}
}

func (l *logger) close(winner int) (string, error) {
	if err := errors.Join(l.err, l.w.Close(winner)); err != nil {
		return "", fmt.Errorf("script hand: %w", err)
	}
	return l.w.Path(), nil
}
