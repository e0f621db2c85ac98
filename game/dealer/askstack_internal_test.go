package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestIdentifyAnswerIsForTheStackShown: the dealer's ask names a stack
// ("scan the card dealt by hand to seat 2, stack 1"), kept in d.ident.stack
// and sent with the answer (game.IdentifyAt, NotOnTopAt). Were the seat's
// stacks numbered otherwise between the ask and its answer ("Extra stacks
// disappear once they are empty"), the answer would name another stack
// than the one the screen showed. Nothing the table does while the ask is
// shown renumbers them: every panel control, a faller's press and its
// release, the reader lost and back, the beat: after each, either no ask
// is shown, or the one shown still names the stack the card asked about
// tops, as game.Game.StackNumber numbers it now. The ask is made
// mid-address, after a "not there" of the seat's first stack (kept empty,
// uncounted), where the number and the engine's index differ.
func TestIdentifyAnswerIsForTheStackShown(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Split, game.Move, game.Hit, game.Move, game.Move, game.Stop,
		game.Move, game.Move, game.Ground, game.Ground}
	asked := func(t *testing.T) (*Dealer, int) {
		t.Helper()
		d, _, _ := dealing(t, kinds)
		d.reader = hw.ReaderOK
		// Seat 2 plays its Split on itself, then shows the Hit it picked up:
		// its first stack is not there, the card into its other confirmed
		// by hand; the Hit's second card is still due.
		tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Split-2"), game.Scan("Move-3"),
			game.Scan("Split-2"), game.Scan("Hit-4"), game.Scan("Move-5"), game.Scan("Move-6"), game.Scan("Hit-4"))
		tell(t, d, playlog.FromPanel, game.StackGone(), game.Confirm())
		d.wantIdentify()
		d.maybeIdentify(20 * time.Second)
		p := d.g.PlayerAt(2)
		if a := d.View().Identify; a == nil || *a != (IdentifyAsk{Seat: 2, Stack: 1}) || d.g.Top(p, 0) >= 0 {
			t.Fatalf("the screen asks %+v, seat 2's first stack topped by %d: want seat 2, stack 1, the first stack empty", a, d.g.Top(p, 0))
		}
		return d, d.g.Top(p, 1)
	}
	at := 21 * time.Second
	for _, tc := range []struct {
		name string
		do   func(d *Dealer)
	}{
		{"pause", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlPause, Kernel: at}) }},
		{"dispute", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlDispute, Kernel: at}) }},
		{"confirm", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at}) }},
		{"confirm as", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at, As: "Ground"}) }},
		{"n", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlSkip, Kernel: at}) }},
		{"knocked", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlKnocked, Kernel: at}) }},
		{"misread", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlMisread, Kernel: at}) }},
		{"unscanned", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at}) }},
		{"landed", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at, As: "Ground"}) }},
		{"winner", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlWinner, Kernel: at}) }},
		{"press", func(d *Dealer) {
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at, Seq: 1})
			d.onButton(hw.ButtonEvent{Seat: 2, Press: false, Kernel: at + 100*time.Millisecond, Seq: 2})
		}},
		{"reader lost and back", func(d *Dealer) {
			d.onStatus(hw.ReaderStatus{State: hw.ReaderLost, Time: at})
			d.onStatus(hw.ReaderStatus{State: hw.ReaderOK, Time: at + time.Second})
		}},
		{"beat", func(d *Dealer) { d.onBeat(at) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, card := asked(t)
			tc.do(d)
			a := d.View().Identify
			if a == nil {
				t.Log("the ask is over")
				return // nothing to answer
			}
			p := d.g.PlayerAt(a.Seat)
			w := d.g.Where(card)
			if a.Seat != 2 || a.Stack != d.ident.stack || w.Zone != game.InStack || w.Player != p ||
				d.g.Top(p, w.Stack) != card || d.g.StackNumber(p, w.Stack) != a.Stack {
				t.Errorf("the screen asks %+v (the dealer will answer for stack %d); the card asked about lies at %+v, numbered %d",
					a, d.ident.stack, w, d.g.StackNumber(p, w.Stack))
			}
		})
	}
}
