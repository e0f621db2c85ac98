// Package serve is the referee's web page on the LAN (falling serve): the
// live table, pushed to every open page by server-sent events within
// milliseconds of a change; every past hand of the night with its timeline
// and disputes; and the night's scoreboard. Anyone on the LAN may read it.
// Controls (pause, resume, dispute, confirm, the winner of a hand the lights
// lost, a referee's correction) need the token
// the Pi shows on its screen and as a QR code: a visit to /?token=… keeps it
// in a cookie.
//
// Nothing is read from disk but the night in the log folder, through
// playlog, and a hand is found only by its id among the night's hands.
package serve

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Options configure a Server.
type Options struct {
	// LogDir is the night's log folder.
	LogDir string
	// Token is the control token; NewToken makes one. It may not be empty:
	// a page without controls still needs a token nobody has.
	Token string
	// Live is the table running in this process, or nil.
	Live Live
	// MaxClients bounds the pages without the token following the live
	// table at once (default 64): each holds a connection open, and a Pi
	// Zero has 512 MB.
	MaxClients int
	// StreamsPerClient bounds the pages one client address follows the
	// table with (default 4), so one device cannot take every slot.
	StreamsPerClient int
	// RefereeStreams are the pages with the token that follow the table
	// beside MaxClients (default 2): the referee is never locked out, and
	// past this the referee's oldest page gives way to the newest.
	RefereeStreams int
	// ConnsPerClient bounds the connections open from one client address
	// (default 16); past it a connection is answered 503 and closed.
	ConnsPerClient int
	// Heartbeat is how often an idle event stream sends a comment so proxies
	// and phones that sleep notice a dead connection (default 15 s).
	Heartbeat time.Duration
	// WriteWait bounds each write to an event stream (default 10 s): a page
	// that stops reading is dropped and its slot freed.
	WriteWait time.Duration
	// ReadTimeout bounds reading a whole request, body included (default
	// 10 s), so a client that trickles its request holds nothing for long.
	ReadTimeout time.Duration
	// WriteTimeout bounds writing an answer other than the event stream
	// (default 30 s).
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection with no request (default
	// 60 s).
	IdleTimeout time.Duration
}

// Server serves the referee's page.
type Server struct {
	opt   Options
	night *nightCache
	hub   *hub
	pages *template.Template
	mux   *http.ServeMux
	paths redactor
	// ctlMu makes a page's pause and resume, which are one toggling panel
	// control underneath, decide on the state they see.
	ctlMu sync.Mutex
}

// maxBody bounds a control request's body: a correction is a sentence.
const maxBody = 4 << 10

// maxNote bounds a correction's note, in characters.
const maxNote = 500

// New makes a server; Run it to follow the live table.
func New(opt Options) (*Server, error) {
	if err := checkToken(opt.Token); err != nil {
		return nil, fmt.Errorf("serve: %w", err)
	}
	if opt.LogDir == "" {
		return nil, errors.New("serve: no log folder given")
	}
	for _, d := range []struct {
		v   *int
		def int
	}{{&opt.MaxClients, 64}, {&opt.StreamsPerClient, 4}, {&opt.RefereeStreams, 2}, {&opt.ConnsPerClient, 16}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&opt.Heartbeat, 15 * time.Second}, {&opt.WriteWait, 10 * time.Second}, {&opt.ReadTimeout, 10 * time.Second},
		{&opt.WriteTimeout, 30 * time.Second}, {&opt.IdleTimeout, time.Minute}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	pages, err := template.New("").Funcs(template.FuncMap{
		"pathEscape": url.PathEscape,
		"clock":      func(t time.Time) string { return t.Local().Format("15:04:05") },
	}).ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("serve: parse pages: %w", err)
	}
	paths := newRedactor(opt.LogDir)
	s := &Server{opt: opt, night: &nightCache{dir: opt.LogDir, paths: paths},
		hub:   newHub(hubLimits{readers: opt.MaxClients, perClient: opt.StreamsPerClient, referee: opt.RefereeStreams}),
		pages: pages, paths: paths}
	if opt.Live == nil {
		s.hub.closed = true
	}
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, fmt.Errorf("serve: static files: %w", err)
	}
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.index)
	m.HandleFunc("GET /hands/{id}", s.handPage)
	m.HandleFunc("GET /api/live", s.liveJSON)
	m.HandleFunc("GET /api/night", s.nightJSON)
	m.HandleFunc("GET /api/hands/{id}", s.handJSON)
	m.HandleFunc("GET /events", s.events)
	m.HandleFunc("POST /api/control/{what}", s.control)
	m.HandleFunc("POST /api/correction", s.correction)
	// Without these the catch-all below would answer 404 to a control
	// sent with the wrong method.
	for _, p := range []string{"/api/control/{what}", "/api/correction"} {
		m.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", "POST")
			fail(w, r, http.StatusMethodNotAllowed, "controls are POST requests")
		})
	}
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, r, http.StatusNotFound, "no such page: "+r.URL.Path)
	})
	s.mux = m
	return s, nil
}

// Run follows the live table until ctx ends; without one it returns at
// once.
func (s *Server) Run(ctx context.Context) {
	if s.opt.Live != nil {
		s.hub.run(ctx, s.opt.Live, s.paths)
	}
}

// ServeHTTP sets the headers every answer carries, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Self-contained pages: nothing is loaded from elsewhere, and no inline
	// script can run if a card ID or a note ever slipped through escaping.
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'")
	h.Set("X-Content-Type-Options", "nosniff")
	// The QR link carries the token in its query: never pass it on.
	h.Set("Referrer-Policy", "no-referrer")
	// No request here needs more than a correction's note: a larger body
	// is refused as it is read, whatever the handler.
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	s.mux.ServeHTTP(w, r)
}

// apiError is every refusal's JSON body.
type apiError struct {
	Error string `json:"error"`
}

// fail answers with a clear message: JSON to scripts and the page's own
// requests, plain text to a browser's address bar.
func fail(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") || strings.Contains(r.Header.Get("Accept"), "application/json") {
		writeJSON(w, code, apiError{Error: msg})
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	fmt.Fprintln(w, msg)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.Debug("serve: write answer", "err", err)
	}
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, data any) {
	var b strings.Builder
	if err := s.pages.ExecuteTemplate(&b, name, data); err != nil {
		slog.Error("serve: render page", "page", name, "err", err)
		fail(w, r, http.StatusInternalServerError, "the page could not be drawn: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if _, err := io.WriteString(w, b.String()); err != nil {
		slog.Debug("serve: write page", "err", err)
	}
}

// authorized says whether a control request carries the token, and refuses
// it with a 401 if not.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if !tokenOK(s.opt.Token, requestToken(r)) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="falling"`)
		fail(w, r, http.StatusUnauthorized, "controls need the token shown on the table's screen: scan its QR code, or send it in the "+TokenHeader+" header")
		return false
	}
	// The cookie would ride along on a cross-site form post; SameSite stops
	// that in today's browsers, and this stops it in the others.
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != r.Host {
			fail(w, r, http.StatusForbidden, "control requests must come from this page, not from "+o)
			return false
		}
	}
	return true
}

// controlled reports whether the page was opened with the token, to show
// its controls.
func (s *Server) controlled(r *http.Request) bool { return tokenOK(s.opt.Token, requestToken(r)) }

type indexData struct {
	Control  bool
	Live     bool
	Problems []string
	Hands    []handLink
	Scores   any
	Err      string
}

type handLink struct {
	ID     string    `json:"id"`
	File   string    `json:"file"`
	Start  time.Time `json:"start"`
	Ended  bool      `json:"ended"`
	Winner int       `json:"winner"` // seat, 0 if none or unknown
	Err    string    `json:"error,omitempty"`
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	if t := r.URL.Query().Get("token"); t != "" {
		if !tokenOK(s.opt.Token, t) {
			fail(w, r, http.StatusUnauthorized, "this token is not the one on the table's screen: scan the QR code again")
			return
		}
		// The token goes into a cookie and out of the address bar, so it
		// is neither bookmarked nor shown over the referee's shoulder.
		http.SetCookie(w, &http.Cookie{Name: TokenCookie, Value: t, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode, MaxAge: 24 * 3600})
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	d := indexData{Control: s.controlled(r), Live: s.opt.Live != nil}
	n, err := s.night.get()
	if err != nil {
		d.Err = s.shown(r, err.Error())
	} else {
		d.Hands, d.Problems = s.hands(r, n)
		d.Scores = n.Scores
	}
	s.render(w, r, "index.html", d)
}

func (s *Server) handPage(w http.ResponseWriter, r *http.Request) {
	p, ok := s.handView(w, r)
	if !ok {
		return
	}
	// The review's page carries its own style and one script inline: the
	// script is allowed by its hash, so nothing else inline could run.
	sum := sha256.Sum256([]byte(p.script))
	w.Header().Set("Content-Security-Policy", fmt.Sprintf("default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-%s'; frame-ancestors 'none'",
		base64.StdEncoding.EncodeToString(sum[:])))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if _, err := w.Write(p.html); err != nil {
		slog.Debug("serve: write hand page", "err", err)
	}
}

func (s *Server) handJSON(w http.ResponseWriter, r *http.Request) {
	p, ok := s.handView(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, p.sum)
}

func (s *Server) handView(w http.ResponseWriter, r *http.Request) (*handPage, bool) {
	id := r.PathValue("id")
	v, err := s.night.hand(id)
	switch {
	case errors.Is(err, errNoHand):
		fail(w, r, http.StatusNotFound, fmt.Sprintf("no hand %q tonight: the list on the main page has them all", id))
		return nil, false
	case err != nil:
		fail(w, r, http.StatusInternalServerError, s.shown(r, err.Error()))
		return nil, false
	}
	return v, true
}

func (s *Server) nightJSON(w http.ResponseWriter, r *http.Request) {
	n, err := s.night.get()
	if err != nil {
		fail(w, r, http.StatusInternalServerError, s.shown(r, err.Error()))
		return
	}
	out := struct {
		Hands    []handLink `json:"hands"`
		Scores   any        `json:"scores"`
		Problems []string   `json:"problems,omitempty"`
	}{Scores: n.Scores}
	out.Hands, out.Problems = s.hands(r, n)
	writeJSON(w, http.StatusOK, out)
}

// hands lists the night's hands and problems as r may see them.
func (s *Server) hands(r *http.Request, n *playlog.Night) ([]handLink, []string) {
	var links []handLink
	for _, h := range n.Hands {
		l := handLink{ID: h.ID, File: s.shown(r, h.File), Start: h.Start, Ended: h.Ended, Winner: h.Winner}
		if h.Err != nil {
			l.Err = s.shown(r, h.Err.Error())
		}
		links = append(links, l)
	}
	if s.controlled(r) {
		return links, n.Problems
	}
	return links, s.paths.all(n.Problems)
}

// shown is msg as r may see it: whole for the token holder, without the
// table's paths for anyone else.
func (s *Server) shown(r *http.Request, msg string) string {
	if s.controlled(r) {
		return msg
	}
	return s.paths.text(msg)
}

func (s *Server) liveJSON(w http.ResponseWriter, r *http.Request) {
	f, ok := s.hub.current()
	if !ok {
		fail(w, r, http.StatusNotFound, ErrNoTable.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if _, err := w.Write(f.data); err != nil {
		slog.Debug("serve: write snapshot", "err", err)
	}
}

// events streams snapshots as server-sent events: each is the whole table,
// so a page that missed some is right again at the next.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	c, err := s.hub.join(clientKey(r.RemoteAddr), s.controlled(r))
	switch {
	case errors.Is(err, ErrNoTable):
		fail(w, r, http.StatusNotFound, err.Error())
		return
	case err != nil:
		w.Header().Set("Retry-After", "10")
		fail(w, r, http.StatusServiceUnavailable, err.Error())
		return
	}
	defer s.hub.leave(c)
	rc := http.NewResponseController(w)
	// send writes one message within WriteWait, so a page that stopped
	// reading (a phone asleep, a client that never reads) is dropped and
	// frees its slot instead of holding it and a goroutine for ever.
	send := func(msg string) error {
		if err := rc.SetWriteDeadline(time.Now().Add(s.opt.WriteWait)); err != nil {
			return err
		}
		if _, err := io.WriteString(w, msg); err != nil {
			return err
		}
		return rc.Flush()
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The first comment gets the headers out before the first snapshot.
	if err := send(": falling\nretry: 1000\n\n"); err != nil {
		slog.Debug("serve: event stream", "from", r.RemoteAddr, "err", err)
		return
	}
	beat := time.NewTicker(s.opt.Heartbeat)
	defer beat.Stop()
	for {
		var msg string
		select {
		case <-r.Context().Done():
			return
		case <-c.gone:
			// The referee opened the table in a newer page.
			_ = send("event: replaced\ndata: {}\n\n") // the stream ends either way
			return
		case f, ok := <-c.ch:
			if !ok {
				// The table stopped: say so, so the page stops waiting.
				_ = send("event: gone\ndata: {}\n\n") // the stream ends either way
				return
			}
			msg = fmt.Sprintf("id: %d\nevent: table\ndata: %s\n\n", f.seq, f.data)
		case <-beat.C:
			msg = ": beat\n\n"
		}
		if err := send(msg); err != nil {
			slog.Debug("serve: event stream dropped", "from", r.RemoteAddr, "err", err)
			return
		}
	}
}

// controlResult is what a control request answers.
type controlResult struct {
	Done string `json:"done"`
}

func (s *Server) control(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	if s.opt.Live == nil {
		fail(w, r, http.StatusConflict, ErrNoTable.Error())
		return
	}
	what := r.PathValue("what")
	s.ctlMu.Lock()
	defer s.ctlMu.Unlock()
	paused := false
	if f, ok := s.hub.current(); ok {
		paused = f.paused
	}
	var c hw.Control
	switch what {
	case "pause", "resume":
		// One toggling panel control underneath: a page that pressed
		// pause twice (two phones, a double tap) must not resume.
		if paused == (what == "pause") {
			fail(w, r, http.StatusConflict, "the table is already "+map[bool]string{true: "paused", false: "running"}[paused])
			return
		}
		c = hw.ControlPause
	case "dispute":
		c = hw.ControlDispute
	case "confirm":
		c = hw.ControlConfirm
	case "winner":
		// The referee ends a hand the lights lost: the table pauses and
		// the winner presses their own button ("The dealer's solution is
		// final"). The page cannot name the seat: a tap on a phone must
		// not end a hand for the wrong faller.
		c = hw.ControlWinner
	default:
		fail(w, r, http.StatusNotFound, fmt.Sprintf("no control %q: use pause, resume, dispute, confirm or winner", what))
		return
	}
	if err := s.opt.Live.Control(c); err != nil {
		fail(w, r, http.StatusConflict, fmt.Sprintf("the table refused %s: %v", what, err))
		return
	}
	slog.Info("serve: control from the page", "control", what, "from", r.RemoteAddr)
	writeJSON(w, http.StatusOK, controlResult{Done: what})
}

// correctionRequest is a referee's correction.
type correctionRequest struct {
	Note string `json:"note"`
}

func (s *Server) correction(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	if s.opt.Live == nil {
		fail(w, r, http.StatusConflict, ErrNoTable.Error())
		return
	}
	var req correctionRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("a correction is at most %d bytes", maxBody))
			return
		}
		fail(w, r, http.StatusBadRequest, `send {"note": "what the referee decided"} as JSON: `+err.Error())
		return
	}
	note := strings.TrimSpace(req.Note)
	switch n := len([]rune(note)); {
	case n == 0:
		fail(w, r, http.StatusBadRequest, "the correction's note is empty: say what the referee decided")
		return
	case n > maxNote:
		fail(w, r, http.StatusBadRequest, fmt.Sprintf("the note is %d characters; keep it under %d", n, maxNote))
		return
	}
	if err := s.opt.Live.Correct(note); err != nil {
		fail(w, r, http.StatusConflict, "the table refused the correction: "+err.Error())
		return
	}
	slog.Info("serve: correction from the page", "note", note, "from", r.RemoteAddr)
	writeJSON(w, http.StatusOK, controlResult{Done: "correction"})
}
