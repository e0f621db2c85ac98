package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestTableDeclaresTheWinner: "Your job is to control the pace of the game,
// follow the instructions of the riders, and be the referee. ... The
// dealer's solution is final, so use your best judgement." A hand the
// lights lost is ended by the table: the winner control pauses the hand
// and asks the winner to press (or names the seat from the keyboard), the
// hand ends with that seat the winner, and the log holds the table's word
// as the event it replays from. A seat with no faller is refused with a
// warning, as is a seat named while the winner is not asked for, and the
// hand goes on; the control said twice carries on.
func TestTableDeclaresTheWinner(t *testing.T) {
	for _, tc := range []struct {
		name   string
		script func(s *scripted)
		winner int // 0: the hand goes on
		warn   string
	}{
		{
			name: "the winner presses their button",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.3))
				s.tb.Buttons.ClickAt(3, hwtest.Seconds(2.6), 0)
			},
			winner: 3,
		},
		{
			name: "a seat the engine believes out",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(6.2))
				s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "2", Kernel: hwtest.Seconds(6.3)})
			},
			winner: 2,
		},
		{
			name: "the keyboard names the seat",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.2))
				s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "4", Kernel: hwtest.Seconds(2.3)})
			},
			winner: 4,
		},
		{
			name: "the dealer's own seat, then the winner's",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.3))
				s.tb.Buttons.ClickAt(1, hwtest.Seconds(2.5), 0)
				s.tb.Buttons.ClickAt(2, hwtest.Seconds(2.7), 0)
			},
			winner: 2,
			warn:   "seat 1 has no faller",
		},
		{
			name: "no faller at the seat named",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.2))
				s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "9", Kernel: hwtest.Seconds(2.3)})
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.4))
			},
			warn: "seat 9 has no faller",
		},
		{
			name: "not a seat number",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.2))
				s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "x", Kernel: hwtest.Seconds(2.3)})
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.4))
			},
			warn: `"x" is not a seat number`,
		},
		{
			// A digit left from an ask the winner's button answered: it
			// ends no hand.
			name: "a seat named, the winner not asked for",
			script: func(s *scripted) {
				s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlWinner, As: "3", Kernel: hwtest.Seconds(2.3)})
			},
			warn: "the winner is not asked for",
		},
		{
			name: "said twice: the hand carries on",
			script: func(s *scripted) {
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.3))
				s.tb.Panel.ControlAt(hw.ControlWinner, hwtest.Seconds(2.5))
				s.tb.Buttons.ClickAt(3, hwtest.Seconds(2.7), 0)
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Seat 2's Ground lands on the second pass (5 s); seats 3 and 4
			// play on.
			s := newScripted(t, idles(3), kinds(S, S, S, G, many(S, 12), G, G), nil)
			tc.script(s)
			var warned *string
			if tc.warn != "" {
				warned = s.saidAt(2.6, tc.warn, true)
			}
			if tc.winner == 0 {
				s.run()
				if warned != nil && *warned == "" {
					t.Errorf("no warning saying %q", tc.warn)
				}
				if s.res.Declared {
					t.Error("the hand ended declared")
				}
				s.agree()
				return
			}
			// The simulated people deal out what the lights left and do the
			// audit the dealer asks for: the hand ends.
			s.run()
			if !s.res.Declared || s.res.Winner != tc.winner {
				t.Errorf("result: winner %d declared %v, want seat %d declared", s.res.Winner, s.res.Declared, tc.winner)
			}
			if warned != nil && *warned == "" {
				t.Errorf("no warning saying %q", tc.warn)
			}
			ends := s.log.kind(playlog.KindHandEnd)
			if len(ends) != 1 || ends[0].Winner != tc.winner {
				t.Fatalf("hand ends %+v, want one with seat %d the winner", ends, tc.winner)
			}
			applied, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvDeclared })
			if len(applied) != 1 || applied[0].Seat != tc.winner || len(refused) != 0 {
				t.Errorf("declared events applied %v, refused %v", applied, refused)
			}
			v := s.d.View()
			if v.Phase == dealer.PhaseDealing {
				t.Errorf("still dealing after the table declared the winner")
			}
			// The screen and the referee's page must not show the
			// table's word as the lights' own result.
			if !v.Declared || v.Winner != tc.winner {
				t.Errorf("view: winner %d declared %v, want seat %d declared", v.Winner, v.Declared, tc.winner)
			}
		})
	}
}
