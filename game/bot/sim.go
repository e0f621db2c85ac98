package bot

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/falling-table/falling/game"
)

// SimOptions describes a batch of simulated hands.
type SimOptions struct {
	Games    int
	Fallers  int
	Rules    game.Rules
	Deck     game.DeckSpec
	Seed     uint64
	Params   Params
	Strategy func() Strategy // one per faller; nil means Sensible
	Workers  int             // 0 means GOMAXPROCS
}

// Stats sums up a batch. Every field is computed from integers summed per
// hand, so the same seed gives the same figures whatever the number of
// workers.
type Stats struct {
	Games      int     `json:"games"`
	Fallers    int     `json:"fallers"`
	Rules      string  `json:"rules"`
	Seed       uint64  `json:"seed"`
	Tempo      float64 `json:"tempo_cards_per_minute"`
	WinsBySeat []int   `json:"wins_by_seat"` // seat 1 = the dealer's left
	// WinRateBySeat is WinsBySeat over Games.
	WinRateBySeat  []float64 `json:"win_rate_by_seat"`
	MeanCardsDealt float64   `json:"mean_cards_dealt"`
	MeanPasses     float64   `json:"mean_passes"`
	MeanEvents     float64   `json:"mean_events"`
	MeanSeconds    float64   `json:"mean_game_seconds"`
	MaxSeconds     float64   `json:"max_game_seconds"`
	// TempoFor90s is the tempo at which the mean hand would last 90 s,
	// "An average game lasts about 90 seconds".
	TempoFor90s float64 `json:"tempo_for_90s"`
}

type tally struct {
	wins                  []int
	dealt, passes, events int64
	durNanos, maxDur      int64
}

// Simulate plays cfg.Games hands. progress, if not nil, is called from the
// workers with the number of hands finished so far; it must be cheap.
func Simulate(cfg SimOptions, progress func(done int)) (Stats, error) {
	if cfg.Games < 1 {
		return Stats{}, fmt.Errorf("simulate: %d games: want at least 1", cfg.Games)
	}
	if cfg.Fallers < game.MinFallers || cfg.Fallers > game.MaxFallers {
		return Stats{}, fmt.Errorf("simulate: %d fallers: want %d to %d", cfg.Fallers, game.MinFallers, game.MaxFallers)
	}
	if cfg.Params.Tempo <= 0 {
		return Stats{}, fmt.Errorf("simulate: tempo %v cards a minute: want more than 0", cfg.Params.Tempo)
	}
	mk := cfg.Strategy
	if mk == nil {
		mk = func() Strategy { return &Sensible{} }
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, cfg.Games)
	deck := game.NewDeck(cfg.Deck)
	seats := make([]int, cfg.Fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	var next, done atomic.Int64
	tallies := make([]tally, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			t := &tallies[w]
			t.wins = make([]int, cfg.Fallers)
			fallers := make([]Strategy, cfg.Fallers)
			for i := range fallers {
				fallers[i] = mk()
			}
			var pl Player
			var g game.Game
			if err := g.Reset(game.Config{Rules: cfg.Rules, Seats: seats, Deck: deck, Ordered: true}); err != nil {
				errs[w] = err
				return
			}
			order := make([]int, len(deck))
			src := rand.NewPCG(0, 0)
			rng := rand.New(src)
			for {
				i := next.Add(1) - 1
				if i >= int64(cfg.Games) {
					return
				}
				// Each hand's randomness depends only on the seed and its
				// number, never on which worker plays it.
				src.Seed(cfg.Seed, uint64(i))
				ShuffleOrder(order, deck, rng)
				if err := g.Redeal(order); err != nil {
					errs[w] = err
					return
				}
				res, err := pl.Play(&g, fallers, rng, cfg.Params, nil)
				if err != nil {
					errs[w] = fmt.Errorf("hand %d: %w", i, err)
					return
				}
				t.wins[res.Winner]++
				t.dealt += int64(res.Dealt)
				t.passes += int64(res.Passes)
				t.events += int64(res.Events)
				t.durNanos += int64(res.Duration)
				t.maxDur = max(t.maxDur, int64(res.Duration))
				if progress != nil {
					progress(int(done.Add(1)))
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return Stats{}, err
		}
	}
	var sum tally
	sum.wins = make([]int, cfg.Fallers)
	for _, t := range tallies {
		for s, n := range t.wins {
			sum.wins[s] += n
		}
		sum.dealt += t.dealt
		sum.passes += t.passes
		sum.events += t.events
		sum.durNanos += t.durNanos
		sum.maxDur = max(sum.maxDur, t.maxDur)
	}
	n := float64(cfg.Games)
	st := Stats{
		Games: cfg.Games, Fallers: cfg.Fallers, Rules: cfg.Rules.Name, Seed: cfg.Seed, Tempo: cfg.Params.Tempo,
		WinsBySeat:     sum.wins,
		MeanCardsDealt: float64(sum.dealt) / n,
		MeanPasses:     float64(sum.passes) / n,
		MeanEvents:     float64(sum.events) / n,
		MeanSeconds:    float64(sum.durNanos) / n / float64(time.Second),
		MaxSeconds:     float64(sum.maxDur) / float64(time.Second),
	}
	for _, w := range sum.wins {
		st.WinRateBySeat = append(st.WinRateBySeat, float64(w)/n)
	}
	if st.MeanSeconds > 0 {
		st.TempoFor90s = cfg.Params.Tempo * st.MeanSeconds / 90
	}
	return st, nil
}

// ShuffleOrder writes into order a dealing order of deck, top first, as the
// rulebook shuffles: the Grounds at the bottom, the rest at random. It is
// game.Shuffle without allocating, for the simulator's hundreds of
// thousands of hands.
func ShuffleOrder(order []int, deck []game.Card, rng *rand.Rand) {
	j := 0
	for i, c := range deck {
		if c.Kind != game.Ground {
			order[j] = i
			j++
		}
	}
	// Fisher-Yates, two draws from each 64 random bits: a draw below i+1
	// is 32 bits times i+1, shifted down (Lemire), whose bias, under
	// 54/2^32, no simulation can see; rand.Shuffle asks the generator
	// twice as often, through a closure per swap.
	rest := order[:j]
	var x uint64
	have := 0 // 32-bit draws left in x
	for i := len(rest) - 1; i > 0; i-- {
		if have == 0 {
			x, have = rng.Uint64(), 2
		}
		k := int(uint64(uint32(x)) * uint64(i+1) >> 32)
		x, have = x>>32, have-1
		rest[i], rest[k] = rest[k], rest[i]
	}
	for i, c := range deck {
		if c.Kind == game.Ground {
			order[j] = i
			j++
		}
	}
}
