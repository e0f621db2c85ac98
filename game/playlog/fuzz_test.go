package playlog_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/script"
)

// FuzzDecode: no file makes the reader or the replay panic; a file either
// is refused with a message, or reads with its entries in sequence.
func FuzzDecode(f *testing.F) {
	// A small hand: the fuzzer minimizes every interesting input, and a
	// whole simulated hand makes that crawl.
	data := smallHand(f)
	f.Add(data)
	f.Add(data[:len(data)/3])
	f.Add([]byte("not a log"))
	f.Add(data[:40])
	flip := bytes.Clone(data)
	flip[len(flip)/2] ^= 1
	f.Add(flip)
	long := bytes.Clone(data)
	binary.LittleEndian.PutUint32(long[31:], 1<<19) // the first record's length, past the end
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
			if _, _, err := playlog.Replay(h); err != nil && err.Error() == "" {
				t.Fatal("empty error message")
			}
		}
	})
}

func smallHand(t testing.TB) []byte {
	t.Helper()
	deck := []game.Card{{ID: "h", Kind: game.Hit}, {ID: "s", Kind: game.Stop}, {ID: "k", Kind: game.Skip}, {ID: "g", Kind: game.Ground}}
	in := func(at time.Duration, kind playlog.Kind, seat int, ev game.Event) script.Input {
		return script.Input{At: at, Entry: playlog.Entry{Kind: kind, Seat: seat, Card: ev.Card}, Event: &ev}
	}
	path, err := script.Table(t.TempDir(), playlog.Start{Hand: "f", Rules: game.Official(), Seats: []int{1, 2}, Dealer: 3, Deck: deck},
		[]script.Input{
			in(time.Second, playlog.KindScan, 0, game.Scan("h")),
			in(2*time.Second, playlog.KindScan, 0, game.Scan("g")),
			in(2100*time.Millisecond, playlog.KindPress, 2, game.Press(2)),
			in(2105*time.Millisecond, playlog.KindPress, 1, game.Press(1)),
			in(3*time.Second, playlog.KindScan, 0, game.Scan("k")),
		})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
