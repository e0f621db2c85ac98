package dealer_test

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game/dealer"
)

// TestTempo: "the tempo can ramp up toward the Grounds".
func TestTempo(t *testing.T) {
	tp := dealer.Tempo{Start: 60, RampEvery: 10, RampBy: 20, Max: 120, RiseLast: 4, RiseTo: 200}
	cases := []struct {
		dealt, left int
		want        float64
	}{{0, 40, 60}, {9, 40, 60}, {10, 30, 80}, {35, 10, 120}, {36, 4, 120}, {38, 2, 160}, {40, 0, 200}}
	for _, c := range cases {
		if got := tp.At(c.dealt, c.left); got != c.want {
			t.Errorf("after %d cards with %d before the Grounds: %v cards a minute, want %v", c.dealt, c.left, got, c.want)
		}
	}
	if p := tp.Period(0, 40); p != time.Second {
		t.Errorf("period %v", p)
	}
	if err := (dealer.Tempo{Start: 5}).Validate(); err == nil {
		t.Error("5 cards a minute accepted")
	}
}
