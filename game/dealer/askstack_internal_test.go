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
// than the one the screen showed. The ask is made mid-address, after a
// "not there" of the seat's first stack (kept empty, uncounted), where the
// number and the engine's index differ. Then the table does one thing
// while the ask is shown: every panel control, a faller's press and its
// release, the reader lost and back, the beat. After each but two the
// ask is still shown, still names stack 1, which the card asked about
// still tops, and the dealer's answer, the card scanned, is logged for
// stack 1 and taken. The two that end the ask end it as the screen
// showed it: n is logged for stack 1 and taken (the card said no longer
// on top, its guess standing), and the dealer carrying on (confirm)
// leaves the guess on top of stack 1 and lets the beat go on.
func TestIdentifyAnswerIsForTheStackShown(t *testing.T) {
	// onStackOne: the card asked about tops seat 2's stack the screens
	// number 1.
	onStackOne := func(d *Dealer, card int) bool {
		p := d.g.PlayerAt(2)
		s := d.g.StackNumbered(p, 1)
		return s >= 0 && d.g.Top(p, s) == card
	}
	at := 21 * time.Second
	for _, tc := range []struct {
		name string
		do   func(d *Dealer)
		ends bool // the action ends the ask
	}{
		{"pause", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlPause, Kernel: at}) }, false},
		{"dispute", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlDispute, Kernel: at}) }, false},
		{"confirm", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at}) }, true},
		{"confirm as", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at, As: "Ground"}) }, false},
		{"n", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlSkip, Kernel: at}) }, true},
		{"knocked", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlKnocked, Kernel: at}) }, false},
		{"misread", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlMisread, Kernel: at}) }, false},
		{"unscanned", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at}) }, false},
		{"landed", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlUnscanned, Kernel: at, As: "Ground"}) }, false},
		{"winner", func(d *Dealer) { d.onControl(hw.PanelEvent{Control: hw.ControlWinner, Kernel: at}) }, false},
		{"press", func(d *Dealer) {
			d.onButton(hw.ButtonEvent{Seat: 2, Press: true, Kernel: at, Seq: 1})
			d.onButton(hw.ButtonEvent{Seat: 2, Press: false, Kernel: at + 100*time.Millisecond, Seq: 2})
		}, false},
		{"reader lost and back", func(d *Dealer) {
			d.onStatus(hw.ReaderStatus{State: hw.ReaderLost, Time: at})
			d.onStatus(hw.ReaderStatus{State: hw.ReaderOK, Time: at + time.Second})
		}, false},
		{"beat", func(d *Dealer) { d.onBeat(at) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, log, card := askedAfterNotThere(t)
			id := d.g.Card(card).ID
			logged := len(*log)
			tc.do(d)
			if a := d.View().Identify; (a == nil) != tc.ends || a != nil && *a != (IdentifyAsk{Seat: 2, Stack: 1}) {
				t.Fatalf("the screen asks %+v, want the ask ended %v, else seat 2, stack 1", a, tc.ends)
			}
			if !onStackOne(d, card) {
				t.Fatalf("the card asked about lies at %+v, not on top of seat 2's stack 1", d.g.Where(card))
			}
			if !tc.ends {
				// The dealer answers: the card asked about, scanned.
				d.onCard(hw.CardEvent{UID: uid[id], Time: at + 2*time.Second})
			}
			var answers []game.Event
			for _, e := range (*log)[logged:] {
				if e.Kind == playlog.KindApplied && e.Event != nil && e.Event.Kind == game.EvIdentify {
					answers = append(answers, *e.Event)
				}
			}
			p := d.g.PlayerAt(2)
			switch {
			case tc.name == "confirm": // carried on: the guess stands, unasked
				if len(answers) != 0 || !d.g.Blind(card) || d.ident.held {
					t.Errorf("the dealer carried on: answers %v, the card still a guess %v, the beat held %v; want none, true, false",
						answers, d.g.Blind(card), d.ident.held)
				}
			case tc.ends: // n: not on top of the stack shown
				if want := game.NotOnTopAt(2, 1); len(answers) != 1 || answers[0] != want || !d.g.Blind(card) || d.g.AskFor(p) {
					t.Errorf("n logged %v, want %v taken: the card still a guess %v, seat 2 asked for again %v", answers, want, d.g.Blind(card), d.g.AskFor(p))
				}
			default:
				if want := game.IdentifyAt(2, 1, id); len(answers) != 1 || answers[0] != want || d.g.Blind(card) || d.g.Top(p, d.g.StackNumbered(p, 1)) != card {
					t.Errorf("the answer logged %v, want %v taken: %s still a guess %v, at %+v", answers, want, id, d.g.Blind(card), d.g.Where(card))
				}
			}
		})
	}
}

// askedAfterNotThere is a dealer asking for seat 2's card dealt by hand,
// "stack 1", mid-address: seat 2 played its Split on itself, then showed
// the Hit it picked up; its first stack was said not there (kept empty by
// the engine, uncounted), the Hit's first card confirmed by hand into its
// other, the engine's second; the Hit's second card is still due. With the
// cards' tags, the dealer's log and the card asked about.
func askedAfterNotThere(t *testing.T) (*Dealer, map[string]hw.UID, *entries, int) {
	t.Helper()
	d, uid, log := dealing(t, []game.Kind{game.Move, game.Move, game.Split, game.Move, game.Hit, game.Move, game.Move, game.Stop,
		game.Move, game.Move, game.Ground, game.Ground})
	d.reader = hw.ReaderOK
	tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Scan("Move-1"), game.Scan("Split-2"), game.Scan("Move-3"),
		game.Scan("Split-2"), game.Scan("Hit-4"), game.Scan("Move-5"), game.Scan("Move-6"), game.Scan("Hit-4"))
	tell(t, d, playlog.FromPanel, game.StackGone(), game.Confirm())
	d.wantIdentify()
	d.maybeIdentify(20 * time.Second)
	p := d.g.PlayerAt(2)
	if a := d.View().Identify; a == nil || *a != (IdentifyAsk{Seat: 2, Stack: 1}) || d.g.Top(p, 0) >= 0 || !d.g.Blind(d.g.Top(p, 1)) {
		t.Fatalf("the screen asks %+v, seat 2's first stack topped by %d: want seat 2, stack 1, the first stack empty, the second topped by the guess", a, d.g.Top(p, 0))
	}
	return d, uid, log, d.g.Top(p, 1)
}

// TestAskingIsTheViewsAsk: Asking, what the simulated dealer reads of the
// ask (night's askOf), is the View's ask and the number of its seat's
// stacks the View draws, without the rest of the View: none before the
// ask, then seat 2's stack 1, one stack drawn of the two the engine keeps.
func TestAskingIsTheViewsAsk(t *testing.T) {
	d, _, _ := dealing(t, []game.Kind{game.Move, game.Move, game.Ground, game.Ground})
	if a, n := d.Asking(); a != (IdentifyAsk{}) || n != 0 || d.View().Identify != nil {
		t.Errorf("no ask: Asking says %+v with %d stacks drawn, the View %+v", a, n, d.View().Identify)
	}
	d, _, _, _ = askedAfterNotThere(t)
	v := d.View()
	drawnThere := -1
	for _, sv := range v.Seats {
		if sv.Seat == 2 {
			drawnThere = len(sv.Stacks)
		}
	}
	if a, n := d.Asking(); v.Identify == nil || a != *v.Identify || n != drawnThere || n != 1 || d.g.NumStacks(d.g.PlayerAt(2)) != 2 {
		t.Errorf("Asking says %+v with %d stacks drawn, the View %+v with %d: want the same, one of two kept", a, n, v.Identify, drawnThere)
	}
}
