package game

import (
	"errors"
	"fmt"
)

// Legal appends to buf every event player p could make now (pick-ups and
// plays), and returns it. Every event it lists is accepted by Apply; the
// simulator's random fallers draw from it and the property tests hold the
// engine to it.
func (g *Game) Legal(p int, buf []Event) []Event {
	if g.winner >= 0 || p < 0 || p >= len(g.players) || g.players[p].out {
		return buf
	}
	pl := &g.players[p]
	if pl.hand < 0 {
		for s, st := range pl.stacks {
			if len(st) > 0 && g.cards[st[len(st)-1]].Kind != Ground {
				buf = append(buf, PickUp(p, s))
			}
		}
		return buf
	}
	k := g.cards[pl.hand].Kind
	groundOnMe := g.pend.active && g.pend.player == p && g.pendingIsGround()
	if groundOnMe && k != Stop {
		return buf
	}
	n := len(g.players)
	switch {
	case k.IsRider():
		for t := 0; t < n; t++ {
			if !g.players[t].out && g.players[t].rider < 0 {
				buf = append(buf, Play(p, t))
			}
		}
	case k == Extra:
		for t := 0; t < n; t++ {
			tp := &g.players[t]
			if !tp.out && tp.rider >= 0 && !g.frozen(t) && g.opt.extrasAllowed(len(tp.extras)) {
				buf = append(buf, Play(p, t))
			}
		}
	case k == Move:
		for t := 0; t < n; t++ {
			tp := &g.players[t]
			if t == p || tp.out {
				continue
			}
			if (pl.rider >= 0) != (tp.rider >= 0) {
				from := p
				if tp.rider >= 0 {
					from = t
				}
				if !g.frozen(from) {
					buf = append(buf, Play(p, t))
				}
			}
		}
	case k == Push:
		if pl.rider >= 0 && !g.frozen(p) {
			for t := 0; t < n; t++ {
				if t != p && !g.players[t].out && g.players[t].rider < 0 {
					buf = append(buf, Play(p, t))
				}
			}
		}
	case k == Grab:
		if pl.rider < 0 {
			for t := 0; t < n; t++ {
				if t != p && !g.players[t].out && g.players[t].rider >= 0 && !g.frozen(t) {
					buf = append(buf, Play(p, t))
				}
			}
		}
	case k == Stop:
		if g.pend.active && g.pend.player == p && (g.pendingIsGround() || g.opt.StopCancelsDealtCard) {
			buf = append(buf, PlayStop(p, p, StopDeal))
		}
		if groundOnMe {
			return buf
		}
		if g.opt.StopDiscardsRider {
			for t := 0; t < n; t++ {
				if !g.players[t].out && g.players[t].rider >= 0 && !g.frozen(t) {
					buf = append(buf, PlayStop(p, t, StopRider))
				}
			}
		}
		if g.opt.StopCancelsPlay && g.last.active && g.cancellable() {
			buf = append(buf, PlayStop(p, g.last.target, StopPlay))
		}
	}
	return buf
}

// cancellable reports whether cancelLast would succeed, without doing it.
func (g *Game) cancellable() bool {
	l := g.last
	tp := &g.players[l.target]
	if g.frozen(l.target) {
		return false
	}
	switch {
	case l.kind.IsRider():
		return tp.rider == l.card
	case l.kind == Extra:
		return len(tp.extras) > 0 && tp.extras[len(tp.extras)-1] == l.card
	}
	return tp.rider >= 0 && g.players[l.from].rider < 0
}

// ErrInvariant is wrapped by every failure of Check.
var ErrInvariant = errors.New("engine invariant broken")

// Check verifies the state's invariants: every card is in exactly one place
// and that place is the one Where reports; no rider without its player, no
// Extra without a rider, no more Extras than the rules allow; the Grounds
// counted in the deck (GroundsInDeck: the dealer's display, its tempo, the
// bots' "the Grounds are near") are the Grounds it holds. The engine
// never breaks them; Check is how the tests and a replay prove it.
func (g *Game) Check() error {
	seen := make([]int, len(g.cards))
	at := func(c int, want Place) error {
		if c < 0 || c >= len(g.cards) {
			return fmt.Errorf("%w: card index %d", ErrInvariant, c)
		}
		seen[c]++
		if g.where[c] != want {
			return fmt.Errorf("%w: %v is at %+v but Where says %+v", ErrInvariant, g.cards[c], want, g.where[c])
		}
		return nil
	}
	for _, c := range g.deck {
		if err := at(c, Place{Zone: InDeck}); err != nil {
			return err
		}
	}
	for _, c := range g.discard {
		if err := at(c, Place{Zone: InDiscard}); err != nil {
			return err
		}
	}
	for p := range g.players {
		pl := &g.players[p]
		for s, st := range pl.stacks {
			if len(st) == 0 && g.untidy&(1<<p) == 0 {
				return fmt.Errorf("%w: seat %d's stack %d is empty, and tidy would keep it", ErrInvariant, pl.seat, s+1)
			}
			for _, c := range st {
				if err := at(c, Place{Zone: InStack, Player: p, Stack: s}); err != nil {
					return err
				}
			}
		}
		if pl.hand >= 0 {
			if err := at(pl.hand, Place{Zone: InHand, Player: p}); err != nil {
				return err
			}
		}
		if pl.rider >= 0 {
			if !g.cards[pl.rider].Kind.IsRider() {
				return fmt.Errorf("%w: %v lies as a rider", ErrInvariant, g.cards[pl.rider])
			}
			if err := at(pl.rider, Place{Zone: AsRider, Player: p}); err != nil {
				return err
			}
		} else if len(pl.extras) > 0 {
			return fmt.Errorf("%w: seat %d has Extras but no rider", ErrInvariant, pl.seat)
		}
		if g.opt.MaxExtras > 0 && len(pl.extras) > g.opt.MaxExtras {
			return fmt.Errorf("%w: seat %d's rider has %d Extras", ErrInvariant, pl.seat, len(pl.extras))
		}
		for _, x := range pl.extras {
			if err := at(x, Place{Zone: AsExtra, Player: p}); err != nil {
				return err
			}
		}
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("%w: %v is in %d places", ErrInvariant, g.cards[c], n)
		}
	}
	grounds := 0
	for _, c := range g.deck {
		if g.cards[c].Kind == Ground {
			grounds++
		}
	}
	if grounds != g.grounds {
		return fmt.Errorf("%w: %d Grounds in the deck, but GroundsInDeck says %d", ErrInvariant, grounds, g.grounds)
	}
	if g.winner >= 0 && g.InPlay() != 1 {
		return fmt.Errorf("%w: a winner with %d fallers in", ErrInvariant, g.InPlay())
	}
	return nil
}
