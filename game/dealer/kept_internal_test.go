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
	G, S := game.Ground, game.Stop
	d, uid, log := dealing(t, []game.Kind{S, S, S, G, G, G}, 2, 3, 4)
	read = func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
	read("Stop-0", 1)
	read("Stop-1", 2)
	read("Stop-2", 3)
	read("Ground-3", 4)
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: secs(4.3)})
	read("Ground-3", 4.4)
	return d, read, log
}
