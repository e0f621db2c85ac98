package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/falling-table/falling/game"
)

// BenchmarkGames plays whole hands with 5 sensible fallers on one core and
// reports games per second: the product's target is at least 100,000.
func BenchmarkGames(b *testing.B) {
	cfg := SimOptions{Games: 1, Fallers: 5, Rules: game.Official(), Deck: game.DeckSpec{Move: true}, Params: DefaultParams()}
	deck := game.NewDeck(cfg.Deck)
	order := make([]int, len(deck))
	fallers := []Strategy{&Sensible{}, &Sensible{}, &Sensible{}, &Sensible{}, &Sensible{}}
	var pl Player
	var g game.Game
	if err := g.Reset(game.Config{Rules: cfg.Rules, Seats: []int{1, 2, 3, 4, 5}, Deck: deck, Ordered: true}); err != nil {
		b.Fatal(err)
	}
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	events := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src.Seed(1, uint64(i))
		ShuffleOrder(order, deck, rng)
		if err := g.Redeal(order); err != nil {
			b.Fatal(err)
		}
		res, err := pl.Play(&g, fallers, rng, cfg.Params, nil)
		if err != nil {
			b.Fatal(err)
		}
		events += res.Events
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/game")
}
