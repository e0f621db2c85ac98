package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/game/enroll"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/pi"
)

// openEnrollTable opens what enrollment needs from the table a config
// describes, and how to close it.
type openEnrollTable func(ctx context.Context, configPath string) (enroll.Table, func() error, error)

// runEnroll is `falling enroll --config FILE --deck FILE`: exit 0 when the
// deck (or the replacement) is complete or the person stopped with q, 1 when
// enrollment could not go on (the deck could not be saved, the reader went
// away, ^C), 2 for usage, a bad deck file or a table that cannot enroll.
func runEnroll(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return enrollWith(ctx, args, openPiTable, stdin, stdout, stderr)
}

func openPiTable(ctx context.Context, configPath string) (enroll.Table, func() error, error) {
	b, err := config.Load(configPath)
	if err != nil {
		return enroll.Table{}, nil, err
	}
	if b.Reader == nil {
		return enroll.Table{}, nil, fmt.Errorf("%s: the table has no card reader, and enrolling is scanning; fix: add a reader: section (see firmware/board-reference.yaml)", b.File)
	}
	clk, err := clock.New()
	if err != nil {
		return enroll.Table{}, nil, err
	}
	t, err := pi.Open(ctx, b, clk, pi.Opts{})
	if err != nil {
		return enroll.Table{}, nil, err
	}
	et := enroll.Table{Reader: t.Reader, Lights: t.Lights, Sound: t.Sound, Clock: clk}
	for _, s := range b.Seats {
		et.Seats = append(et.Seats, s.Number)
	}
	if t.Panel != nil { // a nil *Panel in the interface would not read as nil
		et.Panel = t.Panel
	}
	return et, t.Close, nil
}

func enrollWith(ctx context.Context, args []string, open openEnrollTable, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("falling enroll", flag.ContinueOnError)
	flags.SetOutput(stderr)
	cfg := flags.String("config", "", "the table's wiring file, with its reader: section (required)")
	deckPath := flags.String("deck", "", "the deck file to write; an existing one is continued (required)")
	comp := flags.String("composition", "move", "the deck's cards: "+oneOf(enroll.Compositions())+
		" (original: the 1998 54 cards; move: the 2014 mix; expert: move and Anvil, Chute, Goggles; open: any count, Enter ends each kind)")
	kinds := flags.String("kinds", "", "enroll only these kinds, comma-separated (e.g. Anvil,Chute,Goggles)")
	replace := flags.String("replace", "", "replace a lost card: KIND (scan the ones you have; the missing one is replaced) or KIND:N")
	anyMaker := flags.Bool("any-maker", false, "accept 7-byte tags from makers other than NXP (NTAG21x clones)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: falling enroll --config FILE --deck FILE [--composition NAME] [--kinds K,K] [--replace KIND[:N]]")
		fmt.Fprintln(stderr, "\nScan the deck card by card, one kind at a time. Enter ends an open-ended kind, q stops;")
		fmt.Fprintln(stderr, "every card accepted is in the deck file at once, so running again goes on where it stopped.")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "falling enroll: "+format+"\n", a...)
		return 2
	}
	switch {
	case flags.NArg() > 0:
		return usageErr("unexpected argument %q", flags.Arg(0))
	case *cfg == "":
		return usageErr("--config FILE is required: the reader is found through it")
	case *deckPath == "":
		return usageErr("--deck FILE is required: where the deck is written")
	}

	d, err := deckfile.Read(*deckPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d = &deckfile.Deck{}
	case err != nil:
		return usageErr("%v", err)
	}
	check := enroll.CheckNTAG21x
	if *anyMaker {
		check = enroll.CheckSevenByte
	}

	var s *enroll.Session
	if *replace != "" {
		k, n, err := parseReplace(*replace)
		if err != nil {
			return usageErr("--replace %q: %v", *replace, err)
		}
		if s, err = enroll.NewReplace(d, k, n, check); err != nil {
			return usageErr("%s: %v", *deckPath, err)
		}
	} else {
		var only []game.Kind
		for _, f := range strings.Split(*kinds, ",") {
			if f = strings.TrimSpace(f); f == "" {
				continue
			}
			k, err := game.ParseKind(f)
			if err != nil {
				return usageErr("--kinds: %v", err)
			}
			only = append(only, k)
		}
		plan, err := enroll.PlanFor(*comp, only)
		if err != nil {
			return usageErr("%v", err)
		}
		s = enroll.NewSession(d, plan, check)
	}

	t, closeTable, err := open(ctx, *cfg)
	if err != nil {
		return usageErr("%v", err)
	}
	defer func() {
		if err := closeTable(); err != nil {
			fmt.Fprintf(stderr, "falling enroll: %v\n", err)
		}
	}()

	fmt.Fprintf(stdout, "deck file %s: %s\n", *deckPath, enroll.Summary(d))
	err = enroll.Run(ctx, s, t, enroll.Options{
		Save: func(d *deckfile.Deck) error { return deckfile.Write(*deckPath, d) },
		Out:  stdout,
		Keys: lines(stdin),
	})
	if err != nil {
		fmt.Fprintf(stderr, "falling enroll: %v; the deck file holds %s\n", err, enroll.Summary(s.Deck()))
		return 1
	}
	return 0
}

// parseReplace reads KIND or KIND:N.
func parseReplace(s string) (game.Kind, int, error) {
	name, num, hasNum := strings.Cut(s, ":")
	k, err := game.ParseKind(name)
	if err != nil {
		return game.NoKind, 0, err
	}
	if !hasNum {
		return k, 0, nil
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return game.NoKind, 0, fmt.Errorf("card number %q: want a whole number from 1, as in Hit:7", num)
	}
	return k, n, nil
}

// lines delivers what is typed, a line at a time, and closes at the end of
// input: enrollment then goes on with scans and the panel alone.
func lines(r io.Reader) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
	}()
	return ch
}
