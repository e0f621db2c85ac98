package messy

import "testing"

// TestAnotherRiderIsNotTheOneTheLightNames: "MOVE: This card moves a
// rider. You can either steal someone else's rider, or you can give your
// rider to someone else", and "A player can never have more than one rider
// at a time". The light asks the dealer to sweep a seat's Skip that was
// Moved away unseen, and the seat's rider now is a Hit played there since:
// the Skip the light names is not there, and the dealer says so before they
// show the Hit, as they do where the seat has no rider at all. Shown while
// the light still asked for the Skip, the Hit was taken for a deal and the
// Ground due next for the next seat's (official 3009401, every mistake at
// 2 %: the Skip Moved away twice, the Hit dealt unscanned at another seat
// and played there).
func TestAnotherRiderIsNotTheOneTheLightNames(t *testing.T) {
	inStepOn(t, "official", All(rate), "stack-gone", 3009401)
}

// TestRiderGoneSaidWhenTheDeckRanShort: "MOVE: This card moves a rider.
// You can either steal someone else's rider, or you can give your rider
// to someone else." (classic: Grab.) A seat's Skip was taken away unseen;
// as its turn came the dealer had dealt the card before unscanned (a
// Ground), and their deck had run out a card early (two dealt as one), so
// they confirm the seat's deal from the panel once the light has caught
// up. Looking at it, they see it ask to sweep a Skip the seat no longer
// has, and say it is not there, as at any beat's start (reportGone).
// Before, their confirmation was taken for that sweep, the seat's deal was
// still owed, and the lights ran a seat behind (2004713, every mistake at
// 2 %, classic and french).
func TestRiderGoneSaidWhenTheDeckRanShort(t *testing.T) {
	for _, rules := range []string{"classic", "french"} {
		inStepOn(t, rules, All(rate), "stack-gone: <nil>; next deal a card to seat 5, stack 1", 2004713)
	}
}
