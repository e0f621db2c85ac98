package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/falling-table/falling/game/night"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw/hwtest"
)

const token = "browsertesttoken0123456789"

// Colours the page gives to states (app.css), found again in screenshots.
var (
	pausedColour  = [3]uint8{0xff, 0xb0, 0x00} // --paused
	disputeColour = [3]uint8{0x7b, 0x2f, 0xf7} // --dispute
	turnColour    = [3]uint8{0x2f, 0x81, 0xf7} // --turn
)

// TestBrowser plays a simulated night in real time (four times faster: a
// dispute looks back 3 s of the table's time, which must outlast the click
// that calls it) and follows it in headless Chromium on a phone-sized
// screen: the live view
// keeps up, controls are refused without the token and work with it, a
// dispute names the right seat, and a past hand shows its dispute. Each
// stage is screenshotted (in $FALLING_SCREENSHOTS if set) and the
// screenshots are checked for the colours that mark each state.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test runs a real hand in Chromium")
	}
	br := startBrowser(t)
	shots := os.Getenv("FALLING_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	simHand(t, dir, 3, true)
	// The live night: the real dealer on the simulated table, paced four
	// times faster than life, its hands kept in no folder (the page lists
	// only the finished night in dir).
	table := newLiveTable(t, 11, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tableDone := make(chan error, 1)
	go func() { tableDone <- table.n.Run(ctx, nil) }()
	srv, err := serve.New(serve.Options{LogDir: dir, Token: token, Live: table.n.Live()})
	if err != nil {
		t.Fatal(err)
	}
	srvDone := make(chan struct{})
	go func() { srv.Run(ctx); close(srvDone) }()
	ts := httptest.NewServer(srv) // 127.0.0.1:0
	defer func() {
		cancel()
		ts.Close()
		<-srvDone
		if err := <-tableDone; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("the simulated table: %v", err)
		}
	}()

	// Read-only: the live table follows the hand.
	br.navigate(ts.URL + "/")
	br.waitFor("the live table shows", `document.getElementById("live").dataset.seq > 0`, 5*time.Second)
	var first int
	br.eval(`+document.getElementById("live").dataset.seq`, &first)
	br.waitFor("the live table follows the hand", fmt.Sprintf(`+document.getElementById("live").dataset.seq > %d + 5`, first), 5*time.Second)
	br.waitFor("a seat is being dealt to", `document.querySelector(".seat.turn") !== null`, 5*time.Second)
	var ui struct {
		Mode     string
		Seats    int
		Controls bool
		Wide     int
	}
	br.eval(`({mode: document.getElementById("mode").textContent, seats: document.querySelectorAll("#seats .seat").length,
		controls: document.getElementById("controls") !== null, wide: document.documentElement.scrollWidth})`, &ui)
	if ui.Mode != "read-only" || ui.Seats != 5 || ui.Controls {
		t.Errorf("read-only page: %+v, want read-only, 5 seats and no controls", ui)
	}
	if ui.Wide > 390 {
		t.Errorf("the page is %d px wide on a 390 px phone", ui.Wide)
	}
	var codes []int
	br.eval(`Promise.all(["pause", "dispute"].map(c => fetch("/api/control/" + c, {method: "POST"}).then(r => r.status)).concat(
		fetch("/api/correction", {method: "POST", body: JSON.stringify({note: "x"})}).then(r => r.status)))`, &codes)
	if fmt.Sprint(codes) != "[401 401 401]" {
		t.Errorf("controls without the token answered %v, want 401 each", codes)
	}
	img := check(t, br.screenshot(filepath.Join(shots, "1-live-readonly.png")))
	if n := count(img, turnColour); n < 100 {
		t.Errorf("1-live-readonly.png: %d pixels of the turn colour, want a seat outlined", n)
	}
	if n := count(img, pausedColour); n > 20 {
		t.Errorf("1-live-readonly.png: %d pixels of the paused colour while the table runs", n)
	}

	// The QR code's link: controls on, the token gone from the address bar.
	br.navigate(ts.URL + "/?token=" + token)
	br.waitFor("controls on", `document.getElementById("mode").textContent === "controls on" && location.search === ""`, 5*time.Second)
	br.waitFor("the live table shows", `document.getElementById("live").dataset.seq > 0`, 5*time.Second)

	br.eval(`document.querySelector('[data-control="pause"]').click()`, nil)
	br.waitFor("paused", `document.getElementById("live").dataset.paused === "true" && document.querySelector(".banner.paused") !== null`, 2*time.Second)
	// Paused: the page is exactly the server's table, and it stays still.
	// What was already on its way to the dealer as the pause came in (a
	// card on the reader, a Stop claim: a loaded host lets the paced
	// table fall behind and catch up) may still show, so the page is
	// given a moment to settle first; a page that kept moving never does.
	var seq1, seq2 int
	br.eval(`+document.getElementById("live").dataset.seq`, &seq2)
	for settle := time.Now().Add(3 * time.Second); seq1 != seq2; {
		if time.Now().After(settle) {
			t.Fatalf("the table kept moving while paused: seq %d then %d", seq1, seq2)
		}
		seq1 = seq2
		time.Sleep(200 * time.Millisecond)
		br.eval(`+document.getElementById("live").dataset.seq`, &seq2)
	}
	time.Sleep(600 * time.Millisecond)
	br.eval(`+document.getElementById("live").dataset.seq`, &seq2)
	if seq1 != seq2 {
		t.Errorf("the table moved while paused: seq %d then %d", seq1, seq2)
	}
	var live serve.Snapshot
	getJSON(t, ts.URL+"/api/live", &live)
	var shown struct {
		Seq, Turn int
		Seats     []string
	}
	br.eval(`({seq: +document.getElementById("live").dataset.seq, turn: +document.getElementById("live").dataset.turn,
		seats: [...document.querySelectorAll("#seats .seat")].map(s => s.querySelector("strong").textContent)})`, &shown)
	if uint64(shown.Seq) != live.Seq || shown.Turn != live.Turn || len(shown.Seats) != len(live.Seats) {
		t.Errorf("the page shows seq %d turn %d seats %v; the table is at seq %d turn %d with %d seats",
			shown.Seq, shown.Turn, shown.Seats, live.Seq, live.Turn, len(live.Seats))
	}
	img = check(t, br.screenshot(filepath.Join(shots, "2-paused.png")))
	if n := count(img, pausedColour); n < 2000 {
		t.Errorf("2-paused.png: %d pixels of the paused banner, want it shown", n)
	}

	// Seat 3 presses 8 ms before seat 1; the referee calls a dispute.
	tb := table.current()
	k := tb.Clock.Now()
	tb.Buttons.ClickAt(3, k, 10*time.Millisecond)
	tb.Buttons.ClickAt(1, k+8*time.Millisecond, 80*time.Millisecond)
	tb.Buttons.ClickAt(3, k+20*time.Millisecond, 80*time.Millisecond) // a second press never improves a seat's time
	// The referee calls it once both presses are in: on a loaded host the
	// click could otherwise reach the dealer before seat 1's press has
	// happened on the table's clock.
	for deadline := time.Now().Add(5 * time.Second); tb.Clock.Now() < k+250*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatal("the table's clock stopped")
		}
		time.Sleep(10 * time.Millisecond)
	}
	br.eval(`document.querySelector('[data-control="dispute"]').click()`, nil)
	br.waitFor("the dispute's verdict", `document.getElementById("dispute") !== null`, 2*time.Second)
	var verdict struct {
		Text, Winner, First string
	}
	br.eval(`({text: document.getElementById("dispute").textContent, winner: document.getElementById("dispute").dataset.winner,
		first: (document.querySelector(".seat.first strong") || {}).textContent})`, &verdict)
	if !strings.Contains(verdict.Text, "seat 3 first, by 8.0 ms over seat 1") || verdict.Winner != "3" || verdict.First != "Seat 3" {
		t.Errorf("dispute shows %+v, want seat 3 first by 8.0 ms over seat 1, seat 3 marked", verdict)
	}
	img = check(t, br.screenshot(filepath.Join(shots, "3-dispute.png")))
	if n := count(img, disputeColour); n < 2000 {
		t.Errorf("3-dispute.png: %d pixels of the dispute banner, want it shown", n)
	}

	// A correction is logged and shown.
	br.eval(`document.getElementById("note").value = "seat 4's Stop counted"; document.querySelector("#correction button").click()`, nil)
	br.waitFor("the correction shows", `document.getElementById("notes").textContent.includes("seat 4's Stop counted")`, 2*time.Second)

	br.eval(`document.querySelector('[data-control="resume"]').click()`, nil)
	br.waitFor("resumed", `document.getElementById("live").dataset.paused === "false"`, 2*time.Second)
	br.waitFor("the hand goes on", fmt.Sprintf(`+document.getElementById("live").dataset.seq > %d + 3`, seq2), 5*time.Second)

	// A past hand: the review's page with its dispute.
	var n struct {
		Hands []struct{ ID string } `json:"hands"`
	}
	getJSON(t, ts.URL+"/api/night", &n)
	if len(n.Hands) != 1 {
		t.Fatalf("the night lists %d hands, want 1", len(n.Hands))
	}
	br.navigate(ts.URL + "/")
	br.eval(`document.querySelector('#hands a').click()`, nil)
	br.waitFor("the past hand", `document.querySelector(".contest") !== null`, 5*time.Second)
	var hand struct {
		URL, Contest string
		Wide         int
	}
	br.eval(`({url: location.pathname, contest: document.querySelector(".contest b").textContent, wide: document.documentElement.scrollWidth})`, &hand)
	if hand.URL != "/hands/"+n.Hands[0].ID || !strings.Contains(hand.Contest, "seat 2 first by 12 ms") {
		t.Errorf("past hand page %+v, want hand %s with seat 2 first by 12 ms", hand, n.Hands[0].ID)
	}
	if hand.Wide > 390 {
		t.Errorf("the hand's page is %d px wide on a 390 px phone", hand.Wide)
	}
	// The review's own script ran under the page's CSP: it lays the
	// timeline out to the screen's width.
	var viewBox string
	br.eval(`document.getElementById("tl").getAttribute("viewBox")`, &viewBox)
	if strings.HasPrefix(viewBox, "0 0 1000 ") {
		t.Errorf("the timeline kept its static viewBox %q: the review's script did not run", viewBox)
	}
	br.eval(`document.querySelector(".contest").scrollIntoView()`, nil)
	check(t, br.screenshot(filepath.Join(shots, "4-past-hand.png")))
	t.Logf("screenshots in %s", shots)
}

// liveTable is a night of five computer fallers on the simulated table,
// paced speed times faster than life, for the page to follow.
type liveTable struct {
	n  *night.Night
	mu sync.Mutex
	tb *simtable.Table // the hand being played
}

func newLiveTable(t *testing.T, seed uint64, speed time.Duration) *liveTable {
	t.Helper()
	s, err := night.Resolve(nil, night.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	l := &liveTable{}
	sim := night.NewSimTable(night.SimOptions{Settings: s, Seed: seed, Paced: true, Real: hwtest.NewHost(0, int(speed)),
		OnTable: func(tb *simtable.Table) {
			l.mu.Lock()
			l.tb = tb
			l.mu.Unlock()
		}})
	l.n, err = night.New(night.Config{Settings: s, Seats: []int{1, 2, 3, 4, 5, 6}}, sim)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (l *liveTable) current() *simtable.Table {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tb
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// check decodes a screenshot and insists it is a phone's screen with
// something drawn on it.
func check(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if r := img.Bounds(); r.Dx() != 390 || r.Dy() != 844 {
		t.Errorf("screenshot is %dx%d, want a 390x844 phone", r.Dx(), r.Dy())
	}
	colours := map[[3]uint8]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			colours[rgb(img, x, y)] = true
		}
	}
	if len(colours) < 20 {
		t.Errorf("screenshot has %d colours: a blank page?", len(colours))
	}
	return img
}

func rgb(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// count is how many pixels are within a few levels of c.
func count(img image.Image, c [3]uint8) int {
	n := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := rgb(img, x, y)
			if near(p[0], c[0]) && near(p[1], c[1]) && near(p[2], c[2]) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8) bool { return a-b < 4 || b-a < 4 }
