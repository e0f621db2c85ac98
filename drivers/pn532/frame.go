package pn532

import (
	"errors"
	"fmt"
)

// Frame identifiers (TFI) and the fixed frames of the PN532 host link
// (UM0701-02 §6.2.1). They are the same on I²C, SPI and HSU; only the I²C
// status byte in front of every read is transport specific.
const (
	tfiHost  byte = 0xD4 // host controller to PN532
	tfiPN532 byte = 0xD5 // PN532 to host controller
	tfiError byte = 0x7F // syntax error frame, carries no command

	// maxNormalData is the most a normal frame's LEN can count (TFI and
	// data); longer payloads need an extended frame, which no command this
	// driver sends comes near.
	maxNormalData = 255

	// frameOverhead is what a normal frame adds to TFI and data: preamble,
	// start code (2), LEN, LCS, DCS and postamble.
	frameOverhead = 7
)

var (
	// ackFrame tells the PN532 a frame arrived whole; sent by the host it
	// also aborts the command in progress (UM0701-02 §6.2.1.3, §6.2.2).
	ackFrame = []byte{0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00}
	// nackFrame asks the other side to send its last frame again.
	nackFrame = []byte{0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00}
)

type frameKind uint8

const (
	kindInfo   frameKind = iota // normal or extended information frame
	kindACK                     // 00 00 FF 00 FF 00
	kindNACK                    // 00 00 FF FF 00 00
	kindSyntax                  // 00 00 FF 01 FF 7F 81 00: the PN532 could not parse our frame
)

func (k frameKind) String() string {
	switch k {
	case kindInfo:
		return "information"
	case kindACK:
		return "ACK"
	case kindNACK:
		return "NACK"
	case kindSyntax:
		return "syntax error"
	}
	return fmt.Sprintf("frameKind(%d)", uint8(k))
}

// frame is a decoded frame. data aliases the buffer it was parsed from, so
// the caller must use it before that buffer is reused.
type frame struct {
	kind frameKind
	tfi  byte
	data []byte // the bytes after TFI, without DCS
}

// appendFrame appends a normal information frame carrying tfi and data to
// dst. It is pure so the bytes on the wire can be checked against the user
// manual without a bus.
func appendFrame(dst []byte, tfi byte, data []byte) ([]byte, error) {
	n := 1 + len(data)
	if n > maxNormalData {
		return dst, fmt.Errorf("%w: %d data bytes do not fit a normal frame (max %d)", ErrFrame, len(data), maxNormalData-1)
	}
	dst = append(dst, 0x00, 0x00, 0xFF, byte(n), byte(-n), tfi)
	sum := tfi
	for _, c := range data {
		sum += c
	}
	dst = append(dst, data...)
	return append(dst, -sum, 0x00), nil
}

// parseFrame decodes the first frame in b. Leading zero bytes are skipped
// because the preamble is optional and the PN532 may send more than one;
// anything after the DCS (postamble, padding of an over-long I²C read) is
// ignored. Malformed input gives an error wrapping ErrFrame or ErrChecksum,
// never a panic.
func parseFrame(b []byte) (frame, error) {
	i := 0
	for i < len(b) && b[i] == 0x00 {
		i++
	}
	if i == len(b) {
		return frame{}, fmt.Errorf("%w: no start code in %d bytes", ErrFrame, len(b))
	}
	if i == 0 || b[i] != 0xFF {
		return frame{}, fmt.Errorf("%w: want start code 00 FF, got %02X at byte %d", ErrFrame, b[i], i)
	}
	b = b[i+1:]
	if len(b) < 2 {
		return frame{}, fmt.Errorf("%w: truncated after start code", ErrFrame)
	}
	var n, hdr int
	switch {
	case b[0] == 0x00 && b[1] == 0xFF:
		return frame{kind: kindACK}, nil
	case b[0] == 0xFF && b[1] == 0x00:
		return frame{kind: kindNACK}, nil
	case b[0] == 0xFF && b[1] == 0xFF:
		// Extended information frame: FF FF LENM LENL LCS.
		if len(b) < 5 {
			return frame{}, fmt.Errorf("%w: truncated extended frame header", ErrFrame)
		}
		if b[2]+b[3]+b[4] != 0 {
			return frame{}, fmt.Errorf("%w: extended length %02X %02X, LCS %02X", ErrChecksum, b[2], b[3], b[4])
		}
		n, hdr = int(b[2])<<8|int(b[3]), 5
	default:
		if b[0]+b[1] != 0 {
			return frame{}, fmt.Errorf("%w: LEN %02X, LCS %02X", ErrChecksum, b[0], b[1])
		}
		n, hdr = int(b[0]), 2
	}
	if n == 0 {
		return frame{}, fmt.Errorf("%w: LEN 0 leaves no room for TFI", ErrFrame)
	}
	b = b[hdr:]
	if len(b) < n+1 {
		return frame{}, fmt.Errorf("%w: %w: LEN %d needs %d more bytes, have %d", ErrFrame, errTruncated, n, n+1, len(b))
	}
	var sum byte
	for _, c := range b[:n+1] {
		sum += c
	}
	if sum != 0 {
		return frame{}, fmt.Errorf("%w: DCS %02X does not balance %d data bytes", ErrChecksum, b[n], n)
	}
	f := frame{kind: kindInfo, tfi: b[0], data: b[1:n]}
	if f.tfi == tfiError {
		if n != 1 {
			return frame{}, fmt.Errorf("%w: error frame with LEN %d", ErrFrame, n)
		}
		f.kind = kindSyntax
	}
	return f, nil
}

// errTruncated marks a frame that runs past the end of what was read, which
// a retransmission cannot fix: the read was too short, not corrupted.
var errTruncated = errors.New("truncated")

// parseI2CRead decodes what one I²C read returned: a status byte (bit 0 set
// when the PN532 has a frame ready, UM0701-02 §6.2.4) and then the frame.
func parseI2CRead(b []byte) (frame, error) {
	if len(b) == 0 {
		return frame{}, fmt.Errorf("%w: empty read", ErrFrame)
	}
	if b[0]&0x01 == 0 {
		return frame{}, fmt.Errorf("%w: status byte %02X says not ready", ErrFrame, b[0])
	}
	return parseFrame(b[1:])
}
