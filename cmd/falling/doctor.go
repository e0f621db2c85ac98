package main

import (
	"context"
	"fmt"
	"io"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/doctor"
	"github.com/spf13/pflag"
)

// doctorCommand is `falling doctor [--config FILE] [--soak D] [--sound | --print-config]`: exit 0 when
// everything the config names is here and working (without a config: when
// there is GPIO to build a table on), 1 when something is missing or
// failing, 2 for usage. --sound measures the speaker's latency instead, with
// the seat buttons (doctor.RunSound). The report itself is tested on a
// faked table in package doctor.
func doctorCommand() command {
	return command{
		use:   "doctor",
		short: "say what table hardware is here and working",
		long: "doctor checks every part a board config names (GPIO chip and lines, the\n" +
			"PN532's firmware, the lights, the sound) and says in plain words what is\n" +
			"missing and how to fix it. Without a config it lists what is present.\n" +
			"Once the PN532 answers, the table's card reader service polls it for\n" +
			"--soak, resetting it through the config's reset line if it hangs, and\n" +
			"its health (polls, failed polls, resets) and any card laid on it are shown.\n" +
			"With --sound it measures the speaker's latency with the seat buttons.\n" +
			"With --print-config it prints the wiring file as the table reads it,\n" +
			"every setting the file left to its default written out.",
		example: "  falling doctor --config /etc/falling/table.yaml\n" +
			"  falling doctor --config /etc/falling/table.yaml --soak 30s   # lay each sticker on the reader\n" +
			"  falling doctor --config /etc/falling/table.yaml --sound\n" +
			"  falling doctor --config /etc/falling/table.yaml --print-config",
		flags: doctorFlags,
	}
}

func doctorFlags(fs *pflag.FlagSet) runner {
	cfg := fs.String("config", "", "the table's wiring file (see firmware/board-reference.yaml); without it, only what is present is listed")
	soak := fs.Duration("soak", doctor.DefaultSoak, "how long the card reader service polls the PN532 once it answers (0: not at all); lay cards on the reader meanwhile to see their UIDs")
	snd := fs.Bool("sound", false, "measure the speaker's latency: press a seat button in time with the clicks; says what to write as latency: under sound: (needs --config)")
	show := fs.Bool("print-config", false, "print the wiring file as the table reads it, every default written out, and check nothing else (needs --config; touches no hardware)")
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "falling doctor: unexpected argument %q (the config goes after --config)\n", args[0])
			return 2
		}
		if *soak < 0 {
			fmt.Fprintf(stderr, "falling doctor: --soak %v: a length of time, 0 or more\n", *soak)
			return 2
		}
		if *show {
			return printConfig(*cfg, stdout, stderr)
		}
		clk, err := clock.New()
		if err != nil {
			fmt.Fprintf(stderr, "falling doctor: %v\n", err)
			return 1
		}
		if *snd {
			return runDoctorSound(ctx, clk, *cfg, stdout, stderr)
		}
		o := doctor.Options{Soak: *soak, Progress: stderr}
		if o.Soak == 0 {
			o.Soak = -1 // doctor.Options's "skip": its zero is the default
		}
		r := doctor.Run(ctx, doctor.Host{}, clk, *cfg, o)
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

// printConfig is falling doctor --print-config: the settings a wiring file
// left to defaults are the ones a builder cannot see, and the table runs on
// them (the beat, the debounce, the Stop window). 0 with the file written out,
// 1 with every problem, 2 for usage.
func printConfig(path string, stdout, stderr io.Writer) int {
	if path == "" {
		fmt.Fprintln(stderr, "falling doctor --print-config: needs --config FILE")
		return 2
	}
	b, err := config.Load(path)
	if err != nil {
		ps := config.Problems(err)
		for _, p := range ps {
			fmt.Fprintln(stderr, p)
		}
		if len(ps) == 0 {
			fmt.Fprintf(stderr, "falling doctor --print-config: %v\n", err)
		}
		return 1
	}
	out, err := config.Marshal(b)
	if err != nil {
		fmt.Fprintf(stderr, "falling doctor --print-config: %s: %v\n", path, err)
		return 1
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "falling doctor --print-config: %v\n", err)
		return 1
	}
	return 0
}

// runDoctorSound is falling doctor --sound: 0 with a latency measured, 1
// when it could not be (no speaker, no buttons, too few presses), 2 for
// usage.
func runDoctorSound(ctx context.Context, clk hw.Clock, cfg string, stdout, stderr io.Writer) int {
	if cfg == "" {
		fmt.Fprintln(stderr, "falling doctor --sound: needs --config FILE: the speaker and the seat buttons are the table's")
		return 2
	}
	r, b, err := doctor.RunSound(ctx, doctor.Host{}, clk, cfg, stdout, doctor.LatencyOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "falling doctor --sound: %v\n", err)
		return 1
	}
	if err := r.Write(stdout, b.Sound.Latency, b.Where("sound latency")); err != nil {
		fmt.Fprintf(stderr, "falling doctor --sound: %v\n", err)
		return 1
	}
	return 0
}
