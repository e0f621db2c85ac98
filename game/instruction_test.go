package game_test

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// "Once the dealer is addressing a player, no one can affect the deal by
// meddling with the rider." AddressBegan tells when that address began:
// the dealer's screen and the audit both go by it.
func TestAddressBegan(t *testing.T) {
	first := func(a game.Action, p int) game.Instruction {
		return game.Instruction{Action: a, Player: p, First: true}
	}
	then := func(a game.Action, p int) game.Instruction { return game.Instruction{Action: a, Player: p} }
	tests := []struct {
		name         string
		before, next game.Instruction
		want         bool
	}{
		{"a deal goes on to the same faller's next card", first(game.ActDeal, 1), then(game.ActDeal, 1), true},
		{"a one-card address goes on to the next faller", first(game.ActDeal, 1), first(game.ActDeal, 2), true},
		{"a sweep goes on to the deal after it", first(game.ActSweep, 1), then(game.ActDeal, 1), true},
		{"a pass goes on to the next faller", first(game.ActPass, 1), first(game.ActSweep, 2), true},
		{"a late card takes the engine back to the same address", first(game.ActDeal, 1), first(game.ActSweep, 1), false},
		{"a card mid-address is not the start of one", then(game.ActDeal, 1), then(game.ActDeal, 1), false},
		{"landing is no address", first(game.ActLand, 1), first(game.ActDeal, 2), false},
		{"the hand's end is no address", first(game.ActOver, 1), first(game.ActOver, 1), false},
		{"an event that moves the engine onto another faller mid-address", first(game.ActDeal, 1), then(game.ActDeal, 2), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.before.AddressBegan(tt.next); got != tt.want {
				t.Errorf("%+v then %+v: began %v, want %v", tt.before, tt.next, got, tt.want)
			}
		})
	}
}
