package serve_test

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/hw"
)

func init() { serve.SimHand = simHand }

// simHand implements serve.SimHand.
func simHand(t testing.TB, dir string, seed uint64, dispute bool) {
	t.Helper()
	o := nighttest.Options{Seed: seed}
	if dispute {
		o.Inputs = []nighttest.Input{
			{At: 10 * time.Second, Seat: 2},
			{At: 10*time.Second + 12*time.Millisecond, Seat: 3},
			{At: 10*time.Second + 300*time.Millisecond, Control: hw.ControlDispute},
			// The dispute paused the table: the dealer resumes.
			{At: 11 * time.Second, Control: hw.ControlPause},
		}
	}
	nighttest.Hand(t, dir, o)
}
