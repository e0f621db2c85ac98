package game

import (
	"errors"
	"fmt"
)

// Rule names a rule an event can break. Its Text is the rulebook sentence (or,
// for rules of the table rather than the game, a plain statement) that the
// refusal rests on, so a refusal can be shown to the players as it is.
type Rule uint8

const (
	RuleGameOver Rule = iota + 1
	RuleBadEvent
	RuleNoPlayer
	RuleOut
	RuleOneCardInHand
	RuleEmptyHand
	RuleNoSuchStack
	RuleGroundNotPlayable
	RuleGroundPending
	RuleOneRider
	RuleOneExtra
	RuleExtraNeedsRider
	RuleNotPlayedOnRider
	RuleFrozenRider
	RuleMoveBetweenOthers
	RuleMoveDestination
	RuleNothingToMove
	RulePushNeedsOwnRider
	RuleGrabNeedsRider
	RuleStopGround
	RuleStopRider
	RuleStopPlay
	RuleNoStopCard
	RuleUnknownCard
	RuleCardSeenTwice
	RuleCardNotExpected
	RuleNotObservation
	RuleNoStopWindow
	RuleNamedCardUnknown
	numRules
)

var ruleText = [numRules]string{
	RuleGameOver:          "the hand is over: the last faller standing has won",
	RuleBadEvent:          "the event is not one the engine knows",
	RuleNoPlayer:          "there is no such faller at this table",
	RuleOut:               "Once you have hit the Ground, you can no longer play cards, receive cards, or have any cards played on you.",
	RuleOneCardInHand:     "You may pick up only one card at a time",
	RuleEmptyHand:         "you may only play the card that is in your hand",
	RuleNoSuchStack:       "you can only pick up from a stack you have",
	RuleGroundNotPlayable: "If you receive one of these, you are immediately out.",
	RuleGroundPending:     "If you receive one of these, you are immediately out. (Only a Stop can save you now.)",
	RuleOneRider:          "You may place a rider in front of any player, including yourself, as long as that person doesn't already have one.",
	RuleOneExtra:          "A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one.",
	RuleExtraNeedsRider:   "An Extra card modifies a rider. Once played, it is attached to that rider.",
	RuleNotPlayedOnRider:  "Action cards are played on riders (and a Stop on a Ground), never on a stack.",
	RuleFrozenRider:       "Once the dealer is addressing a player, no one can affect the deal by meddling with the rider, either with a Move, Stop, or Extra.",
	RuleMoveBetweenOthers: "You can't use a Move to move a rider between two other players.",
	RuleMoveDestination:   "the destination must be empty, because a player can never have more than one rider at a time.",
	RuleNothingToMove:     "This card moves a rider: there must be a rider to move.",
	RulePushNeedsOwnRider: "Push cards are playable only when the player playing them has a Hit, Skip, or Split card in front of him.",
	RuleGrabNeedsRider:    "Grab cards are played on a card in front of another player, which is then dragged in front of the player playing the card.",
	RuleStopGround:        "To Stop a Ground, play the Stop as the Ground is being dealt to you.",
	RuleStopRider:         "In this rule set a Stop cannot discard a rider lying on the table.",
	RuleStopPlay:          "A Stop card can be used to counteract any other card played, as it is being played.",
	RuleNoStopCard:        "only a Stop can stop a card",
	RuleUnknownCard:       "the card is not in this hand's deck",
	RuleCardSeenTwice:     "the card was scanned twice",
	RuleCardNotExpected:   "the card cannot be where it was scanned",
	RuleNotObservation:    "a real table sends only what it sees: a card read, a seat's button, the dealer's panel and the Stop window's close",
	RuleNoStopWindow:      "To Stop a Ground, play the Stop as the Ground is being dealt to you. (A Stop window is open only while a Ground is being dealt.)",
	RuleNamedCardUnknown:  "the dealer named a card of a kind the engine knows of nowhere it could come from (a Ground is dealt from the deck; a rider is shown at the start of a seat's turn, from a faller's hand or stacks)",
}

// Text is the sentence the rule rests on.
func (r Rule) Text() string {
	if r > 0 && r < numRules {
		return ruleText[r]
	}
	return fmt.Sprintf("rule %d", uint8(r))
}

// RuleError is the engine's refusal of an event. The state is unchanged.
type RuleError struct {
	Rule   Rule
	Detail string // what was attempted, in the table's words
}

func (e *RuleError) Error() string {
	if e.Detail == "" {
		return e.Rule.Text()
	}
	return e.Detail + ": " + e.Rule.Text()
}

func refuse(r Rule, format string, args ...any) error {
	return &RuleError{Rule: r, Detail: fmt.Sprintf(format, args...)}
}

// refuseWithin gives err, a refusal met by a step inside an observation,
// the context of that observation. A *RuleError stays one, under its own
// rule, so the caller of Apply, told "on a *RuleError nothing has
// changed", can still tell it from an error that is not a refusal and
// show its rule to the table; its text is what fmt.Errorf's wrapping
// wrote. Any other error is wrapped as it is.
func refuseWithin(err error, format string, args ...any) error {
	ctx := fmt.Sprintf(format, args...)
	var re *RuleError
	if !errors.As(err, &re) {
		return fmt.Errorf("%s: %w", ctx, err)
	}
	if re.Detail != "" {
		ctx += ": " + re.Detail
	}
	return &RuleError{Rule: re.Rule, Detail: ctx}
}
