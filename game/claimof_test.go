package game

import "testing"

// TestClaimOf: "a press from that seat within the Stop window claims a
// Stop" (product.md), and "Stop can also repel a Ground", also one dealt
// unread where only a Ground can be dealt (PressUnreadClaim). ClaimOf is
// the one decision of which presses a table tells the engine (game/dealer
// beside its timed window, game/messy): a press from another seat, or
// where a card other than a Ground may be due, claims nothing.
func TestClaimOf(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds []Kind
		reads []Kind // the first card of each kind read, in order
		want  map[int]PressClaim
	}{
		{name: "a Ground being dealt to seat 1", kinds: []Kind{Ground, Move, Ground}, reads: []Kind{Ground},
			want: map[int]PressClaim{1: PressStopClaim, 2: PressIgnored, 3: PressIgnored}},
		{name: "the light asks seat 1, only Grounds left", kinds: []Kind{Stop, Move, Ground, Ground}, reads: []Kind{Stop, Move},
			want: map[int]PressClaim{1: PressUnreadClaim, 2: PressIgnored}},
		{name: "the light asks seat 1, a Move left", kinds: []Kind{Stop, Move, Move, Ground, Ground}, reads: []Kind{Stop, Move},
			want: map[int]PressClaim{1: PressIgnored, 2: PressIgnored}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, tc.kinds...)
			for _, k := range tc.reads {
				tb.ok(Scan(tb.id(k, 0)))
			}
			for seat, want := range tc.want {
				if got := tb.ClaimOf(seat); got != want {
					t.Errorf("a press from seat %d claims %d, want %d (next %v)", seat, got, want, tb.Next())
				}
			}
		})
	}
}
