package simtable

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// The people at the table giving up on the lights. A hand whose lights
// went a seat off late (a guess gone wrong: the light waits for a card
// already on the table, or asks for a seat the table has passed) would
// wait for ever on a simulated dealer who only follows the rules. People
// do not: after a while with no card dealt they play the hand to its end
// without the lights, and the dealer ends it with the panel's winner
// control, the winner pressing their button ("The dealer's solution is
// final").

// declaring is the table's winner being declared: when the winner presses
// (until then the simulated dealer starts no audit), 0 while not.
type declaring struct {
	patience time.Duration // 0: the people wait for ever (a person at the keyboard decides)
	stepped  time.Duration // when the truth last dealt, swept or landed
	pressAt  time.Duration
	declared bool
}

// SetPatience sets how long the people wait with no card dealt, no sweep
// and no Ground landed before they play the hand to its end without the
// lights and declare its winner (Declared); 0, the default, waits for
// ever. Call it before Start (a night's OnTable is the place).
func (t *Table) SetPatience(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("sim: patience %v: want 0 (never) or more", d)
	}
	return t.beforeStart("patience", func() { t.decl.patience = d })
}

// Declared reports whether the people ended the hand themselves and
// declared its winner.
func (t *Table) Declared() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.decl.declared
}

// watchAt looks at the hand at at: with no step since patience before, the
// people end it themselves, as they do a hand that ended at the table
// while the lights deal on (a faller the assistant believes in); otherwise
// it looks again a patience after the last step.
func (t *Table) watchAt(at time.Duration) {
	t.Clock.At(at, func() {
		t.mu.Lock()
		p, last, auditing := t.decl.patience, t.decl.stepped, t.auditStep > 0
		t.mu.Unlock()
		if auditing {
			return // the dealer ended the hand, and asks for its cards
		}
		now := t.Clock.Now()
		if now-last < p {
			t.watchAt(last + p)
			return
		}
		t.endByHand(now)
	})
}

// endByHand plays the truth to its end, as the people deal on without the
// lights, and has the dealer declare the winner from the panel: the
// control now, the winner's button a reaction later.
func (t *Table) endByHand(now time.Duration) {
	if !t.dealOut() {
		return
	}
	winner := t.truth.Seat(t.truth.Winner())
	press := now + t.cfg.Reaction + t.cfg.DealDelay
	t.mu.Lock()
	t.decl.declared, t.decl.pressAt = true, press
	t.mu.Unlock()
	t.Panel.ControlAt(hw.ControlWinner, now)
	t.Buttons.ClickAt(winner, press, 80*time.Millisecond)
}

// dealOut plays the truth to its end, as the people deal on without the
// lights. It reports whether the truth took every step.
func (t *Table) dealOut() bool {
	for !t.truth.Over() {
		if err := t.apply(game.Step()); err != nil {
			t.fail(fmt.Errorf("sim: the people dealing on without the lights: %w", err))
			return false
		}
	}
	return true
}

// endedEarly reports whether the dealer asks for the audit while the
// table's hand goes on: the lights ended it with a faller the table still
// has in (a Ground stood in for a card that is none). The people see the
// audit's light and the faller's stack, and no card comes to deal.
func (t *Table) endedEarly() bool { return !t.truth.Over() && t.auditAsked() }

// auditLight is the dealer's light on the seat whose cards it asks for at
// the audit: the simulated dealer looks for it before scanning.
var auditLight = hw.Pattern{Kind: hw.On, Color: hw.Blue}

// auditAsked reports whether the dealer, at the hand's end at the table,
// asks for the first faller's cards: it ended the hand too, where lights
// dealing on say it did not.
func (t *Table) auditAsked() bool {
	t.mu.Lock()
	k := t.auditStep
	t.mu.Unlock()
	return k > 0 || t.Lights.Now(t.truth.Seat(0)) == auditLight
}

// declaringUntil reports whether the winner is still to press at at: the
// dealer has not ended the hand yet, and asks for no audit.
func (t *Table) declaringUntil(at time.Duration) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.decl.declared && at <= t.decl.pressAt
}
