package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// ruleSet is the named rule set and its simulated deck, with the expert
// riders when asked for.
func ruleSet(name string, expert bool) (game.Rules, game.DeckSpec, error) {
	opt, deck, err := game.RuleSet(name)
	deck.Anvil, deck.Chute, deck.Goggles = expert, expert, expert
	return opt, deck, err
}

func simCommand() command {
	return command{
		use:   "sim",
		short: "play many simulated hands and print statistics",
		long: "sim plays hands with computer fallers on a virtual clock and prints the win\n" +
			"rate by seat, the hands' length and tempo advice. The same seed prints the same figures.",
		example: "  falling sim --games 100000 --fallers 6 --rules classic\n" +
			"  falling sim --json --seed 7 > figures.json\n" +
			"  falling sim --messy --games 10000 --rules french",
		flags: simFlags,
	}
}

func simFlags(fs *pflag.FlagSet) runner {
	games := fs.Int("games", 10000, "hands to play")
	fallers := fs.Int("fallers", 5, "computer fallers at the table (2-11; with --messy, 0 plays 2 to 7 a hand)")
	rules := fs.String("rules", "official", "rule set: "+oneOf(game.RuleSetNames()))
	seed := fs.Uint64("seed", 1, "random seed: the same seed gives the same figures")
	tempo := fs.Float64("tempo", 60, "dealer's pace in cards per minute")
	expert := fs.Bool("expert", false, "add the expert Anvil, Chute and Goggles")
	strategy := fs.String("strategy", "sensible", "computer fallers: sensible or random")
	jsonOut := fs.Bool("json", false, "print one JSON object instead of a report")
	workers := fs.Int("workers", 0, "goroutines (0: one per core)")
	messyFlags := addMessyFlags(fs)
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "falling sim: unexpected argument %q\n", args[0])
			return 2
		}
		switch {
		case *workers < 0:
			fmt.Fprintf(stderr, "falling sim: --workers %d: want 0 (one per core) or more\n", *workers)
			return 2
		case !messyFlags.on && (fs.Changed("faults") || fs.Changed("fault-rate")):
			fmt.Fprintln(stderr, "falling sim: --faults and --fault-rate go with --messy: the plain simulator makes no mistakes")
			return 2
		}
		opt, deck, err := ruleSet(*rules, *expert)
		if err != nil {
			fmt.Fprintf(stderr, "falling sim: %v\n", err)
			return 2
		}
		if messyFlags.on {
			return runMessy(messyFlags, opt, deck, *games, *fallers, *seed, *jsonOut, stdout, stderr)
		}
		var mk func() bot.Strategy
		switch *strategy {
		case "sensible":
			mk = func() bot.Strategy { return &bot.Sensible{} }
		case "random":
			mk = func() bot.Strategy { return &bot.Random{} }
		default:
			fmt.Fprintf(stderr, "falling sim: unknown strategy %q (want sensible or random)\n", *strategy)
			return 2
		}
		par := bot.DefaultParams()
		par.Tempo = *tempo
		cfg := bot.SimOptions{Games: *games, Fallers: *fallers, Rules: opt, Deck: deck,
			Seed: *seed, Params: par, Strategy: mk, Workers: *workers}

		// A progress bar only where a person is watching: never in JSON output
		// or a pipe, so the same seed prints the same bytes.
		var bar *progressbar.ProgressBar
		var progress func(int)
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) && *games >= 1000 {
			bar = progressbar.NewOptions(*games, progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription("hands"), progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
			var last atomic.Int64
			progress = func(done int) {
				// Only one worker in a hundred hands touches the bar.
				if done%100 == 0 || done == *games {
					if prev := last.Swap(int64(done)); int64(done) > prev {
						_ = bar.Set(done)
					}
				}
			}
		}
		_ = ctx // the simulation is CPU-bound and short; ^C ends the process
		start := time.Now()
		st, err := bot.Simulate(cfg, progress)
		if bar != nil {
			_ = bar.Finish()
		}
		if err != nil {
			fmt.Fprintf(stderr, "falling sim: %v\n", err)
			return 2
		}
		if *jsonOut {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(st); err != nil {
				fmt.Fprintf(stderr, "falling sim: %v\n", err)
				return 1
			}
			return 0
		}
		elapsed := time.Since(start)
		fmt.Fprintf(stdout, "%d hands, %d computer fallers (%s), %s rules, seed %d, %.0f cards a minute\n\n",
			st.Games, st.Fallers, *strategy, st.Rules, st.Seed, st.Tempo)
		fmt.Fprintln(stdout, "win rate by seat (seat 1 is the dealer's left):")
		for i, w := range st.WinsBySeat {
			fmt.Fprintf(stdout, "  seat %2d  %6.2f%%  %s\n", i+1, 100*st.WinRateBySeat[i], strings.Repeat("#", int(0.5+40*float64(w)/float64(st.Games))))
		}
		fmt.Fprintf(stdout, "\nmean cards dealt  %.1f\nmean passes       %.1f\nmean hand         %.1f s (longest %.1f s)\n",
			st.MeanCardsDealt, st.MeanPasses, st.MeanSeconds, st.MaxSeconds)
		fmt.Fprintf(stdout, "tempo advice      deal at about %.0f cards a minute for a 90-second hand\n", st.TempoFor90s)
		fmt.Fprintf(stdout, "\n(simulated in %v, %.0f hands a second)\n", elapsed.Round(time.Millisecond), float64(st.Games)/elapsed.Seconds())
		return 0
	}
}
