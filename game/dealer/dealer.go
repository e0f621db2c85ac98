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
	"github.com/falling-table/falling/game/audit"
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
	Audit      *audit.Result
}

// ErrIdle is returned by RunStepped when nothing more can happen: the hand
// waits for an input that no script will ever send.
var ErrIdle = errors.New("dealer: the table is idle and nothing is scheduled")

// keepPresses bounds the presses remembered for disputes.
const keepPresses = 512

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

	phase    Phase
	paused   bool
	pausedAt time.Duration
	// resumeWait: a resumed hand waits for the dealer's go (see control).
	resumeWait bool
	ready      map[int]bool

	nextBeat  time.Duration
	beat      int64
	running   bool // the next beat is scheduled
	countLeft int
	slotOpen  bool          // a deal is due and not yet confirmed
	slotSince time.Duration // the beat it was first due on
	announced bool          // a known Skip/Chute/Goggles address was shown on the last beat
	lastAddr  int           // the last faller whose address started, for the pass accent
	lastIns   game.Instruction
	insLogged bool

	imagAt    time.Duration // an imaginary Ground announced, dealt at this time
	imagSeat  int           // to this seat
	imag      bool
	window    bool
	winSeat   int
	winStart  time.Duration
	winEnd    time.Duration
	claim     bool
	claimEnd  time.Duration
	presses   []hw.ButtonEvent
	readerSt  hw.ReaderState
	lit       map[int]hw.Pattern
	shown     map[int]bool // cards shown as riders at the current or last address
	msgs      []Message
	dispute   *Dispute
	inferred  int
	rec       *audit.Recorder // the record of the hand the audit reasons from
	groups    []audit.Group
	report    *audit.Result
	startedAt time.Duration
	result    Result
	logErr    error // the first failure to log
	logFails  int   // entries not logged
	subs      map[chan View]struct{}
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
		ids: make(map[string]bool, g.NumCards()), ready: map[int]bool{}, lit: map[int]hw.Pattern{},
		shown: map[int]bool{}, rec: audit.NewRecorder(), subs: map[chan View]struct{}{}, lastAddr: -1,
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
	if d.logErr != nil {
		err = errors.Join(err, fmt.Errorf("%d log entries not written, the first: %w", d.logFails, d.logErr))
	}
	return d.result, err
}

// deadline is the next time the dealer must act on its own.
func (d *Dealer) deadline() (time.Duration, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.paused {
		return 0, false
	}
	var t time.Duration
	ok := false
	consider := func(x time.Duration) {
		if !ok || x < t {
			t, ok = x, true
		}
	}
	if d.window {
		if d.claim {
			consider(d.claimEnd)
		} else {
			consider(d.winEnd)
		}
	}
	if d.imag {
		consider(d.imagAt)
	}
	if d.running && (d.phase == PhaseCountIn || (d.phase == PhaseDealing && !d.window && !d.imag)) {
		consider(d.beatWake())
	}
	return t, ok
}

// leader is a sound sink that must be given a cue some time ahead of it:
// a speaker has that much already in the card's buffer (hw/sound Speaker).
type leader interface {
	Lead() time.Duration
}

// lead is how far ahead of a beat its cue must be scheduled.
func (d *Dealer) lead() time.Duration {
	if l, ok := d.hw.Sound.(leader); ok {
		return max(0, l.Lead())
	}
	return 0
}

// beatWake is when the dealer wakes for the next beat: early by the
// sound's lead, so the beat's cue is scheduled at the beat's exact time
// while it can still sound then ("sample-accurate in the audio stream").
func (d *Dealer) beatWake() time.Duration { return d.nextBeat - d.lead() }

// fire is the dealer's own move at time t: a beat, or a Stop window ending.
func (d *Dealer) fire(t time.Duration) {
	d.mu.Lock()
	defer d.publish()
	defer d.mu.Unlock()
	if d.window && ((d.claim && t >= d.claimEnd) || (!d.claim && t >= d.winEnd)) {
		d.windowOver(t)
		return
	}
	if d.imag && t >= d.imagAt {
		d.imaginary(t)
		return
	}
	if d.running && t >= d.beatWake() {
		d.onBeat(d.nextBeat)
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

// countIn starts the count-in at t; the deal follows it.
func (d *Dealer) countIn(t time.Duration) {
	d.running, d.nextBeat = true, d.soonest(t)
	if d.cfg.CountIn == 0 {
		d.phase = PhaseDealing
		return
	}
	d.phase, d.countLeft = PhaseCountIn, d.cfg.CountIn
}

func (d *Dealer) period() time.Duration {
	return d.cfg.Tempo.Period(d.g.Dealt(), d.g.DeckSize()-d.g.GroundsInDeck())
}

// onBeat is beat number d.beat+1, scheduled for t. It runs the sound's lead
// before t: the cues it asks for are at t.
func (d *Dealer) onBeat(t time.Duration) {
	now := d.now()
	d.beat++
	d.append(playlog.Entry{Kind: playlog.KindBeat, Source: playlog.FromDealer, Kernel: t, Beat: d.beat, Late: max(0, now-(t-d.lead()))})
	p := d.period()
	d.nextBeat = t + p
	if d.phase == PhaseCountIn {
		d.cue(hw.CueAccent, t)
		if d.countLeft--; d.countLeft <= 0 {
			d.phase = PhaseDealing
		}
		return
	}
	if d.phase != PhaseDealing {
		d.running = false
		return
	}
	if d.slotOpen {
		in := d.g.Next()
		if d.cfg.Mode == config.Follow {
			// The beat waits for the dealer: the light blinks until the
			// card is read, and the beat starts again from that read.
			d.running = false
			d.light(in.Seat, LightWaiting(in.Due, in.NewStack))
			return
		}
		d.append(playlog.Entry{Kind: playlog.KindBeat, Source: playlog.FromDealer, Kernel: t, Beat: d.beat, Late: t - d.slotSince,
			Seat: in.Seat, Note: "strict: the card due since the last beat is not dealt yet"})
	}
	if d.announced {
		// The known Skip, Chute or Goggles shown on the last beat: its
		// sweep (or pass) is done.
		d.announced = false
		d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t)
	}
	d.finishSweeps(t)
	if d.g.Over() {
		d.handOver(t)
		return
	}
	in := d.g.Next()
	switch {
	case in.Action == game.ActDeal && in.Imaginary:
		d.announceImaginary(in.Seat, t)
	case in.Action == game.ActDeal:
		d.showOnly(in.Seat, LightDeal(in.Due, in.NewStack))
		c := hw.CueDealHere
		if in.First && in.Player <= d.lastAddr {
			c = hw.CueAccent // the first beat of a pass
		}
		d.cue(c, t)
		if !d.slotOpen {
			d.slotOpen, d.slotSince = true, t
		}
	case in.Action == game.ActLand && !d.window:
		// A Ground being dealt when the power was cut: its Stop window
		// went with the power, so it is dealt again and its seat gets a
		// whole window (only a resumed hand meets this).
		d.openWindow(in.Seat, t, true)
	case (in.Action == game.ActSweep || in.Action == game.ActPass) && in.First:
		d.showOnly(in.Seat, LightSweep)
		d.cue(hw.CueSkip, t)
		d.say(false, "seat %d: %s", in.Seat, riderAdvice(in))
		d.announced = true
		d.slotOpen = false
	}
	d.noteInstruction()
}

// imaginaryGrace is how long after announcing an imaginary Ground the
// assistant deals it: time enough for the dealer to show a rider.
const imaginaryGrace = 400 * time.Millisecond

// announceImaginary: "After the last physical Ground the assistant
// announces imaginary Grounds": nothing to read, the assistant says it. It
// lands a moment later, so a rider (or Extra) the dealer shows first still
// counts, and a Stop shown or a press from the seat before then is played
// on it (see onCard, onButton).
func (d *Dealer) announceImaginary(seat int, t time.Duration) {
	d.showOnly(seat, LightGround)
	d.cue(hw.CueGround, t)
	d.say(false, "seat %d: an imaginary Ground (the deck is empty)", seat)
	d.imag, d.imagAt, d.imagSeat = true, t+min(d.period()/2, imaginaryGrace), seat
}

// imaginary deals the imaginary Ground announced on the last beat, unless
// a rider shown since has changed what the seat gets.
func (d *Dealer) imaginary(t time.Duration) {
	d.imag = false
	in := d.g.Next()
	if in.Action != game.ActDeal || !in.Imaginary || in.Seat != d.imagSeat {
		// A rider shown, or the stack reported gone, has changed what
		// the seat gets; another seat's Ground is announced on its beat.
		d.resume(t)
		return
	}
	if d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t) == nil {
		// Its sound was the announcement on the beat: a second one would
		// tell the dealer of a second Ground.
		d.openWindow(in.Seat, t, false)
	}
	d.noteInstruction()
}

// finishSweeps carries out the sweeps that end the last address: the
// dealer sweeps while the beat moves on, and the next card read implies it
// anyway.
func (d *Dealer) finishSweeps(t time.Duration) {
	for i := 0; i < 8; i++ {
		in := d.g.Next()
		if (in.Action != game.ActSweep && in.Action != game.ActPass) || in.First {
			return
		}
		if d.apply(game.Event{Kind: game.EvConfirm}, playlog.FromDealer, t) != nil {
			return
		}
	}
}

// openWindow starts seat's Stop window: a Ground is being dealt to it, and
// sounds it unless it was announced already.
func (d *Dealer) openWindow(seat int, t time.Duration, sound bool) {
	d.window, d.winSeat, d.winStart, d.winEnd, d.claim = true, seat, t, t+d.cfg.StopWindow, false
	d.slotOpen = false
	d.showOnly(seat, LightGround)
	if sound {
		d.cue(hw.CueGround, t)
	}
}

// windowOver ends a Stop window with no Stop: the Ground lands.
func (d *Dealer) windowOver(t time.Duration) {
	seat := d.winSeat
	claimed := d.claim
	d.window, d.claim = false, false
	if in := d.g.Next(); in.Action == game.ActLand {
		if d.apply(game.Step(), playlog.FromDealer, t) != nil {
			return
		}
		if claimed {
			d.say(true, "seat %d's Stop claim was not confirmed: the Ground lands", seat)
		} else {
			d.say(false, "seat %d hits the ground", seat)
		}
	}
	d.light(seat, LightOff)
	d.resume(t)
	if d.g.Over() {
		d.handOver(t)
	}
}

// resume restarts the beat at t after a hold.
func (d *Dealer) resume(t time.Duration) {
	if d.phase != PhaseDealing {
		return
	}
	d.running, d.nextBeat = true, d.soonest(t)
}

// soonest is the earliest a beat wanted at t can be: one whose cue still
// sounds on time, the sound's lead from now.
func (d *Dealer) soonest(t time.Duration) time.Duration { return max(t, d.now()+d.lead()) }

// say adds a message for the screen, and logs it.
func (d *Dealer) say(warn bool, format string, args ...any) {
	m := Message{At: d.now(), Text: fmt.Sprintf(format, args...), Warning: warn}
	d.msgs = append(d.msgs, m)
	if len(d.msgs) > keepMessages {
		d.msgs = append(d.msgs[:0], d.msgs[len(d.msgs)-keepMessages:]...)
	}
	if warn {
		d.lg.Warn("dealer: " + m.Text)
	} else {
		d.lg.Debug("dealer: " + m.Text)
	}
}

// light shows p at seat, when it changes.
func (d *Dealer) light(seat int, p hw.Pattern) {
	if seat <= 0 {
		return
	}
	if old, ok := d.lit[seat]; ok && old == p {
		return
	}
	d.lit[seat] = p
	if d.hw.Lights == nil {
		return
	}
	if err := d.hw.Lights.Set(seat, p); err != nil {
		d.note(fmt.Errorf("light seat %d: %w", seat, err))
	}
}

// showOnly lights seat with p and every other faller's seat off.
func (d *Dealer) showOnly(seat int, p hw.Pattern) {
	for _, s := range d.cfg.Game.Seats {
		if s != seat {
			d.light(s, LightOff)
		}
	}
	d.light(seat, p)
}

func (d *Dealer) cue(c hw.Cue, at time.Duration) {
	if d.hw.Sound == nil {
		return
	}
	if err := d.hw.Sound.Play(c, at); err != nil {
		d.note(fmt.Errorf("cue %v: %w", c, err))
	}
}

// note records a device failure: the hand goes on, the log and the screen
// say so.
func (d *Dealer) note(err error) {
	d.say(true, "%v", err)
	d.append(playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Error: err.Error()})
}

// append writes one log entry. A failing log does not stop the hand, but
// it is never quiet about it: the screen shows it and Run returns it.
func (d *Dealer) append(e playlog.Entry) {
	e.Mono = d.now()
	e.Wall = d.wall()
	if err := d.log.Append(e); err != nil {
		err = fmt.Errorf("dealer: play log: %w", err)
		// Say it once, and keep the first cause and a count: a dead disk
		// fails every entry, and a hand is thousands of them.
		if d.logErr == nil {
			d.msgs = append(d.msgs, Message{At: e.Mono, Text: err.Error(), Warning: true})
			d.lg.Error(err.Error())
			d.logErr = err
		}
		d.logFails++
	}
}

// apply feeds the engine one event and logs the outcome and whatever the
// engine inferred.
func (d *Dealer) apply(e game.Event, src playlog.Source, at time.Duration) error {
	before := d.g.Next()
	d.rec.Before(d.g)
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
	d.rec.Applied(d.g, e, at)
	if before.First && (before.Action == game.ActDeal || before.Action == game.ActSweep || before.Action == game.ActPass) {
		if after := d.g.Next(); !after.First || after.Player != before.Player {
			d.lastAddr = before.Player
			clear(d.shown)
		}
	}
	inf := d.g.Inferences()
	for ; d.inferred < len(inf); d.inferred++ {
		x := inf[d.inferred]
		d.append(playlog.Entry{Kind: playlog.KindInference, Source: playlog.FromEngine, Kernel: at, Seat: d.g.Seat(x.Player), Inference: &x})
	}
	return nil
}

// noteInstruction logs the instruction when it changes.
func (d *Dealer) noteInstruction() {
	in := d.g.Next()
	if d.insLogged && in == d.lastIns {
		return
	}
	d.lastIns, d.insLogged = in, true
	d.append(playlog.Entry{Kind: playlog.KindInstruction, Source: playlog.FromDealer, Seat: in.Seat, Instruction: &in, Note: in.String()})
}

// riderAdvice says what the rider in force asks of the dealer.
func riderAdvice(in game.Instruction) string {
	x := in.Extras > 0
	switch in.Rider {
	case game.Hit:
		if x {
			return fmt.Sprintf("Extra Hit: %d into each stack, then sweep the Hit and the Extra", in.Due)
		}
		return "Hit: two into each stack, then sweep the Hit"
	case game.Split:
		if x {
			return "Extra Split: deal normally, start two new stacks, then sweep the Split and the Extra"
		}
		return "Split: deal normally and one more card as a new stack, then sweep the Split"
	case game.Skip:
		if x {
			return "Extra Skip: no cards; sweep only the Extra, the Skip stays"
		}
		return "Skip: no cards, sweep the Skip and move on"
	case game.Anvil:
		if x {
			return "Extra Anvil: like an Extra Hit; sweep only the Extra, leave the Anvil"
		}
		return "Anvil: two into each stack; leave it"
	case game.Chute:
		if x {
			return "Extra Chute: no cards; sweep only the Extra, leave the Chute"
		}
		return "Chute: no cards; leave it"
	case game.Goggles:
		if x {
			return "Extra Goggles: deal normally and sweep the Extra; leave the Goggles"
		}
		return "Goggles: deal normally; leave it"
	}
	return in.String()
}
