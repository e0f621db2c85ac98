package dealer

import (
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// TestGroundKeptThroughAStop: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you. The dealer keeps the Ground, and you
// discard the Stop." A dealer who keeps the Ground may deal it on before
// the Stop passes over the reader: read while seat 2's claim waits, it is
// kept until the claim is settled, then told as the next deal. Before, it
// was refused as read twice (or, where seat 2's Ground was confirmed by
// hand and only guessed, landed seat 2 though it showed a Stop), and the
// light then waited for a Ground already dealt.
func TestGroundKeptThroughAStop(t *testing.T) {
	at := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	G, S := game.Ground, game.Stop
	for _, tc := range []struct {
		name string
		// byHand: seat 2's Ground is dealt unread and named from the panel
		// (the engine stands in a deck Ground, Ground-3); the dealer then
		// keeps and deals on the one really dealt, Ground-4.
		byHand bool
		// settle: "scan" the Stop, "confirm" it from the panel, or "lapse":
		// no Stop shown, the claim's window ends and the Ground lands.
		settle string
		// seat3Presses: seat 3 presses after the kept Ground is read, before
		// the Stop: it is their Ground being dealt.
		seat3Presses bool
	}{
		{name: "the Stop scanned", settle: "scan"},
		{name: "the Stop confirmed from the panel", settle: "confirm"},
		{name: "seat 3 presses before the Stop is scanned", settle: "scan", seat3Presses: true},
		{name: "a Ground named by hand, the Stop scanned", byHand: true, settle: "scan"},
		{name: "the claim lapses", settle: "lapse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, _ := dealing(t, []game.Kind{S, S, S, G, G, G}, 2, 3, 4)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: at(s)}) }
			read("Stop-0", 1)
			read("Stop-1", 2)
			read("Stop-2", 3)
			dealtToSeat2 := "Ground-3"
			if tc.byHand {
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: at(4)})
				dealtToSeat2 = "Ground-4"
			} else {
				read("Ground-3", 4)
			}
			if !d.stop.open || d.stop.seat != 2 {
				t.Fatalf("no Stop window at seat 2 after its Ground: %+v", d.stop)
			}
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(4.3)})
			read(dealtToSeat2, 4.4) // the Ground kept, dealt on
			if tc.seat3Presses {
				d.onButton(hw.ButtonEvent{Seat: 3, Press: true, Kernel: at(4.5)})
			}
			switch tc.settle {
			case "scan":
				read("Stop-0", 4.55)
			case "confirm":
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at(4.55)})
			case "lapse":
				d.fire(d.stop.due())
			}
			var warnings []string
			for _, m := range d.msgs {
				if m.Warning {
					warnings = append(warnings, m.Text)
				}
			}
			if tc.settle == "lapse" {
				// Seat 2 showed no Stop: out, and the Ground read again is
				// judged where it lies, a card that cannot be there.
				if !d.g.Out(0) || d.kept.active {
					t.Errorf("seat 2 out %v, Ground still kept %v", d.g.Out(0), d.kept.active)
				}
				if len(warnings) != 2 || !strings.Contains(warnings[1], "Ground-3") {
					t.Errorf("warnings %q: want the claim not confirmed, then Ground-3 refused", warnings)
				}
				return
			}
			if len(warnings) > 0 {
				t.Errorf("warnings: %q", warnings)
			}
			p, c, ground, ok := d.g.PendingDeal()
			if !ok || !ground || p != 1 || d.g.Card(c).ID != dealtToSeat2 {
				t.Fatalf("pending deal: %v (player %d, card %d, Ground %v); want %s dealt to seat 3, next %v", ok, p, c, ground, dealtToSeat2, d.g.Next())
			}
			if d.g.Out(0) {
				t.Error("seat 2 showed a Stop, and is out")
			}
			if !d.stop.open || d.stop.seat != 3 || d.stop.claimed != tc.seat3Presses {
				t.Errorf("Stop window %+v: want seat 3's, claimed %v", d.stop, tc.seat3Presses)
			}
			if err := d.g.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestMisreadWhileAGroundIsKept: "The dealer keeps the Ground, and you
// discard the Stop." A Ground read while seat 2's claim waits is kept to be
// told as the next deal; but a stray read of the Ground lying at seat 2 is
// no deal. The screen offers it to the misread (r), which forgets it: the
// engine never heard of it, so nothing else changes, and the Stop shown
// then leaves the light asking for the Ground, to be dealt on at seat 3.
func TestMisreadWhileAGroundIsKept(t *testing.T) {
	d, read, log := groundKept(t)
	if !d.kept.active || d.View().Misread != "Ground-3" {
		t.Fatalf("Ground-3 kept %v, the screen offers %q to the misread", d.kept.active, d.View().Misread)
	}
	applied := d.g.Applied()
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: secs(4.5)})
	if d.kept.active || d.g.Applied() != applied || !d.stop.open || d.stop.seat != 2 || !d.stop.claimed {
		t.Fatalf("after misread: kept %v, engine moved %v, window %+v; want the kept read forgotten and nothing else changed",
			d.kept.active, d.g.Applied() != applied, d.stop)
	}
	if w := warnings(d); len(w) > 0 {
		t.Errorf("warnings %q", w)
	}
	read("Stop-0", 4.6)
	if in := d.g.Next(); in.Action != game.ActDeal || in.Seat != 3 || d.g.Out(0) {
		t.Errorf("after seat 2's Stop the light asks %v (seat 2 out %v), want the Ground dealt to seat 3", in, d.g.Out(0))
	}
	noted := false
	for _, e := range *log {
		noted = noted || strings.Contains(e.Note, "the dealer says misread")
	}
	if !noted {
		t.Error("the play log does not say why the kept read was not told")
	}
}

// TestLandedEndsTheHand: "GROUND: If you receive one of these, you are
// immediately out." Seat 2's Ground goes unscanned and seat 3's, read, is
// taken for it; the dealer says so (l): seat 2's Ground lands, and with
// two fallers that ends the hand. The screen says whose Ground it was
// before the winner, as it does when the hand goes on; it said nothing.
func TestLandedEndsTheHand(t *testing.T) {
	G, S := game.Ground, game.Stop
	d, uid, _ := dealing(t, []game.Kind{S, S, G, G}, 2, 3)
	read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
	read("Stop-0", 1)
	read("Stop-1", 2)
	read("Ground-3", 3) // seat 2's Ground-2 went unscanned
	d.control(hw.PanelEvent{Control: hw.ControlUnscanned, As: "Ground", Kernel: secs(3.2)})
	if !d.g.Over() || d.g.Seat(d.g.Winner()) != 3 {
		t.Fatalf("over %v: want seat 3 the winner", d.g.Over())
	}
	said := false
	for _, m := range d.msgs {
		said = said || strings.Contains(m.Text, "seat 2 hits the ground: the card dealt unscanned was a Ground")
	}
	if !said {
		t.Errorf("the screen never said seat 2 hit the ground: %+v", d.msgs)
	}
}

// groundKept is seats 2, 3 and 4 each dealt a Stop, then seat 2 Ground-3
// and its claim, and Ground-3 read again at 4.4 s while the claim waits:
// kept. read lays a card on the reader at s seconds; log is the play log.
func groundKept(t *testing.T) (d *Dealer, read func(id string, s float64), log *entries) {
	t.Helper()
	d, read, log = stopsDealt(t)
	read("Ground-3", 4)
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
	read("Ground-3", 4.4)
	return d, read, log
}

// Paths where a Ground kept through a Stop claim was told out of turn
// (found by a review of kept.go).

// secs is s seconds.
func secs(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// warnings are the warnings on d's screen.
func warnings(d *Dealer) []string {
	var w []string
	for _, m := range d.msgs {
		if m.Warning {
			w = append(w, m.Text)
		}
	}
	return w
}

// TestKeptGroundToldBeforeAnIdentifyAsk: "To Stop a Ground, play the Stop
// as the Ground is being dealt to you." Seat 4's card was dealt by hand
// (its ask answered "carry on"), seat 2's Ground named by hand, and the
// Ground really dealt, Ground-4, kept and dealt on to seat 3 while seat 2's
// claim waits. Seat 2's Stop shown, the dealer asked about seat 4's card
// before the kept Ground was told: the Ground then opened seat 3's window
// under that ask, and seat 3's Stop, read, was taken for seat 4's card,
// so seat 3 was not saved. The ask waits until the kept Ground is told,
// and is made once seat 3's Ground is settled.
func TestKeptGroundToldBeforeAnIdentifyAsk(t *testing.T) {
	for name, settle := range map[string]string{"the Stop scanned": "scan", "the Stop confirmed": "confirm"} {
		t.Run(name, func(t *testing.T) { keptThenIdentify(t, settle) })
	}
}

// keptThenIdentify plays TestKeptGroundToldBeforeAnIdentifyAsk, seat 2's
// Stop shown by settle: "scan" it, or "confirm" it from the panel.
func keptThenIdentify(t *testing.T, settle string) {
	G, S, M := game.Ground, game.Stop, game.Move
	d, uid, _ := dealing(t, []game.Kind{S, S, M, G, G, G, G, M, M}, 2, 3, 4)
	d.reader = hw.ReaderOK
	read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
	read("Stop-0", 1)
	read("Stop-1", 2)
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: secs(3)}) // seat 4, by hand
	if d.ident.seat != 4 {
		t.Fatalf("seat 4's card dealt by hand is not asked for: %+v", d.ident)
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: secs(3.5)}) // carry on
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: secs(4)})
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
	read("Ground-4", 4.4)
	if !d.kept.active {
		t.Fatalf("Ground-4, read while seat 2's claim waits, is not kept")
	}
	if settle == "scan" {
		read("Stop-0", 4.55)
	} else {
		d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: secs(4.55)})
	}
	if !d.stop.open || d.stop.seat != 3 {
		t.Fatalf("after seat 2's Stop: window %+v, want seat 3's (the kept Ground)", d.stop)
	}
	if d.ident.seat != 0 {
		t.Errorf("seat %d's card dealt by hand is asked for while seat 3's Ground is being dealt", d.ident.seat)
	}
	d.onButton(hw.ButtonEvent{Seat: 3, Press: true, Kernel: secs(4.7)})
	read("Stop-1", 4.8)
	if d.g.Out(1) || d.stop.open {
		t.Errorf("seat 3 showed its Stop: out %v, window %+v", d.g.Out(1), d.stop)
	}
	if w := warnings(d); len(w) != 1 || !strings.Contains(w[0], "seat 4 was not scanned") {
		t.Errorf("warnings %q: want only the carry-on's", w)
	}
	if d.ident.seat != 4 {
		t.Errorf("seat 4's card dealt by hand is not asked for once seat 3's Ground is settled: %+v", d.ident)
	}
}

// TestKeptGroundWhenTheHandStops: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you. The dealer keeps the Ground, and you
// discard the Stop." A hand stopped (its context ended) while seat 2's
// claim waits must not settle the claim: the kept Ground told then was
// refused with a warning, or, where seat 2's Ground was named by hand and
// only guessed, landed seat 2 and went on to seat 3, which the log, and a
// resume from it, kept. And a claim that lapses and ends the hand leaves
// nothing to tell the kept Ground to: told anyway, it was refused with a
// warning after the win. Either way the kept Ground is dropped, with a
// note in the log.
func TestKeptGroundWhenTheHandStops(t *testing.T) {
	G, S := game.Ground, game.Stop
	for _, tc := range []struct {
		name   string
		byHand bool
		lapse  bool // two fallers: seat 2's claim lapses, seat 3 wins
	}{
		{name: "stopped while the claim waits"},
		{name: "stopped while the claim waits, a Ground named by hand", byHand: true},
		{name: "the claim lapses and ends the hand", lapse: true},
		{name: "the claim lapses and ends the hand, a Ground named by hand", byHand: true, lapse: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds, seats := []game.Kind{S, S, S, G, G, G}, []int{2, 3, 4}
			if tc.lapse {
				kinds, seats = []game.Kind{S, S, G, G, G}, []int{2, 3}
			}
			d, uid, log := dealing(t, kinds, seats...)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
			for i := range seats {
				read(d.g.Card(i).ID, float64(i+1))
			}
			ground := d.g.Card(len(seats)).ID // the first Ground
			if tc.byHand {
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: secs(4)})
				ground = d.g.Card(len(seats) + 1).ID
			} else {
				read(ground, 4)
			}
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
			read(ground, 4.4)
			if !d.kept.active {
				t.Fatalf("%s, read while seat 2's claim waits, is not kept", ground)
			}
			before := len(warnings(d))
			from := len(*log)
			if tc.lapse {
				d.fire(d.stop.due())
				if !d.g.Over() || !d.g.Out(0) {
					t.Fatalf("the claim lapsed: over %v, seat 2 out %v", d.g.Over(), d.g.Out(0))
				}
				before++ // "seat 2's Stop claim was not confirmed: the Ground lands"
			} else {
				if _, err := d.end(nil); err != nil {
					t.Fatal(err)
				}
				if in := d.g.Next(); d.g.Out(0) || in.Action != game.ActLand || in.Seat != 2 {
					t.Errorf("the hand stopped with seat 2's claim waiting: seat 2 out %v, next %v; want seat 2's Ground still being dealt", d.g.Out(0), in)
				}
			}
			if w := warnings(d); len(w) != before {
				t.Errorf("warnings %q: want %d", w, before)
			}
			noted := false
			for _, e := range (*log)[from:] {
				if e.Event != nil && e.Event.Card == ground {
					t.Errorf("the engine was told the kept %s: %v %v %s", ground, e.Kind, e.Event, e.Error)
				}
				noted = noted || (e.Card == ground && strings.Contains(e.Note, "kept"))
			}
			if d.kept.active || !noted {
				t.Errorf("kept %v; the log notes the kept Ground dropped: %v", d.kept.active, noted)
			}
		})
	}
}

// TestUnscannedWhileAGroundIsKept: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you. The dealer keeps the Ground, and you
// discard the Stop." The card read before a Ground kept through seat 2's
// claim is the Ground being dealt to seat 2, read: none was dealt
// unscanned. The dealer's "unscanned" then was taken as said of that read
// (the kept read is the same card): seat 2 was out for a card dealt
// unscanned, the Ground moved on to seat 3, and the kept read, still kept,
// was told again once seat 3's Stop was shown, a second deal of one card.
// It changes nothing.
func TestUnscannedWhileAGroundIsKept(t *testing.T) {
	d, read, log := groundKept(t)
	if !d.kept.active {
		t.Fatal("Ground-3, read again while seat 2's claim waits, is not kept")
	}
	applied := d.g.Applied()
	d.control(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: secs(4.5)})
	if d.g.Applied() != applied || d.g.Out(0) || !d.kept.active || !d.stop.open || d.stop.seat != 2 {
		t.Fatalf("unscanned while Ground-3 is kept: engine moved %v, seat 2 out %v, kept %v, window %+v; want nothing changed",
			d.g.Applied() != applied, d.g.Out(0), d.kept.active, d.stop)
	}
	if w := warnings(d); len(w) != 1 || !strings.Contains(w[0], "nothing changed") {
		t.Errorf("warnings %q: want the unscanned refused", w)
	}
	read("Stop-0", 4.6)
	told := 0
	for _, e := range *log {
		if e.Event != nil && e.Event.Kind == game.EvScan && e.Event.Card == "Ground-3" {
			told++
		}
	}
	if p, c, ground, ok := d.g.PendingDeal(); told != 2 || d.g.Out(0) || !ok || !ground || p != 1 || c != 3 {
		t.Errorf("after seat 2's Stop: Ground-3 told %d times (want the deal to seat 2, then to seat 3), seat 2 out %v, pending %v %d %d %v",
			told, d.g.Out(0), ok, p, c, ground)
	}
}

// TestStrayReadWhileAGroundIsKept: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you. The dealer keeps the Ground, and you
// discard the Stop." product.md: "a card scanned that should not be there:
// a warning sound and message, the event is logged, the game state does
// not move." A stray card read while seat 2's claim waits (seat 3's Move
// lying near the reader), refused where it is read, is no deal the kept
// Ground must be told before. It was: the kept Ground was refused as read
// twice, and the light then waited for a card already dealt; or, named by
// hand, it landed seat 2, whose Stop then saved seat 3.
func TestStrayReadWhileAGroundIsKept(t *testing.T) {
	G, S, M := game.Ground, game.Stop, game.Move
	for name, byHand := range map[string]bool{"the Ground read": false, "the Ground named by hand": true} {
		t.Run(name, func(t *testing.T) {
			d, uid, _ := dealing(t, []game.Kind{S, M, M, G, G, G, M}, 2, 3, 4)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
			read("Stop-0", 1)
			read("Move-1", 2)
			read("Move-2", 3)
			kept := "Ground-3"
			if byHand {
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: secs(4)})
				kept = "Ground-4"
			} else {
				read("Ground-3", 4)
			}
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
			read(kept, 4.4)
			read("Move-1", 4.5) // seat 3's card, near the reader
			if !d.kept.active || d.g.Out(0) || !d.stop.claimed || d.stop.seat != 2 {
				t.Fatalf("after a stray read: %s kept %v, seat 2 out %v, window %+v; want seat 2's claim still waiting", kept, d.kept.active, d.g.Out(0), d.stop)
			}
			if w := warnings(d); len(w) != 1 || !strings.Contains(w[0], "Move-1") {
				t.Errorf("warnings %q: want the stray Move-1's only", w)
			}
			read("Stop-0", 4.6)
			if p, c, ground, ok := d.g.PendingDeal(); d.g.Out(0) || !ok || !ground || p != 1 || d.g.Card(c).ID != kept {
				t.Errorf("after seat 2's Stop: seat 2 out %v, pending %v player %d %v Ground %v; want %s dealt to seat 3", d.g.Out(0), ok, p, d.g.Card(c), ground, kept)
			}
		})
	}
}

// TestDeckStopWhileAGroundIsKept: "The dealer keeps the Ground, and you
// discard the Stop." A Stop read while seat 2's claim waits is the Stop
// shown for it only if it saves seat 2; one the engine takes as dealt from
// the deck (the dealer dealt on again: the kept Ground to seat 3, then the
// Stop to seat 4) was read after the kept Ground, and must be told after
// it, as any other card dealt. It was told first: the Stop went to seat 3,
// and the Ground to seat 4, whose light then asked it to Stop a Ground
// that lay at seat 3.
func TestDeckStopWhileAGroundIsKept(t *testing.T) {
	G, S, M := game.Ground, game.Stop, game.Move
	d, uid, _ := dealing(t, []game.Kind{S, M, M, M, G, G, S, M, M}, 2, 3, 4, 5)
	read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
	for i := range 4 {
		read(d.g.Card(i).ID, float64(i)*0.5+1)
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: secs(4)})
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
	read("Ground-5", 4.4) // kept, dealt on to seat 3
	if !d.kept.active {
		t.Fatal("Ground-5, read while seat 2's claim waits, is not kept")
	}
	read("Stop-6", 4.5) // from the deck, dealt on to seat 4
	ground, stop := d.g.Where(5), d.g.Where(6)
	if d.kept.active || ground.Zone != game.InStack || d.g.Seat(ground.Player) != 3 || stop.Zone != game.InStack || d.g.Seat(stop.Player) != 4 {
		t.Errorf("kept %v; Ground-5 at %+v (seat %d), Stop-6 at %+v (seat %d); want the Ground at seat 3, the Stop at seat 4, as dealt",
			d.kept.active, ground, d.g.Seat(ground.Player), stop, d.g.Seat(stop.Player))
	}
	if d.stop.open && d.stop.seat == 4 {
		t.Errorf("seat 4's Stop window is open for the Ground at seat 3: %+v", d.stop)
	}
	if w := warnings(d); len(w) != 0 {
		t.Errorf("warnings %q", w)
	}
}

// TestClaimPressNotReplayedForTheHitsSecondGround: "If you are due to get
// two Ground cards, as a result of a Hit or because you have multiple
// stacks, one Stop card won't save you." Seat 2, Hit, Stops the Hit's
// first card, a Ground; kept, it is the Hit's second card, and seat 2's
// window opens again. The loop takes ready inputs in any order, so the
// press that claimed the first Ground may be stamped after the kept read,
// though handled before it. That press claimed once: replayed, it claimed
// the second Ground too, with no second press.
func TestClaimPressNotReplayedForTheHitsSecondGround(t *testing.T) {
	G, S, H, M := game.Ground, game.Stop, game.Hit, game.Move
	for name, second := range map[string]bool{"one press": false, "a second press": true} {
		t.Run(name, func(t *testing.T) {
			d, uid, _ := dealing(t, []game.Kind{S, H, G, G, M, M}, 2, 3)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
			read("Stop-0", 1)
			read("Hit-1", 2)
			d.beat.count++
			read("Hit-1", 3) // seat 3 plays its Hit on seat 2
			read("Ground-2", 4)
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.45)}) // handled first
			read("Ground-2", 4.4)                                                // kept: the Hit's second card
			if !d.kept.active {
				t.Fatal("Ground-2, read again while seat 2's claim waits, is not kept")
			}
			if second {
				d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.5)})
			}
			read("Stop-0", 4.55)
			if !d.stop.open || d.stop.seat != 2 || d.stop.claimed != second {
				t.Errorf("seat 2's window for the Hit's second card: %+v; want claimed %v", d.stop, second)
			}
		})
	}
}
