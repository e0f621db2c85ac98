package simtable

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game"
)

// TestLightBehindGoesByTheScreen: a person who has just dealt a card, and
// sees the light still ask for it, knows what they did (laid a card for a
// seat, when, and whether they confirmed it by hand) and what the screen
// shows (when it last showed a card read, how long its beat is), nothing
// more: not the reader's own count of its reads, nor which cards it holds
// unread (review29). The light is behind, and no sign of a stack gone,
// while the screen has shown no read since they laid the card and less
// than a beat has passed. The clock runs only to the lay, so the reader
// itself has read nothing in any case: the screen alone tells them apart.
func TestLightBehindGoesByTheScreen(t *testing.T) {
	deck := []game.Card{{ID: "a", Kind: game.Hit}, {ID: "b", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	const beat = 800 * time.Millisecond
	laid := 2 * time.Second
	for _, tc := range []struct {
		name      string
		readAt    time.Duration // when the screen last showed a read
		at        time.Duration // when the dealer looks at the light
		seat      int
		confirmed bool
		behind    bool
	}{
		{"no read shown since", laid - 100*time.Millisecond, laid + 300*time.Millisecond, 2, false, true},
		{"the card shown read", laid + 50*time.Millisecond, laid + 300*time.Millisecond, 2, false, false},
		{"a beat gone by", laid - 100*time.Millisecond, laid + beat, 2, false, false},
		{"another seat", laid - 100*time.Millisecond, laid + 300*time.Millisecond, 3, false, false},
		{"confirmed by hand", laid - 100*time.Millisecond, laid + 300*time.Millisecond, 2, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, err := New(Config{Rules: game.Official(), Deck: deck, Seats: []int{2, 3}, StopWindow: 1500 * time.Millisecond, PN532: &PN532{}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { tb.Close() })
			tb.SetLastRead(func() (time.Duration, time.Duration) { return tc.readAt, beat })
			tb.chip.layAt(tb.tags["a"], laid, ifUnheard{wait: true, seat: 2, card: 1})
			tb.Clock.RunUntil(laid)
			if tc.confirmed {
				tb.confirmDealt(2, "", laid+200*time.Millisecond, 1)
			}
			if got := tb.lightBehind(tc.seat, tc.at); got != tc.behind {
				t.Errorf("light behind %v, want %v", got, tc.behind)
			}
		})
	}
}
