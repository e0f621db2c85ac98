package pn532

import (
	"bytes"
	"errors"
	"testing"
)

// Frames as printed in the PN532 user manual (UM0701-02 §6.2.1, §7.2.2) and
// in its application notes; the checksums were worked by hand.
var (
	fwCmdFrame  = []byte{0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00}
	fwRespFrame = []byte{0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00}
	syntaxFrame = []byte{0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00}
)

func TestAppendFrame(t *testing.T) {
	tests := []struct {
		name string
		tfi  byte
		data []byte
		want []byte
	}{
		{"GetFirmwareVersion", tfiHost, []byte{0x02}, fwCmdFrame},
		{"GetFirmwareVersion response", tfiPN532, []byte{0x03, 0x32, 0x01, 0x06, 0x07}, fwRespFrame},
		{"SAMConfiguration normal", tfiHost, []byte{0x14, 0x01, 0x14, 0x01},
			[]byte{0x00, 0x00, 0xFF, 0x05, 0xFB, 0xD4, 0x14, 0x01, 0x14, 0x01, 0x02, 0x00}},
		{"InListPassiveTarget 1 target 106A", tfiHost, []byte{0x4A, 0x01, 0x00},
			[]byte{0x00, 0x00, 0xFF, 0x04, 0xFC, 0xD4, 0x4A, 0x01, 0x00, 0xE1, 0x00}},
		{"syntax error frame", tfiError, nil, syntaxFrame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := appendFrame(nil, tt.tfi, tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tt.want) {
				t.Errorf("appendFrame = % X, want % X", got, tt.want)
			}
		})
	}
}

func TestAppendFrameTooLong(t *testing.T) {
	prefix := []byte{0xAA}
	got, err := appendFrame(prefix, tfiHost, make([]byte, 255))
	if !errors.Is(err, ErrFrame) {
		t.Fatalf("err = %v, want ErrFrame", err)
	}
	if !bytes.Equal(got, prefix) {
		t.Errorf("dst changed on error: % X", got)
	}
	if _, err := appendFrame(nil, tfiHost, make([]byte, 254)); err != nil {
		t.Errorf("254 data bytes (LEN 255) must fit: %v", err)
	}
}

func TestParseFrame(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		kind    frameKind
		tfi     byte
		data    []byte
		wantErr error
	}{
		{name: "ACK", in: ackFrame, kind: kindACK},
		{name: "NACK", in: nackFrame, kind: kindNACK},
		{name: "syntax error", in: syntaxFrame, kind: kindSyntax, tfi: tfiError, data: []byte{}},
		{name: "firmware response", in: fwRespFrame, kind: kindInfo, tfi: tfiPN532, data: []byte{0x03, 0x32, 0x01, 0x06, 0x07}},
		{name: "long preamble and padding", in: append([]byte{0, 0, 0}, append(fwRespFrame, 0, 0, 0xAA)...),
			kind: kindInfo, tfi: tfiPN532, data: []byte{0x03, 0x32, 0x01, 0x06, 0x07}},
		{name: "no postamble", in: fwRespFrame[:len(fwRespFrame)-1], kind: kindInfo, tfi: tfiPN532, data: []byte{0x03, 0x32, 0x01, 0x06, 0x07}},
		{name: "no preamble", in: fwRespFrame[1:], kind: kindInfo, tfi: tfiPN532, data: []byte{0x03, 0x32, 0x01, 0x06, 0x07}},
		{name: "extended frame", in: []byte{0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x03, 0xFD, 0xD5, 0x4B, 0x00, 0xE0, 0x00},
			kind: kindInfo, tfi: tfiPN532, data: []byte{0x4B, 0x00}},
		{name: "bad LCS", in: []byte{0x00, 0x00, 0xFF, 0x06, 0xFB, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00}, wantErr: ErrChecksum},
		{name: "bad DCS", in: []byte{0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE9, 0x00}, wantErr: ErrChecksum},
		{name: "flipped data bit", in: []byte{0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x33, 0x01, 0x06, 0x07, 0xE8, 0x00}, wantErr: ErrChecksum},
		{name: "bad extended LCS", in: []byte{0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x03, 0xFE, 0xD5}, wantErr: ErrChecksum},
		{name: "empty", in: nil, wantErr: ErrFrame},
		{name: "all zero", in: make([]byte, 20), wantErr: ErrFrame},
		{name: "all FF", in: bytes.Repeat([]byte{0xFF}, 20), wantErr: ErrFrame},
		{name: "garbage", in: []byte{0x12, 0x34, 0x56}, wantErr: ErrFrame},
		{name: "start code only", in: []byte{0x00, 0xFF}, wantErr: ErrFrame},
		{name: "LEN 0", in: []byte{0x00, 0x00, 0xFF, 0x00, 0x00, 0x00}, wantErr: ErrFrame},
		{name: "truncated data", in: fwRespFrame[:9], wantErr: errTruncated},
		{name: "truncated extended header", in: []byte{0x00, 0xFF, 0xFF, 0xFF, 0x00}, wantErr: ErrFrame},
		{name: "error frame too long", in: []byte{0x00, 0x00, 0xFF, 0x02, 0xFE, 0x7F, 0x01, 0x80, 0x00}, wantErr: ErrFrame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parseFrame(tt.in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.kind != tt.kind || f.tfi != tt.tfi {
				t.Errorf("got %v frame TFI %02X, want %v TFI %02X", f.kind, f.tfi, tt.kind, tt.tfi)
			}
			if tt.data != nil && !bytes.Equal(f.data, tt.data) {
				t.Errorf("data = % X, want % X", f.data, tt.data)
			}
		})
	}
}

func TestParseI2CRead(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		kind    frameKind
		wantErr error
	}{
		{"ready ACK", append([]byte{0x01}, ackFrame...), kindACK, nil},
		{"ready with other status bits", append([]byte{0x81}, ackFrame...), kindACK, nil},
		{"not ready", append([]byte{0x00}, ackFrame...), 0, ErrFrame},
		{"empty", nil, 0, ErrFrame},
		{"status only", []byte{0x01}, 0, ErrFrame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parseI2CRead(tt.in)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err == nil && f.kind != tt.kind {
				t.Errorf("kind = %v, want %v", f.kind, tt.kind)
			}
		})
	}
}

// FuzzParseFrame checks the parser never panics on arbitrary bytes, that
// its errors are always ours, and that what it accepts as a normal
// information frame encodes back to the same bytes.
func FuzzParseFrame(f *testing.F) {
	for _, s := range [][]byte{
		ackFrame, nackFrame, syntaxFrame, fwCmdFrame, fwRespFrame,
		{0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x03, 0xFD, 0xD5, 0x4B, 0x00, 0xE0, 0x00},
		{0x00, 0x00, 0xFF, 0x0F, 0xF1, 0xD5, 0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, 0x07, 0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80, 0x6B, 0x00},
		{0x01, 0x00, 0xFF},
		{},
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fr, err := parseFrame(b)
		if err != nil {
			if !errors.Is(err, ErrFrame) && !errors.Is(err, ErrChecksum) {
				t.Fatalf("error %v wraps neither ErrFrame nor ErrChecksum", err)
			}
			return
		}
		if fr.kind != kindInfo && fr.kind != kindSyntax {
			return
		}
		if len(fr.data)+1 > maxNormalData {
			return // only extended frames carry that much
		}
		enc, err := appendFrame(nil, fr.tfi, fr.data)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseFrame(enc)
		if err != nil {
			t.Fatalf("re-encoded frame % X does not parse: %v", enc, err)
		}
		if back.tfi != fr.tfi || !bytes.Equal(back.data, fr.data) {
			t.Fatalf("round trip changed frame: % X -> % X", fr.data, back.data)
		}
		// Any accepted frame's bytes must lie inside the input.
		if len(fr.data) > len(b) {
			t.Fatalf("data longer than input")
		}
	})
}
