package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/doctor"
)

// runDoctor is `falling doctor [--config FILE]`: exit 0 when everything the
// config names is here and working (without a config: when there is GPIO to
// build a table on), 1 when something is missing or failing, 2 for usage.
// The report itself is tested on a faked table in package doctor.
func runDoctor(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("falling doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := fs.String("config", "", "the table's wiring file (see firmware/board-reference.yaml); without it, only what is present is listed")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "falling doctor: unexpected argument %q (the config goes after --config)\n", fs.Arg(0))
		return 2
	}
	clk, err := clock.New()
	if err != nil {
		fmt.Fprintf(stderr, "falling doctor: %v\n", err)
		return 1
	}
	r := doctor.Run(ctx, doctor.Host{}, clk, *cfg)
	if err := r.Write(stdout); err != nil {
		fmt.Fprintf(stderr, "falling doctor: %v\n", err)
		return 1
	}
	if !r.OK() {
		return 1
	}
	return 0
}
