package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
)

// runReview is `falling review HAND` and `falling review --night DIR`.
// Exit codes: 0 the review was shown, 1 the file could not be reviewed at
// all, 2 bad usage. A damaged log that can be partly read is shown with
// the damage described, and exits 0: the referee has something to read.
func runReview(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("falling review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: falling review [--html FILE] [--contest DUR] HAND\n       falling review --night DIR")
		fs.PrintDefaults()
	}
	htmlOut := fs.String("html", "", "also write the hand as one self-contained HTML page to `FILE`")
	night := fs.String("night", "", "review the night's hands and scoreboard in log directory `DIR`")
	contest := fs.Duration("contest", review.DefaultContest, "presses by two or more seats this close make a contested moment")
	utc := fs.Bool("utc", false, "show wall times in UTC instead of local time")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *contest <= 0 {
		// Analyze would quietly take its default for this: say so instead,
		// a referee who typed a window means it.
		fmt.Fprintf(stderr, "falling review: --contest must be longer than 0, not %v: how close presses by two or more seats must be to make a contest, like 300ms\n", *contest)
		return 2
	}
	loc := time.Local
	if *utc {
		loc = time.UTC
	}
	if *night != "" {
		if fs.NArg() > 0 || *htmlOut != "" {
			fmt.Fprintln(stderr, "falling review: --night takes a directory and no hand or --html")
			return 2
		}
		n, err := playlog.ReadNight(*night)
		if err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		if err := review.NightText(stdout, n, loc); err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		return 0
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	path := fs.Arg(0)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		fmt.Fprintf(stderr, "falling review: %s is a directory: name a hand file, or use --night %s\n", path, path)
		return 2
	}
	h, err := playlog.Read(path)
	if err != nil {
		fmt.Fprintf(stderr, "falling review: %v\n", err)
		return 1
	}
	r := review.Analyze(h, review.Options{Contest: *contest, Loc: loc})
	if err := review.Text(stdout, r); err != nil {
		fmt.Fprintf(stderr, "falling review: %v\n", err)
		return 1
	}
	if *htmlOut != "" {
		if err := writeHTML(*htmlOut, r); err != nil {
			fmt.Fprintf(stderr, "falling review: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "falling review: wrote %s\n", *htmlOut)
	}
	return 0
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
