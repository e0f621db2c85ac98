package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// DeckSpec says which built-in deck to make for simulation. At a real table
// the deck is whatever cards the group enrolled.
type DeckSpec struct {
	// Move selects the 2014 card mix (Push and Grab merged into Move)
	// instead of the original 1998 one.
	Move bool `json:"move"`
	// The expert permanent riders, each switchable ("try adding one or more of
	// these cards").
	Anvil   bool `json:"anvil"`
	Chute   bool `json:"chute"`
	Goggles bool `json:"goggles"`
	// Beginner keeps only the riders and the Grounds: "Start with just the
	// riders and Grounds, then add Extra, Stop, and Move."
	Beginner bool `json:"beginner"`
}

// Original deck counts (rules/README.md): 12 Skip, 12 Hit, 6 Stop, 5 Split,
// 5 Extra, 5 Grab, 4 Push, 5 Ground = 54 cards.
var originalCounts = []struct {
	k Kind
	n int
}{{Skip, 12}, {Hit, 12}, {Stop, 6}, {Split, 5}, {Extra, 5}, {Grab, 5}, {Push, 4}, {Ground, 5}}

// NewDeck builds a built-in deck. Card IDs are the kind and a number
// ("hit-3"), stable for a given spec.
func NewDeck(spec DeckSpec) []Card {
	var cards []Card
	add := func(k Kind, n int) {
		for i := 1; i <= n; i++ {
			cards = append(cards, Card{ID: fmt.Sprintf("%s-%d", lower(k), i), Kind: k})
		}
	}
	for _, c := range originalCounts {
		switch {
		case spec.Beginner && !c.k.IsRider() && c.k != Ground:
		case spec.Move && (c.k == Push || c.k == Grab):
		default:
			add(c.k, c.n)
		}
	}
	if spec.Move && !spec.Beginner {
		add(Move, 9) // the 9 Push and Grab become 9 Move
	}
	if spec.Anvil {
		add(Anvil, 1)
	}
	if spec.Chute {
		add(Chute, 1)
	}
	if spec.Goggles {
		add(Goggles, 1)
	}
	return cards
}

func lower(k Kind) string {
	b := []byte(k.String())
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Shuffle orders deck for dealing, as the rulebook says: "separate the Ground
// cards from the deck ... Shuffle the rest of the cards, and put the Grounds
// at the bottom." The result lists cards top first. rng must not be nil.
func Shuffle(deck []Card, rng *rand.Rand) []Card {
	out := make([]Card, 0, len(deck))
	var grounds []Card
	for _, c := range deck {
		if c.Kind == Ground {
			grounds = append(grounds, c)
		} else {
			out = append(out, c)
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return append(out, grounds...)
}

// ErrDeck is wrapped by every deck validation error.
var ErrDeck = errors.New("bad deck")

// ValidateDeck checks that every card has a kind and an ID no other card has.
func ValidateDeck(deck []Card) error {
	seen := make(map[string]int, len(deck))
	for i, c := range deck {
		if !c.Kind.Valid() {
			return fmt.Errorf("%w: card %d (%q) has no kind", ErrDeck, i+1, c.ID)
		}
		if c.ID == "" {
			return fmt.Errorf("%w: card %d (%v) has no ID", ErrDeck, i+1, c.Kind)
		}
		if j, dup := seen[c.ID]; dup {
			return fmt.Errorf("%w: cards %d and %d share the ID %q", ErrDeck, j+1, i+1, c.ID)
		}
		seen[c.ID] = i
	}
	if len(deck) > maxCards {
		return fmt.Errorf("%w: %d cards, at most %d", ErrDeck, len(deck), maxCards)
	}
	return nil
}

// SeatsAfter lists the fallers of a hand dealt from seat dealer: every other
// seat of the table, clockwise from the dealer's left ("Starting with the
// player to your left, deal cards one at a time clockwise"). seats is the
// table's seats in clockwise order.
func SeatsAfter(dealer int, seats []int) []int {
	out := make([]int, 0, len(seats))
	at := -1
	for i, s := range seats {
		if s == dealer {
			at = i
		}
	}
	for i := 1; i <= len(seats); i++ {
		s := seats[(at+i+len(seats))%len(seats)]
		if s != dealer {
			out = append(out, s)
		}
	}
	return out
}
