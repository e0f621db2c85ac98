package serve

import "testing"

// SimHand plays a hand of the real dealer on the simulated table into the
// log folder dir (game/night/nighttest); with dispute, seats 2 and 3 press
// 12 ms apart 10 s in and the dealer calls a dispute. It is set by
// simhand_ext_test.go: the night package that plays hands serves its page
// through this one, so only the external tests can import it, and this
// package's own tests reach it here.
var SimHand func(t testing.TB, dir string, seed uint64, dispute bool)
