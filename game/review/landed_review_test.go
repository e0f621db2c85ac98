package review_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
)

// TestUnscannedEndingTheHandInTimeline: "GROUND: If you receive one of
// these, you are immediately out." The card dealt unscanned, named a Ground
// (or the only kind left in the deck), lands; where that leaves one faller
// the hand is over, and the card read after it was dealt after the end: it
// belongs to no one and is read again nowhere. The timeline must not tell
// the referee it went where the light then asked.
func TestUnscannedEndingTheHandInTimeline(t *testing.T) {
	cases := []struct {
		name      string
		seats     []int
		deck      []game.Card
		evs       []game.Event
		want, not string
	}{
		{"named a Ground, the hand ends", []int{1, 2},
			[]game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Skip}, {ID: "k", Kind: game.Skip}, {ID: "g", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}},
			[]game.Event{game.Scan("h"), game.Scan("k"), game.GroundDealtUnscanned("k")},
			"Skip#k was dealt after the hand ended: it belongs to no one", "is read again"},
		{"named a Ground, the hand goes on", []int{1, 2, 4},
			[]game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Skip}, {ID: "k", Kind: game.Skip}, {ID: "g", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}},
			[]game.Event{game.Scan("h"), game.Scan("k"), game.GroundDealtUnscanned("k")},
			"Skip#k is read again where the light then asked", "belongs to no one"},
		{"only Grounds left, the hand ends", []int{1, 2},
			[]game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Skip}, {ID: "g", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}},
			[]game.Event{game.Scan("h"), game.Scan("s"), game.Scan("g2"), game.DealtUnscanned("g2")},
			"Ground#g2 was dealt after the hand ended: it belongs to no one", "is read again"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := &playlog.Start{Hand: "id", Rules: game.Official(), Seats: c.seats, Dealer: 3, Deck: c.deck}
			at := func(s float64) time.Duration { return time.Second + time.Duration(s*float64(time.Second)) }
			h := playlog.Hand{ID: "id", Start: start, Entries: []playlog.Entry{{Seq: 1, Kind: playlog.KindHandStart, Start: start, Mono: at(0)}}}
			for i, e := range c.evs {
				h.Entries = append(h.Entries, playlog.Entry{Seq: uint64(i + 2), Kind: playlog.KindApplied, Event: &e, Mono: at(float64(i + 1))})
			}
			r := review.Analyze(&h, review.Options{Loc: time.UTC})
			if r.ReplayErr != nil {
				t.Fatalf("replay: %v", r.ReplayErr)
			}
			var txt bytes.Buffer
			if err := review.Text(&txt, r); err != nil {
				t.Fatal(err)
			}
			flat := strings.Join(strings.Fields(txt.String()), " ")
			if !strings.Contains(flat, c.want) || strings.Contains(flat, c.not) {
				t.Fatalf("review lacks %q or says %q:\n%s", c.want, c.not, txt.String())
			}
		})
	}
}
