package pn532

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error the driver returns wraps at least one of them
// or a bus error, so a caller can decide with errors.Is whether to retry,
// re-initialise or give up.
var (
	// ErrTimeout means the PN532 did not answer within Options.Timeout (or the
	// context's deadline). The pending command has been aborted.
	ErrTimeout = errors.New("pn532: timeout")
	// ErrChecksum means a frame's LCS or DCS did not balance, even after
	// asking for retransmissions.
	ErrChecksum = errors.New("pn532: bad checksum")
	// ErrNoACK means the PN532 did not acknowledge a command frame.
	ErrNoACK = errors.New("pn532: command not acknowledged")
	// ErrChip is wrapped by every *ChipError: the PN532 understood the
	// link but refused or failed the command.
	ErrChip = errors.New("pn532: chip reported an error")
	// ErrFrame means bytes from the PN532 were not a well formed frame or
	// not the response expected.
	ErrFrame = errors.New("pn532: malformed frame")
)

// ChipError is an error the PN532 itself reported: either the syntax error
// frame (it could not parse the command) or an application-level error code
// in a response's Status byte (UM0701-02 §7.1).
type ChipError struct {
	Cmd    byte // command code that failed
	Syntax bool // the PN532 answered with the syntax error frame
	Code   byte // error code (Status & 0x3F); 0 when Syntax is set
}

func (e *ChipError) Error() string {
	if e.Syntax {
		return fmt.Sprintf("pn532: %s: syntax error frame", cmdName(e.Cmd))
	}
	if s, ok := chipErrorText[e.Code]; ok {
		return fmt.Sprintf("pn532: %s: error 0x%02X: %s", cmdName(e.Cmd), e.Code, s)
	}
	return fmt.Sprintf("pn532: %s: error 0x%02X", cmdName(e.Cmd), e.Code)
}

// Is makes errors.Is(err, ErrChip) true for any ChipError.
func (e *ChipError) Is(target error) bool { return target == ErrChip }

// chipErrorText is the error code table of UM0701-02 §7.1, for log lines a
// person can act on.
var chipErrorText = map[byte]string{
	0x01: "target timeout",
	0x02: "CRC error",
	0x03: "parity error",
	0x04: "wrong anticollision bit count",
	0x05: "MIFARE framing error",
	0x06: "abnormal bit collision",
	0x07: "communication buffer too small",
	0x09: "RF buffer overflow",
	0x0A: "RF field not switched on in time",
	0x0B: "RF protocol error",
	0x0D: "temperature error (overheating)",
	0x0E: "internal buffer overflow",
	0x10: "invalid parameter",
	0x12: "DEP command not supported",
	0x13: "DEP data format error",
	0x14: "MIFARE authentication error",
	0x23: "wrong UID check byte",
	0x25: "invalid device state",
	0x26: "operation not allowed in this configuration",
	0x27: "command not acceptable in the current context",
	0x29: "target released by initiator",
	0x2A: "card ID mismatch",
	0x2B: "card disappeared",
	0x2C: "NFCID3 mismatch",
	0x2D: "over-current",
	0x2E: "NAD missing in DEP frame",
}
