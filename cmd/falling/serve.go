package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/falling-table/falling/game/serve"
	"github.com/spf13/pflag"
)

func serveCommand() command {
	return command{
		use:   "serve",
		short: "the referee's web page on the LAN: the live table and every past hand",
		long: "serve shows the night's hands on a web page anyone on the LAN can read; the\n" +
			"controls need the token it writes to " + serve.TokenFile + " in the log folder,\n" +
			"readable by its owner only. On a terminal (or with --show-token) it also prints\n" +
			"the token as a link and a QR code; never into a log such as the journal.",
		example: "  falling serve --log-dir /var/lib/falling --listen :8080",
		flags:   serveFlags,
	}
}

func serveFlags(fs *pflag.FlagSet) runner {
	listen := fs.String("listen", ":8080", "address to serve the referee's page on (host:port; no host: every interface)")
	logDir := fs.String("log-dir", "", "the night's log folder (required)")
	show := fs.Bool("show-token", false, "print the control token's link and QR code even when the output is not a terminal (a log)")
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
		if len(args) > 0 {
			fmt.Fprintf(stderr, "falling serve: unexpected argument %q\n", args[0])
			return 2
		}
		if *logDir == "" {
			fmt.Fprintln(stderr, "falling serve: --log-dir is required: the folder falling play logs the night's hands in")
			return 2
		}
		if err := notAFolder(*logDir); err != nil {
			fmt.Fprintf(stderr, "falling serve: --log-dir %s is not a folder of hand logs: %v\n", *logDir, err)
			return 1
		}
		web, err := startServe(ctx, *listen, *logDir, nil, stdout, *show || isTerminal(stdout))
		if err != nil {
			fmt.Fprintf(stderr, "falling serve: %v\n", err)
			return 1
		}
		<-ctx.Done()
		if err := web.Stop(); err != nil {
			fmt.Fprintf(stderr, "falling serve: %v\n", err)
			return 1
		}
		return 0
	}
}

// webServer is the referee's page running in the background.
type webServer struct {
	URL       string // the address to open, with the host a phone on the LAN can reach
	Token     string
	TokenFile string // where the token is kept, readable by its owner only
	stop      context.CancelFunc
	done      chan error
}

// startServe serves the referee's page on addr for the night in logDir,
// with live the table running in this process (nil for none). It writes the
// control token to a file in logDir that only its owner can read, and tells
// out the page's address and where the token is; with show (a person at a
// terminal, or asked for) the token's link and QR code too. Under systemd
// out is the journal, which every member of the adm and systemd-journal
// groups reads: the token stays out of it. falling play --serve calls it
// with the dealer as live.
func startServe(ctx context.Context, addr, logDir string, live serve.Live, out io.Writer, show bool) (*webServer, error) {
	token, err := serve.NewToken()
	if err != nil {
		return nil, err
	}
	s, err := serve.New(serve.Options{LogDir: logDir, Token: token, Live: live})
	if err != nil {
		return nil, err
	}
	tokenFile, err := serve.WriteToken(logDir, token)
	if err != nil && !show {
		return nil, fmt.Errorf("%w (or run with --show-token to print it instead)", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	ctx, stop := context.WithCancel(ctx)
	w := &webServer{URL: "http://" + reachable(ln.Addr()) + "/", Token: token, TokenFile: tokenFile, stop: stop, done: make(chan error, 1)}
	ran := make(chan struct{})
	go func() { s.Run(ctx); close(ran) }()
	go func() {
		err := s.Serve(ctx, ln)
		<-ran
		w.done <- err
	}()
	link := w.URL + "?token=" + token
	// The banner goes out in one write, so whoever reads the link (a
	// test, a log) finds the QR code with it.
	var b strings.Builder
	fmt.Fprintf(&b, "The referee's page: %s (%s can read it)\n", w.URL, readers(ln.Addr()))
	if tokenFile != "" {
		fmt.Fprintf(&b, "Controls: the token is in %s (only its owner can read it): open %s?token=TOKEN with it\n", tokenFile, w.URL)
	}
	if err != nil {
		fmt.Fprintf(&b, "(the token is not kept in a file: %v)\n", err)
	}
	if show {
		fmt.Fprintf(&b, "Controls: scan the code, or open %s\n", link)
		if qr, err := serve.QRText(link); err != nil {
			fmt.Fprintf(&b, "(no QR code: %v)\n", err)
		} else {
			b.WriteString(qr)
		}
	}
	if _, err := io.WriteString(out, b.String()); err != nil {
		// The page runs; only its address was not shown.
		fmt.Fprintf(os.Stderr, "falling serve: show the page's address: %v\n", err)
	}
	return w, nil
}

// readers says who can open a page listening on a: only this machine on
// loopback, anyone on the LAN otherwise.
func readers(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		return "only this machine"
	}
	return "anyone on the LAN"
}

// Stop closes the page, giving requests under way up to five seconds.
func (w *webServer) Stop() error {
	w.stop()
	if err := <-w.done; err != nil {
		return fmt.Errorf("stop the referee's page: %w", err)
	}
	return nil
}

// reachable is the listening address as a phone on the LAN would type it:
// a wildcard host is replaced by this machine's first non-loopback IPv4
// address, falling back to loopback when it has none.
func reachable(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok || !ta.IP.IsUnspecified() {
		return a.String()
	}
	host := "127.0.0.1"
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, ad := range addrs {
			if n, ok := ad.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
				host = n.IP.String()
				break
			}
		}
	}
	return net.JoinHostPort(host, fmt.Sprint(ta.Port))
}
