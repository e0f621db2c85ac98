package dealer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
)

// TestAudit: "the end-of-hand audit (the dealer scans each player's
// remaining stacks and the discard pile) closes the books: every card is
// accounted for, and plays that were impossible (a card played while
// buried under a card that never left the stack) are reported."
func TestAudit(t *testing.T) {
	deck := []game.Card{{ID: "hit", Kind: game.Hit}, {ID: "stop", Kind: game.Stop}, {ID: "skip", Kind: game.Skip}, {ID: "ground", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	s := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	stack := game.Place{Zone: game.InStack, Player: 0, Stack: 0}
	// Seat 2 was dealt the Hit, then the Stop on it, then the Skip on that.
	deals := []dealer.DealRecord{{Card: 0, Player: 0, At: s(1)}, {Card: 1, Player: 0, At: s(3)}, {Card: 2, Player: 0, At: s(5)}}
	// Seat 3 was reached at 2 s, 6 s and 8 s.
	addrs := []dealer.AddressRecord{{Player: 1, At: s(2)}, {Player: 1, At: s(6)}, {Player: 1, At: s(8)}}
	hitAt3 := dealer.PlayRecord{Card: 0, Player: 1, From: stack, At: s(8)}
	skipSeen := dealer.PlayRecord{Card: 2, Player: 1, From: stack, At: s(5.5)}
	groups := func(seat2, seat3, discard, rest []string) []dealer.AuditGroup {
		return []dealer.AuditGroup{{Name: "seat 2", Player: 0, Cards: seat2}, {Name: "seat 3", Player: 1, Cards: seat3},
			{Name: dealer.GroupDiscard, Player: -1, Cards: discard}, {Name: dealer.GroupDeck, Player: -1, Cards: rest}}
	}
	all := map[string]bool{"hit": true, "stop": true, "skip": true, "ground": true}
	cases := []struct {
		name       string
		in         dealer.AuditInput
		accounted  bool
		missing    []string
		neverSeen  []string
		twice      []string
		impossible []string
	}{
		{"every card in its place", dealer.AuditInput{Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip"}, []string{"ground"}), Seen: all},
			true, nil, nil, nil, nil},
		{"a card scanned twice", dealer.AuditInput{Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip", "hit"}, []string{"ground"}), Seen: all},
			false, nil, nil, []string{"hit"}, nil},
		{"a card missing, and never seen at all", dealer.AuditInput{Groups: groups([]string{"stop"}, []string{"hit"}, nil, []string{"ground"}),
			Seen: map[string]bool{"hit": true, "stop": true, "ground": true}}, false, []string{"skip"}, []string{"skip"}, nil, nil},
		{"the Hit played from under the Stop while seat 2 held the Skip: impossible", dealer.AuditInput{
			Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip"}, []string{"ground"}), Seen: all,
			Deals: deals, Addresses: addrs, Plays: []dealer.PlayRecord{skipSeen, hitAt3}}, true, nil, nil, nil, []string{"hit"}},
		{"the Hit picked up before the Stop came and held: possible", dealer.AuditInput{
			Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip"}, []string{"ground"}), Seen: all,
			Deals: deals, Addresses: addrs, Plays: []dealer.PlayRecord{hitAt3}}, true, nil, nil, nil, nil},
		{"the Stop on top left the stack later: possible", dealer.AuditInput{
			Groups: groups(nil, []string{"hit"}, []string{"skip", "stop"}, []string{"ground"}), Seen: all,
			Deals: deals, Addresses: addrs, Plays: []dealer.PlayRecord{skipSeen, hitAt3}}, true, nil, nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.in.Game = g
			rep := dealer.Audit(c.in)
			var imp []string
			for _, p := range rep.Impossible {
				imp = append(imp, p.Card)
				if p.Under != "stop" || p.Seat != 2 || p.Why == "" {
					t.Errorf("impossible play %+v", p)
				}
			}
			if rep.Accounted != c.accounted || fmt.Sprint(rep.Missing) != fmt.Sprint(c.missing) || fmt.Sprint(rep.NeverSeen) != fmt.Sprint(c.neverSeen) ||
				fmt.Sprint(rep.SeenTwice) != fmt.Sprint(c.twice) || fmt.Sprint(imp) != fmt.Sprint(c.impossible) {
				t.Fatalf("report %+v", rep)
			}
			if rep.Cards != 4 {
				t.Errorf("cards %d", rep.Cards)
			}
		})
	}
}

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
