package wal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"time"
)

const (
	// Version is the file format this package writes, and the newest it
	// reads. Format 1 (no commit marks) is still read and appended to.
	Version = 2

	// MaxPayload bounds a record so a corrupted length field cannot make a
	// reader allocate gigabytes; a hand's events are a few dozen bytes each.
	MaxPayload = 1 << 20

	// MaxIDLen bounds the header id for the same reason.
	MaxIDLen = 1024

	magic = "\x89FALLING"

	headerFixed = 22 // bytes before the id
	frameHeader = 17 // crc, length, seq, type

	// commitLen in a frame's length field marks a commit mark (format 2):
	// no record can claim it, since it is over MaxPayload.
	commitLen  = 0xFFFFFFFF
	commitSize = 33 // crc, length, seq, type, offset, header CRC, chain CRC

	// pageSize is the unit in which the kernel writes the page cache back,
	// and so the unit a power cut loses.
	pageSize = 4096
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var (
	// ErrNotLog means the file does not start with the FALLING magic.
	ErrNotLog = errors.New("not a FALLING log")
	// ErrEmpty means the file has no bytes: Create never completed.
	ErrEmpty = errors.New("empty file: the log was never created completely")
	// ErrNewerVersion means the file was written by a newer format version.
	ErrNewerVersion = errors.New("log written by a newer version")
	// ErrBadHeader means the header is short or fails its CRC.
	ErrBadHeader = errors.New("log header damaged")
	// ErrTornTail marks damage that a power cut during an append explains.
	ErrTornTail = errors.New("torn tail")
	// ErrCorrupt marks damage followed by more data: not explained by a torn
	// append, and never cut automatically.
	ErrCorrupt = errors.New("corrupt record in the middle of the log")
	// ErrTooLarge is returned by Append for a payload over MaxPayload.
	ErrTooLarge = errors.New("record payload too large")
)

// Header is the creation information at the start of every log file.
type Header struct {
	Kind    byte      // opaque to wal; e.g. one value for hand logs, another for the index
	ID      string    // a hand id, a night id
	Created time.Time // wall time at creation, stored to the nanosecond
	// Version is the file's format, set when read; Create writes Version.
	Version uint16
}

// Record is one entry read back from a log.
type Record struct {
	Seq     uint64
	Type    byte
	Payload []byte
	Offset  int64 // byte offset of the frame in the file, for damage reports
	// AfterDamage is set on a record read after Reader.Resync stepped over
	// damage: it checks, but records before it are missing.
	AfterDamage bool
}

// VersionError reports a file written by a newer format version.
type VersionError struct {
	Got, Max uint16
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("log written by a newer version %d, this reads up to %d", e.Got, e.Max)
}

func (e *VersionError) Unwrap() error { return ErrNewerVersion }

func encodeHeader(h Header, version uint16) ([]byte, uint32, error) {
	if len(h.ID) > MaxIDLen {
		return nil, 0, fmt.Errorf("header id is %d bytes, at most %d", len(h.ID), MaxIDLen)
	}
	b := make([]byte, headerFixed+len(h.ID)+4)
	copy(b, magic)
	binary.LittleEndian.PutUint16(b[8:], version)
	b[10] = h.Kind
	binary.LittleEndian.PutUint64(b[12:], uint64(h.Created.UnixNano()))
	binary.LittleEndian.PutUint16(b[20:], uint16(len(h.ID)))
	copy(b[headerFixed:], h.ID)
	n := headerFixed + len(h.ID)
	crc := crc32.Checksum(b[:n], castagnoli)
	binary.LittleEndian.PutUint32(b[n:], crc)
	return b, crc, nil
}

// decodeHeader parses the header at the start of b, which holds at least the
// first min(size, headerFixed+MaxIDLen+4) bytes of a file of the given size.
// It returns the header, its CRC (the chain seed) and its length.
func decodeHeader(b []byte, size int64) (Header, uint32, int, error) {
	if size == 0 {
		return Header{}, 0, 0, ErrEmpty
	}
	// Judge the magic before anything else so a random file is "not a log",
	// and the version before the layout so a newer file is "newer", not
	// "damaged".
	if len(b) < len(magic) {
		if string(b) == magic[:len(b)] {
			return Header{}, 0, 0, fmt.Errorf("%w: %d bytes, shorter than the magic", ErrBadHeader, len(b))
		}
		return Header{}, 0, 0, ErrNotLog
	}
	if string(b[:len(magic)]) != magic {
		return Header{}, 0, 0, ErrNotLog
	}
	if len(b) < 10 {
		return Header{}, 0, 0, fmt.Errorf("%w: %d bytes, no version", ErrBadHeader, len(b))
	}
	v := binary.LittleEndian.Uint16(b[8:])
	if v > Version {
		return Header{}, 0, 0, &VersionError{Got: v, Max: Version}
	}
	if v == 0 {
		return Header{}, 0, 0, fmt.Errorf("%w: version 0", ErrBadHeader)
	}
	if len(b) < headerFixed {
		return Header{}, 0, 0, fmt.Errorf("%w: %d bytes, header needs %d", ErrBadHeader, len(b), headerFixed+4)
	}
	idLen := int(binary.LittleEndian.Uint16(b[20:]))
	if idLen > MaxIDLen {
		return Header{}, 0, 0, fmt.Errorf("%w: id length %d over %d", ErrBadHeader, idLen, MaxIDLen)
	}
	n := headerFixed + idLen
	if len(b) < n+4 {
		return Header{}, 0, 0, fmt.Errorf("%w: %d bytes, header needs %d", ErrBadHeader, len(b), n+4)
	}
	crc := crc32.Checksum(b[:n], castagnoli)
	if got := binary.LittleEndian.Uint32(b[n:]); got != crc {
		return Header{}, 0, 0, fmt.Errorf("%w: header CRC %08x, computed %08x", ErrBadHeader, got, crc)
	}
	if b[11] != 0 {
		return Header{}, 0, 0, fmt.Errorf("%w: reserved byte is %d", ErrBadHeader, b[11])
	}
	h := Header{
		Kind:    b[10],
		ID:      string(b[headerFixed:n]),
		Created: time.Unix(0, int64(binary.LittleEndian.Uint64(b[12:]))),
		Version: v,
	}
	return h, crc, n + 4, nil
}

// appendFrame frames one record onto dst and returns the grown slice and the
// record's CRC, which seeds the next record's.
func appendFrame(dst []byte, prev uint32, seq uint64, typ byte, payload []byte) ([]byte, uint32) {
	start := len(dst)
	var zero [frameHeader]byte
	dst = append(dst, zero[:]...)
	dst = append(dst, payload...)
	f := dst[start:]
	binary.LittleEndian.PutUint32(f[4:], uint32(len(payload)))
	binary.LittleEndian.PutUint64(f[8:], seq)
	f[16] = typ
	crc := crc32.Update(prev, castagnoli, f[4:])
	binary.LittleEndian.PutUint32(f, crc)
	return dst, crc
}

// frameStatus is what checkFrame found at an offset.
type frameStatus int

const (
	frameOK     frameStatus = iota
	frameShort              // fewer bytes than a frame header, or than the frame claims
	frameTooBig             // length over MaxPayload
	frameBadCRC             // CRC does not check
	frameBadSeq             // CRC checks but the sequence number is out of order
)

// checkFrame verifies the frame at the start of b against the chain seed and
// the expected sequence number. On frameOK it returns the frame length.
func checkFrame(b []byte, prev uint32, seq uint64) (frameStatus, int) {
	if len(b) < frameHeader {
		return frameShort, 0
	}
	n := binary.LittleEndian.Uint32(b[4:])
	if n > MaxPayload {
		return frameTooBig, 0
	}
	total := frameHeader + int(n)
	if len(b) < total {
		return frameShort, total
	}
	if crc32.Update(prev, castagnoli, b[4:total]) != binary.LittleEndian.Uint32(b) {
		return frameBadCRC, total
	}
	if binary.LittleEndian.Uint64(b[8:]) != seq {
		return frameBadSeq, total
	}
	return frameOK, total
}

// appendCommit adds a commit mark (format 2) to dst, to be written at file
// offset off in the same write as the records it follows. It says that
// records up to seq are in this group commit and that the fsync after it had
// not yet returned when it was written; once that fsync returns, the mark is
// the proof of durability the reader goes by.
//
// The first CRC chains like a record's, so the mark cannot be skipped or
// moved unseen in a readable log. The last is unseeded and covers the mark's
// own fields, so a reader that has lost the chain at damage can still find
// the mark by scanning; the offset and the header CRC inside make a mark
// copied from another place or another log fail that check.
func appendCommit(dst []byte, prev uint32, seq uint64, off int64, hdrCRC uint32) ([]byte, uint32) {
	start := len(dst)
	var zero [commitSize]byte
	dst = append(dst, zero[:]...)
	f := dst[start:]
	binary.LittleEndian.PutUint32(f[4:], commitLen)
	binary.LittleEndian.PutUint64(f[8:], seq)
	binary.LittleEndian.PutUint64(f[17:], uint64(off))
	binary.LittleEndian.PutUint32(f[25:], hdrCRC)
	binary.LittleEndian.PutUint32(f[29:], crc32.Checksum(f[4:29], castagnoli))
	crc := crc32.Update(prev, castagnoli, f[4:])
	binary.LittleEndian.PutUint32(f, crc)
	return dst, crc
}

// commitAt reports whether b starts with a commit mark that checks on its
// own (without the chain) for a log with header CRC hdrCRC, placed at file
// offset off; if so it returns the last sequence number the mark covers.
func commitAt(b []byte, off int64, hdrCRC uint32) (uint64, bool) {
	if len(b) < commitSize || binary.LittleEndian.Uint32(b[4:]) != commitLen {
		return 0, false
	}
	if binary.LittleEndian.Uint64(b[17:]) != uint64(off) || binary.LittleEndian.Uint32(b[25:]) != hdrCRC {
		return 0, false
	}
	if crc32.Checksum(b[4:29], castagnoli) != binary.LittleEndian.Uint32(b[29:]) {
		return 0, false
	}
	return binary.LittleEndian.Uint64(b[8:]), true
}
