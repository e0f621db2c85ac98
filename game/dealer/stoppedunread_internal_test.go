package dealer

import (
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// TestStopForAGroundDealtUnread: "Stop can also repel a Ground", and "The
// Ground cards are waiting at the bottom of the deck". With only Grounds
// left, seat 2's faller presses while the light asks seat 2 for a card,
// and shows a Stop: the dealer dealt a Ground the reader missed, and the
// Stop saved them ("The dealer keeps the Ground, and you discard the
// Stop"). The press is told to the engine, which takes the Stop for that
// (game.InfStoppedUnread), and the screen says so; the light goes on to
// seat 3. Before, the press went to the log only, the Stop was refused as
// a card that cannot be where it was read, and the light waited at seat 2
// for a card already dealt. Where a card other than a Ground is left, the
// press is no claim, and the engine is not told (the negative control).
func TestStopForAGroundDealtUnread(t *testing.T) {
	at := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	S, M, G := game.Stop, game.Move, game.Ground
	for _, tc := range []struct {
		name  string
		kinds []game.Kind
		saved bool
	}{
		{name: "only Grounds left", kinds: []game.Kind{S, S, S, G, G, G}, saved: true},
		{name: "a Move left", kinds: []game.Kind{S, S, S, M, G, G, G}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, _ := dealing(t, tc.kinds, 2, 3, 4)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: at(s)}) }
			read("Stop-0", 1) // seat 2
			read("Stop-1", 2) // seat 3
			read("Stop-2", 3) // seat 4
			applied := d.g.Applied()
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(4.3)})
			if told := d.g.Applied() != applied; told != tc.saved {
				t.Fatalf("the press told to the engine: %v, want %v", told, tc.saved)
			}
			if !tc.saved {
				return
			}
			read("Stop-0", 4.5)
			if w := warnings(d); len(w) > 0 {
				t.Errorf("warnings %q", w)
			}
			if !said(d, "seat 2 Stops a Ground dealt unread") {
				t.Error("the screen does not say seat 2 Stopped a Ground dealt unread")
			}
			if in := d.g.Next(); in.Action != game.ActDeal || in.Seat != 3 || d.g.Out(0) {
				t.Errorf("the light asks %v (seat 2 out %v), want a card for seat 3", in, d.g.Out(0))
			}
			if d.g.DeckSize() != 3 {
				t.Errorf("%d cards in the deck, want the three Grounds", d.g.DeckSize())
			}
			if err := d.g.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestPressForAGroundDealtUnreadThenNoStop: the press told to the engine
// where only a Ground can be dealt is no claim of its own. Followed by the
// Ground read as it is dealt, "To Stop a Ground, play the Stop as the
// Ground is being dealt to you": the window opens at that seat, and only a
// press in it claims (a mash just before the deal saves no one). And a
// Stop taken for one on a Ground dealt unread may be misread: the dealer
// who dealt no Ground says so, the screen offering it (the engine's deck
// can be wrong, a deal confirmed by hand never made counting a card out),
// and the Stop is no longer spent.
func TestPressForAGroundDealtUnreadThenNoStop(t *testing.T) {
	at := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	t.Run("a mash, then the Ground read", func(t *testing.T) {
		d, read, _ := stopsDealt(t)
		d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(4.2)})
		n := len(d.g.Inferences())
		read("Ground-3", 4.5)
		if in := d.g.Next(); in.Action != game.ActLand || in.Seat != 2 {
			t.Fatalf("the light asks %v, want seat 2's Ground landing (its Stop window)", in)
		}
		for _, x := range d.g.Inferences()[n:] {
			if x.Kind == game.InfStopClaimed || x.Kind.StopsUnread() {
				t.Errorf("inferred %v from a press before the Ground was dealt: want no claim yet", x)
			}
		}
	})
	t.Run("a Stop spent on a Ground dealt unread, misread", func(t *testing.T) {
		d, read, _ := stopsDealt(t)
		d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at(4.3)})
		read("Stop-0", 4.5)
		if !said(d, "(r, misread, if you dealt them that Stop)") {
			t.Error("the screen does not offer the misread of the Stop")
		}
		if id, ok := d.misreadCard(); !ok || id != "Stop-0" {
			t.Fatalf("the panel's misread offers %q %v, want Stop-0", id, ok)
		}
		d.misread(at(4.8))
		c, _ := d.g.CardIndex("Stop-0")
		if w := d.g.Where(c); w.Zone == game.InDiscard {
			t.Errorf("Stop-0 at %+v after the misread: want it no longer spent", w)
		}
		if in := d.g.Next(); in.Action != game.ActDeal || in.Seat != 2 {
			t.Errorf("the light asks %v, want a card for seat 2 again", in)
		}
		if err := d.g.Check(); err != nil {
			t.Error(err)
		}
	})
}

// stopsDealt is dealing seats 2, 3 and 4 a Stop each at 1, 2 and 3 s
// (Stop-0 to Stop-2), only Grounds left (Ground-3 to Ground-5): seat 2's
// card is due, and only a Ground can be dealt there. read reads a card at
// s seconds.
func stopsDealt(t *testing.T) (d *Dealer, read func(id string, s float64), log *entries) {
	t.Helper()
	S, G := game.Stop, game.Ground
	d, uid, log := dealing(t, []game.Kind{S, S, S, G, G, G}, 2, 3, 4)
	read = func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
	read("Stop-0", 1)
	read("Stop-1", 2)
	read("Stop-2", 3)
	return d, read, log
}

// TestStopSpentOnUnreadShownAgain: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you", and "The dealer keeps the Ground". Seat
// 2's first card is dealt by hand; seat 2's faller presses as the light
// asks them for their next card and the dealer deals them a Stop from the
// deck: before any Ground has left the deck the engine takes it for their
// Stop on the first Ground dealt unread, and the screen offers the
// misread, which this dealer never says. The next card read, a Move, is no
// Ground, where the Ground the Stop put back would be dealt next: the Stop
// was dealt (game.InfDealtAfterAll), and the screen says so. Where the
// next card is dealt by hand, unread, only seat 2's own Ground can tell:
// they press and show that Stop again, it was the card dealt them
// (game.InfStopDealtAfterAll), and it saves them. Either way seat 2 is
// saved at their Ground. Before, the Stop was refused as swept, and an
// honest faller was out (review39 F2).
func TestStopSpentOnUnreadShownAgain(t *testing.T) {
	M, S, G := game.Move, game.Stop, game.Ground
	for _, tc := range []struct {
		name   string
		byHand bool   // seat 3's next card dealt by hand, unread
		want   string // what the screen says of the Stop
	}{
		{name: "the next card read", want: "Stop-2 was the card dealt to seat 2, not a Stop on a Ground dealt unread"},
		{name: "the next card dealt by hand", byHand: true, want: "seat 2 shows again the Stop taken for one on a Ground dealt unread"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, _ := dealing(t, []game.Kind{M, M, S, M, G, G, G}, 2, 3)
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: secs(s)}) }
			press := func(seat int, s float64) { d.onButton(hw.ButtonEvent{Seat: seat, Press: true, Kernel: secs(s)}) }
			confirm := func(s float64) { d.onControl(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: secs(s)}) }
			confirm(1)        // seat 2, dealt by hand
			read("Move-1", 2) // seat 3
			press(2, 2.8)     // nervous
			read("Stop-2", 3) // dealt to seat 2
			if !said(d, "seat 2 Stops a Ground dealt unread") {
				t.Fatalf("the honest Stop not taken for one on the first Ground dealt unread, so this is not the case: %v", d.msgs)
			}
			if tc.byHand {
				confirm(4) // seat 3
			} else {
				read("Move-3", 4) // seat 3
			}
			read("Ground-4", 5) // seat 2's Ground
			press(2, 5.3)
			read("Stop-2", 5.5)
			if w := warnings(d); len(w) > 0 {
				t.Errorf("warnings %q", w)
			}
			if !said(d, tc.want) {
				t.Errorf("the screen does not say %q: %v", tc.want, d.msgs)
			}
			if d.g.Out(0) {
				t.Fatal("seat 2 out: want the Stop dealt them saving them")
			}
			if in := d.g.Next(); in.Action != game.ActDeal || in.Seat != 3 {
				t.Errorf("the light asks %v, want a card for seat 3", in)
			}
			if err := d.g.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

// said reports whether the screen said something containing s.
func said(d *Dealer, s string) bool {
	for _, m := range d.msgs {
		if strings.Contains(m.Text, s) {
			return true
		}
	}
	return false
}
