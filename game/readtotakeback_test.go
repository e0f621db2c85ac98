package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestMisreadOfferedOnlyIfTaken: the screen offers the dealer's misread
// (ReadToTakeBack, the panel's View.Misread) of "a card just read and
// taken for a rider or an Extra played at the seat addressed", and the
// dealer who presses it expects that read gone. Once deals were made at
// that seat since the read, the misread takes it back only if it can be
// the seat's deal after all and those deals can be made again; where it
// cannot, it is refused, so it must not be offered. Each hand is one the
// messy table played (every mistake at 5 %, official rules), replayed as
// the assistant saw it up to the observation after which a misread was
// offered that the engine refuses: the read, its deal there impossible,
// or a deal since that cannot be made again where the light then asks.
func TestMisreadOfferedOnlyIfTaken(t *testing.T) {
	for _, tc := range []struct {
		seed    uint64
		fallers int
		read    string // the read that was offered
	}{
		{7003069, 3, "hit-8"},   // cannot be seat 1's deal after all
		{7004667, 5, "split-4"}, // the card read since cannot be dealt again
		{7005731, 7, "hit-6"},   // cannot be seat 6's deal, two cards dealt since
	} {
		t.Run(fmt.Sprint(tc.seed), func(t *testing.T) {
			js, err := os.ReadFile(fmt.Sprintf("testdata/misread/%d-%d.json", tc.seed, tc.fallers))
			if err != nil {
				t.Fatal(err)
			}
			var events []Event
			if err := json.Unmarshal(js, &events); err != nil {
				t.Fatal(err)
			}
			// The messy table's assistant: its deck in an order of its
			// own (game/messy's newTable).
			deck := Shuffle(NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}), rand.New(rand.NewPCG(tc.seed, 0x3e55)))
			seats := make([]int, tc.fallers)
			for i := range seats {
				seats[i] = i + 1
			}
			g, err := New(Config{Rules: Official(), Seats: seats, Deck: deck, Order: rand.New(rand.NewPCG(tc.seed, 0xdec4)).Perm(len(deck))})
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range events {
				if err := g.Apply(e); err != nil {
					t.Fatalf("event %d, %v: %v", i, e, err)
				}
				id, ok := g.ReadToTakeBack()
				if !ok {
					continue
				}
				if err := g.Clone().Observe(NotThereRead(id)); err != nil {
					t.Fatalf("after event %d, %v: a misread of %s is offered, and refused: %v", i, e, id, err)
				}
			}
			// Not vacuous: the read was taken for a rider there, and the
			// engine still refuses its misread.
			if err := g.Clone().Observe(NotThereRead(tc.read)); err == nil {
				t.Fatalf("a misread of %s is taken at the end: the hand replayed is not the one found", tc.read)
			}
			c, _ := g.CardIndex(tc.read)
			if !slices.ContainsFunc(g.Inferences(), func(x Inference) bool { return x.Kind == InfRiderPlayed && x.Card == c }) {
				t.Fatalf("%s was never taken for a rider played: the hand replayed is not the one found", tc.read)
			}
		})
	}
}
