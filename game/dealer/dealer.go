// Package dealer is the metronome dealer, the table assistant's heart: it
// paces the human dealer with a beat scheduled against absolute time, tells
// them with lights and sounds where each card goes, reconciles what the
// table shows (card reads, seat buttons, the dealer panel) with the rules
// engine, settles who pressed first, runs the end-of-hand audit, and writes
// every input and decision to the play log.
//
// It depends only on the hw interfaces, the engine and a Log, so the same
// code runs at a real table, on the simulated table in real time (make run),
// and on a virtual clock as fast as it can (falling play --fast, tests).
// Rendering is someone else's job: View and Subscribe give a screen what it
// needs.
package dealer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// Log is where the dealer writes the hand: the play log at a table, a slice
// in tests.
type Log interface {
	Append(playlog.Entry) error
}

// Hardware is the table's devices. Any may be nil: "Every part is optional
// except the Pi".
type Hardware struct {
	Clock   hw.Clock // required
	Lights  hw.Lights
	Sound   hw.Sound
	Buttons hw.Buttons
	Reader  hw.CardReader
	Panel   hw.Panel
}

// Config is one hand.
type Config struct {
	Hand   string
	Game   game.Config // the engine's hand; Ordered is false at a real table
	Dealer int         // the dealer's seat
	// Cards maps each tag to its card ID (the enrolled deck). Nil: a tag's
	// string form is the card ID.
	Cards map[hw.UID]string

	Tempo Tempo
	Mode  config.Mode // follow (default) or strict
	// CountIn is how many accented beats start the deal and follow a
	// resume; 0 starts at once.
	CountIn int
	// WaitReady holds the count-in until every faller has pressed their
	// button ("Fallers press their buttons to say ready"), or the dealer
	// confirms from the panel.
	WaitReady bool

	StopWindow    time.Duration // a Ground's seat may claim a Stop this long after it is dealt
	TieWindow     time.Duration // presses closer than this are a tie
	DisputeWindow time.Duration // a dispute looks this far back (default 3 s)

	// Audit runs the end-of-hand audit before Run returns.
	Audit bool
	// Scoreboard, if set, records the hand when it ends.
	Scoreboard *Scoreboard

	Logger *slog.Logger
	Wall   func() time.Time // wall clock for log entries; default time.Now

	// Resume, if set, carries on a hand replayed from its log (Replay)
	// instead of starting one: the hand's rules, fallers, deck, dealer and
	// windows are the log's, and the dealer writes on into the same log,
	// starting paused until the dealer confirms.
	Resume *Resumed
}

// Phase is where the hand is.
type Phase int

const (
	PhaseReady   Phase = iota + 1 // waiting for the fallers
	PhaseCountIn                  // the count-in before the deal or after a pause
	PhaseDealing
	PhaseOver  // a winner; the audit may follow
	PhaseAudit // the dealer scans what is left
	PhaseDone
)

var phaseNames = [...]string{"?", "ready", "count-in", "dealing", "over", "audit", "done"}

func (p Phase) String() string {
	if p > 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Result is a finished hand.
type Result struct {
	Winner     int // seat
	NextDealer int // seat: the winner deals next
	Dealt      int
	Audit      *AuditReport
}

// ErrIdle is returned by RunStepped when nothing more can happen: the hand
// waits for an input that no script will ever send.
var ErrIdle = errors.New("dealer: the table is idle and nothing is scheduled")

// Dealer runs one hand. Its methods are safe to call from other goroutines
// while Run is running (View, Subscribe); the Run methods are not re-entrant.
type Dealer struct {
	cfg  Config
	hw   Hardware
	log  Log
	lg   *slog.Logger
	wall func() time.Time

	mu  sync.Mutex
	g   *game.Game
	ids map[string]bool // every card ID of the deck

	phase Phase
	panel panelState
	ready map[int]bool

	beat metronome
	slot dealSlot

	imag      imaginaryGround
	stop      stopWindow
	presses   pressLog
	readerSt  hw.ReaderState
	lamps     lamps
	msgs      messages
	dispute   *Dispute
	inferred  int
	seen      map[string]bool
	deals     []DealRecord
	addrs     []AddressRecord
	plays     []PlayRecord
	groups    []AuditGroup
	report    *AuditReport
	startedAt time.Duration
	result    Result
	logHealth logHealth
	subs      subscribers
}

// New prepares a hand. Nothing happens until Run.
func New(cfg Config, h Hardware, log Log) (*Dealer, error) {
	if h.Clock == nil {
		return nil, errors.New("dealer: no clock")
	}
	if log == nil {
		return nil, errors.New("dealer: no log")
	}
	if err := cfg.Tempo.Validate(); err != nil {
		return nil, fmt.Errorf("dealer: %w", err)
	}
	if cfg.Resume != nil {
		if cfg.Resume.Game == nil || cfg.Resume.Start == nil {
			return nil, errors.New("dealer: resume: no replayed hand (make it with dealer.Replay)")
		}
		resumeConfig(&cfg)
	}
	if cfg.Mode == "" {
		cfg.Mode = config.Follow
	}
	if cfg.Mode != config.Follow && cfg.Mode != config.Strict {
		return nil, fmt.Errorf("dealer: mode %q: want %q or %q", cfg.Mode, config.Follow, config.Strict)
	}
	if cfg.StopWindow <= 0 {
		cfg.StopWindow = config.DefaultStopWindow
	}
	if cfg.TieWindow < 0 {
		return nil, fmt.Errorf("dealer: tie window %v is negative", cfg.TieWindow)
	}
	if cfg.DisputeWindow <= 0 {
		cfg.DisputeWindow = 3 * time.Second
	}
	if cfg.CountIn < 0 {
		return nil, fmt.Errorf("dealer: count-in of %d beats", cfg.CountIn)
	}
	var g *game.Game
	if cfg.Resume != nil {
		g = cfg.Resume.Game
	} else {
		var err error
		if g, err = game.New(cfg.Game); err != nil {
			return nil, fmt.Errorf("dealer: %w", err)
		}
	}
	d := &Dealer{
		cfg: cfg, hw: h, log: log, lg: cfg.Logger, wall: cfg.Wall, g: g,
		ids: make(map[string]bool, g.NumCards()), ready: map[int]bool{}, lamps: lamps{},
		slot: dealSlot{lastAddressed: -1, shown: map[int]bool{}}, seen: map[string]bool{}, subs: subscribers{},
		readerSt: hw.ReaderAbsent,
	}
	if d.lg == nil {
		d.lg = slog.Default()
	}
	if d.wall == nil {
		d.wall = time.Now
	}
	if h.Reader != nil {
		d.readerSt = hw.ReaderOK
	}
	for c := 0; c < g.NumCards(); c++ {
		d.ids[g.Card(c).ID] = true
	}
	return d, nil
}

// Stepper is a clock that a single goroutine advances itself: the
// simulated table's virtual clock.
type Stepper interface {
	hw.Clock
	// Next is the time of the next thing the clock has scheduled.
	Next() (time.Duration, bool)
	// AdvanceTo runs what is scheduled up to t and sets the clock to t.
	AdvanceTo(t time.Duration)
}

// RunStepped plays the hand on a clock it advances itself, in this
// goroutine, never waiting in real time: falling play --fast, and tests that
// must be exact. Between two moments of virtual time the dealer handles
// everything the devices delivered.
func (d *Dealer) RunStepped(ctx context.Context, clk Stepper) (Result, error) {
	d.start()
	for !d.finished() {
		if err := ctx.Err(); err != nil {
			return d.end(err)
		}
		if d.drain() {
			continue
		}
		now := clk.Now()
		dl, ok := d.deadline()
		if ok && dl <= now {
			d.fire(dl)
			continue
		}
		next, more := clk.Next()
		if ok && (!more || dl < next) {
			next, more = dl, true
		}
		if !more {
			return d.end(ErrIdle)
		}
		clk.AdvanceTo(next)
	}
	return d.end(nil)
}

// Run plays the hand in real time until it is done or ctx ends.
func (d *Dealer) Run(ctx context.Context) (Result, error) {
	d.start()
	ch := d.channels()
	fire := make(chan time.Duration)
	var cancel chan struct{}
	armed, armedAt := false, time.Duration(0)
	defer func() {
		if armed {
			close(cancel)
		}
	}()
	for !d.finished() {
		dl, ok := d.deadline()
		if armed && (!ok || dl != armedAt) {
			close(cancel)
			armed = false
		}
		if ok && !armed {
			// One sleeper per deadline: the beat is always slept to as an
			// absolute time, never as a relative sleep that would drift.
			cancel, armed, armedAt = make(chan struct{}), true, dl
			go func(t time.Duration, stop chan struct{}) {
				if d.hw.Clock.SleepUntil(t, stop) {
					select {
					case fire <- t:
					case <-stop:
					}
				}
			}(dl, cancel)
		}
		select {
		case <-ctx.Done():
			return d.end(ctx.Err())
		case e, ok := <-ch.buttons:
			if !ok {
				ch.buttons = nil
				continue
			}
			d.onButton(e)
		case l, ok := <-ch.lost:
			if !ok {
				ch.lost = nil
				continue
			}
			d.onLost(l)
		case s, ok := <-ch.status:
			if !ok {
				ch.status = nil
				continue
			}
			d.onStatus(s)
		case c, ok := <-ch.cards:
			if !ok {
				ch.cards = nil
				continue
			}
			d.onCard(c)
		case p, ok := <-ch.panel:
			if !ok {
				ch.panel = nil
				continue
			}
			d.control(p)
		case t := <-fire:
			if armed && t == armedAt {
				armed = false
				close(cancel)
				d.fire(t)
			}
		}
	}
	return d.end(nil)
}

type inputs struct {
	buttons <-chan hw.ButtonEvent
	lost    <-chan hw.LostEvents
	status  <-chan hw.ReaderStatus
	cards   <-chan hw.CardEvent
	panel   <-chan hw.PanelEvent
}

func (d *Dealer) channels() inputs {
	var in inputs
	if d.hw.Buttons != nil {
		in.buttons, in.lost = d.hw.Buttons.Events(), d.hw.Buttons.Lost()
	}
	if d.hw.Reader != nil {
		in.status, in.cards = d.hw.Reader.Status(), d.hw.Reader.Cards()
	}
	if d.hw.Panel != nil {
		in.panel = d.hw.Panel.Controls()
	}
	return in
}

// drain handles one delivered input, if any, taking the devices in a fixed
// order so a stepped run is repeatable: buttons first, since their kernel
// stamps are what disputes are settled on.
func (d *Dealer) drain() bool {
	in := d.channels()
	if in.buttons != nil {
		select {
		case e := <-in.buttons:
			d.onButton(e)
			return true
		default:
		}
		select {
		case l := <-in.lost:
			d.onLost(l)
			return true
		default:
		}
	}
	if in.status != nil {
		select {
		case s := <-in.status:
			d.onStatus(s)
			return true
		default:
		}
		select {
		case c := <-in.cards:
			d.onCard(c)
			return true
		default:
		}
	}
	if in.panel != nil {
		select {
		case p := <-in.panel:
			d.control(p)
			return true
		default:
		}
	}
	return false
}

func (d *Dealer) finished() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.phase == PhaseDone
}

func (d *Dealer) end(err error) (Result, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if lerr := d.logHealth.err(); lerr != nil {
		err = errors.Join(err, lerr)
	}
	return d.result, err
}

// deadline is the next time the dealer must act on its own.
func (d *Dealer) deadline() (time.Duration, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.panel.paused {
		return 0, false
	}
	var t time.Duration
	ok := false
	consider := func(x time.Duration) {
		if !ok || x < t {
			t, ok = x, true
		}
	}
	if d.stop.open {
		consider(d.stop.due())
	}
	if d.imag.announced {
		consider(d.imag.at)
	}
	if d.beat.running && (d.phase == PhaseCountIn || (d.phase == PhaseDealing && !d.stop.open && !d.imag.announced)) {
		consider(d.beatWake())
	}
	return t, ok
}

// fire is the dealer's own move at time t: a beat, or a Stop window ending.
func (d *Dealer) fire(t time.Duration) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	if d.stop.open && t >= d.stop.due() {
		d.stopWindowOver(t)
		return
	}
	if d.imag.announced && t >= d.imag.at {
		d.dealImaginary(t)
		return
	}
	if d.beat.running && t >= d.beatWake() {
		d.onBeat(d.beat.next)
	}
}

// now is the clock's time.
func (d *Dealer) now() time.Duration { return d.hw.Clock.Now() }

// start opens the hand.
func (d *Dealer) start() {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	now := d.now()
	d.startedAt = now
	if d.cfg.Resume != nil {
		// The log has its hand-start already: the hand goes on in it.
		d.startResumed(now)
		return
	}
	st := &playlog.Start{Hand: d.cfg.Hand, Rules: d.cfg.Game.Rules, Seats: d.cfg.Game.Seats, Dealer: d.cfg.Dealer,
		Deck: d.cfg.Game.Deck, Ordered: d.cfg.Game.Ordered, Order: d.cfg.Game.Order, Tempo: d.cfg.Tempo.Start,
		StopWindow: d.cfg.StopWindow, TieWindow: d.cfg.TieWindow}
	d.append(playlog.Entry{Kind: playlog.KindHandStart, Source: playlog.FromDealer, Start: st, Note: "mode " + string(d.cfg.Mode)})
	for _, s := range d.cfg.Game.Seats {
		d.light(s, LightOff)
	}
	if d.cfg.WaitReady {
		d.phase = PhaseReady
		d.say(false, "fallers: press your button when you are ready")
		return
	}
	d.countIn(now)
}

// apply feeds the engine one event and logs the outcome and whatever the
// engine inferred.
func (d *Dealer) apply(e game.Event, src playlog.Source, at time.Duration) error {
	before := d.g.Next()
	ev := e
	if err := d.g.Apply(e); err != nil {
		var re *game.RuleError
		ent := playlog.Entry{Kind: playlog.KindRefused, Source: src, Kernel: at, Event: &ev, Error: err.Error()}
		if errors.As(err, &re) {
			ent.Rule = re.Rule
		}
		d.append(ent)
		return err
	}
	d.append(playlog.Entry{Kind: playlog.KindApplied, Source: src, Kernel: at, Event: &ev, Digest: d.g.Digest()})
	if before.First && (before.Action == game.ActDeal || before.Action == game.ActSweep || before.Action == game.ActPass) {
		if after := d.g.Next(); !after.First || after.Player != before.Player {
			d.addrs = append(d.addrs, AddressRecord{Player: before.Player, At: at})
			d.slot.lastAddressed = before.Player
			clear(d.slot.shown)
		}
	}
	inf := d.g.Inferences()
	for ; d.inferred < len(inf); d.inferred++ {
		x := inf[d.inferred]
		d.append(playlog.Entry{Kind: playlog.KindInference, Source: playlog.FromEngine, Kernel: at, Seat: d.g.Seat(x.Player), Inference: &x})
		switch x.Kind {
		case game.InfRiderPlayed, game.InfExtraPlayed, game.InfStopPlayed:
			// Only a card the dealer read is a play the audit may reason
			// from: a Stop confirmed by hand is one the engine stood in.
			if x.Card >= 0 && e.Kind == game.EvScan && e.Card == d.g.Card(x.Card).ID {
				d.plays = append(d.plays, PlayRecord{Card: x.Card, Player: x.Player, From: x.From, At: at})
			}
		}
	}
	return nil
}
