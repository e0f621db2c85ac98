// Package night is a night at the table: hands in a row, the winner dealing
// the next, the scoreboard, each hand's log from its first entry to its
// end, the resume of a hand a power cut left unfinished, and the live feed
// the referee's page follows.
//
// It sits between the dealer, which plays one hand, and the command, which
// only reads flags, draws the screen and reads the keyboard. The devices
// come from a Table: the real table hands the same devices to every hand;
// the simulated table (SimTable) lays out a new shuffled deck and computer
// fallers each time. Both run the same code from here down, so what the
// simulated table proves holds at the real one.
package night

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/hw"
)

// Table is where a night's hands are played.
type Table interface {
	// NextHand sets the table up for a hand dealt by seat dealerSeat to
	// fallers (in dealing order) and returns its devices and deck.
	NextHand(dealerSeat int, fallers []int) (*Hand, error)
}

// Hand is one hand's devices, deck and way of passing time.
type Hand struct {
	Hardware dealer.Hardware
	// Deck is the engine's deck: the enrolled cards at a real table (their
	// order unknown), the shuffled deck on the simulated one.
	Deck []game.Card
	// Cards maps each tag to its card; nil: a tag's text is the card ID.
	Cards map[hw.UID]string
	// Run plays the hand on d: at the speed of life at a real table, on a
	// virtual clock on the simulated one. Nil means d.Run.
	Run func(ctx context.Context, d *dealer.Dealer) (dealer.Result, error)
	// Press is a seat's button pressed now, where the table can stand a
	// key in for one (the simulated table); nil elsewhere.
	Press func(seat int)
	// Control is a dealer panel press made from the keyboard or the page.
	Control func(hw.Control)
	// ControlAs is a dealer panel press naming a card (hw.PanelEvent.As),
	// made from the keyboard: a confirm naming the card the reader did not
	// see, or an unscanned naming the card dealt unscanned a Ground; nil
	// where the table takes no keyboard.
	ControlAs func(c hw.Control, as string)
	// StartsAlone: the count-in starts by itself; nothing at the table
	// can say the fallers are ready.
	StartsAlone bool
	// Close releases what the hand alone used; nil for nothing.
	Close func() error
	// Wall is the wall clock the hand's log is stamped with; nil: the
	// host's. The simulated table's can follow its virtual clock, so the
	// same seed writes the same entries.
	Wall func() time.Time
}

// Config is a night.
type Config struct {
	Settings Settings
	// Seats are every seat at the table, the dealer's included, in table
	// order.
	Seats []int
	// Dealer is the first hand's dealer; 0 is the last seat, so seat 1 is
	// dealt to first.
	Dealer int
	// Hands is how many hands to play; 0 plays until ctx ends.
	Hands int
	// LogDir keeps each hand's log, for review and the page; "" keeps none.
	LogDir string
	// Resume carries on the night's last hand in LogDir if a power cut, a
	// crash or a stop mid-hand left it unfinished (a real table only: the simulated table's
	// hidden deck order is not in the log).
	Resume bool
	// Out is told what a person at the table should read about the night
	// itself (a hand resumed, or why not); nil discards it.
	Out io.Writer
	// OnHand is called as each hand starts, with the hand being played, so
	// a screen can follow it; it must not block.
	OnHand func(*Playing)
	Logger *slog.Logger
}

// Playing is the hand being played, as a screen follows it.
type Playing struct {
	N      int // 1 for the night's first hand
	Dealer *dealer.Dealer
	Hand   *Hand
}

// HandResult is a finished hand.
type HandResult struct {
	N      int
	Result dealer.Result
	// Log is the hand's log file; "" when the night keeps no logs.
	Log string
}

// Night plays hands in a row on one table.
type Night struct {
	cfg   Config
	table Table
	logs  *playlog.NightLog // nil when the night keeps no logs
	board dealer.Scoreboard
	live  *Live

	mu   sync.Mutex
	hand *Playing
}

// New checks cfg and returns a night ready to Run.
func New(cfg Config, t Table) (*Night, error) {
	if t == nil {
		return nil, errors.New("night: no table")
	}
	if len(cfg.Seats) < game.MinFallers+1 {
		return nil, fmt.Errorf("night: %d seats: a dealer and at least %d fallers are needed", len(cfg.Seats), game.MinFallers)
	}
	if cfg.Dealer == 0 {
		cfg.Dealer = cfg.Seats[len(cfg.Seats)-1]
	}
	if !contains(cfg.Seats, cfg.Dealer) {
		return nil, fmt.Errorf("night: dealer seat %d is not at the table (seats %v)", cfg.Dealer, cfg.Seats)
	}
	if cfg.Hands < 0 {
		return nil, fmt.Errorf("night: %d hands: want 0 (until stopped) or more", cfg.Hands)
	}
	if cfg.Resume && cfg.LogDir == "" {
		return nil, errors.New("night: resuming needs the log folder the unfinished hand is in")
	}
	if err := cfg.Settings.check(); err != nil {
		return nil, fmt.Errorf("night: %w", err)
	}
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Night{cfg: cfg, table: t, live: newLive()}, nil
}

// Live is the feed the referee's page follows; it implements serve.Live
// for the whole night, hand after hand.
func (n *Night) Live() *Live { return n.live }

// Scoreboard is the night's results so far.
func (n *Night) Scoreboard() *dealer.Scoreboard { return &n.board }

// Press presses seat's button now, where the table lets a key stand in for
// one; it reports whether anything was pressed.
func (n *Night) Press(seat int) bool {
	p := n.playing()
	if p == nil || p.Hand.Press == nil {
		return false
	}
	p.Hand.Press(seat)
	return true
}

// Control is a dealer panel press from the keyboard.
func (n *Night) Control(c hw.Control) error { return n.live.Control(c) }

// ControlAs is a dealer panel press from the keyboard naming a card
// ("Ground", "Hit"...): a confirm naming the card the reader did not see,
// or an unscanned naming the card dealt unscanned. The dealer reads the
// name, and says so if it is none.
func (n *Night) ControlAs(c hw.Control, as string) error {
	p := n.playing()
	if p == nil || p.Hand.ControlAs == nil {
		return ErrNoHand
	}
	p.Hand.ControlAs(c, as)
	return nil
}

func (n *Night) playing() *Playing {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.hand
}

// ErrHandTooLong ends a simulated hand still going after maxHand of table
// time: the dealer and the simulated table disagree so that neither can
// end it, and the night stops rather than spin (the log keeps what
// happened).
var ErrHandTooLong = errors.New("the simulated hand did not end within an hour of table time: the dealer and the table disagree (the log keeps what happened)")

// maxHand is more table time than any hand takes ("each game takes about a
// minute and a half").
const maxHand = time.Hour

// OpenLogs opens the night's log folder, when it keeps logs: the index is
// opened and locked before any hand, so a damaged one is set aside now
// (and said on Out), not found at each hand's first entry, and a second
// night on the folder is refused before it deals (the error matches
// playlog.ErrNightInUse). Run calls it; a caller that writes in the folder
// before Run (the referee page's token) calls it first. Opening again does
// nothing.
func (n *Night) OpenLogs() error {
	if n.cfg.LogDir == "" || n.logs != nil {
		return nil
	}
	logs, err := playlog.OpenNight(n.cfg.LogDir, wal.Options{Logger: n.cfg.Logger})
	if err != nil {
		return err
	}
	if aside := logs.SetAside(); aside != "" {
		fmt.Fprintf(n.cfg.Out, "the night index was damaged: kept as %s, and a new one started; every hand's log is kept\n", aside)
	}
	n.logs = logs
	return nil
}

// CloseLogs releases the log folder for another night. Run calls it when
// it returns; closing again does nothing.
func (n *Night) CloseLogs() {
	if n.logs == nil {
		return
	}
	if err := n.logs.Close(); err != nil {
		n.cfg.Logger.Warn("night: closing the night index", "err", err)
	}
	n.logs = nil
}

// Run plays the night's hands, calling done after each. It returns when
// the hands are played, ctx ends (with ctx's cause) or a hand fails; the
// hand's log keeps what happened in every case.
func (n *Night) Run(ctx context.Context, done func(HandResult)) error {
	seats := n.cfg.Seats
	dealerSeat := n.cfg.Dealer
	if err := n.OpenLogs(); err != nil {
		return err
	}
	defer n.CloseLogs()
	defer n.live.detach()
	var rh *resumedHand
	if n.cfg.Resume {
		var err error
		if rh, err = resumeHand(n.logs, n.cfg.LogDir, n.cfg.Out); err != nil {
			// The table must not stop playing because a log is damaged:
			// the hand that cannot go on is kept, untouched, for review,
			// and a new one starts. (Under systemd, refusing would mean
			// restarts until the unit gives up and the table is dead.)
			fmt.Fprintf(n.cfg.Out, "%v\nstarting a new hand instead\n", err)
			rh = nil
		}
		if rh != nil {
			dealerSeat = rh.r.Start.Dealer
		}
	}
	for h := 0; n.cfg.Hands == 0 || h < n.cfg.Hands; h++ {
		if err := context.Cause(ctx); err != nil {
			return err
		}
		var resume *resumedHand
		if h == 0 {
			resume = rh
		}
		res, path, err := n.play(ctx, h+1, dealerSeat, game.SeatsAfter(dealerSeat, seats), resume)
		if err != nil {
			return fmt.Errorf("hand %d: %w", h+1, err)
		}
		if done != nil {
			done(HandResult{N: h + 1, Result: res, Log: path})
		}
		dealerSeat = res.NextDealer
	}
	return nil
}

// play plays one hand and closes its log, whatever happens.
func (n *Night) play(ctx context.Context, num, dealerSeat int, fallers []int, rh *resumedHand) (res dealer.Result, path string, err error) {
	hand, err := n.table.NextHand(dealerSeat, fallers)
	if err != nil {
		return res, "", err
	}
	if hand.Close != nil {
		defer func() {
			if cerr := hand.Close(); cerr != nil {
				n.cfg.Logger.Warn("night: closing the hand's devices", "hand", num, "err", cerr)
			}
		}()
	}
	s := n.cfg.Settings
	log := &handLog{dir: n.cfg.LogDir, night: n.logs}
	cfg := dealer.Config{
		Game:   game.Config{Rules: s.Rules, Seats: fallers, Deck: hand.Deck},
		Dealer: dealerSeat, Cards: hand.Cards, Tempo: s.Ramp(), Mode: s.Mode,
		CountIn: 4, WaitReady: !hand.StartsAlone, StopWindow: s.StopWindow, TieWindow: s.TieWindow,
		Audit: true, Scoreboard: &n.board, Logger: n.cfg.Logger, Wall: hand.Wall,
	}
	if rh != nil {
		log = rh.into(&cfg)
	}
	d, err := dealer.New(cfg, hand.Hardware, log)
	if err != nil {
		// A resumed hand's log is left as it is, not ended: the hand did
		// not go on, and a later resume may still carry it on.
		return res, "", err
	}
	p := &Playing{N: num, Dealer: d, Hand: hand}
	n.mu.Lock()
	n.hand = p
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		n.hand = nil
		n.mu.Unlock()
	}()
	// A referee's correction is a dealer input, so every hand's log has
	// one writer.
	n.live.attach(d, hand.Control, func(note string) error {
		return d.Correct(playlog.FromReferee, note)
	}, s.TieWindow)
	if n.cfg.OnHand != nil {
		n.cfg.OnHand(p)
	}
	run := hand.Run
	if run == nil {
		run = func(ctx context.Context, d *dealer.Dealer) (dealer.Result, error) { return d.Run(ctx) }
	}
	res, err = run(ctx, d)
	var cerr error
	if cause := context.Cause(ctx); cause != nil {
		// Stopped (q, Ctrl-C, SIGTERM), not over: an end logged now
		// would end the hand for good, with no winner, and --resume
		// would find nothing to carry on.
		cerr = log.suspend(fmt.Sprintf("the table was stopped before the hand ended (%v)", cause))
	} else {
		cerr = log.close(res.Winner)
	}
	if err == nil {
		err = cerr
	}
	return res, log.path(), err
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
