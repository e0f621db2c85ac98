package reader

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/i2c"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/hw"
)

// These tests run the real service over the real driver over pn532test's
// model of the chip: everything but the I²C wire as at the table.

// scriptClock is a virtual clock for a single sleeping goroutine (the
// service's loop, with the driver inside it): a sleep moves the time to
// its end at once, running on the way, in time order, the actions
// scheduled before it. A deal is so exact and takes no wall time.
type scriptClock struct {
	mu   sync.Mutex
	now  time.Duration
	acts []action
	stop time.Duration // sleeps past it wait for done; 0: none
	// gate holds the service's sleeps (those with a done channel) until
	// the script is written and run starts the play; the setup's own
	// sleeps, on the test's goroutine, pass.
	gate chan struct{}
}

type action struct {
	t time.Duration
	f func()
}

func (c *scriptClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// At schedules f at t; actions at the same time run in the order given.
func (c *scriptClock) At(t time.Duration, f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i, _ := slices.BinarySearchFunc(c.acts, t, func(a action, t time.Duration) int {
		if a.t <= t {
			return -1
		}
		return 1
	})
	c.acts = slices.Insert(c.acts, i, action{t, f})
}

func (c *scriptClock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	if done != nil {
		select {
		case <-c.gate:
		case <-done:
			return false
		}
	}
	for {
		select {
		case <-done:
			return false
		default:
		}
		c.mu.Lock()
		if len(c.acts) > 0 && c.acts[0].t <= t {
			a := c.acts[0]
			c.acts = c.acts[1:]
			c.now = max(c.now, a.t)
			c.mu.Unlock()
			a.f()
			continue
		}
		if c.stop > 0 && t > c.stop && done != nil {
			// The play is over: the service waits here to be closed,
			// so what it counted is what happened up to the stop.
			c.mu.Unlock()
			<-done
			return false
		}
		c.now = max(c.now, t)
		c.mu.Unlock()
		return true
	}
}

// table is a model chip, the service on it, and what the service reported.
type table struct {
	clk   *scriptClock
	chip  *pn532test.Chip
	r     *Reader
	end   chan struct{}
	logs  *syncBuffer
	cards []hw.CardEvent
	st    []hw.ReaderStatus
	wg    sync.WaitGroup
}

const t0 = 1000 * time.Second

// newTable sets the chip up and starts the service; wrap, if set, puts a
// bus between the driver and the chip; reset wires RSTPDN.
func newTable(t testing.TB, wrap func(*pn532test.Chip) i2c.Bus, reset bool) *table {
	clk := &scriptClock{now: t0, gate: make(chan struct{})}
	chip := pn532test.New(clk, nil)
	var bus i2c.Bus = chip
	if wrap != nil {
		bus = wrap(chip)
	}
	tb := &table{clk: clk, chip: chip, end: make(chan struct{}), logs: &syncBuffer{}}
	opts := Options{Logger: slog.New(slog.NewTextHandler(tb.logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	if reset {
		opts.Reset = chip.RSTPDN()
	}
	// As the table opens it (hw/pi): the driver on the table's clock, the
	// chip's setup, then the service.
	dopts := pn532.DefaultOptions
	dopts.Clock = clk
	dev, err := pn532.Attach(bus, &dopts)
	if err != nil {
		t.Fatal(err)
	}
	if err := dev.Reinit(); err != nil {
		t.Fatal(err)
	}
	if fw := dev.Firmware(); fw.IC != 0x32 {
		t.Fatalf("firmware %v", fw)
	}
	r := New(dev, clk, opts)
	tb.r = r
	tb.wg.Add(2)
	go func() {
		defer tb.wg.Done()
		for c := range r.Cards() {
			tb.cards = append(tb.cards, c)
		}
	}()
	go func() {
		defer tb.wg.Done()
		for s := range r.Status() {
			tb.st = append(tb.st, s)
		}
	}()
	return tb
}

// deal lays n cards on the reader, one every period from start, each for
// dwell, and returns their UIDs and when each was laid.
func (tb *table) deal(start time.Duration, n int, period, dwell time.Duration) ([][]byte, []time.Duration) {
	at := make([]time.Duration, n)
	for i := range at {
		at[i] = start + time.Duration(i)*period
	}
	return tb.dealAt(at, dwell), at
}

// jittered is n cards about 100 ms apart, each laid up to 39 ms late, so a
// deck meets every phase of the service's polling: a card laid just after
// a poll began finding the field empty waits longest.
func jittered(start time.Duration, n int) []time.Duration {
	at := make([]time.Duration, n)
	for i := range at {
		at[i] = start + time.Duration(i)*100*time.Millisecond + time.Duration((i*37)%40)*time.Millisecond
	}
	return at
}

// dealAt lays a card at each time, for dwell, and returns their UIDs.
func (tb *table) dealAt(at []time.Duration, dwell time.Duration) [][]byte {
	var uids [][]byte
	for i, on := range at {
		u := []byte{0x04, byte(i), byte(i * 7), 0x1A, 0x5C, 0x61, 0x80}
		uids = append(uids, u)
		tb.clk.At(on, func() { tb.chip.PutCard(pn532test.NTAG(u)) })
		tb.clk.At(on+dwell, tb.chip.RemoveCard)
	}
	return uids
}

// run lets the table play until t, then closes the service and waits for
// everything it reported.
func (tb *table) run(until time.Duration) {
	tb.clk.mu.Lock()
	tb.clk.stop = until
	tb.clk.mu.Unlock()
	tb.clk.At(until, func() { close(tb.end) })
	close(tb.clk.gate)
	<-tb.end
	tb.r.Close()
	tb.wg.Wait()
}

// latencies matches each dealt card with its event: the time it waited
// to be reported, or -1 if it was not.
func latencies(t testing.TB, uids [][]byte, at []time.Duration, cards []hw.CardEvent) []time.Duration {
	byUID := map[hw.UID]hw.CardEvent{}
	for _, c := range cards {
		if _, dup := byUID[c.UID]; dup {
			t.Errorf("card %v reported twice", c.UID)
		}
		byUID[c.UID] = c
	}
	lat := make([]time.Duration, len(uids))
	known := map[hw.UID]bool{}
	for i, u := range uids {
		id, err := hw.NewUID(u)
		if err != nil {
			t.Fatal(err)
		}
		known[id] = true
		c, ok := byUID[id]
		if !ok {
			lat[i] = -1
			continue
		}
		lat[i] = c.Time - at[i]
	}
	for _, c := range cards {
		if !known[c.UID] {
			t.Errorf("reported %v, a UID no card dealt has", c.UID)
		}
	}
	return lat
}

// TestModelDealTenASecond: a 52-card deck at 10 cards a second, each card
// on the reader for 60 ms and laid at every phase of the polling: every
// card read once, in order, before the next is dealt.
func TestModelDealTenASecond(t *testing.T) {
	tb := newTable(t, nil, false)
	at := jittered(t0+time.Second, 52)
	uids := tb.dealAt(at, 60*time.Millisecond)
	tb.run(t0 + 7*time.Second)
	lat := latencies(t, uids, at, tb.cards)
	if len(tb.cards) != len(uids) {
		t.Fatalf("%d cards reported, want %d", len(tb.cards), len(uids))
	}
	for i, c := range tb.cards {
		if !bytes.Equal(c.UID.Bytes(), uids[i]) {
			t.Errorf("card %d: %v, want % X", i, c.UID, uids[i])
		}
	}
	worst := slices.Max(lat)
	t.Logf("longest wait %v; bus %+v", worst, tb.chip.Stats())
	// The need: a card reported before the next one is dealt.
	if worst >= 100*time.Millisecond {
		t.Errorf("a card waited %v to be reported, not less than the 100 ms between cards", worst)
	}
	h := tb.r.Health()
	if h.State != HealthOK || h.Reads != 52 || h.Misses != 0 || h.Resets != 0 || len(tb.st) != 1 {
		t.Errorf("health %v, status %v", h, tb.st)
	}
}

// TestModelHungChipReset: the chip hangs mid-deal holding SCL low; the
// service reports the reader lost, pulses RSTPDN, configures the chip
// again and reads the rest of the deck.
func TestModelHungChipReset(t *testing.T) {
	for _, mode := range []pn532test.HangMode{pn532test.HangSilent, pn532test.HangHoldClock} {
		t.Run(fmt.Sprint(mode), func(t *testing.T) {
			tb := newTable(t, nil, true)
			start := t0 + time.Second
			uids, at := tb.deal(start, 40, 100*time.Millisecond, 60*time.Millisecond)
			tb.chip.HangAt(start+1050*time.Millisecond, mode)
			tb.run(t0 + 6*time.Second)
			lat := latencies(t, uids, at, tb.cards)
			if len(tb.st) != 3 || tb.st[1].State != hw.ReaderLost || tb.st[2].State != hw.ReaderOK {
				t.Fatalf("status %+v, want OK, Lost, OK; health %v; chip %+v; now %v", tb.st, tb.r.Health(), tb.chip.Stats(), tb.clk.Now()-start)
			}
			back := tb.st[2].Time
			t.Logf("lost at %v, back at %v", tb.st[1].Time-start, back-start)
			if out := back - tb.st[1].Time; out > 2*time.Second {
				t.Errorf("the reset took %v", out)
			}
			missed := 0
			for i, l := range lat {
				switch {
				case l >= 0:
				case at[i] < tb.st[1].Time || at[i] >= back:
					// Before it was reported lost the dealer was not
					// yet confirming by hand; after, it reads again.
					if at[i] >= back || at[i] < start+time.Second {
						t.Errorf("card %d laid at %v not read", i, at[i]-start)
					}
					missed++
				default:
					missed++ // the dealer confirms these by hand
				}
			}
			h := tb.r.Health()
			if h.Resets != 1 || h.State != HealthOK || h.Lost != 1 || h.Misses < 3 {
				t.Errorf("health %v", h)
			}
			if tb.chip.Stats().Resets != 1 {
				t.Errorf("chip saw %d resets", tb.chip.Stats().Resets)
			}
			if !strings.Contains(tb.logs.String(), "resetting the PN532 through RSTPDN") {
				t.Errorf("reset not logged:\n%s", tb.logs)
			}
			t.Logf("%d of %d cards fell in the outage; health %v", missed, len(uids), h)
		})
	}
}

// TestModelHungChipNoResetLine: without RSTPDN wired the dealer is told to
// power-cycle the reader; once they have, it reads again.
func TestModelHungChipNoResetLine(t *testing.T) {
	tb := newTable(t, nil, false)
	tb.chip.HangAt(t0+time.Second, pn532test.HangSilent)
	var during Health
	tb.clk.At(t0+3*time.Second, func() { during = tb.r.Health() })
	tb.clk.At(t0+4*time.Second, tb.chip.PowerCycle)
	uids, at := tb.deal(t0+8*time.Second, 5, 100*time.Millisecond, 60*time.Millisecond)
	tb.run(t0 + 9*time.Second)
	if len(tb.st) != 3 || tb.st[1].State != hw.ReaderLost || tb.st[2].State != hw.ReaderOK {
		t.Fatalf("status %+v, want OK, Lost, OK", tb.st)
	}
	if !errors.Is(tb.st[1].Err, ErrPowerCycle) {
		t.Errorf("lost status %v does not tell the dealer to power-cycle", tb.st[1].Err)
	}
	if during.State != HealthPowerCycle || during.Resets != 0 || during.LastErr == nil {
		t.Errorf("health while hung: %v", during)
	}
	for i, l := range latencies(t, uids, at, tb.cards) {
		if l < 0 {
			t.Errorf("card %d not read after the power cycle", i)
		}
	}
}

// TestModelTwoCardsInField: two cards on the reader at once give one event,
// for anticollision's winner, whole; the other is reported when it lies
// alone.
func TestModelTwoCardsInField(t *testing.T) {
	tb := newTable(t, nil, false)
	a := []byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}
	b := []byte{0x04, 0x13, 0x77, 0x1A, 0x5C, 0x61, 0x80} // wins anticollision
	tb.clk.At(t0+time.Second, func() { tb.chip.PutCard(pn532test.NTAG(a)); tb.chip.PutCard(pn532test.NTAG(b)) })
	tb.clk.At(t0+2*time.Second, func() { tb.chip.RemoveCard(); tb.chip.PutCard(pn532test.NTAG(a)) })
	tb.run(t0 + 3*time.Second)
	if len(tb.cards) != 2 || !bytes.Equal(tb.cards[0].UID.Bytes(), b) || !bytes.Equal(tb.cards[1].UID.Bytes(), a) {
		t.Errorf("cards %v, want B then A", tb.cards)
	}
}

// TestModelCardsPulledMidRead: cards swiped past too fast to read every
// time, at every phase of the poll: each is read whole or not at all.
func TestModelCardsPulledMidRead(t *testing.T) {
	tb := newTable(t, nil, false)
	var uids [][]byte
	var at []time.Duration
	for i := range 60 {
		u := []byte{0x04, byte(i), 0x55, 0x1A, 0x5C, 0x61, 0x80}
		on := t0 + time.Second + time.Duration(i)*97*time.Millisecond
		dwell := time.Duration(3+i%30) * time.Millisecond
		uids, at = append(uids, u), append(at, on)
		tb.clk.At(on, func() { tb.chip.PutCard(pn532test.NTAG(u)) })
		tb.clk.At(on+dwell, tb.chip.RemoveCard)
	}
	tb.run(t0 + 8*time.Second)
	read := 0
	for _, l := range latencies(t, uids, at, tb.cards) {
		if l >= 0 {
			read++
		}
	}
	t.Logf("%d of %d brief swipes read (3..32 ms on the reader)", read, len(uids))
	if read == 0 || read == len(uids) {
		t.Errorf("%d of %d read: the swipes should straddle what a poll can catch", read, len(uids))
	}
	if h := tb.r.Health(); h.Misses != 0 || len(tb.st) != 1 {
		t.Errorf("a card pulled mid-read made polls fail: %v, status %v", h, tb.st)
	}
}

// faulty injects a bus fault every n transactions, cycling through kinds.
type faulty struct {
	*pn532test.Chip
	n, i int
}

func (f *faulty) Tx(a uint16, w, r []byte) error {
	if f.i++; f.i%f.n == 0 {
		kinds := []pn532test.Fault{pn532test.FaultAddrNACK, pn532test.FaultShortRead, pn532test.FaultCorrupt}
		f.Chip.Fail(kinds[(f.i/f.n)%len(kinds)], 1)
	}
	return f.Chip.Tx(a, w, r)
}

// TestModelBusErrors: address NACKs, short reads and corrupted bytes every
// 7th transaction through a whole deck: every card read, none twice, no
// wrong UID, and the reader never reported lost.
func TestModelBusErrors(t *testing.T) {
	tb := newTable(t, func(c *pn532test.Chip) i2c.Bus { return &faulty{Chip: c, n: 7} }, false)
	uids, at := tb.deal(t0+time.Second, 52, 100*time.Millisecond, 60*time.Millisecond)
	tb.run(t0 + 7*time.Second)
	for i, l := range latencies(t, uids, at, tb.cards) {
		if l < 0 {
			t.Errorf("card %d not read", i)
		}
	}
	h := tb.r.Health()
	if len(tb.st) != 1 || h.Lost != 0 {
		t.Errorf("bus faults reported the reader lost: %v, %v", tb.st, h)
	}
	t.Logf("health %v; chip %+v", h, tb.chip.Stats())
}
