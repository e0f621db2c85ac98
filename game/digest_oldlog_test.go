package game

import "testing"

// TestReview29OldLogDigest: a play log written before the per-place
// uncovered mark (0e13c46) must replay with the digests it logged
// (playlog.ReplayWith; a resumed hand with any mismatch is refused,
// dealer.ReplayError). TestUncovered's hand: seat 1's card dealt by hand
// lies under a Skip read and said so, and the Skip is then shown at seat
// 1's turn, uncovering the stand-in. The digests below are those 0e13c46
// logs for each event; ed687da hashes the stand-in's mark, so from the
// Skip shown on, every digest differs and the log no longer replays.
func TestReview29OldLogDigest(t *testing.T) {
	tb := newObserved(t, 2, Hit, Move, Move, Skip, Move, Move, Move, Ground, Ground)
	steps := []struct {
		e    Event
		want uint64
	}{
		{Scan("hit-0"), 0x307bef15203b0a5d},
		{Scan("move-1"), 0x9ebb95821296ffb8},
		{Scan("hit-0"), 0xd5a5eb5400ed29d6},
		{Scan("skip-3"), 0x7d4113f480ffac89},
		{DealtUnscanned("skip-3"), 0x792d6f4f4981cd62},
		{Confirm(), 0xb4593746ebebcbd9},
		{Scan("move-4"), 0x4be35ba7e29d698f},
		{Scan("skip-3"), 0x643c543a32db2a8a}, // shown: the stand-in is uncovered
		{Confirm(), 0x2a277c6baacce317},
		{Scan("move-5"), 0x769bd9da24ea898a},
	}
	for i, s := range steps {
		if err := tb.Observe(s.e); err != nil {
			t.Fatalf("step %d %v: %v", i, s.e, err)
		}
		if got := tb.Digest(); got != s.want {
			t.Errorf("step %d %v: digest %x, the log written at 0e13c46 has %x", i, s.e, got, s.want)
		}
	}
}
