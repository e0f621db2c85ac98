package dealer

import (
	"errors"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// asking reports whether the dealer's screen still shows a request about
// topic.
func (d *Dealer) asking(topic string) bool {
	for _, m := range d.msgs {
		if m.topic == topic {
			return true
		}
	}
	return false
}

// TestDeclaredHandAudits: "The last faller standing wins; the winner's
// seat becomes the dealer for the next hand; the scoreboard updates; the
// audit runs." A hand the table declares goes to its audit like any other,
// whatever the table was doing when the winner control came: the first
// seat audited is the one lit, and the dealer's confirm closes its group.
// An ask for a card dealt by hand, a dispute shown, or a resumed hand's
// wait for the dealer's go is the hand's, and ends with it: neither its
// light, its words nor its confirm may take the audit's.
func TestDeclaredHandAudits(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, d *Dealer)
	}{
		{"dealing", func(*testing.T, *Dealer) {}},
		{"asked for a card dealt by hand", func(t *testing.T, d *Dealer) {
			d.reader = hw.ReaderOK
			d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 4 * time.Second})
			if d.ident.seat != 2 {
				t.Fatalf("asked about seat %d, want the card dealt by hand to seat 2", d.ident.seat)
			}
		}},
		{"a dispute shown", func(t *testing.T, d *Dealer) {
			d.control(hw.PanelEvent{Control: hw.ControlDispute, Kernel: 4 * time.Second})
			if d.dispute == nil || !d.panel.paused {
				t.Fatal("no dispute shown")
			}
		}},
		{"a resumed hand waiting for the dealer's go", func(_ *testing.T, d *Dealer) {
			// As startResumed leaves it.
			d.panel.paused, d.panel.pausedAt, d.panel.awaitingGo = true, 4*time.Second, true
			d.ask(askGo, false, "the deal is at seat 2: confirm (or pause) on the panel to count in and carry on")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, log := dealing(t, kinds)
			d.cfg.Audit = true
			// The Hit dealt to seat 2 and played there, Move-1 to seat 3.
			tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Hit-0"))
			tc.setup(t, d)
			d.control(hw.PanelEvent{Control: hw.ControlWinner, Kernel: 5 * time.Second})
			d.onButton(hw.ButtonEvent{Seat: 3, Press: true, Kernel: 5200 * time.Millisecond})
			if d.phase != PhaseAudit || d.result.Winner != 3 || !d.result.Declared {
				t.Fatalf("phase %v, result %+v: want seat 3 declared, auditing", d.phase, d.result)
			}
			if d.ident.seat != 0 || d.asking(askIdentify) || d.asking(askWinner) || d.asking(askGo) || d.panel.paused || d.panel.awaitingGo {
				t.Errorf("identify seat %d, asking identify %v, winner %v, go %v, paused %v, awaiting the go %v: the hand's asks outlive it",
					d.ident.seat, d.asking(askIdentify), d.asking(askWinner), d.asking(askGo), d.panel.paused, d.panel.awaitingGo)
			}
			if d.lamps[2] != LightAudit || d.lamps[3] != LightOff {
				t.Errorf("seat 2 shows %v, seat 3 %v: want seat 2 lit for the audit", d.lamps[2], d.lamps[3])
			}
			// The log replays to the hand the table declared, and a hand
			// that ended so is not resumed.
			cfg := d.cfg
			start := &playlog.Start{Schema: playlog.Schema, Hand: cfg.Hand, Rules: cfg.Game.Rules, Seats: cfg.Game.Seats, Dealer: cfg.Dealer,
				Deck: cfg.Game.Deck, Tempo: cfg.Tempo.Start, StopWindow: cfg.StopWindow}
			h := &playlog.Hand{ID: t.Name(), Start: start, Entries: *log}
			g, bad, err := playlog.ReplayWith(h, playlog.Hooks{})
			if err != nil || len(bad) > 0 {
				t.Fatalf("replay: %v, mismatches %+v", err, bad)
			}
			if g.Digest() != d.g.Digest() || g.Seat(g.Winner()) != 3 {
				t.Errorf("the log replays to another hand: winner seat %d", g.Seat(g.Winner()))
			}
			if _, err := Replay(h); !errors.Is(err, ErrHandEnded) {
				t.Errorf("resuming the declared hand: %v, want %v", err, ErrHandEnded)
			}
			d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 6 * time.Second})
			if len(d.groups) != 2 || d.lamps[3] != LightAudit {
				t.Errorf("after the audit's confirm: %d groups, seat 3 shows %v; want seat 3's group begun", len(d.groups), d.lamps[3])
			}
		})
	}
}

// TestWinnerAskedThenResumed: "a press from that seat within the Stop
// window claims a Stop." The dealer asks for the winner, then thinks
// better of it and resumes the hand with the pause control, the way any
// pause ends: the hand carries on, and the winner is no longer asked for.
// Seat 2's press for its Ground is then its Stop claim, not its word that
// it won the hand.
func TestWinnerAskedThenResumed(t *testing.T) {
	d, uid, log := dealing(t, []game.Kind{game.Move, game.Move, game.Move, game.Ground, game.Stop, game.Move, game.Ground, game.Ground}, 2, 3, 4)
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Move-2"))
	d.control(hw.PanelEvent{Control: hw.ControlWinner, Kernel: 3200 * time.Millisecond})
	d.control(hw.PanelEvent{Control: hw.ControlPause, Kernel: 3400 * time.Millisecond})
	if d.panel.paused || d.declaring.active || d.asking(askWinner) {
		t.Fatalf("paused %v, winner asked %v (on screen %v): want the hand carrying on", d.panel.paused, d.declaring.active, d.asking(askWinner))
	}
	d.onCard(hw.CardEvent{UID: uid["Ground-3"], Time: 5 * time.Second}) // seat 2's Ground
	if !d.stop.open || d.stop.seat != 2 {
		t.Fatalf("no Stop window open for seat 2 (%v, seat %d)", d.stop.open, d.stop.seat)
	}
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: 5300 * time.Millisecond})
	if d.g.Over() || !d.stop.claimed {
		t.Fatalf("over %v (winner seat %d), Stop claimed %v: want seat 2's Stop claim", d.g.Over(), d.result.Winner, d.stop.claimed)
	}
	for _, e := range *log {
		if e.Event != nil && e.Event.Kind == game.EvDeclared {
			t.Errorf("the table's word told: %+v", e)
		}
	}
}

// TestPressBeforeTheWinnerControl: "a press from that seat within the Stop
// window claims a Stop." Seat 2 presses for its Ground a moment before the
// dealer's winner control; the loop may take the control first. The press
// came before the table was asked for the winner: it is seat 2's Stop
// claim, and names no winner; the winner is the next press's.
func TestPressBeforeTheWinnerControl(t *testing.T) {
	d, uid, _ := dealing(t, []game.Kind{game.Move, game.Move, game.Ground, game.Stop, game.Move, game.Ground, game.Ground})
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"))
	d.onCard(hw.CardEvent{UID: uid["Ground-2"], Time: 3 * time.Second})
	d.control(hw.PanelEvent{Control: hw.ControlWinner, Kernel: 3300 * time.Millisecond})
	d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: 3200 * time.Millisecond})
	if d.g.Over() || !d.stop.claimed || !d.declaring.active {
		t.Fatalf("over %v (winner seat %d), Stop claimed %v, winner asked %v: want seat 2's claim, the winner still asked",
			d.g.Over(), d.result.Winner, d.stop.claimed, d.declaring.active)
	}
	d.onButton(hw.ButtonEvent{Seat: 3, Press: true, Kernel: 3600 * time.Millisecond})
	if !d.g.Over() || d.result.Winner != 3 || !d.result.Declared {
		t.Fatalf("over %v, result %+v: want seat 3 declared", d.g.Over(), d.result)
	}
}

// TestWinnerNamedOnAnImaginaryGround: "After the last physical Ground the
// assistant announces imaginary Grounds", and a press from its seat deals
// it, for a Stop. Asked for the winner, the seat's press names the winner
// and deals nothing: the table played the hand out, and no Ground was
// dealt by that press.
func TestWinnerNamedOnAnImaginaryGround(t *testing.T) {
	d, _, log := dealing(t, []game.Kind{game.Stop, game.Stop, game.Stop, game.Ground}, 2, 3, 4)
	tell(t, d, playlog.FromReader, game.Scan("Stop-0"), game.Scan("Stop-1"), game.Scan("Stop-2"), game.Scan("Ground-3"), game.StopClosed())
	if in := d.g.Next(); !in.Imaginary || in.Seat != 3 {
		t.Fatalf("the light asks %v, want an imaginary Ground for seat 3", in)
	}
	d.announceImaginary(3, 6*time.Second)
	d.control(hw.PanelEvent{Control: hw.ControlWinner, Kernel: 6100 * time.Millisecond})
	applied := len(*log)
	d.onButton(hw.ButtonEvent{Seat: 3, Press: true, Kernel: 6300 * time.Millisecond})
	if !d.g.Over() || d.result.Winner != 3 || !d.result.Declared || d.imag.announced {
		t.Fatalf("over %v, result %+v, imaginary Ground announced %v: want seat 3 declared", d.g.Over(), d.result, d.imag.announced)
	}
	for _, e := range (*log)[applied:] {
		if e.Kind == playlog.KindApplied && e.Event.Kind != game.EvDeclared {
			t.Errorf("the press also told the engine %v", e.Event)
		}
	}
}
