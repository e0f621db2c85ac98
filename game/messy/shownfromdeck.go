package messy

import (
	"slices"

	"github.com/falling-table/falling/game"
)

// A card dealt unscanned that the dealer never says, picked up at once by
// its faller and played as a rider, is never read as a deal. Where it went
// to one seat of a whole pass all dealt unscanned, the light does not lag
// and nothing shows it until the rider is read as its seat's turn begins:
// the engine takes it for that seat's deal, and the dealer, who sees it
// lying as a rider, says misread. The engine then makes it the rider shown
// from its deck (game.InfShownAfterAll, From the deck): it never left the
// deck on the record, so it went unread, and game/dealer's screen says so
// ("left the deck unread (dealt unscanned where the light did not lag)").
// That names the card's deal unscanned live, whatever the audit finds.

// shownFromTheDeckWhy is the answer to a card dealt unscanned, never said,
// that the engine made a rider shown from its deck.
const shownFromTheDeckWhy = "shown after all from the deck on the dealer's misread: it left the deck unread, dealt unscanned"

// Where the engine instead made the rider the card dealt by hand of some
// seat, picked up and played there ("You may place a rider in front of any
// player, including yourself"; game's pickedUpAnyone), it lacked only that
// card's identity: the identified twin (unidentified.go), told which card
// each confirmation by hand was, has no card dealt by hand the rider could
// be, and makes it shown from its deck. Such a miss is unidentified.

// shownFromTheDeckUnidentifiedWhy is the answer to a card dealt unscanned,
// never said, that the identified twin makes a rider shown from its deck.
const shownFromTheDeckUnidentifiedWhy = "unidentified: told which card each confirmation by hand was, the engine makes it a rider shown after all from its deck, dealt unread; it took it for a card dealt by hand"

// shownFromTheDeck names each card dealt unscanned, never said and still
// missed, that the engine made a rider shown after all from its deck, and
// that no later misread took back (lastShownFromDeck). "Riders ... must be
// played horizontally between a player and the dealer", the cards dealt
// "face up into stacks": the dealer sees which, and the engine, told, has
// no deal of the card on record. Those the identified twin so makes, and
// the engine did not, are unidentified.
func (t *table) shownFromTheDeck() {
	inf := t.seen.Inferences()
	var twin *game.Game
	tried := false
	for i := range t.hand.Faults {
		f := &t.hand.Faults[i]
		if f.Kind != DealUnscanned || f.Answer != Missed {
			continue
		}
		c, ok := t.seen.CardIndex(f.Card)
		if !ok {
			continue
		}
		if lastShownFromDeck(inf, c) {
			f.Answer, f.Why = Named, shownFromTheDeckWhy
			continue
		}
		if !shownAfterAll(inf, c) || len(t.confirmed) == 0 {
			continue // never shown after all, or nothing confirmed by hand to identify
		}
		if !tried {
			twin, tried = t.identifiedTwin(), true
		}
		// No twin proves nothing of this one; a later card may still be
		// named from the engine's own inferences above.
		if twin != nil && lastShownFromDeck(twin.Inferences(), c) {
			f.unidentified = shownFromTheDeckUnidentifiedWhy
		}
	}
}

// shownAfterAll reports whether inf makes card c shown after all anywhere.
func shownAfterAll(inf []game.Inference, c int) bool {
	return slices.ContainsFunc(inf, func(x game.Inference) bool { return x.Card == c && x.Kind == game.InfShownAfterAll })
}

// lastShownFromDeck reports whether card c's last "shown after all" in inf
// is from the deck and was not taken back since (the misread said again at
// once: game.ShownTakenBack).
func lastShownFromDeck(inf []game.Inference, c int) bool {
	shown := false
	for j, x := range inf {
		switch {
		case x.Card != c:
		case x.Kind == game.InfShownAfterAll:
			shown = x.From.Zone == game.InDeck
		case game.ShownTakenBack(inf, j):
			shown = false
		}
	}
	return shown
}
