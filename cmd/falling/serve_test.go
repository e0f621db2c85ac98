package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night/nighttest"
	"github.com/falling-table/falling/game/serve"
)

func TestServeUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no log dir", []string{"--listen", "127.0.0.1:0"}, 2, "--log-dir is required"},
		{"stray argument", []string{"--log-dir", dir, "extra"}, 2, `unexpected argument "extra"`},
		{"unknown flag", []string{"--port", "80"}, 2, "unknown flag: --port"},
		{"missing folder", []string{"--log-dir", dir + "/nope", "--listen", "127.0.0.1:0"}, 1, "is not a folder"},
		{"bad address", []string{"--log-dir", dir, "--listen", "127.0.0.1:99999"}, 1, "listen on 127.0.0.1:99999"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), append([]string{"serve"}, tc.args...), nil, &out, &errb)
			if code != tc.code || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want %d with %q", code, errb.String(), tc.code, tc.want)
			}
		})
	}
}

// syncBuffer is written by runServe's goroutine and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeRuns starts falling serve on loopback over a night's log, reads
// the page and a hand, uses the token from its file, and stops it.
func TestServeRuns(t *testing.T) {
	dir := t.TempDir()
	nighttest.Hand(t, dir, nighttest.Options{Fallers: 3, Seed: 5})
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--log-dir", dir}, nil, &out, &errb)
	}()
	// The token is kept in a file only its owner reads, and the output (the
	// journal, under systemd) says where, never what.
	where := regexp.MustCompile(`the token is in (\S+) \(only its owner can read it\): open (http://127\.0\.0\.1:\d+/)\?token=TOKEN`)
	var m []string
	deadline := time.Now().Add(5 * time.Second)
	for m == nil {
		m = where.FindStringSubmatch(out.String())
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("no token file named; stdout %q stderr %q", out.String(), errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	file, base := m[1], m[2]
	if file != filepath.Join(dir, serve.TokenFile) {
		t.Errorf("the token is kept in %s, want %s", file, filepath.Join(dir, serve.TokenFile))
	}
	fi, err := os.Stat(file)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file %v (%v), want mode 0600", fi, err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(string(b))
	if len(token) < 16 || strings.Contains(out.String()+errb.String(), token) {
		t.Errorf("token %q: printed where a log keeps it, or too short; stdout %q", token, out.String())
	}
	if strings.Contains(out.String(), "█") {
		t.Error("a QR code of the token printed to an output that is not a terminal")
	}
	if !strings.Contains(out.String(), "(only this machine can read it)") {
		t.Errorf("a page on loopback is not said to be for this machine only: %q", out.String())
	}
	get := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if c, body := get(""); c != 200 || !strings.Contains(body, "/hands/0001") || !strings.Contains(body, "No table is running") {
		t.Errorf("page: %d, want the night's hand and no live table", c)
	}
	if c, _ := get("hands/0001"); c != 200 {
		t.Errorf("hand page: %d", c)
	}
	req, _ := http.NewRequest("POST", base+"api/control/pause", nil)
	req.Header.Set("X-Falling-Token", token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusConflict {
		t.Errorf("pause with the token and no table: %d, want 409", resp.StatusCode)
	}
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit %d; stderr %q", c, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("falling serve did not stop within 10 s of its context ending")
	}
}

// The banner must not promise the LAN a page it cannot reach, nor hide
// from the table that the LAN can read it.
func TestServeReaders(t *testing.T) {
	for _, tc := range []struct {
		ip   string
		want string
	}{
		{"127.0.0.1", "only this machine"},
		{"::1", "only this machine"},
		{"0.0.0.0", "anyone on the LAN"},
		{"::", "anyone on the LAN"},
		{"192.168.1.20", "anyone on the LAN"},
	} {
		if got := readers(&net.TCPAddr{IP: net.ParseIP(tc.ip), Port: 8080}); got != tc.want {
			t.Errorf("listening on %s: %q, want %q", tc.ip, got, tc.want)
		}
	}
}

// Asked for, the token's link and QR code are printed (a person at a
// terminal gets them without asking): the same token as in the file.
func TestServeShowToken(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--log-dir", dir, "--show-token"}, nil, &out, &errb)
	}()
	link := regexp.MustCompile(`open http://127\.0\.0\.1:\d+/\?token=([a-z0-9]+)`)
	var m []string
	for deadline := time.Now().Add(5 * time.Second); m == nil; time.Sleep(10 * time.Millisecond) {
		m = link.FindStringSubmatch(out.String())
		if time.Now().After(deadline) {
			t.Fatalf("no control link printed with --show-token; stdout %q stderr %q", out.String(), errb.String())
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, serve.TokenFile))
	if err != nil || strings.TrimSpace(string(b)) != m[1] {
		t.Errorf("the token file holds %q (%v), the link %q", b, err, m[1])
	}
	if !strings.Contains(out.String(), "█") {
		t.Error("no QR code printed with the link")
	}
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit %d; stderr %q", c, errb.String())
	}
}

// falling play --serve under systemd writes to the journal: the output
// says where the token is kept, never the token.
func TestPlayServeKeepsTheTokenOutOfTheOutput(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"play", "--fast", "--seat", "0", "--log-dir", dir, "--serve", "127.0.0.1:0"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d; stderr %q", code, errb.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, serve.TokenFile))
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(string(b))
	if strings.Contains(out.String()+errb.String(), token) || strings.Contains(out.String(), "█") {
		t.Errorf("the token reached the output:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "the token is in "+filepath.Join(dir, serve.TokenFile)) {
		t.Errorf("the output does not say where the token is:\n%s", out.String())
	}
}
