package pn532

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

// stepClock is a Clock whose sleeps return at once, moving its time to the
// end of the sleep: a run through it takes no wall time, yet every wait the
// driver makes shows up in Now.
type stepClock struct {
	mu  sync.Mutex
	now time.Duration
}

func (c *stepClock) Now() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) SleepUntil(t time.Duration, done <-chan struct{}) bool {
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

// stampBus records when each transaction starts on clk.
type stampBus struct {
	i2c.Bus
	clk Clock
	at  []time.Duration
}

func (s *stampBus) Tx(a uint16, w, r []byte) error {
	s.at = append(s.at, s.clk.Now())
	return s.Bus.Tx(a, w, r)
}

// TestBusFreeTime: no two transactions closer than the bus-free time, the
// status byte polled once per bus-free time and no more, and the default
// is libnfc's 5 ms.
func TestBusFreeTime(t *testing.T) {
	for _, busFree := range []time.Duration{0, 2 * time.Millisecond} {
		clk := &stepClock{now: time.Hour}
		// Three "not ready" polls before the response.
		notReady := i2ctest.IO{Addr: addr, R: []byte{0x00}}
		ops := concat(setupOps(t, 1), []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(),
			notReady, notReady, notReady, statusOp(), respOp(respFirmware, fwRespFrame)})
		pb := &i2ctest.Playback{Ops: ops, DontPanic: true}
		bus := &stampBus{Bus: pb, clk: clk}
		d, err := New(bus, &Options{BusFree: busFree, Clock: clk, PassiveActivationRetries: 1})
		if err != nil {
			t.Fatal(err)
		}
		start := clk.Now()
		if _, err := d.GetFirmwareVersion(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := busFree
		if want == 0 {
			want = DefaultBusFree
		}
		if DefaultBusFree != 5*time.Millisecond {
			t.Errorf("DefaultBusFree = %v, want libnfc's 5 ms", DefaultBusFree)
		}
		for i := 1; i < len(bus.at); i++ {
			if gap := bus.at[i] - bus.at[i-1]; gap < want {
				t.Errorf("BusFree %v: transactions %d and %d %v apart", busFree, i-1, i, gap)
			}
		}
		// 8 transactions, 7 gaps after the first, which itself waited for
		// the setup's last transaction.
		if got := clk.Now() - start; got != 8*want {
			t.Errorf("BusFree %v: GetFirmwareVersion took %v, want %v (8 transactions one bus-free time apart)", busFree, got, 8*want)
		}
		closePlayback(t, pb)
	}
}

// TestStatusNACKKeepsWaiting: the PN532 NACKs its address while busy; a
// refused status read must not end the command, only the timeout may.
func TestStatusNACKKeepsWaiting(t *testing.T) {
	setup := len(setupOps(t, 1))
	ops := concat(setupOps(t, 1), []i2ctest.IO{writeOp(fwCmdFrame), statusOp(), ackOp(), statusOp(), respOp(respFirmware, fwRespFrame)})
	pb := &i2ctest.Playback{Ops: ops, DontPanic: true}
	// Status reads refused before the ACK (twice) and before the response;
	// faultyBus counts the refused ones too.
	bus := &faultyBus{Bus: pb, fail: map[int]error{setup + 1: errBus, setup + 2: errBus, setup + 5: errBus}}
	clk := &stepClock{}
	d, err := New(bus, &Options{Clock: clk, PassiveActivationRetries: 1})
	if err != nil {
		t.Fatal(err)
	}
	fw, err := d.GetFirmwareVersion(context.Background())
	if err != nil {
		t.Fatalf("a NACKed status read ended the command: %v", err)
	}
	if fw.IC != 0x32 {
		t.Errorf("firmware %v", fw)
	}
	closePlayback(t, pb)

	// A chip that never acknowledges its address: timeout, with the bus
	// error kept so the log says the chip was not there at all.
	pb = &i2ctest.Playback{Ops: concat(setupOps(t, 1), []i2ctest.IO{writeOp(fwCmdFrame), abortOp()}), DontPanic: true}
	gone := &nackStatus{Bus: pb}
	d, err = New(gone, &Options{Clock: clk, PassiveActivationRetries: 1, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	gone.on = true
	start := clk.Now()
	_, err = d.GetFirmwareVersion(context.Background())
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, errBus) {
		t.Fatalf("err = %v, want a timeout carrying the bus error", err)
	}
	if el := clk.Now() - start; el < 50*time.Millisecond {
		t.Errorf("gave up after %v, before the 50 ms timeout", el)
	}
	// 50 ms of 5 ms bus-free time: about 10 polls, not 50.
	if gone.polls < 9 || gone.polls > 12 {
		t.Errorf("%d status reads in 50 ms, want about 10", gone.polls)
	}
	closePlayback(t, pb)
}

// nackStatus refuses every 1-byte read once on is set, as a chip that
// NACKs its address would; writes go through.
type nackStatus struct {
	i2c.Bus
	on    bool
	polls int
}

func (n *nackStatus) Tx(a uint16, w, r []byte) error {
	if n.on && len(w) == 0 && len(r) == 1 {
		n.polls++
		return errBus
	}
	return n.Bus.Tx(a, w, r)
}

// TestIRQStaleLevel: right after the ACK is read the IRQ line can still be
// low; the status byte then says "not ready" (0x00). That is a wait, not a
// frame error: no abort, no resend, the response read once it is ready.
func TestIRQStaleLevel(t *testing.T) {
	notReady := i2ctest.IO{Addr: addr, R: make([]byte, 1+frameOverhead+respFirmware)}
	ops := concat(irqSetupOps(t), []i2ctest.IO{writeOp(fwCmdFrame), ackOp(), notReady, notReady,
		respOp(respFirmware, fwRespFrame)})
	pb := &i2ctest.Playback{Ops: ops, DontPanic: true}
	pin := &irqPin{level: gpio.Low}
	clk := &stepClock{}
	d, err := New(pb, &Options{IRQ: pin, Clock: clk, PassiveActivationRetries: 1, Retries: 2})
	if err != nil {
		t.Fatal(err)
	}
	fw, err := d.GetFirmwareVersion(context.Background())
	if err != nil {
		t.Fatalf("stale IRQ level: %v", err)
	}
	if fw.IC != 0x32 {
		t.Errorf("firmware %v", fw)
	}
	// The playback fails on any abort or resend the old code made.
	closePlayback(t, pb)
}
