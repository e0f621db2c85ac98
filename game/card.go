package game

import (
	"fmt"
	"strings"
)

// Kind is what a card does.
type Kind uint8

// The card kinds of every rule set. Push and Grab are the classic edition's
// halves of the official Move; Anvil, Chute and Goggles are the official
// expert "permanent riders".
const (
	NoKind Kind = iota
	Hit
	Split
	Skip
	Extra
	Move
	Push
	Grab
	Stop
	Ground
	Anvil
	Chute
	Goggles
	numKinds
)

var kindNames = [numKinds]string{"none", "Hit", "Split", "Skip", "Extra", "Move", "Push", "Grab", "Stop", "Ground", "Anvil", "Chute", "Goggles"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind reads a kind name, ignoring case.
func ParseKind(s string) (Kind, error) {
	for k := Hit; k < numKinds; k++ {
		if strings.EqualFold(s, kindNames[k]) {
			return k, nil
		}
	}
	return NoKind, fmt.Errorf("unknown card kind %q (want one of Hit, Split, Skip, Extra, Move, Push, Grab, Stop, Ground, Anvil, Chute, Goggles)", s)
}

// MarshalText writes the kind's name; NoKind (no rider, say) is empty.
func (k Kind) MarshalText() ([]byte, error) {
	if k == NoKind {
		return []byte{}, nil
	}
	if !k.Valid() {
		return nil, fmt.Errorf("cannot encode card kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name, or NoKind from an empty one.
func (k *Kind) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*k = NoKind
		return nil
	}
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Valid reports whether k is a real card kind (not NoKind, not out of range).
func (k Kind) Valid() bool { return k > NoKind && k < numKinds }

// Kinds lists every real card kind, in a fixed order.
func Kinds() []Kind {
	out := make([]Kind, 0, numKinds-1)
	for k := Hit; k < numKinds; k++ {
		out = append(out, k)
	}
	return out
}

// IsRider reports whether the card is played in front of a player to change
// how the dealer deals to them.
func (k Kind) IsRider() bool {
	switch k {
	case Hit, Split, Skip, Anvil, Chute, Goggles:
		return true
	}
	return false
}

// IsPermanent reports whether the rider stays after the dealer meets it:
// "the dealer does not sweep them, though they can still be Moved and Stopped."
func (k Kind) IsPermanent() bool { return k == Anvil || k == Chute || k == Goggles }

// Card is one physical card. ID is the card's identity at the table (its NFC
// tag UID) or a made-up name in simulation; two cards of one deck never share
// an ID.
type Card struct {
	ID   string `json:"id"`
	Kind Kind   `json:"kind"`
}

func (c Card) String() string { return c.Kind.String() + "#" + c.ID }
