package lights

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestRender(t *testing.T) {
	blink := hw.Pattern{Kind: hw.Blink, Color: hw.Red, Period: ms(200)}
	pulse := hw.Pattern{Kind: hw.Pulse, Color: hw.White, Period: ms(1000)}
	const since = 5 * time.Second
	tests := []struct {
		name   string
		p      hw.Pattern
		t      time.Duration
		canDim bool
		want   hw.Color
	}{
		{"off", hw.Pattern{Kind: hw.Off, Color: hw.Red}, since, true, hw.Black},
		{"on", hw.Pattern{Kind: hw.On, Color: hw.Amber}, since + ms(3), true, hw.Amber},
		{"blink lit as soon as set", blink, since, true, hw.Red},
		{"blink lit until half period", blink, since + ms(99), true, hw.Red},
		{"blink dark for the second half", blink, since + ms(100), true, hw.Black},
		{"blink lit again next period", blink, since + ms(410), true, hw.Red},
		{"blink before since wraps", blink, since - ms(50), true, hw.Black},
		{"pulse dark at start", pulse, since, true, hw.Black},
		{"pulse full mid cycle", pulse, since + ms(500), true, hw.White},
		{"pulse half at quarter", pulse, since + ms(250), true, hw.Color{R: 127, G: 127, B: 127}},
		{"on/off pulse dark below half", pulse, since + ms(240), false, hw.Black},
		{"on/off pulse lit above half", pulse, since + ms(260), false, hw.White},
		{"on/off pulse lit until three quarters", pulse, since + ms(740), false, hw.White},
		{"on/off pulse dark after", pulse, since + ms(760), false, hw.Black},
		{"zero period draws nothing", hw.Pattern{Kind: hw.Blink, Color: hw.Red}, since, true, hw.Black},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Render(tc.p, since, tc.t, tc.canDim); got != tc.want {
				t.Errorf("Render at %v = %v, want %v", tc.t-since, got, tc.want)
			}
		})
	}
}

// counting wraps a driver and tells the test about every write.
type counting struct {
	Driver
	mu     sync.Mutex
	writes int
	shown  chan []hw.Color
}

func newCounting(d Driver) *counting { return &counting{Driver: d, shown: make(chan []hw.Color, 1000)} }

func (c *counting) Show(f []hw.Color) error {
	if err := c.Driver.Show(f); err != nil {
		return err
	}
	c.mu.Lock()
	c.writes++
	c.mu.Unlock()
	c.shown <- append([]hw.Color(nil), f...)
	return nil
}

func (c *counting) CanDim() bool {
	d, ok := c.Driver.(Dimmer)
	return ok && d.CanDim()
}

func (c *counting) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writes
}

func (c *counting) next(t *testing.T) []hw.Color {
	t.Helper()
	select {
	case f := <-c.shown:
		return f
	case <-time.After(5 * time.Second):
		t.Fatal("no frame written")
		return nil
	}
}

// quiet waits a little real time and fails if anything was written.
func (c *counting) quiet(t *testing.T) {
	t.Helper()
	select {
	case f := <-c.shown:
		t.Fatalf("unexpected write %v", f)
	case <-time.After(30 * time.Millisecond):
	}
}

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// ledPin is a gpio.PinOut that remembers its level. periph's gpiotest.Pin
// would do, but it imports clockwork, whose go.sum entry this module lacks.
type ledPin struct {
	num int
	mu  sync.Mutex
	l   gpio.Level
}

func (p *ledPin) String() string                        { return fmt.Sprintf("LED(%d)", p.num) }
func (p *ledPin) Halt() error                           { return nil }
func (p *ledPin) Name() string                          { return p.String() }
func (p *ledPin) Number() int                           { return p.num }
func (p *ledPin) Function() string                      { return "Out" }
func (p *ledPin) PWM(gpio.Duty, physic.Frequency) error { return errors.New("no PWM") }

func (p *ledPin) Out(l gpio.Level) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.l = l
	return nil
}

func (p *ledPin) Read() gpio.Level {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.l
}

func newPins(n int) ([]*ledPin, []gpio.PinOut) {
	var fakes []*ledPin
	var outs []gpio.PinOut
	for i := range n {
		p := &ledPin{num: i, l: gpio.High} // unknown state at start
		fakes = append(fakes, p)
		outs = append(outs, p)
	}
	return fakes, outs
}

func levels(pins []*ledPin) []gpio.Level {
	var out []gpio.Level
	for _, p := range pins {
		out = append(out, p.Read())
	}
	return out
}

func TestGPIOLevelsOverTime(t *testing.T) {
	const t0 = 10 * time.Second
	clk := hwtest.NewManual(t0)
	pins, outs := newPins(3)
	g, err := NewGPIO(outs)
	if err != nil {
		t.Fatal(err)
	}
	drv := newCounting(g)
	// Seat 4's LED is pin 0, seat 1's is pin 1, seat 2's is pin 2.
	e, err := New(drv, map[int]int{4: 0, 1: 1, 2: 2}, Options{Clock: clk, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	drv.next(t) // the first frame puts every light in a known state: off
	if got := levels(pins); got[0] || got[1] || got[2] {
		t.Fatalf("start levels %v, want all low", got)
	}
	mustSet(t, e, 1, hw.Pattern{Kind: hw.On, Color: hw.Green})
	mustSet(t, e, 2, hw.Pattern{Kind: hw.Blink, Color: hw.Red, Period: ms(200)})
	mustSet(t, e, 4, hw.Pattern{Kind: hw.Pulse, Color: hw.Blue, Period: ms(400)})

	steps := []struct {
		at   time.Duration
		want []gpio.Level // pins 0, 1, 2
	}{
		{ms(20), []gpio.Level{gpio.Low, gpio.High, gpio.High}},
		{ms(120), []gpio.Level{gpio.High, gpio.High, gpio.Low}}, // pulse past its quarter, blink in its dark half
		{ms(220), []gpio.Level{gpio.High, gpio.High, gpio.High}},
		{ms(320), []gpio.Level{gpio.Low, gpio.High, gpio.Low}},
	}
	for _, s := range steps {
		clk.Set(t0 + s.at)
		drv.next(t)
		if got := levels(pins); !equalLevels(got, s.want) {
			t.Errorf("at +%v: levels %v, want %v", s.at, got, s.want)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if got := levels(pins); got[0] || got[1] || got[2] {
		t.Errorf("after Close levels %v, want all low", got)
	}
}

func equalLevels(a, b []gpio.Level) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func mustSet(t *testing.T, e *Engine, seat int, p hw.Pattern) {
	t.Helper()
	if err := e.Set(seat, p); err != nil {
		t.Fatal(err)
	}
}

func TestRateCapCoalesces(t *testing.T) {
	const t0 = time.Second
	clk := hwtest.NewManual(t0)
	_, outs := newPins(2)
	g, err := NewGPIO(outs)
	if err != nil {
		t.Fatal(err)
	}
	drv := newCounting(g)
	e, err := New(drv, map[int]int{1: 0, 2: 1}, Options{Clock: clk, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	drv.next(t)
	// 100 changes inside one frame interval (the clock does not move).
	for i := range 100 {
		kind := hw.On
		if i%2 == 1 {
			kind = hw.Off
		}
		mustSet(t, e, 1+i%2, hw.Pattern{Kind: kind, Color: hw.White})
	}
	drv.quiet(t)
	clk.Set(t0 + ms(20)) // next frame slot at 50 frames/s
	if got, want := drv.next(t), []hw.Color{hw.White, hw.Black}; !equalColors(got, want) {
		t.Errorf("coalesced frame %v, want %v (the last Set of each seat)", got, want)
	}
	// Nothing changed: frames pass with no write.
	for i := 2; i < 6; i++ {
		clk.Set(t0 + ms(20*i))
	}
	drv.quiet(t)
	if n := drv.count(); n != 2 {
		t.Errorf("%d writes, want 2 (the first dark frame and one for 100 Sets)", n)
	}
}

func equalColors(a, b []hw.Color) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// apa102Frame is how periph writes a frame with the global PWM at full and
// neutral colour temperature: a zero start frame, then per pixel 0xFF and
// B, G, R scaled by brightness/255, then 0xFF end bytes (n/16+1).
func apa102Frame(frame []hw.Color, brightness int) []byte {
	s := func(v uint8) byte { return byte((int(v)*brightness + 127) / 255) }
	out := []byte{0, 0, 0, 0}
	for _, c := range frame {
		out = append(out, 0xFF, s(c.B), s(c.G), s(c.R))
	}
	for range len(frame)/16 + 1 {
		out = append(out, 0xFF)
	}
	return out
}

// ws2812Frame is the NRZ encoding on SPI at 2.5 MHz: each data bit is four
// SPI bits, 1110 for a one and 1000 for a zero, in G, R, B order, MSB first,
// with three zero bytes of reset before and after.
func ws2812Frame(frame []hw.Color) []byte {
	out := []byte{0, 0, 0}
	enc := func(v uint8) {
		for i := 7; i >= 0; i -= 2 {
			hi, lo := byte(0x8), byte(0x8)
			if v>>i&1 == 1 {
				hi = 0xE
			}
			if v>>(i-1)&1 == 1 {
				lo = 0xE
			}
			out = append(out, hi<<4|lo)
		}
	}
	for _, c := range frame {
		enc(c.G)
		enc(c.R)
		enc(c.B)
	}
	return append(out, 0, 0, 0)
}

func TestStripBytes(t *testing.T) {
	frame := make([]hw.Color, 12)
	frame[0] = hw.Red
	frame[3] = hw.Color{R: 0x12, G: 0x34, B: 0x56}
	frame[11] = hw.Amber
	tests := []struct {
		name string
		open func(*spitest.Record) (*Strip, error)
		want []byte
	}{
		{"APA102 full", func(r *spitest.Record) (*Strip, error) { return NewAPA102(r, 12, 255) }, apa102Frame(frame, 255)},
		{"APA102 half", func(r *spitest.Record) (*Strip, error) { return NewAPA102(r, 12, 128) }, apa102Frame(frame, 128)},
		{"WS2812 full", func(r *spitest.Record) (*Strip, error) { return NewWS2812(r, 12, 255) }, ws2812Frame(frame)},
		{"WS2812 half", func(r *spitest.Record) (*Strip, error) { return NewWS2812(r, 12, 128) }, ws2812Frame(scaled(frame, 128))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &spitest.Record{}
			s, err := tc.open(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Show(frame); err != nil {
				t.Fatal(err)
			}
			if len(rec.Ops) != 1 {
				t.Fatalf("%d SPI transfers, want 1", len(rec.Ops))
			}
			if got := rec.Ops[0].W; !bytes.Equal(got, tc.want) {
				t.Errorf("wrote\n% x\nwant\n% x", got, tc.want)
			}
		})
	}
}

func scaled(f []hw.Color, k uint8) []hw.Color {
	out := make([]hw.Color, len(f))
	for i, c := range f {
		out[i] = hw.Color{R: uint8((int(c.R)*int(k) + 127) / 255), G: uint8((int(c.G)*int(k) + 127) / 255), B: uint8((int(c.B)*int(k) + 127) / 255)}
	}
	return out
}

// Seat → pixel mapping, and Close leaving the strip dark.
func TestEngineOnAPA102(t *testing.T) {
	clk := hwtest.NewManual(time.Second)
	rec := &spitest.Record{}
	s, err := NewAPA102(rec, 4, 255)
	if err != nil {
		t.Fatal(err)
	}
	drv := newCounting(s)
	e, err := New(drv, map[int]int{1: 3, 2: 0}, Options{Clock: clk, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	drv.next(t)
	mustSet(t, e, 1, hw.Pattern{Kind: hw.On, Color: hw.Violet})
	mustSet(t, e, 2, hw.Pattern{Kind: hw.On, Color: hw.Green})
	clk.Set(time.Second + ms(20))
	drv.next(t)
	if got, want := rec.Ops[len(rec.Ops)-1].W, apa102Frame([]hw.Color{hw.Green, {}, {}, hw.Violet}, 255); !bytes.Equal(got, want) {
		t.Errorf("wrote % x, want % x", got, want)
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := rec.Ops[len(rec.Ops)-1].W, apa102Frame(make([]hw.Color, 4), 255); !bytes.Equal(got, want) {
		t.Errorf("after Close wrote % x, want all dark % x", got, want)
	}
	if err := e.Set(1, hw.Pattern{Kind: hw.On}); err == nil {
		t.Error("Set after Close succeeded")
	}
}

type failing struct{ n int }

func (f *failing) Len() int                    { return f.n }
func (f *failing) Show(frame []hw.Color) error { return errors.New("spi: bus gone") }

func TestBadInput(t *testing.T) {
	clk := hwtest.NewManual(0)
	_, outs := newPins(2)
	g, err := NewGPIO(outs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(g, map[int]int{1: 0, 2: 0}, Options{Clock: clk}); err == nil {
		t.Error("New with one light for two seats succeeded")
	}
	if _, err := New(g, map[int]int{1: 2}, Options{Clock: clk}); err == nil {
		t.Error("New with a light past the driver's end succeeded")
	}
	if _, err := New(g, map[int]int{13: 0}, Options{Clock: clk}); err == nil {
		t.Error("New with seat 13 succeeded")
	}
	if _, err := New(g, map[int]int{1: 0}, Options{}); err == nil {
		t.Error("New without a clock succeeded")
	}
	if _, err := NewGPIO([]gpio.PinOut{nil}); err == nil {
		t.Error("NewGPIO with a nil pin succeeded")
	}
	if _, err := NewAPA102(&spitest.Record{}, 0, 255); err == nil {
		t.Error("NewAPA102 with no pixels succeeded")
	}
	e, err := New(g, map[int]int{1: 0}, Options{Clock: clk, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	bad := []struct {
		seat int
		p    hw.Pattern
	}{
		{2, hw.Pattern{Kind: hw.On}},                   // no light for seat 2
		{0, hw.Pattern{Kind: hw.On}},                   // no seat 0
		{99, hw.Pattern{Kind: hw.On}},                  // out of range
		{1, hw.Pattern{Kind: hw.Blink, Color: hw.Red}}, // no period
		{1, hw.Pattern{Kind: hw.Pulse, Period: -1}},    // negative period
		{1, hw.Pattern{Kind: hw.PatternKind(7)}},       // unknown kind
	}
	for _, b := range bad {
		if err := e.Set(b.seat, b.p); err == nil {
			t.Errorf("Set(%d, %+v) succeeded", b.seat, b.p)
		}
	}
}

func TestWriteErrorsAreReported(t *testing.T) {
	clk := hwtest.NewManual(0)
	e, err := New(&failing{n: 1}, map[int]int{1: 0}, Options{Clock: clk, Logger: discard()})
	if err != nil {
		t.Fatal(err)
	}
	// The engine sleeps to the next frame slot only once the first frame
	// was tried (and failed).
	if !clk.WaitForSleepers(1, timeout(t)) {
		t.Fatal("the engine never tried its first frame")
	}
	if err := e.Close(); err == nil || !bytes.Contains([]byte(err.Error()), []byte("bus gone")) {
		t.Errorf("Close = %v, want the write error", err)
	}
}

// timeout is closed after 5 s, so a wait that never ends fails the test
// instead of hanging it.
func timeout(t *testing.T) <-chan struct{} {
	t.Helper()
	ch := make(chan struct{})
	tm := time.AfterFunc(5*time.Second, func() { close(ch) })
	t.Cleanup(func() { tm.Stop() })
	return ch
}

// speedPort is an SPI port that keeps the two speeds periph's sysfs driver
// combines: the port's limit (LimitSpeed, from the config's speed_hz) and
// the device's own (Connect); the transfer runs at the lower.
type speedPort struct {
	spitest.Record
	limit, conn physic.Frequency
}

func (p *speedPort) LimitSpeed(f physic.Frequency) error { p.limit = f; return nil }
func (p *speedPort) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	p.conn = f
	return p.Record.Connect(f, m, bits)
}
func (p *speedPort) effective() physic.Frequency {
	if p.limit != 0 && p.limit < p.conn {
		return p.limit
	}
	return p.conn
}

// bcmSPIClock is the clock the BCM283x SPI controller really makes for a
// wanted f: its core clock divided by an even divisor, rounded up so the
// result never exceeds f (the kernel's spi-bcm2835).
func bcmSPIClock(core, f physic.Frequency) physic.Frequency {
	div := (core + f - 1) / f
	div += div % 2
	return core / div
}

// TestWS2812Speed: nrzled's bit timing is 4 SPI bits a data bit at exactly
// 2.5 MHz, so the config's speed cap must not lower it: the old default,
// 2.4 MHz, came out as 2.36 MHz on a 250 MHz core, shifting every bit.
// 2.5 MHz divides the core clocks config.txt pins (250 MHz on a Pi 3 and
// Zero 2 W, 500 on a Pi 4) exactly.
func TestWS2812Speed(t *testing.T) {
	p := &speedPort{}
	if err := p.LimitSpeed(physic.Frequency(config.DefaultWS2812SpeedHz) * physic.Hertz); err != nil {
		t.Fatal(err)
	}
	s, err := NewWS2812(p, 8, 255)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Show(make([]hw.Color, 8)); err != nil {
		t.Fatal(err)
	}
	const want = 2500 * physic.KiloHertz
	if p.conn != want || p.effective() != want {
		t.Errorf("connect %v, limit %v: runs at %v, want %v", p.conn, p.limit, p.effective(), want)
	}
	if w := p.Ops[0].W; len(w) != 3+8*3*4+3 {
		t.Errorf("%d bytes for 8 pixels, want 4 SPI bytes per colour byte and 3+3 of reset", len(w))
	}
	for _, core := range []physic.Frequency{250 * physic.MegaHertz, 500 * physic.MegaHertz} {
		if got := bcmSPIClock(core, want); got != want {
			t.Errorf("a %v core makes %v for %v", core, got, want)
		}
	}
	if got := bcmSPIClock(250*physic.MegaHertz, 2400*physic.KiloHertz); got >= 2360*physic.KiloHertz || got < 2350*physic.KiloHertz {
		t.Errorf("2.4 MHz on a 250 MHz core = %v, want about 2.358 MHz (250/106)", got)
	}
}
