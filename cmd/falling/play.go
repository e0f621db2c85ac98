package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/night"
	"github.com/spf13/pflag"
)

// playOptions are falling play's flags.
type playOptions struct {
	config, deck, logDir, serve string
	fast, color, resume, token  bool
	fallers, seat, hands        int
	over                        night.Overrides
	seed                        uint64
	// simSet names the simulated table's flags given on the command line:
	// with --config they would be ignored, so they are refused instead.
	simSet []string
}

func playCommand() command {
	return command{
		use:   "play",
		short: "a hand at the table, or on the simulated table with no --config",
		long: "play deals hands at the real table a board config describes, or, without\n" +
			"--config, on the simulated table with computer fallers, your seat's button\n" +
			"being the space bar. The winner deals the next hand.\n\n" +
			"Keys, on a terminal: space is your seat's button; p pauses and resumes, d\n" +
			"shows a dispute, c confirms, n says the stack or rider expected is not there,\n" +
			"x that a stack of the seat lit was knocked over and gathered back, r that\n" +
			"the card just read is not at the seat lit (a stray card, or read twice;\n" +
			"just after an n, b or l said by mistake, that is taken back), b\n" +
			"that the card before it was dealt unscanned (the light is a seat behind), l\n" +
			"that it was a Ground dealt unscanned (it landed: you dealt on past it), w\n" +
			"that the table ends a hand the lights lost: the winner presses their button,\n" +
			"or a digit 1-9 names their seat (w again carries on).\n" +
			"A card the reader did not see is confirmed naming it: g a Ground dealt, t a\n" +
			"Stop shown, and as a seat's turn begins, its rider or Extra:\n" +
			"  " + riderKeys() + "\n" +
			"q quits.",
		example: "  falling play                                   a hand on the simulated table\n" +
			"  falling play --fast --hands 3 --log-dir night  three hands as fast as they go\n" +
			"  falling play --config /etc/falling/table.yaml --log-dir /var/lib/falling --serve :8080",
		flags: playFlags,
	}
}

func playFlags(fs *pflag.FlagSet) runner {
	var o playOptions
	fs.StringVar(&o.config, "config", "", "the table's board config: drive the real hardware (none: the simulated table)")
	fs.StringVar(&o.deck, "deck", "", "the enrolled deck file (with --config; default NAME-deck.txt beside the config NAME.yaml)")
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
		o.simSet = o.simSet[:0]
		for _, name := range []string{"fast", "fallers", "seat", "seed", "expert"} {
			if fs.Changed(name) {
				o.simSet = append(o.simSet, "--"+name)
			}
		}
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
		if err := makeLogDir(o.logDir); err != nil {
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
	case o.config != "" && len(o.simSet) > 0:
		return fmt.Sprintf("%s: for the simulated table only; a real table (--config) has its own seats, deck and fallers", strings.Join(o.simSet, ", "))
	case o.deck != "" && o.config == "":
		return "--deck goes with --config: the simulated table deals its own deck"
	case o.config != "" && o.logDir == "":
		// Required, not defaulted: a folder guessed from where play was
		// started (/ under systemd) is a log nobody finds.
		return "--config needs --log-dir: a real table's hands are logged for review, disputes and --resume; name the folder, like --log-dir /var/lib/falling"
	}
	return ""
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
	// Before the page, which writes its token in the folder: a second
	// play on it must change nothing there.
	if err := n.OpenLogs(); err != nil {
		fmt.Fprintf(stderr, "falling play: %v\n", err)
		return 1
	}
	defer n.CloseLogs()
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
		warn := func(err error) { slog.Warn("falling play: the key did nothing", "err", err) }
		go newKeyboard(stdin).each(ctx, playKeys(n, t.you, cancel, warn))
	}
	err = n.Run(ctx, func(r night.HandResult) {
		scr.finish()
		report(scr.printf, r, t.seed)
	})
	scr.close()
	if err != nil {
		if errors.Is(err, errQuit) || ctx.Err() != nil {
			fmt.Fprintln(stdout, stoppedMessage(o))
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
