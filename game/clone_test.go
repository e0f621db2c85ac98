package game

import "testing"

// TestCopyKeepsTheMoveBeingMade: a copy restored in the middle of a move
// (a misread making the deals since the read again, a step dealing from a
// deck the table has emptied) must not end that move; a copy taken then is
// not in the middle of one (review27g: a late read restores a saved copy
// while a misread replays).
func TestCopyKeepsTheMoveBeingMade(t *testing.T) {
	tb := newObserved(t, 2, Stop, Hit, Ground, Ground)
	saved := tb.Clone()
	tb.table.remaking, tb.groundsOut = true, true
	saved.copyTo(tb.Game)
	if !tb.table.remaking || !tb.groundsOut {
		t.Errorf("restored mid-move: remaking %v, groundsOut %v; want both kept", tb.table.remaking, tb.groundsOut)
	}
	if c := tb.Clone(); c.table.remaking || c.groundsOut {
		t.Errorf("a copy taken mid-move: remaking %v, groundsOut %v; want neither", c.table.remaking, c.groundsOut)
	}
}
