package dealer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw/config"
)

// Hands that once went wrong: some played as falling play --fast plays
// them (fast), the others as TestSweep plays them, each checked as that
// sweep checks a hand (checkHand).
func TestRegressions(t *testing.T) {
	official := game.DeckSpec{Move: true}
	expert := game.DeckSpec{Move: true, Anvil: true, Chute: true, Goggles: true}
	cases := []struct {
		why  string
		fast bool // played as falling play --fast
		hand handSpec
	}{{
		// A faller with a Stop in hand answered an imaginary Ground within
		// 70 ms, before the dealer (which deals an announced imaginary
		// Ground a moment after the beat, so a rider shown first still
		// counts) had dealt it; the Stop was refused, the dealer and the
		// table disagreed who was out, and the hand never ended. "a press
		// from that seat within the Stop window claims a Stop (the dealer
		// confirms by scanning the Stop card, or with the dealer panel)".
		why: "a Stop shown for an imaginary Ground announced on the beat", fast: true,
		hand: handSpec{seed: 7, fallers: 9, rules: game.Official(), deck: official},
	}, {
		// A Split's new stack was played empty unseen; then a French Extra
		// Hit (four cards a stack) had the dealer count eight cards for two
		// stacks where the table had four for one. The light said white,
		// "three or more", at every card; the simulated dealer took white
		// against the table's last two cards for a stack gone, the dealer
		// dropped the real stack it was about to deal into and moved on,
		// and the table still waited for two cards: the hand never ended.
		why: "a stack reported gone from a light that cannot say so", fast: true,
		hand: handSpec{seed: 328, fallers: 10, rules: game.French()},
	}, {
		why: "a stack reported gone from a light that cannot say so", fast: true,
		hand: handSpec{seed: 1286, fallers: 8, rules: game.French()},
	}, {
		// The beat announced a Skip to sweep; the dealer showed a Hit
		// (Moved there unseen) instead, which made the seat's deal two
		// imaginary Grounds. The dealer went on to deal the first at once,
		// its faller Stopped it, and the assistant, which only announced
		// imaginary Grounds on a beat, refused the Stop "while dealing".
		why:  "a Stop for an imaginary Ground that a Hit shown in place of a Skip brought",
		hand: handSpec{seed: 7, fallers: 8, rules: game.Official(), deck: expert},
	}, {
		why:  "a Stop for an imaginary Ground that a Split shown in place of a Skip brought",
		hand: handSpec{seed: 32, fallers: 10, rules: game.Classic()},
	}, {
		// Seat 3 played the Skip dealt on the Split onto itself and was
		// never reached again; the audit found the Skip in front of seat 3
		// and took it for a card that never left the stack, so the Split
		// "was played from under it".
		why:  "a covering card that is the seat's own rider, not proof of a buried play",
		hand: handSpec{seed: 10, fallers: 3, rules: game.Official(), deck: official},
	}, {
		// Seat 2 played the Hit that covered its Stop on seat 5, who gave
		// it back with a Move: in front of seat 2 at the end, it had left
		// the stack all the same.
		why:  "a covering card Moved back to its seat as a rider, not proof of a buried play",
		hand: handSpec{seed: 14, fallers: 6, rules: game.Official(), deck: expert},
	}}
	for _, c := range cases {
		for _, mode := range []config.Mode{config.Follow, config.Strict} {
			h := c.hand
			h.mode, h.audit = mode, true
			if c.fast && mode != config.Follow {
				continue
			}
			t.Run(h.String(), func(t *testing.T) {
				var err error
				if c.fast {
					err = fastHand(t, h)
				} else {
					err = checkHand(t, h)
				}
				if err != nil {
					t.Errorf("%s: %v", c.why, err)
				}
			})
		}
	}
}

// fastHand plays h as falling play --fast does: computer fallers only, the
// seats numbered from 1 with the dealer last, its own tempo and shuffle,
// and reports what went wrong.
func fastHand(t *testing.T, h handSpec) error {
	_, err := fastHandLog(t, h)
	return err
}

// fastHandLog is fastHand, with the dealer's log.
func fastHandLog(t *testing.T, h handSpec) (*memLog, error) {
	t.Helper()
	n := h.fallers
	seats := make([]int, n+1)
	for i := range seats {
		seats[i] = i + 1
	}
	rng := rand.New(rand.NewPCG(h.seed, 0x5eed))
	fallers := game.SeatsAfter(n+1, seats)
	deck := game.Shuffle(game.NewDeck(h.deck), rng)
	tb, err := simtable.New(simtable.Config{Rules: h.rules, Deck: deck, Seats: fallers, Seed: h.seed, StopWindow: 1500 * time.Millisecond, Ready: true, Trace: h.trace})
	if err != nil {
		t.Fatal(err)
	}
	log := &memLog{}
	d, err := dealer.New(dealer.Config{Game: game.Config{Rules: h.rules, Seats: fallers, Deck: deck}, Dealer: n + 1, Cards: tb.Cards(),
		Tempo: dealer.Tempo{Start: 60, RiseLast: 8, RiseTo: 75}, CountIn: 4, WaitReady: true, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond, Audit: h.audit},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tb.Clock.At(time.Hour, cancel)
	tb.Start()
	res, err := d.RunStepped(ctx, tb.Clock)
	if err != nil {
		return log, err
	}
	truth := tb.Truth()
	if !truth.Over() || res.Winner != truth.Seat(truth.Winner()) {
		return log, fmt.Errorf("the dealer says seat %d won, the table %v", res.Winner, truth.Next())
	}
	if w := warnings(d); len(w) > 0 {
		return log, fmt.Errorf("warnings %q", w)
	}
	return log, nil
}
