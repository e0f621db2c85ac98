package main

import (
	"fmt"
	"io"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/night"
)

// report says how a hand ended, through printf.
func report(printf func(string, ...any), r night.HandResult, seed uint64) {
	res := r.Result
	line := fmt.Sprintf("hand %d: seat %d wins after %d cards and deals next", r.N, res.Winner, res.Dealt)
	if res.Declared {
		line = fmt.Sprintf("hand %d: seat %d wins, as the table declared after %d cards (the lights had lost the hand), and deals next", r.N, res.Winner, res.Dealt)
	}
	if seed != 0 {
		line += fmt.Sprintf(" (seed %d)", seed)
	}
	printf("%s\n", line)
	if a := res.Audit; a != nil {
		if a.Accounted && len(a.Impossible) == 0 {
			printf("  audit: every card accounted for\n")
		} else {
			printf("  audit: %d cards not accounted for, %d impossible plays (falling review shows them)\n", len(a.Missing)+len(a.NeverSeen), len(a.Impossible))
		}
	}
	if p := r.Log; p != "" {
		printf("  log: %s (falling review %s)\n", p, p)
	} else {
		printf("  (play with --log-dir DIR to keep the hand for falling review)\n")
	}
}

func writeScoreboard(w io.Writer, b *dealer.Scoreboard) {
	fmt.Fprintln(w, "\nthe night so far:")
	fmt.Fprintf(w, "  %d hands\n", len(b.Hands))
	for _, s := range b.Standings() {
		fmt.Fprintf(w, "  seat %2d  %d won\n", s.Seat, s.Wins)
	}
}

// stoppedMessage is what play says when stopped mid-hand: that the log
// keeps the hand only when there is one.
func stoppedMessage(o playOptions) string {
	switch {
	case o.logDir == "":
		return "stopped before the hand ended; no log was kept (--log-dir keeps one)"
	case o.config != "":
		return "stopped before the hand ended; its log in " + o.logDir + " keeps it unfinished: falling play --resume carries it on"
	}
	return "stopped before the hand ended; its log in " + o.logDir + " keeps what happened"
}
