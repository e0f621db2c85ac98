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
//
// One loop (loop.go) takes the table's inputs one at a time, each under
// the dealer's lock, and fires the dealer's own deadlines. The dealer's
// state is in parts, each a small type with its own file: the metronome
// (metronome.go), the deal slot (dealslot.go), the Stop window
// (stopwindow.go), the imaginary Ground (imaginary.go), the seat lamps
// (lights.go), the panel (panel.go), the presses and the dispute
// (presses.go), the messages and the View (view.go), the hand's end
// (handend.go), the resumed hand (resume.go), the log's health
// (loghealth.go) and the referee's corrections (correct.go). engine.go
// feeds the rules engine and does what follows at the table.
package dealer

import (
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

// handNamer is a Log that names a new hand as it writes the hand's start
// (the night's log numbers its hands): the dealer then shows the hand by
// the name its file and the night's list know it by.
type handNamer interface {
	HandID() string
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
	// Declared: the table ended the hand and named its winner
	// (game.DeclareWinner), the assistant having lost its way.
	Declared bool
}

// ErrIdle is returned by RunStepped when nothing more can happen: the hand
// waits for an input that no script will ever send.
var ErrIdle = errors.New("dealer: the table is idle and nothing is scheduled")

// Dealer runs one hand. Its methods are safe to call from other goroutines
// while Run is running (View, Subscribe, Inspect, Correct); the Run methods
// are not re-entrant.
type Dealer struct {
	cfg  Config
	hw   Hardware
	log  Log
	lg   *slog.Logger
	wall func() time.Time

	// mu guards the rest: the loop changes it, screens read it.
	mu  sync.Mutex
	g   *game.Game
	ids map[string]bool // every card ID of the deck

	phase     Phase
	startedAt time.Duration
	result    Result

	// The parts of the dealer, each with its own file.
	beat      metronome       // metronome.go
	slot      dealSlot        // dealslot.go
	stop      stopWindow      // stopwindow.go
	imag      imaginaryGround // imaginary.go
	lamps     lamps           // lights.go
	panel     panelState      // panel.go
	presses   pressLog        // presses.go: what a dispute is settled on
	ready     map[int]bool    // presses.go: the fallers who said they are ready
	dispute   *Dispute        // presses.go: the last dispute called
	reader    hw.ReaderState  // cards.go: the card reader, as last reported
	msgs      messages        // view.go
	subs      subscribers     // view.go
	logHealth logHealth       // loghealth.go
	corr      corrections     // correct.go
	inferred  int             // engine.go: the engine's inferences logged so far
	readAgain int             // engine.go: the card the last event applied read again past a stack gone (readAgainPastGone), -1 if none
	ident     identifyState   // identify.go: the cards dealt by hand, asked for once the reader reads
	held      heldRead        // held.go: a read judged by what follows it
	heldPress []pressHeld     // held.go: presses kept while a read is held
	kept      keptGround      // kept.go: a Ground read while a Stop claim waits
	declaring declaring       // declare.go: the winner asked to press their button
	lost      int             // lost.go: reads the engine refused in a row
	// deckEndAsked: the dealer is told the deck should be empty (deckend.go).
	deckEndAsked bool
	lastRead     string        // the card the reader last read while dealing, taken or not
	lastReadAt   time.Duration // when it was read

	// The dealer's record of the hand, which the audit reasons from
	// (audit.go), rebuilt from the log for a resumed hand (resume.go).
	rec    *audit.Recorder // the record of the hand the audit reasons from
	groups []audit.Group   // what was scanned at the audit (handend.go)
	report *audit.Result
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
		slot: dealSlot{lastAddressed: -1, shown: map[int]bool{}}, rec: audit.NewRecorder(), subs: subscribers{}, readAgain: -1,
		reader: hw.ReaderAbsent, corr: corrections{wake: make(chan struct{}, 1)},
	}
	if d.lg == nil {
		d.lg = slog.Default()
	}
	if d.wall == nil {
		d.wall = time.Now
	}
	if h.Reader != nil {
		d.reader = hw.ReaderOK
	}
	for c := 0; c < g.NumCards(); c++ {
		d.ids[g.Card(c).ID] = true
	}
	return d, nil
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
	d.corr.running = true
	if d.cfg.Resume != nil {
		// The log has its hand-start already: the hand goes on in it.
		d.startResumed(now)
		return
	}
	st := &playlog.Start{Hand: d.cfg.Hand, Rules: d.cfg.Game.Rules, Seats: d.cfg.Game.Seats, Dealer: d.cfg.Dealer,
		Deck: d.cfg.Game.Deck, Ordered: d.cfg.Game.Ordered, Order: d.cfg.Game.Order, Tempo: d.cfg.Tempo.Start,
		StopWindow: d.cfg.StopWindow, TieWindow: d.cfg.TieWindow}
	d.append(playlog.Entry{Kind: playlog.KindHandStart, Source: playlog.FromDealer, Start: st, Note: "mode " + string(d.cfg.Mode)})
	if n, ok := d.log.(handNamer); ok && d.cfg.Hand == "" {
		d.cfg.Hand = n.HandID()
	}
	for _, s := range d.cfg.Game.Seats {
		d.light(s, LightOff)
	}
	if d.cfg.WaitReady {
		d.phase = PhaseReady
		d.ask(askReady, false, "fallers: press your button when you are ready")
		return
	}
	d.countIn(now)
}
