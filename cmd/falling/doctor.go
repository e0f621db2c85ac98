package main

import (
	"context"
	"fmt"
	"io"

	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/doctor"
	"github.com/spf13/pflag"
)

// runDoctor is `falling doctor [--config FILE]`: exit 0 when everything the
// config names is here and working (without a config: when there is GPIO to
// build a table on), 1 when something is missing or failing, 2 for usage.
// The report itself is tested on a faked table in package doctor.
func doctorCommand() command {
	return command{
		use:   "doctor",
		short: "say what table hardware is here and working",
		long: "doctor checks every part a board config names (GPIO chip and lines, the\n" +
			"PN532's firmware, the lights, the sound) and says in plain words what is\n" +
			"missing and how to fix it. Without a config it lists what is present.",
		example: "  falling doctor --config /etc/falling/table.yaml",
		flags:   doctorFlags,
	}
}

func doctorFlags(fs *pflag.FlagSet) runner {
	cfg := fs.String("config", "", "the table's wiring file (see firmware/board-reference.yaml); without it, only what is present is listed")
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "falling doctor: unexpected argument %q (the config goes after --config)\n", args[0])
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
}
