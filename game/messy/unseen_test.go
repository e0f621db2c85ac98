package messy

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// The visible mistakes still missed on the table without the four (every
// mistake at 2 % but deal-unscanned, reader-miss, reader-miss-rider and
// reader-gone; 10,000 hands a rule set, seed 1): each one replayed, and
// either caught now or shown to be a move that an honest table could have
// made, with the same cards where the assistant was told they were.

// withoutTheFour is every mistake at 2 % but the four that make the engine
// guess a card it did not see.
func withoutTheFour() Faults {
	f := All(rate)
	for _, k := range []Kind{DealUnscanned, ReaderMiss, ReaderMissRider, ReaderGone} {
		f[k] = 0
	}
	return f
}

// missedCase is one mistake made in one hand of that run.
type missedCase struct {
	rules string
	seed  uint64
	kind  Kind
	seat  int
}

func (c missedCase) String() string {
	return fmt.Sprintf("%s seed %d %v seat %d", c.rules, c.seed, c.kind, c.seat)
}

// moment is the table just before the mistake was shown to the assistant:
// what really happened so far (truth, events), what the assistant
// concluded (seen), and how many times each card was read to it (reads).
// The table's deck is in order, the order it dealt (redeal).
type moment struct {
	opt    Options
	truth  *game.Game
	seen   *game.Game
	events []game.Event
	order  []int
	reads  map[string]int
	card   string
	fault  Fault
}

// replayMissed replays c without the four and fails t unless the mistake
// is still answered one of uncaught: a miss replayed as invisible that is
// caught now must leave the README's list of them.
func replayMissed(t *testing.T, c missedCase, uncaught ...Answer) moment {
	t.Helper()
	m := replay(t, c, withoutTheFour())
	if !slices.Contains(uncaught, m.fault.Answer) {
		t.Fatalf("caught now (%v): move this case out of the misses, and out of the README's list of invisible ones", m.fault.Answer)
	}
	return m
}

// replay plays c's hand and stops the clock at its mistake.
func replay(t *testing.T, c missedCase, faults Faults) moment {
	t.Helper()
	opt, deck := ruleSet(t, c.rules)
	var tb *table
	var m moment
	found := false
	reads := map[string]int{}
	o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: faults}
	o.Trace = func(s string) {
		if _, after, ok := strings.Cut(s, " seen  scan "); ok {
			id, _, _ := strings.Cut(after, ":")
			reads[id]++
		}
		_, f, ok := strings.Cut(s, " FAULT ")
		if !ok || found || !strings.HasPrefix(f, c.kind.String()+" ") || !strings.HasSuffix(f, fmt.Sprintf(" seat %d", c.seat)) {
			return
		}
		found = true
		m = moment{opt: o, truth: tb.truth.Clone(), seen: tb.seen.Clone(), events: slices.Clone(tb.events), order: slices.Clone(tb.order), reads: maps.Clone(reads),
			card: strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(f, c.kind.String()), fmt.Sprintf("seat %d", c.seat)))}
	}
	var err error
	tb, err = newTable(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.play(); err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	if !found {
		t.Fatalf("%v: the mistake was not made", c)
	}
	for _, f := range tb.hand.Faults {
		if f.Kind == c.kind && f.Seat == c.seat && f.Card == m.card {
			m.fault = f
		}
	}
	return m
}

// TestClaimOnAnothersStopRefused: "You can only pick up the top card of
// your stack." A Stop claimed from the panel for a seat with no Stop, where
// the only Stop the engine could stand in was one that another faller
// picked up unseen (the dealer said that faller's stack was gone), is
// refused: only that faller can hold it. These were missed before.
func TestClaimOnAnothersStopRefused(t *testing.T) {
	for _, c := range []struct {
		missedCase
		faults Faults
	}{
		{missedCase{"classic", 1007165, ClaimNoStop, 5}, Only(ClaimNoStop, rate)},
		{missedCase{"classic", 1007818, ClaimNoStop, 2}, withoutTheFour()},
		{missedCase{"classic", 1008741, ClaimNoStop, 1}, withoutTheFour()},
		// french 1000613 seat 2 showed it until the dealer held a read
		// back only under a card dealt on top of it (dealtOnTop): that
		// hand's mistakes come otherwise now. 3009658 seat 4 has the same
		// (stop-5 in seat 5's hand, said gone with its stack).
		{missedCase{"french", 3009658, ClaimNoStop, 4}, withoutTheFour()},
		{missedCase{"french", 1007818, ClaimNoStop, 2}, withoutTheFour()},
		{missedCase{"french", 1008741, ClaimNoStop, 1}, withoutTheFour()},
	} {
		t.Run(c.String(), func(t *testing.T) {
			m := replay(t, c.missedCase, c.faults)
			if m.fault.Answer != Refused {
				t.Fatalf("%v: %v", m.fault.Answer, m.fault.Why)
			}
		})
	}
}

// stoodIn is the Stop the assistant stands in for a claim confirmed from
// the panel at the moment m: the press, then the dealer's confirmation.
func stoodIn(t *testing.T, m moment, p int) int {
	t.Helper()
	g := m.seen.Clone()
	if err := g.Apply(game.Press(g.Seat(p))); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(game.Confirm()); err != nil {
		t.Fatalf("the claim is refused now (%v): not a miss to explain any more", err)
	}
	inf := g.Inferences()
	if x := inf[len(inf)-1]; x.Kind == game.InfStopPlayed && x.Card >= 0 {
		return x.Card
	}
	t.Fatalf("no Stop stood in: %+v", inf[len(inf)-1])
	return -1
}

// honestTwin replays the truth's events but those at skip on a fresh table
// of the same deal: a table where those plays were never made. It fails t
// if the rules refuse any of the rest.
func honestTwin(t *testing.T, m moment, skip map[int]bool) *game.Game {
	t.Helper()
	g := dealt(t, m)
	for i, e := range m.events {
		if skip[i] {
			continue
		}
		if err := g.Apply(e); err != nil {
			t.Fatalf("without the plays at %v, event %d (%v) is refused: %v", skip, i, e, err)
		}
	}
	return g
}

// samePlaces checks that every card but those in but lies where it lies
// at the real table (its zone, seat and stack): every deal of the twin
// went where the table's went. sameStacks also holds each stack's order.
func samePlaces(twin, truth *game.Game, but map[int]bool) error {
	for c := range truth.NumCards() {
		if !but[c] && twin.Where(c) != truth.Where(c) {
			return fmt.Errorf("%v at %+v in the twin, %+v at the table", truth.Card(c), twin.Where(c), truth.Where(c))
		}
	}
	return nil
}

// dealt is the truth of m's hand before its first move, its deck in the
// order the table dealt it (redeal).
func dealt(t *testing.T, m moment) *game.Game {
	t.Helper()
	tb, err := newTable(m.opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.truth.Redeal(m.order); err != nil {
		t.Fatal(err)
	}
	return tb.truth
}

// TestClaimOnAStandInStop: a claim-no-stop where the Stop the assistant
// stands in is its guess for a card dealt by hand to the claimant: the
// dealer's deck had run a card short (two cards dealt as one, named live
// when the lights asked for a card the dealer did not have), and every
// card the assistant still believed in the deck but that Stop was a
// Ground. So the guess is the only one the reads allow ("The Ground
// cards wait at the bottom of the deck"): a table whose reader missed that
// Stop as it was dealt to the claimant, and whose faller kept it, shows
// the same; the mistake that misled the assistant was the two-as-one. The
// table judges each such claim unseen as it is made (onlyStopGuess), from
// what the assistant had been told; this replay checks, from the record,
// that each one it so judges is one (seeds 2 and 3 without the four:
// classic 2007575, official, classic and french 3009977, once counted
// missed).
func TestClaimOnAStandInStop(t *testing.T) {
	for _, c := range []missedCase{
		{"official", 1007213, ClaimNoStop, 6},
		{"classic", 1008017, ClaimNoStop, 3},
		{"classic", 2007575, ClaimNoStop, 7},
		{"official", 3009977, ClaimNoStop, 2},
		{"classic", 3009977, ClaimNoStop, 2},
		{"french", 3009977, ClaimNoStop, 2},
	} {
		t.Run(c.String(), func(t *testing.T) {
			m := replayMissed(t, c, Unseen)
			if m.fault.Why != onlyStopGuessWhy {
				t.Fatalf("unseen for another reason: %s", m.fault.Why)
			}
			p := c.seat - 1
			x := stoodIn(t, m, p)
			if !m.seen.Blind(x) || m.seen.Where(x).Player != p {
				t.Fatalf("%v believed at %+v, blind %v: want the stand-in for a card dealt by hand to seat %d", m.seen.Card(x), m.seen.Where(x), m.seen.Blind(x), c.seat)
			}
			for d := range m.seen.NumCards() {
				if m.seen.Where(d).Zone == game.InDeck && m.seen.Card(d).Kind != game.Ground {
					t.Fatalf("%v still in the assistant's deck: the stand-in was one guess of several", m.seen.Card(d))
				}
			}
			if m.reads[m.seen.Card(x).ID] != 0 {
				t.Fatalf("%v was read", m.seen.Card(x))
			}
		})
	}
}

// TestTwoAtOnceIntoAStackPickedUp: the second of two cards dealt at once
// to one seat, read while the assistant still believes that seat has a
// second stack whose only card its faller picked up unseen (so the stack
// is gone, and the assistant owes it a card). A table where the faller had
// not picked that card up yet deals the same cards to the same places,
// asks for a card into that stack, and reads the second card there: "a
// Hit's two cards read at once go to one seat, and are taken" (game/dealer's
// two-at-once warning is for another seat's card).
func TestTwoAtOnceIntoAStackPickedUp(t *testing.T) {
	for _, c := range []missedCase{
		{"official", 1001159, TwoAtOnce, 4},
		// Read at once after the card before it, for the same seat's
		// address (stack 2): no warning, and honest (seed 2 without the
		// four, once counted missed).
		{"official", 2003579, TwoAtOnce, 6},
	} {
		t.Run(c.String(), func(t *testing.T) { twoAtOnceIntoAStackPickedUp(t, c) })
	}
}

func twoAtOnceIntoAStackPickedUp(t *testing.T, c missedCase) {
	// Judged unseen now (unreadDeal: a card never read, read where the
	// light asks for one), which is this proof's claim too.
	m := replayMissed(t, c, Unseen)
	p := c.seat - 1
	held := m.truth.Hand(p)
	if held < 0 || m.seen.Where(held) != (game.Place{Zone: game.InStack, Player: p, Stack: m.seen.NumStacks(p) - 1}) || m.seen.NumStacks(p) <= m.truth.NumStacks(p) {
		t.Fatalf("seat %d holds %d, believed at %+v; %d stacks believed, %d at the table", c.seat, held, m.seen.Where(held), m.seen.NumStacks(p), m.truth.NumStacks(p))
	}
	// The twin: the same moves but that pick-up.
	g := dealt(t, m)
	skip := map[int]bool{}
	for i, e := range m.events {
		if e.Kind == game.EvPickUp && e.Player == p && g.Top(p, e.Stack) == held {
			skip[i] = true
		}
		if err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	twin := honestTwin(t, m, skip)
	if err := samePlaces(twin, m.truth, map[int]bool{held: true}); err != nil {
		t.Fatal(err)
	}
	if twin.Next() != m.seen.Next() {
		t.Fatalf("the twin asks %v, the assistant %v", twin.Next(), m.seen.Next())
	}
	if err := twin.Apply(game.Step()); err != nil {
		t.Fatal(err)
	}
	if _, d, _, ok := twin.PendingDeal(); !ok || twin.Card(d).ID != m.card {
		t.Fatalf("the twin deals %d there, not %s", d, m.card)
	}
}

// TestClaimNotUnseenWithoutAStandIn is the negative control of
// onlyStopGuess: with no other mistake at the table, no deal is ever
// confirmed by hand, so no claim can rest on a guess, and the criterion,
// asked as each claim is made, holds for none of them (official 1007213,
// TestClaimOnAStandInStop, is the positive case).
func TestClaimNotUnseenWithoutAStandIn(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	made := 0
	for i := range 400 {
		seed := uint64(1_000_003 + i)
		var tb *table
		o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: Only(ClaimNoStop, 0.5)}
		o.Trace = func(s string) {
			_, f, ok := strings.Cut(s, " FAULT "+ClaimNoStop.String()+" ")
			if !ok {
				return
			}
			made++
			var seat int
			if _, err := fmt.Sscanf(strings.TrimSpace(f), "seat %d", &seat); err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			if tb.onlyStopGuess(seat - 1) {
				t.Errorf("seed %d seat %d: the only Stop guess, with no card dealt by hand", seed, seat)
			}
		}
		var err error
		if tb, err = newTable(o); err != nil {
			t.Fatal(err)
		}
		if err := tb.play(); err != nil {
			t.Fatal(err)
		}
	}
	if made == 0 {
		t.Fatal("no claim made: raise the rate")
	}
}
