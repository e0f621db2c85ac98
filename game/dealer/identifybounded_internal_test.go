package dealer

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestAskedAgainOnlyWhileAnswered: "If a player has more than one stack,
// you will deal one card into each", so a seat may have two cards dealt by
// hand on top, and is asked about again once one is read
// (TestIdentifyEachStack). But "nobody at the table should ever wait for
// it" (product.md): a dealer who answers the second ask with the card
// they already passed over the reader is refused, the guess stands, and
// the seat is not asked a third time; the beat goes on.
func TestAskedAgainOnlyWhileAnswered(t *testing.T) {
	kinds := []game.Kind{game.Split, game.Move, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid, _ := dealing(t, kinds)
	d.reader = hw.ReaderOK
	tell(t, d, playlog.FromReader, game.Scan("Split-0"), game.Scan("Move-1"), game.Scan("Split-0"))
	tell(t, d, playlog.FromPanel, game.Confirm(), game.Confirm()) // both unread
	d.wantIdentify()
	d.maybeIdentify(4 * time.Second)
	asks := 0
	for i := range 4 {
		if d.ident.seat == 0 {
			break
		}
		asks++
		d.onCard(hw.CardEvent{UID: uid["Move-5"], Time: time.Duration(4100+100*i) * time.Millisecond})
	}
	if asks != 2 || d.ident.seat != 0 || d.ident.held {
		t.Fatalf("asked %d times, asking seat %d now, beat held %v: want 2 asks, then the beat going on", asks, d.ident.seat, d.ident.held)
	}
	if !d.g.AskFor(d.g.PlayerAt(2)) {
		t.Fatal("seat 2's second card dealt by hand: want its guess standing, still on top")
	}
}
