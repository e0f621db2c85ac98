package wal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var testHeader = Header{Kind: 'H', ID: "hand-0042", Created: time.Unix(1767225600, 123456789)}

// payloadFor makes a payload that differs by seq in content and length, so a
// record read back at the wrong place cannot match by accident.
func payloadFor(seq uint64) []byte {
	p := make([]byte, int(seq*7%53))
	for i := range p {
		p[i] = byte(seq*31 + uint64(i)*17 + 1)
	}
	return p
}

func typeFor(seq uint64) byte { return byte(seq % 5) }

// buildLog writes n records through the real Writer in format 1 (no commit
// marks), which this package must go on reading, and returns the file bytes
// and the offset at which each record ends.
func buildLog(t testing.TB, n int) ([]byte, []int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hand.log")
	w, err := Create(path, testHeader, Options{FlushInterval: NoDelay, version: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := w.Append(typeFor(uint64(i)), payloadFor(uint64(i))); err != nil {
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
	hb, _, _ := encodeHeader(testHeader, 1)
	ends := []int64{int64(len(hb))}
	for i := 1; i <= n; i++ {
		ends = append(ends, ends[i-1]+frameHeader+int64(len(payloadFor(uint64(i)))))
	}
	if ends[n] != int64(len(data)) {
		t.Fatalf("log is %d bytes, expected %d", len(data), ends[n])
	}
	return data, ends
}

func readBytes(data []byte) ([]Record, Damage, error) {
	r, err := NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, Damage{}, err
	}
	return r.All()
}

// checkRecords asserts recs are exactly records 1..n as buildLog wrote them.
func checkRecords(t *testing.T, recs []Record, n int) {
	t.Helper()
	if len(recs) != n {
		t.Fatalf("got %d records, want %d", len(recs), n)
	}
	for i, r := range recs {
		seq := uint64(i + 1)
		if r.Seq != seq || r.Type != typeFor(seq) || !bytes.Equal(r.Payload, payloadFor(seq)) {
			t.Fatalf("record %d: got seq %d type %d payload %x", seq, r.Seq, r.Type, r.Payload)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 2, 100} {
		data, ends := buildLog(t, n)
		r, err := NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%d records: %v", n, err)
		}
		h := r.Header()
		if h.Kind != testHeader.Kind || h.ID != testHeader.ID || !h.Created.Equal(testHeader.Created) {
			t.Fatalf("header %+v, want %+v", h, testHeader)
		}
		recs, d, err := r.All()
		if err != nil || d.Kind != DamageNone {
			t.Fatalf("%d records: damage %v err %v", n, d, err)
		}
		checkRecords(t, recs, n)
		for i, rec := range recs {
			if rec.Offset != ends[i] {
				t.Fatalf("record %d at offset %d, want %d", rec.Seq, rec.Offset, ends[i])
			}
		}
		if _, err := r.Next(); !errors.Is(err, io.EOF) {
			t.Fatalf("after the end: %v, want io.EOF", err)
		}
	}
}

func TestLargeRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.log")
	w, err := Create(path, testHeader, Options{})
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte{0xA5}, MaxPayload)
	tests := []struct {
		name    string
		payload []byte
		wantErr error
	}{
		{"empty", nil, nil},
		{"max", big, nil},
		{"over max", append(big, 1), ErrTooLarge},
	}
	for _, tc := range tests {
		_, err := w.Append(1, tc.payload)
		if !errors.Is(err, tc.wantErr) {
			t.Fatalf("%s: err %v, want %v", tc.name, err, tc.wantErr)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, recs, d, err := ReadAll(path)
	if err != nil || d.Kind != DamageNone || len(recs) != 2 {
		t.Fatalf("got %d records, damage %v, err %v", len(recs), d, err)
	}
	if len(recs[0].Payload) != 0 || !bytes.Equal(recs[1].Payload, big) {
		t.Fatal("payloads differ")
	}
}

func TestBadHeaders(t *testing.T) {
	good, _ := buildLog(t, 2)
	newer := bytes.Clone(good)
	binary.LittleEndian.PutUint16(newer[8:], Version+1)
	badCRC := bytes.Clone(good)
	badCRC[15] ^= 1
	hugeID := bytes.Clone(good)
	binary.LittleEndian.PutUint16(hugeID[20:], MaxIDLen+1)
	tests := []struct {
		name    string
		data    []byte
		want    error
		wantMsg string
	}{
		{"empty file", nil, ErrEmpty, "never created"},
		{"text file", []byte("dealer: alice\nseats: 6\n"), ErrNotLog, "not a FALLING log"},
		{"one byte", []byte{'x'}, ErrNotLog, "not a FALLING log"},
		{"magic prefix", []byte(magic[:5]), ErrBadHeader, "shorter than the magic"},
		{"newer version", newer, ErrNewerVersion, fmt.Sprintf("written by a newer version %d, this reads up to %d", Version+1, Version)},
		{"header cut", good[:headerFixed+3], ErrBadHeader, "header needs"},
		{"header CRC", badCRC, ErrBadHeader, "header CRC"},
		{"id length", hugeID, ErrBadHeader, "id length"},
	}
	for _, tc := range tests {
		_, err := NewReader(bytes.NewReader(tc.data), int64(len(tc.data)))
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.wantMsg) {
			t.Errorf("%s: err %v, want %v containing %q", tc.name, err, tc.want, tc.wantMsg)
		}
		path := filepath.Join(t.TempDir(), "x.log")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := OpenForAppend(path, Options{}); !errors.Is(err, tc.want) {
			t.Errorf("%s: OpenForAppend err %v, want %v", tc.name, err, tc.want)
		}
	}
}

// Cutting a valid log at every byte offset must give back every complete
// record before the cut and report the rest as a torn tail, never anything
// else.
func TestTruncateEveryOffset(t *testing.T) {
	const n = 12
	data, ends := buildLog(t, n)
	for cut := 0; cut <= len(data); cut++ {
		recs, d, err := readBytes(data[:cut])
		if int64(cut) < ends[0] {
			if err == nil {
				t.Fatalf("cut %d inside the header: no error", cut)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		complete := 0
		for complete < n && ends[complete+1] <= int64(cut) {
			complete++
		}
		checkRecords(t, recs, complete)
		want := Damage{Kind: DamageNone, Offset: ends[complete], AfterSeq: uint64(complete), Bytes: int64(cut) - ends[complete]}
		if want.Bytes > 0 {
			want.Kind = DamageTornTail
		}
		if d.Kind != want.Kind || (d.Kind != DamageNone && (d.Offset != want.Offset || d.AfterSeq != want.AfterSeq || d.Bytes != want.Bytes)) {
			t.Fatalf("cut %d: damage %+v, want %+v", cut, d, want)
		}
	}
}

// OpenForAppend on every truncation: it cuts exactly the torn bytes, appends
// continue the sequence, and everything reads back.
func TestOpenForAppendEveryTruncation(t *testing.T) {
	const n = 6
	data, ends := buildLog(t, n)
	dir := t.TempDir()
	for cut := int(ends[0]); cut <= len(data); cut++ {
		path := filepath.Join(dir, "hand.log")
		if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		w, rec, err := OpenForAppend(path, Options{FlushInterval: NoDelay})
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		complete := 0
		for complete < n && ends[complete+1] <= int64(cut) {
			complete++
		}
		if rec.LastSeq != uint64(complete) || rec.Cut.Bytes != int64(cut)-ends[complete] {
			t.Fatalf("cut %d: recovery %+v, want last %d and %d bytes cut", cut, rec, complete, int64(cut)-ends[complete])
		}
		if rec.Cut.Bytes > 0 && !strings.Contains(rec.String(), "torn write and were cut") {
			t.Fatalf("cut %d: recovery says %q", cut, rec)
		}
		for seq := uint64(complete + 1); seq <= n+2; seq++ {
			got, err := w.Append(typeFor(seq), payloadFor(seq))
			if err != nil || got != seq {
				t.Fatalf("cut %d: append got seq %d err %v, want %d", cut, got, err, seq)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		_, recs, d, err := ReadAll(path)
		if err != nil || d.Kind != DamageNone {
			t.Fatalf("cut %d: after resume damage %v err %v", cut, d, err)
		}
		checkRecords(t, recs, n+2)
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// A single flipped bit anywhere must never produce a bad record. A flip in
// a record with records after it is corruption, never a torn tail (that would
// let OpenForAppend cut good data); a flip in the last record is a torn tail,
// except in its length field, where either reading is honest.
func TestBitFlips(t *testing.T) {
	const n = 8
	data, ends := buildLog(t, n)
	for off := range data {
		for bit := range 8 {
			bad := bytes.Clone(data)
			bad[off] ^= 1 << bit
			recs, d, err := readBytes(bad)
			if int64(off) < ends[0] {
				if err == nil {
					t.Fatalf("flip at %d.%d in the header: no error", off, bit)
				}
				continue
			}
			if err != nil {
				t.Fatalf("flip at %d.%d: %v", off, bit, err)
			}
			k := 1 // the record holding the flipped byte
			for ends[k] <= int64(off) {
				k++
			}
			checkRecords(t, recs, k-1)
			if d.Offset != ends[k-1] || d.AfterSeq != uint64(k-1) || d.Bytes != int64(len(data))-ends[k-1] {
				t.Fatalf("flip at %d.%d: damage %+v", off, bit, d)
			}
			inLength := int64(off)-ends[k-1] >= 4 && int64(off)-ends[k-1] < 8
			switch {
			case k < n && d.Kind != DamageCorrupt:
				t.Fatalf("flip at %d.%d in record %d of %d: %v, want corrupt", off, bit, k, n, d)
			case k == n && !inLength && d.Kind != DamageTornTail:
				t.Fatalf("flip at %d.%d in the last record: %v, want torn tail", off, bit, d)
			case d.Kind == DamageNone:
				t.Fatalf("flip at %d.%d: no damage reported", off, bit)
			}
		}
	}
}

func TestDamagePatterns(t *testing.T) {
	const n = 5
	data, ends := buildLog(t, n)
	other := buildOther(t)
	tests := []struct {
		name      string
		data      []byte
		wantRecs  int
		wantKind  DamageKind
		wantZero  bool
		wantInMsg string
	}{
		{"zeros appended", append(bytes.Clone(data), make([]byte, 4096)...), n, DamageTornTail, true, "zero-filled"},
		{"garbage appended", append(bytes.Clone(data), bytes.Repeat([]byte{0xEE}, 100)...), n, DamageTornTail, false, "torn tail"},
		{"zeroed last record's payload", zeroRange(data, ends[n-1]+frameHeader, ends[n]), n - 1, DamageTornTail, false, "CRC mismatch"},
		{"zeroed block mid-file", zeroRange(data, ends[2], ends[3]), 2, DamageCorrupt, false, "entry 3 unreadable: CRC mismatch at offset"},
		// The spliced frame from another log has the right sequence number
		// and a CRC that checks in its own chain, but not in this one.
		{"record from another log", append(bytes.Clone(data), other...), n, DamageTornTail, false, "CRC mismatch"},
		{"record from another log mid-file", splice(data[:ends[2]], other, data[ends[3]:]), 2, DamageCorrupt, false, "the log reads again"},
		{"record repeated", append(bytes.Clone(data), data[ends[n-1]:ends[n]]...), n, DamageTornTail, false, "CRC mismatch"},
	}
	for _, tc := range tests {
		recs, d, err := readBytes(tc.data)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkRecords(t, recs, tc.wantRecs)
		if d.Kind != tc.wantKind || d.ZeroFilled != tc.wantZero || !strings.Contains(d.String(), tc.wantInMsg) {
			t.Errorf("%s: damage %v (%+v), want %v containing %q", tc.name, d, d, tc.wantKind, tc.wantInMsg)
		}
	}
}

// buildOther returns record 6 of a different log, framed in that log's chain.
func buildOther(t *testing.T) []byte {
	path := filepath.Join(t.TempDir(), "other.log")
	w, err := Create(path, Header{Kind: 'H', ID: "hand-0043"}, Options{version: 1})
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= 6; seq++ {
		if _, err := w.Append(typeFor(seq), payloadFor(seq)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, recs, _, err := ReadAll(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data[recs[5].Offset:]
}

func zeroRange(data []byte, from, to int64) []byte {
	b := bytes.Clone(data)
	clear(b[from:to])
	return b
}

func splice(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
