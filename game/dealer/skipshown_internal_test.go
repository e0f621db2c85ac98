package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestNoAskWhileASkipMayBeShown: "SKIP: Deal no cards to this player. (And
// sweep away the Skip.)" Seat 2's card dealt by hand while the reader was
// gone, a Skip, was picked up and played in front of seat 3, who has two
// stacks; as seat 3's turn begins the dealer shows it, and the engine,
// believing it in the deck, takes it for the deal into seat 3's first stack
// (nothing follows a Skip shown in the beat, as nothing follows a deal).
// The light asks for the other stack's card, and the screen offers to take
// the Skip back with misread: the dealer who showed it says so. But the
// reader had come back with a card due, and the ask for seat 2's card waited
// for the table to be between two cards: made at the read, its answer (n,
// or a card read) closed the misread's offer, and the lights asked for a
// card the table never dealt (french seed 207 of the real dealer's
// reader-gone row). Until half a beat after such a read the dealer is not
// asked; the misread then makes the Skip seat 3's rider, and the beat goes
// on to the sweep; nothing said, the ask comes once half a beat is over.
func TestNoAskWhileASkipMayBeShown(t *testing.T) {
	for _, said := range []bool{true, false} {
		t.Run(map[bool]string{true: "misread", false: "dealt"}[said], func(t *testing.T) {
			noAskWhileASkipMayBeShown(t, said)
		})
	}
}

func noAskWhileASkipMayBeShown(t *testing.T, said bool) {
	kinds := []game.Kind{game.Move, game.Split, game.Move, game.Move, game.Move, game.Move, game.Skip, game.Move, game.Move, game.Ground, game.Ground}
	d, uid, _ := dealing(t, kinds)
	// Seat 3 plays its Split on itself and gets two stacks; seat 2's card
	// is then dealt by hand, the reader gone.
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Split-1"), game.Scan("Move-2"), game.Scan("Split-1"), game.Scan("Move-3"), game.Scan("Move-4"), game.Confirm())
	d.reader = hw.ReaderLost
	tell(t, d, playlog.FromPanel, game.Confirm())
	if in := d.g.Next(); in.Seat != 3 || in.Due != 2 {
		t.Fatalf("the light asks %v, want seat 3's two stacks", in)
	}
	sk, _ := d.g.CardIndex("Skip-6")
	if w := d.g.Where(sk); w.Zone != game.InDeck {
		t.Fatalf("Skip-6 lies at %+v, want it in the deck (seat 2's card dealt by hand stood in by another)", w)
	}
	d.reader = hw.ReaderOK
	d.wantIdentify() // the reader back, seat 3's card due: no ask yet
	at := 20 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Skip-6"], Time: at})
	if id, ok := d.misreadCard(); !ok || id != "Skip-6" {
		t.Fatalf("the screen offers %q (%v) to take back, want Skip-6 taken for seat 3's deal", id, ok)
	}
	if d.ident.seat != 0 {
		t.Fatalf("asked about seat %d at the Skip's read: its answer would close the misread's offer", d.ident.seat)
	}
	if !said {
		// Dealt after all: the dealer says nothing, and is asked once
		// half a beat has passed.
		d.maybeIdentify(at + d.period()/2)
		if d.ident.seat != 2 {
			t.Fatalf("half a beat after the Skip's read, asked about seat %d, want seat 2", d.ident.seat)
		}
		return
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: at + 200*time.Millisecond})
	if w := d.g.Where(sk); w.Zone != game.AsRider || d.g.Seat(w.Player) != 3 {
		t.Fatalf("after the misread Skip-6 lies at %+v, want seat 3's rider", w)
	}
	if in := d.g.Next(); in.Seat != 3 || in.Rider != game.Skip || (in.Action != game.ActSweep && in.Action != game.ActPass) {
		t.Fatalf("the light asks %v, want seat 3's Skip swept", in)
	}
}
