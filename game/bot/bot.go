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
	v := view{g: g, p: p, late: late(g), left: leftOf(g, p)}
	if h := g.Hand(p); h >= 0 {
		return s.play(&v, g.Card(h).Kind)
	}
	return s.pick(&v)
}

// view is what one decision looks at, worked out once per decision.
type view struct {
	g    *game.Game
	p    int
	late bool
	left int
}

func (v *view) free(t int) bool { return !v.g.Out(t) && v.g.Rider(t) < 0 }

func (v *view) frozen(t int) bool { a, ok := v.g.Addressed(); return ok && a == t }

func (v *view) rider(t int) game.Kind {
	if r := v.g.Rider(t); r >= 0 {
		return v.g.Card(r).Kind
	}
	return game.NoKind
}

// canExtra reports whether t's rider can take an Extra now.
func (v *view) canExtra(t int) bool {
	return !v.g.Out(t) && len(v.g.Extras(t)) == 0 && !v.frozen(t)
}

// pick chooses a stack whose top card is worth taking now.
func (s *Sensible) pick(v *view) (game.Event, bool) {
	g, p := v.g, v.p
	for st := 0; st < g.NumStacks(p); st++ {
		top := g.Top(p, st)
		if top < 0 {
			continue
		}
		k := g.Card(top).Kind
		if k == game.Ground {
			continue
		}
		if _, ok := s.target(v, k); ok {
			return game.PickUp(p, st), true
		}
		if k == game.Stop && v.late && !s.NoStopGround {
			return game.PickUp(p, st), true // hold it for the Ground
		}
	}
	return game.Event{}, false
}

func (s *Sensible) play(v *view, k game.Kind) (game.Event, bool) {
	pp, _, ground, pending := v.g.PendingDeal()
	groundOnMe := pending && ground && pp == v.p
	if k == game.Stop {
		if groundOnMe && !s.NoStopGround {
			return game.PlayStop(v.p, v.p, game.StopDeal), true
		}
		return game.Event{}, false
	}
	if groundOnMe {
		return game.Event{}, false // only a Stop helps now
	}
	if t, ok := s.target(v, k); ok {
		return game.Play(v.p, t), true
	}
	return game.Event{}, false
}

// target is where card kind k is worth playing now, if anywhere.
func (s *Sensible) target(v *view, k game.Kind) (int, bool) {
	g, p, left := v.g, v.p, v.left
	switch k {
	case game.Hit, game.Split, game.Anvil:
		if !v.late {
			if k != game.Split && v.free(p) {
				return p, true // early: more cards for me
			}
			return 0, false
		}
		if v.free(left) {
			return left, true // late: more cards, and the Ground, for my left
		}
		for t := 0; t < g.NumPlayers(); t++ {
			if t != p && v.free(t) {
				return t, true
			}
		}
	case game.Skip, game.Chute, game.Goggles:
		if v.late && v.free(p) {
			return p, true // late: keep the Grounds away
		}
	case game.Extra:
		rk := v.rider(p)
		if v.late && (rk == game.Skip || rk == game.Chute) && v.canExtra(p) {
			return p, true
		}
		if !v.late && rk == game.Hit && v.canExtra(p) {
			return p, true
		}
		if v.late && v.rider(left) == game.Hit && v.canExtra(left) {
			return left, true
		}
	case game.Move, game.Grab:
		mine := v.rider(p)
		if mine == game.NoKind && v.late {
			for t := 0; t < g.NumPlayers(); t++ {
				if rk := v.rider(t); t != p && !g.Out(t) && !v.frozen(t) && (rk == game.Skip || rk == game.Chute) {
					return t, true // steal a Skip
				}
			}
		}
		if k == game.Move && v.late && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !v.frozen(p) && v.free(left) {
			return left, true // give my Hit away
		}
	case game.Push:
		mine := v.rider(p)
		if v.late && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !v.frozen(p) && v.free(left) {
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
	idle []bool
	// interest is, per idle faller, the kinds of card they could act with
	// (in hand or on a stack top) when they went idle: a play wakes only
	// those it may concern.
	interest []uint32
}

// interestIn returns the kinds faller p could act with now.
func interestIn(g *game.Game, p int) uint32 {
	var m uint32
	if h := g.Hand(p); h >= 0 {
		m |= 1 << g.Card(h).Kind
	}
	for s := 0; s < g.NumStacks(p); s++ {
		if t := g.Top(p, s); t >= 0 {
			m |= 1 << g.Card(t).Kind
		}
	}
	return m
}

// concerns is, for a card kind played, the kinds whose holders may now
// have something to do: a new rider is a target for an Extra, Move, Push,
// Grab or Stop; a rider moved or stopped frees a seat for every rider.
func concerns(k game.Kind) uint32 {
	const actions = 1<<game.Extra | 1<<game.Move | 1<<game.Push | 1<<game.Grab | 1<<game.Stop
	if k.IsRider() || k == game.Extra {
		return actions
	}
	return ^uint32(0)
}

// never is a time no hand reaches: an idle faller's next glance.
const never = time.Duration(1<<63 - 1)

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
	if cap(pl.idle) < n {
		pl.idle = make([]bool, n)
	}
	idle := pl.idle[:n]
	if cap(pl.interest) < n {
		pl.interest = make([]uint32, n)
	}
	interest := pl.interest[:n]
	wasLate := false
	period := time.Duration(float64(time.Minute) / par.Tempo)
	react := func() time.Duration {
		if par.Jitter <= 0 {
			return par.Reaction
		}
		return par.Reaction + time.Duration(rng.Int64N(int64(par.Jitter)))
	}
	for i := range next {
		next[i] = react()
		idle[i] = false
		if fallers[i] == nil {
			next[i] = never // a human seat, driven from outside
		}
	}
	// An idle faller found nothing worth doing; nothing changes for them
	// until a card reaches them or someone plays, so they sleep till then
	// instead of being asked again on every beat.
	wake := func(i int, at time.Duration) {
		if idle[i] && !g.Out(i) {
			idle[i] = false
			next[i] = at + react()/4
		}
	}

	var res Result
	beat := time.Duration(0)
	for !g.Over() {
		// Fallers act, in time order, until the dealer's next step.
		for {
			who, at := -1, beat
			for i, t := range next {
				if t < at {
					who, at = i, t
				}
			}
			if who < 0 {
				break
			}
			var played game.Kind
			if h := g.Hand(who); h >= 0 {
				played = g.Card(h).Kind
			}
			e, ok := fallers[who].Act(g, who, rng)
			if !ok {
				idle[who], next[who], interest[who] = true, never, interestIn(g, who)
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
			if e.Kind == game.EvPlay {
				c := concerns(played)
				for i := range idle {
					if interest[i]&c != 0 {
						wake(i, at)
					}
				}
			}
		}
		dealt, inPlay := g.Dealt(), g.InPlay()
		if err := g.Apply(game.Step()); err != nil {
			return res, err
		}
		res.Events++
		if observe != nil {
			observe(beat, game.Step())
		}
		// What the step did, read off the engine's counters rather than
		// asking Next before every step.
		pp, _, ground, pending := g.PendingDeal()
		switch {
		case g.Dealt() > dealt && pending && ground:
			// The seat that got the Ground reacts to it; the landing waits
			// for the Stop window.
			wake(pp, beat)
			idle[pp] = false
			if t := beat + react(); t < next[pp] && fallers[pp] != nil {
				next[pp] = t
			}
			beat += par.StopWindow
		case g.Dealt() > dealt:
			if pending {
				wake(pp, beat)
			}
			beat += period
		case g.InPlay() < inPlay:
			for i := range next {
				if g.Out(i) {
					next[i], idle[i] = never, false
				}
			}
			beat += period
		default:
			beat += period / 4 // a sweep or a pass takes the dealer a moment
		}
		if l := late(g); l != wasLate {
			wasLate = l
			for i := range idle {
				wake(i, beat)
			}
		}
	}
	res.Winner, res.Dealt, res.Passes, res.Duration = g.Winner(), g.Dealt(), g.Passes(), beat
	return res, nil
}
