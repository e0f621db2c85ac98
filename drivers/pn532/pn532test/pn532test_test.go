package pn532test

import (
	"bytes"
	"errors"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// stepClock is a virtual clock whose sleeps return at once with the time
// moved on; the driver sleeps on it and the model reads it.
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

func (c *stepClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now += d
	c.mu.Unlock()
}

var (
	uidA = []byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}
	uidB = []byte{0x04, 0x13, 0x77, 0x1A, 0x5C, 0x61, 0x80}
)

func hostFrame(data ...byte) []byte {
	n := 1 + len(data)
	f := []byte{0x00, 0x00, 0xFF, byte(n), byte(-n), 0xD4}
	sum := byte(0xD4)
	for _, b := range data {
		sum += b
	}
	return append(append(f, data...), -sum, 0x00)
}

// read reads n bytes from the chip at the default address.
func read(t *testing.T, c *Chip, n int) []byte {
	t.Helper()
	r := make([]byte, n)
	if err := c.Tx(DefaultAddr, nil, r); err != nil {
		t.Fatalf("read %d: %v", n, err)
	}
	return r
}

func write(t *testing.T, c *Chip, w []byte) {
	t.Helper()
	if err := c.Tx(DefaultAddr, w, nil); err != nil {
		t.Fatalf("write % X: %v", w, err)
	}
}

// TestHostLink walks GetFirmwareVersion byte by byte as UM0701-02 §6.2
// describes it: status 0x00 while busy, the ACK, then the response frame
// with its checksums, each behind a ready status byte.
func TestHostLink(t *testing.T) {
	clk := &stepClock{}
	c := New(clk, nil)
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Errorf("idle status = %02X, want 00", got[0])
	}
	write(t, c, hostFrame(0x02))
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Errorf("status right after the command = %02X, want 00 (busy)", got[0])
	}
	clk.advance(DefaultTiming.ACK)
	if got := read(t, c, 1); got[0] != 0x01 {
		t.Errorf("status after %v = %02X, want 01", DefaultTiming.ACK, got[0])
	}
	if got, want := read(t, c, 7), append([]byte{0x01}, ackFrame...); !bytes.Equal(got, want) {
		t.Errorf("ACK read % X, want % X", got, want)
	}
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Errorf("status before the response = %02X, want 00", got[0])
	}
	clk.advance(DefaultTiming.Command)
	want := []byte{0x01, 0x00, 0x00, 0xFF, 0x06, 0xFA, 0xD5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xE8, 0x00, 0x00}
	// A read too short for the frame does not consume it.
	if got := read(t, c, 6); !bytes.Equal(got, want[:6]) {
		t.Errorf("short read % X, want % X", got, want[:6])
	}
	if got := read(t, c, len(want)); !bytes.Equal(got, want) {
		t.Errorf("response % X, want % X", got, want)
	}
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Errorf("status after the response was read = %02X, want 00", got[0])
	}
	// NACK from the host: the same frame again.
	write(t, c, nackFrame)
	clk.advance(DefaultTiming.ACK)
	if got := read(t, c, len(want)); !bytes.Equal(got, want) {
		t.Errorf("after NACK % X, want % X", got, want)
	}
	s := c.Stats()
	if s.Commands != 1 || s.Resends != 1 || s.Tx != 11 {
		t.Errorf("stats %+v", s)
	}
}

func TestBadFramesAndCommands(t *testing.T) {
	tests := []struct {
		name string
		w    []byte
		want []byte // frame after the ACK; nil: no ACK at all
	}{
		{"bad LCS", []byte{0x00, 0x00, 0xFF, 0x02, 0xFF, 0xD4, 0x02, 0x2A, 0x00}, nil},
		{"bad DCS", []byte{0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2B, 0x00}, nil},
		{"PN532's own TFI", []byte{0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD5, 0x02, 0x29, 0x00}, nil},
		{"no start code", []byte{0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00}, nil},
		{"unknown command", hostFrame(0x99), syntaxFrame},
		{"SAMConfiguration mode 0", hostFrame(0x14, 0x00), syntaxFrame},
		{"SAMConfiguration normal", hostFrame(0x14, 0x01, 0x14, 0x01), responseFrame(0x15)},
		{"MaxRetries too short", hostFrame(0x32, 0x05, 0xFF), syntaxFrame},
		{"InListPassiveTarget MaxTg 3", hostFrame(0x4A, 0x03, 0x00), syntaxFrame},
		{"InListPassiveTarget type B", hostFrame(0x4A, 0x01, 0x03, 0x00), responseFrame(0x4B, 0x00)},
		{"InRelease", hostFrame(0x52, 0x01), responseFrame(0x53, 0x00)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &stepClock{}
			c := New(clk, nil)
			write(t, c, tt.w)
			clk.advance(time.Second)
			got := read(t, c, 7)
			if tt.want == nil {
				if got[0] != 0x00 {
					t.Fatalf("got % X, want no ACK", got)
				}
				return
			}
			if !bytes.Equal(got[1:], ackFrame) {
				t.Fatalf("got % X, want ACK", got)
			}
			clk.advance(time.Second)
			got = read(t, c, 1+len(tt.want))
			if !bytes.Equal(got[1:], tt.want) {
				t.Errorf("got % X, want % X", got[1:], tt.want)
			}
		})
	}
}

// TestAbort: an ACK from the host drops the command; nothing is left to
// read.
func TestAbort(t *testing.T) {
	clk := &stepClock{}
	c := New(clk, nil)
	write(t, c, hostFrame(0x4A, 0x01, 0x00)) // MxRty 0xFF after reset: searches forever
	clk.advance(time.Millisecond)
	read(t, c, 7)
	clk.advance(time.Second)
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Fatalf("an empty field answered InListPassiveTarget with MxRty 0xFF: % X", got)
	}
	write(t, c, ackFrame)
	clk.advance(time.Second)
	c.PutCard(NTAG(uidA))
	clk.advance(time.Second)
	if got := read(t, c, 1); got[0] != 0x00 {
		t.Errorf("aborted command answered: % X", got)
	}
}

// inList runs one InListPassiveTarget by hand and returns the response
// parameters after the code, with the time it took to be ready.
func inList(t *testing.T, c *Chip, clk *stepClock, maxTg byte, during func(elapsed time.Duration)) ([]byte, time.Duration) {
	t.Helper()
	start := clk.Now()
	write(t, c, hostFrame(0x4A, maxTg, 0x00))
	for {
		clk.advance(500 * time.Microsecond)
		if during != nil {
			during(clk.Now() - start)
		}
		if read(t, c, 1)[0] == 0x01 {
			break
		}
	}
	read(t, c, 7)
	for {
		if read(t, c, 1)[0] == 0x01 {
			break
		}
		if clk.Now()-start > time.Second {
			t.Fatal("no response within a second")
		}
		clk.advance(500 * time.Microsecond)
		if during != nil {
			during(clk.Now() - start)
		}
	}
	took := clk.Now() - start
	r := read(t, c, 64)
	n := int(r[4])
	return r[8 : 6+n], took
}

func TestInListPassiveTarget(t *testing.T) {
	setRetries := func(t *testing.T, c *Chip, clk *stepClock, mx byte) {
		write(t, c, hostFrame(0x32, 0x05, 0xFF, 0x01, mx))
		clk.advance(10 * time.Millisecond)
		read(t, c, 7)
		clk.advance(10 * time.Millisecond)
		read(t, c, 16)
	}
	t.Run("one card", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 1)
		c.PutCard(NTAG(uidA))
		got, took := inList(t, c, clk, 1, nil)
		want := append([]byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x07}, uidA...)
		if !bytes.Equal(got, want) {
			t.Errorf("got % X, want % X", got, want)
		}
		if lo := DefaultTiming.ACK + DefaultTiming.Activate; took < lo || took > lo+time.Millisecond {
			t.Errorf("took %v, want about %v", took, lo)
		}
	})
	t.Run("empty field, MxRty 1", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 1)
		got, took := inList(t, c, clk, 1, nil)
		if !bytes.Equal(got, []byte{0x00}) {
			t.Errorf("got % X, want NbTg 0", got)
		}
		if lo := DefaultTiming.ACK + 2*DefaultTiming.EmptyAttempt; took < lo || took > lo+time.Millisecond {
			t.Errorf("took %v, want about %v (two attempts)", took, lo)
		}
	})
	t.Run("two cards, MaxTg 1: anticollision picks one", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 1)
		c.PutCard(NTAG(uidA))
		c.PutCard(NTAG(uidB))
		got, _ := inList(t, c, clk, 1, nil)
		// Cascade level 1: 88 04 A2 2B against 88 04 13 77. 0xA2 ^ 0x13
		// = 0xB1: bit 0 differs first on the air, and B (0x13) has the 1.
		want := append([]byte{0x01, 0x01, 0x00, 0x44, 0x00, 0x07}, uidB...)
		if !bytes.Equal(got, want) {
			t.Errorf("got % X, want % X", got, want)
		}
		c.RemoveCard()
		c.PutCard(NTAG(uidB))
		c.PutCard(NTAG(uidA))
		if got2, _ := inList(t, c, clk, 1, nil); !bytes.Equal(got2, want) {
			t.Errorf("order of arrival changed the winner: % X", got2)
		}
	})
	t.Run("two cards, MaxTg 2", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 1)
		c.PutCard(NTAG(uidA))
		c.PutCard(NTAG(uidB))
		got, _ := inList(t, c, clk, 2, nil)
		if got[0] != 2 || got[1] != 1 || !bytes.Equal(got[6:13], uidB) || got[13] != 2 || !bytes.Equal(got[18:25], uidA) {
			t.Errorf("got % X, want both, B first", got)
		}
	})
	t.Run("card pulled mid-activation", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 1)
		c.PutCard(NTAG(uidA))
		pulled := false
		got, _ := inList(t, c, clk, 1, func(el time.Duration) {
			if !pulled && el > DefaultTiming.ACK+DefaultTiming.Activate/2 {
				c.RemoveCard()
				pulled = true
			}
		})
		if !bytes.Equal(got, []byte{0x00}) {
			t.Errorf("got % X, want NbTg 0: a broken-off activation reports nothing", got)
		}
	})
	t.Run("card arrives during the empty attempts", func(t *testing.T) {
		clk := &stepClock{}
		c := New(clk, nil)
		setRetries(t, c, clk, 3)
		put := false
		got, _ := inList(t, c, clk, 1, func(el time.Duration) {
			if !put && el >= 2*time.Millisecond {
				c.PutCard(NTAG(uidA))
				put = true
			}
		})
		if got[0] != 1 || !bytes.Equal(got[6:], uidA) {
			t.Errorf("got % X, want the card found on a later attempt", got)
		}
	})
}

func TestHangAndReset(t *testing.T) {
	for _, mode := range []HangMode{HangSilent, HangHoldClock} {
		clk := &stepClock{}
		c := New(clk, nil)
		c.HangAt(time.Second, mode)
		write(t, c, ackFrame)
		clk.advance(time.Second)
		err := c.Tx(DefaultAddr, nil, make([]byte, 1))
		wantErr := map[HangMode]error{HangSilent: ErrAddrNACK, HangHoldClock: ErrBusStuck}[mode]
		if !errors.Is(err, wantErr) {
			t.Fatalf("mode %d: err = %v, want %v", mode, err, wantErr)
		}
		other := c.Tx(0x50, nil, make([]byte, 1))
		if mode == HangHoldClock && !errors.Is(other, ErrBusStuck) {
			t.Errorf("held clock: another address got %v, want the bus stuck", other)
		}
		if !c.Hung() {
			t.Error("Hung() = false")
		}
		rst := c.RSTPDN()
		if err := rst.Out(gpio.Low); err != nil {
			t.Fatal(err)
		}
		clk.advance(time.Millisecond)
		if err := c.Tx(DefaultAddr, nil, make([]byte, 1)); !errors.Is(err, ErrAddrNACK) {
			t.Errorf("in reset: err = %v, want NACK", err)
		}
		if err := rst.Out(gpio.High); err != nil {
			t.Fatal(err)
		}
		if err := c.Tx(DefaultAddr, nil, make([]byte, 1)); !errors.Is(err, ErrAddrNACK) {
			t.Errorf("booting: err = %v, want NACK", err)
		}
		clk.advance(DefaultTiming.Boot)
		if err := c.Tx(DefaultAddr, nil, make([]byte, 1)); err != nil {
			t.Errorf("after boot: %v", err)
		}
		if c.Hung() || c.Stats().Resets != 1 {
			t.Errorf("after reset: hung %v, stats %+v", c.Hung(), c.Stats())
		}
	}
}

func TestFaults(t *testing.T) {
	clk := &stepClock{}
	c := New(clk, nil)
	c.Fail(FaultAddrNACK, 1)
	if err := c.Tx(DefaultAddr, ackFrame, nil); !errors.Is(err, ErrAddrNACK) {
		t.Errorf("err = %v, want NACK", err)
	}
	write(t, c, hostFrame(0x02))
	clk.advance(time.Millisecond)
	c.Fail(FaultShortRead, 1)
	c.Fail(FaultCorrupt, 1)
	if got := read(t, c, 7); !bytes.Equal(got, []byte{0x01, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF}) {
		t.Errorf("short read % X", got)
	}
	// The chip sent its frame; a NACK has it sent again, corrupted now.
	write(t, c, nackFrame)
	clk.advance(time.Millisecond)
	got := read(t, c, 7)
	if got[0] != 0x01 || bytes.Equal(got[1:], ackFrame) {
		t.Errorf("corrupted read % X came through clean", got)
	}
	if s := c.Stats(); s.NACKs != 1 {
		t.Errorf("stats %+v", s)
	}
}

// TestLongSession: hours of cards coming and going keep the field's
// history bounded, and a search under way still sees the changes it needs.
func TestLongSession(t *testing.T) {
	clk := &stepClock{}
	c := New(clk, nil)
	write(t, c, hostFrame(0x32, 0x05, 0xFF, 0x01, 0x01))
	clk.advance(10 * time.Millisecond)
	read(t, c, 7)
	clk.advance(10 * time.Millisecond)
	read(t, c, 16)
	for i := range 10000 {
		c.PutCard(NTAG([]byte{0x04, byte(i), byte(i >> 8), 0x1A, 0x5C, 0x61, 0x80}))
		clk.advance(time.Millisecond)
		c.RemoveCard()
		clk.advance(time.Millisecond)
	}
	c.mu.Lock()
	n := len(c.field)
	c.mu.Unlock()
	if n > maxHistory {
		t.Errorf("%d field events kept, want at most %d", n, maxHistory)
	}
	// A search whose first attempt starts (1 ms in) with a card laid
	// 0.5 ms in, and a burst of changes after it but before the host
	// asks: the answer, worked out when asked, still sees card A.
	write(t, c, hostFrame(0x4A, 0x01, 0x00))
	clk.advance(500 * time.Microsecond)
	c.PutCard(NTAG(uidA))
	clk.advance(500 * time.Microsecond)
	read(t, c, 7) // the ACK
	clk.advance(time.Second)
	for range 2 * maxHistory {
		c.PutCard(NTAG(uidB))
		c.RemoveCard()
		clk.advance(time.Microsecond)
	}
	r := read(t, c, 64)
	if r[0] != 0x01 || r[7] != 0x4B || r[8] != 0x01 || !bytes.Equal(r[14:21], uidA) {
		t.Errorf("response % X, want card A", r[:24])
	}
}
