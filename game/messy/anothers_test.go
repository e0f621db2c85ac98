package messy

import (
	"slices"
	"strings"
	"testing"
)

// TestStopFromAnothersStackRefused: "You can only affect riders once they
// are in play; you can never mess with the cards in someone's stack." A
// faller whose Ground is being dealt shows the Stop on top of another
// faller's stack as their own; the engine refuses it, the Stop stays in
// that stack, and the faller, with no Stop of their own, hits the ground.
func TestStopFromAnothersStackRefused(t *testing.T) {
	for _, rules := range []string{"official", "classic", "french"} {
		t.Run(rules, func(t *testing.T) {
			opt, deck := ruleSet(t, rules)
			made := 0
			for seed := uint64(1); seed <= 200 && made < 5; seed++ {
				h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: Only(FromAnothersStack, 0.5)})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range h.Faults {
					if f.Kind != FromAnothersStack {
						t.Fatalf("seed %d: %v made with only %v on", seed, f.Kind, FromAnothersStack)
					}
					made++
					if f.Answer != Refused || !strings.Contains(f.Why, "lies in seat") {
						t.Errorf("seed %d: seat %d showed %s from another's stack: %v (%s), want refused as lying in another seat's stack", seed, f.Seat, f.Card, f.Answer, f.Why)
					}
					if p := h.Truth.PlayerAt(f.Seat); !h.Truth.Out(p) || !h.Seen.Out(p) {
						t.Errorf("seed %d: seat %d out at the table %v, to the assistant %v: want out to both, saved by no Stop of its own", seed, f.Seat, h.Truth.Out(p), h.Seen.Out(p))
					}
				}
				if h.Diverged || h.OutOfStep || len(h.Accusations) > 0 {
					t.Errorf("seed %d: diverged %v, out of step %v, accusations %q", seed, h.Diverged, h.OutOfStep, h.Accusations)
				}
			}
			if made == 0 {
				t.Fatal("no faller took another's Stop in 200 hands")
			}
		})
	}
}

// TestFromAnothersStackDrawsApart: the mistake draws from a stream of its
// own, so every other mistake is made, and answered, as it was without
// it: runs that do not name it play the hands they played before it was
// added, and with it on, the other mistakes' figures do not move.
func TestFromAnothersStackDrawsApart(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	without := All(0.05)
	without[FromAnothersStack] = 0
	made := 0
	for seed := uint64(1); seed <= 100; seed++ {
		o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: without}
		a, errA := Play(o)
		o.Faults = without
		o.Faults[FromAnothersStack] = 0.5
		b, errB := Play(o)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("seed %d: %v without it, %v with it", seed, errA, errB)
		}
		others := slices.DeleteFunc(slices.Clone(b.Faults), func(f Fault) bool { return f.Kind == FromAnothersStack })
		made += len(b.Faults) - len(others)
		if !slices.EqualFunc(a.Faults, others, sameFault) {
			t.Errorf("seed %d: the other mistakes differ with it on:\n%v\n%v", seed, a.Faults, others)
		}
		if a.Truth.Digest() != b.Truth.Digest() || a.Diverged != b.Diverged || a.OutOfStep != b.OutOfStep {
			t.Errorf("seed %d: another hand with it on", seed)
		}
	}
	if made == 0 {
		t.Fatal("never made in 100 hands: the test proves nothing")
	}
}

func sameFault(a, b Fault) bool {
	return a.Kind == b.Kind && a.Card == b.Card && a.Seat == b.Seat && a.Answer == b.Answer && a.Why == b.Why
}
