package wal

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/falling-table/falling/internal/regularfile"
)

// maxClassify bounds how much unreadable data the reader loads to tell a torn
// tail from mid-file corruption. Past it the damage is called corrupt without
// looking: that refuses an automatic cut, the safe side to err on.
const maxClassify = 256 << 20

// DamageKind says what the reader found after the last good record.
type DamageKind int

const (
	// DamageNone: the file ends exactly after the last good record.
	DamageNone DamageKind = iota
	// DamageTornTail: what follows is explained by an append cut short.
	DamageTornTail
	// DamageCorrupt: a bad record with more data after it.
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
	Offset     int64  // first byte not read back: the end of the last good record
	AfterSeq   uint64 // sequence number of the last good record, 0 if none
	Bytes      int64  // bytes from Offset to the end of the file
	ZeroFilled bool   // every one of those bytes is zero (unwritten or preallocated blocks)
	Reason     string // what was wrong with the first bad frame
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
		return fmt.Sprintf("corrupt at offset %d after record %d (%s); %d bytes after it unreadable",
			d.Offset, d.AfterSeq, d.Reason, d.Bytes)
	}
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

	off    int64  // offset of the next frame
	prev   uint32 // CRC of the last good frame (the chain seed)
	seq    uint64 // sequence number of the last good frame
	damage Damage
	err    error // sticky: io.EOF, a *DamageError or an I/O error
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
		src:  src,
		size: size,
		br:   bufio.NewReaderSize(io.NewSectionReader(src, int64(n), size-int64(n)), 64<<10),
		hdr:  h,
		off:  int64(n),
		prev: crc,
	}, nil
}

// Header returns the log's creation information.
func (r *Reader) Header() Header { return r.hdr }

// LastSeq returns the sequence number of the last record returned.
func (r *Reader) LastSeq() uint64 { return r.seq }

// Damage describes what stopped the reader once Next has returned an error;
// Kind is DamageNone if the file ended cleanly.
func (r *Reader) Damage() Damage { return r.damage }

// Next returns the next verified record. At the clean end of the log it
// returns io.EOF; at damage a *DamageError; on a read failure that error.
// Every later call returns the same error.
func (r *Reader) Next() (Record, error) {
	if r.err != nil {
		return Record{}, r.err
	}
	if r.off == r.size {
		r.damage = Damage{Offset: r.off, AfterSeq: r.seq}
		r.err = io.EOF
		return Record{}, r.err
	}
	rec, ok, err := r.readFrame()
	if err != nil {
		r.err = fmt.Errorf("read log at offset %d: %w", r.off, err)
		return Record{}, r.err
	}
	if !ok {
		if err := r.classify(); err != nil {
			r.err = fmt.Errorf("read log at offset %d: %w", r.off, err)
			return Record{}, r.err
		}
		r.err = &DamageError{Damage: r.damage}
		return Record{}, r.err
	}
	return rec, nil
}

// readFrame reads and verifies one frame from the stream. ok is false when the
// frame is bad; err is only for I/O failures.
func (r *Reader) readFrame() (Record, bool, error) {
	left := r.size - r.off
	if left < frameHeader {
		return Record{}, false, nil
	}
	var h [frameHeader]byte
	if _, err := io.ReadFull(r.br, h[:]); err != nil {
		return Record{}, false, err
	}
	n := binary.LittleEndian.Uint32(h[4:])
	if n > MaxPayload || int64(frameHeader)+int64(n) > left {
		return Record{}, false, nil
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(r.br, payload); err != nil {
		return Record{}, false, err
	}
	crc := crc32.Update(r.prev, castagnoli, h[4:])
	crc = crc32.Update(crc, castagnoli, payload)
	seq := binary.LittleEndian.Uint64(h[8:])
	if crc != binary.LittleEndian.Uint32(h[:]) || seq != r.seq+1 {
		return Record{}, false, nil
	}
	rec := Record{Seq: seq, Type: h[16], Payload: payload, Offset: r.off}
	r.prev = crc
	r.seq = seq
	r.off += int64(frameHeader) + int64(n)
	return rec, true, nil
}

// classify fills r.damage for the bad frame at r.off. See the package
// comment for the rule; the point is that a cut is only ever proposed when
// nothing that could be a durable record lies after the bad frame.
func (r *Reader) classify() error {
	d := Damage{Offset: r.off, AfterSeq: r.seq, Bytes: r.size - r.off}
	r.damage = d
	if d.Bytes > maxClassify {
		r.damage.Kind = DamageCorrupt
		r.damage.Reason = fmt.Sprintf("%d unreadable bytes, too many to examine", d.Bytes)
		return nil
	}
	rest := make([]byte, d.Bytes)
	if _, err := r.src.ReadAt(rest, r.off); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	r.damage.ZeroFilled = allZero(rest)
	st, end := checkFrame(rest, r.prev, r.seq+1)
	r.damage.Reason = describe(st, rest, end)
	if st == frameOK {
		r.damage.Kind = DamageCorrupt
		return nil
	}
	// Non-zero data after a frame whose length we can trust is more log that
	// cannot be read: corrupt.
	if (st == frameBadCRC || st == frameBadSeq) && end < len(rest) && !allZero(rest[end:]) {
		r.damage.Kind = DamageCorrupt
		return nil
	}
	// The bad frame's length may itself be the damaged field; look for the
	// next record directly. It chains from the bad frame's stored CRC, so a
	// find is real data, not payload bytes that happen to look like a frame.
	if len(rest) >= 4 {
		if at := findRecord(rest, binary.LittleEndian.Uint32(rest), r.seq+2); at > 0 {
			r.damage.Kind = DamageCorrupt
			r.damage.Reason += fmt.Sprintf("; record %d found intact at offset %d", r.seq+2, r.off+int64(at))
			return nil
		}
	}
	r.damage.Kind = DamageTornTail
	return nil
}

func describe(st frameStatus, rest []byte, end int) string {
	switch st {
	case frameShort:
		if len(rest) < frameHeader {
			return fmt.Sprintf("incomplete record header: %d of %d bytes", len(rest), frameHeader)
		}
		return fmt.Sprintf("incomplete record: %d of %d bytes", len(rest), end)
	case frameTooBig:
		return fmt.Sprintf("record length %d over the %d limit", binary.LittleEndian.Uint32(rest[4:]), MaxPayload)
	case frameBadCRC:
		return "bad CRC"
	case frameBadSeq:
		return fmt.Sprintf("sequence number %d out of order", binary.LittleEndian.Uint64(rest[8:]))
	}
	// A frame that checks here but failed in the stream cannot happen; say so
	// rather than hide it.
	return "record checks on re-read: the file changed while being read"
}

// findRecord returns the offset in b (>0) of a frame with sequence number seq
// that checks against seed, or -1.
func findRecord(b []byte, seed uint32, seq uint64) int {
	for i := 1; i+frameHeader <= len(b); i++ {
		if binary.LittleEndian.Uint64(b[i+8:]) != seq {
			continue
		}
		if st, _ := checkFrame(b[i:], seed, seq); st == frameOK {
			return i
		}
	}
	return -1
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
