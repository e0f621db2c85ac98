package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// browser is headless Chromium driven over the DevTools protocol, with a
// WebSocket client of a hundred lines rather than a Node toolchain: the
// test needs only to navigate, evaluate, and take screenshots.
type browser struct {
	t    *testing.T
	cmd  *exec.Cmd
	conn net.Conn
	r    *bufio.Reader
	id   int
}

// chromiumPath finds Debian's chromium, or skips the test saying how to get
// it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("FALLING_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium: the browser tests need Debian's chromium (apt-get install chromium; .ci/run installs it)")
	return ""
}

// startBrowser launches chromium with a phone-sized window and connects to
// its page.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	exe := chromiumPath(t)
	profile := t.TempDir()
	cmd := exec.Command(exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--user-data-dir="+profile, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
		"--window-size=390,844", "about:blank")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	b := &browser{t: t, cmd: cmd}
	t.Cleanup(func() {
		if b.conn != nil {
			b.conn.Close()
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("chromium said:\n%s", lastLines(stderr.String(), 20))
		}
	})
	// Chromium writes the port it chose into the profile once it listens.
	var port string
	deadline := time.Now().Add(20 * time.Second)
	for port == "" {
		if b, err := os.ReadFile(filepath.Join(profile, "DevToolsActivePort")); err == nil {
			if lines := strings.Split(string(b), "\n"); len(lines) >= 2 {
				port = strings.TrimSpace(lines[0])
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromium did not open its DevTools port within 20 s:\n%s", lastLines(stderr.String(), 20))
		}
		time.Sleep(50 * time.Millisecond)
	}
	resp, err := http.Get("http://127.0.0.1:" + port + "/json/list")
	if err != nil {
		t.Fatalf("list chromium's pages: %v", err)
	}
	var targets []struct{ Type, WebSocketDebuggerURL string }
	err = json.NewDecoder(resp.Body).Decode(&targets)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("list chromium's pages: %v", err)
	}
	var ws string
	for _, tg := range targets {
		if tg.Type == "page" {
			ws = tg.WebSocketDebuggerURL
			break
		}
	}
	if ws == "" {
		t.Fatalf("chromium has no page: %+v", targets)
	}
	if err := b.dial(ws); err != nil {
		t.Fatalf("connect to chromium: %v", err)
	}
	b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true})
	b.call("Page.enable", nil)
	return b
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// dial opens the WebSocket (RFC 6455, client side). Chromium accepts a
// connection without an Origin header.
func (b *browser) dial(wsURL string) error {
	u, err := url.Parse(wsURL)
	if err != nil {
		return err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return err
	}
	var key [16]byte
	if _, err := rand.Read(key[:]); err != nil {
		return err
	}
	k := base64.StdEncoding.EncodeToString(key[:])
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", u.RequestURI(), u.Host, k)
	r := bufio.NewReaderSize(conn, 1<<16)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		conn.Close()
		return err
	}
	sum := sha1.Sum([]byte(k + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.StatusCode != http.StatusSwitchingProtocols || resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		conn.Close()
		return fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	b.conn, b.r = conn, r
	return nil
}

// writeText sends one masked text frame, as a client must.
func (b *browser) writeText(p []byte) error {
	hdr := []byte{0x81}
	switch n := len(p); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var mask [4]byte
	if _, err := rand.Read(mask[:]); err != nil {
		return err
	}
	hdr = append(hdr, mask[:]...)
	body := make([]byte, len(p))
	for i := range p {
		body[i] = p[i] ^ mask[i%4]
	}
	_, err := b.conn.Write(append(hdr, body...))
	return err
}

// readMessage reads one whole message, joining fragments and answering
// pings.
func (b *browser) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(b.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var e [2]byte
			if _, err := io.ReadFull(b.r, e[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(e[:]))
		case 127:
			var e [8]byte
			if _, err := io.ReadFull(b.r, e[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(e[:])
		}
		if n > 64<<20 {
			return nil, fmt.Errorf("websocket frame of %d bytes", n)
		}
		p := make([]byte, n)
		if _, err := io.ReadFull(b.r, p); err != nil {
			return nil, err
		}
		switch op {
		case 0x8:
			return nil, errors.New("chromium closed the connection")
		case 0x9: // ping: chromium does not send them, but answer if it does
			continue
		case 0xA:
			continue
		}
		msg = append(msg, p...)
		if fin {
			return msg, nil
		}
	}
}

// call sends a command and waits for its answer, skipping events.
func (b *browser) call(method string, params any) json.RawMessage {
	b.t.Helper()
	res, err := b.tryCall(method, params)
	if err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
	return res
}

func (b *browser) tryCall(method string, params any) (json.RawMessage, error) {
	b.id++
	id := b.id
	req, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := b.conn.SetDeadline(time.Now().Add(30 * time.Second)); err != nil {
		return nil, err
	}
	if err := b.writeText(req); err != nil {
		return nil, err
	}
	for {
		m, err := b.readMessage()
		if err != nil {
			return nil, err
		}
		var resp struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(m, &resp); err != nil {
			return nil, err
		}
		if resp.ID != id {
			continue
		}
		if resp.Error != nil {
			return nil, errors.New(resp.Error.Message)
		}
		return resp.Result, nil
	}
}

// eval runs expression in the page (awaiting a promise) and decodes its
// value into out.
func (b *browser) eval(expression string, out any) {
	b.t.Helper()
	if err := b.tryEval(expression, out); err != nil {
		b.t.Fatalf("evaluate %s: %v", expression, err)
	}
}

func (b *browser) tryEval(expression string, out any) error {
	res, err := b.tryCall("Runtime.evaluate", map[string]any{"expression": expression, "awaitPromise": true, "returnByValue": true})
	if err != nil {
		return err
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("%s %s", r.Exception.Text, r.Exception.Exception.Description)
	}
	if out == nil {
		return nil
	}
	if len(r.Result.Value) == 0 {
		return errors.New("no value")
	}
	return json.Unmarshal(r.Result.Value, out)
}

// waitFor polls a boolean expression until it holds.
func (b *browser) waitFor(what, expression string, timeout time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var lastErr error
	for {
		var ok bool
		if lastErr = b.tryEval("Boolean("+expression+")", &ok); lastErr == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			var text string
			_ = b.tryEval("document.body ? document.body.innerText.slice(0, 600) : ''", &text)
			b.t.Fatalf("%s: not within %v (last error %v); the page says:\n%s", what, timeout, lastErr, text)
		case <-time.After(40 * time.Millisecond):
		}
	}
}

// navigate opens url and waits for the page to load.
func (b *browser) navigate(u string) {
	b.t.Helper()
	b.call("Page.navigate", map[string]any{"url": u})
	b.waitFor("load "+u, "document.readyState === 'complete' && location.href !== 'about:blank'", 10*time.Second)
}

// screenshot saves a PNG of the viewport and returns its bytes.
func (b *browser) screenshot(path string) []byte {
	b.t.Helper()
	res := b.call("Page.captureScreenshot", map[string]any{"format": "png"})
	var r struct {
		Data string `json:"data"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		b.t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	return png
}
