// Package bot plays FALLING's fallers by computer: strategies that choose a
// faller's next pick-up or play, and Play, which runs a whole hand in virtual
// time with human-like reaction times so that a real-time game emerges. The
// simulator (falling sim) and the simulated table (make run) both use it.
package bot

import (
	"math/bits"
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
	q := p
	for i := 1; i < n; i++ {
		if q++; q == n { // round the table without dividing
			q = 0
		}
		if !g.Out(q) {
			return q
		}
	}
	return p
}

func (s *Sensible) Act(g *game.Game, p int, rng *rand.Rand) (game.Event, bool) {
	m := s.decide(g, p)
	return m.event(p), m.kind != 0
}

// move is one decision in a few bytes rather than a whole game.Event: a hand
// asks for about a hundred and most are "wait".
type move struct {
	kind game.EventKind // 0 to wait
	stop game.StopOn
	arg  int32 // the stack picked up from, or the player played on
}

var wait move

func pickUp(st int) move { return move{kind: game.EvPickUp, arg: int32(st)} }
func playOn(t int) move  { return move{kind: game.EvPlay, arg: int32(t)} }

// event is m made by player p.
func (m move) event(p int) game.Event {
	switch m.kind {
	case game.EvPickUp:
		return game.PickUp(p, int(m.arg))
	case game.EvPlay:
		return game.PlayStop(p, int(m.arg), m.stop)
	}
	return game.Event{}
}

func (s *Sensible) decide(g *game.Game, p int) move {
	m, _, _ := s.decideOrSleep(g, p)
	return m
}

// WakeOn makes Sensible a Sleeper: it says, from the cards a waiting faller
// holds or sees, which plays and deals could make target find a use for one
// of them before the Grounds come near (when Play wakes everyone anyway). A
// card dealt to the faller covers a stack's top, so only its own kind can
// bring something new.
func (s *Sensible) WakeOn(g *game.Game, p int) (played, dealt uint32) {
	_, played, dealt = s.decideOrSleep(g, p)
	return played, dealt
}

// decideOrSleep is decide and, when the move is to wait, WakeOn in the same
// look at the faller's cards: Play asks both a hundred times a hand.
func (s *Sensible) decideOrSleep(g *game.Game, p int) (m move, played, dealt uint32) {
	v := view{g: g, p: p, late: late(g), left: -1}
	if a, ok := g.Addressed(); ok && a == p {
		// A card dealt to p may be the last of the address, which unfreezes
		// p's rider for an Extra or a Move. (A Ground needs a Stop, below.)
		dealt = allKinds &^ (1 << game.Ground)
	}
	if h := g.Hand(p); h >= 0 {
		k := g.Card(h).Kind
		if k == game.Stop && !s.NoStopGround {
			dealt |= 1 << game.Ground
		}
		return s.play(&v, k), wakeSensible(k, v.late), dealt // no pick-ups with a card in hand
	}
	var stop bool
	m, played, stop = s.pick(&v)
	if stop && !s.NoStopGround {
		dealt |= 1 << game.Ground // picks up the Stop and plays it on the Ground
	}
	if v.late {
		return m, played, dealt | allKinds&^(1<<game.Ground)
	}
	return m, played, dealt | earlyUse
}

// earlyUse is the kinds target finds a use for before the Grounds come near.
const earlyUse = 1<<game.Hit | 1<<game.Anvil | 1<<game.Extra

// wakeSensible is the kinds whose play could make target use a card of kind
// k: rider plays give an Extra, Move or Push something to work on, and a
// Move, Grab, Push or Stop frees a seat for a rider.
func wakeSensible(k game.Kind, late bool) uint32 {
	const freeing = 1<<game.Move | 1<<game.Grab | 1<<game.Push | 1<<game.Stop
	switch k {
	case game.Hit, game.Anvil:
		return freeing
	case game.Extra:
		return riderKinds | freeing
	case game.Split, game.Skip, game.Chute, game.Goggles:
		if late {
			return freeing
		}
	case game.Move, game.Grab, game.Push:
		if late {
			return riderKinds | freeing
		}
	}
	return 0 // a Stop waits for a Ground on its holder; a Ground is never picked up
}

// view is what one decision looks at. Most decisions end in waiting, so the
// left neighbour is found only when a card could go there.
type view struct {
	g    *game.Game
	p    int
	late bool
	left int // -1 until leftOf is asked
}

func (v *view) leftOf() int {
	if v.left < 0 {
		v.left = leftOf(v.g, v.p)
	}
	return v.left
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

// pick chooses a stack whose top card is worth taking now. When there is
// none it returns what WakeOn would: the plays that could change that, and
// whether a Stop is on top, to be taken if a Ground comes.
func (s *Sensible) pick(v *view) (m move, played uint32, stop bool) {
	g, p := v.g, v.p
	for st := 0; st < g.NumStacks(p); st++ {
		top := g.Top(p, st)
		if top < 0 {
			continue
		}
		k := g.Card(top).Kind
		stop = stop || k == game.Stop
		if k == game.Ground || (!v.late && earlyUse&(1<<k) == 0) {
			continue
		}
		if _, ok := s.target(v, k); ok {
			return pickUp(st), 0, false
		}
		if k == game.Stop && v.late && !s.NoStopGround {
			return pickUp(st), 0, false // hold it for the Ground
		}
		played |= wakeSensible(k, v.late)
	}
	return wait, played, stop
}

func (s *Sensible) play(v *view, k game.Kind) move {
	pp, _, ground, pending := v.g.PendingDeal()
	groundOnMe := pending && ground && pp == v.p
	if k == game.Stop {
		if groundOnMe && !s.NoStopGround {
			return move{kind: game.EvPlay, stop: game.StopDeal, arg: int32(v.p)}
		}
		return wait
	}
	if groundOnMe {
		return wait // only a Stop helps now
	}
	if t, ok := s.target(v, k); ok {
		return playOn(t)
	}
	return wait
}

// target is where card kind k is worth playing now, if anywhere.
func (s *Sensible) target(v *view, k game.Kind) (int, bool) {
	g, p := v.g, v.p
	switch k {
	case game.Hit, game.Split, game.Anvil:
		if !v.late {
			if k != game.Split && v.free(p) {
				return p, true // early: more cards for me
			}
			return 0, false
		}
		if v.free(v.leftOf()) {
			return v.leftOf(), true // late: more cards, and the Ground, for my left
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
		if v.late && v.rider(v.leftOf()) == game.Hit && v.canExtra(v.leftOf()) {
			return v.leftOf(), true
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
		if k == game.Move && v.late && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !v.frozen(p) && v.free(v.leftOf()) {
			return v.leftOf(), true // give my Hit away
		}
	case game.Push:
		mine := v.rider(p)
		if v.late && (mine == game.Hit || mine == game.Split || mine == game.Anvil) && !v.frozen(p) && v.free(v.leftOf()) {
			return v.leftOf(), true
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

// A Sleeper is a Strategy that can say what could change its mind. Play asks
// a waiting faller again only when a card of those kinds is played or dealt
// to them, or when the Grounds come near. A Strategy that is not a Sleeper
// is woken by every card dealt to it and by every play that might concern a
// card it holds or sees.
//
// Like a player watching their own cards and the others' plays, a sleeper
// does not notice the dealer's other work: a rider swept, or a faller
// knocked out, at another seat. It notices at its next wake; about six
// times a hand that is later than it could have acted (1.9 s on average).
// Waking every sleeper on every sweep would cost a quarter of the
// simulator's speed.
type Sleeper interface {
	Strategy
	// WakeOn is asked right after Act returned false for p. It returns the
	// kinds of card whose play by anyone, and whose dealing to p, could give
	// p something to do before the Grounds come near, as bit masks (1<<Kind).
	WakeOn(g *game.Game, p int) (played, dealt uint32)
}

// Player runs simulated hands. It keeps its buffers between hands so a
// simulator can play many without allocating; it is not safe for concurrent
// use: give each goroutine its own.
type Player struct {
	fallers []faller
	// next is each faller's next glance at the table, and soon the faller
	// whose glance comes first (the lowest index among equals): kept up to
	// date as glances move, so the loop need not search on every beat.
	next   []time.Duration
	soon   int
	awake  uint16 // bit i: faller i has a glance coming
	jitter uint64 // the reaction-time generator's state
}

// faller is one computer faller's place in the schedule.
type faller struct {
	s     Strategy
	sleep Sleeper   // s, when it can say what wakes it
	sens  *Sensible // s, when it is one: falling sim's hot path calls it directly
	idle  bool
	// played and dealt are, while idle, the kinds of card whose play by
	// anyone or whose dealing to this faller wakes it.
	played, dealt uint32
}

// awake has a bit for every faller: this fails to compile if they outgrow it.
const _ = uint(15 - game.MaxFallers)

// setNext moves faller i's next glance to t.
func (pl *Player) setNext(i int, t time.Duration) {
	s := pl.soon
	cur := pl.next[s]
	pl.next[i] = t
	if bit := uint16(1) << (uint(i) & 15); t == never { // i < MaxFallers < 16
		pl.awake &^= bit
	} else {
		pl.awake |= bit
	}
	if t < cur || (t == cur && i < s) {
		pl.soon = i
	} else if i == s {
		pl.rescan()
	}
}

// rescan finds the earliest glance again after the earliest moved later,
// looking only at the fallers who are not asleep: most of them are.
func (pl *Player) rescan() {
	s, cur := 0, never
	for w := pl.awake; w != 0; w &= w - 1 {
		j := bits.TrailingZeros16(w)
		if t := pl.next[j]; t < cur {
			s, cur = j, t
		}
	}
	pl.soon = s
}

// sleepOn records what wakes faller i, which has just found nothing to do.
func (f *faller) sleepOn(g *game.Game, i int) {
	f.idle = true
	switch {
	case f.sleep != nil: // a Sensible too: Play's hot path has its own
		f.played, f.dealt = f.sleep.WakeOn(g, i)
	default:
		f.played, f.dealt = wakeOnHeld(interestIn(g, i)), allKinds
	}
}

const allKinds = ^uint32(0)

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

// wakeOnHeld is, for a faller holding or seeing the kinds held, the kinds
// whose play may give them something to do: a new rider or Extra is a target
// for an Extra, Move, Push, Grab or Stop; a rider moved or stopped frees a
// seat for every rider.
func wakeOnHeld(held uint32) uint32 {
	const actions = 1<<game.Extra | 1<<game.Move | 1<<game.Push | 1<<game.Grab | 1<<game.Stop
	switch {
	case held&actions != 0:
		return allKinds
	case held != 0:
		return allKinds &^ (riderKinds | 1<<game.Extra)
	}
	return 0
}

// riderKinds are the kinds played in front of a player.
const riderKinds = 1<<game.Hit | 1<<game.Split | 1<<game.Skip | 1<<game.Anvil | 1<<game.Chute | 1<<game.Goggles

// never is a time no hand reaches: an idle faller's next glance.
const never = time.Duration(1<<63 - 1)

// react draws a reaction time: Reaction plus a uniform part below Jitter.
// The draws come from a small generator seeded from the hand's rng, as a
// hand needs a hundred of them and the rng's PCG costs several times more.
func (pl *Player) react(par *Params) time.Duration {
	if par.Jitter <= 0 {
		return par.Reaction
	}
	// wyrand: passes BigCrush and PractRand; plenty for reaction times.
	pl.jitter += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(pl.jitter, pl.jitter^0xe7037ed1a0b428db)
	hi, _ = bits.Mul64(hi^lo, uint64(par.Jitter))
	return par.Reaction + time.Duration(hi)
}

// apply applies a faller's event and shows it to observe.
func apply(g *game.Game, e game.Event, at time.Duration, observe Observer) error {
	if err := g.Apply(e); err != nil {
		return err
	}
	if observe != nil {
		observe(at, e)
	}
	return nil
}

// Play runs g to its end: the dealer steps on the beat (a Ground's landing
// waits for the Stop window), and between beats each faller acts when their
// reaction time allows. fallers[i] plays player i; a nil strategy is a faller
// who never acts (a human seat driven from outside through observe).
func (pl *Player) Play(g *game.Game, strategies []Strategy, rng *rand.Rand, par Params, observe Observer) (Result, error) {
	n := g.NumPlayers()
	if cap(pl.fallers) < n {
		pl.fallers, pl.next = make([]faller, n), make([]time.Duration, n)
	}
	fs := pl.fallers[:n]
	pl.next = pl.next[:n]
	pl.jitter = rng.Uint64()
	wasLate := false
	period := time.Duration(float64(time.Minute) / par.Tempo)
	for i := range fs {
		f := &fs[i]
		*f = faller{s: strategies[i]}
		f.sleep, _ = f.s.(Sleeper)
		f.sens, _ = f.s.(*Sensible)
		pl.next[i] = pl.react(&par)
		switch {
		case f.s == nil:
			pl.next[i] = never // a human seat, driven from outside
		case g.Hand(i) < 0 && g.NumStacks(i) == 0:
			// No card yet, so nothing to do: asleep till one comes, rather
			// than glancing at an empty place before the first deal.
			f.sleepOn(g, i)
			pl.next[i] = never
		}
	}
	pl.soon, pl.awake = 0, 0
	for i, t := range pl.next {
		pl.setNext(i, t)
	}
	// An idle faller found nothing worth doing; nothing changes for them
	// until a card reaches them or someone plays, so they sleep till then
	// instead of being asked again on every beat.
	wake := func(i int, at time.Duration) {
		if f := &fs[i]; f.idle {
			f.idle = false
			pl.setNext(i, at+pl.react(&par)/4)
		}
	}

	var res Result
	beat := time.Duration(0)
	for !g.Over() {
		// Fallers act, in time order, until the dealer's next step.
		for {
			who := pl.soon
			at := pl.next[who]
			if at >= beat {
				break
			}
			f := &fs[who]
			var played game.Kind
			if h := g.Hand(who); h >= 0 {
				played = g.Card(h).Kind
			}
			var kind game.EventKind
			if f.sens != nil {
				m, wakePlayed, wakeDealt := f.sens.decideOrSleep(g, who)
				if m.kind == 0 {
					f.idle, f.played, f.dealt = true, wakePlayed, wakeDealt
					pl.setNext(who, never)
					continue
				}
				// m.event goes straight to Apply: kept in a variable, the
				// Event is stored and reloaded, which stalls the CPU.
				if err := apply(g, m.event(who), at, observe); err != nil {
					return res, err
				}
				kind = m.kind
			} else {
				e, ok := f.s.Act(g, who, rng)
				if !ok {
					f.sleepOn(g, who)
					pl.setNext(who, never)
					continue
				}
				if err := apply(g, e, at, observe); err != nil {
					return res, err
				}
				kind = e.Kind
			}
			res.Events++
			pl.setNext(who, at+pl.react(&par))
			if kind == game.EvPlay {
				bit := uint32(1) << played
				for i := range fs {
					if fs[i].played&bit != 0 {
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
		pp, card, ground, pending := g.PendingDeal()
		switch {
		case g.Dealt() > dealt && pending && ground:
			// The seat that got the Ground reacts to it; the landing waits
			// for the Stop window.
			if fs[pp].idle {
				if fs[pp].dealt&(1<<game.Ground) != 0 {
					wake(pp, beat)
				}
			} else if t := beat + pl.react(&par); fs[pp].s != nil && t < pl.next[pp] {
				pl.setNext(pp, t)
			}
			beat += par.StopWindow
		case g.Dealt() > dealt:
			if pending && fs[pp].dealt&(1<<g.Card(card).Kind) != 0 {
				wake(pp, beat)
			}
			beat += period
		case g.InPlay() < inPlay:
			for i := range fs {
				if g.Out(i) {
					fs[i] = faller{}
					pl.setNext(i, never)
				}
			}
			beat += period
		default:
			beat += period / 4 // a sweep or a pass takes the dealer a moment
		}
		if l := late(g); l != wasLate {
			wasLate = l
			for i := range fs {
				wake(i, beat)
			}
		}
	}
	res.Winner, res.Dealt, res.Passes, res.Duration = g.Winner(), g.Dealt(), g.Passes(), beat
	return res, nil
}
