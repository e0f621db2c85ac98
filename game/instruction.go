package game

import "fmt"

// Action is what the dealer must do next.
type Action uint8

const (
	ActDeal  Action = iota + 1 // deal one card into Stack of Player
	ActSweep                   // sweep the rider and/or its Extras to the discard pile
	ActPass                    // nothing for Player this pass: a Chute is left in place
	ActLand                    // the Ground dealt to Player lands: they are out
	ActOver                    // the hand is over: Player won and deals next
)

var actionNames = [...]string{"?", "deal", "sweep", "pass", "land", "over"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Instruction answers the dealer's "what now".
type Instruction struct {
	Action Action
	Player int // the faller concerned
	Seat   int // their seat
	// For ActDeal: the stack to deal into (left to right), whether it is a new
	// one, and whether the deck is empty so the dealer announces an
	// imaginary Ground instead.
	Stack     int
	NewStack  bool
	Imaginary bool
	// Shown is Stack as the screens number it (Game.StackNumber), where
	// that is not Stack+1: mid-address a stack said not there is kept,
	// empty, and not counted ("Extra stacks disappear once they are
	// empty"), so the dealer is told the stack the table has in that
	// place. 0 where the two agree.
	Shown int `json:",omitempty"`
	// Emptied is set for a deal into a stack the engine keeps empty
	// mid-address (its only card played, or the stack said not there):
	// the table has no stack there ("Extra stacks disappear once they are
	// empty"), so the dealer is told to start one, never the number of
	// another. NewStack stays false: the address's plan still names that
	// place, and the dealer may yet say it is not there (stackGone).
	Emptied bool `json:",omitempty"`
	// Due is how many cards this address still deals, this one included:
	// what the seat's light shows.
	Due int
	// First is set on the first action of an address: at a real table the
	// dealer scans the rider now, before dealing.
	First bool
	// The rider in force for this address (NoKind for none) and its Extras.
	Rider  Kind `json:",omitempty"`
	Extras int
	// For ActSweep: whether the rider itself goes, and how many Extras.
	SweepRider  bool
	SweepExtras int
	// Leave is set when the rider is permanent and stays after this address.
	Leave bool
}

// ClosesAddress reports whether in is a sweep (or a pass) that ends the
// address under way, not one that starts a seat's turn: the dealer does it
// on the beat, and the next card read implies it.
func (in Instruction) ClosesAddress() bool {
	return (in.Action == ActSweep || in.Action == ActPass) && !in.First
}

// AddressBegan reports whether the event that took the engine from in to
// next began the address in opens (one whose First is set): the engine is
// then in the middle of that faller's address, or already at the first
// action of another faller's. "Once the dealer is addressing a player, no
// one can affect the deal by meddling with the rider." A card read late
// for the address before (its rider's Extra, read after the beat confirmed
// its sweep) takes the engine back to it (see lateRun): next is then a
// first action for the same faller again, and the address has not begun.
// The dealer and the audit both mark an address from this, so they agree
// on when each one began.
func (in Instruction) AddressBegan(next Instruction) bool {
	if !in.First || (in.Action != ActDeal && in.Action != ActSweep && in.Action != ActPass) {
		return false
	}
	return next.First != (next.Player == in.Player)
}

// Where is the stack of a deal as the table names it: "a new stack" where
// the dealer starts one (NewStack, Emptied), else "stack K" counted as the
// screens count the table's stacks (Shown where it differs from Stack+1).
func (in Instruction) Where() string {
	switch {
	case in.NewStack || in.Emptied:
		return "a new stack"
	case in.Shown > 0:
		return fmt.Sprintf("stack %d", in.Shown)
	}
	return fmt.Sprintf("stack %d", in.Stack+1)
}

// StartsStack reports whether the dealer starts a stack with this deal,
// as the table sees it: one the engine plans (NewStack) or one the engine
// keeps empty mid-address (Emptied).
func (in Instruction) StartsStack() bool { return in.NewStack || in.Emptied }

func (in Instruction) String() string {
	switch in.Action {
	case ActDeal:
		what := "a card"
		if in.Imaginary {
			what = "an imaginary Ground"
		}
		return fmt.Sprintf("deal %s to seat %d, %s (%d due)", what, in.Seat, in.Where(), in.Due)
	case ActSweep:
		s := fmt.Sprintf("seat %d: sweep", in.Seat)
		if in.SweepRider {
			s += " the " + in.Rider.String()
		}
		if in.SweepExtras > 0 {
			s += fmt.Sprintf(" %d Extra(s)", in.SweepExtras)
		}
		if in.Leave {
			s += ", leave the " + in.Rider.String()
		}
		return s
	case ActPass:
		return fmt.Sprintf("seat %d: %v, no cards; leave it", in.Seat, in.Rider)
	case ActLand:
		return fmt.Sprintf("seat %d hits the ground", in.Seat)
	case ActOver:
		return fmt.Sprintf("seat %d wins and deals next", in.Seat)
	}
	return in.Action.String()
}

// Next tells what the dealer's next step will do, without doing it.
func (g *Game) Next() Instruction {
	if g.winner >= 0 {
		return Instruction{Action: ActOver, Player: g.winner, Seat: g.players[g.winner].seat}
	}
	if g.pendingIsGround() {
		p := g.pend.player
		return Instruction{Action: ActLand, Player: p, Seat: g.players[p].seat}
	}
	a := g.addr
	first := false
	if !a.active {
		g.plan(g.peekNext(), &a)
		first = true
	}
	a.skipGone()
	return g.instruction(&a, first)
}

func (g *Game) instruction(a *address, first bool) Instruction {
	in := Instruction{Player: a.player, Seat: g.players[a.player].seat, First: first,
		Rider: a.kind, Extras: a.extras, Leave: a.kind.IsPermanent()}
	switch {
	case a.done < a.deals():
		s := a.slot(a.done)
		in.Action, in.Stack, in.Due = ActDeal, s, a.due()
		stacks := g.players[a.player].stacks
		beyond := s >= len(stacks)
		empty := beyond || len(stacks[s]) == 0
		in.NewStack = beyond || (empty && !a.active)
		in.Emptied = empty && !in.NewStack
		in.Imaginary = len(g.deck) == 0
		if n := g.StackNumber(a.player, s); n > 0 && n != s+1 {
			in.Shown = n
		}
	case a.sweep > 0:
		in.Action, in.SweepRider = ActSweep, a.sweepRide
		in.SweepExtras = a.sweep
		if a.sweepRide {
			in.SweepExtras--
		}
	default:
		in.Action = ActPass
	}
	return in
}

func (g *Game) peekNext() int {
	p := g.turn
	for range g.players {
		if !g.players[p].out {
			return p
		}
		p = g.after(p)
	}
	return 0
}
