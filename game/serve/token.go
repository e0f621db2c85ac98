package serve

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/skip2/go-qrcode"
)

// TokenCookie is the cookie a visit to /?token=… sets, so the referee's
// phone keeps control after scanning the QR code once.
const TokenCookie = "falling_token"

// TokenHeader carries the token for scripts (curl) instead of the cookie;
// "Authorization: Bearer TOKEN" works too.
const TokenHeader = "X-Falling-Token"

// TokenFile is the file in the log folder that keeps the control token
// while the page runs, readable by its owner (the table's user) only.
const TokenFile = "referee-token"

// WriteToken keeps token in dir's TokenFile and returns the file's path.
// The token is a password to the table's controls: it goes in a file only
// its owner can read, not into a log (under systemd, what a program prints
// is the journal, which more users read).
func WriteToken(dir, token string) (string, error) {
	path := filepath.Join(dir, TokenFile)
	// O_NOFOLLOW: a link left in the folder must not send the token
	// elsewhere.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return "", fmt.Errorf("keep the control token: %w", err)
	}
	// A file left from before keeps its mode through O_TRUNC: the owner's
	// only before the token is in it.
	err = f.Chmod(0o600)
	if err == nil {
		_, err = f.WriteString(token + "\n")
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("keep the control token in %s: %w", path, err)
	}
	return path, nil
}

// NewToken returns a fresh control token: 128 random bits in lower-case
// base32, short enough to type from the Pi's screen and URL-safe for the QR
// code.
func NewToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("control token: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])), nil
}

// errBadToken is wrapped by every token refusal.
var errBadToken = errors.New("control token")

// checkToken validates a token given on the command line: it ends up in a
// cookie and a URL, so only characters safe in both are allowed, and it
// must be long enough not to be guessed on a busy LAN.
func checkToken(t string) error {
	if len(t) < 16 {
		return fmt.Errorf("%w: %d characters, want at least 16", errBadToken, len(t))
	}
	for _, c := range t {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("%w: %q is not allowed, use letters, digits, '-' and '_'", errBadToken, c)
		}
	}
	return nil
}

// requestToken is the token a request carries, from the header, the bearer
// authorization or the cookie, in that order.
func requestToken(r *http.Request) string {
	if t := r.Header.Get(TokenHeader); t != "" {
		return t
	}
	if a := r.Header.Get("Authorization"); len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		return strings.TrimSpace(a[7:])
	}
	if c, err := r.Cookie(TokenCookie); err == nil {
		return c.Value
	}
	return ""
}

// tokenOK compares in constant time so response timing tells an attacker
// nothing about how much of a guess was right.
func tokenOK(want, got string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1
}

// QRText renders text as a QR code drawn with half blocks, two modules per
// character cell, so a phone can scan it off the Pi's screen or an SSH
// session. It is drawn for a terminal with a dark background, like the Pi's
// console: light modules are blocks.
func QRText(text string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("QR code: %w", err)
	}
	bm := q.Bitmap() // includes the quiet zone
	var sb strings.Builder
	for y := 0; y < len(bm); y += 2 {
		for x := range bm[y] {
			top := bm[y][x]
			bottom := y+1 < len(bm) && bm[y+1][x]
			// The light modules are drawn, dark ones left blank, so the
			// code reads right on a dark terminal without colour codes;
			// the quiet zone is light, as scanners want.
			switch {
			case !top && !bottom:
				sb.WriteString("█")
			case !top:
				sb.WriteString("▀")
			case !bottom:
				sb.WriteString("▄")
			default:
				sb.WriteString(" ")
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String(), nil
}
