package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/messy"
	"github.com/spf13/pflag"
)

// messyFlags are sim's flags for the messy table (issue 12).
type messyFlags struct {
	on     bool
	rate   float64
	faults []string
}

func addMessyFlags(fs *pflag.FlagSet) *messyFlags {
	m := &messyFlags{}
	fs.BoolVar(&m.on, "messy", false, "play on the messy table: dealer, reader and fallers make mistakes; print how the assistant answered each")
	fs.Float64Var(&m.rate, "fault-rate", 0.02, "with --messy: the chance of each mistake at each occasion for it (0: a clean table)")
	fs.StringSliceVar(&m.faults, "faults", nil, "with --messy: only these mistakes (default all): "+faultNames())
	return m
}

func faultNames() string {
	var s []string
	for _, k := range messy.Kinds() {
		s = append(s, k.String())
	}
	return strings.Join(s, ", ")
}

func runMessy(m *messyFlags, opt game.Rules, deck game.DeckSpec, games, fallers int, seed uint64, jsonOut bool, stdout, stderr io.Writer) int {
	if m.rate < 0 || m.rate > 1 {
		fmt.Fprintf(stderr, "falling sim: --fault-rate %v: want 0 to 1\n", m.rate)
		return 2
	}
	faults := messy.All(m.rate)
	if len(m.faults) > 0 {
		faults = messy.Faults{}
		for _, name := range m.faults {
			k, err := messy.ParseKind(name)
			if err != nil {
				fmt.Fprintf(stderr, "falling sim: %v (want one of %s)\n", err, faultNames())
				return 2
			}
			faults[k] = m.rate
		}
	}
	start := time.Now()
	fig, err := messy.Run(messy.RunOptions{Rules: opt, Deck: deck, Fallers: fallers, Hands: games, Seed: seed, Faults: faults})
	if err != nil {
		fmt.Fprintf(stderr, "falling sim: %v\n", err)
		return 2
	}
	code := 0
	if fig.Panics+fig.Invariants+fig.Unfinished+fig.Accusations > 0 {
		code = 1 // the assistant failed the table: say so to a script too
	}
	if jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(fig); err != nil {
			fmt.Fprintf(stderr, "falling sim: %v\n", err)
			return 1
		}
		return code
	}
	fmt.Fprintf(stdout, "%d messy hands, %d fallers, %s rules, seed %d, fault rate %.3f\n\n", fig.Hands, fallers, fig.Rules, fig.Seed, m.rate)
	fmt.Fprintf(stdout, "panics %d, invariant breaks %d, unfinished %d, false accusations %d\n", fig.Panics, fig.Invariants, fig.Unfinished, fig.Accusations)
	fmt.Fprintf(stdout, "hands out of step (the lights asked for another seat than the one dealt to): %d, with %d audit findings\n", fig.OutOfStep, fig.OutOfStepFindings)
	fmt.Fprintf(stdout, "  of them with a twin (an honest table shows the same, and deals where the lights ask): %d\n", fig.OutOfStepTwin)
	fmt.Fprintf(stdout, "hands whose winner the assistant named differently: %d (%d of them in step)\n\n", fig.Diverged, fig.DivergedInStep)
	fmt.Fprintf(stdout, "%-15s %7s %7s %8s  %s\n", "mistake", "made", "caught", "rate", "answers")
	for _, k := range fig.Kinds {
		if k.Made == 0 {
			continue
		}
		rate := fmt.Sprintf("%7.1f%%", 100*k.Rate)
		if !k.Visible {
			rate = "    n/a"
		}
		var ans []string
		for _, a := range []messy.Answer{messy.Refused, messy.Named, messy.Audited, messy.Harmless, messy.Unseen, messy.Unidentified, messy.Missed} {
			if n := k.Answers[a.String()]; n > 0 {
				ans = append(ans, fmt.Sprintf("%s %d", a, n))
			}
		}
		fmt.Fprintf(stdout, "%-15s %7d %7d %8s  %s\n", k.Kind, k.Made, k.Caught, rate, strings.Join(ans, ", "))
	}
	for _, f := range fig.Failures {
		fmt.Fprintf(stdout, "failure: %s\n", f)
	}
	fmt.Fprintf(stdout, "\n(simulated in %v)\n", time.Since(start).Round(time.Millisecond))
	return code
}
