package review_test

import (
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
)

// TestDealtStackIsTheOneShown: mid-address a stack the dealer said was
// not there is kept, empty, and not counted ("Extra stacks disappear once
// they are empty"): the light told the dealer to deal seat 2's card into
// "stack 1" (game.Instruction.Shown), the table's only stack. The review's
// timeline must name the stack the dealer was told, not the engine's
// index plus one ("stack 2", a stack the table does not have).
func TestDealtStackIsTheOneShown(t *testing.T) {
	deck, evs := notThereDeal()
	start := &playlog.Start{Schema: playlog.Schema, Hand: "id", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 4, Deck: deck}

	// The light, as the dealer saw it before the deal confirmed by hand.
	g, err := game.New(game.Config{Rules: start.Rules, Seats: start.Seats, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs[:len(evs)-1] {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
	in := g.Next()
	if in.Seat != 2 || in.Action != game.ActDeal || in.Stack != 1 || in.Shown != 1 || !strings.Contains(in.String(), "stack 1") {
		t.Fatalf("the light says %q (%+v), want seat 2's deal into the table's stack 1, the engine's second", in, in)
	}

	// A writer before schema 10 numbered the deal by the engine's index,
	// and so did its screen: the review says what the dealer was told.
	for schema, want := range map[int]string{playlog.Schema: ", stack 1", 9: ", stack 2"} {
		old := *start
		old.Schema = schema
		r := reviewOf(t, &old, evs)
		confirm := uint64(len(evs) + 1)
		var said []string
		for _, m := range r.Moments {
			if m.Seq == confirm && m.Seat == 2 && strings.HasPrefix(m.Text, "dealt ") {
				said = append(said, m.Text)
			}
		}
		if len(said) != 1 || !strings.HasSuffix(said[0], want) {
			t.Errorf("schema %d: the review says of the deal confirmed by hand %q, want it dealt into %q, as the light said", schema, said, want[2:])
		}
	}
}

// notThereDeal is TestDealtStackIsTheOneShown's deck and events: seat 2's
// first stack said not there mid-address, kept empty, and a deal into its
// other stack, the table's only one, confirmed by hand (the last event).
func notThereDeal() ([]game.Card, []game.Event) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "y", Kind: game.Move}, {ID: "mv3", Kind: game.Move},
		{ID: "byhand", Kind: game.Stop}, {ID: "mv5", Kind: game.Move}, {ID: "mv6", Kind: game.Move}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	evs := []game.Event{game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"), game.Scan("split"),
		game.Scan("hit"), game.Scan("y"), game.Step(), game.Scan("mv3"), game.Scan("hit"), game.StackGone(), game.Confirm()}
	return deck, evs
}

// TestDealtStackAfterAResumeIsTheOneShown: TestDealtStackIsTheOneShown's
// hand begun by a schema 9 writer and carried on after a power cut by
// this version, whose first entry is its schema note. A deal this version
// logged, after the note, was told as it numbers the stack ("stack 1");
// one the schema 9 writer logged, before the note, by the engine's index
// ("stack 2"). The review reads each entry in the schema the replay reads
// it in.
func TestDealtStackAfterAResumeIsTheOneShown(t *testing.T) {
	deck, evs := notThereDeal()
	start := &playlog.Start{Schema: 9, Hand: "id", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 4, Deck: deck}
	at := func(i int) time.Duration { return time.Second + time.Duration(i)*time.Second }
	confirm := len(evs) - 1
	for resumeAt, want := range map[int]string{confirm: ", stack 1", confirm + 1: ", stack 2", 3: ", stack 1"} {
		h := playlog.Hand{ID: start.Hand, Start: start, Entries: []playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)}}}
		dealSeq := uint64(0)
		for i, e := range evs {
			if i == resumeAt {
				h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(len(h.Entries) + 1), Kind: playlog.KindNote, Source: playlog.FromDealer,
					Schema: playlog.Schema, Note: "resumed", Mono: at(len(h.Entries))})
			}
			h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(len(h.Entries) + 1), Kind: playlog.KindApplied, Event: &e, Mono: at(len(h.Entries))})
			if i == confirm {
				dealSeq = uint64(len(h.Entries))
			}
		}
		r := review.Analyze(&h, review.Options{Loc: time.UTC})
		if r.ReplayErr != nil || len(r.Mismatches) > 0 {
			t.Fatalf("resumed before event %d: replay: %v, %v", resumeAt, r.ReplayErr, r.Mismatches)
		}
		var said []string
		for _, m := range r.Moments {
			if m.Seq == dealSeq && m.Seat == 2 && strings.HasPrefix(m.Text, "dealt ") {
				said = append(said, m.Text)
			}
		}
		if len(said) != 1 || !strings.HasSuffix(said[0], want) {
			t.Errorf("resumed before event %d: the review says of the deal confirmed by hand %q, want it dealt into %q, as the light said", resumeAt, said, want[2:])
		}
	}
}

// TestStopFromTheStackShown: the same seat 2, its first stack said not
// there mid-address (kept, empty, uncounted), is dealt a Ground onto its
// other stack, the table's only one ("stack 1" on the light), and Stops it
// with the Stop y on top of that stack. The review says where the Stop was
// played from as the table numbered the stack, not by the engine's index
// ("seat 2's stack 2", a stack the table did not have).
func TestStopFromTheStackShown(t *testing.T) {
	deck := []game.Card{{ID: "mv0", Kind: game.Move}, {ID: "mv1", Kind: game.Move}, {ID: "split", Kind: game.Split},
		{ID: "mv2", Kind: game.Move}, {ID: "hit", Kind: game.Hit}, {ID: "y", Kind: game.Stop}, {ID: "mv3", Kind: game.Move},
		{ID: "g1", Kind: game.Ground}, {ID: "mv5", Kind: game.Move}, {ID: "mv6", Kind: game.Move}, {ID: "g2", Kind: game.Ground}, {ID: "g3", Kind: game.Ground}}
	evs := []game.Event{game.Scan("mv0"), game.Scan("mv1"), game.Scan("split"), game.Scan("mv2"), game.Scan("split"),
		game.Scan("hit"), game.Scan("y"), game.Step(), game.Scan("mv3"), game.Scan("hit"), game.StackGone(),
		game.Scan("g1"), game.Press(2), game.Scan("y")}
	start := &playlog.Start{Schema: playlog.Schema, Hand: "id", Rules: game.Official(), Seats: []int{2, 3}, Dealer: 4, Deck: deck}
	r := reviewOf(t, start, evs)
	var said []string
	for _, m := range r.Moments {
		if m.Seat == 2 && strings.Contains(m.Text, "saves them") {
			said = append(said, m.Text)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "seat 2's stack 1") {
		t.Errorf("the review says %q, want the Stop played from seat 2's stack 1, the table's only stack", said)
	}
}

// reviewOf is the review of a hand logged as events applied one a second,
// which must replay.
func reviewOf(t *testing.T, start *playlog.Start, evs []game.Event) *review.Review {
	t.Helper()
	at := func(i int) time.Duration { return time.Second + time.Duration(i)*time.Second }
	h := playlog.Hand{ID: start.Hand, Start: start, Entries: []playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)}}}
	for i, e := range evs {
		h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(i + 2), Kind: playlog.KindApplied, Event: &e, Mono: at(i + 1)})
	}
	r := review.Analyze(&h, review.Options{Loc: time.UTC})
	if r.ReplayErr != nil || len(r.Mismatches) > 0 {
		t.Fatalf("replay: %v, %v", r.ReplayErr, r.Mismatches)
	}
	return r
}
