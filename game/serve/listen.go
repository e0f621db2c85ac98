package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Serve answers on ln until ctx ends, then stops, giving requests under way
// five seconds to finish. It bounds what a client can hold: the time to
// send a request (Options.ReadTimeout, and a few seconds for its headers),
// the size of its headers and body, the time an answer may take to write,
// how long an idle connection is kept, and how many connections one
// client address may have open (Options.ConnsPerClient). Run the server
// (Run) beside it to follow the live table.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: min(5*time.Second, s.opt.ReadTimeout),
		ReadTimeout:       s.opt.ReadTimeout,
		WriteTimeout:      s.opt.WriteTimeout,
		IdleTimeout:       s.opt.IdleTimeout,
		// net/http reads MaxHeaderBytes plus 4 KB of slack before it
		// answers 431: 12 KB here is the 16 KB the README promises.
		MaxHeaderBytes: maxHeaderBytes - 4<<10,
		// Request contexts end with ctx, so the event streams close and
		// Shutdown does not wait on them.
		BaseContext: func(net.Listener) context.Context { return ctx },
		ErrorLog:    slog.NewLogLogger(slog.Default().Handler(), slog.LevelDebug),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(newClientLimit(ln, s.opt.ConnsPerClient)) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	if err != nil {
		return fmt.Errorf("serve: stop: %w", err)
	}
	return nil
}

// clientKey is who a connection comes from, for the per-client limits: its
// IP address, or for IPv6 its /64, since one device may take addresses in
// its network at will.
func clientKey(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		if p, err := ip.Prefix(64); err == nil {
			return p.String()
		}
	}
	return ip.String()
}

// clientLimit is a listener that keeps at most max connections open from
// one client address. One past it is answered with a 503 that says why and
// closed, so a client that opens connections without end (or trickles
// requests on each) cannot use up the Pi's memory and goroutines.
type clientLimit struct {
	net.Listener
	max int

	mu   sync.Mutex
	open map[string]int
	// refusing bounds the refusals being written at once: past it a
	// connection is closed without a word.
	refusing chan struct{}
}

func newClientLimit(ln net.Listener, max int) *clientLimit {
	return &clientLimit{Listener: ln, max: max, open: map[string]int{}, refusing: make(chan struct{}, 16)}
}

// tooManyConns is the answer to a connection past the limit.
const tooManyConns = "this device has too many connections open to the table's page; close some pages and reload\n"

func (l *clientLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr().String())
		l.mu.Lock()
		if l.open[key] >= l.max {
			l.mu.Unlock()
			l.refuse(c, key)
			continue
		}
		l.open[key]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, done: func() { l.release(key) }}, nil
	}
}

func (l *clientLimit) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// refuse answers c with a 503 and closes it, in the background and within
// a few seconds whatever the client does.
func (l *clientLimit) refuse(c net.Conn, key string) {
	select {
	case l.refusing <- struct{}{}:
	default:
		_ = c.Close()
		return
	}
	slog.Debug("serve: too many connections from one client", "client", key, "limit", l.max)
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(2 * time.Second))
		_, err := fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"+
			"Retry-After: 10\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(tooManyConns), tooManyConns)
		if err != nil {
			return
		}
		// Closed with the request unread, the connection would be reset
		// and the answer lost: read what the client sent, for a while.
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			_ = tc.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}()
}

// limitedConn gives its slot back once, when closed.
type limitedConn struct {
	net.Conn
	once sync.Once
	done func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.done)
	return err
}

// maxHeaderBytes is the most a request's headers may weigh.
const maxHeaderBytes = 16 << 10
