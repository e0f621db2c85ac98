package audit_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// TestRun: "the end-of-hand audit (the dealer scans each player's
// remaining stacks and the discard pile) closes the books: every card is
// accounted for, and plays that were impossible (a card played while
// buried under a card that never left the stack) are reported." A referee
// trusts that report, so a play is only impossible when the log proves it.
func TestRun(t *testing.T) {
	deck := []game.Card{{ID: "hit", Kind: game.Hit}, {ID: "stop", Kind: game.Stop}, {ID: "skip", Kind: game.Skip},
		{ID: "ground", Kind: game.Ground}, {ID: "move", Kind: game.Move}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	s := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	stack := game.Place{Zone: game.InStack, Player: 0, Stack: 0}
	deal := func(c, p int, at float64) audit.Deal { return audit.Deal{Card: c, Player: p, At: s(at)} }
	const hit, stop, skip, move = 0, 1, 2, 4
	// Seat 2 was dealt the Hit, then the Stop on it, then the Skip on that.
	deals := []audit.Deal{deal(hit, 0, 1), deal(stop, 0, 3), deal(skip, 0, 5)}
	// Seat 3 was reached at 2 s, 6 s and 8 s.
	addrs := []audit.Address{{Player: 1, At: s(2)}, {Player: 1, At: s(6)}, {Player: 1, At: s(8)}}
	hitAt3 := audit.Play{Card: hit, Player: 1, From: stack, At: s(8)}
	skipSeen := audit.Play{Card: skip, Player: 1, From: stack, At: s(5.5)}
	groups := func(seat2, seat3, discard, rest []string) []audit.Group {
		return []audit.Group{{Name: "seat 2", Player: 0, Cards: seat2}, {Name: "seat 3", Player: 1, Cards: seat3},
			{Name: audit.Discard, Player: -1, Cards: discard}, {Name: audit.Deck, Player: -1, Cards: rest}}
	}
	all := map[string]bool{"hit": true, "stop": true, "skip": true, "ground": true, "move": true}
	buried := audit.Input{Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip"}, []string{"ground", "move"}), Seen: all,
		Deals: deals, Addresses: addrs, Plays: []audit.Play{skipSeen, hitAt3}}
	with := func(in audit.Input, f func(*audit.Input)) audit.Input {
		in.Deals = append([]audit.Deal(nil), in.Deals...)
		f(&in)
		return in
	}
	cases := []struct {
		name       string
		in         audit.Input
		accounted  bool
		missing    []string
		neverSeen  []string
		twice      []string
		impossible []string // card under card
	}{
		{"every card in its place", audit.Input{Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip"}, []string{"ground", "move"}), Seen: all},
			true, nil, nil, nil, nil},
		{"a card scanned twice", audit.Input{Groups: groups([]string{"stop"}, []string{"hit"}, []string{"skip", "hit"}, []string{"ground", "move"}), Seen: all},
			false, nil, nil, []string{"hit"}, nil},
		{"a card missing, and never seen at all", audit.Input{Groups: groups([]string{"stop"}, []string{"hit"}, nil, []string{"ground", "move"}),
			Seen: map[string]bool{"hit": true, "stop": true, "ground": true, "move": true}}, false, []string{"skip"}, []string{"skip"}, nil, nil},
		{"the Hit played from under the Stop while seat 2 held the Skip, the Move still in the deck: impossible", buried,
			true, nil, nil, nil, []string{"hit under stop"}},
		{"the Hit picked up before the Stop came and held: possible", with(buried, func(in *audit.Input) { in.Plays = []audit.Play{hitAt3} }),
			true, nil, nil, nil, nil},
		{"the Stop on top left the stack later: possible", with(buried, func(in *audit.Input) {
			in.Groups = groups(nil, []string{"hit"}, []string{"skip", "stop"}, []string{"ground", "move"})
		}), true, nil, nil, nil, nil},
		// "This card moves a rider. You can either steal someone else's
		// rider, or you can give your rider to someone else."
		{"the Hit buried under a Skip that seat 2 may have played on itself: possible", with(buried, func(in *audit.Input) {
			in.Deals = []audit.Deal{deal(hit, 0, 1), deal(skip, 0, 3), deal(stop, 0, 5)}
			in.Plays = []audit.Play{{Card: stop, Player: 0, From: stack, At: s(5.5)}, hitAt3}
			in.Groups = groups([]string{"skip"}, []string{"hit"}, []string{"stop"}, []string{"ground", "move"})
		}), true, nil, nil, nil, nil},
		{"a Move dealt and played before the Hit turned up may have carried it from elsewhere: possible", with(buried, func(in *audit.Input) {
			in.Deals = append(in.Deals, deal(move, 1, 4))
			in.Groups = groups([]string{"stop"}, []string{"hit"}, []string{"skip", "move"}, []string{"ground"})
		}), true, nil, nil, nil, nil},
		{"the only Move dealt after the Hit turned up: impossible", with(buried, func(in *audit.Input) {
			in.Deals = append(in.Deals, deal(move, 1, 9))
			in.Groups = groups([]string{"stop"}, []string{"hit"}, []string{"skip", "move"}, []string{"ground"})
		}), true, nil, nil, nil, []string{"hit under stop"}},
		{"the only Move dealt before but still in seat 3's stack: impossible", with(buried, func(in *audit.Input) {
			in.Deals = append(in.Deals, deal(move, 1, 4))
			in.Groups = groups([]string{"stop"}, []string{"hit", "move"}, []string{"skip"}, []string{"ground"})
		}), true, nil, nil, nil, []string{"hit under stop"}},
		// "To play an Extra, lay it on top of the rider you wish to modify,
		// overlapping it so the dealer can still read both cards." The
		// dealer reads the rider, then the Extra on it: the address the
		// rider's read started is the one the Extra turned up at, not one
		// that found the seat without it. Seat 3 was reached at 2 s, then
		// at 7.9 s with a rider and the Hit on it read at 8 s: the Hit may
		// have been played on seat 3 at 2.5 s, before the Stop covered its
		// place and long before seat 2 played the Skip.
		{"a card read just after its rider at the same address: possible", with(buried, func(in *audit.Input) {
			in.Addresses = []audit.Address{{Player: 1, At: s(2)}, {Player: 1, At: s(7.9)}}
			in.Plays = []audit.Play{skipSeen, {Card: hit, Player: 1, From: stack, At: s(8), Reached: s(7.9)}}
		}), true, nil, nil, nil, nil},
		{"the same read after an address at 6 s that found seat 3 without the Hit: impossible", with(buried, func(in *audit.Input) {
			in.Addresses = []audit.Address{{Player: 1, At: s(2)}, {Player: 1, At: s(6)}, {Player: 1, At: s(7.9)}}
			in.Plays = []audit.Play{skipSeen, {Card: hit, Player: 1, From: stack, At: s(8), Reached: s(7.9)}}
		}), true, nil, nil, nil, []string{"hit under stop"}},
		// "You can only pick up the top card of your stack." Which card
		// was on top is proved by the order the dealer's reads put them
		// in; a card dealt unread (found in front of seat 3 with no deal
		// on record, the engine believing it still in the deck) means
		// the next read was taken for it, and the order proves nothing.
		{"a card dealt without being read: nothing is proved", with(buried, func(in *audit.Input) {
			in.Groups = groups([]string{"stop"}, []string{"hit", "move"}, []string{"skip"}, []string{"ground"})
		}), true, nil, nil, nil, nil},
		// Seat 2 played its Stop on a Ground from under the Move, which
		// never left (a Move is not a rider: it lies nowhere else in front
		// of a seat), after playing the Skip.
		{"a Stop played from under a Move that never left: impossible", audit.Input{
			Groups: groups([]string{"move"}, nil, []string{"skip", "stop", "hit"}, []string{"ground"}), Seen: all,
			Deals:     []audit.Deal{deal(stop, 0, 1), deal(move, 0, 3), deal(skip, 0, 5), deal(hit, 1, 5.2)},
			Addresses: []audit.Address{{Player: 0, At: s(2)}, {Player: 0, At: s(8)}},
			Plays:     []audit.Play{{Card: skip, Player: 1, From: stack, At: s(5.5)}, {Card: stop, Player: 0, From: stack, At: s(8.5)}},
		}, true, nil, nil, nil, []string{"stop under move"}},
	}
	// A card confirmed by hand: the engine stood in a card for it, and
	// mends the guess by swapping cards between stacks and the deck when
	// the real one turns up, so which card lay under which is partly its
	// guess. The same evidence proves nothing in such a hand.
	guessed, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	if err := guessed.Observe(game.Confirm()); err != nil {
		t.Fatal(err)
	}
	if rep := audit.Run(with(buried, func(in *audit.Input) { in.Game = guessed })); len(rep.Impossible) != 0 || !strings.Contains(rep.Unproven, "where 1 card(s) lay is partly a guess") {
		t.Errorf("a hand with a card confirmed by hand: %+v, unproven %q", rep.Impossible, rep.Unproven)
	}
	// A stack knocked over and gathered back, as the dealer said: its
	// order is no longer the one dealt, and a card it brought up, played,
	// would look exactly like a buried card played.
	knocked, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []game.Event{game.Scan("hit"), game.Scan("stop"), game.Scan("skip"), game.Knocked(2)} {
		if err := knocked.Observe(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	if rep := audit.Run(with(buried, func(in *audit.Input) { in.Game = knocked })); len(rep.Impossible) != 0 || !strings.Contains(rep.Unproven, "where 2 card(s) lay is partly a guess") {
		t.Errorf("a hand with a stack knocked over: %+v, unproven %q", rep.Impossible, rep.Unproven)
	}
	if rep := audit.Run(with(buried, func(in *audit.Input) { in.Game = g })); rep.Unproven != "" {
		t.Errorf("a hand with every card read says %q", rep.Unproven)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.in.Game = g
			rep := audit.Run(c.in)
			var imp []string
			for _, p := range rep.Impossible {
				imp = append(imp, p.Card+" under "+p.Under)
				if p.Seat != 2 || p.Why == "" {
					t.Errorf("impossible play %+v", p)
				}
			}
			if rep.Accounted != c.accounted || fmt.Sprint(rep.Missing) != fmt.Sprint(c.missing) || fmt.Sprint(rep.NeverSeen) != fmt.Sprint(c.neverSeen) ||
				fmt.Sprint(rep.SeenTwice) != fmt.Sprint(c.twice) || fmt.Sprint(imp) != fmt.Sprint(c.impossible) {
				t.Fatalf("report %+v", rep)
			}
			if rep.Cards != len(deck) {
				t.Errorf("cards %d", rep.Cards)
			}
		})
	}
}

// TestDealtToAnotherSeat: "You can never mess with the cards in someone's
// stack." A Move the engine believes it dealt into seat 2's stack, found
// at the audit in front of seat 3, was dealt to seat 3: the record of
// whose stack each card went to is not the table's, so the order it
// gives proves no play impossible.
func TestDealtToAnotherSeat(t *testing.T) {
	deck := []game.Card{{ID: "hit", Kind: game.Hit}, {ID: "stop", Kind: game.Stop}, {ID: "skip", Kind: game.Skip},
		{ID: "ground", Kind: game.Ground}, {ID: "move", Kind: game.Move}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(game.Scan("move")); err != nil {
		t.Fatal(err)
	}
	if w := g.Where(4); w.Zone != game.InStack || w.Player != 0 {
		t.Fatalf("the Move is believed at %v", w)
	}
	s := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
	stack := game.Place{Zone: game.InStack, Player: 0, Stack: 0}
	const hit, stop, skip = 0, 1, 2
	in := audit.Input{Game: g,
		Groups: []audit.Group{{Name: "seat 2", Player: 0, Cards: []string{"stop"}}, {Name: "seat 3", Player: 1, Cards: []string{"hit", "move"}},
			{Name: audit.Discard, Player: -1, Cards: []string{"skip"}}, {Name: audit.Deck, Player: -1, Cards: []string{"ground"}}},
		Seen:      map[string]bool{"hit": true, "stop": true, "skip": true, "ground": true, "move": true},
		Deals:     []audit.Deal{{Card: hit, At: s(1)}, {Card: stop, At: s(3)}, {Card: skip, At: s(5)}, {Card: 4, At: s(0.5)}},
		Addresses: []audit.Address{{Player: 1, At: s(2)}, {Player: 1, At: s(6)}, {Player: 1, At: s(8)}},
		Plays:     []audit.Play{{Card: skip, Player: 1, From: stack, At: s(5.5)}, {Card: hit, Player: 1, From: stack, At: s(8)}},
	}
	if rep := audit.Run(in); len(rep.Impossible) > 0 {
		t.Fatalf("impossible plays %+v from a record that put the Move in the wrong stack", rep.Impossible)
	}
	// The same hand with the Move found where the engine dealt it: the
	// Hit was played from under the Stop.
	in.Groups[0].Cards, in.Groups[1].Cards = []string{"stop", "move"}, []string{"hit"}
	if rep := audit.Run(in); len(rep.Impossible) != 1 {
		t.Fatalf("report %+v: want the Hit under the Stop", rep)
	}
}

// TestPlayedUnseen: "What it cannot see (a Move between players, a Stop on
// a rider, which card a player holds) it reconstructs when the cards show
// up again" (product.md). A Move played and discarded shows up again only
// in the discard pile at the audit; on a perfect table the audit named
// hundreds of those misplaced a night.
func TestPlayedUnseen(t *testing.T) {
	deck := []game.Card{{ID: "move", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "stop", Kind: game.Stop},
		{ID: "grab", Kind: game.Move}, {ID: "ground", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{1, 2}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"move", "hit", "stop"} { // dealt to seats 1, 2, 1
		if err := g.Observe(game.Scan(id)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name             string
		discard          []string
		unseen, misplace []string
	}{
		{"a Move and a Stop dealt, then played out of sight", []string{"move", "stop"}, []string{"move", "stop"}, nil},
		{"a Hit is shown when played: in the discard unseen, it is misplaced", []string{"hit"}, nil, []string{"hit"}},
		{"a Move the engine believed still in the deck was never dealt as far as it knows", []string{"grab"}, nil, []string{"grab"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			groups := []audit.Group{{Name: audit.SeatGroup(1), Player: 0}, {Name: audit.SeatGroup(2), Player: 1},
				{Name: audit.Discard, Player: -1, Cards: c.discard}, {Name: audit.Deck, Player: -1}}
			in := map[string]bool{}
			for _, id := range c.discard {
				in[id] = true
			}
			// Every card not discarded lies where it was dealt, or in the deck.
			home := map[string]int{"move": 0, "hit": 1, "stop": 0, "grab": 3, "ground": 3}
			for _, cd := range deck {
				if !in[cd.ID] {
					groups[home[cd.ID]].Cards = append(groups[home[cd.ID]].Cards, cd.ID)
				}
			}
			res := audit.Run(audit.Input{Game: g, Groups: groups})
			var mis []string
			for _, m := range res.Misplaced {
				mis = append(mis, m.Card)
			}
			if fmt.Sprint(res.Unseen) != fmt.Sprint(c.unseen) || fmt.Sprint(mis) != fmt.Sprint(c.misplace) {
				t.Errorf("unseen %v, misplaced %v; want %v and %v", res.Unseen, mis, c.unseen, c.misplace)
			}
			if !res.Accounted {
				t.Errorf("not every card accounted for: %+v", res)
			}
		})
	}
}

// TestDeckShort: "Hold the deck face down, and deal from the top. ...
// deal cards one at a time", and the audit "closes the books: every card
// is accounted for" (product.md). Every card that leaves the deck is a
// deal the dealer read or confirmed by hand; one confirmed by hand the
// engine stands in a card of its own for, and a wrong guess leaves that
// card in the deck in the place of the one dealt, one for one. Two cards
// dealt as one (the reader read only one) leave the deck a card short of
// the record, whichever of the two the engine's guess names: the audit
// says so, where before it found the guess where it was guessed and said
// nothing of the other.
func TestDeckShort(t *testing.T) {
	deck := []game.Card{{ID: "hit", Kind: game.Hit}, {ID: "stop", Kind: game.Stop}, {ID: "skip", Kind: game.Skip},
		{ID: "move", Kind: game.Move}, {ID: "ground", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 2's card is confirmed by hand, seat 3's read.
	for _, e := range []game.Event{game.Confirm(), game.Scan("stop")} {
		if err := g.Observe(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	inf := g.Inferences()
	if inf[0].Kind != game.InfBlindDeal {
		t.Fatalf("no blind deal: %+v", inf)
	}
	guess := g.Card(inf[0].Card).ID
	var other string // a card still in the deck: dealt unread, or stuck to the one dealt
	for _, id := range []string{"hit", "skip", "move"} {
		if id != guess {
			other = id
			break
		}
	}
	var rest []string
	for _, id := range []string{"hit", "skip", "move", "ground"} {
		if id != guess && id != other {
			rest = append(rest, id)
		}
	}
	groups := func(seat2, deck []string) []audit.Group {
		return []audit.Group{{Name: "seat 2", Player: 0, Cards: seat2}, {Name: "seat 3", Player: 1, Cards: []string{"stop"}},
			{Name: audit.Discard, Player: -1}, {Name: audit.Deck, Player: -1, Cards: deck}}
	}
	all := map[string]bool{"stop": true}
	for _, c := range []struct {
		name   string
		groups []audit.Group
		short  int
	}{
		{"the guess right", groups([]string{guess}, append([]string{other}, rest...)), 0},
		{"the guess wrong: the card dealt found at seat 2, the guess in the deck", groups([]string{other}, append([]string{guess}, rest...)), 0},
		{"two dealt as one: both at seat 2, the deck a card short", groups([]string{guess, other}, rest), 1},
		// The deck not scanned (confirmed empty-handed, or a log whose
		// scans name only the seats): the guess, missing, may lie in it,
		// where two dealt as one still leave a card too many at the seat.
		{"the guess wrong, the deck not scanned", groups([]string{other}, nil), 0},
		{"two dealt as one, the deck not scanned", groups([]string{guess, other}, nil), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := audit.Run(audit.Input{Game: g, Groups: c.groups, Seen: all})
			if rep.DeckShort != c.short || rep.Accounted != (c.groups[3].Cards != nil) {
				t.Fatalf("deck short %d, accounted %v: want %d, true (%+v)", rep.DeckShort, rep.Accounted, c.short, rep)
			}
		})
	}
}

// TestVerdict: the one line the dealer says at the table and the review
// shows, a deck short of the record in it and, apart, what that means.
func TestVerdict(t *testing.T) {
	tests := []struct {
		name      string
		r         audit.Result
		verdict   string
		shortSaid string
	}{
		{"clean", audit.Result{Counted: 54, Cards: 54, Accounted: true}, "54 of 54 cards counted, every card accounted for", ""},
		{"a card missing, two impossible plays", audit.Result{Counted: 53, Cards: 54, Impossible: make([]audit.Impossible, 2)},
			"53 of 54 cards counted, NOT every card accounted for, 2 impossible plays", ""},
		{"deck short, unproven", audit.Result{Counted: 54, Cards: 54, Accounted: true, DeckShort: 1, Unproven: "no buried play can be proved"},
			"54 of 54 cards counted, every card accounted for, the deck 1 card(s) short of the record; no buried play can be proved",
			"the deck 1 card(s) short of the record: " + audit.DeckShortWhy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Verdict(); got != tt.verdict {
				t.Errorf("Verdict %q, want %q", got, tt.verdict)
			}
			if got := tt.r.DeckShortSaid(); got != tt.shortSaid {
				t.Errorf("DeckShortSaid %q, want %q", got, tt.shortSaid)
			}
		})
	}
}
