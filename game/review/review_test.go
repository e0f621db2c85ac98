package review_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
)

// Logs a writer never produces, as a bug or a newer version might leave
// them, still review: no panic, and the review says what it could not do.
func TestAnalyzeOddLogs(t *testing.T) {
	start := &playlog.Start{Hand: "odd", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3,
		Deck: []game.Card{{ID: "h", Kind: game.Hit}, {ID: "g", Kind: game.Ground}}}
	ev := func(e game.Event) *game.Event { return &e }
	at := func(s float64) time.Duration { return time.Second + time.Duration(s*float64(time.Second)) }
	tests := []struct {
		name    string
		h       playlog.Hand
		has     []string
		moments int
	}{
		{
			name: "no start",
			h: playlog.Hand{ID: "x", Entries: []playlog.Entry{
				{Seq: 2, Kind: playlog.KindPress, Seat: 4, Kernel: at(1), Mono: at(1)},
				{Seq: 3, Kind: playlog.KindPress, Seat: 2, Kernel: at(1.01), Mono: at(1.01)},
				{Seq: 4, Kind: playlog.KindApplied, Event: ev(game.Step()), Mono: at(2)},
			}},
			has:     []string{"not replayed", "seat 4 first by 10 ms"},
			moments: 2,
		},
		{
			name: "events the engine refuses on replay",
			h: playlog.Hand{ID: "y", Start: start, Entries: []playlog.Entry{
				{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)},
				{Seq: 2, Kind: playlog.KindApplied, Event: ev(game.Play(-5, 99)), Digest: 1, Mono: at(1)},
				{Seq: 3, Kind: playlog.KindApplied, Event: ev(game.PickUp(7, 3)), Mono: at(2)},
				{Seq: 4, Kind: playlog.KindApplied, Event: ev(game.Event{Kind: 200}), Mono: at(3)},
				{Seq: 5, Kind: playlog.KindPress, Seat: -3, Kernel: at(4), Mono: at(4)},
				{Seq: 6, Kind: playlog.KindDispute, Dispute: &playlog.Dispute{Seats: []int{9}, Times: []int64{1}}, Mono: at(5)},
				{Seq: 7, Kind: playlog.Kind(99), Mono: at(6)},
				{Seq: 8, Kind: playlog.KindAudit, Card: "nope", Seat: 40, Mono: at(7)},
			}},
			has:     []string{"does NOT replay: 3 mismatches", "a card not in this deck: nope", "nobody pressed"},
			moments: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := review.Analyze(&tt.h, review.Options{Loc: time.UTC})
			var txt, page bytes.Buffer
			if err := review.Text(&txt, r); err != nil {
				t.Fatal(err)
			}
			if err := review.HTML(&page, r); err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.has {
				if !strings.Contains(txt.String(), s) {
					t.Errorf("review lacks %q:\n%s", s, txt.String())
				}
			}
			if len(r.Moments) != tt.moments {
				t.Errorf("%d moments, want %d: %+v", len(r.Moments), tt.moments, r.Moments)
			}
		})
	}
}

// The end-of-hand audit as the dealer logs it: the reader's scans name
// their group in Note (and no seat), the dealer's findings name a card too,
// and the verdict comes as one KindAuditResult. The review must tell scans
// from findings, show each impossible play with its reason once, run the
// audit again from the log (one audit: game/audit), and invent nothing.
func TestAuditFromLog(t *testing.T) {
	start := &playlog.Start{Hand: "audit", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3,
		Deck: []game.Card{{ID: "h", Kind: game.Hit}, {ID: "g", Kind: game.Ground}}}
	at := func(s float64) time.Duration { return time.Second + time.Duration(s*float64(time.Second)) }
	scan := func(seq uint64, id, group string) playlog.Entry {
		return playlog.Entry{Seq: seq, Kind: playlog.KindAudit, Source: playlog.FromReader, Card: id, Note: group, Kernel: at(float64(seq)), Mono: at(float64(seq))}
	}
	dealer := func(seq uint64, id, note string) playlog.Entry {
		return playlog.Entry{Seq: seq, Kind: playlog.KindAudit, Source: playlog.FromDealer, Card: id, Note: note, Kernel: at(9), Mono: at(9)}
	}
	result := &audit.Result{Cards: 2, Counted: 2, Accounted: true,
		Misplaced:  []audit.Misplaced{{Card: "h", Found: "seat 1", Believed: game.Place{Zone: game.InDeck}}},
		Impossible: []audit.Impossible{{Card: "h", Seat: 2, Under: "g", Why: "Hit was buried under Ground, which never left seat 2's stack"}}}
	tests := []struct {
		name     string
		entries  []playlog.Entry
		findings []string // each finding's text contains one, in order
		has      []string
		lacks    []string
	}{
		{
			name: "the dealer's result is the verdict",
			entries: []playlog.Entry{
				scan(2, "h", "seat 1"), scan(3, "g", "discard pile"),
				dealer(4, "h", "found in seat 1, believed {deck 0 0}"),
				dealer(5, "h", "impossible play: Hit was buried under Ground"),
				{Seq: 6, Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Audit: result, Kernel: at(9), Mono: at(9)},
				dealer(7, "", "audit: 2 of 2 cards counted, every card accounted for, 1 impossible play(s)"),
			},
			// The logged impossible play has no deal behind it in this log:
			// the audit run again from the log cannot find it, and says so.
			findings: []string{"an impossible play: Hit#h played from seat 2's stack while under Ground#g: Hit was buried under Ground, which never left seat 2's stack",
				"the deck 2 card(s) short of the record: " + audit.DeckShortWhy + ", run again from the log: the dealer's verdict does not say it",
				"the audit run again from this log does not give the dealer's verdict: it logged \"2 of 2 cards counted, every card accounted for, 1 impossible play, 1 found where the log did not put them\", the log gives \"2 of 2 cards counted, every card accounted for, 2 found where the log did not put them\""},
			has:   []string{"The dealer's audit: 2 of 2 cards counted", "1 impossible", "Hit#h found in front of seat 1, the log had it in the deck"},
			lacks: []string{"audit: audit:", "found in the discard pile at the audit"},
		},
		{
			// The verdict of a dealer from before the audit counted the
			// deck short (audit.Result.DeckShort) is the audit's but for
			// that figure: said on its own, not as a verdict the log
			// does not give (which the two verdicts quoted read alike).
			name: "a log from before the deck short: the figure said apart",
			entries: []playlog.Entry{
				scan(2, "h", "seat 1"), scan(3, "g", "deck"),
				{Seq: 4, Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Kernel: at(9), Mono: at(9), Audit: &audit.Result{Cards: 2, Counted: 2, Accounted: true,
					Misplaced: []audit.Misplaced{{Card: "h", Found: "seat 1", Believed: game.Place{Zone: game.InDeck}}}}},
			},
			findings: []string{"the deck 1 card(s) short of the record: " + audit.DeckShortWhy + ", run again from the log: the dealer's verdict does not say it"},
			has:      []string{"The dealer's audit: 2 of 2 cards counted, every card accounted for"},
		},
		{
			// A newer version carried the hand on (its schema note): replay
			// stops there (playlog.ErrNewerSchema), so the hand as it stood
			// is not the hand the dealer audited, and the dealer's verdict
			// stands alone, as at a hole in the log, not beside a re-run on a
			// hand half played.
			name: "a newer writer carried the hand on: the dealer's verdict alone",
			entries: []playlog.Entry{
				{Seq: 2, Kind: playlog.KindNote, Source: playlog.FromDealer, Schema: playlog.Schema + 1, Note: "carried on by a newer writer", Mono: at(1)},
				scan(3, "h", "seat 1"), scan(4, "g", "discard pile"),
				{Seq: 5, Kind: playlog.KindAuditResult, Source: playlog.FromDealer, Audit: result, Kernel: at(9), Mono: at(9)},
			},
			findings: []string{"an impossible play: h played from seat 2's stack while under g"},
			has:      []string{"The dealer's audit: 2 of 2 cards counted"},
			lacks:    []string{"run again from this log", "run again from the log"},
		},
		{
			name: "a log from before the result: the dealer's findings on their own",
			entries: []playlog.Entry{
				scan(2, "h", "deck"), scan(3, "g", "deck"),
				dealer(4, "x", "not in this deck"),
				dealer(5, "", "audit: 2 of 2 cards counted"),
			},
			findings: []string{"audit: x: not in this deck"},
			has:      []string{"audit: 2 of 2 cards counted"},
			lacks:    []string{"audit: audit:", "at the audit, but the log puts it"},
		},
		{
			name: "scans that name only their seat, as scripted logs do",
			entries: []playlog.Entry{
				{Seq: 2, Kind: playlog.KindAudit, Source: playlog.FromReader, Seat: 1, Card: "h", Mono: at(2)},
			},
			// No verdict logged: the review runs the audit from the log.
			// Hit#h, which no deal in the log took from the deck, leaves
			// it a card short of the record.
			findings: []string{"a card missing: Ground#g was not scanned at the audit, nor seen during the hand", "the deck 1 card(s) short of the record"},
			has:      []string{"1 of 2 cards counted, NOT every card accounted for", "again from the log, which has no verdict", "Hit#h found in front of seat 1, the log had it in the deck"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := playlog.Hand{ID: "audit", Start: start, Entries: append([]playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)}}, tt.entries...)}
			r := review.Analyze(&h, review.Options{Loc: time.UTC})
			var txt bytes.Buffer
			if err := review.Text(&txt, r); err != nil {
				t.Fatal(err)
			}
			if len(r.Findings) != len(tt.findings) {
				t.Fatalf("%d findings, want %d: %+v", len(r.Findings), len(tt.findings), r.Findings)
			}
			for i, f := range tt.findings {
				if !strings.Contains(r.Findings[i].Text, f) {
					t.Errorf("finding %d is %q, want %q in it", i, r.Findings[i].Text, f)
				}
			}
			for _, s := range tt.has {
				if !strings.Contains(txt.String(), s) {
					t.Errorf("review lacks %q:\n%s", s, txt.String())
				}
			}
			for _, s := range tt.lacks {
				if strings.Contains(txt.String(), s) {
					t.Errorf("review has %q:\n%s", s, txt.String())
				}
			}
		})
	}
}

// What the dealer said of the cards on the table is named in the
// timeline: a card dealt by hand read once the reader is back ("picks the
// reader up again when it comes back", product.md), one they said was
// picked up before it could be, a stack knocked over and gathered back,
// a card dealt unscanned before the one read (named a Ground, or found
// one), an "unscanned" taken back, a
// "not there" taken back, a read taken for a rider dealt after all, and a
// read judged dealt shown after all.
func TestDealerReportsInTimeline(t *testing.T) {
	cases := []struct {
		name string
		evs  []game.Event
		want string
	}{
		{"identified", []game.Event{game.Confirm(), game.Identify(1, "s")}, "the card dealt by hand to seat 1 was Skip"},
		{"not on top", []game.Event{game.Confirm(), game.NotOnTop(1)}, "the card dealt by hand to seat 1 is no longer on top (n)"},
		{"knocked over", []game.Event{game.Scan("h"), game.Scan("s"), game.Scan("k"), game.Knocked(1)},
			"a stack of seat 1 knocked over and gathered back (the dealer says)"},
		{"unscanned", []game.Event{game.Scan("h"), game.Scan("k"), game.DealtUnscanned("k")},
			"the card dealt before Skip#k went unscanned (the dealer says)"},
		{"unscanned, named a Ground", []game.Event{game.Scan("h"), game.Scan("k"), game.GroundDealtUnscanned("k")},
			"the card dealt before Skip#k went unscanned and was a Ground (the dealer says): it landed"},
		{"unscanned Ground", []game.Event{game.Scan("h"), game.Scan("k"), game.DealtUnscanned("k"), game.Identify(2, "g")},
			"the card dealt unscanned was Ground#g, scanned since: it landed as the dealer dealt on"},
		// A b said by mistake, taken back at once (the dealer's r).
		{"unscanned taken back", []game.Event{game.Scan("h"), game.Scan("k"), game.DealtUnscanned("k"), game.UnscannedTakenBack("k")},
			`misread, the dealer says: the "unscanned" just said of Skip#k is taken back; no card went unscanned before it, and it lies where it was first read`},
		{"there after all", []game.Event{game.Scan("h"), game.Scan("s"), game.StackGone(), game.ThereAfterAll()},
			`there after all, the dealer says: the "not there" just said of seat 1 is taken back`},
		// A Skip dealt to seat 1, whose card dealt by hand was said picked
		// up, is taken for that card played; "not there": it is the deal.
		{"dealt after all", []game.Event{game.Confirm(), game.NotOnTop(1), game.Scan("h"), game.Scan("s"), game.StackGone()},
			"Skip#s was no rider there, the dealer says: it is the card dealt there"},
		// The Hit read as seat 1's turn begins, judged its deal by the
		// dealer's hold; misread: it was seat 1's card played there.
		{"shown after all", []game.Event{game.Confirm(), game.NotOnTop(1), game.Scan("k"), game.ScanDealt("h"), game.NotThereRead("h")},
			"Hit#h was shown there after all, the dealer says: played unseen, not dealt there"},
		// Every non-Ground dealt by hand; Skip#s, seat 2's, shown there
		// and swept; Hit#h, stood in for seat 1's first card, read as seat
		// 1's turn begins and judged dealt by the dealer's hold: with only
		// Grounds left in the engine's deck it is taken for the deal, and
		// Skip#s comes out of the discard pile to stand in for it. The
		// page must say where that card came from, not that a deal was
		// confirmed by hand just then.
		{"stand-in from the discard pile", []game.Event{game.Confirm(), game.Confirm(), game.Confirm(), game.Scan("s"), game.ScanDealt("h")},
			"Skip#s, from the discard pile, is taken for the card dealt by hand to seat 1: the card read was still in the deck"},
		// The table ends a hand the lights lost: seat 2 won, and no one
		// hit the ground for it.
		{"declared", []game.Event{game.Scan("h"), game.DeclareWinner(2)},
			"the table declares seat 2 the winner: the lights had lost the hand"},
		// The misread said again at once: the Hit is seat 1's deal, as the
		// hold judged it, and no stray card.
		{"shown after all, said again", []game.Event{game.Confirm(), game.NotOnTop(1), game.Scan("k"), game.ScanDealt("h"), game.NotThereRead("h"), game.NotThereRead("h")},
			"Hit#h is the card dealt there after all, the dealer says again: not shown there, as first judged"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := &playlog.Start{Hand: "id", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3,
				Deck: []game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Skip}, {ID: "k", Kind: game.Skip},
					{ID: "g", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}}
			at := func(s float64) time.Duration { return time.Second + time.Duration(s*float64(time.Second)) }
			h := playlog.Hand{ID: "id", Start: start, Entries: []playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)}}}
			for i, e := range c.evs {
				h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(i + 2), Kind: playlog.KindApplied, Event: &e, Mono: at(float64(i + 1))})
			}
			r := review.Analyze(&h, review.Options{Loc: time.UTC})
			var txt bytes.Buffer
			if err := review.Text(&txt, r); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(strings.Fields(txt.String()), " "), c.want) {
				t.Fatalf("review lacks %q:\n%s", c.want, txt.String())
			}
			if c.name == "declared" && (r.Winner != 2 || !r.Declared || !strings.Contains(txt.String(), "lost: the table declared the winner") || strings.Contains(txt.String(), "hits the ground") || strings.Contains(txt.String(), "last faller standing")) {
				t.Fatalf("winner %d; the review calls the table's word a Ground landed:\n%s", r.Winner, txt.String())
			}
			if strings.Contains(c.name, "said again") && strings.Contains(txt.String(), "a stray card") {
				t.Fatalf("review calls the deal a stray card:\n%s", txt.String())
			}
			if r.ReplayErr != nil {
				t.Fatalf("replay: %v", r.ReplayErr)
			}
		})
	}
}
