package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestAskedForTheCardUncovered: "You can only pick up the top card of your
// stack. This means that once a card has been buried, you can't play it,
// unless you first play all the cards on top of it." Seat 2's Hit is
// shown; its first card is dealt unscanned and its second, Skip-3, read:
// the dealer's unscanned makes the first a deal confirmed by hand under
// Skip-3, never on top, so never asked for. A pass later Skip-3 is shown
// at seat 2's turn, picked up from that stack and played: the card dealt
// by hand tops the stack again, and its faller may pick it up now. The
// dealer is asked for it as for one just confirmed by hand; else, played
// unseen, it would be taken for a deal. With the reader gone no one asks
// (the reader's return does).
func TestAskedForTheCardUncovered(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Skip, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name   string
		reader hw.ReaderState
		want   int
	}{
		{"reader reads", hw.ReaderOK, 2},
		{"reader gone", hw.ReaderLost, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, _ := dealing(t, kinds)
			d.reader = hw.ReaderOK
			// The Hit dealt to seat 2 and played there; its first card
			// (Move-2) dealt unscanned, its second read and said so.
			tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Hit-0"), game.Scan("Skip-3"))
			tell(t, d, playlog.FromPanel, game.DealtUnscanned("Skip-3"), game.Confirm())
			if d.g.AskFor(0) {
				t.Fatal("the card dealt by hand to seat 2 lies on top: want it under Skip-3")
			}
			tell(t, d, playlog.FromReader, game.Scan("Move-4"))
			d.reader = tc.reader
			// Skip-3 shown at seat 2's turn: picked up from the stack.
			tell(t, d, playlog.FromReader, game.Scan("Skip-3"))
			if r := d.g.Rider(0); r < 0 || d.g.Card(r).ID != "Skip-3" || !d.g.AskFor(0) {
				t.Fatalf("seat 2's rider %d, ask for its card dealt by hand %v: want Skip-3 shown, the card under it on top", r, d.g.AskFor(0))
			}
			d.maybeIdentify(10 * time.Second)
			if d.ident.seat != tc.want {
				t.Fatalf("asked about seat %d, want %d", d.ident.seat, tc.want)
			}
		})
	}
}
