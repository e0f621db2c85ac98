package playlog_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// One flipped bit in the middle of a finished hand's log loses that entry
// only: review gets every other entry with its own number and the hand's
// winner, the damage names the entry and its byte, and replay stops at the
// hole (a lost entry may have been an engine event) in the state the whole
// log has there.
func TestReadPastDamageInTheMiddle(t *testing.T) {
	dir := t.TempDir()
	good, data := simHand(t, dir, 1)
	whole := mustRead(t, good)
	_, recs, _, err := wal.ReadAll(good)
	if err != nil {
		t.Fatal(err)
	}
	n := len(whole.Entries)
	if !whole.Ended || whole.Winner == 0 {
		t.Fatalf("the simulated hand did not end with a winner")
	}
	end := 0
	for i, e := range whole.Entries {
		if e.Kind == playlog.KindHandEnd {
			end = i
		}
	}
	// The engine's digest after each entry of the whole log.
	digest := map[uint64]uint64{}
	if _, _, err := playlog.ReplayWith(whole, playlog.Hooks{After: func(e *playlog.Entry, g *game.Game) { digest[e.Seq] = g.Digest() }}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		idx  int // index of the damaged entry
	}{
		{"a third in", n / 3},
		{"half way", n / 2},
		{"just before the hand end", end - 1},
		{"the hand end itself", end},
		{"the hand start", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := recs[tc.idx]
			flipped := bytes.Clone(data)
			flipped[rec.Offset+17+int64(len(rec.Payload))/2] ^= 0x08
			h, err := playlog.Read(writeFile(t, flipped))
			if err != nil {
				t.Fatal(err)
			}
			text := h.DamageText()
			if h.Damage.Kind != wal.DamageCorrupt || len(h.Skipped) != 1 ||
				!strings.Contains(text, fmt.Sprintf("entry %d unreadable (byte %d: CRC mismatch", rec.Seq, rec.Offset)) ||
				!strings.Contains(text, fmt.Sprintf("entry %d is LOST", rec.Seq)) {
				t.Fatalf("damage %v: %q", h.Damage.Kind, text)
			}
			if len(h.Entries) != n-1 {
				t.Fatalf("%d entries, want %d: all but the damaged one", len(h.Entries), n-1)
			}
			for _, e := range h.Entries {
				if e.Seq == rec.Seq || e.Kind != whole.Entries[e.Seq-1].Kind {
					t.Fatalf("entry %d: kind %v, written %v", e.Seq, e.Kind, whole.Entries[e.Seq-1].Kind)
				}
			}
			if wantEnded := tc.idx != end; h.Ended != wantEnded || (wantEnded && h.Winner != whole.Winner) {
				t.Errorf("ended %v winner %d, want ended %v winner %d", h.Ended, h.Winner, wantEnded, whole.Winner)
			}
			if first, lost := h.FirstLost(); first != rec.Seq || lost != 1 {
				t.Errorf("first lost %d (%d), want %d (1)", first, lost, rec.Seq)
			}
			var last uint64
			g, _, err := playlog.ReplayWith(h, playlog.Hooks{After: func(e *playlog.Entry, _ *game.Game) { last = e.Seq }})
			if tc.idx == 0 {
				if !errors.Is(err, playlog.ErrNoStart) {
					t.Fatalf("replay without a start: %v", err)
				}
				return
			}
			if !errors.Is(err, playlog.ErrLostEntries) || !strings.Contains(err.Error(), fmt.Sprintf("entry %d is unreadable", rec.Seq)) {
				t.Fatalf("replay over the lost entry: %v", err)
			}
			if last != rec.Seq-1 || g.Digest() != digest[rec.Seq-1] {
				t.Errorf("replay stopped after entry %d in state %016x, want after %d in %016x", last, g.Digest(), rec.Seq-1, digest[rec.Seq-1])
			}
		})
	}
}
