package playlog

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// Press is one seat button edge, by its kernel timestamp.
type Press struct {
	Seat   int
	Kernel time.Duration
	Seq    uint64 // the press entry, for the record
}

// Settle answers "who was first" from the presses at or after since: each
// seat's first press counts (a held or bouncing button cannot improve a
// seat's time), seats are ranked by kernel time, and a lead no bigger than
// tie is a tie, never a guess. The dealer calls it live; review calls it
// again on the log to check what was announced: it is the one answer, so
// the two cannot disagree. TiedSeats lists the seats a tie covers.
func Settle(presses []Press, since, tie time.Duration) Dispute {
	return SettleWindow(presses, since, math.MaxInt64, tie)
}

// SettleWindow is Settle over the presses at or after since and at or
// before until: the dealer settles the window up to the instant a dispute
// is called, and a press edge after it is not in what it announced.
func SettleWindow(presses []Press, since, until, tie time.Duration) Dispute {
	first := map[int]time.Duration{}
	for _, p := range presses {
		if p.Kernel < since || p.Kernel > until || p.Seat <= 0 {
			continue
		}
		if t, ok := first[p.Seat]; !ok || p.Kernel < t {
			first[p.Seat] = p.Kernel
		}
	}
	d := Dispute{Since: since}
	for s := range first {
		d.Seats = append(d.Seats, s)
	}
	// Equal stamps fall back to seat order so the result never depends on
	// map order.
	slices.SortFunc(d.Seats, func(a, b int) int {
		return cmp.Or(cmp.Compare(first[a], first[b]), cmp.Compare(a, b))
	})
	for _, s := range d.Seats {
		d.Times = append(d.Times, int64(first[s]))
	}
	switch len(d.Seats) {
	case 0:
	case 1:
		d.Winner = d.Seats[0]
	default:
		d.Margin = time.Duration(d.Times[1] - d.Times[0])
		if d.Margin <= tie {
			d.Tie = true
			d.TiedSeats = d.Seats[:d.Tied(tie)]
		} else {
			d.Winner = d.Seats[0]
		}
	}
	return d
}

// Tied is how many seats at the head of a settled dispute tie with the
// first: 0 when there is a clear winner or no press.
func (d *Dispute) Tied(tie time.Duration) int {
	if !d.Tie || len(d.Times) == 0 {
		return 0
	}
	n := 1
	for n < len(d.Times) && time.Duration(d.Times[n]-d.Times[0]) <= tie {
		n++
	}
	return n
}
