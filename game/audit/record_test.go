package audit_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// TestRecordAfterUnscanned: "every card is accounted for" (product.md)
// from the record of the deals. A card read and taken for the card dealt
// unscanned before it is recorded again where the dealer's "unscanned" puts
// it, after the deal confirmed by hand that stands in for the card dealt
// unscanned; a rider taken for one played at the seat still waiting is
// recorded played at its own seat, and only there. Each deal is recorded
// once, and nothing the read did not record is forgotten.
func TestRecordAfterUnscanned(t *testing.T) {
	for _, tc := range []struct {
		name   string
		deck   string // the cards' IDs, in the order the engine believes the deck
		events []game.Event
		deals  []string // card: seat
		plays  []string
	}{
		{"a deal", "stop-0 hit-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-2"), game.DealtUnscanned("stop-2")},
			[]string{"stop-0: 2", "stand-in: 3", "stop-2: 4"}, nil},
		{"a rider", "stop-0 hit-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("hit-1"), game.Scan("stop-2"), game.Scan("hit-1"), game.DealtUnscanned("hit-1")},
			[]string{"stop-0: 2", "hit-1: 3", "stop-2: 4", "stand-in: 2"}, []string{"hit-1: 3"}},
		// Seat 2's Hit, just dealt and read, is played at once on seat 4;
		// seat 3's card goes unscanned and the Hit, shown at seat 4's
		// turn, is taken for one played on seat 3, still waiting.
		// "unscanned" forgets that play, and only it: the Hit's own deal
		// to seat 2 was read and stays in the record.
		{"the read's own deal stays", "hit-0 stop-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("hit-0"), game.Scan("hit-0"), game.DealtUnscanned("hit-0")},
			[]string{"hit-0: 2", "stand-in: 3"}, []string{"hit-0: 4"}},
		// The engine's guess for the card dealt unscanned is the top of
		// the deck as it believes it: after stop-0, stop-1, the very card
		// read next and taken for it. Read, that card is the deal where
		// the light then asks, and another card stands in.
		{"the stand-in is the read", "stop-0 stop-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-1"), game.DealtUnscanned("stop-1")},
			[]string{"stop-0: 2", "stand-in: 3", "stop-1: 4"}, nil},
		// Seat 3's card, dealt unscanned, is scanned once asked for, and
		// is a Ground: it landed as the dealer dealt on. The stand-in goes
		// from the record, the Ground is dealt in its place, and the card
		// read after it once, where it lies.
		{"the card dealt unscanned was a Ground", "stop-0 ground-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-2"), game.DealtUnscanned("stop-2"), game.Identify(3, "ground-1")},
			[]string{"stop-0: 2", "ground-1: 3", "stop-2: 4"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, r := record(t, tc.deck, tc.events)
			var deals, plays []string
			for _, d := range r.Deals {
				id := g.Card(d.Card).ID
				if g.Blind(d.Card) {
					id = "stand-in"
				}
				deals = append(deals, fmt.Sprintf("%s: %d", id, g.Seat(d.Player)))
			}
			for _, p := range r.Plays {
				plays = append(plays, fmt.Sprintf("%s: %d", g.Card(p.Card).ID, g.Seat(p.Player)))
			}
			if !slices.Equal(deals, tc.deals) || !slices.Equal(plays, tc.plays) {
				t.Fatalf("deals %q, plays %q; want %q, %q", deals, plays, tc.deals, tc.plays)
			}
		})
	}
}

// record observes events on a hand of seats 2, 3 and 4 dealt from deck
// (the cards' IDs, kind first, in the order the engine believes the deck)
// and returns the hand with its record.
func record(t *testing.T, deck string, events []game.Event) (*game.Game, *audit.Recorder) {
	t.Helper()
	var cards []game.Card
	for _, id := range strings.Fields(deck) {
		k, _, _ := strings.Cut(id, "-")
		kind, err := game.ParseKind(k)
		if err != nil {
			t.Fatal(err)
		}
		cards = append(cards, game.Card{ID: id, Kind: kind})
	}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{2, 3, 4}, Deck: cards})
	if err != nil {
		t.Fatal(err)
	}
	r := audit.NewRecorder()
	for i, e := range events {
		r.Before(g)
		if err := g.Observe(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		r.Applied(g, e, time.Duration(i)*time.Second)
	}
	return g, r
}

// TestRecordAfterThere: the audit reasons from when each seat's address
// began ("Once the dealer is addressing a player, no one can affect the
// deal"). A "not there" said as seat 2's address begins, taken back, goes
// back to before it: the address begins again with the card dealt into the
// stack that was there, and is recorded once, as if nothing had been said.
func TestRecordAfterThere(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 stop-3 stop-4 stop-5 ground-6"
	pass := []game.Event{game.Scan("stop-0"), game.Scan("stop-1"), game.Scan("stop-2")}
	for _, tc := range []struct {
		name   string
		events []game.Event
	}{
		{"said and taken back", append(slices.Clone(pass), game.StackGone(), game.ThereAfterAll(), game.Scan("stop-3"))},
		{"taken back through a press", append(slices.Clone(pass), game.StackGone(), game.Press(3), game.ThereAfterAll(), game.Scan("stop-3"))},
		{"never said", append(slices.Clone(pass), game.Scan("stop-3"))},
		// Seat 4's Skip, lying near the reader, read just after the "not
		// there": taken for a Skip played on seat 2, the light asks to
		// sweep it, and a second "not there" takes the read back; the
		// first is then taken back.
		{"a stray read taken back between", []game.Event{game.Scan("stop-0"), game.Scan("stop-1"), game.Scan("skip-2"), game.StackGone(), game.Scan("skip-2"), game.StackGone(), game.ThereAfterAll(), game.Scan("stop-3")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			deck := deck
			if strings.HasPrefix(tc.name, "a stray") {
				deck = strings.Replace(deck, "stop-2", "skip-2", 1)
			}
			g, r := record(t, deck, tc.events)
			var seats []int
			for _, a := range r.Addresses {
				seats = append(seats, g.Seat(a.Player))
			}
			if want := []int{2, 3, 4, 2}; !slices.Equal(seats, want) {
				t.Fatalf("addresses at seats %v, want %v", seats, want)
			}
			if d := r.Deals[len(r.Deals)-1]; g.Card(d.Card).ID != "stop-3" || g.Seat(d.Player) != 2 || d.Stack != 0 {
				t.Fatalf("the last deal recorded is %+v, want stop-3 into seat 2's stack", d)
			}
		})
	}
}

// TestRecordDealtAfterAll: "SKIP: Deal no cards to this player. (And sweep
// away the Skip.)" Seat 2's card dealt by hand is said picked up, and the
// Skip read as seat 2's next turn begins is taken for it, played there;
// the dealer sees no Skip in front of seat 2 and says "not there": it is
// the deal (game.InfDealtAfterAll). The audit has it dealt into seat 2's
// stack, as if read then, and played nowhere.
func TestRecordDealtAfterAll(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 skip-3 stop-4 stop-5 stop-6 stop-7 ground-8"
	g, r := record(t, deck, []game.Event{
		game.Confirm(), game.Scan("stop-1"), game.Scan("stop-2"), // seat 2's by hand
		game.NotOnTop(2), game.Scan("skip-3"), game.StackGone(),
	})
	if !slices.ContainsFunc(g.Inferences(), func(x game.Inference) bool { return x.Kind == game.InfDealtAfterAll }) {
		t.Fatalf("the Skip was not dealt after all: %+v", g.Inferences())
	}
	d := r.Deals[len(r.Deals)-1]
	if g.Card(d.Card).ID != "skip-3" || g.Seat(d.Player) != 2 || d.Stack != g.Where(d.Card).Stack || d.At != 5*time.Second {
		t.Fatalf("the last deal recorded is %+v, want skip-3 into seat 2's stack at 5 s", d)
	}
	for _, p := range r.Plays {
		if g.Card(p.Card).ID == "skip-3" {
			t.Fatalf("the Skip is recorded played: %+v", p)
		}
	}
	var seats []int
	for _, a := range r.Addresses {
		seats = append(seats, g.Seat(a.Player))
	}
	if want := []int{2, 3, 4, 2}; !slices.Equal(seats, want) {
		t.Fatalf("addresses at seats %v, want %v", seats, want)
	}
}

// TestRecordMisreadRemadeDeals: the audit reports "plays that were
// impossible (a card played while buried under a card that never left the
// stack)" (product.md), so every deal it records must be where the engine
// dealt it. Seat 2's card dealt by hand is said picked up; the dealer's
// hold tells the Hit read as seat 2's next turn begins as a card shown
// (Identify, then the read), and the card read after it as the Hit's first
// at seat 2. The dealer says misread: the Hit is seat 2's deal after all,
// and the cards read since are dealt again where the light then asks (the
// next seats'). The record has each of them there, not where the wrong
// read put it.
func TestRecordMisreadRemadeDeals(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 hit-3 stop-4 stop-5 stop-6 stop-7 stop-8 ground-9"
	lead := []game.Event{
		game.Confirm(), game.Scan("stop-1"), game.Scan("stop-2"), // seat 2's by hand
		game.NotOnTop(2), game.Identify(2, "hit-3"), game.Scan("hit-3"),
	}
	for _, tc := range []struct {
		name  string
		since []string       // read after the Hit, as its cards at seat 2
		want  map[string]int // card -> seat it is recorded dealt to
	}{
		{"one card since", []string{"stop-4"}, map[string]int{"hit-3": 2, "stop-4": 3}},
		{"both of the Hit's cards since", []string{"stop-4", "stop-5"}, map[string]int{"hit-3": 2, "stop-4": 3, "stop-5": 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			events := slices.Clone(lead)
			for _, id := range tc.since {
				events = append(events, game.Scan(id))
			}
			events = append(events, game.NotThereRead("hit-3"))
			g, r := record(t, deck, events)
			got := map[string]int{}
			for _, d := range r.Deals {
				id := g.Card(d.Card).ID
				if _, ok := tc.want[id]; !ok {
					continue
				}
				if _, twice := got[id]; twice {
					t.Fatalf("%s recorded dealt twice: %+v", id, r.Deals)
				}
				got[id] = g.Seat(d.Player)
				if w := g.Where(d.Card); w.Zone != game.InStack || w.Player != d.Player || w.Stack != d.Stack {
					t.Errorf("%s recorded dealt to seat %d stack %d, the engine has it at %+v", id, g.Seat(d.Player), d.Stack, w)
				}
			}
			if !maps.Equal(got, tc.want) {
				t.Fatalf("deals recorded at seats %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRecordShownAfterAll: the audit reasons only from plays it saw ("a
// card played while buried under a card that never left the stack",
// product.md), so a card recorded dealt must lie where it was dealt. Seat
// 2's card dealt by hand is said picked up; the Hit read as seat 2's next
// turn begins is held, and judged the deal (nothing came at once: its
// deal went unread). The dealer says misread: the Hit was shown after
// all. The record has it played at seat 2, from where the card dealt by
// hand lay, as if the hold had judged it so, and not dealt.
func TestRecordShownAfterAll(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 hit-3 stop-4 stop-5 stop-6 stop-7 stop-8 ground-9"
	events := []game.Event{
		game.Confirm(), game.Scan("stop-1"), game.Scan("stop-2"), // seat 2's by hand
		game.NotOnTop(2), game.ScanDealt("hit-3"), game.NotThereRead("hit-3"),
	}
	shown := append(slices.Clone(events[:4]), game.Identify(2, "hit-3"), game.Scan("hit-3"))
	g, r := record(t, deck, events)
	want, rw := record(t, deck, shown)
	hit, _ := g.CardIndex("hit-3")
	for _, d := range r.Deals {
		if d.Card == hit {
			t.Fatalf("the Hit shown after all is recorded dealt: %+v", r.Deals)
		}
	}
	var got []audit.Play
	for _, p := range r.Plays {
		if p.Card == hit {
			got = append(got, p)
		}
	}
	if len(got) != 1 || len(rw.Plays) != 1 || got[0].Player != rw.Plays[0].Player || got[0].From != rw.Plays[0].From {
		t.Fatalf("the Hit recorded played %+v, want as judged shown in its time: %+v", got, rw.Plays)
	}
	if g.Seat(got[0].Player) != 2 || g.Where(hit) != want.Where(hit) {
		t.Fatalf("the Hit played at seat %d, lying at %+v (judged shown: %+v), want seat 2's rider", g.Seat(got[0].Player), g.Where(hit), want.Where(hit))
	}
}

// TestRecordShownAfterAllSaidAgain: the audit reasons only from plays it
// saw, so a card the engine has dealt must be recorded dealt where it lies
// ("a card played while buried under a card that never left the stack",
// product.md, needs to know what lay in the stack). The dealer's misread,
// said of the Hit the hold judged seat 2's deal, makes it a card shown
// (TestRecordShownAfterAll); said again at once, it takes that back and
// the Hit is seat 2's deal again, as the hold judged it. The record is
// the one of the Hit judged dealt: its deal, no play.
func TestRecordShownAfterAllSaidAgain(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 hit-3 stop-4 stop-5 stop-6 stop-7 stop-8 ground-9"
	judged := []game.Event{game.Confirm(), game.Scan("stop-1"), game.Scan("stop-2"), game.NotOnTop(2), game.ScanDealt("hit-3")}
	twice := append(slices.Clone(judged), game.NotThereRead("hit-3"), game.NotThereRead("hit-3"))
	g, r := record(t, deck, twice)
	want, rw := record(t, deck, judged)
	if hit, _ := g.CardIndex("hit-3"); g.Where(hit) != want.Where(hit) {
		t.Fatalf("after the misread said twice the Hit lies at %+v, judged dealt at %+v", g.Where(hit), want.Where(hit))
	}
	if !slices.Equal(r.Deals, rw.Deals) || len(r.Plays) != len(rw.Plays) {
		t.Fatalf("after the misread said twice the record has deals %+v, plays %+v; judged dealt: %+v, %+v", r.Deals, r.Plays, rw.Deals, rw.Plays)
	}
}

// TestRecordMisreadExtraRemadeDeals: "To play an Extra, lay it on top of
// the rider you wish to modify." An Extra read from the deck as seat 2's
// turn begins, taken for seat 2's card dealt by hand played there, waits
// for its rider and records no play. The next card read is dealt to seat
// 2; seat 2 has no rider, and the dealer says misread: the Extra is seat
// 2's deal after all, and the card read since is made again at seat 3
// (game's TestMisreadHeldDealShown/Extra). The record must have it where
// the engine has it, as for a rider (TestRecordMisreadRemadeDeals): a
// deal left where the wrong read sent it is a card the audit sees lie in
// a stack it never reached.
func TestRecordMisreadExtraRemadeDeals(t *testing.T) {
	const deck = "stop-0 stop-1 stop-2 extra-3 stop-4 stop-5 stop-6 stop-7 stop-8 ground-9"
	events := []game.Event{
		game.Confirm(), game.Scan("stop-1"), game.Scan("stop-2"), // seat 2's by hand
		game.NotOnTop(2), game.Identify(2, "extra-3"), game.Scan("extra-3"), game.Scan("stop-4"),
		game.NotThereRead("extra-3"),
	}
	g, r := record(t, deck, events)
	want := map[string]int{"extra-3": 2, "stop-4": 3}
	got := map[string]int{}
	for _, d := range r.Deals {
		id := g.Card(d.Card).ID
		if _, ok := want[id]; !ok {
			continue
		}
		got[id] = g.Seat(d.Player)
		if w := g.Where(d.Card); w.Zone != game.InStack || w.Player != d.Player || w.Stack != d.Stack {
			t.Errorf("%s recorded dealt to seat %d stack %d, the engine has it at %+v", id, g.Seat(d.Player), d.Stack, w)
		}
	}
	if !maps.Equal(got, want) {
		t.Fatalf("deals recorded at seats %v, want %v", got, want)
	}
}

// TestRecordAfterUnscannedTakenBack: "every card is accounted for"
// (product.md) from the record of the deals, and the audit reasons from
// when each seat's address began. An "unscanned" said by mistake and taken
// back at once (game.UnscannedTakenBack, the dealer's r) goes back to
// before it: the record is the one of a hand where it was never said, the
// read where it was first taken, no stand-in dealt, no address lost; said
// twice in a row and taken back twice, the same.
func TestRecordAfterUnscannedTakenBack(t *testing.T) {
	for _, tc := range []struct {
		name        string
		deck        string
		read, after []game.Event // before the unscanned, and after its take-back
		said        game.Event
		twice       bool // said twice in a row, taken back twice
	}{
		{"a deal", "stop-0 hit-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-2")}, []game.Event{game.Scan("stop-3")}, game.DealtUnscanned("stop-2"), false},
		{"a deal, twice", "stop-0 hit-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-2")}, []game.Event{game.Scan("stop-3")}, game.DealtUnscanned("stop-2"), true},
		{"a rider", "stop-0 hit-1 stop-2 stop-3 stop-4 stop-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("hit-1"), game.Scan("stop-2"), game.Scan("hit-1")}, []game.Event{game.Scan("stop-3")}, game.DealtUnscanned("hit-1"), false},
		{"a Ground said landed", "stop-0 stop-1 ground-2 stop-3 stop-4 ground-5 ground-6",
			[]game.Event{game.Scan("stop-0"), game.Scan("stop-1"), game.Scan("stop-3")}, []game.Event{game.Scan("stop-4")}, game.GroundDealtUnscanned("stop-3"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			said := []game.Event{tc.said, game.UnscannedTakenBack(tc.said.Card)}
			if tc.twice {
				said = []game.Event{tc.said, tc.said, game.UnscannedTakenBack(tc.said.Card), game.UnscannedTakenBack(tc.said.Card)}
			}
			taken := slices.Concat(tc.read, said, tc.after)
			never := slices.Concat(tc.read, tc.after)
			g, r := record(t, tc.deck, taken)
			wg, want := record(t, tc.deck, never)
			if got, want := recorded(g, r), recorded(wg, want); got != want {
				t.Fatalf("the record after the take-back:\n%s\nwant the one of a hand where it was never said:\n%s", got, want)
			}
		})
	}
}

// recorded is r's deals, plays and addresses, by card ID and seat, without
// times (a hand that heard more events has later ones).
func recorded(g *game.Game, r *audit.Recorder) string {
	var b strings.Builder
	for _, d := range r.Deals {
		fmt.Fprintf(&b, "deal %s: %d/%d blind=%v; ", g.Card(d.Card).ID, g.Seat(d.Player), d.Stack, g.Blind(d.Card))
	}
	b.WriteString("\n")
	for _, p := range r.Plays {
		fmt.Fprintf(&b, "play %s: %d from %+v; ", g.Card(p.Card).ID, g.Seat(p.Player), p.From)
	}
	b.WriteString("\n")
	for _, a := range r.Addresses {
		fmt.Fprintf(&b, "address %d; ", g.Seat(a.Player))
	}
	return b.String()
}
