package dealer

import (
	"fmt"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestIdentifyAnsweredByTheNextCard: "HIT: After dealing normally, deal a
// second card into each of this player's stacks." Seat 2's Hit is shown;
// its first card, dealt unread, is confirmed by hand, and the dealer is
// asked at once to scan it while it lies on top. But they had already
// dealt the Hit's second card, a Ground: its read comes as the answer. A
// Ground is no card confirmed by hand as "a card" (a Ground is named), so
// the answer is refused; the read is the next card of the address, and is
// taken as that deal (the seat's Ground, its Stop window open), not lost
// with the refused answer. A read refused as the answer that is no such
// card leaves the guess standing and the deal as it was.
func TestIdentifyAnsweredByTheNextCard(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name, read string
		taken      bool
	}{
		{"the next card", "Ground-5", true},
		{"a card on the table", "Move-1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			deck := make([]game.Card, len(kinds))
			cards := map[hw.UID]string{}
			uid := map[string]hw.UID{}
			for i, k := range kinds {
				deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
				u, err := hw.ParseUID(fmt.Sprintf("04:00:00:00:00:00:%02X", i))
				if err != nil {
					t.Fatal(err)
				}
				uid[deck[i].ID], cards[u] = u, deck[i].ID
			}
			var log entries
			d, err := New(Config{Hand: t.Name(), Dealer: 1, Cards: cards, Game: game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck},
				Tempo: Tempo{Start: 60}, StopWindow: time.Second}, Hardware{Clock: hwtest.NewVirtual(0)}, &log)
			if err != nil {
				t.Fatal(err)
			}
			d.phase, d.reader = PhaseDealing, hw.ReaderOK
			// The Hit dealt to seat 2, then played there by its faller.
			for i, e := range []game.Event{game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Hit-0")} {
				if err := d.apply(e, playlog.FromReader, time.Duration(i+1)*time.Second); err != nil {
					t.Fatalf("%v: %v", e, err)
				}
			}
			if in := d.g.Next(); in.Seat != 2 || in.Due != 2 {
				t.Fatalf("the light asks %v, want seat 2's Hit, two cards", in)
			}
			d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 4 * time.Second})
			if d.ident.seat != 2 {
				t.Fatalf("asked about seat %d, want the card dealt by hand to seat 2", d.ident.seat)
			}
			before := d.g.Next()
			d.onCard(hw.CardEvent{UID: uid[tc.read], Time: 4100 * time.Millisecond})
			c, _ := d.g.CardIndex(tc.read)
			w := d.g.Where(c)
			switch {
			case tc.taken && (w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Next().Action != game.ActLand):
				t.Fatalf("%s lies at %+v and the light asks %v; want seat 2's Hit's second card, its Ground landing", tc.read, w, d.g.Next())
			case !tc.taken && d.g.Next() != before:
				t.Fatalf("after %s, refused, the light asks %v, want %v as before", tc.read, d.g.Next(), before)
			}
		})
	}
}
