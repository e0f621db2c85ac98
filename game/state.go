package game

import (
	"errors"
	"fmt"
	"slices"
)

// maxCards bounds a deck so card indices stay small and a hostile deck file
// cannot make the engine allocate without limit.
const maxCards = 1024

// MinFallers and MaxFallers bound the fallers of one hand: the table has up
// to 12 seats, one of them the dealer's, and FALLING needs at least two
// fallers for one to be the last.
const (
	MinFallers = 2
	MaxFallers = 11
)

// Game.untidy has a bit for every faller: this fails to compile if they
// outgrow it.
const _ = uint(15 - MaxFallers)

// Zone is where a card is.
type Zone uint8

const (
	InDeck Zone = iota
	InStack
	InHand
	AsRider
	AsExtra
	InDiscard
)

var zoneNames = [...]string{"deck", "stack", "hand", "rider", "extra", "discard"}

func (z Zone) String() string {
	if int(z) < len(zoneNames) {
		return zoneNames[z]
	}
	return fmt.Sprintf("Zone(%d)", uint8(z))
}

// Place is where one card is: a zone, and for the player zones whose.
type Place struct {
	Zone   Zone
	Player int // for InStack, InHand, AsRider, AsExtra
	Stack  int // for InStack: index of the stack, left to right
}

type player struct {
	seat int
	out  bool
	// outPass is the pass in which the faller hit the ground (g.passes
	// then), while out: a rider they played before lies unmet only until
	// the seat it lies at has had one more turn (unmetSinceOut).
	outPass int
	stacks  [][]int // each bottom to top
	hand    int     // card index, or -1
	rider   int     // card index, or -1
	extras  []int   // in the order played
}

// address is the dealer's work on one player during one pass. It is frozen
// when it starts: "Once the dealer is addressing a player, no one can affect
// the deal by meddling with the rider."
type address struct {
	active    bool
	player    int
	rider     int    // the rider in force, or -1
	kind      Kind   // its kind, NoKind for none
	extras    int    // Extras on it when the address began
	slots     int    // stacks dealt into per round (at least 1: a new stack)
	rounds    int    // cards per stack
	newStacks int    // Split: stacks started after the rounds
	done      int    // deals made so far
	sweep     int    // cards to sweep at the end: sweepRider first, then Extras
	sweepRide bool   // the rider itself is swept
	pass      bool   // nothing to deal and nothing to sweep (a bare Chute)
	gone      uint64 // slots the dealer reported gone (table mode)
}

// skipGone moves past deals planned into stacks reported gone.
func (a *address) skipGone() {
	for a.gone != 0 && a.done < a.deals() {
		if s := a.slot(a.done); s < 64 && a.gone&(1<<s) != 0 {
			a.done++
			continue
		}
		return
	}
}

func (a *address) deals() int { return a.rounds*a.slots + a.newStacks }

// slot is the stack the k-th deal of an address goes into: round by round
// through the stacks the player had, then the new stacks of a Split.
func (a *address) slot(k int) int {
	n := a.rounds * a.slots
	switch {
	case k >= n:
		return a.slots + k - n
	case k < a.slots:
		return k // the first round, most deals: no division needed
	}
	return k % a.slots
}

// due is how many cards the address still deals, the next one included:
// the deals planned into stacks the dealer reported gone are not dealt, so
// they are not due either.
func (a *address) due() int {
	n := a.deals() - a.done
	if a.gone == 0 {
		return n
	}
	for k := a.done; k < a.deals(); k++ {
		if s := a.slot(k); s < 64 && a.gone&(1<<s) != 0 {
			n--
		}
	}
	return n
}

// noneDealt reports whether the address has dealt no card yet: every deal
// it has moved past went to a stack reported gone.
func (a *address) noneDealt() bool {
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			return false
		}
	}
	return true
}

// dealtSoFar counts the cards the address has dealt: the deals it has
// moved past, but for those planned into stacks reported gone.
func (a *address) dealtSoFar() int {
	n := 0
	for k := range a.done {
		if s := a.slot(k); s >= 64 || a.gone&(1<<s) == 0 {
			n++
		}
	}
	return n
}

// pending is the last card dealt, which its receiver may still Stop.
type pending struct {
	active bool
	player int
	card   int  // -1 for an imaginary Ground
	ground bool // the card is a Ground: asked on every dealer step
	// claimed: the faller the Ground is dealt to pressed in its window
	// (EvPress), "N's Stop claim": only then is a Stop from the deck taken
	// for a card dealt by hand they held long (heldStop).
	claimed bool
}

// lastPlay is what a classic Stop may cancel "as it is being played".
type lastPlay struct {
	active bool
	kind   Kind // the kind of card played
	card   int
	by     int
	target int // the player whose rider slot received it
	from   int // for Move/Push/Grab: where the rider came from
}

// Game is one hand of FALLING. It is a pure state machine: Apply takes an
// event and either moves the state or refuses with a *RuleError and leaves
// it untouched. It never reads a clock or does I/O, so a hand replays
// exactly from its events.
type Game struct {
	opt      Rules
	cards    []Card
	index    map[string]int // card ID → index
	where    []Place
	deck     []int // bottom first: the top card is the last element
	ordered  bool  // the order of deck is known (simulation), not just its contents
	discard  []int
	players  []player
	turn     int    // the next player to address
	lastAddr int    // the player addressed last
	addrSeq  uint64 // numbers addresses, so table mode knows what was shown at this one
	passes   int
	addr     address
	pend     pending
	last     lastPlay
	winner   int
	dealt    int
	imag     int
	// groundsOut: the step being made deals from a deck the table has
	// emptied, whatever the engine still believes in it (dealImaginary).
	// Set only for the length of that step, so it is in no copy or digest.
	groundsOut bool
	applied    uint64
	inPlay     int    // fallers not out
	grounds    int    // Grounds in the deck
	untidy     uint16 // a bit for each player who may have an empty stack (see emptied)
	table      tableState
	undo       *Game // scratch copy for rolling back an observation
	// dealClaim is the last press of the faller the light asks a card
	// for where only a Ground can come (live until spent or the hand
	// restarts), with dealt, the deals made when it came: a Stop read
	// while the light still asks them for that card (claimHolds), only a
	// Ground to be dealt (OnlyGroundsDue), saved them from a Ground dealt
	// unread (stoppedUnread). A plain value, copied with the hand.
	dealClaim struct {
		live   bool
		player int
		dealt  int
	}

	// allGrounds is how many Grounds the cards hold, counted when the deck
	// changes rather than every hand: each hand starts with all of them in
	// the deck.
	allGrounds int
}

// Config is what a hand starts from.
type Config struct {
	Rules Rules
	// Seats are the physical seats of the fallers in dealing order,
	// clockwise from the dealer's left. Player i in events is Seats[i].
	Seats []int
	// Deck lists the cards top first when Ordered, or in any order when the
	// order is unknown (a real table: the engine learns each card as it is
	// scanned).
	Deck    []Card
	Ordered bool
	// Order, if set, is the deck's order as indices into Deck, top first:
	// the simulator shuffles this instead of the cards so the engine can
	// keep its card index from hand to hand.
	Order []int
}

// ErrConfig is wrapped by every error of New.
var ErrConfig = errors.New("bad hand configuration")

// New starts a hand.
func New(cfg Config) (*Game, error) {
	g := &Game{}
	if err := g.Reset(cfg); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset starts a new hand in g, reusing its memory: the simulator plays
// hundreds of thousands of hands without allocating.
func (g *Game) Reset(cfg Config) error {
	n := len(cfg.Seats)
	if n < MinFallers || n > MaxFallers {
		return fmt.Errorf("%w: %d fallers, want %d to %d", ErrConfig, n, MinFallers, MaxFallers)
	}
	// At most 11 seats: looking back over the seats before each one is
	// cheaper than a set, and allocates nothing on the simulator's path.
	for i, s := range cfg.Seats {
		if s < 1 || slices.Contains(cfg.Seats[:i], s) {
			return fmt.Errorf("%w: seat %d is not a seat number or is listed twice", ErrConfig, s)
		}
	}
	same := g.index != nil && sameDeck(g.cards, cfg.Deck)
	if !same {
		if err := ValidateDeck(cfg.Deck); err != nil {
			return fmt.Errorf("%w: %w", ErrConfig, err)
		}
	}
	if err := checkOrder(cfg.Order, len(cfg.Deck), cfg.Order != nil); err != nil {
		return err
	}
	// Nothing below can fail: a refused Reset leaves g as it was.
	cfg.Rules.copyTo(&g.opt)
	if !same {
		g.cards = append(g.cards[:0], cfg.Deck...)
		g.index = make(map[string]int, len(cfg.Deck))
		g.allGrounds = 0
		for i, c := range g.cards {
			g.index[c.ID] = i
			if c.Kind == Ground {
				g.allGrounds++
			}
		}
	}
	g.where = resize(g.where, len(g.cards))
	g.deck = resize(g.deck, len(g.cards))
	if cfg.Order == nil {
		d, top := g.deck, len(g.deck) // the cards are listed top first; the top is dealt last
		for i := range d {
			top--
			d[i] = top
		}
	} else {
		fillDeck(g.deck, cfg.Order)
	}
	g.ordered = cfg.Ordered
	if cap(g.players) < n {
		g.players = make([]player, n)
	}
	g.players = g.players[:n]
	for i, s := range cfg.Seats {
		g.players[i].seat = s
	}
	g.restart()
	return nil
}

// Redeal starts the next hand at the same table: the rules, fallers and
// deck of the last Reset, the deck dealt in order (top first, as indices
// into that deck, like Config.Order). The simulator plays hand after hand
// this way without having the deck and the seats checked again. After an
// error g is as it was.
func (g *Game) Redeal(order []int) error {
	if g.index == nil || len(g.players) < MinFallers {
		return fmt.Errorf("%w: Redeal before a Reset has seated the fallers", ErrConfig)
	}
	if err := checkOrder(order, len(g.cards), true); err != nil {
		return err
	}
	g.deck = resize(g.deck, len(g.cards)) // dealing shortened it
	fillDeck(g.deck, order)
	g.restart()
	return nil
}

// restart puts every card in the deck and every faller in, with nothing in
// play: the part of a new hand that Reset and Redeal share.
func (g *Game) restart() {
	clear(g.where) // the zero Place is InDeck, where every card starts
	g.grounds = g.allGrounds
	g.inPlay = len(g.players)
	g.discard = g.discard[:0]
	for i := range g.players {
		// Field by field, every one of them: a literal would cost a third of
		// this loop. The stacks and Extras keep their memory, and appendStack
		// empties a stack again when it reuses it.
		p := &g.players[i]
		p.out, p.outPass, p.hand, p.rider = false, 0, -1, -1
		p.stacks, p.extras = p.stacks[:0], p.extras[:0]
	}
	g.lastAddr, g.addrSeq = -1, 0
	g.turn, g.passes, g.winner, g.dealt, g.imag, g.applied, g.untidy = 0, 0, -1, 0, 0, 0, 0
	g.addr, g.pend, g.last = address{}, pending{}, lastPlay{}
	g.dealClaim.live = false
	g.table.reset()
}

// checkOrder refuses an order (when there is one) that is not a
// permutation of a deck of n cards. It runs every hand and keeps out of
// line, where its loop does not depend on what Reset keeps in registers.
//
//go:noinline
func checkOrder(order []int, n int, given bool) error {
	if !given {
		return nil
	}
	if len(order) != n {
		return fmt.Errorf("%w: the order lists %d cards of a %d-card deck", ErrConfig, len(order), n)
	}
	var seen [maxCards / 64]uint64 // a bit per card: ValidateDeck bounds the deck
	for _, c := range order {
		u := uint(c)
		if u >= uint(n) {
			return fmt.Errorf("%w: the order names card %d of a %d-card deck", ErrConfig, c, n)
		}
		w, bit := &seen[u/64], uint64(1)<<(u%64)
		if *w&bit != 0 {
			return fmt.Errorf("%w: the order names card %d twice", ErrConfig, c)
		}
		*w |= bit
	}
	return nil
}

// fillDeck lays order, top first, into deck, top last; checkOrder has
// passed it.
func fillDeck(deck, order []int) {
	top := len(deck)
	for _, c := range order {
		top--
		deck[top] = c
	}
}

// sameDeck reports whether Reset may keep the cards and their index. It
// runs every hand, so it is written for the compiler: the Kind and the ID
// compared apart, counting down, and out of line, leave the least to
// reload after each call that compares an ID's bytes (inlined in Reset,
// with all that Reset keeps live, it cost some 300 instructions more).
//
//go:noinline
func sameDeck(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	b = b[:len(a)]
	for i := len(a) - 1; i >= 0; i-- {
		if a[i].Kind != b[i].Kind {
			return false
		}
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// Rules returns the options this hand is played under.
func (g *Game) Rules() Rules { return g.opt }

// NumPlayers is how many fallers the hand started with.
func (g *Game) NumPlayers() int { return len(g.players) }

// NumCards is the size of the deck the hand started with.
func (g *Game) NumCards() int { return len(g.cards) }

// Card returns card i.
func (g *Game) Card(i int) Card { return g.cards[i] }

// CardIndex finds a card by ID.
func (g *Game) CardIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}

// Where tells where card i is.
func (g *Game) Where(i int) Place { return g.where[i] }

// Seat is player p's physical seat.
func (g *Game) Seat(p int) int { return g.players[p].seat }

// PlayerAt finds the player sitting at seat, or -1.
func (g *Game) PlayerAt(seat int) int {
	for i := range g.players {
		if g.players[i].seat == seat {
			return i
		}
	}
	return -1
}

// Out reports whether player p has hit the ground.
func (g *Game) Out(p int) bool { return g.players[p].out }

// Hand is the card player p holds, or -1.
func (g *Game) Hand(p int) int { return g.players[p].hand }

// Rider is the rider in front of player p, or -1.
func (g *Game) Rider(p int) int { return g.players[p].rider }

// Extras are the Extras on player p's rider, in the order played. The slice
// is the engine's own: read it, do not keep or change it.
func (g *Game) Extras(p int) []int { return g.players[p].extras }

// NumStacks is how many stacks player p has.
func (g *Game) NumStacks(p int) int { return len(g.players[p].stacks) }

// Stack is player p's stack s, bottom first. The slice is the engine's own.
func (g *Game) Stack(p, s int) []int { return g.players[p].stacks[s] }

// Top is the top card of player p's stack s, or -1 when it is empty.
func (g *Game) Top(p, s int) int {
	st := g.players[p].stacks[s]
	if len(st) == 0 {
		return -1
	}
	return st[len(st)-1]
}

// StackNumber is player p's stack s as the screens number it, from 1:
// only the stacks with a card in them count. Mid-address the engine keeps
// a stack the dealer said was not there, empty, until the address is done
// (tidy), where the table has none: "Extra stacks disappear once they
// are empty". Counted as the table counts them, the number the dealer is
// asked about (AskStack) and the stack the screen draws with that number
// are the one the dealer sees there. 0 if stack s is empty or none.
func (g *Game) StackNumber(p, s int) int {
	if s < 0 || s >= len(g.players[p].stacks) || len(g.players[p].stacks[s]) == 0 {
		return 0
	}
	n := 0
	for _, st := range g.players[p].stacks[:s+1] {
		if len(st) > 0 {
			n++
		}
	}
	return n
}

// StackNumbered is player p's stack the screens number k (StackNumber), -1
// if p has none.
func (g *Game) StackNumbered(p, k int) int {
	for s, st := range g.players[p].stacks {
		if len(st) == 0 {
			continue
		}
		if k--; k == 0 {
			return s
		}
	}
	return -1
}

// DeckSize is how many physical cards are left to deal.
func (g *Game) DeckSize() int { return len(g.deck) }

// Discards is the discard pile, oldest first. The slice is the engine's own.
func (g *Game) Discards() []int { return g.discard }

// Winner is the winning player, or -1 while the hand goes on.
func (g *Game) Winner() int { return g.winner }

// Over reports whether the hand has a winner.
func (g *Game) Over() bool { return g.winner >= 0 }

// Passes is how many times the dealer has started round the table.
func (g *Game) Passes() int { return g.passes }

// Dealt is how many cards were dealt, imaginary Grounds included.
func (g *Game) Dealt() int { return g.dealt }

// ImaginaryGrounds is how many imaginary Grounds were dealt.
func (g *Game) ImaginaryGrounds() int { return g.imag }

// Applied is how many events the engine accepted.
func (g *Game) Applied() uint64 { return g.applied }

// InPlay is how many fallers have not hit the ground.
func (g *Game) InPlay() int { return g.inPlay }

// Addressed reports which player the dealer is addressing, if any. While a
// player is addressed their rider cannot be changed.
func (g *Game) Addressed() (int, bool) { return g.addr.player, g.addr.active }

// PendingDeal reports the last card dealt while its receiver may still Stop
// it: the player, the card (-1 for an imaginary Ground), and whether it is a
// Ground.
func (g *Game) PendingDeal() (player, card int, ground, ok bool) {
	if !g.pend.active {
		return -1, -1, false, false
	}
	return g.pend.player, g.pend.card, g.pendingIsGround(), true
}

func (g *Game) pendingIsGround() bool {
	return g.pend.active && g.pend.ground
}

// GroundsInDeck is how many Grounds are still in the deck. Fallers can see
// it too: the Grounds wait at the bottom, so the deck's thickness tells how
// near they are.
func (g *Game) GroundsInDeck() int { return g.grounds }
