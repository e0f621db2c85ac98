// Package bot plays FALLING's fallers by computer: strategies that choose a
// faller's next pick-up or play, and Play, which runs a whole hand in virtual
// time with human-like reaction times so that a real-time game emerges. The
// simulator (falling sim) and the simulated table (make run) both use it.
package bot

import (
	"math/rand/v2"
	"time"

	"github.com/falling-table/falling/game"
)

// Strategy chooses what one computer faller does now.
type Strategy interface {
	// Act returns the event player p makes now, or false to wait. It must
	// return only events the engine accepts.
	Act(g *game.Game, p int, rng *rand.Rand) (game.Event, bool)
	// Name is how reports call the strategy.
	Name() string
}

// Random picks uniformly among the faller's legal events, or waits.
type Random struct{ buf []game.Event }

func (r *Random) Name() string { return "random" }

func (r *Random) Act(g *game.Game, p int, rng *rand.Rand) (game.Event, bool) {
	r.buf = g.Legal(p, r.buf[:0])
	n := len(r.buf)
	if n == 0 {
		return game.Event{}, false
	}
	i := rng.IntN(n + 1) // one chance in n+1 to wait
	if i == n {
		return game.Event{}, false
	}
	return r.buf[i], true
}

// Sensible follows the strategy notes of rules/002_…: Hits and Splits on
// yourself early and on others late, above all on your left neighbour; hoard
// Skips and Stops for the Grounds; hold a Stop when the Grounds are near.
type Sensible struct {
	// NoStopGround leaves Stops on a Ground to someone else: the seat a human
	// plays in make run, whose button press is the Stop.
	NoStopGround bool
}

func (s *Sensible) Name() string { return "sensible" }

// late reports whether the Grounds are near: few cards other than Grounds
// are left to deal for the fallers still in.
func late(g *game.Game) bool {
	return g.DeckSize()-g.GroundsInDeck() <= 2*g.InPlay()
}

// leftOf is the next faller still in after p, clockwise: the player to p's
// immediate left, who is dealt to right after p.
func leftOf(g *game.Game, p int) int {
	n := g.NumPlayers()
	for i := 1; i < n; i++ {
		if q := (p + i) % n; !g.Out(q) {
			return q
		}
	}
	return p
}

func (s *Sensible) Act(g *game.Game, p int, rng *rand.Rand) (game.Event, bool) {
	h := g.Hand(p)
	if h < 0 {
		return s.pick(g, p)
	}
	return s.play(g, p, g.Card(h).Kind)
}

// pick chooses a stack whose top card is worth taking now.
func (s *Sensible) pick(g *game.Game, p int) (game.Event, bool) {
	for st := 0; st < g.NumStacks(p); st++ {
		top := g.Top(p, st)
		if top < 0 {
			continue
		}
		k := g.Card(top).Kind
		if k == game.Ground {
			continue
		}
		if _, ok := s.target(g, p, k); ok {
			return game.PickUp(p, st), true
		}
		if k == game.Stop && late(g) && !s.NoStopGround {
			return game.PickUp(p, st), true // hold it for the Ground
		}
	}
	return game.Event{}, false
}

func (s *Sensible) play(g *game.Game, p int, k game.Kind) (game.Event, bool) {
	pp, _, ground, pending := g.PendingDeal()
	groundOnMe := pending && ground && pp == p
	if k == game.Stop {
		if groundOnMe && !s.NoStopGround {
			return game.PlayStop(p, p, game.StopDeal), true
		}
		return game.Event{}, false
	}
	if groundOnMe {
		return game.Event{}, false // only a Stop helps now
	}
	if t, ok := s.target(g, p, k); ok {
		return game.Play(p, t), true
	}
	return game.Event{}, false
}

// target is where card kind k is worth playing now, if anywhere.
func (s *Sensible) target(g *game.Game, p int, k game.Kind) (int, bool) {
	lt := late(g)
	free := func(t int) bool { return !g.Out(t) && g.Rider(t) < 0 }
	frozen := func(t int) bool { a, ok := g.Addressed(); return ok && a == t }
	riderKind := func(t int) game.Kind {
		if r := g.Rider(t); r >= 0 {
			return g.Card(r).Kind
		}
		return game.NoKind
	}
	left := leftOf(g, p)
	switch k {
	case game.Hit, game.Split, game.Anvil:
		if !lt {
			if free(p) && k != game.Split {
				return p, true // early: more cards for me
			}
			return 0, false
		}
		if free(left) {
			return left, true
		}
		for t := 0; t < g.NumPlayers(); t++ {
			if t != p && free(t) {
				return t, true
			}
		}
	case game.Skip, game.Chute, game.Goggles:
		if lt && free(p) {
			return p, true // late: keep the Grounds away
		}
	case game.Extra:
		rk := riderKind(p)
		if lt && (rk == game.Skip || rk == game.Chute) && len(g.Extras(p)) == 0 && !frozen(p) {
			return p, true
		}
		if !lt && rk == game.Hit && len(g.Extras(p)) == 0 && !frozen(p) {
			return p, true
		}
		if lt && riderKind(left) == game.Hit && len(g.Extras(left)) == 0 && !frozen(left) && !g.Out(left) {
			return left, true
		}
	case game.Move, game.Grab:
		mine := riderKind(p)
		if mine == game.NoKind && lt {
			for t := 0; t < g.NumPlayers(); t++ {
				if rk := riderKind(t); t != p && !g.Out(t) && !frozen(t) && (rk == game.Skip || rk == game.Chute) {
					return t, true // steal a Skip
				}
			}
		}
		if k == game.Move && lt && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !frozen(p) && free(left) {
			return left, true // give my Hit away
		}
	case game.Push:
		mine := riderKind(p)
		if lt && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !frozen(p) && free(left) {
			return left, true
		}
	}
	return 0, false
}

// Params set the pace of a simulated hand.
type Params struct {
	// Tempo is the dealer's pace in cards per minute.
	Tempo float64
	// Reaction is a faller's quickest reaction; each action takes Reaction
	// plus a uniform random part up to Jitter.
	Reaction, Jitter time.Duration
	// StopWindow is how long after a Ground is dealt its seat may Stop it.
	StopWindow time.Duration
}

// DefaultParams is a leisurely table: about one card a second, "An average
// game lasts about 90 seconds".
func DefaultParams() Params {
	return Params{Tempo: 60, Reaction: 350 * time.Millisecond, Jitter: 500 * time.Millisecond, StopWindow: 1500 * time.Millisecond}
}

// Result sums up one simulated hand.
type Result struct {
	Winner   int           // player index, 0 = the dealer's left
	Dealt    int           // cards dealt, imaginary Grounds included
	Passes   int           // times the dealer went round
	Events   int           // events applied
	Duration time.Duration // virtual time from the first card to the end
}

// Observer sees each event as it is applied, with its virtual time.
type Observer func(at time.Duration, e game.Event)

// Player runs simulated hands. It keeps its buffers between hands so a
// simulator can play many without allocating; it is not safe for concurrent
// use: give each goroutine its own.
type Player struct {
	next []time.Duration
}

// Play runs g to its end: the dealer steps on the beat (a Ground's landing
// waits for the Stop window), and between beats each faller acts when their
// reaction time allows. fallers[i] plays player i; a nil strategy is a faller
// who never acts (a human seat driven from outside through observe).
func (pl *Player) Play(g *game.Game, fallers []Strategy, rng *rand.Rand, par Params, observe Observer) (Result, error) {
	n := g.NumPlayers()
	if cap(pl.next) < n {
		pl.next = make([]time.Duration, n)
	}
	next := pl.next[:n]
	period := time.Duration(float64(time.Minute) / par.Tempo)
	react := func() time.Duration {
		if par.Jitter <= 0 {
			return par.Reaction
		}
		return par.Reaction + time.Duration(rng.Int64N(int64(par.Jitter)))
	}
	for i := range next {
		next[i] = react()
	}
	var res Result
	beat := time.Duration(0)
	for !g.Over() {
		// Fallers act, in time order, until the dealer's next step.
		for {
			who, at := -1, beat
			for i, t := range next {
				if t < at && fallers[i] != nil && !g.Out(i) {
					who, at = i, t
				}
			}
			if who < 0 {
				break
			}
			e, ok := fallers[who].Act(g, who, rng)
			if !ok {
				next[who] = beat + react()/4 // glance again after the next beat
				continue
			}
			if err := g.Apply(e); err != nil {
				return res, err
			}
			res.Events++
			if observe != nil {
				observe(at, e)
			}
			next[who] = at + react()
		}
		in := g.Next()
		if err := g.Apply(game.Step()); err != nil {
			return res, err
		}
		res.Events++
		if observe != nil {
			observe(beat, game.Step())
		}
		switch {
		case in.Action == game.ActDeal && (in.Imaginary || isGround(g, in.Player)):
			// The seat that got the Ground reacts to it; the landing waits
			// for the Stop window.
			if t := beat + react(); t < next[in.Player] {
				next[in.Player] = t
			}
			beat += par.StopWindow
		case in.Action == game.ActDeal || in.Action == game.ActLand:
			beat += period
		default:
			beat += period / 4 // a sweep or a pass takes the dealer a moment
		}
	}
	res.Winner, res.Dealt, res.Passes, res.Duration = g.Winner(), g.Dealt(), g.Passes(), beat
	return res, nil
}

func isGround(g *game.Game, p int) bool {
	pp, _, ground, ok := g.PendingDeal()
	return ok && ground && pp == p
}
