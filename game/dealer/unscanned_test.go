package dealer_test

import (
	"context"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestUnscanned: "On each beat the light of the seat to deal to comes on
// ...; the dealer scans and places one card per beat" (product.md). The
// dealer places seat 4's card without scanning it and, the light still
// waiting there, deals seat 2's and scans that: it is taken for seat 4's,
// and the light then asks for seat 2 once more. The dealer says
// "unscanned": the engine is told which card was just read
// (game.DealtUnscanned), seat 4's card becomes a deal confirmed by hand
// (asked for while it lies on top), the read is seat 2's, and the hand
// plays on in step. Said with no card just read, it is refused with a
// warning and nothing changed.
func TestUnscanned(t *testing.T) {
	s := newScripted(t, idles(3), kinds(many(S, 14), G, G, G), nil)
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(0.05)) // nothing read yet
	s.at(1.3, game.Step())                                          // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step())                                          // seat 2's, dealt on past the light
	s.tb.Reader.ScanCardAt("Stop-3", hwtest.Seconds(1.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.55))
	said := s.saidAt(1.56, "dealt unscanned", false)
	s.run()
	if at := s.scanOf("Stop-1", 0); at != hwtest.Seconds(1.12) {
		t.Fatalf("Stop-1 dealt to seat 3 at %v: the script's times are off", at)
	}
	s.agree()
	if c := s.cuesAt(hwtest.Seconds(0.05)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 0.05 s, unscanned with nothing read: %v, want a warning", c)
	}
	applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvUnscanned })
	if len(applied) != 1 || applied[0] != game.DealtUnscanned("Stop-3") || len(refused) != 0 {
		t.Fatalf("the panel's unscanned reached the engine as %v (refused %v), want once, said of Stop-3", applied, refused)
	}
	if !s.inferred(game.InfBlindDeal, 4) {
		t.Error("seat 4's card is not a deal confirmed by hand")
	}
	if want := "seat 4: the card dealt unscanned is confirmed by hand; Stop#Stop-3 goes on from there"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
}

// TestUnscannedAfterARefusedRead: the dealer's "unscanned" is said of the
// card the reader read last. Here a card that cannot be there (Stop-0, on
// seat 2's stack, near the reader) is read and refused after Stop-3 was
// taken for seat 4's card: "unscanned" now would move Stop-3, which the
// dealer did not just read, so it is refused with a warning and nothing
// changed ("the game state does not move", product.md).
func TestUnscannedAfterARefusedRead(t *testing.T) {
	s := newScripted(t, idles(3), kinds(many(S, 14), G, G, G), nil)
	s.at(1.3, game.Step()) // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step()) // seat 2's, dealt on past the light
	s.tb.Reader.ScanCardAt("Stop-3", hwtest.Seconds(1.5))
	s.tb.Reader.ScanCardAt("Stop-0", hwtest.Seconds(1.53))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.57))
	said := s.saidAt(1.58, "unscanned: say it just after", true)
	// The hand is a seat behind from here on (the dealer has yet to
	// confirm the card dealt unscanned): only the first seconds matter.
	s.tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.tb.Clock.At(3*time.Second, cancel)
	_, _ = s.d.RunStepped(ctx, s.tb.Clock)
	if *said == "" {
		t.Error("the dealer did not refuse unscanned after a refused read")
	}
	if applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvUnscanned }); len(applied)+len(refused) != 0 {
		t.Errorf("the engine was told %v, %v", applied, refused)
	}
}

// TestUnscannedGround: "a GROUND card dealt to a faller ... the Stop
// window" (product.md). Seat 4's card goes unscanned and the Ground dealt
// on to seat 2 is read: the engine takes it for seat 4's, and the Stop
// window opens there. The dealer says "unscanned": the window moves to
// seat 2, the seat the Ground was dealt to, seat 4's light goes off, and
// the Ground lands on seat 2, not on seat 4.
func TestUnscannedGround(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
	s.at(1.3, game.Step()) // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step()) // seat 2's, the Ground, dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.6))
	s.at(3.0, game.Step()) // the Ground lands on seat 2 (the script dealt it, not the table)
	s.run()
	if got := s.tb.Lights.At(4, hwtest.Seconds(1.55)); got != dealer.LightGround {
		t.Fatalf("seat 4 at 1.55 s: %v, want the Ground the engine took the read for", got)
	}
	if got := s.tb.Lights.At(4, hwtest.Seconds(1.65)); got == dealer.LightGround {
		t.Errorf("seat 4 still shows the Ground after unscanned")
	}
	if got := s.tb.Lights.At(2, hwtest.Seconds(1.65)); got != dealer.LightGround {
		t.Errorf("seat 2 after unscanned: %v, want the Ground", got)
	}
	if !s.inferred(game.InfBlindDeal, 4) {
		t.Error("seat 4's card is not a deal confirmed by hand")
	}
	s.agree()
}

// TestGroundDealtUnscanned: "GROUND: If you receive one of these, you are
// immediately out." Seat 4's card, a Ground, goes unscanned, and the Ground
// dealt on to seat 2 is read: the engine takes it for seat 4's. The dealer,
// who saw seat 4's card was a Ground, says so (l, the panel's landed:
// button): one of the deck's Grounds stands in for it and lands, since the
// dealer dealt on past it, and the Ground read is seat 2's. Said with b
// alone, seat 4 would stay in with a plain card standing in. A name that
// is no Ground is refused with a warning and nothing changed.
func TestGroundDealtUnscanned(t *testing.T) {
	for _, as := range []string{"Ground", "Hit"} {
		t.Run(as, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(S, S, G, G, many(S, 12), G), nil)
			s.at(1.3, game.Step()) // seat 4's card, Ground-2, dealt unscanned
			s.at(1.4, game.Step()) // it lands: the dealer deals on
			s.at(1.5, game.Step()) // seat 2's, Ground-3, dealt on past the light
			s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
			s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlUnscanned, As: as, Kernel: hwtest.Seconds(1.6)})
			if as != "Ground" {
				refused := s.saidAt(1.65, "only a Ground is named", true)
				s.runUntil(hwtest.Seconds(1.7))
				if *refused == "" {
					t.Error("a Hit named as the card dealt unscanned was not refused with a warning")
				}
				if s.inferred(game.InfBlindDeal, 4) || s.inferred(game.InfLanded, 4) {
					t.Error("the unscanned naming a Hit changed the hand")
				}
				return
			}
			s.at(3.0, game.Step()) // the Ground lands on seat 2: seat 3 wins
			s.run()
			if got := s.tb.Lights.At(2, hwtest.Seconds(1.65)); got != dealer.LightGround {
				t.Errorf("seat 2 after landed: %v, want the Ground", got)
			}
			if !s.inferred(game.InfLanded, 4) {
				t.Error("seat 4's Ground dealt unscanned did not land")
			}
			s.agree()
		})
	}
}

// TestUnscannedAfterAClaim: "a press from that seat within the Stop window
// claims a Stop" (product.md). Seat 4's card goes unscanned and the Ground
// dealt on to seat 2 is read: the engine takes it for seat 4's, and seat 4,
// seeing its Ground light, presses. The dealer says "unscanned" (a press
// leaves it open): the Ground was seat 2's, and seat 2 claimed nothing. The
// claim pressed for a Ground seat 4 was never dealt must not stay on the
// screen asking the dealer to confirm a Stop, nor show in the Stop window
// now open at seat 2.
func TestUnscannedAfterAClaim(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
	s.at(1.3, game.Step()) // seat 4's card, Stop-2, dealt unscanned
	s.at(1.5, game.Step()) // seat 2's, the Ground, dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
	s.tb.Buttons.ClickAt(4, hwtest.Seconds(1.55), 0)
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.6))
	s.at(3.0, game.Step()) // the Ground lands on seat 2
	claimed := s.saidAt(1.58, "claims a Stop", false)
	after := s.saidAt(1.65, "seat 4 claims a Stop", false)
	var window *dealer.Window
	s.tb.Clock.At(hwtest.Seconds(1.65), func() { window = s.d.View().StopWindow })
	s.run()
	if *claimed == "" {
		t.Fatal("seat 4's press in its Ground's window was not taken for a claim: the test sets nothing up")
	}
	if *after != "" {
		t.Errorf("after unscanned the screen still asks: %q", *after)
	}
	if window == nil {
		t.Fatal("no Stop window open after unscanned")
	}
	if window.Seat != 2 || window.Claimed {
		t.Errorf("the Stop window after unscanned: seat %d, claimed %v; want seat 2's, unclaimed", window.Seat, window.Claimed)
	}
	s.agree()
}

// TestUnscannedGroundScanned: "GROUND: If you receive one of these, you are
// immediately out." Seat 4's card, a Ground, is dealt unscanned, and the
// dealer deals on to seat 2 past the light waiting at seat 4: the read is
// taken for seat 4's card. The dealer says "unscanned", and is asked for
// the card dealt by hand while it lies on top: scanned, it is the Ground.
// The dealer dealt on, so no Stop was shown in its window: seat 4 is out,
// the read stays seat 2's, and the hand plays on in step with the table.
func TestUnscannedGroundScanned(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, G, many(S, 12), G, G), nil)
	if err := s.tb.DealtByHand("Ground-2"); err != nil {
		t.Fatal(err)
	}
	s.at(1.3, game.Step())              // seat 4's card, Ground-2, dealt unscanned
	s.at(1.5, game.Step(), game.Step()) // it lands, and seat 2's card is dealt on past the light
	s.tb.Reader.ScanCardAt("Stop-3", hwtest.Seconds(1.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.55))
	var out bool
	s.tb.Clock.At(hwtest.Seconds(2.5), func() {
		for _, sv := range s.d.View().Seats {
			out = out || (sv.Seat == 4 && sv.Out)
		}
	})
	said := s.saidAt(2.5, "hits the ground", false)
	s.run()
	if !out {
		t.Fatal("seat 4 is not out once its Ground dealt unscanned was scanned")
	}
	if want := "seat 4 hits the ground: the Ground was dealt unscanned, and the dealer dealt on"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
	if !s.inferred(game.InfUnscannedGround, 4) {
		t.Error("the log does not name the Ground dealt unscanned")
	}
	s.agree()
}

// TestUnscannedWhereOnlyGroundsAreLeft: "There are only five Ground cards."
// Nothing but Grounds is left in the deck: seat 2's Ground is dealt
// unscanned and the dealer deals on to seat 3, whose Ground is read and
// taken for seat 2's. The dealer says "unscanned": the card dealt unscanned
// can only have been a Ground, and the dealer dealt on past it, so it
// landed: seat 2 is out, and the Ground read is seat 3's, its Stop window
// there.
func TestUnscannedWhereOnlyGroundsAreLeft(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G, G, G), nil)
	s.at(2.3, game.Step())              // seat 2's Ground-3, dealt unscanned
	s.at(2.5, game.Step(), game.Step()) // it lands; seat 3's Ground-4 is dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-4", hwtest.Seconds(2.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(2.55))
	s.at(3.9, game.Step()) // Ground-4 lands on seat 3 (the script dealt it, not the table)
	said := s.saidAt(2.56, "hits the ground", false)
	var window *dealer.Window
	s.tb.Clock.At(hwtest.Seconds(2.6), func() { window = s.d.View().StopWindow })
	s.run()
	if want := "seat 2 hits the ground: the card dealt unscanned was a Ground"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
	if window == nil || window.Seat != 3 {
		t.Fatalf("after unscanned the Stop window is %+v, want seat 3's", window)
	}
	// Which Ground seat 2 got is the engine's guess: the audit finds
	// Ground-3 where it lies, believed in the deck, and proves nothing.
	if g := s.tb.Truth(); !g.Over() || s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won; table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
	a := s.res.Audit
	if a == nil || !a.Accounted || len(a.Impossible) > 0 || a.Unproven == "" {
		t.Fatalf("audit %+v", a)
	}
	found := false
	for _, m := range a.Misplaced {
		found = found || (m.Card == "Ground-3" && m.Found == "seat 2")
	}
	if !found {
		t.Errorf("the audit did not find Ground-3 at seat 2: %+v", a.Misplaced)
	}
}

// TestUnscannedGroundThenAGround: "GROUND: If you receive one of these, you
// are immediately out." Seat 4's Ground is dealt unscanned, and the dealer
// deals on to seat 2: Ground-3, read and taken for seat 4's. The dealer
// says "unscanned": Ground-3 is seat 2's, and its Stop window opens there.
// The card dealt by hand to seat 4 is asked for once that window has
// closed (Ground-3 landed): scanned, it is the Ground, and it lands too.
// Seat 3, the last one in, wins, as at the table.
func TestUnscannedGroundThenAGround(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, G, G, many(S, 12), G), nil)
	if err := s.tb.DealtByHand("Ground-2"); err != nil {
		t.Fatal(err)
	}
	s.at(1.3, game.Step())              // seat 4's card, Ground-2, dealt unscanned
	s.at(1.5, game.Step(), game.Step()) // it lands, and seat 2's Ground-3 is dealt on past the light
	s.tb.Reader.ScanCardAt("Ground-3", hwtest.Seconds(1.5))
	s.tb.Panel.ControlAt(hw.ControlUnscanned, hwtest.Seconds(1.55))
	s.at(3.2, game.Step()) // Ground-3 lands on seat 2 (the script dealt it, not the table)
	s.run()
	if !s.inferred(game.InfUnscannedGround, 4) {
		t.Error("the log does not name the Ground dealt unscanned")
	}
	s.agree()
}

// TestUnscannedTakenBackAtTheTable: "GROUND: If you receive one of these,
// you are immediately out." The dealer reads seat 2's Ground and presses l
// (landed) by mistake, beside k: the engine lands a Ground that was never
// there on seat 2 and moves the read on to seat 3. The dealer's misread
// (r) at once takes it back (the screen offers it): seat 2 is in, its Ground lies there again with
// its Stop window opened again, and the hand ends as the table played it.
// Said as plain b, the same.
func TestUnscannedTakenBackAtTheTable(t *testing.T) {
	for _, as := range []string{"Ground", ""} {
		t.Run("as "+as, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
			s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlUnscanned, As: as, Kernel: hwtest.Seconds(3.3)})
			s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(3.5))
			said := s.saidAt(3.55, "unscanned taken back", false)
			var offered, after string
			s.tb.Clock.At(hwtest.Seconds(3.4), func() { offered = s.d.View().Unsaid })
			s.tb.Clock.At(hwtest.Seconds(3.55), func() { after = s.d.View().Unsaid })
			s.run()
			if offered != "Ground-3" || after != "" {
				t.Errorf("the screen offers r to take back the unscanned of %q before it, %q after it; want Ground-3, then none", offered, after)
			}
			if at := s.scanOf("Ground-3", 0); at != hwtest.Seconds(3.12) {
				t.Fatalf("Ground-3 read at %v: the script's times are off", at)
			}
			if *said == "" {
				t.Error("the take-back was not said")
			}
			mistake := game.InfBlindDeal // b: a card nobody dealt stood in at seat 2
			if as == "Ground" {
				mistake = game.InfLanded // l: seat 2 landed a Ground never there
			}
			if !s.inferred(mistake, 2) {
				t.Errorf("the mistaken unscanned did nothing at seat 2 (no %v): the script is off", mistake)
			}
			if !s.inferred(game.InfUnscannedTakenBack, 2) {
				t.Error("no unscanned taken back inferred at seat 2")
			}
			if got := s.tb.Lights.At(2, hwtest.Seconds(3.6)); got != dealer.LightGround {
				t.Errorf("seat 2 after the take-back: %v, want its Ground's light", got)
			}
			s.agree()
		})
	}
}

// TestLandedAfterAWindowDealtOn: "GROUND: If you receive one of these, you
// are immediately out." Seat 2's Ground is read and its Stop window opens;
// the dealer deals on past it, seat 3's Ground unscanned, and reads seat
// 4's card: the read lands seat 2's Ground and is taken for seat 3's card,
// the light a seat behind. The dealer says so with l (the panel's landed:):
// seat 3 is out too, the read is seat 4's, and the hand plays on in step
// with the table. (It was refused: "no card was due before it".)
func TestLandedAfterAWindowDealtOn(t *testing.T) {
	s := newScripted(t, idles(4), kinds(S, S, S, S, G, G, S, many(S, 10), G, G), nil)
	// Ground-4, seat 2's, is read on its beat at 4.12 s.
	s.at(4.5, game.Step())  // it lands: the dealer deals on past its window
	s.at(4.55, game.Step()) // seat 3's Ground-5, dealt unscanned
	s.at(4.6, game.Step())  // it lands
	s.at(4.7, game.Step())  // seat 4's Stop-6, read
	s.tb.Reader.ScanCardAt("Stop-6", hwtest.Seconds(4.7))
	s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlUnscanned, As: "Ground", Kernel: hwtest.Seconds(4.8)})
	refused := s.saidAt(4.85, "unscanned", true)
	said := s.saidAt(4.85, "hits the ground: the card dealt unscanned was a Ground", false)
	s.run()
	if *refused != "" {
		t.Fatalf("landed refused: %q", *refused)
	}
	if want := "seat 3 hits the ground: the card dealt unscanned was a Ground"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
	if !s.inferred(game.InfLanded, 2) || !s.inferred(game.InfLanded, 3) {
		t.Error("seats 2 and 3 did not both land")
	}
	s.agree()
}
