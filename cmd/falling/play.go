package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/sim"
	"github.com/falling-table/falling/hw/sound"
	"golang.org/x/term"
)

// playOpts are falling play's flags.
type playOpts struct {
	config, deck, logDir, serve string
	fast, color, resume         bool
	fallers, seat, hands        int
	rules, mode                 string
	tempo                       float64
	seed                        uint64
	expert                      bool
}

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("falling play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o playOpts
	fs.StringVar(&o.config, "config", "", "the table's board config: drive the real hardware (none: the simulated table)")
	fs.StringVar(&o.deck, "deck", "", "the enrolled deck file (with --config; default deck.yaml beside the config)")
	fs.StringVar(&o.logDir, "log-dir", "", "write each hand's log here, for falling review and falling serve")
	fs.StringVar(&o.serve, "serve", "", "also serve the referee's page on this address (e.g. :8080); needs --log-dir")
	fs.BoolVar(&o.fast, "fast", false, "simulated table: play the hand to the end without waiting, then exit")
	fs.IntVar(&o.fallers, "fallers", 5, "simulated table: fallers, you included (2-11)")
	fs.IntVar(&o.seat, "seat", 1, "simulated table: your seat, whose button is the space bar (0: computer fallers only)")
	fs.IntVar(&o.hands, "hands", 1, "hands to play in a row, the winner dealing the next (0: until stopped)")
	fs.StringVar(&o.rules, "rules", "", "rule set: "+oneOf(game.RuleSetNames())+" (default: the config's, or official)")
	fs.StringVar(&o.mode, "mode", "", "follow (the beat waits for the dealer) or strict (default: the config's, or follow)")
	fs.Float64Var(&o.tempo, "tempo", 0, "cards per minute (default: the config's, or 60)")
	fs.Uint64Var(&o.seed, "seed", 0, "simulated table: shuffle and fallers' seed (0: a new one each time)")
	fs.BoolVar(&o.expert, "expert", false, "simulated table: add Anvil, Chute and Goggles")
	fs.BoolVar(&o.color, "color", true, "colours on the terminal")
	fs.BoolVar(&o.resume, "resume", false, "real table: carry on the night's last hand if a power cut or crash left it unfinished (with --config and --log-dir)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "falling play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if o.hands < 0 {
		fmt.Fprintln(stderr, "falling play: --hands must be 0 (until stopped) or more")
		return 2
	}
	if o.serve != "" && o.logDir == "" {
		fmt.Fprintln(stderr, "falling play: --serve needs --log-dir: the page shows the night's hands from it")
		return 2
	}
	if o.resume && o.config == "" {
		fmt.Fprintln(stderr, "falling play: --resume needs --config: only the real table can resume a hand; the simulated table's hidden deck order is not in the log, so its hand cannot go on")
		return 2
	}
	if o.resume && o.logDir == "" {
		fmt.Fprintln(stderr, "falling play: --resume needs --log-dir: the unfinished hand is found in the night's logs")
		return 2
	}
	if o.logDir != "" {
		// Refuse now rather than lose the hand's log once it has started.
		if err := os.MkdirAll(o.logDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "falling play: log folder: %v\n", err)
			return 1
		}
	}
	if o.config != "" {
		return playTable(ctx, o, stdin, stdout, stderr)
	}
	return playSim(ctx, o, stdin, stdout, stderr)
}

// handSettings are the rules and pace of a night, from flags over config.
type handSettings struct {
	rules  game.Options
	deck   game.DeckSpec
	mode   config.Mode
	tempo  float64
	stop   time.Duration
	tie    time.Duration
	nRules string
}

func settings(o playOpts, b *config.Board) (handSettings, error) {
	t := config.DefaultTiming()
	rules := "official"
	if b != nil {
		t = b.Timing
		rules = strings.ToLower(fmt.Sprint(b.Rules))
	}
	if o.rules != "" {
		rules = o.rules
	}
	opt, deck, err := ruleSet(rules, o.expert)
	if err != nil {
		return handSettings{}, err
	}
	s := handSettings{rules: opt, deck: deck, mode: t.Mode, tempo: float64(t.Tempo), stop: t.StopWindow, tie: t.TieWindow, nRules: opt.Name}
	switch o.mode {
	case "":
	case "follow":
		s.mode = config.Follow
	case "strict":
		s.mode = config.Strict
	default:
		return s, fmt.Errorf("unknown mode %q (want follow or strict)", o.mode)
	}
	if o.tempo != 0 {
		if o.tempo < config.MinTempo || o.tempo > config.MaxTempo {
			return s, fmt.Errorf("tempo %v: want %v to %v cards a minute", o.tempo, config.MinTempo, config.MaxTempo)
		}
		s.tempo = o.tempo
	}
	return s, nil
}

func (s handSettings) tempoRamp() dealer.Tempo {
	// Pick up the pace toward the Grounds, as a pacing dealer does.
	return dealer.Tempo{Start: s.tempo, RiseLast: 8, RiseTo: s.tempo * 1.25}
}

// playSim plays on the simulated table: computer fallers, and the keyboard
// as one seat's button.
func playSim(ctx context.Context, o playOpts, stdin io.Reader, stdout, stderr io.Writer) int {
	s, err := settings(o, nil)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 2
	}
	if o.fallers < game.MinFallers || o.fallers > game.MaxFallers {
		fmt.Fprintf(stderr, "falling play: --fallers %d: want %d to %d\n", o.fallers, game.MinFallers, game.MaxFallers)
		return 2
	}
	seed := o.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	interactive := !o.fast && isTerminal(stdin) && isTerminal(stdout)
	var kb *keyboard
	if interactive {
		kb = newKeyboard(stdin)
	}
	human := o.seat
	if !interactive {
		human = 0 // nobody at the keyboard: computer fallers only
	}
	if human < 0 || human > o.fallers {
		fmt.Fprintf(stderr, "falling play: --seat %d: the simulated table's fallers sit at seats 1 to %d\n", o.seat, o.fallers)
		return 2
	}
	// The table has a seat for every faller and one for the dealer; the
	// dealer starts at the last seat, so seat 1 is dealt to first.
	seats := make([]int, o.fallers+1)
	for i := range seats {
		seats[i] = i + 1
	}
	dealerSeat := len(seats)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	board := &dealer.Scoreboard{}
	web, stopWeb, err := liveWeb(ctx, o, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 1
	}
	defer stopWeb()
	for h := 0; o.hands == 0 || h < o.hands; h++ {
		fallers := game.SeatsAfter(dealerSeat, seats)
		deck := game.Shuffle(game.NewDeck(s.deck), rng)
		you := 0
		for _, f := range fallers {
			if f == human {
				you = human
			}
		}
		tb, err := sim.NewTable(sim.TableConfig{Rules: s.rules, Deck: deck, Seats: fallers, Human: you,
			Seed: seed + uint64(h), StopWindow: s.stop, Ready: true})
		if err != nil {
			fmt.Fprintf(stderr, "falling play: %v\n", err)
			return 1
		}
		// The simulated table's panel takes the keyboard's and the page's
		// controls too, on its own clock, so a stepped hand sees them in
		// order.
		panel := simPanel{tb.Panel}
		hwr := dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}
		log := &handLog{dir: o.logDir}
		cfg := dealer.Config{
			Game:   game.Config{Rules: s.rules, Seats: fallers, Deck: deck},
			Dealer: dealerSeat, Cards: tb.Cards(), Tempo: s.tempoRamp(), Mode: s.mode,
			CountIn: 4, WaitReady: true, StopWindow: s.stop, TieWindow: s.tie,
			Audit: true, Scoreboard: board,
		}
		var res dealer.Result
		if o.fast {
			d, err := dealer.New(cfg, hwr, log)
			if err != nil {
				fmt.Fprintf(stderr, "falling play: %v\n", err)
				return 1
			}
			web.attach(d, panel, log, s.tie)
			// A hand lasts minutes. If the dealer and the simulated table
			// ever disagreed so that neither could end it, stop rather
			// than spin: the log keeps what happened.
			hctx, hcancel := context.WithCancelCause(ctx)
			tb.Clock.At(maxHand, func() { hcancel(errHandTooLong) })
			tb.Start()
			res, err = d.RunStepped(hctx, tb.Clock)
			if cause := context.Cause(hctx); err != nil && cause != nil {
				err = cause
			}
			hcancel(nil)
			if err == nil {
				err = tb.Err()
			}
			if cerr := log.close(res.Winner); err == nil {
				err = cerr
			}
			if err != nil {
				fmt.Fprintf(stderr, "falling play: hand %d: %v\n", h+1, err)
				return 1
			}
		} else {
			res, err = playLive(ctx, liveHand{cfg: cfg, hw: hwr, tb: tb, panel: panel, log: log, web: web,
				rules: s.nRules, you: you, interactive: interactive, color: o.color, keys: kb}, stdin, stdout)
			if err != nil {
				if errors.Is(err, errQuit) || ctx.Err() != nil {
					fmt.Fprintln(stdout, "stopped before the hand ended")
					return 0
				}
				fmt.Fprintf(stderr, "falling play: hand %d: %v\n", h+1, err)
				return 1
			}
		}
		report(stdout, h+1, res, log, seed)
		dealerSeat = res.NextDealer
	}
	if o.hands != 1 {
		writeScoreboard(stdout, board)
	}
	return 0
}

// playTable plays at the real table the board config describes.
func playTable(ctx context.Context, o playOpts, stdin io.Reader, stdout, stderr io.Writer) int {
	b, err := config.Load(o.config)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: the board config is refused:\n%v\n", err)
		return 2
	}
	s, err := settings(o, b)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 2
	}
	deckPath := o.deck
	if deckPath == "" {
		deckPath = defaultDeck(o.config)
	}
	dk, err := deckfile.Read(deckPath)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(enroll the deck first: falling enroll --config %s --deck %s)\n", err, o.config, deckPath)
		return 2
	}
	clk, err := clock.New()
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 1
	}
	t, err := pi.Open(ctx, b, clk, pi.Opts{})
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(falling doctor --config %s tells what is missing)\n", err, o.config)
		return 1
	}
	defer t.Close()
	var upstream hw.Panel
	if t.Panel != nil {
		upstream = t.Panel
	}
	panel := newPanel(upstream, clk)
	seats := make([]int, len(b.Seats))
	for i, st := range b.Seats {
		seats[i] = st.Number
	}
	dealerSeat := seats[len(seats)-1]
	var rh *resumedHand
	if o.resume {
		if rh, err = resumeHand(o.logDir, stdout); err != nil {
			// The table must not stop playing because a log is damaged:
			// the hand that cannot go on is kept, untouched, for review,
			// and a new one starts. (Under systemd, refusing would mean
			// restarts until the unit gives up and the table is dead.)
			fmt.Fprintf(stderr, "falling play: %v\nstarting a new hand instead\n", err)
			rh = nil
		}
		if rh != nil {
			dealerSeat = rh.r.Start.Dealer
		}
	}
	board := &dealer.Scoreboard{}
	web, stopWeb, err := liveWeb(ctx, o, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 1
	}
	defer stopWeb()
	interactive := isTerminal(stdin) && isTerminal(stdout)
	var kb *keyboard
	if interactive {
		kb = newKeyboard(stdin)
	}
	for h := 0; o.hands == 0 || h < o.hands; h++ {
		if t.Panel != nil {
			t.Panel.SetDealer(dealerSeat)
		}
		fallers := game.SeatsAfter(dealerSeat, seats)
		log := &handLog{dir: o.logDir}
		cfg := dealer.Config{
			Game:   game.Config{Rules: s.rules, Seats: fallers, Deck: dk.GameCards()},
			Dealer: dealerSeat, Tempo: s.tempoRamp(), Mode: s.mode,
			CountIn: 4, WaitReady: true, StopWindow: s.stop, TieWindow: s.tie,
			Audit: true, Scoreboard: board,
		}
		if h == 0 && rh != nil {
			log = rh.into(&cfg)
		}
		hwr := dealer.Hardware{Clock: clk, Lights: t.Lights, Sound: t.Sound, Buttons: t.Buttons, Panel: panel}
		if t.Reader != nil {
			hwr.Reader = t.Reader
		}
		res, err := playLive(ctx, liveHand{cfg: cfg, hw: hwr, panel: panel, log: log, web: web,
			rules: s.nRules, interactive: interactive, color: o.color, keys: kb}, stdin, stdout)
		if err != nil {
			if errors.Is(err, errQuit) || ctx.Err() != nil {
				fmt.Fprintln(stdout, "stopped before the hand ended; the log keeps what happened")
				return 0
			}
			fmt.Fprintf(stderr, "falling play: hand %d: %v\n", h+1, err)
			return 1
		}
		report(stdout, h+1, res, log, 0)
		dealerSeat = res.NextDealer
	}
	writeScoreboard(stdout, board)
	return 0
}

// defaultDeck is where a table's deck file lives when not named: beside its
// board config (/etc/falling/table.yaml → /etc/falling/table-deck.txt).
func defaultDeck(config string) string {
	return strings.TrimSuffix(config, filepath.Ext(config)) + "-deck.txt"
}

// liveWeb is the hub the referee's page follows the table through, and,
// with --serve, the page itself.
func liveWeb(ctx context.Context, o playOpts, out io.Writer) (*liveHub, func(), error) {
	web := newLiveHub()
	if o.serve == "" {
		return web, func() {}, nil
	}
	srv, err := startServe(ctx, o.serve, o.logDir, web, out)
	if err != nil {
		return nil, nil, err
	}
	return web, func() {
		if err := srv.Stop(); err != nil {
			slog.Warn("referee page: stopping", "err", err)
		}
	}, nil
}

// errQuit is the player's q.
var errQuit = errors.New("quit")

// maxHand is more table time than any hand takes ("each game takes about a
// minute and a half"); a simulated hand still going then is a bug.
const maxHand = time.Hour

var errHandTooLong = errors.New("the simulated hand did not end within an hour of table time: the dealer and the table disagree (the log keeps what happened)")

// liveHand is one hand played in real time on a screen.
type liveHand struct {
	cfg         dealer.Config
	hw          dealer.Hardware
	tb          *sim.Table // nil at a real table
	panel       injector
	log         *handLog
	web         *liveHub
	rules       string
	you         int
	interactive bool
	color       bool
	keys        *keyboard // nil without a terminal
}

// playLive runs one hand at the speed of life: the screen follows the
// dealer, the keyboard is a seat's button and the dealer's panel.
func playLive(ctx context.Context, h liveHand, stdin io.Reader, stdout io.Writer) (dealer.Result, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if h.tb != nil {
		mono, err := clock.New()
		if err != nil {
			return dealer.Result{}, err
		}
		// Sound, where this machine has a speaker: cues the dealer schedules
		// on the virtual clock are played at the same instant of real time.
		if spk, err := sound.Open("default", mono); err == nil {
			h.hw.Sound = teeSound{h.hw.Sound, offsetSound{spk, mono.Now() - h.tb.Clock.Now()}}
			defer spk.Close()
		}
		go func() {
			if err := h.tb.Clock.Pace(ctx, mono); err != nil && ctx.Err() == nil {
				cancel(err)
			}
		}()
	}
	d, err := dealer.New(h.cfg, h.hw, h.log)
	if err != nil {
		return dealer.Result{}, err
	}
	h.web.attach(d, h.panel, h.log, h.cfg.TieWindow)
	footer := "p pause/resume   d dispute   c confirm   q quit"
	if h.you > 0 {
		footer = fmt.Sprintf("space: seat %d's button   ", h.you) + footer
	}
	var restore func()
	if h.interactive {
		f := stdin.(*os.File)
		if old, err := term.MakeRaw(int(f.Fd())); err == nil {
			restore = func() { _ = term.Restore(int(f.Fd()), old) }
		}
		fmt.Fprint(stdout, "\x1b[?25l\x1b[2J") // hide the cursor, clear once
		go h.keys.each(ctx, func(b byte) {
			switch b {
			case ' ', '\r', '\n':
				if h.tb != nil && h.you > 0 {
					h.tb.Press(h.you)
				}
			case 'p', 'P':
				h.panel.inject(hw.ControlPause)
			case 'd', 'D':
				h.panel.inject(hw.ControlDispute)
			case 'c', 'C':
				h.panel.inject(hw.ControlConfirm)
			case 'q', 'Q', 3, 4: // q, ^C, ^D
				cancel(errQuit)
			}
		})
	}
	views, stop := d.Subscribe()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		screen(ctx, views, h, footer, stdout)
	}()
	if h.tb != nil {
		h.tb.Start()
	}
	res, err := d.Run(ctx)
	if err != nil && context.Cause(ctx) != nil {
		err = context.Cause(ctx)
	}
	stop()
	wg.Wait()
	if restore != nil {
		restore()
	}
	if h.interactive {
		fmt.Fprint(stdout, "\x1b[?25h\r\n")
	}
	if h.tb != nil && err == nil {
		err = h.tb.Err()
	}
	if cerr := h.log.close(res.Winner); err == nil {
		err = cerr
	}
	return res, err
}

// screen draws each view the dealer publishes. On a terminal it redraws the
// whole 80×24 screen, at most 20 times a second; elsewhere it prints each
// new message as a line.
func screen(ctx context.Context, views <-chan dealer.View, h liveHand, footer string, w io.Writer) {
	const minGap = 50 * time.Millisecond
	var last time.Time
	var pending *dealer.View
	tick := time.NewTicker(minGap)
	defer tick.Stop()
	printed := 0
	show := func(v dealer.View) {
		if h.interactive {
			_ = draw(w, render(&frame{V: v, Rules: h.rules, You: h.you, Footer: footer}, h.color))
			return
		}
		msgs := v.Messages
		if len(msgs) < printed {
			printed = 0 // the dealer keeps the latest few: start again
		}
		for _, m := range msgs[printed:] {
			fmt.Fprintf(w, "%8s  %s\n", clockText(m.At), m.Text)
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
		case <-ctx.Done():
			return
		}
	}
}

// keyboard reads the terminal for the whole process: one reader, so a key
// pressed during one hand never lands in a hand that has ended.
type keyboard struct{ ch chan byte }

func newKeyboard(r io.Reader) *keyboard {
	k := &keyboard{ch: make(chan byte, 64)}
	go func() {
		defer close(k.ch)
		buf := make([]byte, 16)
		for {
			n, err := r.Read(buf)
			for _, b := range buf[:n] {
				select {
				case k.ch <- b:
				default: // 64 keys unread: nobody is playing
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return k
}

// each calls on for every key until ctx ends.
func (k *keyboard) each(ctx context.Context, on func(byte)) {
	for {
		select {
		case b, ok := <-k.ch:
			if !ok {
				return
			}
			on(b)
		case <-ctx.Done():
			return
		}
	}
}

func report(w io.Writer, n int, res dealer.Result, log *handLog, seed uint64) {
	fmt.Fprintf(w, "hand %d: seat %d wins after %d cards and deals next", n, res.Winner, res.Dealt)
	if seed != 0 {
		fmt.Fprintf(w, " (seed %d)", seed)
	}
	fmt.Fprintln(w)
	if a := res.Audit; a != nil {
		if a.Accounted && len(a.Impossible) == 0 {
			fmt.Fprintln(w, "  audit: every card accounted for")
		} else {
			fmt.Fprintf(w, "  audit: %d cards not accounted for, %d impossible plays (falling review shows them)\n", len(a.Missing)+len(a.NeverSeen), len(a.Impossible))
		}
	}
	if p := log.path(); p != "" {
		fmt.Fprintf(w, "  log: %s (falling review %s)\n", p, p)
	} else {
		fmt.Fprintln(w, "  (play with --log-dir DIR to keep the hand for falling review)")
	}
}

func writeScoreboard(w io.Writer, b *dealer.Scoreboard) {
	fmt.Fprintln(w, "\nthe night so far:")
	fmt.Fprintf(w, "  %d hands\n", len(b.Hands))
	for _, s := range b.Standings() {
		fmt.Fprintf(w, "  seat %2d  %d won\n", s.Seat, s.Wins)
	}
}

func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// handLog writes the dealer's entries into a hand file in dir, created at
// the hand's first entry; with no dir the hand is not kept.
type handLog struct {
	dir string
	mu  sync.Mutex
	w   *playlog.Writer
}

func (l *handLog) Append(e playlog.Entry) error {
	if l.dir == "" {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		if e.Kind != playlog.KindHandStart {
			return fmt.Errorf("play log: the first entry is a %v, not the hand's start", e.Kind)
		}
		w, err := playlog.Create(l.dir, e)
		if err != nil {
			return err
		}
		l.w = w
		return nil
	}
	_, err := l.w.Append(e)
	return err
}

func (l *handLog) close(winner int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return nil
	}
	return l.w.Close(winner)
}

func (l *handLog) path() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return ""
	}
	return l.w.Path()
}

// injector takes a dealer control from the keyboard or the web page.
type injector interface{ inject(hw.Control) }

// simPanel injects into the simulated table's panel.
type simPanel struct{ p *sim.Panel }

func (s simPanel) inject(c hw.Control) { s.p.ControlNow(c) }

// panel merges the table's dealer panel with the keyboard and the web page,
// so every control reaches the dealer the same way and is logged alike.
type panel struct {
	clk hw.Clock
	out chan hw.PanelEvent
}

func newPanel(up hw.Panel, clk hw.Clock) *panel {
	p := &panel{clk: clk, out: make(chan hw.PanelEvent, 16)}
	if up != nil {
		go func() {
			for e := range up.Controls() {
				p.out <- e
			}
		}()
	}
	return p
}

func (p *panel) inject(c hw.Control) {
	select {
	case p.out <- hw.PanelEvent{Control: c, Kernel: p.clk.Now()}:
	default:
		// Sixteen controls unread: the dealer is not listening (the hand
		// is over). Say so rather than lose it silently.
		slog.Warn("dealer panel: control not taken, the dealer is not listening", "control", c)
	}
}

func (p *panel) Controls() <-chan hw.PanelEvent { return p.out }
func (p *panel) Close() error                   { return nil }

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

// resumedHand is the night's unfinished hand, replayed and reopened for the
// dealer to carry on in the same log.
type resumedHand struct {
	r *dealer.Resumed
	w *playlog.Writer
}

// into makes cfg the resumed hand and returns the log it goes on in.
func (rh *resumedHand) into(cfg *dealer.Config) *handLog {
	cfg.Resume = rh.r
	return &handLog{dir: filepath.Dir(rh.w.Path()), w: rh.w}
}

// resumeHand finds the night's last hand in dir and, if a power cut or a
// crash left it unfinished, replays it and reopens its log, cutting a torn
// last record, and says so on out. Only the last hand: an earlier one left
// unfinished had a new hand started after it, and the table has moved on.
// It returns nil, and says why, when there is nothing to resume. The error
// is for a hand that cannot be trusted to go on (damaged, or not
// replaying to the states it logged): it can still be reviewed.
func resumeHand(dir string, out io.Writer) (*resumedHand, error) {
	n, err := playlog.ReadNight(dir)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	if len(n.Hands) == 0 {
		fmt.Fprintf(out, "no hand to resume in %s: starting a new one\n", dir)
		return nil, nil
	}
	last := n.Hands[len(n.Hands)-1]
	path := filepath.Join(dir, last.File)
	switch {
	case last.Hand == nil && errors.Is(last.Err, wal.ErrEmpty):
		// Cut while its file was being made: no entry is in it.
		fmt.Fprintf(out, "%s was cut before its first entry: nothing to resume, starting a new hand\n", path)
		return nil, nil
	case last.Hand == nil:
		return nil, fmt.Errorf("cannot resume %s: %w", path, last.Err)
	case last.Ended:
		fmt.Fprintf(out, "the night's last hand (%s) ended: nothing to resume, starting a new one\n", last.ID)
		return nil, nil
	}
	h := last.Hand
	if k := h.Damage.Kind; k != wal.DamageNone && k != wal.DamageTornTail {
		// Cutting it would throw away whatever follows the damage.
		return nil, fmt.Errorf("cannot resume hand %s: %s; review it with falling review %s", h.ID, h.DamageText(), path)
	}
	r, err := dealer.Replay(h)
	if errors.Is(err, dealer.ErrHandEnded) {
		fmt.Fprintf(out, "hand %s: %v; starting a new hand\n", h.ID, err)
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w\nthe log cannot be trusted to resume; it can still be reviewed: falling review %s\n(move it out of %s to start a new hand)", err, path, dir)
	}
	w, rec, err := playlog.Resume(path)
	if err != nil {
		return nil, fmt.Errorf("cannot resume hand %s (%s): %w", h.ID, rec, err)
	}
	r.Cut = rec.Cut
	fmt.Fprintf(out, "resuming hand %s (%s): %s; %d entries replayed\n", h.ID, path, rec, len(h.Entries))
	return &resumedHand{r: r, w: w}, nil
}
