package wal

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"
)

// FuzzRead: arbitrary bytes never panic the reader, and every record it
// returns is exactly a frame whose chained CRC checks, in order, from the
// header on, with only checking commit marks (format 2) between them.
func FuzzRead(f *testing.F) {
	data, ends := buildLog(f, 5)
	f.Add([]byte{})
	f.Add([]byte("not a log at all"))
	f.Add(data[:ends[0]])
	f.Add(data)
	f.Add(data[:len(data)-3])
	f.Add(append(bytes.Clone(data), make([]byte, 64)...))
	flipped := bytes.Clone(data)
	flipped[ends[2]+5] ^= 0x10
	f.Add(flipped)
	huge := bytes.Clone(data)
	binary.LittleEndian.PutUint32(huge[ends[1]+4:], 0xFFFFFFF0)
	f.Add(huge)
	newer := bytes.Clone(data)
	newer[8] = 9
	f.Add(newer)
	v2, v2ends := buildGroups(f, []int{2, 1, 3}, payloadFor)
	f.Add(v2)
	f.Add(v2[:len(v2)-3])
	v2flip := bytes.Clone(v2)
	v2flip[v2ends[5]-2] ^= 0x04
	f.Add(v2flip)
	v2mid := bytes.Clone(v2)
	v2mid[v2ends[1]+frameHeader] ^= 0x01 // a payload bit of record 2, marks after it
	f.Add(v2mid)
	v2len := bytes.Clone(v2)
	v2len[v2ends[1]+5] ^= 0x02 // record 2's length field
	f.Add(v2len)
	v2page := bytes.Clone(v2)
	clear(v2page[v2ends[3] : v2ends[3]+20])
	f.Add(v2page)

	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		recs, d, err := r.All()
		if err != nil {
			t.Fatalf("reading from memory failed: %v", err)
		}
		hlen := int64(headerFixed + len(r.Header().ID) + 4)
		hdrCRC := binary.LittleEndian.Uint32(data[hlen-4:])
		prev := hdrCRC
		off := hlen
		// skipMarks passes over the commit marks at off that check and
		// cover exactly the records so far.
		skipMarks := func(seq uint64) {
			for r.Header().Version >= 2 {
				got, ok := commitAt(data[off:], off, hdrCRC)
				if !ok || got != seq || crc32.Update(prev, castagnoli, data[off+4:off+commitSize]) != binary.LittleEndian.Uint32(data[off:]) {
					return
				}
				prev, off = binary.LittleEndian.Uint32(data[off:]), off+commitSize
			}
		}
		for i, rec := range recs {
			skipMarks(uint64(i))
			end := off + frameHeader + int64(len(rec.Payload))
			if rec.Offset != off || end > int64(len(data)) {
				t.Fatalf("record %d at offset %d, want %d", i+1, rec.Offset, off)
			}
			frame := data[off:end]
			crc := crc32.Update(prev, castagnoli, frame[4:])
			if binary.LittleEndian.Uint32(frame) != crc ||
				binary.LittleEndian.Uint32(frame[4:]) != uint32(len(rec.Payload)) ||
				binary.LittleEndian.Uint64(frame[8:]) != uint64(i+1) || rec.Seq != uint64(i+1) ||
				frame[16] != rec.Type || !bytes.Equal(frame[frameHeader:], rec.Payload) {
				t.Fatalf("record %d returned but its frame does not check", i+1)
			}
			prev, off = crc, end
		}
		skipMarks(uint64(len(recs)))
		if d.Offset != off || d.Bytes != int64(len(data))-off || d.AfterSeq != uint64(len(recs)) {
			t.Fatalf("damage %+v after %d records ending at %d", d, len(recs), off)
		}
		if (d.Kind == DamageNone) != (off == int64(len(data))) {
			t.Fatalf("damage kind %v with %d bytes left", d.Kind, d.Bytes)
		}
		checkSalvage(t, data, recs)
	})
}

// checkSalvage reads data again stepping over damage: it must return what
// a straight read did, then only records that are frames in data, in order,
// each damage it stepped over saying exactly how many records it took.
func checkSalvage(t *testing.T, data []byte, straight []Record) {
	r, err := NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("header read once, not twice: %v", err)
	}
	recs, skipped, end, err := r.Salvage()
	if err != nil {
		t.Fatalf("salvage from memory failed: %v", err)
	}
	if len(recs) < len(straight) {
		t.Fatalf("salvage returned %d records, a straight read %d", len(recs), len(straight))
	}
	for i, rec := range straight {
		if recs[i].Offset != rec.Offset || recs[i].Seq != rec.Seq || recs[i].AfterDamage {
			t.Fatalf("salvage record %d differs from the straight read's", i)
		}
	}
	for _, d := range skipped {
		if d.Kind != DamageCorrupt || d.Resume <= d.Offset || d.ResumeSeq != d.AfterSeq+d.Lost+1 {
			t.Fatalf("skipped damage %+v is inconsistent", d)
		}
	}
	var prev Record
	k := 0 // damage regions stepped over before recs[i]
	for i, rec := range recs {
		for k < len(skipped) && skipped[k].Resume <= rec.Offset {
			// A region may be followed by another at once, with no record
			// read between them: only the last one's resume is a record.
			if d := skipped[k]; rec.Seq != d.ResumeSeq && (k+1 == len(skipped) || skipped[k+1].Resume > rec.Offset) {
				t.Fatalf("record %d read after damage that says reading resumes with %d", rec.Seq, d.ResumeSeq)
			}
			k++
		}
		if rec.AfterDamage != (k > 0) {
			t.Fatalf("record %d: AfterDamage %v after %d damaged regions", rec.Seq, rec.AfterDamage, k)
		}
		if i > 0 && (rec.Seq <= prev.Seq || rec.Offset <= prev.Offset) {
			t.Fatalf("record %d at %d after record %d at %d", rec.Seq, rec.Offset, prev.Seq, prev.Offset)
		}
		end := rec.Offset + frameHeader + int64(len(rec.Payload))
		if end > int64(len(data)) {
			t.Fatalf("record %d runs past the end", rec.Seq)
		}
		f := data[rec.Offset:end]
		if binary.LittleEndian.Uint32(f[4:]) != uint32(len(rec.Payload)) || binary.LittleEndian.Uint64(f[8:]) != rec.Seq ||
			f[16] != rec.Type || !bytes.Equal(f[frameHeader:], rec.Payload) {
			t.Fatalf("record %d is not the frame at offset %d", rec.Seq, rec.Offset)
		}
		// Within a run, each record chains from the one before it.
		if i > 0 && rec.Seq == prev.Seq+1 && rec.Offset == prev.Offset+frameHeader+int64(len(prev.Payload)) &&
			crc32.Update(binary.LittleEndian.Uint32(data[prev.Offset:]), castagnoli, f[4:]) != binary.LittleEndian.Uint32(f) {
			t.Fatalf("record %d does not chain from record %d", rec.Seq, prev.Seq)
		}
		prev = rec
	}
	for ; k < len(skipped); k++ {
		// Stepped over after the last record: what came next was damaged
		// again, or the end.
		if len(recs) > 0 && skipped[k].Offset < prev.Offset {
			t.Fatalf("damage at %d stepped over after the last record, at %d", skipped[k].Offset, prev.Offset)
		}
	}
	if len(recs) > 0 && end.AfterSeq < prev.Seq {
		t.Fatalf("end damage after record %d, last returned %d", end.AfterSeq, prev.Seq)
	}
}
