package pn532

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

// irqPin is the PN532's IRQ output as the host sees it: a fixed level, and
// edges that never come. (gpiotest.Pin needs a module this repo does not
// pin.)
type irqPin struct {
	mu    sync.Mutex
	level gpio.Level
	pull  gpio.Pull
	edge  gpio.Edge
	inErr error
	waits int
}

func (p *irqPin) String() string   { return "IRQ" }
func (p *irqPin) Halt() error      { return nil }
func (p *irqPin) Name() string     { return "IRQ" }
func (p *irqPin) Number() int      { return 25 }
func (p *irqPin) Function() string { return "In" }
func (p *irqPin) In(pull gpio.Pull, edge gpio.Edge) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pull, p.edge = pull, edge
	return p.inErr
}
func (p *irqPin) Read() gpio.Level {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.level
}
func (p *irqPin) WaitForEdge(timeout time.Duration) bool {
	p.mu.Lock()
	p.waits++
	p.mu.Unlock()
	time.Sleep(min(timeout, time.Millisecond))
	return false
}
func (p *irqPin) Pull() gpio.Pull        { return p.pull }
func (p *irqPin) DefaultPull() gpio.Pull { return gpio.PullUp }

// irqOps is cmdOps when the IRQ line says when to read: no status polls.
func irqOps(cmd, resp []byte, respLen int) []i2ctest.IO {
	return []i2ctest.IO{writeOp(cmd), ackOp(), respOp(respLen, resp)}
}

func irqSetupOps(t testing.TB) []i2ctest.IO {
	return concat(
		[]i2ctest.IO{abortOp()},
		irqOps(fwCmdFrame, fwRespFrame, respFirmware),
		irqOps(hostFrame(t, 0x14, 0x01, 0x14, 0x01), respFrame(t, 0x15), respEmpty),
		irqOps(hostFrame(t, 0x32, 0x05, 0xFF, 0x01, 0x01), respFrame(t, 0x33), respEmpty),
	)
}

func TestIRQ(t *testing.T) {
	tests := []struct {
		name    string
		level   gpio.Level
		ops     func(t testing.TB) []i2ctest.IO
		wantErr error
		uid     []byte
	}{
		{
			name:  "ready line low",
			level: gpio.Low,
			ops: func(t testing.TB) []i2ctest.IO {
				return concat(irqOps(inListTx, inListCard(t), respInList),
					irqOps(hostFrame(t, 0x52, 0x01), respFrame(t, 0x53, 0x00), respRelease))
			},
			uid: ntagUID,
		},
		{
			name:    "line never falls",
			level:   gpio.High,
			ops:     func(t testing.TB) []i2ctest.IO { return []i2ctest.IO{writeOp(inListTx), abortOp()} },
			wantErr: ErrTimeout,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pin := &irqPin{level: gpio.Low}
			bus := &i2ctest.Playback{Ops: concat(irqSetupOps(t), tt.ops(t)), DontPanic: true}
			d, err := New(bus, &Options{IRQ: pin, Timeout: 5 * time.Millisecond, Retries: 2, PassiveActivationRetries: 1})
			if err != nil {
				t.Fatal(err)
			}
			if pin.pull != gpio.PullUp || pin.edge != gpio.FallingEdge {
				t.Errorf("IRQ set up as %v %v, want pull-up, falling edge", pin.pull, pin.edge)
			}
			pin.mu.Lock()
			pin.level = tt.level
			pin.mu.Unlock()
			uid, _, err := d.Poll(context.Background())
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if string(uid) != string(tt.uid) {
				t.Errorf("uid = % X, want % X", uid, tt.uid)
			}
			if tt.level == gpio.High && pin.waits == 0 {
				t.Error("never waited for an edge")
			}
			closePlayback(t, bus)
		})
	}
}

func TestIRQPinError(t *testing.T) {
	pinErr := errors.New("gpio: line busy")
	_, err := New(&i2ctest.Playback{DontPanic: true}, &Options{IRQ: &irqPin{inErr: pinErr}})
	if !errors.Is(err, pinErr) {
		t.Fatalf("err = %v, want the pin's error wrapped", err)
	}
}
