package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/sound"
	"github.com/falling-table/falling/internal/regularfile"
	"github.com/spf13/pflag"
)

// playOptions are falling play's flags.
type playOptions struct {
	config, deck, logDir, serve string
	fast, color, resume, token  bool
	fallers, seat, hands        int
	over                        night.Overrides
	seed                        uint64
}

func playCommand() command {
	return command{
		use:   "play",
		short: "a hand at the table, or on the simulated table with no --config",
		long: "play deals hands at the real table a board config describes, or, without\n" +
			"--config, on the simulated table with computer fallers, your seat's button\n" +
			"being the space bar. The winner deals the next hand.",
		example: "  falling play                                   a hand on the simulated table\n" +
			"  falling play --fast --hands 3 --log-dir night  three hands as fast as they go\n" +
			"  falling play --config /etc/falling/table.yaml --log-dir /var/lib/falling --serve :8080",
		flags: playFlags,
	}
}

func playFlags(fs *pflag.FlagSet) runner {
	var o playOptions
	fs.StringVar(&o.config, "config", "", "the table's board config: drive the real hardware (none: the simulated table)")
	fs.StringVar(&o.deck, "deck", "", "the enrolled deck file (with --config; default deck.yaml beside the config)")
	fs.StringVar(&o.logDir, "log-dir", "", "write each hand's log here, for falling review and falling serve")
	fs.StringVar(&o.serve, "serve", "", "also serve the referee's page on this address (e.g. :8080); needs --log-dir")
	fs.BoolVar(&o.token, "show-token", false, "with --serve: print the control token's link and QR code even when the output is not a terminal (a log)")
	fs.BoolVar(&o.fast, "fast", false, "simulated table: play the hand to the end without waiting, then exit")
	fs.IntVar(&o.fallers, "fallers", 5, "simulated table: fallers, you included (2-11)")
	fs.IntVar(&o.seat, "seat", 1, "simulated table: your seat, whose button is the space bar (0: computer fallers only)")
	fs.IntVar(&o.hands, "hands", 1, "hands to play in a row, the winner dealing the next (0: until stopped)")
	fs.StringVar(&o.over.Rules, "rules", "", "rule set: "+oneOf(game.RuleSetNames())+" (default: the config's, or official)")
	fs.StringVar(&o.over.Mode, "mode", "", "follow (the beat waits for the dealer) or strict (default: the config's, or follow)")
	fs.Float64Var(&o.over.Tempo, "tempo", 0, "cards per minute (default: the config's, or 60)")
	fs.Uint64Var(&o.seed, "seed", 0, "simulated table: shuffle and fallers' seed (0: a new one each time)")
	fs.BoolVar(&o.over.Expert, "expert", false, "simulated table: add Anvil, Chute and Goggles")
	fs.BoolVar(&o.color, "color", true, "colours on the terminal")
	fs.BoolVar(&o.resume, "resume", false, "real table: carry on the night's last hand if a power cut or crash left it unfinished (with --config and --log-dir)")
	return func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runPlay(ctx, o, args, stdin, stdout, stderr)
	}
}

func runPlay(ctx context.Context, o playOptions, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if msg := o.check(args); msg != "" {
		fmt.Fprintf(stderr, "falling play: %s\n", msg)
		return 2
	}
	if o.logDir != "" {
		// Refuse now rather than lose the hand's log once it has started.
		// A pipe or a file in the way is named for what it is; MkdirAll
		// would only say "not a directory".
		if err := notAFolder(o.logDir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "falling play: log folder: %v\n", err)
			return 1
		}
		if err := os.MkdirAll(o.logDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "falling play: log folder: %v\n", err)
			return 1
		}
	}
	var t table
	var code int
	if o.config != "" {
		t, code = openRealTable(ctx, o, stderr)
	} else {
		t, code = openSimTable(o, stdin, stdout, stderr)
	}
	if t.table == nil {
		return code
	}
	if t.close != nil {
		defer t.close()
	}
	return playNight(ctx, o, t, stdin, stdout, stderr)
}

// check is what the flags alone can refuse.
func (o playOptions) check(args []string) string {
	switch {
	case len(args) > 0:
		return fmt.Sprintf("unexpected argument %q", args[0])
	case o.hands < 0:
		return "--hands must be 0 (until stopped) or more"
	case o.serve != "" && o.logDir == "":
		return "--serve needs --log-dir: the page shows the night's hands from it"
	case o.token && o.serve == "":
		return "--show-token goes with --serve: there is no page, and so no token, without it"
	case o.resume && o.config == "":
		return "--resume needs --config: only the real table can resume a hand; the simulated table's hidden deck order is not in the log, so its hand cannot go on"
	case o.resume && o.logDir == "":
		return "--resume needs --log-dir: the unfinished hand is found in the night's logs"
	}
	return ""
}

// table is the night's table as the command sets it up.
type table struct {
	table    night.Table
	settings night.Settings
	seats    []int
	you      int  // the seat the space bar presses, 0 for none
	paced    bool // hands take real time and the screen follows them
	seed     uint64
	close    func() error
}

// openSimTable is the simulated table: computer fallers, and the keyboard as
// one seat's button.
func openSimTable(o playOptions, stdin io.Reader, stdout, stderr io.Writer) (table, int) {
	s, err := night.Resolve(nil, o.over)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 2
	}
	if o.fallers < game.MinFallers || o.fallers > game.MaxFallers {
		fmt.Fprintf(stderr, "falling play: --fallers %d: want %d to %d\n", o.fallers, game.MinFallers, game.MaxFallers)
		return table{}, 2
	}
	seed := o.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	human := o.seat
	if o.fast || !isTerminal(stdin) || !isTerminal(stdout) {
		human = 0 // nobody at the keyboard: computer fallers only
	}
	if human < 0 || human > o.fallers {
		fmt.Fprintf(stderr, "falling play: --seat %d: the simulated table's fallers sit at seats 1 to %d\n", o.seat, o.fallers)
		return table{}, 2
	}
	// A seat for every faller and one for the dealer, who starts at the
	// last seat, so seat 1 is dealt to first.
	seats := make([]int, o.fallers+1)
	for i := range seats {
		seats[i] = i + 1
	}
	cfg := night.SimOptions{Settings: s, Seed: seed, Human: human, Paced: !o.fast}
	if !o.fast {
		mono, err := clock.New()
		if err != nil {
			fmt.Fprintf(stderr, "falling play: %v\n", err)
			return table{}, 1
		}
		cfg.Real = mono
		cfg.Speaker = func() (hw.Sound, hw.Clock, error) {
			spk, err := sound.Open("default", mono)
			return spk, mono, err
		}
	}
	return table{table: night.NewSimTable(cfg), settings: s, seats: seats, you: human, paced: !o.fast, seed: seed}, 0
}

// openRealTable is the table the board config describes.
func openRealTable(ctx context.Context, o playOptions, stderr io.Writer) (table, int) {
	b, err := config.Load(o.config)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: the board config is refused:\n%v\n", err)
		return table{}, 2
	}
	s, err := night.Resolve(b, o.over)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 2
	}
	deckPath := o.deck
	if deckPath == "" {
		deckPath = defaultDeck(o.config)
	}
	dk, err := deckfile.Read(deckPath)
	if errors.Is(err, regularfile.ErrNotRegular) {
		// Enrolling into a pipe or a device is no help: name a file.
		fmt.Fprintf(stderr, "falling play: %v\n(name the deck file: --deck FILE)\n", err)
		return table{}, 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(enroll the deck first: falling enroll --config %s --deck %s)\n", err, o.config, deckPath)
		return table{}, 2
	}
	clk, err := clock.New()
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return table{}, 1
	}
	t, err := pi.Open(ctx, b, clk, pi.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n(falling doctor --config %s tells what is missing)\n", err, o.config)
		return table{}, 1
	}
	var upstream hw.Panel
	f := &night.Fixed{Deck: dk.GameCards()}
	if t.Panel != nil {
		upstream, f.SetDealer = t.Panel, t.Panel.SetDealer
	}
	f.Panel = night.NewPanel(upstream, clk)
	f.Hardware = dealer.Hardware{Clock: clk, Lights: t.Lights, Sound: t.Sound, Buttons: t.Buttons, Panel: f.Panel}
	if t.Reader != nil {
		f.Hardware.Reader = t.Reader
	}
	seats := make([]int, len(b.Seats))
	for i, st := range b.Seats {
		seats[i] = st.Number
	}
	return table{table: f, settings: s, seats: seats, paced: true, close: t.Close}, 0
}

// playNight plays the hands on t, the screen following each, and prints
// each hand's result and the night's scoreboard.
func playNight(ctx context.Context, o playOptions, t table, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	scr := &screenFollower{out: stdout, in: stdin, rules: t.settings.Rules.Name, you: t.you, color: o.color,
		interactive: t.paced && isTerminal(stdin) && isTerminal(stdout)}
	cfg := night.Config{Settings: t.settings, Seats: t.seats, Hands: o.hands, LogDir: o.logDir,
		Resume: o.resume, Out: stdout}
	if t.paced {
		cfg.OnHand = scr.follow
	}
	n, err := night.New(cfg, t.table)
	if err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 2
	}
	if o.serve != "" {
		srv, err := startServe(ctx, o.serve, o.logDir, n.Live(), stdout, o.token || isTerminal(stdout))
		if err != nil {
			fmt.Fprintf(stderr, "falling play: %v\n", err)
			return 1
		}
		defer func() {
			if err := srv.Stop(); err != nil {
				slog.Warn("referee page: stopping", "err", err)
			}
		}()
	}
	if scr.interactive {
		go newKeyboard(stdin).each(ctx, func(b byte) {
			switch b {
			case ' ', '\r', '\n':
				n.Press(t.you)
			case 'p', 'P':
				_ = n.Control(hw.ControlPause)
			case 'd', 'D':
				_ = n.Control(hw.ControlDispute)
			case 'c', 'C':
				_ = n.Control(hw.ControlConfirm)
			case 'q', 'Q', 3, 4: // q, ^C, ^D
				cancel(errQuit)
			}
		})
	}
	err = n.Run(ctx, func(r night.HandResult) {
		scr.finish()
		report(scr.printf, r, t.seed)
	})
	scr.close()
	if err != nil {
		if errors.Is(err, errQuit) || ctx.Err() != nil {
			fmt.Fprintln(stdout, "stopped before the hand ended; the log keeps what happened")
			return 0
		}
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 1
	}
	if o.hands != 1 || o.config != "" {
		writeScoreboard(stdout, n.Scoreboard())
	}
	return 0
}

// defaultDeck is where a table's deck file lives when not named: beside its
// board config (/etc/falling/table.yaml → /etc/falling/table-deck.txt).
func defaultDeck(config string) string {
	return strings.TrimSuffix(config, filepath.Ext(config)) + "-deck.txt"
}

// errQuit is the player's q.
var errQuit = errors.New("quit")
