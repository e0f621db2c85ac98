package playlog_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

func startEntry(id string) playlog.Entry {
	return playlog.Entry{Mono: time.Second, Wall: time.Unix(1767297600, 0), Start: &playlog.Start{
		Hand: id, Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3,
		Deck: []game.Card{{ID: "h", Kind: game.Hit}, {ID: "g", Kind: game.Ground}}}}
}

// After a power cut mid-append the hand resumes where the durable log
// ends, with a message saying what was cut, and reads back whole.
func TestResumeAfterTornTail(t *testing.T) {
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("r"), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, err := w.Append(playlog.Entry{Kind: playlog.KindPress, Source: playlog.FromSeat, Seat: 1 + i%2, Kernel: time.Duration(i+2) * time.Second, Mono: time.Duration(i+2) * time.Second}); err != nil {
			t.Fatal(err)
		}
	}
	seq, err := w.Append(playlog.Entry{Kind: playlog.KindNote, Note: "last", Mono: 9 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WaitDurable(context.Background(), seq); err != nil || w.Durable() != seq {
		t.Fatalf("durable %d, %v", w.Durable(), err)
	}
	if err := w.Close(2); err != nil {
		t.Fatal(err)
	}
	// Cut the hand-end entry short, as a power cut during its write would:
	// its group's commit mark (33 bytes) and 3 bytes of the entry.
	path := w.Path()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, st.Size()-33-3); err != nil {
		t.Fatal(err)
	}
	if h := mustRead(t, path); h.Ended || h.Damage.Kind != wal.DamageTornTail || len(h.Entries) != 7 {
		t.Fatalf("ended %v damage %v, %d entries", h.Ended, h.Damage, len(h.Entries))
	}
	w, rec, err := playlog.Resume(path, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rec.LastSeq != 7 || rec.Cut.Kind != wal.DamageTornTail || !strings.Contains(rec.String(), "torn write") {
		t.Fatalf("recovery %v", rec)
	}
	if _, err := w.Append(playlog.Entry{Kind: playlog.KindNote, Note: "resumed", Mono: 20 * time.Second}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(1); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(1); !errors.Is(err, wal.ErrClosed) {
		t.Errorf("second close: %v", err)
	}
	h := mustRead(t, path)
	last := h.Entries[len(h.Entries)-1]
	if !h.Ended || h.Winner != 1 || len(h.Entries) != 10 || h.Damage.Kind != wal.DamageNone || last.Mono < 20*time.Second {
		t.Fatalf("ended %v winner %d, %d entries, damage %v, end at %v", h.Ended, h.Winner, len(h.Entries), h.Damage, last.Mono)
	}
	// The resumed writer said first which schema it writes (schema 11),
	// at the time of its first entry.
	if mark := h.Entries[7]; mark.Kind != playlog.KindNote || mark.Schema != playlog.Schema || mark.Mono != 20*time.Second || h.Entries[8].Note != "resumed" {
		t.Errorf("after the cut: %+v then %+v, want the schema note then the resumed note", mark, h.Entries[8])
	}
	if _, _, err := playlog.Resume(filepath.Join(dir, playlog.IndexFile), wal.Options{}); !errors.Is(err, playlog.ErrWrongKind) {
		t.Errorf("resume of the index: %v", err)
	}
}

func TestCreateRefuses(t *testing.T) {
	dir := t.TempDir()
	w, err := playlog.Create(dir, startEntry("dup"), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	noStart := startEntry("x")
	noStart.Start = nil
	wrongKind := startEntry("y")
	wrongKind.Kind = playlog.KindPress
	tests := []struct {
		name  string
		e     playlog.Entry
		errIs error
		has   string
	}{
		{"the same hand twice", startEntry("dup"), os.ErrExist, ""},
		{"a path for an id", startEntry("a/b"), nil, "not allowed"},
		{"a hidden file", startEntry(".x"), nil, "not starting with '.'"},
		{"no start", noStart, nil, "carries no Start"},
		{"not a hand-start", wrongKind, nil, "not a hand-start"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := playlog.Create(dir, tt.e, wal.Options{})
			if err == nil || (tt.errIs != nil && !errors.Is(err, tt.errIs)) || !strings.Contains(err.Error(), tt.has) {
				t.Fatalf("err %v", err)
			}
		})
	}
	// The refusals left the index usable.
	w, err = playlog.Create(dir, startEntry(""), wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.ID() != "0001" {
		t.Errorf("numbered %q", w.ID())
	}
	if _, err := w.Append(playlog.Entry{}); err == nil {
		t.Error("an entry with no kind was appended")
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
}
