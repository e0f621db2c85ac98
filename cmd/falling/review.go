package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/internal/regularfile"
	"github.com/spf13/pflag"
)

// runReview is `falling review HAND` and `falling review --night DIR`.
// Exit codes: 0 the review was shown, 1 the file could not be reviewed at
// all, 2 bad usage. A damaged log that can be partly read is shown with
// the damage described, and exits 0: the referee has something to read.
func reviewCommand() command {
	return command{
		use:   "review [HAND] [--html FILE] | --night DIR",
		short: "a hand's timeline, disputes and audit, or the night's scoreboard",
		long: "review shows a hand's log: who pressed when, what was on the table at each\n" +
			"contested moment, the disputes and the audit; with --html also as one page.\n" +
			"A damaged log is shown as far as it reads, with the damage described.",
		example: "  falling review night/hand-0003.fall\n" +
			"  falling review night/hand-0003.fall --html hand-3.html\n" +
			"  falling review --night night",
		flags: reviewFlags,
	}
}

// reviewOptions are falling review's flags.
type reviewOptions struct {
	html, night string
	contest     time.Duration
	utc         bool
}

func reviewFlags(fs *pflag.FlagSet) runner {
	var o reviewOptions
	fs.StringVar(&o.html, "html", "", "also write the hand as one self-contained HTML page to `FILE`")
	fs.StringVar(&o.night, "night", "", "review the night's hands and scoreboard in log directory `DIR`")
	fs.DurationVar(&o.contest, "contest", review.DefaultContest, "presses by two or more seats this close make a contested moment")
	fs.BoolVar(&o.utc, "utc", false, "show wall times in UTC instead of local time")
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
		return runReview(o, args, stdout, stderr)
	}
}

func runReview(o reviewOptions, args []string, stdout, stderr io.Writer) int {
	if o.contest <= 0 {
		// Analyze would quietly take its default for this: say so instead,
		// a referee who typed a window means it.
		fmt.Fprintf(stderr, "falling review: --contest must be longer than 0, not %v: how close presses by two or more seats must be to make a contest, like 300ms\n", o.contest)
		return 2
	}
	loc := time.Local
	if o.utc {
		loc = time.UTC
	}
	if o.night != "" {
		if len(args) > 0 || o.html != "" {
			fmt.Fprintln(stderr, "falling review: --night takes a directory and no hand or --html")
			return 2
		}
		if code, msg := checkNightDir(o.night); code != 0 {
			fmt.Fprintf(stderr, "falling review: %s\n", msg)
			return code
		}
		n, err := playlog.ReadNight(o.night)
		if err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		if len(n.Hands) == 0 {
			if _, err := os.Stat(filepath.Join(o.night, playlog.IndexFile)); errors.Is(err, fs.ErrNotExist) {
				// "0 hands" would pass for an empty night: this folder
				// was never one.
				fmt.Fprintf(stderr, "falling review: %s holds no night: no %s and no hand-*.fall files; name the folder falling play --log-dir wrote in\n", o.night, playlog.IndexFile)
				return 1
			}
		}
		if err := review.NightText(stdout, n, loc); err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		return 0
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "falling review: name one hand file (or --night DIR); 'falling review -h' shows how")
		return 2
	}
	path := args[0]
	if o.html != "" {
		// Before the review is printed: the page would be renamed over
		// whatever is there.
		if err := notReplaceable(o.html); err != nil {
			fmt.Fprintf(stderr, "falling review: --html: %v: name the page's file\n", err)
			return 2
		}
		if err := notOverLog(o.html, path); err != nil {
			fmt.Fprintf(stderr, "falling review: --html: %v; nothing written: name the page's file, like hand.html\n", err)
			return 2
		}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		fmt.Fprintf(stderr, "falling review: %s is a directory: name a hand file, or use --night %s\n", path, path)
		return 2
	}
	h, err := playlog.Read(path)
	if err != nil {
		fmt.Fprintf(stderr, "falling review: %v\n", err)
		return 1
	}
	r := review.Analyze(h, review.Options{Contest: o.contest, Loc: loc})
	if err := review.Text(stdout, r); err != nil {
		fmt.Fprintf(stderr, "falling review: %v\n", err)
		return 1
	}
	if o.html != "" {
		if err := writeHTML(o.html, r); err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "falling review: wrote %s\n", o.html)
	}
	return 0
}

// checkNightDir refuses, with an exit code and a message, what --night
// cannot be: a file (most likely a hand: say how to review it), or
// nothing at all.
func checkNightDir(dir string) (int, string) {
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return 1, err.Error()
	case fi.IsDir():
		return 0, ""
	case !fi.Mode().IsRegular():
		return 2, fmt.Sprintf("--night takes the night's log folder, and %s is %s, not a folder", dir, regularfile.Kind(fi.Mode()))
	case strings.HasSuffix(dir, ".fall"):
		return 2, fmt.Sprintf("--night takes the night's log folder, and %s is a file: review one hand with falling review %s, the night with --night %s", dir, dir, filepath.Dir(dir))
	}
	return 2, fmt.Sprintf("--night takes the night's log folder, and %s is a file, not a folder", dir)
}

// writeHTML writes the page beside its final name and renames it into
// place, so a half-written page never replaces a good one.
func writeHTML(path string, r *review.Review) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write page: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := review.HTML(f, r); err != nil {
		return fmt.Errorf("write page %s: %w", path, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("write page %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write page %s: %w", path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("write page: %w", err)
	}
	return nil
}
