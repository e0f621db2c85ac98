package game

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// "Who was first" is a rule of the table, not of the log: a Stop is the
// first press from the seat a Ground is dealt to, and a dispute is settled
// by the kernel's edge times, with a tie window inside which nobody is
// first. Settle is that rule as a pure function, so the dealer announces
// and the referee's review re-checks one and the same answer.

// SeatPress is one seat button edge, by its kernel timestamp.
type SeatPress struct {
	Seat   int
	Kernel time.Duration
	Seq    uint64 // the log entry of the press, for the record
}

// Dispute is a settled "who was first". Its JSON form is the play log's.
type Dispute struct {
	Since  time.Duration `json:"since"`            // kernel time the window opened
	Seats  []int         `json:"seats"`            // seats that pressed, in kernel-time order
	Times  []int64       `json:"times"`            // their first press, kernel ns
	Winner int           `json:"winner"`           // 0 for a tie or no press
	Margin time.Duration `json:"margin,omitempty"` // lead over the second
	Tie    bool          `json:"tie,omitempty"`
	// TiedSeats are the seats inside the tie window of the first, as
	// announced (the method Tied counts them again from Times).
	TiedSeats []int `json:"tied,omitempty"`
}

// Settle answers "who was first" from the presses at or after since: each
// seat's first press counts (a held or bouncing button cannot improve a
// seat's time), seats are ranked by kernel time, and a lead no bigger than
// tie is a tie, never a guess. TiedSeats lists the seats a tie covers.
func Settle(presses []SeatPress, since, tie time.Duration) Dispute {
	return SettleWindow(presses, since, math.MaxInt64, tie)
}

// SettleWindow is Settle over the presses at or after since and at or
// before until: the dealer settles the window up to the instant a dispute
// is called, and a press edge after it is not in what it announced.
func SettleWindow(presses []SeatPress, since, until, tie time.Duration) Dispute {
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
