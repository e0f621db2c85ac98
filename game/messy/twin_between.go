package messy

import "github.com/falling-table/falling/game"

// A faller's play between the card dealt unscanned and the held card's
// deal. The class of twin.go asks that the "unscanned" the dealer says of
// the held read be true of the twin: the last card dealt before the held
// one went out of the deck unnamed. A faller may play or pick up a card
// between those two deals (the table does not wait for the dealer: "Once
// you are holding a card, you may play it right away"); that move deals
// nothing, and the card dealt unscanned is still the last one dealt
// before the held card (messy seeds 2003312 and 3005554, the read at once
// a second card dealt with the held one).

// lastDealBefore is the move before move k that last took a card from
// the deck, passing over the fallers' moves (plays, pick-ups) that took
// none; -1 if there is none.
func lastDealBefore(states []*game.Game, k int) int {
	for j := k - 1; j >= 0; j-- {
		if !dealsNothing(states[j], states[j+1]) {
			return j
		}
	}
	return -1
}

// dealsNothing reports whether the move from a to b took no card from the
// deck.
func dealsNothing(a, b *game.Game) bool {
	for c := range a.NumCards() {
		if leftDeck(a, b, c) {
			return false
		}
	}
	return true
}
