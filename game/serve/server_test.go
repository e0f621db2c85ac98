package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

const testToken = "abcdefghijklmnop0123456789"

// fakeLive is a table whose snapshots the test sends by hand.
type fakeLive struct {
	mu       sync.Mutex
	subs     []chan Snapshot
	cur      Snapshot
	controls []hw.Control
	notes    []string
	refuse   error
}

func (f *fakeLive) Subscribe(ctx context.Context) <-chan Snapshot {
	ch := make(chan Snapshot, 1)
	f.mu.Lock()
	if f.cur.Seq > 0 {
		ch <- f.cur
	}
	f.subs = append(f.subs, ch)
	f.mu.Unlock()
	go func() {
		<-ctx.Done()
		f.mu.Lock()
		defer f.mu.Unlock()
		for i, c := range f.subs {
			if c == ch {
				f.subs = append(f.subs[:i], f.subs[i+1:]...)
				close(ch)
			}
		}
	}()
	return ch
}

func (f *fakeLive) send(s Snapshot) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cur = s
	for _, c := range f.subs {
		select {
		case <-c:
		default:
		}
		c <- s
	}
}

func (f *fakeLive) Control(c hw.Control) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse != nil {
		return f.refuse
	}
	f.controls = append(f.controls, c)
	if c == hw.ControlPause {
		f.cur.Paused = !f.cur.Paused
		f.cur.Seq++
		for _, ch := range f.subs {
			select {
			case <-ch:
			default:
			}
			ch <- f.cur
		}
	}
	return nil
}

func (f *fakeLive) Correct(note string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.notes = append(f.notes, note)
	return nil
}

// night logs two simulated hands in a fresh folder; the first has a
// dispute seat 2 wins by 12 ms.
func night(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	SimHand(t, dir, 3, true)
	SimHand(t, dir, 4, false)
	return dir
}

// testServer starts a server with live (nil for none) and waits for it to
// see live's first snapshot.
func testServer(t *testing.T, dir string, live Live) *httptest.Server {
	t.Helper()
	s, err := New(Options{LogDir: dir, Token: testToken, Live: live})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	ts := httptest.NewServer(s)
	t.Cleanup(func() { cancel(); ts.Close(); <-done })
	if live != nil {
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
	}
	return ts
}

func handID(t *testing.T, dir string, i int) string {
	t.Helper()
	ents, err := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
	if err != nil || len(ents) <= i {
		t.Fatalf("hand files %v: %v", ents, err)
	}
	base := filepath.Base(ents[i])
	return strings.TrimSuffix(strings.TrimPrefix(base, "hand-"), ".fall")
}

func TestRequests(t *testing.T) {
	dir := night(t)
	// A file beside the log folder that no request may reach.
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.txt"), []byte("s3cret"), 0o644); err != nil {
		t.Fatal(err)
	}
	live := &fakeLive{}
	live.send(Snapshot{Seq: 1, Hand: "0003", Seats: []SeatView{{Seat: 1}}})
	ts := testServer(t, dir, live)
	id := handID(t, dir, 0)
	auth := map[string]string{TokenHeader: testToken}
	for _, tc := range []struct {
		name, method, path, body string
		header                   map[string]string
		code                     int
		want                     string // in the body
	}{
		{"index", "GET", "/", "", nil, 200, "read-only"},
		{"index with controls", "GET", "/", "", map[string]string{"Cookie": TokenCookie + "=" + testToken}, 200, "controls on"},
		{"index lists the hands", "GET", "/", "", nil, 200, "/hands/" + id},
		{"scoreboard", "GET", "/api/night", "", nil, 200, `"scores":[{"seat":1,"played":`},
		{"hand page", "GET", "/hands/" + id, "", nil, 200, "seat 2 first by 12 ms"},
		{"hand page leads back", "GET", "/hands/" + id, "", nil, 200, `<a href="/">`},
		{"hand json", "GET", "/api/hands/" + id, "", nil, 200, `"verdict":"seat 2 first by 12 ms"`},
		{"unknown hand", "GET", "/hands/9999", "", nil, 404, "no hand"},
		{"traversal", "GET", "/hands/..%2f..%2fsecret.txt", "", nil, 404, "no hand"},
		{"traversal to the index", "GET", "/hands/..%2fnight.idx", "", nil, 404, "no hand"},
		{"dotted path", "GET", "/hands/../secret.txt", "", nil, 404, ""},
		{"file name is not an id", "GET", "/hands/hand-" + id + ".fall", "", nil, 404, "no hand"},
		{"static outside", "GET", "/static/../server.go", "", nil, 404, ""},
		{"static css", "GET", "/static/app.css", "", nil, 200, "--dispute"},
		{"no such page", "GET", "/nope", "", nil, 404, "no such page"},
		{"live json", "GET", "/api/live", "", nil, 200, `"hand":"0003"`},
		{"control without token", "POST", "/api/control/dispute", "", nil, 401, "token"},
		{"control with a wrong token", "POST", "/api/control/dispute", "", map[string]string{TokenHeader: testToken + "x"}, 401, "token"},
		{"control with a bearer token", "POST", "/api/control/dispute", "", map[string]string{"Authorization": "Bearer " + testToken}, 200, "dispute"},
		{"control with the cookie", "POST", "/api/control/dispute", "", map[string]string{"Cookie": TokenCookie + "=" + testToken}, 200, "dispute"},
		{"control from another site", "POST", "/api/control/dispute", "", map[string]string{TokenHeader: testToken, "Origin": "http://evil.example"}, 403, "must come from this page"},
		{"unknown control", "POST", "/api/control/explode", "", auth, 404, "use pause, resume, dispute, confirm or winner"},
		{"the winner of a hand the lights lost", "POST", "/api/control/winner", "", auth, 200, "winner"},
		{"resume when running", "POST", "/api/control/resume", "", auth, 409, "already running"},
		{"control by GET", "GET", "/api/control/pause", "", auth, 405, "POST"},
		{"correction without token", "POST", "/api/correction", `{"note":"x"}`, nil, 401, "token"},
		{"correction", "POST", "/api/correction", `{"note":"seat 4's Stop counted"}`, auth, 200, "correction"},
		{"correction not JSON", "POST", "/api/correction", `note=x`, auth, 400, "as JSON"},
		{"correction unknown field", "POST", "/api/correction", `{"note":"x","seat":3}`, auth, 400, "unknown field"},
		{"correction empty", "POST", "/api/correction", `{"note":"  "}`, auth, 400, "empty"},
		{"correction too long", "POST", "/api/correction", `{"note":"` + strings.Repeat("a", 600) + `"}`, auth, 400, "keep it under 500"},
		{"correction too big", "POST", "/api/correction", `{"note":"` + strings.Repeat("a", 5000) + `"}`, auth, 413, "at most"},
		{"token link with a wrong token", "GET", "/?token=nope", "", nil, 401, "not the one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.code || !strings.Contains(string(b), tc.want) {
				t.Errorf("%s %s: %d %q, want %d with %q", tc.method, tc.path, resp.StatusCode, clip(b), tc.code, tc.want)
			}
			if strings.Contains(string(b), "s3cret") {
				t.Errorf("%s %s leaked a file outside the log folder", tc.method, tc.path)
			}
			if strings.HasPrefix(tc.path, "/api/") && resp.StatusCode >= 400 {
				var e apiError
				if err := json.Unmarshal(b, &e); err != nil || e.Error == "" {
					t.Errorf("an API refusal is not a JSON error: %q", clip(b))
				}
			}
		})
	}
	live.mu.Lock()
	defer live.mu.Unlock()
	if len(live.controls) != 3 || live.controls[0] != hw.ControlDispute || live.controls[1] != hw.ControlDispute || live.controls[2] != hw.ControlWinner {
		t.Errorf("the table got controls %v, want the two authorized disputes and the winner", live.controls)
	}
	if len(live.notes) != 1 || live.notes[0] != "seat 4's Stop counted" {
		t.Errorf("the table got notes %q", live.notes)
	}
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

func TestTokenLinkSetsCookie(t *testing.T) {
	ts := testServer(t, night(t), nil)
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(ts.URL + "/?token=" + testToken)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/" {
		t.Fatalf("token link: %d to %q, want a redirect to / that drops the token from the address bar", resp.StatusCode, resp.Header.Get("Location"))
	}
	var got *http.Cookie
	for _, ck := range resp.Cookies() {
		if ck.Name == TokenCookie {
			got = ck
		}
	}
	if got == nil || got.Value != testToken || !got.HttpOnly || got.SameSite != http.SameSiteStrictMode {
		t.Fatalf("cookie %+v, want the token, HttpOnly and SameSite=Strict", got)
	}
	if rp := resp.Header.Get("Referrer-Policy"); rp != "no-referrer" {
		t.Errorf("Referrer-Policy %q: the token link could leak", rp)
	}
}

func TestNoTable(t *testing.T) {
	ts := testServer(t, night(t), nil)
	for _, tc := range []struct {
		method, path string
		code         int
	}{
		{"GET", "/events", 404},
		{"GET", "/api/live", 404},
		{"POST", "/api/control/pause", 409},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path, nil)
		req.Header.Set(TokenHeader, testToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.code || !strings.Contains(string(b), "no table is running") {
			t.Errorf("%s %s without a table: %d %q, want %d saying so", tc.method, tc.path, resp.StatusCode, b, tc.code)
		}
	}
	resp, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "No table is running") {
		t.Error("the page does not say that no table runs")
	}
}

func TestPauseResume(t *testing.T) {
	live := &fakeLive{}
	live.send(Snapshot{Seq: 1})
	ts := testServer(t, night(t), live)
	post := func(what string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/api/control/"+what, nil)
		req.Header.Set(TokenHeader, testToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	waitPaused := func(want bool) {
		deadline := time.Now().Add(2 * time.Second)
		for time.Now().Before(deadline) {
			resp, err := http.Get(ts.URL + "/api/live")
			if err != nil {
				t.Fatal(err)
			}
			var s Snapshot
			err = json.NewDecoder(resp.Body).Decode(&s)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if s.Paused == want {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("the table never showed paused=%v", want)
	}
	for i, step := range []struct {
		what   string
		code   int
		paused bool
	}{
		{"pause", 200, true}, {"pause", 409, true}, {"resume", 200, false}, {"resume", 409, false},
	} {
		if got := post(step.what); got != step.code {
			t.Fatalf("step %d, %s: %d, want %d", i, step.what, got, step.code)
		}
		waitPaused(step.paused)
	}
	live.refuse = errors.New("the hand is over")
	if got := post("dispute"); got != http.StatusConflict {
		t.Errorf("a control the table refuses: %d, want 409", got)
	}
}

// TestEventStream follows /events while the table changes: every snapshot
// sent arrives in order, the newest last, and a page that connects late
// gets the current one at once.
func TestEventStream(t *testing.T) {
	live := &fakeLive{}
	live.send(Snapshot{Seq: 1})
	ts := testServer(t, night(t), live)
	resp, err := http.Get(ts.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	events := make(chan Snapshot)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var s Snapshot
				if err := json.Unmarshal([]byte(d), &s); err != nil {
					t.Error(err)
					return
				}
				events <- s
			}
		}
	}()
	next := func() Snapshot {
		select {
		case s, ok := <-events:
			if !ok {
				t.Fatal("the stream ended")
			}
			return s
		case <-time.After(2 * time.Second):
			t.Fatal("no event within 2 s")
		}
		return Snapshot{}
	}
	if s := next(); s.Seq != 1 {
		t.Fatalf("first event seq %d, want the current snapshot 1", s.Seq)
	}
	for seq := uint64(2); seq <= 20; seq++ {
		live.send(Snapshot{Seq: seq, Turn: int(seq % 5)})
		start := time.Now()
		s := next()
		if s.Seq != seq || s.Turn != int(seq%5) {
			t.Fatalf("got seq %d turn %d, want %d %d", s.Seq, s.Turn, seq, seq%5)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("snapshot %d took %v to reach the page, want under 100 ms", seq, d)
		}
	}
}

// TestSlowClient: a page that stops reading holds up neither the table nor
// the other pages, and gets the newest snapshot when it reads again.
func TestSlowClient(t *testing.T) {
	h := newHub(hubLimits{readers: 4, perClient: 4, referee: 1})
	slow, err := h.join("192.0.2.1", false)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := h.join("192.0.2.1", false)
	if err != nil {
		t.Fatal(err)
	}
	for seq := uint64(1); seq <= 1000; seq++ {
		h.publish(&frame{seq: seq})
		if f := <-fast.ch; f.seq != seq {
			t.Fatalf("fast client got %d, want %d", f.seq, seq)
		}
	}
	if f := <-slow.ch; f.seq != 1000 {
		t.Errorf("slow client got %d, want the newest, 1000", f.seq)
	}
	for range 2 {
		if _, err := h.join("192.0.2.1", false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.join("192.0.2.1", false); !errors.Is(err, errTooMany) {
		t.Errorf("a client past the limit: %v, want %v", err, errTooMany)
	}
}

func TestSnapshotOf(t *testing.T) {
	deck := []game.Card{{ID: "h1", Kind: game.Hit}, {ID: "s1", Kind: game.Stop}, {ID: "k1", Kind: game.Skip},
		{ID: "x1", Kind: game.Extra}, {ID: "h2", Kind: game.Hit}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{3, 5}, Deck: deck, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		events []game.Event
		check  func(t *testing.T, s Snapshot)
	}{
		{"before the deal", nil, func(t *testing.T, s Snapshot) {
			if s.Turn != 3 || !s.Seats[0].Turn || s.Seats[1].Turn || s.Deck != 7 || s.GroundsInDeck != 2 {
				t.Errorf("turn %d seats %+v deck %d grounds %d", s.Turn, s.Seats, s.Deck, s.GroundsInDeck)
			}
		}},
		{"one card each", []game.Event{game.Step(), game.Step()}, func(t *testing.T, s Snapshot) {
			if s.Seats[0].Stacks[0] != (StackView{Cards: 1, Top: "Hit"}) || s.Seats[1].Stacks[0] != (StackView{Cards: 1, Top: "Stop"}) {
				t.Errorf("stacks %+v %+v", s.Seats[0].Stacks, s.Seats[1].Stacks)
			}
			if s.Deck != 5 {
				t.Errorf("deck %d, want 5", s.Deck)
			}
		}},
		{"seat 3 holds the Hit and plays it on seat 5", []game.Event{game.PickUp(0, 0), game.Play(0, 1)}, func(t *testing.T, s Snapshot) {
			if s.Seats[1].Rider != "Hit" || s.Seats[0].Holding || len(s.Seats[0].Stacks) != 0 && s.Seats[0].Stacks[0].Cards != 0 {
				t.Errorf("seats %+v", s.Seats)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, e := range tc.events {
				if err := g.Apply(e); err != nil {
					t.Fatalf("%v: %v", e, err)
				}
			}
			s := SnapshotOf(g, Meta{Seq: 9, Hand: "0001", Dealer: 1})
			if s.Seq != 9 || s.Hand != "0001" || s.Dealer != 1 || len(s.Seats) != 2 || s.Seats[0].Seat != 3 {
				t.Fatalf("snapshot header %+v", s)
			}
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back Snapshot
			if err := json.Unmarshal(b, &back); err != nil || back.Turn != s.Turn || len(back.Seats) != len(s.Seats) {
				t.Fatalf("snapshot does not survive JSON: %v", err)
			}
			tc.check(t, s)
		})
	}
}

func TestDisputeOf(t *testing.T) {
	const tie = 5 * time.Millisecond
	ms := time.Millisecond
	for _, tc := range []struct {
		name   string
		times  map[int]time.Duration
		winner int
		text   string
	}{
		{"clear", map[int]time.Duration{3: 100 * ms, 1: 108 * ms, 2: 300 * ms}, 3, "seat 3 first, by 8.0 ms over seat 1"},
		{"tie", map[int]time.Duration{4: 100 * ms, 2: 103 * ms}, 0, "tie between seats 4 and 2 (within 5.0 ms)"},
		{"alone", map[int]time.Duration{6: 100 * ms}, 6, "seat 6, the only press"},
		{"nobody", map[int]time.Duration{}, 0, "no press in the window"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var presses []game.SeatPress
			for s, k := range tc.times {
				presses = append(presses, game.SeatPress{Seat: s, Kernel: k}, game.SeatPress{Seat: s, Kernel: k + 50*ms})
			}
			d := DisputeOf(game.Settle(presses, 0, tie), tie)
			if d.Winner != tc.winner || d.Text != tc.text {
				t.Errorf("winner %d %q, want %d %q", d.Winner, d.Text, tc.winner, tc.text)
			}
		})
	}
}

// A hand the table ended is shown as the table's word, not the lights':
// the referee must see that the engine did not find that winner.
func TestSnapshotOfADeclaredHand(t *testing.T) {
	deck := []game.Card{{ID: "h1", Kind: game.Hit}, {ID: "s1", Kind: game.Stop}, {ID: "g1", Kind: game.Ground}, {ID: "g2", Kind: game.Ground}}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: []int{3, 5}, Deck: deck, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	if s := SnapshotOf(g, Meta{Declared: true}); s.Declared || s.Over {
		t.Errorf("a hand going on shows over %v declared %v", s.Over, s.Declared)
	}
	if err := g.Apply(game.DeclareWinner(5)); err != nil {
		t.Fatal(err)
	}
	for _, declared := range []bool{true, false} {
		s := SnapshotOf(g, Meta{Declared: declared})
		if !s.Over || s.Winner != 5 || s.Declared != declared {
			t.Errorf("meta declared %v: over %v winner %d declared %v", declared, s.Over, s.Winner, s.Declared)
		}
	}
}
