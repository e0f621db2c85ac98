package dealer

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestNotThereMovesTheStopWindow: "Extra stacks disappear once they are
// empty, so you don't have to remember anything beyond the first." Seat
// 2's Split gave it a second stack whose only card its faller picked up
// unseen. Seat 2's card goes unscanned into its one stack, and the Ground
// dealt on to seat 3, read, is taken for it; the dealer says "unscanned",
// and the Ground lands, on the screen, in seat 2's second stack, which the
// table does not have. The dealer says "not there" (n) in its Stop window:
// the engine deals the Ground to seat 3 (game TestNotThereUnderAReadAgain),
// and the window moves with it, as it does after the "unscanned": seat 3's
// light shows the Ground, seat 2's goes off, and the screen warns of no
// stray card.
func TestNotThereMovesTheStopWindow(t *testing.T) {
	d, uid, _ := dealing(t, []game.Kind{game.Move, game.Move, game.Split, game.Move, game.Move, game.Move, game.Move, game.Move,
		game.Ground, game.Ground, game.Ground})
	d.reader = hw.ReaderOK
	// Seat 2 shows its Split as its turn begins: Move-4 into its stack,
	// Move-5 its new one, the Split swept; Move-6 to seat 3.
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Split-2"), game.Scan("Move-3"),
		game.Scan("Split-2"), game.Scan("Move-4"), game.Scan("Move-5"))
	tell(t, d, playlog.FromDealer, game.Confirm())
	tell(t, d, playlog.FromReader, game.Scan("Move-6"))
	p2, p3 := d.g.PlayerAt(2), d.g.PlayerAt(3)
	if n := d.g.NumStacks(p2); n != 2 {
		t.Fatalf("seat 2 has %d stacks, want its Split's two", n)
	}
	// Move-5 picked up unseen; Move-7 dealt unscanned to seat 2; the
	// Ground dealt on to seat 3 and read.
	at := 20 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Ground-8"], Time: at})
	if w := d.View().StopWindow; w == nil || w.Seat != 2 {
		t.Fatalf("the Ground read: window %+v, want seat 2's (the light a seat behind)", w)
	}
	d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at + 100*time.Millisecond})
	if w := d.View().StopWindow; w == nil || w.Seat != 2 {
		t.Fatalf("after unscanned: window %+v, want seat 2's, the Ground in its second stack", w)
	}
	d.onControl(hw.PanelEvent{Control: hw.ControlSkip, Kernel: at + 200*time.Millisecond})
	if in := d.g.Next(); in.Action != game.ActLand || in.Player != p3 {
		t.Fatalf("after not there the engine asks %v, want seat 3's Ground landing", in)
	}
	if w := d.View().StopWindow; w == nil || w.Seat != 3 {
		t.Errorf("after not there: window %+v, want seat 3's", w)
	}
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "that read is taken back") {
			t.Errorf("the dealer was told %q: the Ground is no stray card", m.Text)
		}
	}
	if d.lamps[2] == LightGround || d.lamps[3] != LightGround {
		t.Errorf("lights: seat 2 %v, seat 3 %v; want seat 3's alone to show the Ground", d.lamps[2], d.lamps[3])
	}
}

// TestReadAgainPastGoneIsOneFallers: the "not there" of the stack a read
// again went into takes that read back and empties that faller's stack
// ("Extra stacks disappear once they are empty"), in one observation: the
// read is then the deal where the table has it, not a stray card. A read
// taken back beside another faller's stack gone is no such pair: that
// take-back is a stray card's, and the screen must still warn of it.
func TestReadAgainPastGoneIsOneFallers(t *testing.T) {
	d, uid, _ := dealing(t, []game.Kind{game.Move, game.Move, game.Split, game.Move, game.Move, game.Move, game.Move, game.Move,
		game.Ground, game.Ground, game.Ground})
	d.reader = hw.ReaderOK
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Split-2"), game.Scan("Move-3"),
		game.Scan("Split-2"), game.Scan("Move-4"), game.Scan("Move-5"))
	tell(t, d, playlog.FromDealer, game.Confirm())
	tell(t, d, playlog.FromReader, game.Scan("Move-6"))
	at := 20 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Ground-8"], Time: at})
	d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at + 100*time.Millisecond})
	from := len(d.g.Inferences())
	d.onControl(hw.PanelEvent{Control: hw.ControlSkip, Kernel: at + 200*time.Millisecond})
	inf := d.g.Inferences()[from:]
	ground, faller := -1, -1
	for _, x := range inf {
		if x.Kind == game.InfReadTakenBack {
			ground, faller = x.Card, x.Player
		}
	}
	if ground < 0 || d.g.Card(ground).ID != "Ground-8" {
		t.Fatalf("the not there took back no Ground-8: %+v", inf)
	}
	other := (faller + 1) % d.g.NumPlayers()
	for _, tc := range []struct {
		name string
		// gone, if not -1, is the faller every stack gone is given to.
		gone int
		want int
	}{
		{name: "the read's own faller's stack", gone: -1, want: ground},
		{name: "another faller's stack", gone: other, want: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xs := slices.Clone(inf)
			for i := range xs {
				if xs[i].Kind == game.InfStackGone && tc.gone >= 0 {
					xs[i].Player, xs[i].From.Player = tc.gone, tc.gone
				}
			}
			if got := readAgainPastGone(d.g, xs); got != tc.want {
				t.Errorf("readAgainPastGone = %d, want %d; inferences %+v", got, tc.want, xs)
			}
		})
	}
}
