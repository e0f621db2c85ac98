package main

import (
	"bufio"
	"context"
	"errors"
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
	"github.com/spf13/pflag"
)

// openEnrollTable opens what enrollment needs from the table a config
// describes, and how to close it.
type openEnrollTable func(ctx context.Context, configPath string) (enroll.Table, func() error, error)

// runEnroll is `falling enroll --config FILE --deck FILE`: exit 0 when the
// deck (or the replacement) is complete or the person stopped with q, 1 when
// enrollment could not go on (the deck could not be saved, the reader went
// away, ^C), 2 for usage, a bad deck file or a table that cannot enroll.
func enrollCommand() command {
	return command{
		use:   "enroll",
		short: "scan the deck card by card into a deck file",
		long: "enroll scans the deck card by card, one kind at a time. Enter ends an\n" +
			"open-ended kind, q stops; every card accepted is in the deck file at once,\n" +
			"so running again goes on where it stopped.",
		example: "  falling enroll --config /etc/falling/table.yaml --deck /etc/falling/table-deck.txt\n" +
			"  falling enroll --config table.yaml --deck deck.txt --replace Hit",
		flags: func(fs *pflag.FlagSet) runner { return enrollFlags(fs, openPiTable) },
	}
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
	t, err := pi.Open(ctx, b, clk, pi.Options{})
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

// enrollOptions are falling enroll's flags.
type enrollOptions struct {
	config, deck, composition, kinds, replace string
	anyMaker                                  bool
}

func enrollFlags(flags *pflag.FlagSet, open openEnrollTable) runner {
	var o enrollOptions
	flags.StringVar(&o.config, "config", "", "the table's wiring file, with its reader: section (required)")
	flags.StringVar(&o.deck, "deck", "", "the deck file to write; an existing one is continued (required)")
	flags.StringVar(&o.composition, "composition", "move", "the deck's cards: "+oneOf(enroll.Compositions())+
		" (original: the 1998 54 cards; move: the 2014 mix; expert: move and Anvil, Chute, Goggles; open: any count, Enter ends each kind)")
	flags.StringVar(&o.kinds, "kinds", "", "enroll only these kinds, comma-separated (e.g. Anvil,Chute,Goggles)")
	flags.StringVar(&o.replace, "replace", "", "replace a lost card: KIND (scan the ones you have; the missing one is replaced) or KIND:N")
	flags.BoolVar(&o.anyMaker, "any-maker", false, "accept 7-byte tags from makers other than NXP (NTAG21x clones)")
	return func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runEnroll(ctx, o, args, open, stdin, stdout, stderr)
	}
}

func runEnroll(ctx context.Context, o enrollOptions, args []string, open openEnrollTable, stdin io.Reader, stdout, stderr io.Writer) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "falling enroll: "+format+"\n", a...)
		return 2
	}
	switch {
	case len(args) > 0:
		return usageErr("unexpected argument %q", args[0])
	case o.config == "":
		return usageErr("--config FILE is required: the reader is found through it")
	case o.deck == "":
		return usageErr("--deck FILE is required: where the deck is written")
	}

	d, err := deckfile.Read(o.deck)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d = &deckfile.Deck{}
	case err != nil:
		return usageErr("%v", err)
	}
	check := enroll.CheckNTAG21x
	if o.anyMaker {
		check = enroll.CheckSevenByte
	}

	var s *enroll.Session
	if o.replace != "" {
		k, n, err := parseReplace(o.replace)
		if err != nil {
			return usageErr("--replace %q: %v", o.replace, err)
		}
		if s, err = enroll.NewReplace(d, k, n, check); err != nil {
			return usageErr("%s: %v", o.deck, err)
		}
	} else {
		var only []game.Kind
		for _, f := range strings.Split(o.kinds, ",") {
			if f = strings.TrimSpace(f); f == "" {
				continue
			}
			k, err := game.ParseKind(f)
			if err != nil {
				return usageErr("--kinds: %v", err)
			}
			only = append(only, k)
		}
		plan, err := enroll.PlanFor(o.composition, only)
		if err != nil {
			return usageErr("%v", err)
		}
		s = enroll.NewSession(d, plan, check)
	}

	t, closeTable, err := open(ctx, o.config)
	if err != nil {
		return usageErr("%v", err)
	}
	defer func() {
		if err := closeTable(); err != nil {
			fmt.Fprintf(stderr, "falling enroll: %v\n", err)
		}
	}()

	fmt.Fprintf(stdout, "deck file %s: %s\n", o.deck, enroll.Summary(d))
	err = enroll.Run(ctx, s, t, enroll.Options{
		Save: func(d *deckfile.Deck) error { return deckfile.Write(o.deck, d) },
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
