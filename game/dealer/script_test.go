package dealer_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// idle is a faller who never touches their cards: the script moves them.
type idle struct{}

func (idle) Act(*game.Game, int, *rand.Rand) (game.Event, bool) { return game.Event{}, false }
func (idle) Name() string                                       { return "idle" }

// stopper holds a Stop and plays it on the first Ground dealt to them.
type stopper struct{}

func (stopper) Name() string { return "stopper" }
func (stopper) Act(g *game.Game, p int, _ *rand.Rand) (game.Event, bool) {
	if h := g.Hand(p); h < 0 {
		for s := 0; s < g.NumStacks(p); s++ {
			if top := g.Top(p, s); top >= 0 && g.Card(top).Kind == game.Stop {
				return game.PickUp(p, s), true
			}
		}
		return game.Event{}, false
	}
	if pp, _, ground, ok := g.PendingDeal(); ok && ground && pp == p && g.Card(g.Hand(p)).Kind == game.Stop {
		return game.PlayStop(p, p, game.StopDeal), true
	}
	return game.Event{}, false
}

// scripted is a hand on the simulated table whose fallers only do what the
// script makes them do. Seat 1 deals; fallers sit at seats 2, 3, ...
type scripted struct {
	t   *testing.T
	tb  *simtable.Table
	d   *dealer.Dealer
	log *memLog
	res dealer.Result
	err error
}

func newScripted(t *testing.T, fallers []bot.Strategy, kinds []game.Kind, tweak func(*dealer.Config)) *scripted {
	t.Helper()
	return newScriptedTable(t, fallers, kinds, nil, tweak)
}

// newScriptedTable is newScripted with the simulated table's config
// tweaked too (its dealer's pace, say).
func newScriptedTable(t *testing.T, fallers []bot.Strategy, kinds []game.Kind, table func(*simtable.Config), tweak func(*dealer.Config)) *scripted {
	t.Helper()
	deck := make([]game.Card, len(kinds))
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
	}
	seats := make([]int, len(fallers))
	for i := range seats {
		seats[i] = i + 2
	}
	window := 1500 * time.Millisecond
	tcfg := simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Fallers: fallers, StopWindow: window,
		Reaction: 100 * time.Millisecond, Jitter: 1}
	if table != nil {
		table(&tcfg)
	}
	tb, err := simtable.New(tcfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg := dealer.Config{Hand: t.Name(), Dealer: 1, Cards: tb.Cards(),
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, StopWindow: window, TieWindow: 5 * time.Millisecond,
		Audit: true, Wall: func() time.Time { return time.Unix(0, 0) }}
	if tweak != nil {
		tweak(&cfg)
	}
	log := &memLog{}
	d, err := dealer.New(cfg, dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	return &scripted{t: t, tb: tb, d: d, log: log}
}

// at makes the fallers do something at virtual time sec.
func (s *scripted) at(sec float64, evs ...game.Event) {
	s.tb.Clock.At(hwtest.Seconds(sec), func() {
		for _, e := range evs {
			if err := s.tb.Truth().Apply(e); err != nil {
				s.t.Errorf("script at %vs: %v: %v", sec, e, err)
			}
		}
	})
}

func (s *scripted) run() {
	s.t.Helper()
	s.tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.tb.Clock.At(10*time.Minute, cancel)
	s.res, s.err = s.d.RunStepped(ctx, s.tb.Clock)
	if s.err != nil {
		s.t.Fatalf("run: %v; instruction %v", s.err, s.d.View().Instruction)
	}
	if err := s.tb.Err(); err != nil {
		s.t.Fatalf("table: %v", err)
	}
}

// runUntil plays the hand until virtual time until only, for scripts that
// look at its first moments: the run must end with the cancel.
func (s *scripted) runUntil(until time.Duration) {
	s.t.Helper()
	s.tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.tb.Clock.At(until, cancel)
	if _, err := s.d.RunStepped(ctx, s.tb.Clock); !errors.Is(err, context.Canceled) {
		s.t.Fatalf("run: %v", err)
	}
}

// agree checks that the engine, which saw only the table, ended the hand
// believing what the simulated table knows to be true.
// Seats listed in unseen discarded a card nobody read (a Stop played on a
// rider): the engine cannot know which, so their stacks are not compared,
// and the audit must find the card misplaced.
func (s *scripted) agree(unseen ...int) {
	s.t.Helper()
	s.sameWinner()
	var seats []int
	for _, sv := range s.d.View().Seats {
		if sv.Player >= 0 && !contains(unseen, sv.Seat) {
			seats = append(seats, sv.Seat)
		}
	}
	s.sameStacks(seats...)
	if s.res.Audit == nil || !s.res.Audit.Accounted || len(s.res.Audit.Impossible) > 0 {
		s.t.Errorf("audit %+v", s.res.Audit)
	}
	if len(unseen) > 0 && len(s.res.Audit.Unseen) == 0 {
		s.t.Errorf("the audit did not name the card played out of sight: %+v", s.res.Audit)
	}
}

// sameWinner fails the test unless the hand is over at the table with the
// winner the dealer named.
func (s *scripted) sameWinner() {
	s.t.Helper()
	g := s.tb.Truth()
	if !g.Over() || s.res.Winner != g.Seat(g.Winner()) {
		s.t.Fatalf("dealer: seat %d won; table: over %v, seat %d", s.res.Winner, g.Over(), g.Seat(g.Winner()))
	}
}

// sameStacks reports an error for each of seats whose stacks the engine
// believes other than the table has them.
func (s *scripted) sameStacks(seats ...int) {
	s.t.Helper()
	g := s.tb.Truth()
	for _, sv := range s.d.View().Seats {
		if sv.Player < 0 || !contains(seats, sv.Seat) {
			continue
		}
		var want []string
		for st := 0; st < g.NumStacks(sv.Player); st++ {
			for _, c := range g.Stack(sv.Player, st) {
				want = append(want, g.Card(c).ID)
			}
		}
		var got []string
		for _, st := range sv.Stacks {
			for _, c := range st {
				got = append(got, c.ID)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			s.t.Errorf("seat %d: engine believes %v, the table has %v", sv.Seat, got, want)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// instructions lists what the dealer was told for seat after time from.
func (s *scripted) instructions(seat int, from time.Duration) []game.Instruction {
	var out []game.Instruction
	for _, e := range s.log.all() {
		if e.Kind == playlog.KindInstruction && e.Seat == seat && e.Mono >= from {
			out = append(out, *e.Instruction)
		}
	}
	return out
}

// scanOf is when card id was read during the deal (after from).
func (s *scripted) scanOf(id string, from time.Duration) time.Duration {
	for _, e := range s.log.kind(playlog.KindScan) {
		if e.Card == id && e.Kernel >= from {
			return e.Kernel
		}
	}
	s.t.Fatalf("%s never read after %v", id, from)
	return 0
}

func (s *scripted) cuesAt(t time.Duration) []hw.Cue {
	var out []hw.Cue
	for _, c := range s.tb.Sound.Played() {
		if c.Now == t {
			out = append(out, c.Cue)
		}
	}
	return out
}

func idles(n int) []bot.Strategy {
	out := make([]bot.Strategy, n)
	for i := range out {
		out[i] = idle{}
	}
	return out
}

func kinds(ks ...any) []game.Kind {
	var out []game.Kind
	for _, k := range ks {
		switch v := k.(type) {
		case game.Kind:
			out = append(out, v)
		case []game.Kind:
			out = append(out, v...)
		}
	}
	return out
}

func many(k game.Kind, n int) []game.Kind {
	out := make([]game.Kind, n)
	for i := range out {
		out[i] = k
	}
	return out
}

var (
	S = game.Stop // an inert filler: never played in these scripts
	G = game.Ground
)

func (s *scripted) inferred(k game.InferenceKind, seat int) bool {
	for _, e := range s.log.kind(playlog.KindInference) {
		if e.Inference.Kind == k && e.Seat == seat {
			return true
		}
	}
	return false
}

func (s *scripted) cueCount(c hw.Cue, from, to time.Duration) int {
	n := 0
	for _, p := range s.tb.Sound.Played() {
		if p.Cue == c && p.Now >= from && p.Now <= to {
			n++
		}
	}
	return n
}

// saidAt is what the dealer's screen said, at virtual time sec, in its
// last message containing part (a warning only, if warning): "" if
// nothing, filled in once the hand has run.
func (s *scripted) saidAt(sec float64, part string, warning bool) *string {
	said := new(string)
	s.tb.Clock.At(hwtest.Seconds(sec), func() {
		for _, m := range s.d.View().Messages {
			if (m.Warning || !warning) && strings.Contains(m.Text, part) {
				*said = m.Text
			}
		}
	})
	return said
}
