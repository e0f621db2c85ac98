package pn532

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
)

// loopBus plays a transcript over and over, checking writes as Playback
// does, so a benchmark can run one exchange b.N times.
type loopBus struct {
	ops []i2ctest.IO
	i   int
}

func (l *loopBus) String() string { return "loop" }

func (l *loopBus) Tx(a uint16, w, r []byte) error {
	op := l.ops[l.i]
	l.i = (l.i + 1) % len(l.ops)
	if a != op.Addr || !bytes.Equal(w, op.W) || len(r) != len(op.R) {
		return fmt.Errorf("loop: unexpected Tx(%#x, % X, %d bytes)", a, w, len(r))
	}
	copy(r, op.R)
	return nil
}

func (l *loopBus) SetSpeed(physic.Frequency) error { return nil }

// countBus counts transactions, bytes and the I²C bit times they take, so
// bus occupancy can be reported from the traffic the driver really makes.
type countBus struct {
	i2c.Bus
	tx, bytes, bits int
}

func (c *countBus) Tx(a uint16, w, r []byte) error {
	c.tx++
	c.bytes += len(w) + len(r)
	// START, address+R/W with its ACK bit, 9 clocks per data byte, STOP;
	// a write-then-read adds a repeated START and a second address byte.
	c.bits += 1 + 9 + 9*(len(w)+len(r)) + 1
	if len(w) != 0 && len(r) != 0 {
		c.bits += 1 + 9
	}
	return c.Bus.Tx(a, w, r)
}

// BenchmarkPoll measures one card read as the reader service makes it.
// Beyond ns/op (host CPU, with a bus that answers at once) it reports the
// bus traffic per read and what that costs on the Pi's 100 kHz bus: the time the
// I²C bus is busy for one read, which is the figure to compare with the
// 100 ms between cards of a dealer dealing 10 a second. The PN532's own RF
// time (a few ms to activate a tag) is not bus time: during it the host
// only polls the status byte, 2 bytes every bus-free time (5 ms). The
// driver runs on a clock whose sleeps return at once, so ns/op stays the
// host's CPU time; pn532test's BenchmarkReadThroughModel gives the timings.
func BenchmarkPoll(b *testing.B) {
	cases := []struct {
		name string
		ops  func(b *testing.B) []i2ctest.IO
	}{
		{"card", func(b *testing.B) []i2ctest.IO {
			return concat(cmdOps(inListTx, inListCard(b), respInList),
				cmdOps(hostFrame(b, 0x52, 0x01), respFrame(b, 0x53, 0x00), respRelease))
		}},
		{"none", func(b *testing.B) []i2ctest.IO { return cmdOps(inListTx, inListNone(b), respInList) }},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			setup := &i2ctest.Playback{Ops: setupOps(b, DefaultOptions.PassiveActivationRetries)}
			bus := &countBus{Bus: setup}
			opts := DefaultOptions
			opts.Clock = &stepClock{}
			d, err := New(bus, &opts)
			if err != nil {
				b.Fatal(err)
			}
			bus.Bus = &loopBus{ops: bc.ops(b)}
			bus.tx, bus.bytes, bus.bits = 0, 0, 0
			ctx := context.Background()
			wantPresent := bc.name == "card"
			b.ReportAllocs()
			for b.Loop() {
				_, present, err := d.Poll(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if present != wantPresent {
					b.Fatalf("present = %v, want %v", present, wantPresent)
				}
			}
			n := float64(b.N)
			b.ReportMetric(float64(bus.tx)/n, "tx/op")
			b.ReportMetric(float64(bus.bytes)/n, "bytes/op")
			const hz = 100e3
			b.ReportMetric(float64(bus.bits)/n/hz*1e6, "bus-us@100kHz/op")
		})
	}
}
