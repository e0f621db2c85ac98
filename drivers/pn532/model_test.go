package pn532_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/drivers/pn532/pn532test"
)

// These tests run the real driver against pn532test's model of the chip,
// both on one virtual clock whose sleeps return at once: the driver's
// waits move the time the model answers on.

type vclock struct {
	mu  sync.Mutex
	now time.Duration
}

func (c *vclock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *vclock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
	select {
	case <-done:
		return false
	default:
	}
	c.mu.Lock()
	c.now = max(c.now, t)
	c.mu.Unlock()
	return true
}

var (
	uidA = []byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}
	uidB = []byte{0x04, 0x13, 0x77, 0x1A, 0x5C, 0x61, 0x80}
)

// gapBus records the shortest time between two transactions.
type gapBus struct {
	i2c.Bus
	clk     *vclock
	last    time.Duration
	minGap  time.Duration
	started bool
}

func (g *gapBus) Tx(a uint16, w, r []byte) error {
	now := g.clk.Now()
	if g.started && (g.minGap == 0 || now-g.last < g.minGap) {
		g.minGap = now - g.last
	}
	g.started, g.last = true, now
	return g.Bus.Tx(a, w, r)
}

// rig is a model chip on a virtual clock and driver options on the same
// clock, set up as New leaves it: the chip configured.
type rig struct {
	clk  *vclock
	chip *pn532test.Chip
	opts pn532.Options
}

func newRig(t *testing.T) rig {
	t.Helper()
	clk := &vclock{now: time.Hour}
	chip := pn532test.New(clk, nil)
	opts := pn532.DefaultOptions
	opts.Clock = clk
	if _, err := pn532.New(chip, &opts); err != nil {
		t.Fatalf("New on the model: %v", err)
	}
	return rig{clk: clk, chip: chip, opts: opts}
}

// dev attaches a driver to the rig's chip, through bus if not nil.
func (r rig) dev(t *testing.T, bus i2c.Bus) *pn532.Dev {
	t.Helper()
	if bus == nil {
		bus = r.chip
	}
	d, err := pn532.Attach(bus, &r.opts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestModelPoll(t *testing.T) {
	r := newRig(t)
	bus := &gapBus{Bus: r.chip, clk: r.clk}
	d := r.dev(t, bus)
	if err := d.Reinit(); err != nil {
		t.Fatal(err)
	}
	if fw := d.Firmware(); fw.IC != 0x32 || fw.Ver != 1 || fw.Rev != 6 {
		t.Errorf("firmware %v", fw)
	}
	ctx := context.Background()
	for i, tc := range []struct {
		card []byte
		want []byte
	}{{nil, nil}, {uidA, uidA}, {nil, nil}, {uidB, uidB}} {
		r.chip.RemoveCard()
		if tc.card != nil {
			r.chip.PutCard(pn532test.NTAG(tc.card))
		}
		before, start := r.chip.Stats(), r.clk.Now()
		uid, present, err := d.Poll(ctx)
		if err != nil {
			t.Fatalf("poll %d: %v", i, err)
		}
		if present != (tc.want != nil) || !bytes.Equal(uid, tc.want) {
			t.Errorf("poll %d: % X %v, want % X", i, uid, present, tc.want)
		}
		s := r.chip.Stats()
		took := r.clk.Now() - start
		t.Logf("poll %d (card %v): %v, %d transactions, %d bytes, %d status reads",
			i, tc.card != nil, took, s.Tx-before.Tx, s.Bytes-before.Bytes, s.StatusReads-before.StatusReads)
		// Poll no harder than needed: one transaction per bus-free time.
		if maxTx := int(took/pn532.DefaultBusFree) + 1; s.Tx-before.Tx > maxTx {
			t.Errorf("poll %d: %d transactions in %v, more than one per bus-free time", i, s.Tx-before.Tx, took)
		}
	}
	if bus.minGap < pn532.DefaultBusFree {
		t.Errorf("two transactions %v apart, want at least %v", bus.minGap, pn532.DefaultBusFree)
	}
	if s := r.chip.Stats(); s.NACKs != 0 || s.Aborts != 2 {
		t.Errorf("a healthy run: %d NACKs, %d aborts (want 0 and the 2 of New and Reinit): %+v", s.NACKs, s.Aborts, s)
	}
}

// TestModelTwoCards: with MaxTg 1 the chip reports one card, whole.
func TestModelTwoCards(t *testing.T) {
	r := newRig(t)
	d := r.dev(t, nil)
	r.chip.PutCard(pn532test.NTAG(uidA))
	r.chip.PutCard(pn532test.NTAG(uidB))
	for range 3 {
		uid, ok, err := d.Poll(context.Background())
		if err != nil || !ok {
			t.Fatalf("%v %v", ok, err)
		}
		if !bytes.Equal(uid, uidB) {
			t.Errorf("uid % X, want B, anticollision's winner, every time", uid)
		}
	}
}

// TestModelCardPulledMidRead pulls the card at every moment of a poll in
// turn: the poll reports the card's own UID, nothing, or an error; never
// another UID, and the next poll finds the field empty.
func TestModelCardPulledMidRead(t *testing.T) {
	seen := map[string]int{}
	// A card read takes 50 ms of the model's time (TestModelPoll).
	for at := time.Duration(0); at < 50*time.Millisecond; at += 500 * time.Microsecond {
		r := newRig(t)
		r.chip.PutCard(pn532test.NTAG(uidA))
		d := r.dev(t, &pullBus{Bus: r.chip, clk: r.clk, at: r.clk.Now() + at, pull: r.chip.RemoveCard})
		uid, ok, err := d.Poll(context.Background())
		switch {
		case err != nil:
			seen["error"]++
		case !ok:
			seen["none"]++
		case bytes.Equal(uid, uidA):
			seen["card"]++
		default:
			t.Errorf("pulled at %v: got % X, a UID the card does not have", at, uid)
		}
		if _, ok, err := d.Poll(context.Background()); err != nil || ok {
			t.Errorf("pulled at %v: next poll %v %v, want no card and no error", at, ok, err)
		}
	}
	t.Logf("outcomes: %v", seen)
	if seen["card"] == 0 || seen["none"] == 0 {
		t.Errorf("outcomes %v: want both a card read before the pull and none after", seen)
	}
}

// pullBus calls pull at the first transaction at or after at.
type pullBus struct {
	i2c.Bus
	clk  *vclock
	at   time.Duration
	pull func()
	done bool
}

func (p *pullBus) Tx(a uint16, w, r []byte) error {
	if !p.done && p.clk.Now() >= p.at {
		p.done = true
		p.pull()
	}
	return p.Bus.Tx(a, w, r)
}

// faultAt injects f into the chip just before transaction n.
type faultAt struct {
	*pn532test.Chip
	n, i int
	f    pn532test.Fault
}

func (b *faultAt) Tx(a uint16, w, r []byte) error {
	if b.i == b.n {
		b.Chip.Fail(b.f, 1)
	}
	b.i++
	return b.Chip.Tx(a, w, r)
}

// TestModelBusFaults: an address NACK, a short read or a corrupted byte at
// each transaction of a card read in turn. The driver waits through a NACK
// while the chip is busy, asks again on a bad checksum, and never reports
// a wrong UID; the next poll reads the card.
func TestModelBusFaults(t *testing.T) {
	for _, f := range []pn532test.Fault{pn532test.FaultAddrNACK, pn532test.FaultShortRead, pn532test.FaultCorrupt} {
		errs := 0
		for n := range 12 {
			r := newRig(t)
			r.chip.PutCard(pn532test.NTAG(uidA))
			d := r.dev(t, &faultAt{Chip: r.chip, n: n, f: f})
			uid, ok, err := d.Poll(context.Background())
			if err != nil {
				errs++
				t.Logf("fault %d at tx %d: %v", f, n, err)
			} else if !ok || !bytes.Equal(uid, uidA) {
				t.Errorf("fault %d at tx %d: % X %v, want the card", f, n, uid, ok)
			}
			uid, ok, err = d.Poll(context.Background())
			if err != nil || !ok || !bytes.Equal(uid, uidA) {
				t.Errorf("fault %d at tx %d: next poll % X %v %v, want the card", f, n, uid, ok, err)
			}
		}
		t.Logf("fault %d: %d of 12 polls failed, the rest read the card", f, errs)
	}
}

// TestModelHangAndReset: a hung chip fails every poll; a pulse on RSTPDN
// and Reinit bring it back, with MxRtyPassiveActivation set again (after
// reset it is 0xFF, and a poll of an empty field would never answer).
func TestModelHangAndReset(t *testing.T) {
	for _, mode := range []pn532test.HangMode{pn532test.HangSilent, pn532test.HangHoldClock} {
		r := newRig(t)
		d := r.dev(t, nil)
		r.chip.Hang(mode)
		start := r.clk.Now()
		_, _, err := d.Poll(context.Background())
		if err == nil {
			t.Fatalf("mode %d: poll of a hung chip succeeded", mode)
		}
		if el := r.clk.Now() - start; el > 2*r.opts.Timeout {
			t.Errorf("mode %d: a poll of the hung chip took %v", mode, el)
		}
		if err := d.Reinit(); err == nil {
			t.Fatalf("mode %d: Reinit of a hung chip succeeded", mode)
		}
		rst := r.chip.RSTPDN()
		if err := rst.Out(gpio.Low); err != nil {
			t.Fatal(err)
		}
		r.clk.SleepUntil(r.clk.Now()+time.Millisecond, nil)
		if err := rst.Out(gpio.High); err != nil {
			t.Fatal(err)
		}
		if err := d.Reinit(); err != nil {
			t.Fatalf("mode %d: Reinit after reset: %v", mode, err)
		}
		if _, ok, err := d.Poll(context.Background()); err != nil || ok {
			t.Fatalf("mode %d: empty field after reset: %v %v", mode, ok, err)
		}
		r.chip.PutCard(pn532test.NTAG(uidA))
		if uid, ok, err := d.Poll(context.Background()); err != nil || !ok || !bytes.Equal(uid, uidA) {
			t.Errorf("mode %d: after reset % X %v %v", mode, uid, ok, err)
		}
	}
}

// TestModelResetWithoutReinit: the model's reset defaults are real enough
// to catch a driver that forgets to configure the chip again.
func TestModelResetWithoutReinit(t *testing.T) {
	r := newRig(t)
	d := r.dev(t, nil)
	r.chip.PowerCycle()
	r.clk.SleepUntil(r.clk.Now()+time.Second, nil)
	_, _, err := d.Poll(context.Background())
	if !errors.Is(err, pn532.ErrTimeout) {
		t.Errorf("poll after a power cycle without Reinit: %v, want a timeout (MxRty 0xFF searches forever)", err)
	}
}

// TestModelBusyNACK: a chip that NACKs its address all the while it
// searches the field (as many do) costs the driver nothing but waiting.
// With the model's default timing the driver, keeping its bus-free time,
// does not even meet it: the search is over before the first status read
// after the ACK. With a slow search (a weak field, many retries) it does.
func TestModelBusyNACK(t *testing.T) {
	for _, tc := range []struct {
		name   string
		timing pn532test.Timing
		nacks  bool
	}{
		{"default timing", pn532test.Timing{}, false},
		{"slow search", pn532test.Timing{Activate: 30 * time.Millisecond, EmptyAttempt: 20 * time.Millisecond}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := &vclock{now: time.Hour}
			chip := pn532test.New(clk, &pn532test.Options{BusyNACK: true, Timing: tc.timing})
			opts := pn532.DefaultOptions
			opts.Clock = clk
			d, err := pn532.New(chip, &opts)
			if err != nil {
				t.Fatal(err)
			}
			for i, card := range [][]byte{uidA, nil, uidB} {
				chip.RemoveCard()
				if card != nil {
					chip.PutCard(pn532test.NTAG(card))
				}
				uid, ok, err := d.Poll(context.Background())
				if err != nil || ok != (card != nil) || !bytes.Equal(uid, card) {
					t.Errorf("poll %d: % X %v %v, want % X", i, uid, ok, err, card)
				}
			}
			if s := chip.Stats(); (s.NACKs > 0) != tc.nacks {
				t.Errorf("%d NACKs while searching, want some: %v; %+v", s.NACKs, tc.nacks, s)
			}
		})
	}
}
