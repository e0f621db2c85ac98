package bot

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/falling-table/falling/game"
)

func TestSimulateIsDeterministicAcrossWorkers(t *testing.T) {
	cfg := SimOptions{Games: 500, Fallers: 5, Rules: game.Official(), Deck: game.DeckSpec{Move: true}, Seed: 9, Params: DefaultParams()}
	cfg.Workers = 1
	a, err := Simulate(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	b, err := Simulate(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("1 worker: %+v\n3 workers: %+v", a, b)
	}
	sum := 0
	for _, w := range a.WinsBySeat {
		sum += w
	}
	if sum != a.Games || len(a.WinsBySeat) != 5 {
		t.Fatalf("wins %v do not sum to %d", a.WinsBySeat, a.Games)
	}
	// The 54-card deck less 5 Grounds is 49 cards before any Ground: a hand
	// deals at least those and one Ground per faller but the winner.
	if a.MeanCardsDealt < 49+4 || a.MeanPasses < 1 {
		t.Fatalf("implausible figures %+v", a)
	}
	// At 60 cards a minute a hand of this many cards takes about a minute
	// and a half: "An average game lasts about 90 seconds".
	if a.MeanSeconds < 40 || a.MeanSeconds > 200 {
		t.Fatalf("mean hand %.1f s", a.MeanSeconds)
	}
}

func TestSimulateRefusesBadConfig(t *testing.T) {
	for _, cfg := range []SimOptions{
		{Games: 0, Fallers: 4, Params: DefaultParams(), Rules: game.Official()},
		{Games: 10, Fallers: 1, Params: DefaultParams(), Rules: game.Official()},
		{Games: 10, Fallers: 12, Params: DefaultParams(), Rules: game.Official()},
		{Games: 10, Fallers: 4, Rules: game.Official()},
	} {
		if _, err := Simulate(cfg, nil); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

// ShuffleOrder deals as the rulebook shuffles: "Shuffle the rest of the
// cards, and put the Grounds at the bottom." Every other card must be as
// likely in every place above them.
func TestShuffleOrderIsUniformAboveTheGrounds(t *testing.T) {
	deck := []game.Card{
		{Kind: game.Hit, ID: "a"}, {Kind: game.Ground, ID: "g1"}, {Kind: game.Skip, ID: "b"},
		{Kind: game.Stop, ID: "c"}, {Kind: game.Ground, ID: "g2"}, {Kind: game.Split, ID: "d"}, {Kind: game.Extra, ID: "e"},
	}
	const rounds = 50000
	const others = 5
	var count [7][others]int // card → place among the top five
	order := make([]int, len(deck))
	rng := rand.New(rand.NewPCG(3, 4))
	for r := 0; r < rounds; r++ {
		ShuffleOrder(order, deck, rng)
		for place, c := range order {
			if place >= others {
				if deck[c].Kind != game.Ground {
					t.Fatalf("%v below the Grounds: %v", deck[c], order)
				}
				continue
			}
			count[c][place]++
		}
	}
	// Chi-square over the 25 cells (16 degrees of freedom): 39.3 is the
	// 0.1 % critical value, so a fair shuffle fails one run in a thousand.
	want := float64(rounds) / others
	chi := 0.0
	for c := range deck {
		if deck[c].Kind == game.Ground {
			continue
		}
		for place := 0; place < others; place++ {
			d := float64(count[c][place]) - want
			chi += d * d / want
		}
	}
	if chi > 39.3 {
		t.Fatalf("chi-square %.1f over 16 degrees of freedom: places %v", chi, count)
	}
}
