package game

import "testing"

// TestDeclareWinner: "Your job is to control the pace of the game, follow
// the instructions of the riders, and be the referee. ... The dealer's
// solution is final, so use your best judgement." Where the assistant lost
// its way, the table plays the hand to its end and the dealer says who
// won: the hand ends there, everyone else out, whatever the engine last
// believed, a faller it believes out included. A seat with no faller, or a
// hand already won, is refused, and nothing moves.
func TestDeclareWinner(t *testing.T) {
	kinds := cat([]Kind{Stop, Stop, Stop, Ground}, many(Stop, 6), many(Ground, 3))
	for _, tc := range []struct {
		name  string
		setup func(tb *table)
		seat  int
		want  Rule // 0: accepted
	}{
		{name: "mid-hand, a faller in", seat: 2},
		{name: "a Ground being dealt, its Stop window open", seat: 4, setup: func(tb *table) {
			tb.ok(Scan(tb.Card(0).ID))
			tb.ok(Scan(tb.Card(1).ID))
			tb.ok(Scan(tb.Card(2).ID))
			tb.ok(Scan(tb.Card(3).ID)) // seat 4's Ground: pending
		}},
		{name: "a faller the engine believes out", seat: 4, setup: func(tb *table) {
			for i := range 4 {
				tb.ok(Scan(tb.Card(i).ID))
			}
			tb.ok(StopClosed()) // seat 4's Ground lands
			if !tb.Out(3) {
				tb.t.Fatal("seat 4 is not out: the set-up is off")
			}
		}},
		{name: "no faller at the seat", seat: 9, want: RuleNoPlayer},
		{name: "no seat at all", seat: 0, want: RuleNoPlayer},
		{name: "a hand already won", seat: 1, want: RuleGameOver, setup: func(tb *table) {
			tb.ok(DeclareWinner(2))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 4, kinds...)
			if tc.setup != nil {
				tc.setup(tb)
			}
			e := DeclareWinner(tc.seat)
			if tc.want != 0 {
				tb.refused(e, tc.want)
				return
			}
			if err := tb.Observe(e); err != nil {
				t.Fatalf("%v: %v", e, err)
			}
			tb.check()
			p := tb.PlayerAt(tc.seat)
			if !tb.Over() || tb.Winner() != p || tb.InPlay() != 1 {
				t.Fatalf("over %v, winner %d (want %d), %d in play", tb.Over(), tb.Winner(), p, tb.InPlay())
			}
			for q := range tb.NumPlayers() {
				if tb.Out(q) != (q != p) {
					t.Errorf("player %d out %v", q, tb.Out(q))
				}
			}
			if in := tb.Next(); in.Action != ActOver || in.Seat != tc.seat {
				t.Errorf("next %v, want the hand over with seat %d", in, tc.seat)
			}
			tb.refused(Scan(tb.Card(4).ID), RuleGameOver)
		})
	}
}
