package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// skipKinds is the deck of the tests below.
var skipKinds = []game.Kind{game.Move, game.Skip, game.Move, game.Extra, game.Extra, game.Move, game.Move, game.Ground, game.Ground}

// skipAtSeat2 is dealing to seats 2, 3 and 4 the first pass as told by
// pass (the panel's events from FromPanel, reads from FromReader), seat 3
// being dealt Skip-1, and seat 2's next turn just begun with that Skip
// shown there, played from seat 3's stack: "SKIP: Deal no cards to this
// player."
func skipAtSeat2(t *testing.T, pass ...game.Event) (*Dealer, map[string]hw.UID) {
	t.Helper()
	d, uid, _ := dealing(t, skipKinds, 2, 3, 4)
	for _, e := range pass {
		src := playlog.FromReader
		if e.Kind != game.EvScan {
			src = playlog.FromPanel
		}
		tell(t, d, src, e)
	}
	d.reader = hw.ReaderOK
	d.onCard(hw.CardEvent{UID: uid["Skip-1"], Time: 5 * time.Second})
	if in := d.g.Next(); in.Seat != 2 || in.Action != game.ActSweep || in.Rider != game.Skip || in.Extras != 0 {
		t.Fatalf("after the Skip shown at seat 2 the light asks %v, want seat 2's Skip swept", in)
	}
	return d, uid
}

// TestExtraOnTheSkipShownAtOnce: "EXTRA SKIP: Deal no cards to this
// player, and sweep away only the Extra card. (The Skip remains.)" Seat
// 4's card dealt by hand, an Extra, was picked up and laid on the Skip now
// shown at seat 2's turn ("To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards"). Its read comes right after the Skip's, where seat 3's deal
// waits for the beat that sweeps the Skip: the engine, believing the Extra
// in the deck, took it for seat 3's deal, swept the Skip the table keeps,
// and the lights went a seat off (real dealer, official seed 479, the
// reader gone: the table declared the winner). The dealer now tells the
// engine the Extra is seat 2's card dealt by hand, shown on the Skip
// (game.ExtraShownUnseen): only the Extra is swept. With no card dealt by
// hand about, an Extra read then is seat 3's deal, as before.
func TestExtraOnTheSkipShownAtOnce(t *testing.T) {
	d, uid := skipAtSeat2(t, game.Scan("Move-0"), game.Scan("Skip-1"), game.Confirm(), game.NotOnTop(4))
	d.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: 5060 * time.Millisecond})
	c, _ := d.g.CardIndex("Extra-4")
	if w := d.g.Where(c); w.Zone != game.AsExtra || d.g.Seat(w.Player) != 2 {
		t.Fatalf("Extra-4 lies at %+v, want on seat 2's Skip", w)
	}
	if in := d.g.Next(); in.Seat != 2 || in.Action != game.ActSweep || in.SweepExtras != 1 || in.SweepRider {
		t.Fatalf("after the Extra the light asks %v, want seat 2's Extra swept and its Skip left", in)
	}

	plain, uid, _ := dealing(t, skipKinds, 2, 3, 4)
	tell(t, plain, playlog.FromReader, game.Scan("Move-0"), game.Scan("Skip-1"), game.Scan("Move-2"))
	plain.onCard(hw.CardEvent{UID: uid["Skip-1"], Time: 5 * time.Second})
	plain.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: 5060 * time.Millisecond})
	if !inStackAt(plain, c, 3) {
		t.Fatalf("with no card dealt by hand, Extra-4 lies at %+v, want seat 3's deal", plain.g.Where(c))
	}
}

// TestNoAskBetweenTheSkipAndItsExtra: the dealer is asked for a card dealt
// by hand "if the table is between two cards". A Skip just shown deals no
// card, but the table is not between two cards: the Skip's Extra, laid on
// it, comes next ("To play an Extra, lay it on top of the rider you wish
// to modify, overlapping it so the dealer can still read both cards"), and
// asked now, the dealer would have that Extra read for the answer (real
// dealer, official seed 353, the reader gone: refused as the answer, the
// Extra was lost, and the table declared the winner). The ask waits until
// the seat's turn is over; an Extra shown on the Skip is no reason to wait
// any more.
func TestNoAskBetweenTheSkipAndItsExtra(t *testing.T) {
	d, _ := skipAtSeat2(t, game.Confirm(), game.Scan("Skip-1"), game.Scan("Extra-3"))
	d.wantIdentify()
	d.maybeIdentify(5 * time.Second)
	if d.ident.seat != 0 {
		t.Fatalf("asked about seat %d just after the Skip was shown, want no ask before its Extra may be shown", d.ident.seat)
	}
	tell(t, d, playlog.FromReader, game.Scan("Extra-3"))
	if in := d.g.Next(); in.Extras != 1 {
		t.Fatalf("after the Extra the light asks %v, want the Skip's Extra swept", in)
	}
	d.maybeIdentify(6 * time.Second)
	if d.ident.seat != 2 {
		t.Fatalf("asked about seat %d after the Extra was shown, want seat 2's card dealt by hand", d.ident.seat)
	}
}

// TestNoAskOnTheBeatThatCallsASweep: "EXTRA SKIP: Deal no cards to this
// player, and sweep away only the Extra card. (The Skip remains.)" At the
// seat's next turn the beat calls the sweep of that kept Skip (its light
// and cue) and the beat after confirms it. An ask for a card dealt by hand
// begun between the two took the light away before the dealer could act on
// it, and the beat after the ask confirmed a sweep the table never made:
// the table fell a beat behind the lights (real dealer, official seeds 150
// and 407, the reader gone: the table declared the winner). The ask waits
// for the beat that confirms the sweep.
func TestNoAskOnTheBeatThatCallsASweep(t *testing.T) {
	d, _, _ := dealing(t, skipKinds, 2, 3, 4)
	tell(t, d, playlog.FromPanel, game.Confirm()) // seat 2, by hand: on top
	d.reader = hw.ReaderOK
	d.wantIdentify()
	d.slot.sweepCalled = true // a known Skip's sweep called on this beat
	d.maybeIdentify(2 * time.Second)
	if d.ident.seat != 0 {
		t.Fatalf("asked about seat %d on the beat that called a sweep, want no ask until the next beat confirms it", d.ident.seat)
	}
	d.slot.sweepCalled = false // confirmed
	d.maybeIdentify(3 * time.Second)
	if d.ident.seat != 2 {
		t.Fatalf("asked about seat %d once the sweep was confirmed, want seat 2", d.ident.seat)
	}
}
