package playlog_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// FuzzDecode: no file makes the reader or the replay panic; a file either
// is refused with a message, or reads with its entries in sequence.
func FuzzDecode(f *testing.F) {
	// A small hand: the fuzzer minimizes every interesting input, and a
	// whole hand makes that crawl.
	data, id := smallHand(f)
	f.Add(data)
	f.Add(data[:len(data)/3])
	f.Add([]byte("not a log"))
	f.Add(data[:40])
	flip := bytes.Clone(data)
	flip[len(flip)/2] ^= 1
	f.Add(flip)
	long := bytes.Clone(data)
	// The first record's length, past the end: it follows the header (22
	// bytes, the id, a CRC) and the record's own CRC.
	binary.LittleEndian.PutUint32(long[22+len(id)+4+4:], 1<<19)
	f.Add(long)
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := playlog.Decode(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		for i := 1; i < len(h.Entries); i++ {
			if h.Entries[i].Seq <= h.Entries[i-1].Seq {
				t.Fatalf("entries out of order: %d after %d", h.Entries[i].Seq, h.Entries[i-1].Seq)
			}
		}
		_ = h.DamageText()
		if h.Start != nil {
			if _, _, err := playlog.ReplayWith(h, playlog.Hooks{}); err != nil && err.Error() == "" {
				t.Fatal("empty error message")
			}
		}
	})
}

// smallHand is a hand of four cards written through the Writer as the
// dealer writes one: each input, then the engine's answer with its digest.
// The fuzzer minimizes every input it finds interesting, and a real hand's
// start alone (a whole deck) makes that crawl; the dealer cannot be asked
// for a four-card deck, so this fuzz seed is built here. It returns the
// file's bytes and the hand's id.
func smallHand(t testing.TB) ([]byte, string) {
	t.Helper()
	deck := []game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Stop}, {ID: "k", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	st := playlog.Start{Hand: "f", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck}
	g, err := game.New(st.Config())
	if err != nil {
		t.Fatal(err)
	}
	wall := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	w, err := playlog.Create(t.TempDir(), playlog.Entry{Kind: playlog.KindHandStart, Source: playlog.FromDealer, Wall: wall, Seat: 3, Start: &st}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []struct {
		at   time.Duration
		kind playlog.Kind
		seat int
		ev   game.Event
	}{
		{time.Second, playlog.KindScan, 0, game.Scan("h")},
		{2 * time.Second, playlog.KindScan, 0, game.Scan("g")},
		{2100 * time.Millisecond, playlog.KindPress, 2, game.Press(2)},
		{2105 * time.Millisecond, playlog.KindPress, 1, game.Press(1)},
		{3 * time.Second, playlog.KindScan, 0, game.Scan("k")},
	} {
		e := playlog.Entry{Kind: in.kind, Mono: in.at, Kernel: in.at, Wall: wall.Add(in.at), Seat: in.seat, Card: in.ev.Card}
		if _, err := w.Append(e); err != nil {
			t.Fatal(err)
		}
		e = playlog.Entry{Kind: playlog.KindApplied, Source: playlog.FromEngine, Mono: in.at, Wall: wall.Add(in.at), Seat: in.seat, Event: &in.ev}
		if err := g.Apply(in.ev); err != nil {
			e = playlog.Entry{Kind: playlog.KindRefused, Source: playlog.FromEngine, Mono: in.at, Wall: wall.Add(in.at), Seat: in.seat, Event: &in.ev, Error: err.Error()}
		} else {
			e.Digest = g.Digest()
		}
		if _, err := w.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	end := playlog.Entry{Kind: playlog.KindHandEnd, Source: playlog.FromEngine, Mono: 4 * time.Second, Wall: wall.Add(4 * time.Second)}
	if _, err := w.Append(end); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(0); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(w.Path())
	if err != nil {
		t.Fatal(err)
	}
	return b, w.ID()
}
