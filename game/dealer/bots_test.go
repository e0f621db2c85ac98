package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/config"
)

// TestComputerFallersPlayToTheEnd is the `falling play --fast` path: "with
// nothing it runs the simulated table", a whole hand of computer fallers
// on the virtual clock, no waiting. The dealer only sees the table's
// devices; the simulated table knows the truth, and they must agree on who
// won: "The last faller standing wins; the winner's seat becomes the dealer
// for the next hand".
func TestComputerFallersPlayToTheEnd(t *testing.T) {
	for _, c := range []struct {
		seed    uint64
		fallers int
		mode    config.Mode
	}{{1, 3, config.Follow}, {2, 4, config.Follow}, {3, 5, config.Strict}, {4, 6, config.Follow}, {5, 4, config.Strict}, {6, 7, config.Follow}, {7, 3, config.Follow}, {8, 5, config.Follow}, {9, 4, config.Strict}, {10, 8, config.Follow}, {11, 5, config.Follow}, {12, 3, config.Strict}} {
		tb, d, log, res, err := botHand(t, c.seed, c.fallers, c.mode, true)
		if err != nil {
			t.Fatalf("seed %d: %v (view %+v)", c.seed, err, d.View().Instruction)
		}
		if err := tb.Err(); err != nil {
			t.Fatalf("seed %d: table: %v", c.seed, err)
		}
		truth := tb.Truth()
		if !truth.Over() || res.Winner != truth.Seat(truth.Winner()) || res.NextDealer != res.Winner {
			t.Fatalf("seed %d: dealer says seat %d won, the table says %d", c.seed, res.Winner, truth.Seat(truth.Winner()))
		}
		if ends := log.kind(playlog.KindHandEnd); len(ends) != 1 || ends[0].Winner != res.Winner {
			t.Fatalf("seed %d: hand end entries %+v", c.seed, ends)
		}
		if w := warnings(d); len(w) > 0 || len(log.kind(playlog.KindRefused)) > 0 || tb.Mismatches() > 0 {
			t.Fatalf("seed %d: warnings %q, %d refusals, %d mismatches", c.seed, w, len(log.kind(playlog.KindRefused)), tb.Mismatches())
		}
		if res.Audit == nil || !res.Audit.Accounted || len(res.Audit.Impossible) > 0 {
			t.Fatalf("seed %d: audit %+v", c.seed, res.Audit)
		}
		t.Logf("seed %d: %d fallers, seat %d won after %d cards, %d log entries, %d refusals, warnings %q, mismatches %d, audit misplaced %d",
			c.seed, c.fallers, res.Winner, res.Dealt, len(log.all()), len(log.kind(playlog.KindRefused)), warnings(d), tb.Mismatches(), len(res.Audit.Misplaced))
	}
}
