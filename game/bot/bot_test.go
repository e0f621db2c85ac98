package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/falling-table/falling/game"
)

func newHand(t testing.TB, opt game.Rules, spec game.DeckSpec, n int, rng *rand.Rand) *game.Game {
	seats := make([]int, n)
	for i := range seats {
		seats[i] = i + 1
	}
	g, err := game.New(game.Config{Rules: opt, Seats: seats, Deck: game.Shuffle(game.NewDeck(spec), rng), Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestStrategiesPlayLegalWholeHands(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  game.Rules
		spec game.DeckSpec
		mk   func() Strategy
	}{
		{"sensible-official", game.Official(), game.DeckSpec{Move: true}, func() Strategy { return &Sensible{} }},
		{"sensible-expert", game.Official(), game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}, func() Strategy { return &Sensible{} }},
		{"sensible-classic", game.Classic(), game.DeckSpec{}, func() Strategy { return &Sensible{} }},
		{"random-french", game.French(), game.DeckSpec{}, func() Strategy { return &Random{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var pl Player
			for seed := uint64(0); seed < 200; seed++ {
				rng := rand.New(rand.NewPCG(seed, 0))
				n := 3 + int(seed%5)
				g := newHand(t, tc.opt, tc.spec, n, rng)
				fallers := make([]Strategy, n)
				for i := range fallers {
					fallers[i] = tc.mk()
				}
				res, err := pl.Play(g, fallers, rng, DefaultParams(), nil)
				if err != nil {
					t.Fatalf("seed %d: a strategy made an illegal move: %v", seed, err)
				}
				if err := g.Check(); err != nil {
					t.Fatal(err)
				}
				if res.Winner < 0 || res.Dealt < n || res.Duration <= 0 {
					t.Fatalf("seed %d: %+v", seed, res)
				}
			}
		})
	}
}

// The sensible strategy uses its Stops on Grounds and plays riders late on
// its left neighbour, so it should beat random fallers at the same table.
func TestSensibleBeatsRandom(t *testing.T) {
	var pl Player
	wins := 0
	const games = 2000
	for seed := uint64(0); seed < games; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		g := newHand(t, game.Official(), game.DeckSpec{Move: true}, 4, rng)
		seat := int(seed % 4)
		fallers := []Strategy{&Random{}, &Random{}, &Random{}, &Random{}}
		fallers[seat] = &Sensible{}
		res, err := pl.Play(g, fallers, rng, DefaultParams(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == seat {
			wins++
		}
	}
	if rate := float64(wins) / games; rate < 0.30 {
		t.Fatalf("sensible won %.1f%% against 3 random fallers, want well over 25%%", 100*rate)
	}
}

func TestSameSeedSameHand(t *testing.T) {
	var pl Player
	play := func() Result {
		rng := rand.New(rand.NewPCG(42, 42))
		g := newHand(t, game.Official(), game.DeckSpec{Move: true}, 5, rng)
		res, err := pl.Play(g, []Strategy{&Sensible{}, &Sensible{}, &Random{}, &Sensible{}, &Random{}}, rng, DefaultParams(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if a, b := play(), play(); a != b {
		t.Fatalf("%+v != %+v", a, b)
	}
}

// Play lets a waiting Sensible faller sleep through plays and deals that
// WakeOn leaves out. That is safe only if such an event never gives the
// faller something to do, so random play checks it event by event: a faller
// that waits before a play or a deal to it whose kind its masks leave out
// still waits after it (unless the Grounds came near, which wakes everyone).
// The dealer's other steps wake no sleeper by design (see Sleeper) and are
// not checked.
func TestSensibleSleepsThroughNothingItWants(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  game.Rules
		spec game.DeckSpec
	}{
		{"official", game.Official(), game.DeckSpec{Move: true}},
		{"expert", game.Official(), game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}},
		{"classic", game.Classic(), game.DeckSpec{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Sensible
			var buf []game.Event
			checked := 0
			for seed := uint64(0); seed < 300; seed++ {
				rng := rand.New(rand.NewPCG(seed, 7))
				n := 3 + int(seed%4)
				g := newHand(t, tc.opt, tc.spec, n, rng)
				waiting := make([]bool, n)
				played, dealt := make([]uint32, n), make([]uint32, n)
				for steps := 0; !g.Over() && steps < 5000; steps++ {
					e := game.Step()
					if rng.IntN(2) == 0 {
						if buf = g.Legal(rng.IntN(n), buf[:0]); len(buf) > 0 {
							e = buf[rng.IntN(len(buf))]
						}
					}
					var kind game.Kind
					if e.Kind == game.EvPlay {
						kind = g.Card(g.Hand(e.Player)).Kind
					}
					wasLate, before := late(g), g.Dealt()
					for i := range waiting {
						_, acts := s.Act(g, i, rng)
						waiting[i] = !g.Out(i) && !acts
						if waiting[i] {
							played[i], dealt[i] = s.WakeOn(g, i)
						}
					}
					if err := g.Apply(e); err != nil {
						t.Fatal(err)
					}
					if late(g) != wasLate {
						continue
					}
					for i := range waiting {
						if !waiting[i] || g.Out(i) {
							continue
						}
						switch {
						case e.Kind == game.EvPlay && e.Player != i && played[i]&(1<<kind) == 0:
						case e.Kind == game.EvStep && g.Dealt() > before:
							pp, c, ground, ok := g.PendingDeal()
							k := game.Ground // an imaginary one has no card
							if !ground {
								k = g.Card(c).Kind
							}
							if !ok || pp != i || dealt[i]&(1<<k) != 0 {
								continue
							}
						default:
							continue
						}
						checked++
						if ev, acts := s.Act(g, i, rng); acts {
							t.Fatalf("seed %d: player %d slept through %v and now wants %v (hand %v rider %d masks %b %b)", seed, i, e, ev, g.Card(g.Hand(i)).Kind, g.Rider(i), played[i], dealt[i])
						}
					}
				}
			}
			if checked < 1000 {
				t.Fatalf("only %d events checked", checked)
			}
		})
	}
}

// sleeper is a Sleeper that Play cannot call directly as a *Sensible, so it
// goes through the Strategy and Sleeper interfaces.
type sleeper struct{ *Sensible }

// The interfaces and falling sim's direct calls must play the same hands.
func TestSleeperThroughInterfacesPlaysTheSameHands(t *testing.T) {
	var pl Player
	for seed := uint64(0); seed < 100; seed++ {
		play := func(mk func() Strategy) Result {
			rng := rand.New(rand.NewPCG(seed, 3))
			g := newHand(t, game.Official(), game.DeckSpec{Move: true}, 5, rng)
			fallers := make([]Strategy, 5)
			for i := range fallers {
				fallers[i] = mk()
			}
			res, err := pl.Play(g, fallers, rng, DefaultParams(), nil)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		direct := play(func() Strategy { return &Sensible{} })
		through := play(func() Strategy { return sleeper{&Sensible{}} })
		if direct != through {
			t.Fatalf("seed %d: %+v directly, %+v through the interfaces", seed, direct, through)
		}
	}
}
