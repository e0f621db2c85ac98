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
	t.Parallel()
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
			g := messyHand(t, fmt.Sprintf("%d-%d", tc.seed, tc.fallers), tc.seed, tc.fallers, func(i int, g *Game) {
				id, ok := g.ReadToTakeBack()
				if !ok {
					return
				}
				if err := g.Clone().Observe(NotThereRead(id)); err != nil {
					t.Fatalf("after event %d: a misread of %s is offered, and refused: %v", i, id, err)
				}
			})
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

// messyHand replays the observations the messy table's assistant took in
// the hand of seed with that many fallers (every mistake at 5 %, official
// rules), kept in testdata/misread/name.json, calling each after every one.
func messyHand(t *testing.T, name string, seed uint64, fallers int, each func(i int, g *Game)) *Game {
	t.Helper()
	js, err := os.ReadFile("testdata/misread/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	if err := json.Unmarshal(js, &events); err != nil {
		t.Fatal(err)
	}
	// The messy table's assistant: its deck in an order of its own
	// (game/messy's newTable).
	deck := Shuffle(NewDeck(DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}), rand.New(rand.NewPCG(seed, 0x3e55)))
	seats := make([]int, fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	g, err := New(Config{Rules: Official(), Seats: seats, Deck: deck, Order: rand.New(rand.NewPCG(seed, 0xdec4)).Perm(len(deck))})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range events {
		if err := g.Apply(e); err != nil {
			t.Fatalf("event %d, %v: %v", i, e, err)
		}
		each(i, g)
	}
	return g
}

// TestMisreadRemakesHandDealsAsDeals: "Reader unplugged or I2C errors
// mid-hand: the assistant says so, keeps pacing with manual confirmation
// from the dealer panel" (product.md): a confirmation at a deal is a card
// dealt, which the engine stands in (InfBlindDeal). A misread that makes
// the deals since the read again makes such a card a card dealt by hand
// again, or is refused: where the light then asks for no card (a Chute
// left where it lies, a Ground's Stop window), the confirmation would say
// something else entirely (the Chute left, a Stop shown), and the card
// the dealer put down would be lost. Hands the messy table played.
func TestMisreadRemakesHandDealsAsDeals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		seed    uint64
		fallers int
	}{
		{"confirm-7001519-7", 7001519, 7},
		{"confirm-7004543-7", 7004543, 7},
		{"confirm-8001200-4", 8001200, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			open := false
			messyHand(t, tc.name, tc.seed, tc.fallers, func(i int, g *Game) {
				confirms := 0
				for _, e := range g.table.beforeSince {
					if e.Kind == EvConfirm {
						confirms++
					}
				}
				if _, ok := g.namedRead(); !ok || confirms == 0 {
					return
				}
				open = true
				try := g.Clone()
				n := len(try.Inferences())
				if try.Observe(NotThereRead(g.cards[g.table.beforeRead.Card].ID)) != nil {
					return
				}
				blind := 0
				for _, x := range try.Inferences()[n:] {
					if x.Kind == InfBlindDeal {
						blind++
					}
				}
				if blind != confirms {
					t.Fatalf("after event %d the misread makes %d of the %d deals confirmed by hand since again as cards dealt: %+v", i, blind, confirms, try.Inferences()[n:])
				}
			})
			if !open {
				t.Fatal("no misread reached through a deal confirmed by hand: the hand replayed is not the one found")
			}
		})
	}
}
