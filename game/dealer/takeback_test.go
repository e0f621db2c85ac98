package dealer_test

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestNotThereTakesBackAStrayRider: "Unknown card UID, the same card
// scanned twice, a card scanned that should not be there: a warning sound
// and message, the event is logged, the game state does not move"
// (product.md). The Skip dealt to seat 2, read again once the beat has
// moved on to seat 3, is taken for a Skip seat 2 played on seat 3: the
// light says to sweep it. The dealer finds none there and says "not there"
// on the panel: the read is taken back with a warning, seat 3 is dealt to,
// and the hand ends as the table played it.
func TestNotThereTakesBackAStrayRider(t *testing.T) {
	s := newScripted(t, idles(2), kinds(game.Skip, many(S, 6), G, G), nil)
	s.tb.Reader.ScanCardAt("Skip-0", hwtest.Seconds(1.02))
	s.tb.Panel.ControlAt(hw.ControlSkip, hwtest.Seconds(1.05))
	said := s.saidAt(1.06, "taken back", true)
	s.run()
	s.agree()
	if c := s.cuesAt(hwtest.Seconds(1.05)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 1.05 s: %v", c)
	}
	var took bool
	for _, e := range s.log.entries {
		if e.Kind == playlog.KindInference && e.Inference.Kind == game.InfReadTakenBack && e.Seat == 3 {
			took = true
		}
	}
	if !took {
		t.Errorf("no read taken back at seat 3 in the log")
	}
	if *said != "Skip#Skip-0 was not at seat 3: that read is taken back (a stray card or a second read)" {
		t.Errorf("the dealer said %q", *said)
	}
}

// TestMisreadIntoAStack: "a card scanned that should not be there: a
// warning sound and message, the event is logged, the game state does not
// move" (product.md). The Hit on top of seat 2's stack, lying near the
// reader, is read as seat 4's turn begins: taken for a Hit seat 2 played on
// seat 4, the light deals two cards into seat 4's stack. The dealer finds
// no Hit there and says "misread" (not "not there", which is the stack):
// the panel names the read, it is taken back with a warning, and the hand
// ends as the table played it.
func TestMisreadIntoAStack(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 12), G, G, G), nil)
	s.tb.Reader.ScanCardAt("Hit-3", hwtest.Seconds(4.14))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.17))
	s.run()
	if at := s.scanOf("Stop-4", 0); at != hwtest.Seconds(4.12) {
		t.Fatalf("Stop-4 dealt to seat 3 at %v: the script's times are off", at)
	}
	s.agree()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone })
	if len(applied) != 1 || applied[0] != game.NotThereRead("Hit-3") {
		t.Fatalf("the panel's misread reached the engine as %v, want the read named", applied)
	}
	if !s.inferred(game.InfReadTakenBack, 4) || s.inferred(game.InfStackGone, 4) {
		t.Error("the read was not taken back, or seat 4's stack was taken for gone")
	}
	if c := s.cuesAt(hwtest.Seconds(4.17)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 4.17 s: %v", c)
	}
}

// TestMisreadHeldExtra: "To play an Extra, lay it on top of the rider you
// wish to modify, overlapping it so the dealer can still read both cards":
// an Extra read first waits for its rider. The Extra on top of seat 2's
// stack, lying near the reader, is read as seat 2's turn begins: the dealer
// is told to scan its rider, finds neither, and says "misread". The read is
// taken back with a warning ("a card scanned that should not be there",
// product.md) and the hand ends as the table played it.
func TestMisreadHeldExtra(t *testing.T) {
	s := newScripted(t, idles(2), kinds(game.Extra, many(S, 10), G, G), nil)
	s.tb.Reader.ScanCardAt("Extra-0", hwtest.Seconds(1.14))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(1.17))
	said := s.saidAt(1.16, "before its rider", false)
	s.run()
	if at := s.scanOf("Stop-1", 0); at != hwtest.Seconds(1.12) {
		t.Fatalf("Stop-1 dealt to seat 3 at %v: the script's times are off", at)
	}
	s.agree()
	if want := "seat 2: Extra#Extra-0 read before its rider: scan the rider, or r (misread) if there is none"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone })
	if len(applied) != 1 || applied[0] != game.NotThereRead("Extra-0") {
		t.Fatalf("the panel's misread reached the engine as %v, want the Extra named", applied)
	}
	if !s.inferred(game.InfReadTakenBack, 2) {
		t.Error("the read was not taken back")
	}
	if c := s.cuesAt(hwtest.Seconds(1.17)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 1.17 s: %v", c)
	}
}

// TestMisreadNothingToTakeBack: a "misread" with no card just read as a
// rider at the seat lit is refused with a warning; the engine is not told,
// and the hand plays on as if it was never pressed.
func TestMisreadNothingToTakeBack(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), nil)
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(1.5))
	s.run()
	s.agree()
	if c := s.cuesAt(hwtest.Seconds(1.5)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 1.5 s: %v", c)
	}
	if applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone }); len(applied)+len(refused) != 0 {
		t.Errorf("the engine was told %v, %v", applied, refused)
	}
}

// TestExtraNamedWithNoRider: "To play an Extra, lay it on top of the rider
// you wish to modify": the reader gone or missing it, the dealer names the
// Extra on top from the panel before the rider. The engine holds it for
// its rider, as it holds one read; the dealer says so, and does not fall
// over looking up the Extra it named (it is no Extra of the seat yet).
func TestExtraNamedWithNoRider(t *testing.T) {
	s := newScripted(t, idles(2), kinds(game.Extra, many(S, 10), G, G), nil)
	s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlConfirm, As: "Extra", Kernel: hwtest.Seconds(1.14)})
	said := s.saidAt(1.15, "before its rider", false)
	s.run()
	if want := "seat 2: Extra#Extra-0 named before its rider: scan or name the rider"; *said != want {
		t.Errorf("the dealer said %q, want %q", *said, want)
	}
}

// TestMisreadLight: "On each beat the light of the seat to deal to comes
// on (and says how many cards: one per stack, more for a Hit)" (product.md).
// A stray Hit read at seat 4's turn turns its light amber, two cards; once
// the dealer says "misread" the light says again what is due: off before
// seat 4's beat (nothing is due yet; the simulated dealer, cued by the
// Hit, deals seat 4's card soon after), one card (green) after it. Left
// amber, it tells the dealer to deal a second card the table never owed.
func TestMisreadLight(t *testing.T) {
	for _, tc := range []struct {
		name          string
		read, misread float64
		want          hw.Pattern
		until         float64
	}{
		{"before the seat's beat", 4.14, 4.17, hw.Pattern{}, 4.2},
		{"after the seat's beat", 5.03, 5.08, dealer.LightDeal(1, false), 5.11},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 12), G, G, G), nil)
			s.tb.Reader.ScanCardAt("Hit-3", hwtest.Seconds(tc.read))
			s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(tc.misread))
			var read, after hw.Pattern
			var canTake, took string
			s.tb.Clock.At(hwtest.Seconds(tc.read)+time.Millisecond, func() { read, canTake = s.tb.Lights.Now(4), s.d.View().Misread })
			s.tb.Clock.At(hwtest.Seconds(tc.until), func() { after, took = s.tb.Lights.Now(4), s.d.View().Misread })
			s.run()
			s.agree()
			if read != dealer.LightDeal(2, false) {
				t.Fatalf("seat 4's light %v once the Hit was read, want two cards: the script is off", read)
			}
			if after != tc.want {
				t.Errorf("seat 4's light %v at %vs after the misread, want %v", after, tc.until, tc.want)
			}
			// The screen offers the misread while there is a read to take
			// back, and only then.
			if canTake != "Hit-3" || took != "" {
				t.Errorf("the view's misread %q once the Hit was read, %q once taken back; want Hit-3, then none", canTake, took)
			}
		})
	}
}

// TestMisreadThenReadAgain: "a card scanned that should not be there: a
// warning sound and message" (product.md), every time. The Skip on top of
// seat 2's stack, lying near the reader, is read as seat 4's turn begins
// and taken back on the dealer's misread; seat 4's own Hit is shown and
// dealt, and the stray Skip read again is refused with a warning, not
// passed over as a rider shown twice at the seat (it never was).
func TestMisreadThenReadAgain(t *testing.T) {
	s := newScripted(t, idles(3), kinds(game.Hit, S, S, game.Skip, many(S, 12), G, G, G), nil)
	s.at(2.5, game.PickUp(0, 0), game.Play(0, 2)) // seat 2's Hit on seat 4
	s.tb.Reader.ScanCardAt("Skip-3", hwtest.Seconds(4.14))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.17))
	s.tb.Reader.ScanCardAt("Skip-3", hwtest.Seconds(5.2))
	s.run()
	s.agree()
	if at := s.scanOf("Hit-0", hwtest.Seconds(4.5)); (at - hwtest.Seconds(5.12)).Abs() > time.Millisecond {
		t.Fatalf("seat 4's Hit shown at %v: the script's times are off", at)
	}
	if c := s.cuesAt(hwtest.Seconds(5.2)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at 5.2 s, the stray Skip read again: %v, want a warning", c)
	}
}

// TestMisreadPastItsSweepBehindASweep: "a card scanned that should not be
// there: a warning sound and message, the event is logged, the game state
// does not move" (product.md), nor the beat. Seat 3's Hit is shown and its
// two cards dealt; before seat 4's beat the Skip on top of seat 2's stack,
// lying near the reader, is read and taken for seat 4's rider: it implies
// seat 3's sweep and calls its own, which the beat does before lighting
// seat 2. The dealer's misread then takes the read back through that
// sweep, to seat 3's sweep still to do: the beat carries on from there to
// seat 4's card, and the hand ends as the table played it. (Beginner rules
// seed 497 of the real dealer's messy run stalled here: the beat waited
// for a card dealt to seat 2 that nothing asked for any more.)
func TestMisreadPastItsSweepBehindASweep(t *testing.T) {
	s := newScripted(t, idles(3), kinds(game.Hit, S, S, game.Skip, many(S, 12), G, G, G), nil)
	s.at(2.5, game.PickUp(0, 0), game.Play(0, 1)) // seat 2's Hit on seat 3
	s.tb.Reader.ScanCardAt("Skip-3", hwtest.Seconds(5.96))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(6.01))
	s.run()
	if at := s.scanOf("Stop-5", 0); at != hwtest.Seconds(5.12) {
		t.Fatalf("seat 3's second Hit card dealt at %v: the script's times are off", at)
	}
	s.agree()
	if !s.inferred(game.InfReadTakenBack, 4) {
		t.Error("the stray Skip's read was not taken back")
	}
	if ins := s.instructions(4, hwtest.Seconds(6.01)); len(ins) == 0 || ins[0].Action != game.ActDeal {
		t.Errorf("after the misread seat 4 was told %v, want its card", ins)
	}
}

// TestThereAfterAll: the panel's "not there" has the last word: the cards
// of a stack reported gone were picked up unseen. Said of seat 3's only
// stack as its light comes on for the second pass, the stack right there,
// the light asks to start it again ("If a player has no stacks at all, you
// must start a new one", and it has one), the card under it believed gone. The faller points at their stack
// and the dealer says "misread": the "not there" is taken back
// (game.ThereAfterAll), the light asks for a card into seat 3's stack
// again, and the hand ends as the table played it. Said again, with
// nothing left to take back, it is refused with a warning.
func TestThereAfterAll(t *testing.T) {
	s := newScripted(t, idles(3), kinds(many(S, 14), G, G, G), nil)
	s.tb.Panel.ControlAt(hw.ControlSkip, hwtest.Seconds(4.03))
	var lit, asked game.Instruction
	var offered int
	s.tb.Clock.At(hwtest.Seconds(4.04), func() { lit, offered = s.d.View().Instruction, s.d.View().There })
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.06))
	said := s.saidAt(4.07, "there after all", false)
	s.tb.Clock.At(hwtest.Seconds(4.08), func() { asked = s.d.View().Instruction })
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.09))
	refused := s.saidAt(4.1, "misread: no card was just read", true)
	s.run()
	if at := s.scanOf("Stop-4", 0); at != hwtest.Seconds(4.12) {
		t.Fatalf("Stop-4 dealt to seat 3 at %v: the script's times are off", at)
	}
	s.agree()
	if lit.Seat != 3 || offered != 3 {
		t.Fatalf("after the not there the light asks %v (take-back offered at seat %d), want seat 3 started again", lit, offered)
	}
	if asked.Seat != 3 || asked.Action != game.ActDeal {
		t.Errorf("after the take-back the light asks %v, want a card into seat 3's stack", asked)
	}
	applied, rejected := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvThere })
	if len(applied) != 1 || len(rejected) != 0 {
		t.Errorf("the take-back reached the engine as %v (refused %v), want once", applied, rejected)
	}
	if !s.inferred(game.InfGoneTakenBack, 3) {
		t.Error("no not there taken back at seat 3 in the log")
	}
	if *said != "seat 3: there after all, the dealer says" {
		t.Errorf("the dealer said %q", *said)
	}
	if *refused == "" {
		t.Error("a second misread, with nothing to take back, was not refused")
	}
}

// TestMisreadWhilePaused: "pause/resume" (product.md) freezes the lights
// and the beat, and a dispute lights the seats that pressed, not the
// deal's. A misread said then would put the deal's lights back over them:
// it is refused with a warning and nothing changed, and said again once
// the hand resumes it takes the read back as ever.
func TestMisreadWhilePaused(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 12), G, G, G), nil)
	s.tb.Reader.ScanCardAt("Hit-3", hwtest.Seconds(4.14))
	s.tb.Panel.ControlAt(hw.ControlPause, hwtest.Seconds(4.15))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.16))
	refused := s.saidAt(4.165, "misread: the hand is paused", true)
	s.tb.Panel.ControlAt(hw.ControlPause, hwtest.Seconds(4.17))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(4.18))
	s.run()
	s.agree()
	if *refused == "" {
		t.Error("a misread while paused was not refused")
	}
	applied, rejected := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone && e.Event.Card != "" })
	if len(applied) != 1 || applied[0] != game.NotThereRead("Hit-3") || len(rejected) != 0 {
		t.Fatalf("misread reached the engine as %v (refused %v), want once, after the resume", applied, rejected)
	}
	if c := s.cuesAt(hwtest.Seconds(4.16)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at the misread while paused: %v, want a warning", c)
	}
}

// TestThereAfterAllAfterAStrayRead: the dealer says seat 4's stack is not
// there as its light comes on, and before they can take it back the Hit on
// top of seat 2's stack, lying near the reader, is read: taken for a Hit
// played on seat 4, it closes the "not there"'s window. The dealer says
// misread, which takes the read back, and misread again, which takes the
// "not there" back: the hand ends as the table played it.
func TestThereAfterAllAfterAStrayRead(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 12), G, G, G), nil)
	s.tb.Panel.ControlAt(hw.ControlSkip, hwtest.Seconds(5.03))
	s.tb.Reader.ScanCardAt("Hit-3", hwtest.Seconds(5.04))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(5.06))
	var offered int
	s.tb.Clock.At(hwtest.Seconds(5.07), func() { offered = s.d.View().There })
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(5.08))
	s.run()
	if at := s.scanOf("Stop-5", 0); at != hwtest.Seconds(5.12) {
		t.Fatalf("Stop-5 dealt to seat 4 at %v: the script's times are off", at)
	}
	s.agree()
	if offered != 4 {
		t.Errorf("after the read was taken back the take-back is offered at seat %d, want seat 4", offered)
	}
	if !s.inferred(game.InfReadTakenBack, 4) || !s.inferred(game.InfGoneTakenBack, 4) {
		t.Error("the log does not hold both take-backs at seat 4")
	}
}
