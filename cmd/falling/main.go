// Command falling is the table assistant for FALLING: it paces the dealer,
// reads the seat buttons and the card reader, logs every press and scan with
// kernel time, and lets a referee review the hand afterwards.
//
// Usage:
//
//	falling play [--config FILE] [--fast] [--log-dir DIR]   a hand at the table (no config: the simulated table)
//	falling sim --games N --fallers K --rules R --seed S    many simulated hands, for statistics
//	falling review HAND | --night DIR                        a hand's timeline and disputes
//	falling serve --listen ADDR --log-dir DIR                the referee's web page
//	falling enroll --config FILE --deck FILE                 scan the deck into a deck file
//	falling doctor [--config FILE]                           what hardware is there and working
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one subcommand: it gets its arguments and the standard streams
// and returns the exit code, so tests can run it in-process.
type command struct {
	run   func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
	brief string
}

var commands = map[string]command{
	"play":   {runPlay, "a hand at the table, or on the simulated table with no --config"},
	"sim":    {runSim, "play many simulated hands and print statistics"},
	"doctor": {runDoctor, "say what table hardware is here and working"},
	"enroll": {runEnroll, "scan the deck card by card into a deck file"},
	"review": {runReview, "a hand's timeline, disputes and audit, or the night's scoreboard"},
	"serve":  {runServe, "the referee's web page on the LAN: the live table and every past hand"},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "falling: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(ctx, args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: falling COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].brief)
	}
	fmt.Fprintln(w, "\n'falling COMMAND -h' tells a command's flags.")
}

// oneOf formats a list of choices for an error message.
func oneOf(choices []string) string { return strings.Join(choices, ", ") }
