package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"
)

func TestToken(t *testing.T) {
	a, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewToken()
	if a == b || checkToken(a) != nil || len(a) != 26 {
		t.Errorf("tokens %q %q: want two different valid 26-character tokens", a, b)
	}
	for _, tc := range []struct {
		token string
		ok    bool
	}{
		{a, true},
		{"short", false},
		{"has space in it 0123456", false},
		{"quote\"quote\"quote\"q", false},
		{"Good-Token_0123456789", true},
	} {
		if err := checkToken(tc.token); (err == nil) != tc.ok {
			t.Errorf("checkToken(%q) = %v, want ok=%v", tc.token, err, tc.ok)
		}
	}
	if tokenOK("", "") || tokenOK(a, "") || tokenOK(a, a[:len(a)-1]) || !tokenOK(a, a) {
		t.Error("tokenOK accepts a wrong token or refuses the right one")
	}
}

// TestQRText reads the half blocks back into modules and compares them with
// the code's own bitmap.
func TestQRText(t *testing.T) {
	const link = "http://192.168.1.20:8080/?token=abcdefghijklmnopqrstuvwxyz"
	text, err := QRText(link)
	if err != nil {
		t.Fatal(err)
	}
	q, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	want := q.Bitmap()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != (len(want)+1)/2 {
		t.Fatalf("%d lines for %d module rows", len(lines), len(want))
	}
	for i, line := range lines {
		cells := []rune(line)
		if len(cells) != len(want) {
			t.Fatalf("line %d: %d cells, want %d", i, len(cells), len(want))
		}
		for x, c := range cells {
			// Light modules are drawn: a dark one is a blank half.
			top := c == ' ' || c == '▄'
			bottom := c == ' ' || c == '▀'
			if top != want[2*i][x] || 2*i+1 < len(want) && bottom != want[2*i+1][x] {
				t.Fatalf("module (%d, %d) drawn as %q does not match the code", x, 2*i, c)
			}
		}
	}
}

// The token file is its owner's only, even over a file left readable from
// before, and a link in its place is refused, not followed.
func TestWriteToken(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, TokenFile)
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := WriteToken(dir, testToken)
	if err != nil || got != path {
		t.Fatalf("WriteToken = %q, %v", got, err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file %v (%v), want mode 0600", fi, err)
	}
	if b, _ := os.ReadFile(path); string(b) != testToken+"\n" {
		t.Errorf("token file holds %q", b)
	}

	other := t.TempDir()
	target := filepath.Join(other, "elsewhere")
	if err := os.Symlink(target, filepath.Join(other, TokenFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteToken(other, testToken); err == nil || !strings.Contains(err.Error(), "keep the control token") {
		t.Errorf("a link in the token file's place: %v, want a refusal", err)
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("the token was written through a link")
	}
	if _, err := WriteToken(filepath.Join(dir, "nope"), testToken); err == nil {
		t.Error("a folder that does not exist: no error")
	}
}
