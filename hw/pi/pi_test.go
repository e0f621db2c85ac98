package pi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/buttons"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/sound"
)

func press(k time.Duration) hw.ButtonEvent   { return hw.ButtonEvent{Seat: 2, Press: true, Kernel: k} }
func release(k time.Duration) hw.ButtonEvent { return hw.ButtonEvent{Seat: 2, Kernel: k} }

func TestLongPress(t *testing.T) {
	ms := time.Millisecond
	type step struct {
		ev      *hw.ButtonEvent
		advance time.Duration // when ev is nil
		want    hw.Control    // 0: nothing
		kernel  time.Duration
	}
	ev := func(e hw.ButtonEvent) *hw.ButtonEvent { return &e }
	tests := []struct {
		name  string
		steps []step
	}{
		{"tap pauses", []step{{ev: ev(press(100 * ms))}, {ev: ev(release(250 * ms)), want: hw.ControlPause, kernel: 100 * ms}}},
		{"just short of the hold pauses", []step{{ev: ev(press(0))}, {ev: ev(release(599 * ms)), want: hw.ControlPause}}},
		{"held past the hold, released before the timer: dispute", []step{
			{ev: ev(press(0))}, {ev: ev(release(620 * ms)), want: hw.ControlDispute}}},
		{"timer calls the dispute while held, release adds nothing", []step{
			{ev: ev(press(10 * ms))}, {advance: 500 * ms}, {advance: 660 * ms, want: hw.ControlDispute, kernel: 10 * ms},
			{advance: 2000 * ms}, {ev: ev(release(3000 * ms))}}},
		{"release before the grace ends wins over the timer", []step{
			{ev: ev(press(0))}, {ev: ev(release(580 * ms)), want: hw.ControlPause}, {advance: 700 * ms}}},
		{"a release with no press is ignored", []step{{ev: ev(release(5 * ms))}}},
		{"two taps, two pauses", []step{
			{ev: ev(press(0))}, {ev: ev(release(50 * ms)), want: hw.ControlPause},
			{ev: ev(press(200 * ms))}, {ev: ev(release(260 * ms)), want: hw.ControlPause, kernel: 200 * ms}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lp := longPress{hold: DefaultLongPress, grace: 50 * ms}
			for i, s := range tt.steps {
				var c hw.PanelEvent
				var ok bool
				if s.ev != nil {
					c, ok = lp.feed(*s.ev)
				} else {
					c, ok = lp.advance(s.advance)
				}
				if got := map[bool]hw.Control{true: c.Control}[ok]; got != s.want {
					t.Fatalf("step %d: control %v, want %v", i, got, s.want)
				}
				if ok && c.Kernel != s.kernel {
					t.Errorf("step %d: stamped %v, want the press's %v", i, c.Kernel, s.kernel)
				}
			}
		})
	}
}

func TestClassifyAdvice(t *testing.T) {
	tests := []struct {
		err      error
		bus      Bus
		kind     Kind
		wantFix  string
		wantWhat string
	}{
		{fmt.Errorf("request: %w", syscall.EBUSY), GPIO, Busy, "pick another line", "busy"},
		{&fs.PathError{Op: "open", Path: "/dev/gpiochip0", Err: syscall.EACCES}, GPIO, Denied, "gpio group", "permission denied"},
		{fs.ErrPermission, I2C, Denied, "i2c group", "permission denied"},
		{&fs.PathError{Op: "open", Path: "/dev/i2c-1", Err: syscall.ENOENT}, I2C, Missing, "dtparam=i2c_arm=on", "does not exist"},
		{fs.ErrNotExist, SPI, Missing, "dtparam=spi=on", "does not exist"},
		{syscall.EREMOTEIO, I2C, NotAnswers, "mode switches", "does not answer"},
		{errors.New("odd"), GPIO, Other, "", "failed"},
	}
	for _, tt := range tests {
		if k := Classify(tt.err); k != tt.kind {
			t.Errorf("Classify(%v) = %v, want %v", tt.err, k, tt.kind)
		}
		what, fix := Advice(tt.bus, tt.kind)
		if !strings.Contains(fix, tt.wantFix) || !strings.Contains(what, tt.wantWhat) {
			t.Errorf("Advice(%v, %v) = %q, %q; want %q and %q", tt.bus, tt.kind, what, fix, tt.wantWhat, tt.wantFix)
		}
	}
}

// fakeDevices is a whole table in memory. Every part it hands out notes
// its opening and closing in log, so tests can check the order.
type fakeDevices struct {
	mu        sync.Mutex
	log       []string
	used      map[int]string // line → consumer
	fail      map[string]error
	i2cOps    []i2ctest.IO
	buttons   map[string]*fakeButtons // by the first line requested
	gate      *gatedBus               // if set, the I2C bus OpenI2C returns
	chips     []ChipInfo              // nil: a Pi 4's two chips
	opened    []string                // the chip of every line request
	soundOpts sound.Options           // what OpenSound was given
}

func (f *fakeDevices) Chips() ([]ChipInfo, error) {
	if f.chips == nil {
		return []ChipInfo{{"gpiochip0", "pinctrl-bcm2711", 58}, {"gpiochip1", "raspberrypi-exp-gpio", 8}}, f.fail["chips"]
	}
	return f.chips, f.fail["chips"]
}

func (f *fakeDevices) onChip(chip string) {
	f.mu.Lock()
	f.opened = append(f.opened, chip)
	f.mu.Unlock()
}

func (f *fakeDevices) note(s string) {
	f.mu.Lock()
	f.log = append(f.log, s)
	f.mu.Unlock()
}

func (f *fakeDevices) LineInfo(chip string, offsets []int) ([]LineInfo, error) {
	if err := f.fail["chip"]; err != nil {
		return nil, err
	}
	var out []LineInfo
	for _, o := range offsets {
		c, used := f.used[o]
		out = append(out, LineInfo{Offset: o, Used: used, Consumer: c})
	}
	return out, nil
}

func (f *fakeDevices) OpenButtons(chip string, lines map[int]int, _ buttons.Options) (hw.Buttons, error) {
	f.onChip(chip)
	name := fmt.Sprintf("buttons%d", len(lines))
	if err := f.fail[name]; err != nil {
		return nil, err
	}
	f.note("open " + name)
	b := &fakeButtons{ev: make(chan hw.ButtonEvent, 16), lost: make(chan hw.LostEvents), closed: func() { f.note("close " + name) }}
	if f.buttons == nil {
		f.buttons = map[string]*fakeButtons{}
	}
	f.buttons[name] = b
	return b, nil
}

func (f *fakeDevices) OpenOutput(chip string, offset int, activeLow bool) (OutputPin, error) {
	if err := f.fail["out"]; err != nil {
		return nil, err
	}
	f.note(fmt.Sprint("open led ", offset))
	return &fakePin{n: offset, f: f}, nil
}

func (f *fakeDevices) OpenReset(chip string, offset int) (OutputPin, error) {
	f.onChip(chip)
	if err := f.fail["reset"]; err != nil {
		return nil, err
	}
	f.note(fmt.Sprint("open reset ", offset))
	return &resetPin{fakePin{n: offset, f: f}}, nil
}

// resetPin notes each level the reader service drives RSTPDN to.
type resetPin struct{ fakePin }

func (p *resetPin) Out(l gpio.Level) error { p.f.note(fmt.Sprint("reset ", p.n, " ", l)); return nil }

func (f *fakeDevices) OpenIRQ(chip string, offset int) (IRQPin, error) {
	f.onChip(chip)
	f.note(fmt.Sprint("open irq ", offset))
	return &fakeIRQ{fakePin{n: offset, f: f}}, nil
}

func (f *fakeDevices) OpenI2C(bus int) (i2c.BusCloser, error) {
	if err := f.fail["i2c"]; err != nil {
		return nil, err
	}
	f.note("open i2c")
	if f.gate != nil {
		return f.gate, nil
	}
	return &notedBus{Playback: &i2ctest.Playback{Ops: f.i2cOps, DontPanic: true}, f: f}, nil
}

func (f *fakeDevices) OpenSPI(bus, cs int) (spi.PortCloser, error) {
	if err := f.fail["spi"]; err != nil {
		return nil, err
	}
	f.note("open spi")
	return &notedPort{RecordRaw: spitest.NewRecordRaw(&bytes.Buffer{}), f: f}, nil
}

func (f *fakeDevices) OpenSound(device string, clk hw.Clock, opts sound.Options) (hw.Sound, error) {
	if err := f.fail["sound"]; err != nil {
		return nil, err
	}
	f.note("open sound " + device)
	f.mu.Lock()
	f.soundOpts = opts
	f.mu.Unlock()
	return sound.NewSilent(clk), nil
}

type fakeButtons struct {
	ev     chan hw.ButtonEvent
	lost   chan hw.LostEvents
	once   sync.Once
	closed func()
}

func (b *fakeButtons) Events() <-chan hw.ButtonEvent { return b.ev }
func (b *fakeButtons) Lost() <-chan hw.LostEvents    { return b.lost }
func (b *fakeButtons) Close() error {
	b.once.Do(func() { close(b.ev); close(b.lost); b.closed() })
	return nil
}

type fakePin struct {
	n int
	f *fakeDevices
}

func (p *fakePin) String() string                        { return fmt.Sprint("line", p.n) }
func (p *fakePin) Name() string                          { return p.String() }
func (p *fakePin) Number() int                           { return p.n }
func (p *fakePin) Function() string                      { return "" }
func (p *fakePin) Halt() error                           { return nil }
func (p *fakePin) Out(gpio.Level) error                  { return nil }
func (p *fakePin) PWM(gpio.Duty, physic.Frequency) error { return nil }
func (p *fakePin) Close() error                          { p.f.note(fmt.Sprint("close line ", p.n)); return nil }

type fakeIRQ struct{ fakePin }

func (p *fakeIRQ) In(gpio.Pull, gpio.Edge) error  { return nil }
func (p *fakeIRQ) Read() gpio.Level               { return gpio.Low } // always ready
func (p *fakeIRQ) WaitForEdge(time.Duration) bool { return true }
func (p *fakeIRQ) Pull() gpio.Pull                { return gpio.PullUp }
func (p *fakeIRQ) DefaultPull() gpio.Pull         { return gpio.PullUp }

type notedBus struct {
	*i2ctest.Playback
	f *fakeDevices
}

func (b *notedBus) Close() error { b.f.note("close i2c"); return nil }

// gatedBus is a PN532 that does not answer until answer is called, as one
// unplugged at start and plugged in later.
type gatedBus struct {
	*notedBus
	mu        sync.Mutex
	answering bool
}

func newGatedBus(f *fakeDevices) *gatedBus {
	return &gatedBus{notedBus: &notedBus{Playback: &i2ctest.Playback{Ops: pn532Setup(), DontPanic: true}, f: f}}
}

func (g *gatedBus) Tx(addr uint16, w, r []byte) error {
	g.mu.Lock()
	on := g.answering
	g.mu.Unlock()
	if !on {
		return fmt.Errorf("i2c tx to %#x: %w", addr, syscall.EREMOTEIO)
	}
	return g.notedBus.Tx(addr, w, r)
}

func (g *gatedBus) answer() {
	g.mu.Lock()
	g.answering = true
	g.mu.Unlock()
}

type notedPort struct {
	*spitest.RecordRaw
	f *fakeDevices
}

func (p *notedPort) Close() error { p.f.note("close spi"); return nil }

// pn532Setup is what pn532.New exchanges with a PN532 whose IRQ line is
// wired (no status polls): abort, GetFirmwareVersion (IC 0x32, v1.6),
// SAMConfiguration and RFConfiguration.
func pn532Setup() []i2ctest.IO {
	const addr = 0x24
	frame := func(tfi byte, data ...byte) []byte {
		n := byte(1 + len(data))
		sum := tfi
		for _, c := range data {
			sum += c
		}
		return append(append([]byte{0, 0, 0xFF, n, -n, tfi}, data...), -sum, 0)
	}
	read := func(n int, f []byte) []byte {
		b := make([]byte, n)
		b[0] = 1
		copy(b[1:], f)
		return b
	}
	ack := []byte{0, 0, 0xFF, 0, 0xFF, 0}
	cmd := func(req, resp []byte, respLen int) []i2ctest.IO {
		return []i2ctest.IO{
			{Addr: addr, W: req},
			{Addr: addr, R: read(7, ack)},
			{Addr: addr, R: read(1+7+respLen, resp)},
		}
	}
	ops := []i2ctest.IO{{Addr: addr, W: ack}}
	ops = append(ops, cmd(frame(0xD4, 0x02), frame(0xD5, 0x03, 0x32, 0x01, 0x06, 0x07), 6)...)
	ops = append(ops, cmd(frame(0xD4, 0x14, 0x01, 0x14, 0x01), frame(0xD5, 0x15), 2)...)
	ops = append(ops, cmd(frame(0xD4, 0x32, 0x05, 0xFF, 0x01, 0x01), frame(0xD5, 0x33), 2)...)
	return ops
}

func loadBoard(t *testing.T, path string) *config.Board {
	t.Helper()
	b, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const reference = "../../firmware/board-reference.yaml"

func TestOpenReferenceTable(t *testing.T) {
	b := loadBoard(t, reference)
	f := &fakeDevices{i2cOps: pn532Setup()}
	clk := mustClock(t)
	tb, err := Open(context.Background(), b, clk, Options{Devices: f, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Buttons == nil || tb.Panel == nil || tb.Lights == nil || tb.Reader == nil || tb.Sound == nil {
		t.Fatalf("a part is missing: %+v", tb)
	}
	if tb.Firmware.IC != 0x32 || tb.Firmware.Ver != 1 || tb.Firmware.Rev != 6 {
		t.Errorf("firmware %v", tb.Firmware)
	}
	if err := tb.Lights.Set(3, hw.Pattern{Kind: hw.On, Color: hw.Red}); err != nil {
		t.Errorf("Set on a strip seat: %v", err)
	}
	// The panel's own buttons are seats 1 (pause) and 2 (dispute) of the
	// second request.
	f.buttons["buttons2"].ev <- hw.ButtonEvent{Seat: 2, Press: true, Kernel: 42}
	select {
	case c := <-tb.Panel.Controls():
		if c.Control != hw.ControlDispute || c.Kernel != 42 {
			t.Errorf("panel gave %+v, want dispute at 42", c)
		}
	case <-time.After(time.Second):
		t.Fatal("no control from the panel's dispute button")
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	want := []string{"open buttons8", "open buttons2", "open spi", "open i2c", "open irq 4", "open sound default",
		"close line 4", "close i2c", "close spi", "close buttons2", "close buttons8"}
	if got := strings.Join(f.log, "; "); got != strings.Join(want, "; ") {
		t.Errorf("open and close order:\n got %s\nwant %s", got, strings.Join(want, "; "))
	}
}

func TestOpenDealerSeatLongPress(t *testing.T) {
	b := loadBoard(t, "../config/testdata/six-seat-leds.yaml")
	f := &fakeDevices{}
	clk := mustClock(t)
	tb, err := Open(context.Background(), b, clk, Options{Devices: f, LongPress: 30 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if tb.Reader != nil {
		t.Error("a reader without one in the config")
	}
	tb.Panel.SetDealer(2)
	seats := f.buttons["buttons6"].ev
	next := func(what string) hw.ButtonEvent {
		t.Helper()
		select {
		case e := <-tb.Buttons.Events():
			return e
		case <-time.After(time.Second):
			t.Fatalf("%s did not reach the game", what)
		}
		return hw.ButtonEvent{}
	}
	control := func(want hw.Control) {
		t.Helper()
		select {
		case c := <-tb.Panel.Controls():
			if c.Control != want {
				t.Errorf("got %v, want %v", c.Control, want)
			}
		case <-time.After(time.Second):
			t.Fatalf("no %v", want)
		}
	}
	now := clk.Now()
	seats <- hw.ButtonEvent{Seat: 4, Press: true, Kernel: now} // not the dealer
	next("seat 4's press")
	seats <- press(now)
	seats <- release(now + 5*time.Millisecond)
	next("the dealer's press")
	next("the dealer's release")
	control(hw.ControlPause)
	seats <- press(clk.Now())
	next("the dealer's long press")
	control(hw.ControlDispute) // while still held
	select {
	case c := <-tb.Panel.Controls():
		t.Errorf("unexpected %v", c)
	default:
	}
}

func TestOpenFailures(t *testing.T) {
	tests := []struct {
		name string
		dev  *fakeDevices
		want []string
	}{
		{"busy line", &fakeDevices{used: map[int]string{17: "gpioset", 26: ""}}, []string{
			"board-reference.yaml:23: seat 4 button (GPIO line 17) is busy: held by \"gpioset\"; fix: stop that program",
			"board-reference.yaml:40: panel pause (GPIO line 26) is busy: held by another program"}},
		{"no chip", &fakeDevices{fail: map[string]error{"chip": &fs.PathError{Op: "open", Path: "/dev/gpiochip0", Err: syscall.ENOENT}}},
			[]string{"board-reference.yaml:6: GPIO chip /dev/gpiochip0 does not exist", "gpiodetect"}},
		{"no header chip", &fakeDevices{chips: []ChipInfo{{"gpiochip0", "gpio-mockup-A", 8}}},
			[]string{`board-reference.yaml:6: the header's GPIO chip does not exist (no chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1: the chips here are gpiochip0 "gpio-mockup-A")`, "gpiodetect"}},
		{"chips unreadable", &fakeDevices{chips: []ChipInfo{}, fail: map[string]error{"chips": &fs.PathError{Op: "open", Path: "/dev/gpiochip0", Err: syscall.EACCES}}},
			[]string{"the header's GPIO chip cannot be opened: permission denied", "gpio group"}},
		{"buttons denied", &fakeDevices{fail: map[string]error{"buttons8": fs.ErrPermission}},
			[]string{"seat buttons on /dev/gpiochip0 cannot be opened: permission denied", "add the user to the gpio group"}},
		{"no i2c", &fakeDevices{fail: map[string]error{"i2c": &fs.PathError{Op: "open", Path: "/dev/i2c-1", Err: syscall.ENOENT}}},
			[]string{"board-reference.yaml:51: card reader bus /dev/i2c-1 does not exist", "dtparam=i2c_arm=on"}},
		{"no spi", &fakeDevices{fail: map[string]error{"spi": fs.ErrNotExist}}, []string{"apa102 strip on /dev/spidev0.0 does not exist", "dtparam=spi=on"}},
		{"sound refused", &fakeDevices{i2cOps: pn532Setup(), fail: map[string]error{"sound": errors.New("device busy elsewhere")}},
			[]string{"sound device default failed", "device busy elsewhere"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := mustClock(t)
			f := tt.dev
			tb, err := Open(context.Background(), loadBoard(t, reference), clk, Options{Devices: f})
			if err == nil {
				tb.Close()
				t.Fatal("Open succeeded")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not say %q", err, w)
				}
			}
			if tt.name == "busy line" && !errors.Is(err, syscall.EBUSY) {
				t.Errorf("a busy line's error %v does not wrap EBUSY", err)
			}
			opened, closed := 0, 0
			for _, l := range f.log {
				if strings.HasPrefix(l, "open") {
					opened++
				} else {
					closed++
				}
			}
			if opened != closed {
				t.Errorf("%d parts opened, %d closed: %v", opened, closed, f.log)
			}
		})
	}
}

// TestOpenNoSeatButtons: a table whose config has no seat buttons opens,
// requests no seat lines, and hands over Buttons that stay quiet and close.
func TestOpenNoSeatButtons(t *testing.T) {
	seatsOnly, err := config.Parse("seats-only.yaml", []byte("seats: [{seat: 1}, {seat: 2}, {seat: 3}, {seat: 4}]\nsound: {device: none}\n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		board  *config.Board
		i2c    []i2ctest.IO
		opened []string
		reader bool
	}{
		{"pixels, panel and reader", loadBoard(t, "../config/testdata/no-buttons.yaml"), pn532Setup(),
			[]string{"open buttons1", "open spi", "open i2c", "open irq 4", "open sound default"}, true},
		{"nothing but seats", seatsOnly, nil, []string{"open sound none"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeDevices{i2cOps: tt.i2c}
			tb, err := Open(context.Background(), tt.board, mustClock(t), Options{Devices: f, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatalf("Open a table with no seat buttons: %v", err)
			}
			if got := strings.Join(f.log, "; "); got != strings.Join(tt.opened, "; ") {
				t.Errorf("opened %s, want %s", got, strings.Join(tt.opened, "; "))
			}
			if tb.Buttons == nil || tb.Lights == nil || tb.Sound == nil || (tb.Reader != nil) != tt.reader {
				t.Fatalf("parts: %+v", tb)
			}
			if len(tb.Degraded) != 0 {
				t.Errorf("Degraded = %v: no buttons is a choice, not a fault", tb.Degraded)
			}
			if err := tb.Lights.Set(1, hw.Pattern{Kind: hw.On, Color: hw.Red}); err != nil {
				t.Errorf("Set seat 1's light: %v", err)
			}
			select {
			case e := <-tb.Buttons.Events():
				t.Errorf("a press %+v from a table without buttons", e)
			case l := <-tb.Buttons.Lost():
				t.Errorf("lost events %+v from a table without buttons", l)
			case <-time.After(20 * time.Millisecond):
			}
			if err := tb.Close(); err != nil {
				t.Fatal(err)
			}
			if _, ok := <-tb.Buttons.Events(); ok {
				t.Error("Events not closed by Close")
			}
			if _, ok := <-tb.Buttons.Lost(); ok {
				t.Error("Lost not closed by Close")
			}
		})
	}
}

// TestOpenSilentReader: a PN532 that does not answer at start must not stop
// the table. Open succeeds, says why in Degraded, and the reader service
// starts lost, then reports OK once the chip answers.
func TestOpenSilentReader(t *testing.T) {
	f := &fakeDevices{}
	f.gate = newGatedBus(f)
	clk := mustClock(t)
	tb, err := Open(context.Background(), loadBoard(t, reference), clk, Options{Devices: f, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("Open with a silent PN532: %v", err)
	}
	defer tb.Close()
	if tb.Reader == nil || tb.Buttons == nil || tb.Lights == nil || tb.Sound == nil {
		t.Fatalf("a part is missing: %+v", tb)
	}
	if tb.Firmware != (pn532.Firmware{}) {
		t.Errorf("Firmware = %v from a reader that never answered", tb.Firmware)
	}
	var pe *PartError
	if len(tb.Degraded) != 1 || !errors.As(tb.Degraded[0], &pe) || Classify(pe) != NotAnswers {
		t.Fatalf("Degraded = %v, want one PartError for the reader not answering", tb.Degraded)
	}
	for _, w := range []string{"board-reference.yaml:50: PN532 card reader at 0x24 on /dev/i2c-1 does not answer", "confirms cards by hand", "fix:", "i2cdetect -y 1"} {
		if !strings.Contains(pe.Error(), w) {
			t.Errorf("Degraded %q\ndoes not say %q", pe, w)
		}
	}
	next := func() hw.ReaderStatus {
		t.Helper()
		select {
		case s := <-tb.Reader.Status():
			return s
		case <-time.After(5 * time.Second):
			t.Fatal("no reader status")
		}
		return hw.ReaderStatus{}
	}
	if s := next(); s.State != hw.ReaderLost || !errors.Is(s.Err, syscall.EREMOTEIO) {
		t.Fatalf("first status %+v, want ReaderLost for the bus error", s)
	}
	f.gate.answer()
	if s := next(); s.State != hw.ReaderOK {
		t.Fatalf("status after the PN532 answers: %+v, want ReaderOK", s)
	}
}

func TestOpenSoundFallsBackToSilent(t *testing.T) {
	f := &fakeDevices{i2cOps: pn532Setup(), fail: map[string]error{"sound": fmt.Errorf("speaker: %w", sound.ErrNoSoundSupport)}}
	clk := mustClock(t)
	tb, err := Open(context.Background(), loadBoard(t, reference), clk, Options{Devices: f})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if len(tb.Degraded) != 1 || !errors.Is(tb.Degraded[0], sound.ErrNoSoundSupport) {
		t.Errorf("Degraded = %v", tb.Degraded)
	}
	if err := tb.Sound.Play(hw.CueTick, clk.Now()); err != nil {
		t.Errorf("the silent stand-in refused a cue: %v", err)
	}
}

// TestOpenHost runs the real hardware path. On a machine without GPIO (CI,
// a laptop) it must fail with the chip named, not panic.
func TestOpenHost(t *testing.T) {
	if _, err := os.Stat("/dev/gpiochip0"); err == nil {
		t.Skip("this machine has a GPIO chip: opening it could disturb real wiring")
	}
	clk := mustClock(t)
	_, err := Open(context.Background(), loadBoard(t, reference), clk, Options{})
	if err == nil || !strings.Contains(err.Error(), "the header's GPIO chip does not exist (no chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1: there is no GPIO chip here)") {
		t.Fatalf("Open on a machine without GPIO: %v", err)
	}
	var pe *PartError
	if !errors.As(err, &pe) || Classify(err) != Missing {
		t.Errorf("error %v is not a Missing PartError", err)
	}
	chips, err := Host{}.Chips()
	if err != nil || len(chips) != 0 {
		t.Errorf("Chips() = %v, %v on a machine without GPIO", chips, err)
	}
	if _, err := (Host{}).OpenI2C(1); Classify(err) != Missing {
		t.Errorf("OpenI2C(1) = %v, want a missing device", err)
	}
	if _, err := (Host{}).OpenSPI(0, 0); Classify(err) != Missing {
		t.Errorf("OpenSPI(0, 0) = %v, want a missing device", err)
	}
}

func mustClock(t *testing.T) clock.Monotonic {
	t.Helper()
	c, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestChooseChip: the header's chip is found by label whatever its number,
// so one config serves a Pi 3, a Pi 4 and a Pi 5 on old and new kernels.
func TestChooseChip(t *testing.T) {
	pi4 := []ChipInfo{{"gpiochip0", "pinctrl-bcm2711", 58}, {"gpiochip1", "raspberrypi-exp-gpio", 8}}
	pi5old := []ChipInfo{{"gpiochip0", "gpio-brcmstb@107d508500", 32}, {"gpiochip1", "gpio-brcmstb@107d508520", 4},
		{"gpiochip4", "pinctrl-rp1", 54}}
	pi5new := []ChipInfo{{"gpiochip0", "pinctrl-rp1", 54}, {"gpiochip10", "gpio-brcmstb@107d508500", 32}}
	header := config.Chip{Label: config.HeaderChip}
	for _, tc := range []struct {
		name  string
		chip  config.Chip
		chips []ChipInfo
		want  string // "" for an error
	}{
		{"Pi 4", header, pi4, "gpiochip0"},
		{"Pi 5, kernel before 6.6", header, pi5old, "gpiochip4"},
		{"Pi 5, kernel 6.6 on", header, pi5new, "gpiochip0"},
		{"Pi 3", header, []ChipInfo{{"gpiochip0", "pinctrl-bcm2835", 54}, {"gpiochip1", "raspberrypi-exp-gpio", 8}}, "gpiochip0"},
		{"lowest number first", header, []ChipInfo{{"gpiochip12", "pinctrl-rp1", 54}, {"gpiochip2", "pinctrl-rp1", 54}}, "gpiochip2"},
		{"by a label", config.Chip{Label: "gpio-brcmstb@107d508500"}, pi5new, "gpiochip10"},
		{"by number, taken as written", config.Chip{Name: "gpiochip7"}, pi4, "gpiochip7"},
		{"no such label", config.Chip{Label: "pinctrl-rp1"}, pi4, ""},
		{"no chips", header, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ChooseChip(tc.chip, tc.chips)
			if tc.want == "" {
				if err == nil || Classify(err) != Missing {
					t.Fatalf("ChooseChip = %q, %v; want a missing chip", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("ChooseChip = %q, %v; want %s", got, err, tc.want)
			}
		})
	}
}

// TestOpenFindsTheHeaderChip: on a Pi 5 with an older kernel the header is
// gpiochip4; the reference config, which names no number, opens its seat
// and panel buttons and the reader's IRQ there.
func TestOpenFindsTheHeaderChip(t *testing.T) {
	f := &fakeDevices{i2cOps: pn532Setup(), chips: []ChipInfo{{"gpiochip0", "gpio-brcmstb@107d508500", 32}, {"gpiochip4", "pinctrl-rp1", 54}}}
	tb, err := Open(context.Background(), loadBoard(t, reference), mustClock(t), Options{Devices: f})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if len(f.opened) < 3 {
		t.Fatalf("line requests on %v, want the seats, the panel and the IRQ", f.opened)
	}
	for _, c := range f.opened {
		if c != "gpiochip4" {
			t.Errorf("a line request went to %s, want gpiochip4 (pinctrl-rp1): %v", c, f.opened)
		}
	}
}

// TestSoundSettings: the config's ALSA device and latency reach the sound
// sink, so cues are played early by the latency on the card named.
func TestSoundSettings(t *testing.T) {
	for _, tc := range []struct {
		s       config.Sound
		device  string
		latency time.Duration
	}{
		{config.Sound{Output: config.SoundDefault}, "default", 0},
		{config.Sound{Output: config.SoundDefault, ALSA: "default"}, "default", 0},
		{config.Sound{Output: config.SoundDefault, ALSA: "plughw:CARD=Headphones,DEV=0", Latency: 35 * time.Millisecond}, "alsa:plughw:CARD=Headphones,DEV=0", 35 * time.Millisecond},
		{config.Sound{Output: config.SoundWAV, WAV: "/tmp/x.wav", Latency: time.Millisecond}, "wav:/tmp/x.wav", time.Millisecond},
		{config.Sound{Output: config.SoundNone, ALSA: "hw:1,0"}, "none", 0},
	} {
		f := &fakeDevices{i2cOps: pn532Setup()}
		b := loadBoard(t, reference)
		b.Sound = tc.s
		tb, err := Open(context.Background(), b, mustClock(t), Options{Devices: f})
		if err != nil {
			t.Fatal(err)
		}
		tb.Close()
		if !slices.Contains(f.log, "open sound "+tc.device) || f.soundOpts.Latency != tc.latency {
			t.Errorf("%+v: opened %v with %+v, want %s with latency %v", tc.s, f.log, f.soundOpts, tc.device, tc.latency)
		}
	}
}
