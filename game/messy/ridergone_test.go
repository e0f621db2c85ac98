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
