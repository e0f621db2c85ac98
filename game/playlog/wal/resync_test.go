package wal_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/playlog/wal"
)

// handLog is a real hand's log as the table writes it, and its records as
// read back clean.
type handLog struct {
	data []byte
	recs []wal.Record
	hdr  int64 // the header's length: where the first frame starts
}

var (
	handOnce sync.Once
	handData handLog
	handErr  error
)

func realHand(t testing.TB) handLog {
	t.Helper()
	handOnce.Do(func() {
		dir, err := os.MkdirTemp("", "resync")
		if err != nil {
			handErr = err
			return
		}
		defer os.RemoveAll(dir)
		logs, err := nighttest.Play(dir, nighttest.Options{Seed: 7, Hands: 1})
		if err != nil {
			handErr = err
			return
		}
		data, err := os.ReadFile(logs[0])
		if err != nil {
			handErr = err
			return
		}
		_, recs, d, err := wal.ReadAll(logs[0])
		if err == nil && d.Kind != wal.DamageNone {
			err = fmt.Errorf("the fresh hand log is damaged: %v", d)
		}
		handData, handErr = handLog{data: data, recs: recs, hdr: recs[0].Offset}, err
	})
	if handErr != nil {
		t.Fatal(handErr)
	}
	return handData
}

// frameAt returns the index of the record whose frame holds byte off, or
// -1 for a byte of a commit mark (or of the header).
func (h handLog) frameAt(off int64) int {
	for i, r := range h.recs {
		if off >= r.Offset && off < r.Offset+17+int64(len(r.Payload)) {
			return i
		}
	}
	return -1
}

func salvage(t testing.TB, data []byte) ([]wal.Record, []wal.Damage, wal.Damage) {
	t.Helper()
	r, err := wal.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("header: %v", err)
	}
	recs, skipped, end, err := r.Salvage()
	if err != nil {
		t.Fatalf("read from memory: %v", err)
	}
	return recs, skipped, end
}

// checkWritten fails t if any record is not one the writer wrote, exactly,
// or if they are out of order; it returns the set of sequence numbers.
func checkWritten(t testing.TB, h handLog, recs []wal.Record) map[uint64]bool {
	t.Helper()
	got := map[uint64]bool{}
	prev := uint64(0)
	for _, r := range recs {
		if r.Seq <= prev || r.Seq > uint64(len(h.recs)) {
			t.Fatalf("record %d after %d: out of order or never written", r.Seq, prev)
		}
		w := h.recs[r.Seq-1]
		if r.Type != w.Type || r.Offset != w.Offset || !bytes.Equal(r.Payload, w.Payload) {
			t.Fatalf("record %d at offset %d is not the one written (offset %d)", r.Seq, r.Offset, w.Offset)
		}
		got[r.Seq] = true
		prev = r.Seq
	}
	return got
}

// One flipped bit or one changed byte anywhere after the header costs at
// most the record it lands in: every other record comes back, exactly as
// written, and the damage names the entry and the offset.
func TestResyncSingleFlips(t *testing.T) {
	h := realHand(t)
	n := len(h.recs)
	rng := rand.New(rand.NewPCG(1, 2))
	type flip struct {
		name string
		off  int64
		xor  byte
	}
	var flips []flip
	// Every field of a few records and of the marks after them: CRC,
	// length, sequence number, type, payload; a mark's every byte.
	for _, i := range []int{0, 1, n / 3, n / 2, n - 2, n - 1} {
		r := h.recs[i]
		for _, f := range []struct {
			field string
			at    int64
		}{{"crc", 0}, {"crc", 3}, {"length", 4}, {"length", 6}, {"seq", 8}, {"seq", 15}, {"type", 16}, {"payload", 17}, {"payload end", 17 + int64(len(r.Payload)) - 1}} {
			for _, bit := range []byte{0x01, 0x80} {
				flips = append(flips, flip{fmt.Sprintf("record %d %s bit %02x", r.Seq, f.field, bit), r.Offset + f.at, bit})
			}
		}
		if end := r.Offset + 17 + int64(len(r.Payload)); i+1 < n && end < h.recs[i+1].Offset {
			for at := end; at < h.recs[i+1].Offset; at++ {
				flips = append(flips, flip{fmt.Sprintf("mark after %d byte %d", r.Seq, at-end), at, 0x04})
			}
		}
	}
	// Random bits and random bytes across the whole file.
	for range 300 {
		off := h.hdr + rng.Int64N(int64(len(h.data))-h.hdr)
		flips = append(flips, flip{fmt.Sprintf("random bit at %d", off), off, 1 << rng.IntN(8)})
	}
	for range 100 {
		off := h.hdr + rng.Int64N(int64(len(h.data))-h.hdr)
		flips = append(flips, flip{fmt.Sprintf("random byte at %d", off), off, byte(1 + rng.IntN(255))})
	}
	for _, tc := range flips {
		t.Run(tc.name, func(t *testing.T) {
			data := bytes.Clone(h.data)
			data[tc.off] ^= tc.xor
			recs, skipped, _ := salvage(t, data)
			got := checkWritten(t, h, recs)
			hit := h.frameAt(tc.off)
			for i, w := range h.recs {
				if i != hit && !got[w.Seq] {
					t.Fatalf("record %d was intact but not returned (flip in record index %d)", w.Seq, hit)
				}
			}
			if hit < 0 {
				// A damaged commit mark holds no record: nothing is lost, and
				// the last mark's damage is a tail cut that loses nothing.
				for _, d := range skipped {
					if d.Lost != 0 {
						t.Fatalf("a damaged mark lost %d entries: %v", d.Lost, d)
					}
				}
				return
			}
			if got[h.recs[hit].Seq] {
				t.Fatalf("the damaged record %d was returned", h.recs[hit].Seq)
			}
			if hit == n-1 && len(skipped) == 0 {
				return // the last record: a tail, reported by the end state
			}
			if len(skipped) != 1 {
				t.Fatalf("%d damaged regions, want 1", len(skipped))
			}
			d := skipped[0]
			want := fmt.Sprintf("entry %d unreadable: ", h.recs[hit].Seq)
			if d.Lost != 1 || d.Offset != h.recs[hit].Offset || !strings.Contains(d.String(), want) ||
				!strings.Contains(d.String(), fmt.Sprintf("at offset %d", h.recs[hit].Offset)) {
				t.Fatalf("damage %q (lost %d), want it to say %q at offset %d, 1 lost", d, d.Lost, want, h.recs[hit].Offset)
			}
			for _, r := range recs {
				if r.AfterDamage != (r.Seq > h.recs[hit].Seq) {
					t.Fatalf("record %d marked AfterDamage=%v", r.Seq, r.AfterDamage)
				}
			}
		})
	}
}

// A bad sector or a zeroed page loses the records it covers and at most
// the one after (whose CRC chains from a lost one); everything past that
// comes back, and the count of lost entries is exact.
func TestResyncBlocks(t *testing.T) {
	h := realHand(t)
	size := int64(len(h.data))
	var cases []struct {
		name     string
		from, to int64
		fill     byte
	}
	for _, at := range []int64{h.hdr, 512, size / 4, size / 2, 3 * size / 4, size - 2048} {
		for _, blk := range []struct {
			n    int64
			fill byte
		}{{512, 0}, {512, 0xFF}, {4096, 0}, {37, 0x5A}} {
			start := at / 512 * 512
			if blk.n == 37 {
				start = at
			}
			start = max(start, h.hdr)
			end := min(start+blk.n, size)
			cases = append(cases, struct {
				name     string
				from, to int64
				fill     byte
			}{fmt.Sprintf("%d bytes of %02x at %d", end-start, blk.fill, start), start, end, blk.fill})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := bytes.Clone(h.data)
			for i := tc.from; i < tc.to; i++ {
				data[i] = tc.fill
			}
			recs, skipped, end := salvage(t, data)
			got := checkWritten(t, h, recs)
			if len(skipped) == 0 && end.Kind == wal.DamageTornTail {
				// A whole page of zeros before an intact last mark is what
				// a power cut leaves (pages written back out of order):
				// a torn tail by the format's rule, never durable, and cut
				// on resume; so is damage that takes the last mark with it.
				// Nothing else may be judged so.
				if !end.NeverDurable || (tc.fill != 0 && tc.to < size) {
					t.Fatalf("damage judged a torn tail: %v", end)
				}
				return
			}
			// The first record starting after the damage may be lost with
			// it; any after that must not be.
			after := 0
			for i, w := range h.recs {
				if w.Offset >= tc.to {
					after++
				}
				if after >= 2 && !got[w.Seq] {
					t.Fatalf("record %d (index %d) starts well after the damage but was not returned", w.Seq, i)
				}
			}
			lost := uint64(0)
			for _, d := range skipped {
				lost += d.Lost
			}
			if end.Kind == wal.DamageNone && uint64(len(recs))+lost != uint64(len(h.recs)) {
				t.Fatalf("%d returned + %d said lost != %d written", len(recs), lost, len(h.recs))
			}
		})
	}
}

// Appending to a log damaged in its middle is refused, the file untouched,
// with an error that says good records follow: a resumed hand must not cut
// records that were reported durable.
func TestOpenForAppendRefusesDamagedMiddle(t *testing.T) {
	h := realHand(t)
	n := len(h.recs)
	for _, i := range []int{0, n / 2, n - 3} {
		for _, field := range []int64{0, 5, 9, 20} {
			t.Run(fmt.Sprintf("record %d byte %d", h.recs[i].Seq, field), func(t *testing.T) {
				data := bytes.Clone(h.data)
				data[h.recs[i].Offset+field] ^= 0x20
				path := filepath.Join(t.TempDir(), "hand.fall")
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				w, rec, err := wal.OpenForAppend(path, wal.Options{})
				if err == nil {
					w.Close()
					t.Fatal("opened a log damaged in its middle for append")
				}
				want := fmt.Sprintf("entry %d unreadable", h.recs[i].Seq)
				if !errors.Is(err, wal.ErrCorrupt) || !strings.Contains(err.Error(), "refusing to cut") ||
					!strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "reads again") {
					t.Fatalf("err %v, want ErrCorrupt refusing to cut, naming %q and where the log reads again", err, want)
				}
				if rec.Cut.Resume == 0 || rec.Cut.Lost != 1 {
					t.Errorf("recovery %+v, want it to say where the log reads again and that 1 entry is lost", rec.Cut)
				}
				after, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(after, data) {
					t.Fatalf("the file changed: %d bytes, was %d", len(after), len(data))
				}
			})
		}
	}
}

// A torn tail is still cut on append, as before: the rule for a power cut
// is unchanged by resync.
func TestOpenForAppendStillCutsTornTail(t *testing.T) {
	h := realHand(t)
	path := filepath.Join(t.TempDir(), "hand.fall")
	last := h.recs[len(h.recs)-1]
	// Cut inside the last record: its group never got its mark.
	if err := os.WriteFile(path, h.data[:last.Offset+10], 0o644); err != nil {
		t.Fatal(err)
	}
	w, rec, err := wal.OpenForAppend(path, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if rec.Cut.Kind != wal.DamageTornTail || rec.LastSeq != last.Seq-1 {
		t.Fatalf("recovery %v, want a torn tail cut after record %d", rec, last.Seq-1)
	}
}

// Figures for the README: records lost to one random flipped bit, reading
// straight (stop at the first damage) and salvaging. Run with -v.
func TestResyncFigures(t *testing.T) {
	h := realHand(t)
	rng := rand.New(rand.NewPCG(3, 4))
	const trials = 1000
	straight, resync, worst := lossOver(t, h, trials, func(data []byte) {
		off := h.hdr + rng.Int64N(int64(len(data))-h.hdr)
		data[off] ^= 1 << rng.IntN(8)
	})
	if worst > 1 {
		t.Errorf("a single flipped bit lost %d records", worst)
	}
	t.Logf("%d random single-bit flips in a %d-byte hand log of %d records: records lost on average: straight read %.1f, with resync %.2f (worst %d)",
		trials, len(h.data), len(h.recs), straight, resync, worst)

	// A bad 512-byte sector read back as garbage, anywhere after the
	// header's sector.
	const sectors = 200
	straight, resync, worst = lossOver(t, h, sectors, func(data []byte) {
		at := 512 * (1 + rng.Int64N(int64(len(data))/512-1))
		for i := at; i < min(at+512, int64(len(data))); i++ {
			data[i] = byte(rng.IntN(256))
		}
	})
	t.Logf("%d random 512-byte sectors of garbage: records lost on average: straight read %.1f, with resync %.2f (worst %d)",
		sectors, straight, resync, worst)
}

// lossOver damages a copy of h's log n times and says how many records
// were lost on average reading straight and reading with resync, and the
// most lost with resync; every record resync keeps must be as written.
func lossOver(t *testing.T, h handLog, n int, damage func(data []byte)) (straight, resync float64, worst int) {
	t.Helper()
	var before, after int
	for range n {
		data := bytes.Clone(h.data)
		damage(data)
		r, err := wal.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		read, _, err := r.All()
		if err != nil {
			t.Fatal(err)
		}
		recs, _, _ := salvage(t, data)
		checkWritten(t, h, recs)
		before += len(h.recs) - len(read)
		lost := len(h.recs) - len(recs)
		after += lost
		worst = max(worst, lost)
	}
	return float64(before) / float64(n), float64(after) / float64(n), worst
}
