package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// streamTable is a live table whose snapshots a test pushes, as large as
// it likes: it tests the page's transport, not the table.
type streamTable struct {
	mu   sync.Mutex
	subs []chan Snapshot
	cur  Snapshot
}

func (p *streamTable) Subscribe(ctx context.Context) <-chan Snapshot {
	ch := make(chan Snapshot, 1)
	p.mu.Lock()
	ch <- p.cur
	p.subs = append(p.subs, ch)
	p.mu.Unlock()
	go func() {
		<-ctx.Done()
		p.mu.Lock()
		defer p.mu.Unlock()
		for i, c := range p.subs {
			if c == ch {
				p.subs = append(p.subs[:i], p.subs[i+1:]...)
				close(ch)
			}
		}
	}()
	return ch
}

func (p *streamTable) push(s Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur = s
	for _, c := range p.subs {
		select {
		case <-c:
		default:
		}
		c <- s
	}
}

func (p *streamTable) Control(hw.Control) error { return nil }
func (p *streamTable) Correct(string) error     { return nil }

// liveServer runs a server following a streamTable on a real loopback
// listener, as falling serve does, and returns its address.
func liveServer(t *testing.T, opt Options) (string, *Server, *streamTable) {
	t.Helper()
	live := &streamTable{cur: Snapshot{Seq: 1, Hand: "0001"}}
	opt.Token, opt.Live = testToken, live
	if opt.LogDir == "" {
		opt.LogDir = t.TempDir()
	}
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ran, served := make(chan struct{}), make(chan error, 1)
	go func() { s.Run(ctx); close(ran) }()
	go func() { served <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-ran
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, ok := s.hub.current(); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server never saw the table's first snapshot")
		}
		time.Sleep(5 * time.Millisecond)
	}
	return ln.Addr().String(), s, live
}

// dialFrom connects to addr from the loopback address ip, so one test can
// be several devices on the LAN (127.0.0.0/8 is all this machine's).
func dialFrom(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 2 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// openStream asks for the event stream on a raw connection from ip and
// reads only the answer's status and headers: a 200 stream is then left
// unread, as by a client that never reads. A refusal's body is returned.
func openStream(t *testing.T, ip, addr string, header string) (net.Conn, int, string) {
	t.Helper()
	c := dialFrom(t, ip, addr)
	if _, err := fmt.Fprintf(c, "GET /events HTTP/1.1\r\nHost: %s\r\n%s\r\n", addr, header); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("stream from %s: %v", ip, err)
	}
	_ = c.SetReadDeadline(time.Time{})
	if resp.StatusCode == http.StatusOK {
		return c, resp.StatusCode, ""
	}
	b, _ := io.ReadAll(resp.Body)
	return c, resp.StatusCode, string(b)
}

func (h *hub) count() (readers, referees int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		if c.referee {
			referees++
		} else {
			readers++
		}
	}
	return readers, referees
}

// One LAN client opening streams it never reads cannot lock the other
// pages out: it gets its few, the next device gets in, and once every
// reader's slot is taken the referee still gets the table, a newer
// referee page taking the place of the oldest.
func TestStreamsPerClient(t *testing.T) {
	addr, s, _ := liveServer(t, Options{MaxClients: 5, StreamsPerClient: 2, RefereeStreams: 1})
	const greedy, other, third, fourth = "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"
	for i := range 6 {
		_, code, body := openStream(t, greedy, addr, "")
		switch {
		case i < 2 && code != http.StatusOK:
			t.Fatalf("stream %d from one device: %d %q, want 200", i+1, code, body)
		case i >= 2 && (code != http.StatusServiceUnavailable || !strings.Contains(body, "this device already follows the table")):
			t.Fatalf("stream %d from one device: %d %q, want 503 naming the device's limit", i+1, code, body)
		}
	}
	if _, code, body := openStream(t, other, addr, ""); code != http.StatusOK {
		t.Fatalf("another device after the greedy one: %d %q, want 200", code, body)
	}
	openStream(t, third, addr, "")
	openStream(t, third, addr, "")
	if r, _ := s.hub.count(); r != 5 {
		t.Fatalf("%d readers following, want every slot (5) taken", r)
	}
	if _, code, body := openStream(t, fourth, addr, ""); code != http.StatusServiceUnavailable || !strings.Contains(body, "too many pages") {
		t.Fatalf("a reader past every slot: %d %q, want 503", code, body)
	}
	// The referee, even from the greedy device's address.
	first, code, body := openStream(t, greedy, addr, TokenHeader+": "+testToken+"\r\n")
	if code != http.StatusOK {
		t.Fatalf("the referee with every reader's slot taken: %d %q, want 200", code, body)
	}
	if _, code, body := openStream(t, fourth, addr, "Cookie: "+TokenCookie+"="+testToken+"\r\n"); code != http.StatusOK {
		t.Fatalf("the referee's second page: %d %q, want 200", code, body)
	}
	// The first referee page gave way: told so, then closed.
	_ = first.SetReadDeadline(time.Now().Add(3 * time.Second))
	var rest []byte
	buf := make([]byte, 512)
	for !strings.Contains(string(rest), "event: replaced") || !strings.HasSuffix(string(rest), "0\r\n\r\n") {
		n, err := first.Read(buf)
		rest = append(rest, buf[:n]...)
		if err != nil {
			t.Fatalf("the referee's older page read %q (%v), want event: replaced and the stream's end", rest, err)
		}
	}
	if r, ref := s.hub.count(); r != 5 || ref != 1 {
		t.Errorf("%d readers and %d referee pages following, want 5 and 1", r, ref)
	}
}

// A page that stops reading is dropped once a write waits WriteWait, and
// its slot is free again: it does not hold a slot and a goroutine for ever.
func TestStalledStreamIsDropped(t *testing.T) {
	addr, s, live := liveServer(t, Options{StreamsPerClient: 1, WriteWait: 200 * time.Millisecond})
	// A small receive window, so the server's writes block soon.
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}, Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /events HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the stream: %v %v", resp, err)
	}
	// Never read again; the table changes fast, with large snapshots.
	note := strings.Repeat("n", 64<<10)
	start := time.Now()
	for seq := uint64(2); ; seq++ {
		if r, _ := s.hub.count(); r == 0 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("a page that stopped reading still holds its slot after 10 s")
		}
		live.push(Snapshot{Seq: seq, Notes: []string{note}})
		time.Sleep(2 * time.Millisecond)
	}
	t.Logf("the stalled page was dropped %v after the table started changing", time.Since(start).Round(time.Millisecond))
	if _, code, body := openStream(t, "127.0.0.2", addr, ""); code != http.StatusOK {
		t.Errorf("the same device after its stalled page was dropped: %d %q, want its slot back", code, body)
	}
}

// A stream that is read lives past ReadTimeout: the timeout is for the
// request, not for the page that follows the table all night. (net/http
// lifts the read deadline once a request without a body is read; this
// holds it to that.)
func TestStreamOutlivesReadTimeout(t *testing.T) {
	addr, _, live := liveServer(t, Options{ReadTimeout: 200 * time.Millisecond})
	c, code, body := openStream(t, "127.0.0.2", addr, "")
	if code != http.StatusOK {
		t.Fatalf("stream: %d %q", code, body)
	}
	time.Sleep(600 * time.Millisecond)
	live.push(Snapshot{Seq: 7, Hand: "0007"})
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	var got strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(got.String(), `"seq":7`) {
		n, err := c.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			t.Fatalf("the stream ended past ReadTimeout: %v; read %q", err, got.String())
		}
	}
}

// A request trickled in (headers or a body a byte at a time) is cut at
// ReadTimeout, and one client's connections past ConnsPerClient are
// refused at once with a 503 saying why: trickling clients hold neither
// connections nor goroutines for long.
func TestTrickledRequestsAreCut(t *testing.T) {
	const readTimeout = 300 * time.Millisecond
	addr, _, _ := liveServer(t, Options{ReadTimeout: readTimeout, ConnsPerClient: 4})
	body := "POST /api/correction HTTP/1.1\r\nHost: x\r\n" + TokenHeader + ": " + testToken +
		"\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
	heads := "GET / HTTP/1.1\r\nHost: x\r\n"
	type result struct {
		took time.Duration
		got  string
	}
	const conns = 10
	results := make(chan result, conns)
	stop := make(chan struct{})
	defer close(stop)
	before := runtime.NumGoroutine()
	start := time.Now()
	for i := range conns {
		first, more := body, " "
		if i%2 == 1 {
			first, more = heads, "X-Slow: 1\r\n"
		}
		c := dialFrom(t, "127.0.0.2", addr)
		if _, err := io.WriteString(c, first); err != nil {
			t.Fatal(err)
		}
		go func() { // the trickle: a little every 50 ms, until the test ends
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if _, err := io.WriteString(c, more); err != nil {
						return
					}
				}
			}
		}()
		go func() {
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			b, _ := io.ReadAll(c) // until the server closes it, or 5 s
			results <- result{time.Since(start), string(b)}
		}()
	}
	refused := 0
	for range conns {
		r := <-results
		if r.took > readTimeout+time.Second {
			t.Errorf("a trickling connection was held %v, want it closed within ReadTimeout (%v) and a second", r.took, readTimeout)
		}
		if strings.Contains(r.got, "503") && strings.Contains(r.got, "too many connections") {
			refused++
		}
	}
	if refused != conns-4 {
		t.Errorf("%d connections refused, want the %d past the client's 4", refused, conns-4)
	}
	// The server's goroutines for them are gone too, a refusal's within
	// the 2 s it reads for; the test's own tricklers end when their next
	// write fails.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines, %d before the trickling clients came", runtime.NumGoroutine(), before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// /api/night and the page show a reader without the token the night's
// files by name, never where the log folder is on the table's disk; the
// referee sees the paths.
func TestPathsOnlyForTheToken(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hand-0001.fall"), []byte("not a log"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{LogDir: dir, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	get := func(path string, token bool) string {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		if token {
			req.Header.Set(TokenHeader, testToken)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	night := get("/api/night", false)
	var n struct {
		Hands []handLink `json:"hands"`
	}
	if err := json.Unmarshal([]byte(night), &n); err != nil || len(n.Hands) != 1 {
		t.Fatalf("/api/night: %q (%v)", night, err)
	}
	for _, path := range []string{"/api/night", "/"} {
		b := get(path, false)
		if strings.Contains(b, dir) || strings.Contains(b, os.TempDir()) {
			t.Errorf("%s shows a reader without the token the server's paths:\n%s", path, b)
		}
		if !strings.Contains(b, "hand-0001.fall") {
			t.Errorf("%s no longer names the hand file hand-0001.fall to a reader:\n%s", path, b)
		}
		if b := get(path, true); !strings.Contains(b, dir) {
			t.Errorf("%s hides the log folder's path from the referee too:\n%s", path, b)
		}
	}
}

func TestRedactor(t *testing.T) {
	p := newRedactor("/var/lib/falling")
	for _, tc := range []struct{ in, want string }{
		{"read hand /var/lib/falling/hand-0003.fall: not a FALLING log", "read hand hand-0003.fall: not a FALLING log"},
		{"no night.idx in /var/lib/falling: hands found by file name", "no night.idx in the log folder: hands found by file name"},
		{"read the log folder: open /var/lib/falling: permission denied", "read the log folder: open the log folder: permission denied"},
		{`open "/etc/falling/table.yaml": no such file`, `open "(a path on the table)": no such file`},
		{"/var/lib/falling-old/x.fall is odd", "(a path on the table) is odd"},
		{"tempo 60 cards/min, 3/4 of the deck", "tempo 60 cards/min, 3/4 of the deck"},
		{"hand-0002.fall is not in the night index", "hand-0002.fall is not in the night index"},
	} {
		if got := p.text(tc.in); got != tc.want {
			t.Errorf("%q\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// The live table's last words go to every page without the table's paths:
// a failing log names its file by name only.
func TestLiveWordsWithoutPaths(t *testing.T) {
	dir := t.TempDir()
	_, s, live := liveServer(t, Options{LogDir: dir})
	failed := "write " + filepath.Join(dir, "hand-0001.fall") + ": no space left on device"
	live.push(Snapshot{Seq: 2, Last: "dealer: play log: " + failed, Log: "PLAY LOG DEAD: " + failed,
		Notes: []string{"seen " + filepath.Join(dir, "hand-0001.fall")}})
	deadline := time.Now().Add(5 * time.Second)
	for {
		if f, ok := s.hub.current(); ok && f.seq == 2 {
			var got Snapshot
			if err := json.Unmarshal(f.data, &got); err != nil {
				t.Fatal(err)
			}
			if got.Last != "dealer: play log: write hand-0001.fall: no space left on device" {
				t.Errorf("the page is told %q", got.Last)
			}
			// The log's trouble names the file that failed, as Last does.
			if got.Log != "PLAY LOG DEAD: write hand-0001.fall: no space left on device" || got.Notes[0] != "seen hand-0001.fall" {
				t.Errorf("the page is told the log %q and the notes %q", got.Log, got.Notes)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the snapshot never reached the pages")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A hand's page and its JSON are drawn once for every reader: a problem
// reading the hand names its file, not where the log folder is.
func TestHandPageWithoutPaths(t *testing.T) {
	dir := "/var/lib/falling"
	nh := &playlog.NightHand{ID: "0001", File: "hand-0001.fall", Hand: &playlog.Hand{ID: "0001",
		Problems: []string{"reading stopped after entry 7: read log " + dir + "/hand-0001.fall: input/output error"}}}
	p, err := viewHand(nh, newRedactor(dir))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(p.html), dir) || strings.Contains(strings.Join(p.sum.Problems, "\n"), dir) {
		t.Errorf("the hand's page shows the log folder's path: %q", p.sum.Problems)
	}
	if !strings.Contains(strings.Join(p.sum.Problems, "\n"), "read log hand-0001.fall: input/output error") {
		t.Errorf("the hand's problems lost their words: %q", p.sum.Problems)
	}
	if !strings.Contains(nh.Hand.Problems[0], dir) {
		t.Error("drawing the page changed the hand it was drawn from")
	}
}

// Headers are bounded ("at most 16 KB", README): one byte under is served,
// well past it is answered 431, and net/http's own slack does not stretch
// the bound.
func TestHeaderLimit(t *testing.T) {
	addr, _, _ := liveServer(t, Options{})
	for _, c := range []struct {
		size int
		want int
	}{{1 << 10, 200}, {maxHeaderBytes - 200, 200}, {maxHeaderBytes + 1<<10, 431}, {maxHeaderBytes + 4<<10, 431}} {
		conn := dialFrom(t, "127.0.0.3", addr)
		head := "GET / HTTP/1.1\r\nHost: x\r\n"
		pad := c.size - len(head) - len("X-Pad: \r\n\r\n")
		req := head + "X-Pad: " + strings.Repeat("a", pad) + "\r\n\r\n"
		if _, err := io.WriteString(conn, req); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%d bytes of headers: %v", c.size, err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%d bytes of headers: %d, want %d", c.size, resp.StatusCode, c.want)
		}
	}
}
