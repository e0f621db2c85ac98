package buttons

import (
	"time"

	"github.com/falling-table/falling/hw"
)

// First returns the seat whose press has the earliest kernel time at or
// after since, and its margin over the earliest press of any other seat.
// It orders by Kernel alone: events arrive per seat in kernel order but
// seats interleave by arrival, which is not the order the referee needs.
// seat is 0 when no press qualifies; margin is negative when no other seat
// pressed. Equal times give the lower seat with margin 0: calling that a tie
// (and how wide a tie is) is the referee's rule, not this package's.
func First(events []hw.ButtonEvent, since time.Duration) (seat int, margin time.Duration) {
	var best, runner *hw.ButtonEvent
	for i := range events {
		e := &events[i]
		if !e.Press || e.Kernel < since {
			continue
		}
		switch {
		case best == nil || earlier(e, best):
			if best != nil && best.Seat != e.Seat {
				runner = best
			}
			best = e
		case e.Seat != best.Seat && (runner == nil || earlier(e, runner)):
			runner = e
		}
	}
	if best == nil {
		return 0, -1
	}
	if runner == nil {
		return best.Seat, -1
	}
	return best.Seat, runner.Kernel - best.Kernel
}

func earlier(a, b *hw.ButtonEvent) bool {
	if a.Kernel != b.Kernel {
		return a.Kernel < b.Kernel
	}
	return a.Seat < b.Seat
}
