package reader

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/hwtest"
)

var _ Poller = (*pn532.Dev)(nil)

// Every test runs in a synctest bubble: time only moves when every
// goroutine is blocked, so the schedule below is exact, and the bubble
// fails the test if a goroutine is still blocked when it ends (a leak).

// newClock is CLOCK_MONOTONIC for the bubble: its zero is when the test
// started, offset so times look like a Pi that has been up a while. It reads
// the bubble's fake time rather than being a hwtest.Manual because the fake
// pollers take their time with time.Sleep, and synctest, not the test,
// moves time when every goroutine is blocked: that is what makes the
// schedules below exact without the test stepping the clock poll by poll.
const boot = 1000 * time.Second

func newClock() *hwtest.Host { return hwtest.NewHost(boot, 1) }

// poll is one scripted answer of the fake poller.
type poll struct {
	uid []byte // nil: no card
	err error
}

// fakePoller answers Poll from a script, taking pollTime each time, then
// blocks until the Reader is closed; Reinit fails with the errors in
// reinitErrs, then succeeds. If lostForever is set Reinit always fails.
type fakePoller struct {
	mu          sync.Mutex
	clk         *hwtest.Host
	script      []poll
	reinitErrs  []error
	lostForever bool
	pollTime    time.Duration
	polls       int
	reinits     []time.Duration
	drained     chan struct{} // closed when the script has run out
	once        sync.Once
}

func (f *fakePoller) done() chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.drained == nil {
		f.drained = make(chan struct{})
	}
	return f.drained
}

func (f *fakePoller) Poll(ctx context.Context) ([]byte, bool, error) {
	time.Sleep(f.pollTime)
	f.mu.Lock()
	if f.polls >= len(f.script) {
		f.mu.Unlock()
		d := f.done()
		f.once.Do(func() { close(d) })
		<-ctx.Done()
		return nil, false, ctx.Err()
	}
	p := f.script[f.polls]
	f.polls++
	f.mu.Unlock()
	return p.uid, p.uid != nil, p.err
}

func (f *fakePoller) Reinit() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reinits = append(f.reinits, f.clk.Now())
	if f.lostForever {
		return errors.New("i2c: no device")
	}
	if len(f.reinitErrs) > 0 {
		err := f.reinitErrs[0]
		f.reinitErrs = f.reinitErrs[1:]
		return err
	}
	return nil
}

// collect waits for the poller's script to run out, closes r and returns
// all it delivered.
func collect(r *Reader, drained <-chan struct{}) ([]hw.CardEvent, []hw.ReaderStatus) {
	<-drained
	synctest.Wait()
	if err := r.Close(); err != nil {
		panic(err)
	}
	var cards []hw.CardEvent
	for c := range r.Cards() {
		cards = append(cards, c)
	}
	var st []hw.ReaderStatus
	for s := range r.Status() {
		st = append(st, s)
	}
	return cards, st
}

func repeat(p poll, n int) []poll {
	s := make([]poll, n)
	for i := range s {
		s[i] = p
	}
	return s
}

func script(parts ...[]poll) []poll {
	var s []poll
	for _, p := range parts {
		s = append(s, p...)
	}
	return s
}

var (
	cardA = []byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}
	cardB = []byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}
	cardC = []byte{0xDE, 0xAD, 0xBE, 0xEF}
)

func uid(t *testing.T, b []byte) hw.UID {
	t.Helper()
	u, err := hw.NewUID(b)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func nothing(n int) []poll { return repeat(poll{}, n) }
func card(b []byte, n int) []poll {
	return repeat(poll{uid: b}, n)
}

func TestCounting(t *testing.T) {
	tests := []struct {
		name   string
		script []poll
		want   [][]byte
		at     []int // poll index (0-based) each event must be stamped at
	}{
		{"card held for many polls", script(nothing(2), card(cardA, 200)), [][]byte{cardA}, []int{2}},
		{"flicker shorter than LeaveAfter", script(card(cardA, 3), nothing(1), card(cardA, 2), nothing(2), card(cardA, 3)),
			[][]byte{cardA}, []int{0}},
		{"card leaves and comes back", script(card(cardA, 3), nothing(3), card(cardA, 1)),
			[][]byte{cardA, cardA}, []int{0, 6}},
		{"two cards in quick succession", script(card(cardA, 1), card(cardB, 1)),
			[][]byte{cardA, cardB}, []int{0, 1}},
		{"new card during flicker", script(card(cardA, 2), nothing(1), card(cardB, 2), nothing(1), card(cardA, 1)),
			[][]byte{cardA, cardB, cardA}, []int{0, 3, 6}},
		{"4- and 7-byte UIDs", script(card(cardC, 2), card(cardA, 2)), [][]byte{cardC, cardA}, []int{0, 2}},
		{"no card at all", nothing(50), nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := newClock()
				const interval, pollTime = 15 * time.Millisecond, 4 * time.Millisecond
				p := &fakePoller{clk: clk, script: tt.script, pollTime: pollTime}
				r := New(p, clk, Options{Interval: interval, Logger: discard()})
				cards, st := collect(r, p.done())
				if len(cards) != len(tt.want) {
					t.Fatalf("got %d events %v, want %d", len(cards), cards, len(tt.want))
				}
				for i, c := range cards {
					if c.UID != uid(t, tt.want[i]) {
						t.Errorf("event %d: UID %v, want % X", i, c.UID, tt.want[i])
					}
					// Poll i starts at i*interval and completes pollTime later.
					if want := boot + time.Duration(tt.at[i])*interval + pollTime; c.Time != want {
						t.Errorf("event %d: time %v, want %v", i, c.Time, want)
					}
				}
				if len(st) != 1 || st[0].State != hw.ReaderOK || st[0].Time != boot {
					t.Errorf("status = %+v, want one ReaderOK at start", st)
				}
			})
		})
	}
}

// dealer is a poller driven by time, not by poll count: card i lies on the
// reader from i*period for dwell, as a dealer's swipe does.
type dealer struct {
	clk      *hwtest.Host
	cards    [][]byte
	period   time.Duration
	dwell    time.Duration
	pollTime time.Duration
	drained  chan struct{}
	once     sync.Once
}

func (d *dealer) Poll(ctx context.Context) ([]byte, bool, error) {
	time.Sleep(d.pollTime)
	t := d.clk.Now() - boot
	i := int(t / d.period)
	if i >= len(d.cards) {
		d.once.Do(func() { close(d.drained) })
		<-ctx.Done()
		return nil, false, ctx.Err()
	}
	if t-time.Duration(i)*d.period < d.dwell {
		return d.cards[i], true, nil
	}
	return nil, false, nil
}

func (d *dealer) Reinit() error { return nil }

func TestTenCardsASecond(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := newClock()
		var deck [][]byte
		for i := range 52 {
			deck = append(deck, []byte{0x04, byte(i), 0x2B, 0x1A, 0x5C, 0x61, 0x80})
		}
		// A 40 ms swipe at 10 cards a second, PN532-like 5 ms polls.
		d := &dealer{clk: clk, cards: deck, period: 100 * time.Millisecond, dwell: 40 * time.Millisecond, pollTime: 5 * time.Millisecond, drained: make(chan struct{})}
		r := New(d, clk, Options{Logger: discard()})
		cards, _ := collect(r, d.drained)
		if len(cards) != len(deck) {
			t.Fatalf("got %d cards, want %d", len(cards), len(deck))
		}
		for i, c := range cards {
			if c.UID != uid(t, deck[i]) {
				t.Errorf("card %d: %v, want % X", i, c.UID, deck[i])
			}
			laid := boot + time.Duration(i)*d.period
			if c.Time < laid || c.Time > laid+d.dwell {
				t.Errorf("card %d stamped %v, lay on the reader %v..%v", i, c.Time, laid, laid+d.dwell)
			}
		}
	})
}

// A glitch on the bus, as opposed to a reader gone, must not alarm the
// table: fewer than LostAfter failed polls in a row change no status, count
// no card twice and miss no card, and are logged at debug level only.
func TestGlitchIsNotLost(t *testing.T) {
	glitch := []poll{{err: errors.New("pn532: reading status: remote I/O error")}}
	tests := []struct {
		name   string
		script []poll
		want   [][]byte
		at     []int // poll index each card must be stamped at
		logged int   // debug lines about a failed poll
	}{
		{"one glitch under a resting card", script(card(cardA, 3), glitch, card(cardA, 3), nothing(3), card(cardB, 1)),
			[][]byte{cardA, cardB}, []int{0, 10}, 1},
		{"two in a row, one short of lost", script(card(cardA, 2), glitch, glitch, card(cardA, 2)),
			[][]byte{cardA}, []int{0}, 2},
		{"glitches that do not follow each other", script(glitch, card(cardA, 1), glitch, card(cardA, 1), glitch, glitch, nothing(3), card(cardB, 1)),
			[][]byte{cardA, cardB}, []int{1, 9}, 4},
		{"a card swiped right after a glitch", script(nothing(2), glitch, card(cardC, 1), nothing(2)),
			[][]byte{cardC}, []int{3}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := newClock()
				const interval = 15 * time.Millisecond
				p := &fakePoller{clk: clk, script: tt.script}
				logs := &syncBuffer{}
				log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
				r := New(p, clk, Options{Interval: interval, Logger: log})
				cards, st := collect(r, p.done())
				if len(st) != 1 || st[0].State != hw.ReaderOK {
					t.Errorf("status = %+v, want only the ReaderOK at start", st)
				}
				if len(p.reinits) != 0 {
					t.Errorf("Reinit called at %v for a glitch", p.reinits)
				}
				if len(cards) != len(tt.want) {
					t.Fatalf("cards = %v, want % X", cards, tt.want)
				}
				for i, c := range cards {
					if c.UID != uid(t, tt.want[i]) {
						t.Errorf("card %d = %v, want % X", i, c.UID, tt.want[i])
					}
					// A failed poll keeps the schedule: poll n is at n·interval.
					if want := boot + time.Duration(tt.at[i])*interval; c.Time != want {
						t.Errorf("card %d at %v, want %v", i, c.Time, want)
					}
				}
				out := logs.String()
				if n := strings.Count(out, "level=DEBUG msg=\"card reader: poll failed, retrying\""); n != tt.logged {
					t.Errorf("%d failed polls logged at debug, want %d:\n%s", n, tt.logged, out)
				}
				if strings.Contains(out, "level=WARN") || strings.Contains(out, "level=ERROR") {
					t.Errorf("a glitch logged above debug:\n%s", out)
				}
			})
		})
	}
}

// An outage is LostAfter failed polls in a row: the reader is reported lost
// once, with the cause, Reinit is retried with doubling backoff, and
// ReaderOK follows when it answers; a card lying there throughout counts
// once.
func TestReaderLostAndBack(t *testing.T) {
	errGone := errors.New("pn532: reading status: remote I/O error")
	tests := []struct {
		name      string
		lostAfter int // 0: the default
		failures  int // failed polls in the script
	}{
		{"default: three failed polls", 0, 3},
		{"LostAfter 5", 5, 5},
		{"LostAfter 1: every failed poll is an outage", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := newClock()
				const interval = 10 * time.Millisecond
				p := &fakePoller{
					clk:        clk,
					script:     script(card(cardA, 3), repeat(poll{err: errGone}, tt.failures), card(cardA, 2), nothing(3), card(cardB, 2)),
					reinitErrs: []error{errGone, errGone, errGone, errGone, errGone},
				}
				r := New(p, clk, Options{Interval: interval, LostAfter: tt.lostAfter, Backoff: 100 * time.Millisecond, MaxBackoff: 400 * time.Millisecond, Logger: discard()})
				cards, st := collect(r, p.done())

				wantStates := []hw.ReaderState{hw.ReaderOK, hw.ReaderLost, hw.ReaderOK}
				if len(st) != len(wantStates) {
					t.Fatalf("status = %+v, want states %v", st, wantStates)
				}
				for i, s := range st {
					if s.State != wantStates[i] {
						t.Errorf("status %d = %v, want %v", i, s.State, wantStates[i])
					}
				}
				if !errors.Is(st[1].Err, errGone) {
					t.Errorf("Lost carries %v, want %v", st[1].Err, errGone)
				}
				// Lost at the LostAfter-th failed poll, the first at poll 3.
				lostAfter := cmp.Or(tt.lostAfter, 3)
				lostAt := boot + time.Duration(3+lostAfter-1)*interval
				if st[1].Time != lostAt {
					t.Errorf("Lost at %v, want %v", st[1].Time, lostAt)
				}
				// Reinit backs off 100, 200, 400, 400, 400, 400 ms (capped).
				var want []time.Duration
				at := lostAt
				for _, w := range []time.Duration{100, 200, 400, 400, 400, 400} {
					at += w * time.Millisecond
					want = append(want, at)
				}
				if fmt.Sprint(p.reinits) != fmt.Sprint(want) {
					t.Errorf("Reinit at %v, want %v", p.reinits, want)
				}
				if st[2].Time != want[len(want)-1] {
					t.Errorf("OK again at %v, want %v", st[2].Time, want[len(want)-1])
				}
				// Card A lay there through the outage: counted once. B after it.
				if len(cards) != 2 || cards[0].UID != uid(t, cardA) || cards[1].UID != uid(t, cardB) {
					t.Fatalf("cards = %v, want A then B", cards)
				}
				if cards[1].Time <= st[2].Time {
					t.Errorf("card B at %v, before the reader was back at %v", cards[1].Time, st[2].Time)
				}
			})
		})
	}
}

// A reader that did not answer at start: the service starts lost, retries
// Reinit with backoff, and reports OK and reads cards once it answers.
func TestNewLost(t *testing.T) {
	errSilent := errors.New("pn532: no answer at I²C address 0x24: remote I/O error")
	tests := []struct {
		name       string
		cause      error
		reinitErrs int  // Reinit failures before it answers
		never      bool // it never answers
	}{
		{"answers at the first retry", errSilent, 0, false},
		{"answers after three more failures", errSilent, 3, false},
		{"never answers", errSilent, 0, true},
		{"no cause given", nil, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := newClock()
				p := &fakePoller{clk: clk, script: script(nothing(2), card(cardA, 2)), lostForever: tt.never,
					reinitErrs: slices.Repeat([]error{errSilent}, tt.reinitErrs)}
				r := NewLost(p, clk, tt.cause, Options{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second, Logger: discard()})
				drained := p.done()
				if tt.never {
					time.Sleep(10 * time.Second)
					idle := make(chan struct{})
					close(idle)
					drained = idle
				}
				cards, st := collect(r, drained)
				if len(st) == 0 || st[0].State != hw.ReaderLost || st[0].Time != boot {
					t.Fatalf("status = %+v, want ReaderLost first, at start", st)
				}
				if tt.cause != nil && !errors.Is(st[0].Err, tt.cause) {
					t.Errorf("Lost carries %v, want %v", st[0].Err, tt.cause)
				}
				if st[0].Err == nil {
					t.Error("Lost carries no reason")
				}
				if tt.never {
					if len(st) != 1 || len(cards) != 0 || len(p.reinits) < 5 {
						t.Errorf("status %+v, cards %v, %d Reinits in 10 s; want one Lost, no card, retries", st, cards, len(p.reinits))
					}
					return
				}
				// Reinit at 100, 300, 700, 1500 ms: doubling from Backoff.
				var want []time.Duration
				at, wait := boot, 100*time.Millisecond
				for range tt.reinitErrs + 1 {
					at += wait
					want = append(want, at)
					wait = min(2*wait, time.Second)
				}
				if fmt.Sprint(p.reinits) != fmt.Sprint(want) {
					t.Errorf("Reinit at %v, want %v", p.reinits, want)
				}
				if len(st) != 2 || st[1].State != hw.ReaderOK || st[1].Time != want[len(want)-1] {
					t.Errorf("status = %+v, want Lost then OK at %v", st, want[len(want)-1])
				}
				if len(cards) != 1 || cards[0].UID != uid(t, cardA) || cards[0].Time <= want[len(want)-1] {
					t.Errorf("cards = %v, want card A read after the reader answered", cards)
				}
			})
		})
	}
}

func TestCloseWhileLost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := newClock()
		p := &fakePoller{clk: clk, script: repeat(poll{err: errors.New("bus gone")}, 3), lostForever: true}
		r := New(p, clk, Options{Logger: discard()})
		time.Sleep(10 * time.Second)
		idle := make(chan struct{})
		close(idle)
		cards, st := collect(r, idle)
		if len(cards) != 0 {
			t.Errorf("cards = %v", cards)
		}
		if len(st) != 2 || st[0].State != hw.ReaderOK || st[1].State != hw.ReaderLost {
			t.Errorf("status = %+v, want OK then one Lost", st)
		}
		if len(p.reinits) < 5 {
			t.Errorf("only %d Reinit attempts in 10 s", len(p.reinits))
		}
		if err := r.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	})
}

func TestBadUIDSkipped(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := newClock()
		five := []byte{1, 2, 3, 4, 5}
		p := &fakePoller{clk: clk, script: script(card(five, 10), card(cardA, 1), card([]byte{}, 1), card(cardB, 1))}
		logs := &syncBuffer{}
		r := New(p, clk, Options{Logger: slog.New(slog.NewTextHandler(logs, nil))})
		cards, _ := collect(r, p.done())
		if len(cards) != 2 || cards[0].UID != uid(t, cardA) || cards[1].UID != uid(t, cardB) {
			t.Fatalf("cards = %v, want A then B", cards)
		}
		out := logs.String()
		if n := strings.Count(out, "skipping card"); n != 2 {
			t.Errorf("logged %d skips, want 2 (once per bad card):\n%s", n, out)
		}
		if !strings.Contains(out, hw.ErrBadUID.Error()) {
			t.Errorf("log does not say why:\n%s", out)
		}
	})
}

func TestSlowConsumer(t *testing.T) {
	tests := []struct {
		name      string
		buffer    int
		maxQueue  int
		cards     int
		delivered []int // indexes of the cards that reach the consumer
		dropped   int   // how many drops are logged
	}{
		{"backlog kept and logged", 2, 100, 20, span(0, 20), 0},
		// Two in the channel, one on its way, the newest four queued.
		{"overflow drops oldest, logged", 2, 4, 20, append(span(0, 3), span(16, 20)...), 13},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				clk := newClock()
				var s []poll
				var want []hw.UID
				for i := range tt.cards {
					b := []byte{0x04, byte(i), 0, 0, 0, 0, 0}
					s = append(s, card(b, 1)...)
					want = append(want, uid(t, b))
				}
				p := &fakePoller{clk: clk, script: s}
				logs := &syncBuffer{}
				r := New(p, clk, Options{Buffer: tt.buffer, MaxQueue: tt.maxQueue, Logger: slog.New(slog.NewTextHandler(logs, nil))})
				// Nobody reads until every card has been polled.
				<-p.done()
				synctest.Wait()
				var got, wantGot []hw.UID
				for range tt.delivered {
					got = append(got, (<-r.Cards()).UID)
				}
				for _, i := range tt.delivered {
					wantGot = append(wantGot, want[i])
				}
				cards, _ := collect(r, p.done())
				if len(cards) != 0 {
					t.Errorf("%d more cards than expected: %v", len(cards), cards)
				}
				if fmt.Sprint(got) != fmt.Sprint(wantGot) {
					t.Errorf("delivered %v, want %v", got, wantGot)
				}
				out := logs.String()
				if !strings.Contains(out, "consumer not reading, events queued") {
					t.Errorf("backlog not logged:\n%s", out)
				}
				if n := strings.Count(out, "dropping oldest event"); n != tt.dropped {
					t.Errorf("logged %d drops, want %d:\n%s", n, tt.dropped, out)
				}
				// Each drop names the card it lost.
				for _, u := range want {
					if !slices.Contains(got, u) && !strings.Contains(out, "card.uid="+u.String()) {
						t.Errorf("card %v neither delivered nor logged", u)
					}
				}
			})
		})
	}
}

func TestCloseUndelivered(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := newClock()
		var s []poll
		for i := range 5 {
			s = append(s, card([]byte{0x04, byte(i), 0, 0, 0, 0, 0}, 1)...)
		}
		logs := &syncBuffer{}
		p := &fakePoller{clk: clk, script: s}
		r := New(p, clk, Options{Buffer: 2, Logger: slog.New(slog.NewTextHandler(logs, nil))})
		cards, _ := collect(r, p.done())
		if len(cards) != 2 {
			t.Fatalf("got %d cards after Close, want the 2 the buffer holds", len(cards))
		}
		if n := strings.Count(logs.String(), `msg="card reader: undelivered event"`); n != 3 {
			t.Errorf("the 3 cards that did not fit are not all logged:\n%s", logs.String())
		}
	})
}

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

func span(from, to int) []int {
	var s []int
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

type emptyPoller struct{}

func (emptyPoller) Poll(ctx context.Context) ([]byte, bool, error) { return nil, false, ctx.Err() }
func (emptyPoller) Reinit() error                                  { return nil }

// TestNoLeakRealTime checks, outside synctest, that Close leaves no
// goroutine behind.
func TestNoLeakRealTime(t *testing.T) {
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	r := New(emptyPoller{}, clk, Options{Interval: time.Millisecond, Logger: discard()})
	time.Sleep(10 * time.Millisecond)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Close, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(time.Millisecond)
	}
	if _, ok := <-r.Cards(); ok {
		t.Error("Cards not closed")
	}
}
