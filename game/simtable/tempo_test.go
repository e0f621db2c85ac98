package simtable_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/simtable"
)

// At a fast tempo the beat comes while the simulated dealer is still
// showing a seat's rider and its Extra, or is still reacting to the beat
// before: the dealer under test confirms a Skip's sweep on the beat, and
// the rider, its Extra or the card dealt to a seat whose rider has gone is
// read a moment later. Every hand must still finish with the table and the
// dealer agreeing on the winner, with every card accounted for at the
// audit and no play called impossible ("To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards."). Before the engine took such a late card at the address it
// belonged to, 33 and 11 hands of 200 could not finish at 240 and 350 cards
// a minute (README: 167 and 189 of 200 did).
func TestFastTempoHandsFinish(t *testing.T) {
	hands := 200
	if testing.Short() {
		hands = 40
	}
	for _, tempo := range []float64{240, 350} {
		t.Run(fmt.Sprint(tempo), func(t *testing.T) {
			s, err := night.Resolve(nil, night.Overrides{Tempo: tempo})
			if err != nil {
				t.Fatal(err)
			}
			failed := 0
			for seed := uint64(1); seed <= uint64(hands); seed++ {
				if err := fastHand(s, seed); err != nil {
					failed++
					t.Errorf("seed %d: %v", seed, err)
				}
			}
			t.Logf("%d of %d hands at %v cards a minute finished with the table and the dealer agreeing", hands-failed, hands, tempo)
		})
	}
}

// fastHand plays one hand on the simulated table and says where the
// dealer and the table disagree.
func fastHand(s night.Settings, seed uint64) error {
	var tb *simtable.Table
	n, err := night.New(night.Config{Settings: s, Seats: []int{1, 2, 3, 4, 5, 6}, Hands: 1},
		night.NewSimTable(night.SimOptions{Settings: s, Seed: seed, OnTable: func(x *simtable.Table) { tb = x }}))
	if err != nil {
		return err
	}
	var res *night.HandResult
	if err := n.Run(context.Background(), func(r night.HandResult) { res = &r }); err != nil {
		return err
	}
	truth := tb.Truth()
	switch a := res.Result.Audit; {
	case !truth.Over():
		return fmt.Errorf("the table's hand is not over")
	case res.Result.Winner != truth.Seat(truth.Winner()):
		return fmt.Errorf("the dealer says seat %d won, the table seat %d", res.Result.Winner, truth.Seat(truth.Winner()))
	case a == nil:
		return fmt.Errorf("no audit")
	case !a.Accounted || len(a.Impossible) > 0:
		return fmt.Errorf("the audit: %+v", *a)
	case tb.Mismatches() > 0:
		return fmt.Errorf("%d beats lit a seat the table had nothing for", tb.Mismatches())
	}
	return nil
}
