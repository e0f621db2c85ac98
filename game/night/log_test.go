package night

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/review"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/game/simtable"
)

// deadDisk is the disk under a hand's file: once dead, every write and
// fsync fails with EIO, as a pulled or worn-out SD card does.
type deadDisk struct {
	wal.File
	mu   sync.Mutex
	dead bool
}

func (d *deadDisk) Write(p []byte) (int, error) {
	if d.isDead() {
		return 0, syscall.EIO
	}
	return d.File.Write(p)
}

func (d *deadDisk) Sync() error {
	if d.isDead() {
		return syscall.EIO
	}
	return d.File.Sync()
}

func (d *deadDisk) isDead() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.dead
}

// dyingLog is the hand's log whose disk dies at the dealer's k-th entry;
// it makes the writer meet the failure then (a flush), as it would within
// a beat, so the test knows the instant.
type dyingLog struct {
	*handLog
	disk *deadDisk
	k, n int
	at   time.Duration // the entry's hand time
}

func (l *dyingLog) Append(e playlog.Entry) error {
	l.n++
	if l.n == l.k {
		l.disk.mu.Lock()
		l.disk.dead = true
		l.disk.mu.Unlock()
		l.at = e.Mono
		l.mu.Lock()
		if err := l.w.Sync(); err == nil {
			panic("a dead disk synced")
		}
		l.mu.Unlock()
	}
	return l.handLog.Append(e)
}

// A disk that dies mid-hand: the screen (the dealer's view) and the
// referee's page flag it the moment the log meets it, the rest of the hand
// goes on in the continuation file, nothing of the hand is lost (it
// replays exactly to its winner) and the review shows where the disk died.
func TestDeadDiskMidHand(t *testing.T) {
	dir := t.TempDir()
	disk := &deadDisk{}
	withDisk := func(path string, f wal.File) wal.File {
		if filepath.Ext(path) != ".fall" {
			return f
		}
		disk.File = f
		return disk
	}
	log := &dyingLog{handLog: &handLog{dir: dir, opts: wal.Options{File: withDisk}}, disk: disk, k: 80}

	seats := []int{1, 2, 3, 4, 5}
	fallers := game.SeatsAfter(5, seats)
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(4, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: fallers, Seed: 4, StopWindow: 1500 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := dealer.New(dealer.Config{Hand: "0001", Game: game.Config{Rules: game.Official(), Seats: fallers, Deck: deck}, Dealer: 5,
		Cards: tb.Cards(), Tempo: dealer.Tempo{Start: 60}, CountIn: 2, WaitReady: true,
		StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	hub := newLive()
	hub.attach(d, tb.Panel.ControlNow, func(string) error { return nil }, 5*time.Millisecond)
	// The page's snapshot, taken on the virtual clock just after the disk
	// died: "at once" is the next quarter second of the hand.
	var page serve.Snapshot
	var screen dealer.View
	var pageAt time.Duration
	for at := time.Duration(0); at < 20*time.Minute; at += 250 * time.Millisecond {
		tb.Clock.At(at, func() {
			if log.at > 0 && pageAt == 0 {
				screen = d.View()
				page, pageAt = snapshotOf(d, screen, 1, nil, 5*time.Millisecond), at
			}
		})
	}
	tb.Start()
	res, err := d.RunStepped(context.Background(), tb.Clock)
	if err != nil {
		t.Fatalf("the hand's error: %v (nothing was lost, so none is due)", err)
	}
	if log.at == 0 {
		t.Fatalf("the hand ended after %d entries, before the disk died", log.n)
	}
	var said []time.Duration
	for _, m := range screen.Messages {
		if m.Warning && strings.Contains(m.Text, "the log's disk failed: the hand goes on in hand-0001.fall.cont") {
			said = append(said, m.At)
		}
	}
	if len(said) != 1 || said[0] != log.at {
		t.Fatalf("the disk died at %v; the screen said so at %v", log.at, said)
	}
	// Kept in sight to the end of the hand, after the message scrolled.
	if v := d.View(); !strings.Contains(v.Log, "goes on in hand-0001.fall.cont") {
		t.Fatalf("the view's log line at the end: %q", v.Log)
	}
	if pageAt-log.at > 250*time.Millisecond || !strings.Contains(page.Log, "goes on in hand-0001.fall.cont") {
		t.Fatalf("the page at %v (the disk died at %v) says %q", pageAt, log.at, page.Log)
	}
	if err := log.close(res.Winner); err != nil {
		t.Fatal(err)
	}

	h, err := playlog.Read(log.path())
	if err != nil {
		t.Fatal(err)
	}
	if !h.Ended || h.Winner != res.Winner {
		t.Fatalf("the log ends %v with seat %d, the hand with seat %d", h.Ended, h.Winner, res.Winner)
	}
	// Every engine decision is there: the hand replays to the end.
	if _, bad, err := playlog.ReplayWith(h, playlog.Hooks{}); err != nil || len(bad) > 0 {
		t.Fatalf("replay: %v, mismatches %+v", err, bad)
	}
	if len(h.Entries) < log.n {
		t.Fatalf("%d entries read back, the dealer logged %d", len(h.Entries), log.n)
	}
	r := review.Analyze(h, review.Options{Loc: time.UTC})
	var txt bytes.Buffer
	if err := review.Text(&txt, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"its disk failed: goes on in 1 continuation", "GAP: the log file died after entry", "input/output error"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("the review lacks %q:\n%s", want, txt.String())
		}
	}
	if r.Winner != res.Winner || r.Lost != 0 {
		t.Errorf("review: winner %d lost %d", r.Winner, r.Lost)
	}
}

// A hand whose log cannot even be created is logged nowhere: the screen
// says so from its first entry, the count of entries lost stays in sight,
// and the hand's error has them.
func TestNoLogFile(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	log := &handLog{dir: notDir}
	seats := []int{1, 2, 3}
	fallers := game.SeatsAfter(3, seats)
	deck := game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rand.New(rand.NewPCG(5, 1)))
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: fallers, Seed: 5, StopWindow: 1500 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	d, err := dealer.New(dealer.Config{Hand: "0001", Game: game.Config{Rules: game.Official(), Seats: fallers, Deck: deck}, Dealer: 3,
		Cards: tb.Cards(), Tempo: dealer.Tempo{Start: 60}, CountIn: 2, WaitReady: true,
		StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond},
		dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	var first dealer.View
	tb.Clock.At(time.Millisecond, func() { first = d.View() })
	tb.Start()
	_, err = d.RunStepped(context.Background(), tb.Clock)
	if err == nil || !strings.Contains(err.Error(), "log entries not written") {
		t.Fatalf("the hand's error: %v", err)
	}
	if !strings.Contains(first.Log, "PLAY LOG DEAD: the hand's log could not be created") {
		t.Fatalf("at the start the screen's log line is %q", first.Log)
	}
	n := 0
	for _, m := range first.Messages {
		if m.Warning && strings.Contains(m.Text, "PLAY LOG DEAD") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("said %d times: %+v", n, first.Messages)
	}
	if v := d.View(); !strings.Contains(v.Log, fmt.Sprintf("%d log entries lost", log.lost)) || log.lost < 50 {
		t.Fatalf("at the end, %d lost; the log line %q", log.lost, v.Log)
	}
}
