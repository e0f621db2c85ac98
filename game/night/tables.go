package night

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
)

// Fixed is a real table: the same devices and the same enrolled deck for
// every hand.
type Fixed struct {
	// Hardware's Panel should be Panel, so the keyboard and the page reach
	// the dealer the way the table's own panel does.
	Hardware dealer.Hardware
	Deck     []game.Card
	Panel    *Panel
	// SetDealer, if set, is told each hand's dealer seat (the panel's
	// long press on the dealer's own button).
	SetDealer func(seat int)
	// StartsAlone: nothing wired at the table can say "ready" (no seat
	// button, no panel), so each hand's count-in starts by itself rather
	// than wait for a press that cannot come (a headless cards-only table).
	StartsAlone bool
}

// DealerPanel is a table's own dealer panel: its buttons, and the seat of
// the dealer, whose own button's long press it may stand for.
type DealerPanel interface {
	hw.Panel
	SetDealer(seat int)
}

// NewFixed is the real table with the given devices (hw's Panel left
// out) and its own dealer panel, if it has one: the night's Panel merges
// that panel with the keyboard and the referee's page, and the dealer's
// seat is told to it each hand (its long press on the dealer's button).
func NewFixed(deck []game.Card, clk hw.Clock, devices dealer.Hardware, panel DealerPanel) *Fixed {
	f := &Fixed{Deck: deck, Hardware: devices}
	var upstream hw.Panel
	if panel != nil {
		upstream, f.SetDealer = panel, panel.SetDealer
	}
	f.Panel = NewPanel(upstream, clk)
	f.Hardware.Panel = f.Panel
	return f
}

// NextHand implements Table.
func (f *Fixed) NextHand(dealerSeat int, _ []int) (*Hand, error) {
	if f.SetDealer != nil {
		f.SetDealer(dealerSeat)
	}
	h := &Hand{Hardware: f.Hardware, Deck: f.Deck, StartsAlone: f.StartsAlone}
	if f.Panel != nil {
		h.Control, h.ControlAs = f.Panel.Inject, f.Panel.ControlAs
	}
	return h, nil
}

// SimOptions is the simulated table: computer fallers, a shuffled deck, a
// virtual clock, and every card read through the PN532 model, the real
// driver and the real reader service (simtable.PN532), so everything but
// the I²C wire runs as at the table.
type SimOptions struct {
	Settings Settings
	// Seed makes the shuffles and the fallers repeatable: the same seed
	// plays the same night.
	Seed uint64
	// Human is the seat whose button a key stands in for (0: none).
	Human int
	// Paced plays at the speed of life, for a person to watch and play;
	// otherwise each hand runs on its virtual clock as fast as it can.
	Paced bool
	// Speaker, if set, opens a real speaker on a real clock for a paced
	// hand: the cues are heard as well as listened for by the table.
	Speaker func() (hw.Sound, hw.Clock, error)
	// Real is the clock a paced hand keeps step with; nil: CLOCK_MONOTONIC
	// through Speaker's clock, or the wall clock's monotonic reading.
	Real hw.Clock
	// PN532 tunes the reader's model, driver and service; nil: the
	// defaults, the chip's RSTPDN wired for the watchdog.
	PN532 *simtable.PN532
	// OnTable, if set, is told each hand's simulated table before the
	// hand starts: a test makes its reader hang, or reads its counters.
	OnTable func(*simtable.Table)
	// Wall, if set, is the wall time the first hand starts at, and the
	// hands' logs are stamped on the virtual clock from there, each hand
	// starting where the last one ended: the same seed then writes the
	// same entries, wall times included, which golden tests compare.
	// Zero: the host's wall clock.
	Wall time.Time
}

// SimTable lays out a new hand on the simulated table each time.
type SimTable struct {
	cfg SimOptions
	rng *rand.Rand
	n   uint64
	// wall is when the next hand starts with SimOptions.Wall, and last
	// the hand before it, whose clock says how long it took.
	wall time.Time
	last *simtable.Table
}

// NewSimTable is the simulated table cfg describes.
func NewSimTable(cfg SimOptions) *SimTable {
	return &SimTable{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed)), wall: cfg.Wall}
}

// NextHand implements Table.
func (s *SimTable) NextHand(dealerSeat int, fallers []int) (*Hand, error) {
	deck := game.Shuffle(game.NewDeck(s.cfg.Settings.Deck), s.rng)
	you := 0
	for _, f := range fallers {
		if f == s.cfg.Human {
			you = f
		}
	}
	chip := simtable.PN532{}
	if s.cfg.PN532 != nil {
		chip = *s.cfg.PN532
	}
	tb, err := simtable.New(simtable.Config{Rules: s.cfg.Settings.Rules, Deck: deck, Seats: fallers, Human: you,
		Seed: s.cfg.Seed + s.n, StopWindow: s.cfg.Settings.StopWindow, Ready: true, PN532: &chip})
	s.n++
	if err != nil {
		return nil, err
	}
	if s.cfg.OnTable != nil {
		s.cfg.OnTable(tb)
	}
	var wall func() time.Time
	if !s.cfg.Wall.IsZero() {
		if s.last != nil {
			s.wall = s.wall.Add(s.last.Clock.Now())
		}
		start, clk := s.wall, tb.Clock
		wall = func() time.Time { return start.Add(clk.Now()) }
	}
	s.last = tb
	h := &Hand{
		Hardware: dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.CardReader(), Panel: tb.Panel},
		// The dealer's engine has the deck as a deck file lists it, not in
		// the shuffle's order: a card it stands in for one the reader did
		// not see is then the guess it is at a real table, not the very
		// card dealt.
		Deck: game.NewDeck(s.cfg.Settings.Deck), Cards: tb.Cards(),
		// The simulated panel takes the keyboard's and the page's controls
		// on its own clock, so a stepped hand sees them in order.
		Control: tb.Panel.ControlNow,
		ControlAs: func(c hw.Control, as string) {
			tb.Panel.EventAt(hw.PanelEvent{Control: c, As: as, Kernel: tb.Clock.Now()})
		},
		// The reader service runs until the hand is over.
		Close: tb.Close,
		Wall:  wall,
	}
	if you > 0 {
		h.Press = tb.Press
	}
	if !s.cfg.Paced {
		h.Run = func(ctx context.Context, d *dealer.Dealer) (dealer.Result, error) {
			hctx, cancel := context.WithCancelCause(ctx)
			defer cancel(nil)
			tb.Clock.At(maxHand, func() { cancel(ErrHandTooLong) })
			tb.SetScreen(screenOf(d))
			tb.SetLines(linesOf(d))
			tb.SetTops(topsOf(d))
			tb.SetAsk(askOf(d))
			tb.SetMisread(misreadOf(d))
			tb.SetLastRead(lastReadOf(d))
			tb.Start()
			res, err := d.RunStepped(hctx, tb.Clock)
			if cause := context.Cause(hctx); err != nil && cause != nil {
				err = cause
			}
			if err == nil {
				err = tb.Err()
			}
			return res, err
		}
		return h, nil
	}
	real := s.cfg.Real
	if s.cfg.Speaker != nil {
		// Cues the dealer schedules on the virtual clock are played at the
		// same instant of real time.
		if spk, clk, err := s.cfg.Speaker(); err == nil {
			h.Hardware.Sound = teeSound{tb.Sound, offsetSound{spk, clk.Now() - tb.Clock.Now()}}
			h.Close = func() error { return errors.Join(tb.Close(), spk.Close()) }
			if real == nil {
				real = clk
			}
		}
	}
	if real == nil {
		return nil, errors.Join(errors.New("night: a paced simulated hand needs a real clock"), h.Close())
	}
	h.Run = func(ctx context.Context, d *dealer.Dealer) (dealer.Result, error) {
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		paced := make(chan struct{})
		// The clock stops before the hand's devices are closed: Close
		// then finds the reader service asleep on it, not mid-step.
		defer func() { cancel(nil); <-paced }()
		go func() {
			defer close(paced)
			if err := tb.Clock.Pace(ctx, real); err != nil && ctx.Err() == nil {
				cancel(fmt.Errorf("pacing the simulated table: %w", err))
			}
		}()
		tb.SetScreen(screenOf(d))
		tb.SetLines(linesOf(d))
		tb.SetTops(topsOf(d))
		tb.SetAsk(askOf(d))
		tb.SetMisread(misreadOf(d))
		tb.SetLastRead(lastReadOf(d))
		tb.Start()
		res, err := d.Run(ctx)
		if err != nil && context.Cause(ctx) != nil {
			err = context.Cause(ctx)
		}
		if err == nil {
			err = tb.Err()
		}
		return res, err
	}
	return h, nil
}

// screenOf is what d's screen says to do now (View.Instruction, the
// engine's next instruction), for the simulated dealer, who reads it as a
// person does; read without building a whole View on every deal.
func screenOf(d *dealer.Dealer) func() game.Instruction {
	return func() (in game.Instruction) {
		d.Inspect(func(g *game.Game) { in = g.Next() })
		return in
	}
}

// linesOf is the lines d's screen shows (View.Messages), for the
// simulated dealer, who reads them when the lights ask for what their
// table cannot give: a whole View, so not read on every deal.
func linesOf(d *dealer.Dealer) func() []string {
	return func() []string {
		ms := d.View().Messages
		lines := make([]string, len(ms))
		for i, m := range ms {
			lines[i] = m.Text
		}
		return lines
	}
}

// topsOf is the cards d's screen draws on top of a seat's stacks
// (View.Seats[].Stacks), for the simulated dealer, who reads them when a
// light goes on past a rider they just showed: a whole View, so not read
// on every deal.
func topsOf(d *dealer.Dealer) func(seat int) []string {
	return func(seat int) []string {
		var tops []string
		for _, sv := range d.View().Seats {
			if sv.Seat != seat {
				continue
			}
			for _, st := range sv.Stacks { // the View draws no empty stack
				tops = append(tops, st[len(st)-1].ID)
			}
		}
		return tops
	}
}

// askOf is the ask for a card dealt by hand d's screen shows
// (View.Identify), with the stacks it draws for that seat, for the
// simulated dealer, who reads it when a seat's light asks for that card:
// the View's part of it alone (dealer.Dealer.Asking).
func askOf(d *dealer.Dealer) func() simtable.Ask {
	return func() simtable.Ask {
		a, drawn := d.Asking()
		return simtable.Ask{Seat: a.Seat, Stack: a.Stack, Drawn: drawn}
	}
}

// misreadOf is the card d's screen offers to take back with misread
// (View.Misread), for the simulated dealer, who reads it only when the
// light asks for fewer cards than they just showed an Extra for: a whole
// View, so not read on every deal.
func misreadOf(d *dealer.Dealer) func() string {
	return func() string { return d.View().Misread }
}

// lastReadOf is when d's screen last showed a card read (View.LastReadAt,
// 0 before the first) and the beat's period at its tempo, for the
// simulated dealer, who reads them when a light asks for one card more
// than the table owes the seat they have just dealt to: a whole View, so
// not read on every deal.
func lastReadOf(d *dealer.Dealer) func() (at, beat time.Duration) {
	return func() (time.Duration, time.Duration) {
		v := d.View()
		beat := time.Duration(0)
		if v.Tempo > 0 {
			beat = time.Duration(float64(time.Minute) / v.Tempo)
		}
		return v.LastReadAt, beat
	}
}

// teeSound plays each cue on two sinks: the simulated table listens for the
// beat, and a person hears it.
type teeSound struct{ a, b hw.Sound }

func (t teeSound) Play(c hw.Cue, at time.Duration) error {
	return errors.Join(t.a.Play(c, at), t.b.Play(c, at))
}
func (t teeSound) Close() error { return errors.Join(t.a.Close(), t.b.Close()) }

// offsetSound moves cue times from the simulated table's virtual clock to
// the speaker's real one.
type offsetSound struct {
	s      hw.Sound
	offset time.Duration
}

func (o offsetSound) Play(c hw.Cue, at time.Duration) error { return o.s.Play(c, at+o.offset) }
func (o offsetSound) Close() error                          { return nil }
