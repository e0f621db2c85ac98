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
