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

// TestExtraOnASkipTakenForTheDeal: "To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards", and "EXTRA SKIP: Deal no cards to this player, and sweep
// away only the Extra card. (The Skip remains.)" Seat 2's card dealt by
// hand, a Skip, was picked up (n) and played in front of seat 3,
// whose faller laid the Extra from their own stack on it. As seat 3's turn
// begins the dealer shows both: the Skip, which the engine believes in the
// deck, is taken for seat 3's deal (a Skip shown is followed by nothing in
// the beat, as a deal is), and the Extra read at once was taken for one
// shown at the next seat, before its rider: the lights dealt seat 3 a card
// and the next seat an Extra Hit the table never had (classic seed 194 of
// the real dealer's every-mistake row). A deal is followed by nothing: an
// Extra read at once after the Skip is one shown on it, so the Skip was
// shown. Read later than half a beat, it is not taken so; nor where no
// card dealt by hand may have been picked up (seat 2's card read): the
// Skip was dealt, and the Extra is a stray one, the top of a stack near
// the reader (official stray-top, five hands the table declared while
// this was not asked).
func TestExtraOnASkipTakenForTheDeal(t *testing.T) {
	for _, tc := range []struct {
		name   string
		after  time.Duration
		byHand bool
		shown  bool
	}{
		{"at once", 50 * time.Millisecond, true, true},
		{"after half a beat", 600 * time.Millisecond, true, false},
		{"no card dealt by hand", 50 * time.Millisecond, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds := []game.Kind{game.Move, game.Extra, game.Move, game.Skip, game.Move, game.Move, game.Ground, game.Ground}
			d, uid, _ := dealing(t, kinds)
			tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Extra-1"))
			if tc.byHand {
				tell(t, d, playlog.FromPanel, game.Confirm(), game.NotOnTop(2))
			} else {
				tell(t, d, playlog.FromReader, game.Scan("Move-2"))
			}
			sk, _ := d.g.CardIndex("Skip-3")
			if in := d.g.Next(); in.Seat != 3 || !in.First || d.g.Where(sk).Zone != game.InDeck {
				t.Fatalf("the light asks %v, Skip-3 at %+v; want seat 3's turn, Skip-3 in the deck", in, d.g.Where(sk))
			}
			at := 10 * time.Second
			d.onCard(hw.CardEvent{UID: uid["Skip-3"], Time: at})
			if !inStackAt(d, sk, 3) {
				t.Fatalf("Skip-3 lies at %+v, want it taken for seat 3's deal first", d.g.Where(sk))
			}
			d.onCard(hw.CardEvent{UID: uid["Extra-1"], Time: at + tc.after})
			x, _ := d.g.CardIndex("Extra-1")
			w, xw := d.g.Where(sk), d.g.Where(x)
			shown := w.Zone == game.AsRider && d.g.Seat(w.Player) == 3 && xw == (game.Place{Zone: game.AsExtra, Player: w.Player})
			if shown != tc.shown {
				t.Fatalf("Skip-3 lies at %+v, Extra-1 at %+v (the light asks %v); want an Extra Skip shown at seat 3: %v", w, xw, d.g.Next(), tc.shown)
			}
			if in := d.g.Next(); shown && (in.Seat != 3 || in.Action == game.ActDeal) {
				t.Fatalf("the light asks %v, want seat 3's Extra swept, no card dealt", in)
			}
		})
	}
}
