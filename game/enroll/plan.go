// Package enroll guides a person scanning a deck, card by card, into a deck
// file: one kind at a time ("now the Hits"), each scan accepted or refused
// with a reason, progress after each card. Session is the logic, with no
// I/O, so every rule is tested directly; Run drives a Session from a card
// reader, keys and the dealer panel, and shows each outcome on the lights,
// the speaker and the terminal.
package enroll

import (
	"fmt"
	"sort"
	"strings"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// Step is one kind's turn: scan Want cards of Kind. Want 0 is open-ended: the
// person says when the kind is done.
type Step struct {
	Kind game.Kind
	Want int
}

// Plan is the kinds to enroll, in order.
type Plan []Step

// compositions are the decks a table may own. Counts come from game.NewDeck,
// the same source the simulator deals from.
var compositions = map[string]game.DeckSpec{
	"original": {},                                                    // 1998: 54 cards
	"move":     {Move: true},                                          // 2014 mix: Push and Grab become Move
	"expert":   {Move: true, Anvil: true, Chute: true, Goggles: true}, // 2014 mix and the expert riders
}

// Open is the composition with no expected counts: every kind, each ended by
// a key.
const Open = "open"

// Compositions lists the names PlanFor takes.
func Compositions() []string {
	names := []string{Open}
	for n := range compositions {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PlanFor is the plan for a named composition, in the rulebook's order of
// kinds. only, when not empty, keeps just those kinds (a group adding the
// expert cards to a deck it already enrolled).
func PlanFor(name string, only []game.Kind) (Plan, error) {
	counts := map[game.Kind]int{}
	switch spec, ok := compositions[strings.ToLower(name)]; {
	case ok:
		for _, c := range game.NewDeck(spec) {
			counts[c.Kind]++
		}
	case strings.EqualFold(name, Open):
		for _, k := range game.Kinds() {
			counts[k] = 0
		}
	default:
		return nil, fmt.Errorf("unknown composition %q (want one of %s)", name, strings.Join(Compositions(), ", "))
	}
	keep := map[game.Kind]bool{}
	for _, k := range only {
		if _, ok := counts[k]; !ok {
			return nil, fmt.Errorf("the %s composition has no %v cards", name, k)
		}
		keep[k] = true
	}
	var p Plan
	for _, k := range game.Kinds() {
		n, ok := counts[k]
		if ok && (len(keep) == 0 || keep[k]) {
			p = append(p, Step{Kind: k, Want: n})
		}
	}
	return p, nil
}

// NXP is the manufacturer byte that starts every NTAG21x UID (ISO/IEC 7816-6).
const NXP = 0x04

// CheckNTAG21x refuses a tag that cannot be a card's NTAG21x sticker: those
// have 7-byte UIDs made by NXP. A bank card, a transit card or a key fob
// waved over the reader by mistake has a 4-byte (often random) UID or
// another maker's.
func CheckNTAG21x(u hw.UID) error {
	b := u.Bytes()
	if len(b) != 7 {
		return fmt.Errorf("tag %v has a %d-byte UID; the cards' NTAG21x stickers have 7 bytes (is it a bank card or a key fob?)", u, len(b))
	}
	if b[0] != NXP {
		return fmt.Errorf("tag %v is not made by NXP (first byte %02X, want %02X): not an NTAG21x card sticker", u, b[0], NXP)
	}
	return nil
}

// CheckSevenByte accepts any 7-byte UID: for stickers from another maker that
// NTAG21x clones carry.
func CheckSevenByte(u hw.UID) error {
	if n := len(u.Bytes()); n != 7 {
		return fmt.Errorf("tag %v has a %d-byte UID; card stickers have 7 bytes (is it a bank card or a key fob?)", u, n)
	}
	return nil
}

// plural names a kind's cards: "Hits", "Pushes", "Goggles".
func plural(k game.Kind) string {
	s := k.String()
	switch {
	case strings.HasSuffix(s, "s"):
		return s
	case strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}
