package wal

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// buildGroups writes format 2 logs through the real Writer, one group commit
// per element of groups (the records in it), and returns the bytes and the
// offset at which each record ends.
func buildGroups(t testing.TB, groups []int, payload func(uint64) []byte) ([]byte, map[uint64]int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hand.log")
	w, err := Create(path, testHeader, Options{FlushInterval: 3600e9})
	if err != nil {
		t.Fatal(err)
	}
	var seq uint64
	for _, g := range groups {
		for range g {
			seq++
			if _, err := w.Append(typeFor(seq), payload(seq)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	ends := map[uint64]int64{}
	for {
		rec, err := r.Next()
		if err != nil {
			break
		}
		ends[rec.Seq] = rec.Offset + frameHeader + int64(len(rec.Payload))
	}
	if r.Damage().Kind != DamageNone || r.Committed() != seq {
		t.Fatalf("built log: %v, committed %d of %d", r.Damage(), r.Committed(), seq)
	}
	return data, ends
}

func bigPayload(seq uint64) []byte {
	p := make([]byte, 3000+int(seq%7)*100)
	for i := range p {
		p[i] = byte(seq*31+uint64(i)*17) | 1 // never a zero byte
	}
	return p
}

// Issue 13, fault 2: the kernel wrote back the last group's pages out of
// order and a power cut lost one in the middle, keeping a later one (here
// the one with the commit mark). The group was never reported durable; the
// log must be cut there and resume, not be refused as corrupt.
func TestPageLostOutOfOrderIsATornTail(t *testing.T) {
	data, ends := buildGroups(t, []int{3, 4, 5}, bigPayload)
	committed := uint64(7) // the first two groups
	for p := ends[committed] / pageSize * pageSize; p+pageSize < int64(len(data))-commitSize; p += pageSize {
		img := bytes.Clone(data)
		clear(img[max(p, ends[committed]+commitSize) : p+pageSize])
		resumesAsTornTail(t, img, committed, bigPayload, fmt.Sprintf("page at %d lost", p))
	}
}

// The night's power-cut harness (seed 1795677789881899268): the last
// group's commit mark started on the last byte of a page, that page was
// lost and the next one, holding the rest of the mark, was written back.
// The mark's first byte (its CRC's low byte) was zero anyway, so the mark
// read back intact; the lost page was not looked at because the mark starts
// in it, and a log never reported durable was refused as damaged.
func TestPageLostUnderTheMarksFirstByteIsATornTail(t *testing.T) {
	// The last record's length puts the mark on a page's last byte; its
	// content is salted until the mark's first byte is zero.
	const committed = 3
	salt, length := uint64(0), 3000
	payload := func(seq uint64) []byte {
		if seq != committed+4 {
			return bigPayload(seq)
		}
		p := make([]byte, length)
		for i := range p {
			p[i] = byte((seq+salt)*31+uint64(i)*17) | 1
		}
		return p
	}
	_, ends := buildGroups(t, []int{committed, 4}, payload)
	length += int(pageSize - 1 - ends[committed+4]%pageSize)
	var data []byte
	var mark int64
	for ; salt < 4096 && data == nil; salt++ {
		d, ends := buildGroups(t, []int{committed, 4}, payload)
		if mark = ends[committed+4]; mark%pageSize != pageSize-1 {
			t.Fatalf("the mark is at %d, not on a page's last byte", mark)
		}
		if d[mark] == 0 {
			data = d
		}
	}
	if data == nil {
		t.Fatal("no salt put a zero first byte in the mark")
	}
	img := bytes.Clone(data)
	p := mark / pageSize * pageSize
	clear(img[p : p+pageSize]) // holds the last record's tail and the mark's first byte
	resumesAsTornTail(t, img, committed, nil, "the page under the mark's first byte lost")
}

// resumesAsTornTail checks that img, a log whose records after committed
// were never reported durable, reads as a torn tail with every record
// before the damage intact (against payload, when given), and that it
// resumes: the tail is cut, and a record appended after reads back.
func resumesAsTornTail(t *testing.T, img []byte, committed uint64, payload func(uint64) []byte, what string) {
	t.Helper()
	recs, d, err := readBytes(img)
	if err != nil {
		t.Fatal(err)
	}
	if d.Kind != DamageTornTail || !d.NeverDurable || uint64(len(recs)) < committed {
		t.Fatalf("%s: %d records, %v", what, len(recs), d)
	}
	for i, r := range recs {
		if r.Seq != uint64(i+1) || payload != nil && !bytes.Equal(r.Payload, payload(r.Seq)) {
			t.Fatalf("%s: record %d misread", what, r.Seq)
		}
	}
	path := filepath.Join(t.TempDir(), "hand.log")
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	w, rec, err := OpenForAppend(path, Options{FlushInterval: NoDelay})
	if err != nil {
		t.Fatalf("%s: resume refused: %v", what, err)
	}
	if !strings.Contains(rec.String(), "never reported durable") {
		t.Errorf("%s: recovery says %q", what, rec)
	}
	appendsAfterResume(t, path, w, rec, bigPayload, what)
}

// appendsAfterResume checks a log resumed at path (w, rec) takes the next
// record, payload's, and reads back whole: every record, no damage.
func appendsAfterResume(t *testing.T, path string, w *Writer, rec Recovery, payload func(uint64) []byte, what string) {
	t.Helper()
	next := rec.LastSeq + 1
	if _, err := w.Append(typeFor(next), payload(next)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, all, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageNone || uint64(len(all)) != next {
		t.Fatalf("%s: after resume: %d records, %v, %v", what, len(all), d, err)
	}
}

// Issue 13, fault 3: a flipped byte in the last record, whose group commit
// completed, is damage to durable data. It must be called so and never cut
// as a torn tail.
func TestFlipInLastCommittedRecordIsNotCut(t *testing.T) {
	data, ends := buildGroups(t, []int{2, 3}, payloadFor)
	for off := ends[4]; off < ends[5]; off++ {
		img := bytes.Clone(data)
		img[off] ^= 0x10
		recs, d, err := readBytes(img)
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind != DamageCorrupt || len(recs) != 4 || strings.Contains(d.String(), "never reported durable") {
			t.Fatalf("flip at %d: %d records, %v", off, len(recs), d)
		}
		path := filepath.Join(t.TempDir(), "hand.log")
		if err := os.WriteFile(path, img, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, rec, err := OpenForAppend(path, Options{}); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("flip at %d: OpenForAppend %v (%v), want it refused", off, err, rec)
		}
		after, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(after, img) {
			t.Fatalf("flip at %d: the file was changed (%v)", off, err)
		}
	}
}

// Every single bit flip in a format 2 log whose groups all committed: no
// bad record is returned, and a cut (torn tail) is only ever proposed when
// every record reads back, i.e. the flip is in the last commit mark.
func TestBitFlipsCommitted(t *testing.T) {
	const n = 6
	data, ends := buildGroups(t, []int{1, 2, 3}, payloadFor)
	hdrEnd := ends[1] - frameHeader - int64(len(payloadFor(1)))
	for off := hdrEnd; off < int64(len(data)); off++ {
		for bit := range 8 {
			img := bytes.Clone(data)
			img[off] ^= 1 << bit
			recs, d, err := readBytes(img)
			if err != nil {
				t.Fatalf("flip at %d.%d: %v", off, bit, err)
			}
			for i, r := range recs {
				if r.Seq != uint64(i+1) || r.Type != typeFor(r.Seq) || !bytes.Equal(r.Payload, payloadFor(r.Seq)) {
					t.Fatalf("flip at %d.%d: record %d misread", off, bit, r.Seq)
				}
			}
			switch {
			case d.Kind == DamageNone:
				t.Fatalf("flip at %d.%d: no damage found", off, bit)
			case d.Kind == DamageTornTail && (len(recs) != n || d.NeverDurable):
				t.Fatalf("flip at %d.%d: %d records and %v: a cut would lose durable records", off, bit, len(recs), d)
			}
		}
	}
}

// Logs written before format 2 still read, resume, and stay format 1.
func TestFormat1StillResumes(t *testing.T) {
	data, _ := buildLog(t, 4)
	path := filepath.Join(t.TempDir(), "old.log")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	w, _, err := OpenForAppend(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Append(typeFor(5), payloadFor(5)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	h, recs, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageNone || h.Version != 1 {
		t.Fatalf("version %d, %v, %v", h.Version, d, err)
	}
	checkRecords(t, recs, 5)
}

// garbage is a large file's tail of pseudo-random bytes, made on the fly so
// that the test itself holds none of it in memory.
type garbage struct {
	head []byte
	size int64
}

func (g garbage) ReadAt(b []byte, off int64) (int, error) {
	for i := range b {
		at := off + int64(i)
		if at < int64(len(g.head)) {
			b[i] = g.head[at]
			continue
		}
		x := uint64(at) * 0x9E3779B97F4A7C15
		b[i] = byte(x>>56) | 1
	}
	return len(b), nil
}

// Issue 13, fault 6: reading a log with a huge damaged tail (here 64 MB of
// garbage) must use bounded memory, in both formats. Reading used to load
// the whole tail to classify it.
func TestDamagedTailReadInBoundedMemory(t *testing.T) {
	tail := int64(64 << 20)
	if testing.Short() {
		tail = 16 << 20
	}
	v1, _ := buildLog(t, 20)
	v2, _ := buildGroups(t, []int{10, 10}, payloadFor)
	for _, tc := range []struct {
		name string
		head []byte
	}{{"format 1", v1}, {"format 2", v2}} {
		src := garbage{head: tc.head, size: int64(len(tc.head)) + tail}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, err := NewReader(src, src.size)
		if err != nil {
			t.Fatal(err)
		}
		recs, d, err := r.All()
		runtime.ReadMemStats(&after)
		if err != nil || len(recs) != 20 || d.Kind != DamageTornTail {
			t.Fatalf("%s: %d records, %v, %v", tc.name, len(recs), d, err)
		}
		// A maximum record's buffer (1 MB) and the scan buffers; nothing
		// that grows with the tail.
		const bound = 4 << 20
		if got := after.TotalAlloc - before.TotalAlloc; got > bound {
			t.Errorf("%s: reading %d MB of damaged tail allocated %d bytes, bound %d", tc.name, tail>>20, got, bound)
		}
	}
}
