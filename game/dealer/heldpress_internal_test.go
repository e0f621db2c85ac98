package dealer

import (
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestPressKeptWhileAReadIsHeld: "To Stop a Ground, play the Stop as the
// Ground is being dealt to you." Seat 4 is out on the first Ground, so
// only Grounds can be dealt; seat 2's card dealt by hand, picked up, is
// read from the deck as seat 2's turn begins, and held (it may be that
// card, shown). Seat 2's Ground is dealt unread, and its faller presses
// while the read is held: the light may not yet ask what it will once the
// read is told, so the press is kept, not told the engine, and not lost.
// The hold ends (the Hit shown, two due at seat 2): the light asks seat 2
// for a card that can only be a Ground, so the press is told then, and
// the Stop read next saves seat 2 (game.InfStoppedUnread); before, the
// press was only logged and the Stop refused. A press from seat 3, which
// the light does not ask, is dropped: the engine never hears it, and seat
// 3's Stop shown there is refused as before. So too where the Stop is
// read before the hold's end: its read ends the hold, the press is told,
// then the Stop is read (stopOnKeptPress); before, the Stop read inside
// the hold was refused as a stray card, and the press told at the hold's
// end came after it. The press and the Stop prove a Ground was dealt
// right after the held read, the card that comes with a card shown, so
// the held Hit-2 is told a card shown, not the deal. Replayed from the log, the engine comes to the same
// hand.
func TestPressKeptWhileAReadIsHeld(t *testing.T) {
	at := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	S, H, G := game.Stop, game.Hit, game.Ground
	for _, tc := range []struct {
		name   string
		seat   int     // who presses while the read is held
		stop   string  // the Stop they show
		stopAt float64 // when it is read
		saved  bool
		toldAt float64 // when the press is told the engine, if saved
		shown  bool    // Hit-2 told the engine a card shown (Identify), not the deal
	}{
		{name: "the seat the light asks", seat: 2, stop: "Stop-0", stopAt: 10.8, saved: true, toldAt: 10.5},
		{name: "another seat", seat: 3, stop: "Stop-1", stopAt: 10.8},
		{name: "the seat the light asks, its Stop read inside the hold", seat: 2, stop: "Stop-0", stopAt: 10.3, saved: true, toldAt: 10.3, shown: true},
		{name: "another seat, its Stop read inside the hold", seat: 3, stop: "Stop-1", stopAt: 10.3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, log := dealing(t, []game.Kind{S, S, H, S, G, G, G, G}, 2, 3, 4)
			tell(t, d, playlog.FromPanel, game.Scan("Stop-0"), game.Scan("Stop-1"), game.Scan("Ground-4"), game.StopClosed(),
				game.Confirm(), game.NotOnTop(2), game.Scan("Stop-3"))
			read := func(id string, s float64) { d.onCard(hw.CardEvent{UID: uid[id], Time: at(s)}) }
			read("Hit-2", 10)
			if !d.held.active {
				t.Fatal("Hit-2, read as seat 2's turn begins, is not held")
			}
			d.onButton(hw.ButtonEvent{Seat: tc.seat, Press: true, Kernel: at(10.2)})
			read(tc.stop, tc.stopAt) // the hold ends at half a beat: 10.5s
			told, kept, shown := 0, false, false
			for _, e := range *log {
				shown = shown || e.Kind == playlog.KindApplied && e.Event.Kind == game.EvIdentify && e.Event.Card == "Hit-2"
				if e.Kind == playlog.KindApplied && e.Event.Kind == game.EvPress {
					told++
					if e.Kernel != at(tc.toldAt) {
						t.Errorf("the press told the engine at %v, want at the hold's end (%vs)", e.Kernel, tc.toldAt)
					}
				}
				kept = kept || e.Kind == playlog.KindPress && e.Kernel == at(10.2) && strings.Contains(e.Note, "kept while a read is held")
			}
			if !kept {
				t.Error("the press is not in the log at its own time with its note")
			}
			if shown != tc.shown {
				t.Errorf("Hit-2 told the engine a card shown: %v, want %v", shown, tc.shown)
			}
			if want := map[bool]int{true: 1, false: 0}[tc.saved]; told != want {
				t.Fatalf("the press told the engine %d times, want %d", told, want)
			}
			stopped := false
			for _, x := range d.g.Inferences() {
				stopped = stopped || x.Kind.StopsUnread()
			}
			if stopped != tc.saved {
				t.Fatalf("a Ground dealt unread Stopped: %v, want %v (the light asks %v)", stopped, tc.saved, d.g.Next())
			}
			if tc.saved {
				if in := d.g.Next(); in.Action != game.ActDeal || in.Seat != 2 || d.g.Out(0) {
					t.Errorf("the light asks %v (seat 2 out %v), want seat 2's Hit's card", in, d.g.Out(0))
				}
			}
			if err := d.g.Check(); err != nil {
				t.Fatal(err)
			}
			replaysTo(t, d, *log)
		})
	}
}
