package game_test

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
)

// TestSettle: Settle is the one "who pressed first": the dealer announces it live and
// review checks the log with it. These cases are the dealer's own dispute
// tests (game/dealer TestDispute: seat 3 at 1.2003 s, seat 4 at the case's
// time, seat 2 before the window, a dispute called at 3.5 s over the last
// 3 s, ties inside 5 ms) and the rules of a press it relies on, so the two
// cannot drift apart while the dealer still settles on its own.
func TestSettle(t *testing.T) {
	s := func(x float64) time.Duration { return time.Duration(x*1e6) * time.Microsecond }
	const tie = 5 * time.Millisecond
	dealerCase := func(seat4At float64) []game.SeatPress {
		return []game.SeatPress{{Seat: 2, Kernel: s(0.1)}, {Seat: 3, Kernel: s(1.2003)}, {Seat: 4, Kernel: s(seat4At)}}
	}
	tests := []struct {
		name         string
		presses      []game.SeatPress
		since, until time.Duration
		seats        []int
		winner       int
		margin       time.Duration
		tie          bool
		tied         []int
	}{
		// game/dealer TestDispute
		{name: "seat 3 first by 25 ms", presses: dealerCase(1.2253), since: s(0.5), until: s(3.5),
			seats: []int{3, 4}, winner: 3, margin: 25 * time.Millisecond},
		{name: "3 ms apart is a tie inside 5 ms", presses: dealerCase(1.2033), since: s(0.5), until: s(3.5),
			seats: []int{3, 4}, margin: 3 * time.Millisecond, tie: true, tied: []int{3, 4}},
		{name: "seat 4 first by 0.3 ms is a tie too", presses: dealerCase(1.2000), since: s(0.5), until: s(3.5),
			seats: []int{4, 3}, margin: 300 * time.Microsecond, tie: true, tied: []int{4, 3}},
		// What a press is, as the dealer's buttons deliver them.
		{name: "a bounce or a held button cannot improve a seat's time", presses: []game.SeatPress{
			{Seat: 1, Kernel: s(1.012)}, {Seat: 2, Kernel: s(1.010)}, {Seat: 1, Kernel: s(1.000)}, {Seat: 2, Kernel: s(1.030)},
		}, since: s(0.5), until: s(3.5), seats: []int{1, 2}, winner: 1, margin: 10 * time.Millisecond},
		{name: "a tie of three lists all three", presses: []game.SeatPress{
			{Seat: 5, Kernel: s(1.004)}, {Seat: 1, Kernel: s(1.000)}, {Seat: 3, Kernel: s(1.005)}, {Seat: 2, Kernel: s(1.020)},
		}, since: 0, until: s(2), seats: []int{1, 5, 3, 2}, margin: 4 * time.Millisecond, tie: true, tied: []int{1, 5, 3}},
		{name: "equal stamps go to seat order, as a tie", presses: []game.SeatPress{{Seat: 4, Kernel: s(1)}, {Seat: 2, Kernel: s(1)}},
			since: 0, until: s(2), seats: []int{2, 4}, tie: true, tied: []int{2, 4}},
		{name: "a press after the call is not in it", presses: []game.SeatPress{{Seat: 1, Kernel: s(3.6)}, {Seat: 2, Kernel: s(3.0)}},
			since: s(0.5), until: s(3.5), seats: []int{2}, winner: 2},
		{name: "a press at either edge of the window counts", presses: []game.SeatPress{{Seat: 1, Kernel: s(3.5)}, {Seat: 2, Kernel: s(0.5)}},
			since: s(0.5), until: s(3.5), seats: []int{2, 1}, winner: 2, margin: 3 * time.Second},
		{name: "nobody pressed", presses: dealerCase(1.2)[:1], since: s(0.5), until: s(3.5)},
		{name: "no seat is not a seat", presses: []game.SeatPress{{Seat: 0, Kernel: s(1)}, {Seat: -1, Kernel: s(1.1)}, {Seat: 3, Kernel: s(1.2)}},
			since: 0, until: s(2), seats: []int{3}, winner: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := game.SettleWindow(tt.presses, tt.since, tt.until, tie)
			if !slices.Equal(d.Seats, tt.seats) || d.Winner != tt.winner || d.Tie != tt.tie || d.Margin != tt.margin || !slices.Equal(d.TiedSeats, tt.tied) {
				t.Errorf("settled %+v; want seats %v, winner %d, margin %v, tie %v of %v", d, tt.seats, tt.winner, tt.margin, tt.tie, tt.tied)
			}
			if d.Since != tt.since {
				t.Errorf("since %v, want %v", d.Since, tt.since)
			}
			if n := d.Tied(tie); n != len(tt.tied) {
				t.Errorf("Tied counts %d, the dispute lists %v", n, tt.tied)
			}
		})
	}
}
