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
//	falling completion bash|zsh|fish                         shell completion
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// command is one subcommand. Its flags are defined on the FlagSet the
// command line parses, and the runner they return gets the arguments left
// and the standard streams and returns the exit code, so tests run it
// in-process.
type command struct {
	use     string // the command and its arguments, as -h shows them
	short   string
	long    string
	example string
	flags   func(fs *pflag.FlagSet) runner
}

type runner func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int

func commands() []command {
	return []command{playCommand(), simCommand(), reviewCommand(), serveCommand(), enrollCommand(), doctorCommand()}
}

// version is set by the Makefile's build (-X main.version=...); a plain go
// build reports the module's VCS stamp instead.
var version = ""

func versionText() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v, rev, dirty := bi.Main.Version, "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		v += " " + rev[:min(12, len(rev))]
		if dirty {
			v += "+changes"
		}
	}
	return v + " " + bi.GoVersion
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// exitCode carries a command's exit code out through cobra; its message was
// printed already.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit %d", int(c)) }

// run is the whole command line: 0 done, 1 failed, 2 bad usage.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	return execute(ctx, commands(), args, stdin, stdout, stderr)
}

// execute runs the command line with cmds as the commands.
func execute(ctx context.Context, cmds []command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(ctx, cmds, stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	var code exitCode
	switch {
	case err == nil:
		return 0
	case errors.As(err, &code):
		return int(code)
	}
	// Cobra's own refusals: an unknown command or a wrong count of
	// arguments.
	fmt.Fprintf(stderr, "falling: %v\n'falling -h' lists the commands\n", err)
	return 2
}

func newRoot(ctx context.Context, cmds []command, stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "falling",
		Short: "the table assistant for FALLING",
		Long: "falling paces the dealer of a FALLING card game with lights and sound, reads the\n" +
			"seat buttons and the card reader, logs every press and scan with kernel time,\n" +
			"and lets a referee settle who was first.",
		Example: "  falling play                 a hand on the simulated table, your seat is the space bar\n" +
			"  falling review hand-0001.fall --html hand.html",
		Version:       versionText(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// With no command: the help, and the exit code of bad usage.
		RunE: func(c *cobra.Command, _ []string) error {
			c.SetOut(stderr)
			_ = c.Help()
			return exitCode(2)
		},
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(stderr, "%s: %v\n'%s -h' tells its flags\n", c.CommandPath(), err, c.CommandPath())
		return exitCode(2)
	})
	root.SetVersionTemplate("falling {{.Version}}\n")
	for _, cmd := range cmds {
		c := &cobra.Command{
			Use:     cmd.use,
			Short:   cmd.short,
			Long:    cmd.long,
			Example: cmd.example,
		}
		do := cmd.flags(c.Flags())
		c.RunE = func(c *cobra.Command, args []string) error {
			if code := do(ctx, args, stdin, stdout, stderr); code != 0 {
				return exitCode(code)
			}
			return nil
		}
		root.AddCommand(c)
	}
	return root
}

// oneOf formats a list of choices for an error message.
func oneOf(choices []string) string { return strings.Join(choices, ", ") }
