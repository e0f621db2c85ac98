package wal

import (
	"bytes"
	"fmt"
	"testing"
)

// Every bit position of three sorts after the header of a small log of
// several group commits, in both formats: a flip costs at most the record
// it lands in (none for a commit mark), never returns a record that was not
// written, and the count of lost records is exact.
func TestResyncEveryByte(t *testing.T) {
	v2, _ := buildGroups(t, []int{3, 1, 4, 2, 5}, payloadFor)
	v1, _ := buildLog(t, 15)
	for _, log := range []struct {
		name string
		data []byte
	}{{"format 2", v2}, {"format 1", v1}} {
		clean, d, err := readBytes(log.data)
		if err != nil || d.Kind != DamageNone {
			t.Fatalf("%s: clean log reads %v %v", log.name, d, err)
		}
		frameOf := func(off int64) int {
			for i, r := range clean {
				if off >= r.Offset && off < r.Offset+frameHeader+int64(len(r.Payload)) {
					return i
				}
			}
			return -1
		}
		for off := clean[0].Offset; off < int64(len(log.data)); off++ {
			for _, bit := range []byte{0x01, 0x10, 0x80} {
				data := bytes.Clone(log.data)
				data[off] ^= bit
				name := fmt.Sprintf("%s: bit %02x at %d", log.name, bit, off)
				r, err := NewReader(bytes.NewReader(data), int64(len(data)))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				recs, skipped, _, err := r.Salvage()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := map[uint64]bool{}
				for _, rec := range recs {
					w := clean[rec.Seq-1]
					if rec.Offset != w.Offset || rec.Type != w.Type || !bytes.Equal(rec.Payload, w.Payload) {
						t.Fatalf("%s: record %d is not the one written", name, rec.Seq)
					}
					got[rec.Seq] = true
				}
				hit := frameOf(off)
				for i, w := range clean {
					if i != hit && !got[w.Seq] {
						t.Fatalf("%s: intact record %d not returned (flip in record index %d)", name, w.Seq, hit)
					}
				}
				var lost uint64
				for _, d := range skipped {
					lost += d.Lost
				}
				switch {
				case hit < 0 && lost != 0:
					t.Fatalf("%s: a flip in a commit mark lost %d records", name, lost)
				case hit >= 0 && got[clean[hit].Seq]:
					t.Fatalf("%s: the damaged record %d was returned", name, clean[hit].Seq)
				case hit >= 0 && len(skipped) > 0 && lost != 1:
					t.Fatalf("%s: %d records said lost, 1 was", name, lost)
				}
			}
		}
	}
}
