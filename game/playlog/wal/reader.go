package wal

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"

	"github.com/falling-table/falling/internal/regularfile"
)

// maxClassify bounds how much unreadable data the reader examines to tell a
// torn tail from damage to durable data. Past it the damage is called corrupt
// without looking: that refuses an automatic cut, the safe side to err on.
// The examination streams through a fixed buffer, so the bound is on time
// (a garbage tail is scanned, never loaded), not on memory.
const maxClassify = 256 << 20

// scanChunk is the buffer the damage examination streams through.
const scanChunk = 64 << 10

// DamageKind says what the reader found after the last good record.
type DamageKind int

const (
	// DamageNone: the file ends exactly after the last good record.
	DamageNone DamageKind = iota
	// DamageTornTail: what follows is explained by an append cut short.
	DamageTornTail
	// DamageCorrupt: damage that a cut-short append does not explain.
	DamageCorrupt
)

func (k DamageKind) String() string {
	switch k {
	case DamageNone:
		return "none"
	case DamageTornTail:
		return "torn tail"
	case DamageCorrupt:
		return "corrupt"
	}
	return fmt.Sprintf("DamageKind(%d)", int(k))
}

// Damage describes the unreadable bytes at the end of what a reader returned.
type Damage struct {
	Kind       DamageKind
	Offset     int64  // first byte not read back: the end of the last good record or commit mark
	AfterSeq   uint64 // sequence number of the last good record, 0 if none
	Bytes      int64  // bytes from Offset to the end of the file
	ZeroFilled bool   // every one of those bytes is zero (unwritten or preallocated blocks)
	Reason     string // what was wrong with the first bad frame, and why it is classed so
	// Format is the file's format version. Format 1 has no commit marks,
	// so a torn tail there is a judgement from the bytes, not a proof.
	Format uint16
	// Committed is the last record covered by an intact commit mark before
	// the damage (format 2): durable beyond doubt.
	Committed uint64
	// NeverDurable is set when the log proves the unreadable bytes were
	// never reported durable: no commit mark covers them (format 2).
	NeverDurable bool
	// Resume, for corrupt damage, is the offset at which the log reads
	// again (see Reader.Resync), 0 if nothing after the damage checks.
	// ResumeSeq is the first record read there and Lost how many records
	// the damage took: exactly ResumeSeq-1-AfterSeq, since sequence numbers
	// run on without a gap and ResumeSeq is covered by a CRC.
	Resume    int64
	ResumeSeq uint64
	Lost      uint64
}

func (d Damage) String() string {
	switch d.Kind {
	case DamageNone:
		return "no damage"
	case DamageTornTail:
		what := "a write cut short"
		if d.ZeroFilled {
			what = "zero-filled (blocks allocated but never written)"
		}
		return fmt.Sprintf("torn tail at offset %d after record %d: the last %d bytes are %s (%s)",
			d.Offset, d.AfterSeq, d.Bytes, what, d.Reason)
	default:
		// The reason is what was wrong, then why it is judged so.
		what, why, _ := strings.Cut(d.Reason, "; ")
		s := fmt.Sprintf("corrupt: entry %d unreadable: %s at offset %d", d.AfterSeq+1, what, d.Offset)
		if why != "" {
			s += " (" + why + ")"
		}
		if d.Resume > 0 {
			return s + fmt.Sprintf("; the log reads again at offset %d from entry %d: %s lost (%d bytes skipped)",
				d.Resume, d.ResumeSeq, lostText(d.AfterSeq, d.Lost), d.Resume-d.Offset)
		}
		return s + fmt.Sprintf("; the %d bytes after it cannot be read: an unknown number of entries after entry %d are lost",
			d.Bytes, d.AfterSeq)
	}
}

// lostText names the records lost after record after.
func lostText(after, lost uint64) string {
	switch lost {
	case 0:
		return "no entry"
	case 1:
		return fmt.Sprintf("1 entry (%d)", after+1)
	}
	return fmt.Sprintf("%d entries (%d to %d)", lost, after+1, after+lost)
}

// DamageError is what Reader.Next returns when it stops at damage. It
// matches ErrTornTail or ErrCorrupt with errors.Is.
type DamageError struct {
	Damage Damage
}

func (e *DamageError) Error() string { return e.Damage.String() }

func (e *DamageError) Unwrap() error {
	if e.Damage.Kind == DamageCorrupt {
		return ErrCorrupt
	}
	return ErrTornTail
}

// Reader iterates the records of a log, verifying each before returning it.
type Reader struct {
	src    io.ReaderAt
	size   int64
	closer io.Closer
	br     *bufio.Reader
	hdr    Header
	hdrCRC uint32

	off       int64  // offset of the next frame
	prev      uint32 // CRC of the last good frame (the chain seed)
	seq       uint64 // sequence number of the last good record
	committed uint64 // last record covered by a good commit mark
	commitEnd int64  // end of that mark (the header's end if none)
	damage    Damage
	err       error       // sticky: io.EOF, a *DamageError or an I/O error
	resume    resyncPoint // where Resync goes on, when damage.Resume > 0
	resynced  bool        // Resync has stepped over damage
}

// Open opens a log read-only. The caller must Close it.
func Open(path string) (*Reader, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open log: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open log %s: %w", path, err)
	}
	r, err := NewReader(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open log %s: %w", path, err)
	}
	r.closer = f
	return r, nil
}

// NewReader reads a log of the given size from src, checking its header.
func NewReader(src io.ReaderAt, size int64) (*Reader, error) {
	if size < 0 {
		return nil, fmt.Errorf("negative log size %d", size)
	}
	hb := make([]byte, min(size, int64(headerFixed+MaxIDLen+4)))
	if _, err := src.ReadAt(hb, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read log header: %w", err)
	}
	h, crc, n, err := decodeHeader(hb, size)
	if err != nil {
		return nil, err
	}
	return &Reader{
		src:       src,
		size:      size,
		br:        bufio.NewReaderSize(io.NewSectionReader(src, int64(n), size-int64(n)), 64<<10),
		hdr:       h,
		hdrCRC:    crc,
		off:       int64(n),
		prev:      crc,
		commitEnd: int64(n),
	}, nil
}

// Header returns the log's creation information.
func (r *Reader) Header() Header { return r.hdr }

// LastSeq returns the sequence number of the last record returned.
func (r *Reader) LastSeq() uint64 { return r.seq }

// Committed returns the last record covered by a commit mark read so far:
// in a format 2 log, what the writer had reported durable. Format 1 logs
// have no marks and it stays 0.
func (r *Reader) Committed() uint64 { return r.committed }

// Damage describes what stopped the reader once Next has returned an error;
// Kind is DamageNone if the file ended cleanly.
func (r *Reader) Damage() Damage { return r.damage }

// Next returns the next verified record. At the clean end of the log it
// returns io.EOF; at damage a *DamageError; on a read failure that error.
// Every later call returns the same error. Commit marks are checked and
// passed over, never returned.
func (r *Reader) Next() (Record, error) {
	for r.err == nil {
		if r.off == r.size {
			r.damage = Damage{Offset: r.off, AfterSeq: r.seq, Format: r.hdr.Version, Committed: r.committed}
			r.err = io.EOF
			break
		}
		rec, st, err := r.readFrame()
		switch {
		case err != nil:
			r.err = fmt.Errorf("read log at offset %d: %w", r.off, err)
		case st == readRecord:
			return rec, nil
		case st == readBad:
			if err := r.classify(); err != nil {
				r.err = fmt.Errorf("read log at offset %d: %w", r.off, err)
			} else {
				r.err = &DamageError{Damage: r.damage}
			}
		}
	}
	return Record{}, r.err
}

// What readFrame found.
const (
	readRecord = iota
	readCommit
	readBad
)

// readFrame reads and verifies one frame from the stream: a record, a commit
// mark (format 2), or a bad frame; err is only for I/O failures.
func (r *Reader) readFrame() (Record, int, error) {
	left := r.size - r.off
	if left < frameHeader {
		return Record{}, readBad, nil
	}
	var h [commitSize]byte
	if _, err := io.ReadFull(r.br, h[:frameHeader]); err != nil {
		return Record{}, readBad, err
	}
	n := binary.LittleEndian.Uint32(h[4:])
	if n == commitLen && r.hdr.Version >= 2 {
		if left < commitSize {
			return Record{}, readBad, nil
		}
		if _, err := io.ReadFull(r.br, h[frameHeader:]); err != nil {
			return Record{}, readBad, err
		}
		crc := crc32.Update(r.prev, castagnoli, h[4:])
		seq, ok := commitAt(h[:], r.off, r.hdrCRC)
		if !ok || seq != r.seq || crc != binary.LittleEndian.Uint32(h[:]) {
			return Record{}, readBad, nil
		}
		r.prev = crc
		r.off += commitSize
		r.committed, r.commitEnd = seq, r.off
		return Record{}, readCommit, nil
	}
	if n > MaxPayload || int64(frameHeader)+int64(n) > left {
		return Record{}, readBad, nil
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(r.br, payload); err != nil {
		return Record{}, readBad, err
	}
	crc := crc32.Update(r.prev, castagnoli, h[4:frameHeader])
	crc = crc32.Update(crc, castagnoli, payload)
	seq := binary.LittleEndian.Uint64(h[8:])
	if crc != binary.LittleEndian.Uint32(h[:]) || seq != r.seq+1 {
		return Record{}, readBad, nil
	}
	rec := Record{Seq: seq, Type: h[16], Payload: payload, Offset: r.off, AfterDamage: r.resynced}
	r.prev = crc
	r.seq = seq
	r.off += int64(frameHeader) + int64(n)
	return rec, readRecord, nil
}

// classify fills r.damage for the bad frame at r.off, and for corrupt damage
// finds where the log reads again after it (Damage.Resume).
func (r *Reader) classify() error {
	if err := r.classifyKind(); err != nil {
		return err
	}
	d := &r.damage
	// A format 2 torn tail stays a tail: what a power cut left after the
	// last mark was never reported durable, and is cut on append. Format 1
	// judges a tail from the bytes alone, so a record that checks after the
	// damage proves it is not one.
	if d.Kind == DamageTornTail && d.Format >= 2 {
		return nil
	}
	var bad uint32
	if d.Bytes >= 4 {
		var b [4]byte
		if _, err := r.src.ReadAt(b[:], r.off); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		bad = binary.LittleEndian.Uint32(b[:])
	}
	pt, ok, err := r.findResync(bad, d.Bytes >= 4)
	if err != nil || !ok {
		return err
	}
	if d.Kind == DamageTornTail {
		d.Kind = DamageCorrupt
		d.NeverDurable = false
		d.Reason += "; but the log reads again after it, so it is not a torn tail"
	}
	r.resume = pt
	// After a mark, reading goes on at the frame after it.
	d.Resume, d.ResumeSeq, d.Lost = pt.off, pt.seq+1, pt.seq-r.seq
	return nil
}

// classifyKind fills r.damage for the bad frame at r.off. See the package
// comment for the rules; the point is that a cut is only ever proposed when
// nothing that was reported durable lies after the bad frame. It streams:
// memory stays bounded however large the damaged tail.
func (r *Reader) classifyKind() error {
	d := Damage{Offset: r.off, AfterSeq: r.seq, Bytes: r.size - r.off, Format: r.hdr.Version, Committed: r.committed}
	r.damage = d
	if d.Bytes > maxClassify {
		r.damage.Kind = DamageCorrupt
		r.damage.Reason = fmt.Sprintf("%d unreadable bytes, too many to examine", d.Bytes)
		return nil
	}
	// Every question below about zeros asks whether the rest of the file
	// from some point on is zero: the last non-zero byte answers them all
	// in one read.
	nz, err := r.lastNonZero(r.off)
	if err != nil {
		return err
	}
	r.damage.ZeroFilled = nz < r.off
	// The first bad frame: its header, and its body when its length can be
	// believed (at most a maximum record).
	fb := make([]byte, min(d.Bytes, frameHeader+MaxPayload))
	if _, err := r.src.ReadAt(fb, r.off); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	st, end := checkFrame(fb, r.prev, r.seq+1)
	r.damage.Reason = describe(st, fb, end, d.Bytes)
	if r.hdr.Version >= 2 {
		return r.classifyCommitted(fb, nz)
	}
	if st == frameOK {
		r.damage.Kind = DamageCorrupt
		return nil
	}
	// Non-zero data after a frame whose length we can trust is more log that
	// cannot be read: corrupt.
	if (st == frameBadCRC || st == frameBadSeq) && nz >= r.off+int64(end) {
		r.damage.Kind = DamageCorrupt
		return nil
	}
	// The bad frame's length may itself be the damaged field; look for the
	// next record directly. It chains from the bad frame's stored CRC, so a
	// find is real data, not payload bytes that happen to look like a frame.
	if len(fb) >= 4 {
		at, err := r.findRecord(binary.LittleEndian.Uint32(fb), r.seq+2)
		if err != nil {
			return err
		}
		if at > 0 {
			r.damage.Kind = DamageCorrupt
			r.damage.Reason += fmt.Sprintf("; record %d found intact at offset %d", r.seq+2, at)
			return nil
		}
	}
	r.damage.Kind = DamageTornTail
	r.damage.Reason += "; a format 1 log has no commit marks, so this cannot be told apart from damage to a last record that was reported durable"
	return nil
}

// classifyCommitted is classify for a format 2 log, where every group commit
// ends in a mark written before its fsync. The writer writes the next group
// only after that fsync returns, so:
//
//   - no mark after the damage: the damaged group never completed its
//     commit, and nothing in it was reported durable. Torn tail.
//   - a mark, then more data: a later group was written, so the damaged one
//     had been fsynced and reported durable. Corrupt.
//   - a mark and nothing after it: the damaged group was the last. A power
//     cut before its fsync returned loses whole pages, which read back as
//     zeros; that shape is a torn tail. Any other damage there (a flipped
//     byte) is damage to records reported durable: corrupt.
//
// nz is the offset of the file's last non-zero byte (below r.off if none).
func (r *Reader) classifyCommitted(fb []byte, nz int64) error {
	// A whole commit mark that fails its check was written in full, so its
	// group's fsync may have returned; it holds no record, and the records
	// it covers all read back, so cutting it loses nothing. A mark cut short
	// was never fsynced.
	wholeMark := len(fb) >= commitSize && r.looksLikeMark(fb)
	if wholeMark && r.seq > r.committed {
		r.damage.Reason += fmt.Sprintf("; it is the commit mark of records %d to %d, which all read back intact", r.committed+1, r.seq)
	}
	first, firstEnd, last, err := r.findCommits(r.off)
	if err != nil {
		return err
	}
	if first < 0 && wholeMark && nz < r.off+commitSize {
		r.damage.Kind = DamageTornTail
		r.damage.Reason += "; the mark was written whole, so they may have been reported durable, but no record is lost by cutting it"
		return nil
	}
	if first < 0 {
		r.damage.Kind = DamageTornTail
		r.damage.NeverDurable = true
		r.damage.Reason += fmt.Sprintf("; no commit mark follows, so nothing after record %d (the last committed) was ever reported durable", r.committed)
		return nil
	}
	if last != first {
		r.damage.Kind = DamageCorrupt
		r.damage.Reason += fmt.Sprintf("; a later group commit (mark at offset %d) was written after this one, so its records had been reported durable", last)
		return nil
	}
	if nz >= firstEnd {
		r.damage.Kind = DamageCorrupt
		r.damage.Reason += fmt.Sprintf("; more data follows the commit mark at offset %d, so its records had been reported durable", first)
		return nil
	}
	lost, err := r.lostPage(r.off, first)
	if err != nil {
		return err
	}
	if lost >= 0 {
		r.damage.Kind = DamageTornTail
		r.damage.NeverDurable = true
		r.damage.Reason += fmt.Sprintf("; the page at offset %d reads as zeros while the commit mark at offset %d is intact: "+
			"a power cut wrote the group's pages back out of order before its fsync returned, so it was never reported durable", lost, first)
		return nil
	}
	r.damage.Kind = DamageCorrupt
	r.damage.Reason += fmt.Sprintf("; the group's commit mark at offset %d is intact and no page of it is lost, "+
		"so these are records reported durable that were damaged afterwards (not what a power cut leaves)", first)
	return nil
}

// looksLikeMark reports whether the bad frame b (at least commitSize bytes)
// is this place's commit mark with a damaged field: at least two of its
// fields hold what the mark here would, which a byte flipped in one field
// leaves true and a record frame never has.
func (r *Reader) looksLikeMark(b []byte) bool {
	n := 0
	for _, ok := range []bool{
		binary.LittleEndian.Uint32(b[4:]) == commitLen,
		binary.LittleEndian.Uint64(b[8:]) == r.seq,
		binary.LittleEndian.Uint64(b[17:]) == uint64(r.off),
		binary.LittleEndian.Uint32(b[25:]) == r.hdrCRC,
	} {
		if ok {
			n++
		}
	}
	return n >= 2
}

// lostPage returns the offset of a page holding some of [from, to) that
// reads as zeros from the last commit mark (or from the start of the page,
// whichever is later) to the page's end: what a page the kernel never wrote
// back looks like. It returns -1 if there is none.
//
// The page the mark at to starts in counts too, read through to its end: a
// lost page zeroes the mark's first bytes as well, and the mark still checks
// when those bytes were zeros anyway (a CRC's low byte is, one time in 256).
// The night's power-cut harness found that shape.
func (r *Reader) lostPage(from, to int64) (int64, error) {
	buf := make([]byte, pageSize)
	for p := from / pageSize * pageSize; p < to; p += pageSize {
		lo := max(p, r.commitEnd)
		hi := min(p+pageSize, r.size)
		if lo >= hi {
			continue
		}
		b := buf[:hi-lo]
		if _, err := r.src.ReadAt(b, lo); err != nil && !errors.Is(err, io.EOF) {
			return -1, err
		}
		if allZero(b) {
			return p, nil
		}
	}
	return -1, nil
}

// scan streams [from, r.size) through a fixed buffer, calling fn with each
// chunk and the file offset of its first byte. Consecutive chunks overlap by
// keep bytes so that a structure of up to keep+1 bytes is seen whole in one
// of them; fn sees each starting offset exactly once via its return: it
// handles positions [0, len(b)-keep) of a chunk, or all of the last chunk.
func (r *Reader) scan(from int64, keep int, fn func(b []byte, base int64, last bool) (bool, error)) error {
	buf := make([]byte, scanChunk+keep)
	for base := from; base < r.size; base += scanChunk {
		n := min(int64(len(buf)), r.size-base)
		b := buf[:n]
		if _, err := r.src.ReadAt(b, base); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		last := base+n == r.size
		stop, err := fn(b, base, last)
		if stop || last || err != nil {
			return err
		}
	}
	return nil
}

// lastNonZero returns the offset of the last non-zero byte in
// [from, r.size), or from-1 if all are zero. It reads from the end, where
// a torn tail's zeros are, and stops at the first non-zero byte.
func (r *Reader) lastNonZero(from int64) (int64, error) {
	buf := make([]byte, min(scanChunk, max(r.size-from, 0)))
	for end := r.size; end > from; {
		b := buf[:min(int64(len(buf)), end-from)]
		start := end - int64(len(b))
		if _, err := r.src.ReadAt(b, start); err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		for i := len(b) - 1; i >= 0; i-- {
			if b[i] != 0 {
				return start + int64(i), nil
			}
		}
		end = start
	}
	return from - 1, nil
}

// findCommits scans from off to the end for commit marks of this log that
// check on their own, returning the offset and end of the first and the
// offset of the last (all -1 if none).
func (r *Reader) findCommits(off int64) (first, firstEnd, last int64, err error) {
	first, firstEnd, last = -1, -1, -1
	err = r.scan(off, commitSize-1, func(b []byte, base int64, end bool) (bool, error) {
		limit := len(b) - (commitSize - 1)
		if !end {
			limit = min(limit, scanChunk)
		}
		for i := 0; i < limit; i++ {
			if b[i+4] != 0xFF { // cheap reject before the full check
				continue
			}
			if _, ok := commitAt(b[i:], base+int64(i), r.hdrCRC); ok {
				if first < 0 {
					first, firstEnd = base+int64(i), base+int64(i)+commitSize
				}
				last = base + int64(i)
			}
		}
		return false, nil
	})
	return first, firstEnd, last, err
}

// findRecord returns the file offset (> r.off) of a frame with sequence
// number seq that checks against seed, or -1. Candidates are found by their
// sequence field and only then read whole.
func (r *Reader) findRecord(seed uint32, seq uint64) (int64, error) {
	var frame []byte
	found := int64(-1)
	err := r.scan(r.off+1, frameHeader-1, func(b []byte, base int64, end bool) (bool, error) {
		limit := len(b) - (frameHeader - 1)
		if !end {
			limit = min(limit, scanChunk)
		}
		for i := 0; i < limit; i++ {
			if binary.LittleEndian.Uint64(b[i+8:]) != seq {
				continue
			}
			n := binary.LittleEndian.Uint32(b[i+4:])
			at := base + int64(i)
			if n > MaxPayload || at+frameHeader+int64(n) > r.size {
				continue
			}
			if cap(frame) < frameHeader+int(n) {
				frame = make([]byte, frameHeader+int(n))
			}
			f := frame[:frameHeader+int(n)]
			if _, err := r.src.ReadAt(f, at); err != nil && !errors.Is(err, io.EOF) {
				return true, err
			}
			if st, _ := checkFrame(f, seed, seq); st == frameOK {
				found = at
				return true, nil
			}
		}
		return false, nil
	})
	return found, err
}

func describe(st frameStatus, fb []byte, end int, left int64) string {
	switch st {
	case frameShort:
		if left < frameHeader {
			return fmt.Sprintf("incomplete record header: %d of %d bytes", left, frameHeader)
		}
		return fmt.Sprintf("incomplete record: %d of %d bytes", left, end)
	case frameTooBig:
		if binary.LittleEndian.Uint32(fb[4:]) == commitLen && left < commitSize {
			return fmt.Sprintf("incomplete commit mark: %d of %d bytes", left, commitSize)
		}
		if binary.LittleEndian.Uint32(fb[4:]) == commitLen {
			return "commit mark does not check"
		}
		return fmt.Sprintf("record length %d over the %d limit", binary.LittleEndian.Uint32(fb[4:]), MaxPayload)
	case frameBadCRC:
		return "CRC mismatch"
	case frameBadSeq:
		return fmt.Sprintf("sequence number %d out of order", binary.LittleEndian.Uint64(fb[8:]))
	}
	// A frame that checks here but failed in the stream cannot happen; say so
	// rather than hide it.
	return "record checks on re-read: the file changed while being read"
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// Close releases the file opened by Open.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	err := r.closer.Close()
	r.closer = nil
	if err != nil {
		return fmt.Errorf("close log: %w", err)
	}
	return nil
}

// ReadAll reads every verified record of the log at path. Damage says what,
// if anything, followed them; err is only for failures to open or read the
// file and for an unusable header.
func ReadAll(path string) (Header, []Record, Damage, error) {
	r, err := Open(path)
	if err != nil {
		return Header{}, nil, Damage{}, err
	}
	defer r.Close()
	recs, d, err := r.All()
	if err != nil {
		return r.Header(), recs, d, fmt.Errorf("read log %s: %w", path, err)
	}
	return r.Header(), recs, d, nil
}

// All reads the remaining records. Damage is not an error here: it comes back
// as the Damage value beside every record before it.
func (r *Reader) All() ([]Record, Damage, error) {
	var recs []Record
	for {
		rec, err := r.Next()
		if err == nil {
			recs = append(recs, rec)
			continue
		}
		var de *DamageError
		if errors.Is(err, io.EOF) || errors.As(err, &de) {
			return recs, r.damage, nil
		}
		return recs, r.damage, err
	}
}

// resyncPoint is where a reader can go on after damage in the middle.
type resyncPoint struct {
	off  int64  // the next frame to read
	prev uint32 // the chain seed for it
	seq  uint64 // the last record before it
	mark bool   // found at a commit mark covering seq
}

// findResync looks after the bad frame at r.off for the first place the log
// can be trusted again. bad is the bad frame's stored CRC (hasBad: the file
// holds one). At each offset p from r.off on it tries, in order:
//
//  1. a commit mark at p that checks on its own: its unseeded CRC, its
//     0xFFFFFFFF length, its own offset p and this log's header CRC. Reading
//     goes on after it with the mark's chained CRC as the seed; a mark at
//     r.off itself (only its chained CRC field damaged) is re-chained from
//     the last good frame, which the reader still knows.
//  2. a record at p whose CRC checks seeded with bad, numbered r.seq+1 or
//     r.seq+2: the frame right after the bad one, found although the bad
//     frame's length field is what was damaged.
//  3. a pair: a frame header at p whose length leads to a record (or mark)
//     that checks seeded with the CRC stored at p. That record is returned,
//     never the frame at p, whose own bytes nothing verified.
//
// A false resync needs a 32-bit CRC to check by chance (1 and 3 need 64
// further bits besides: a mark's offset and header CRC), at a place whose
// sequence number is also one the damage can have taken: above r.seq and
// at most one per frameHeader bytes between r.off and p. Over the at most
// maxClassify bytes scanned that is below 2^-32 per damage for any data not
// built to collide; and the CRCs chain from there on, so every later record
// must check against it too. A record or mark copied from another log, or
// from elsewhere in this one, carries the wrong chained CRC, offset or
// header CRC and fails the same way. Nothing is returned that does not
// check, so the worst a missed resync costs is records not shown.
func (r *Reader) findResync(bad uint32, hasBad bool) (resyncPoint, bool, error) {
	var (
		pt    resyncPoint
		found bool
		frame []byte
	)
	// maxSeq bounds the sequence number of a frame at q: every record
	// after r.seq before it takes at least frameHeader bytes.
	maxSeq := func(q int64) uint64 { return r.seq + 1 + uint64(q-r.off)/frameHeader }
	// check verifies the frame at q against seed; it returns the point
	// reading resumes at.
	check := func(q int64, seed uint32, minSeq, topSeq uint64) (resyncPoint, bool, error) {
		var h [commitSize]byte
		if q+frameHeader > r.size {
			return resyncPoint{}, false, nil
		}
		if _, err := r.src.ReadAt(h[:frameHeader], q); err != nil && !errors.Is(err, io.EOF) {
			return resyncPoint{}, false, err
		}
		n := binary.LittleEndian.Uint32(h[4:])
		seq := binary.LittleEndian.Uint64(h[8:])
		if n == commitLen && r.hdr.Version >= 2 {
			// A mark covers records up to seq: it may cover none after r.seq.
			if seq+1 < minSeq || seq > topSeq || q+commitSize > r.size {
				return resyncPoint{}, false, nil
			}
			if _, err := r.src.ReadAt(h[frameHeader:], q+frameHeader); err != nil && !errors.Is(err, io.EOF) {
				return resyncPoint{}, false, err
			}
			crc := crc32.Update(seed, castagnoli, h[4:])
			if _, ok := commitAt(h[:], q, r.hdrCRC); !ok || crc != binary.LittleEndian.Uint32(h[:]) {
				return resyncPoint{}, false, nil
			}
			return resyncPoint{off: q + commitSize, prev: crc, seq: seq, mark: true}, true, nil
		}
		if seq < minSeq || seq > topSeq || n > MaxPayload || q+frameHeader+int64(n) > r.size {
			return resyncPoint{}, false, nil
		}
		if cap(frame) < frameHeader+int(n) {
			frame = make([]byte, frameHeader+int(n))
		}
		f := frame[:frameHeader+int(n)]
		if _, err := r.src.ReadAt(f, q); err != nil && !errors.Is(err, io.EOF) {
			return resyncPoint{}, false, err
		}
		if st, _ := checkFrame(f, seed, seq); st != frameOK {
			return resyncPoint{}, false, nil
		}
		return resyncPoint{off: q, prev: seed, seq: seq - 1}, true, nil
	}
	limit := r.off + maxClassify
	err := r.scan(r.off, commitSize-1, func(b []byte, base int64, end bool) (bool, error) {
		n := len(b)
		if !end {
			n = min(n-(commitSize-1), scanChunk)
		}
		for i := 0; i < n && base+int64(i) < limit; i++ {
			p := base + int64(i)
			w := b[i:]
			// 1: a mark that checks on its own.
			if len(w) >= commitSize && w[4] == 0xFF && r.hdr.Version >= 2 {
				if m, ok := commitAt(w, p, r.hdrCRC); ok && m >= r.seq && m <= maxSeq(p)-1 {
					prev := binary.LittleEndian.Uint32(w)
					if p == r.off {
						prev = crc32.Update(r.prev, castagnoli, w[4:commitSize])
					}
					pt, found = resyncPoint{off: p + commitSize, prev: prev, seq: m, mark: true}, true
					return true, nil
				}
			}
			if len(w) < frameHeader {
				continue
			}
			// 2: the frame after the bad one, chained from its stored CRC.
			if hasBad && p > r.off && binary.LittleEndian.Uint64(w[8:])-r.seq-1 < 2 {
				got, ok, err := check(p, bad, r.seq+1, r.seq+2)
				if err != nil || ok {
					pt, found = got, ok
					return true, err
				}
			}
			// 3: a pair, the second checking against the first's CRC.
			ln := binary.LittleEndian.Uint32(w[4:])
			size := int64(frameHeader) + int64(ln)
			switch {
			case ln == commitLen && r.hdr.Version >= 2:
				size = commitSize
			case ln > MaxPayload:
				continue
			}
			q := p + size
			got, ok, err := check(q, binary.LittleEndian.Uint32(w), r.seq+1, maxSeq(q))
			if err == nil && !ok && p == r.off && q <= r.size {
				// The bad frame's own CRC field may be what was damaged:
				// chain its bytes from the last good frame instead.
				seed, err2 := r.chainOver(r.off, q)
				if err2 != nil {
					return true, err2
				}
				got, ok, err = check(q, seed, r.seq+1, maxSeq(q))
			}
			if err != nil || ok {
				pt, found = got, ok
				return true, err
			}
		}
		return base+int64(n) >= limit, nil
	})
	return pt, found, err
}

// Resync steps over the corrupt damage that stopped Next, if the log reads
// again after it (Damage.Resume > 0), and reports true; Next then returns
// the records after it, each marked AfterDamage. It reports false, and
// changes nothing, for any other stop. Appending never resyncs: a log with
// damage in the middle is refused, not cut.
func (r *Reader) Resync() bool {
	var de *DamageError
	if !errors.As(r.err, &de) || r.damage.Resume == 0 {
		return false
	}
	pt := r.resume
	r.off, r.prev, r.seq = pt.off, pt.prev, pt.seq
	if pt.mark {
		r.committed, r.commitEnd = pt.seq, pt.off
	}
	r.br.Reset(io.NewSectionReader(r.src, r.off, r.size-r.off))
	r.err, r.resynced, r.resume = nil, true, resyncPoint{}
	return true
}

// Salvage reads every record that checks, stepping over damage in the
// middle of the log (Resync). skipped lists each damage stepped over, in
// order; end is the log's state after the last record returned, as All's
// Damage. err is only for a failure to read.
func (r *Reader) Salvage() (recs []Record, skipped []Damage, end Damage, err error) {
	for {
		more, d, err := r.All()
		recs = append(recs, more...)
		if err != nil || !r.Resync() {
			return recs, skipped, d, err
		}
		skipped = append(skipped, d)
	}
}

// chainOver returns the CRC the frame in [from, to) would carry, chained
// from the last good frame.
func (r *Reader) chainOver(from, to int64) (uint32, error) {
	b := make([]byte, to-from-4)
	if _, err := r.src.ReadAt(b, from+4); err != nil && !errors.Is(err, io.EOF) {
		return 0, err
	}
	return crc32.Update(r.prev, castagnoli, b), nil
}
