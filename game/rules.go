package game

import (
	"fmt"
	"strings"
)

// Rules are the rule differences between the three sources in rules/, each a
// switch of its own so a group can mix them. The zero value is not a rule set;
// start from Official(), Classic() or French().
type Rules struct {
	// Name is what the table calls this mix ("official", "classic", ...).
	Name string `json:"name"`

	// MaxExtras is how many Extras one rider may carry. Official: 1 ("A rider
	// can only have one Extra at a time"). Classic: 0, meaning no limit ("It is
	// permissible to play more than one Extra on a single card").
	MaxExtras int `json:"max_extras"`

	// ExtraDoublesHit makes an Extra double a Hit instead of adding one card
	// per stack: the French summary's "le donneur donne 4 cartes au lieu de
	// deux". Official and classic: Hit+Extra = 3 cards per stack.
	ExtraDoublesHit bool `json:"extra_doubles_hit"`

	// StopDiscardsRider lets a Stop discard any rider at any time (official:
	// "You can use it to discard any rider").
	StopDiscardsRider bool `json:"stop_discards_rider"`

	// StopCancelsPlay lets a Stop cancel the card just played, "as it is being
	// played" (classic). The Stop and that card are discarded.
	StopCancelsPlay bool `json:"stop_cancels_play"`

	// StopCancelsDealtCard lets a Stop cancel any single card as it is dealt to
	// the player, not only a Ground (French: "cette carte annule l'effet d'une
	// seule distribution de carte"). The card goes back on top of the deck.
	StopCancelsDealtCard bool `json:"stop_cancels_dealt_card"`
}

// Official is the default rule set: rules/000_…, the 2014 rulebook.
func Official() Rules {
	return Rules{Name: "official", MaxExtras: 1, StopDiscardsRider: true}
}

// Classic is the 1998 edition as remembered in rules/002_…: Push and Grab
// (a deck matter), Extras stack, a Stop cancels a card as it is played.
func Classic() Rules {
	return Rules{Name: "classic", MaxExtras: 0, StopCancelsPlay: true}
}

// French is the house summary in rules/001_…: an Extra doubles a Hit, a Stop
// cancels one single dealt card.
func French() Rules {
	return Rules{Name: "french", MaxExtras: 1, ExtraDoublesHit: true, StopCancelsDealtCard: true}
}

// A named rule set, with the deck it is played with when the cards are
// simulated (a real table plays whatever deck it enrolled).
type namedRules struct {
	name string
	opt  func() Rules
	deck DeckSpec
}

var ruleSets = []namedRules{
	{"official", Official, DeckSpec{Move: true}},
	{"classic", Classic, DeckSpec{}},
	{"french", French, DeckSpec{}},
	// "Dans un premier temps, on ne jouera qu'avec les cartes Skip, Hit et
	// Split": the French rules with the beginner's deck.
	{"beginner", func() Rules { o := French(); o.Name = "beginner"; return o }, DeckSpec{Beginner: true}},
}

// RuleSetNames lists the named rule sets, the default first.
func RuleSetNames() []string {
	names := make([]string, len(ruleSets))
	for i, r := range ruleSets {
		names[i] = r.name
	}
	return names
}

// RuleSet returns the named rule set and the built-in deck it is simulated
// with. The expert riders are each the caller's choice, on any deck.
func RuleSet(name string) (Rules, DeckSpec, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, r := range ruleSets {
		if r.name == n {
			return r.opt(), r.deck, nil
		}
	}
	return Rules{}, DeckSpec{}, fmt.Errorf("unknown rule set %q (want one of %s)", name, strings.Join(RuleSetNames(), ", "))
}

// copyTo sets *dst to o field by field, copying the Name (when it changed)
// rather than keeping o's. Reset keeps its Config's rules so because
// storing any pointer out of a Config, the Name's included, makes the
// compiler put all of the Config's slices on the heap: a caller writing
// Config{Seats: []int{...}} each hand would allocate each hand.
// TestResetKeepsEveryRule checks that no field is missed.
func (o *Rules) copyTo(dst *Rules) {
	if dst.Name != o.Name {
		dst.Name = strings.Clone(o.Name)
	}
	dst.MaxExtras = o.MaxExtras
	dst.ExtraDoublesHit = o.ExtraDoublesHit
	dst.StopDiscardsRider = o.StopDiscardsRider
	dst.StopCancelsPlay = o.StopCancelsPlay
	dst.StopCancelsDealtCard = o.StopCancelsDealtCard
}

// extrasAllowed reports whether a rider carrying n Extras may take another.
func (o *Rules) extrasAllowed(n int) bool { return o.MaxExtras == 0 || n < o.MaxExtras }

// hitRounds is how many cards each stack gets from a Hit (or Anvil) carrying
// n Extras.
func (o *Rules) hitRounds(n int) int {
	if o.ExtraDoublesHit {
		return 2 << n
	}
	return 2 + n
}
