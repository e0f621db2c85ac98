package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/buttons"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/hwtest"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/sound"
)

// fakeSystem is a machine described in memory.
type fakeSystem struct {
	chips    []pi.ChipInfo
	used     map[int]string // line → consumer
	files    map[string]bool
	i2cOps   []i2ctest.IO
	soundErr error
	spiErr   error
	played   *i2ctest.Playback

	// model, when set, makes the reader bus pn532test's model of the chip
	// on clk instead of the i2cOps transcript; it is handed the chip as
	// the bus opens, to lay cards, schedule a hang or inject bus faults.
	model    func(*pn532test.Chip)
	clk      hw.Clock
	chip     *pn532test.Chip
	resetErr error
	resets   []string // "chip/offset" of every reset line requested

	asound      fstest.MapFS      // /proc/asound
	contents    map[string][]byte // for ReadFile
	low         map[int]bool      // lines that read low
	levelsErr   error
	soundDev    string // what OpenSound was asked for
	soundOpts   sound.Options
	openSound   func(hw.Clock) (hw.Sound, error)
	openButtons func(chip string, lines map[int]int) (hw.Buttons, error)
}

func (f *fakeSystem) Chips() ([]pi.ChipInfo, error) { return f.chips, nil }

func (f *fakeSystem) LineInfo(chip string, offsets []int) ([]pi.LineInfo, error) {
	var out []pi.LineInfo
	for _, o := range offsets {
		c, used := f.used[o]
		out = append(out, pi.LineInfo{Offset: o, Used: used, Consumer: c})
	}
	return out, nil
}

func (f *fakeSystem) OpenI2C(bus int) (i2c.BusCloser, error) {
	if f.model != nil {
		f.chip = pn532test.New(f.clk, nil)
		f.model(f.chip)
		return modelBus{f.chip}, nil
	}
	f.played = &i2ctest.Playback{Ops: f.i2cOps, DontPanic: true}
	return f.played, nil
}

// modelBus is the model as the bus the doctor opens and closes.
type modelBus struct{ *pn532test.Chip }

func (modelBus) Close() error { return nil }

func (f *fakeSystem) OpenReset(chip string, offset int) (pi.OutputPin, error) {
	if f.resetErr != nil {
		return nil, f.resetErr
	}
	f.resets = append(f.resets, fmt.Sprintf("%s/%d", chip, offset))
	if f.chip == nil {
		// A transcript, or a chip that never answers: the line goes nowhere.
		return resetPin{nowhere{}}, nil
	}
	return resetPin{f.chip.RSTPDN()}, nil
}

type resetPin struct{ gpio.PinOut }

func (resetPin) Close() error { return nil }

// nowhere is an output line wired to nothing.
type nowhere struct{}

func (nowhere) String() string                        { return "nowhere" }
func (nowhere) Halt() error                           { return nil }
func (nowhere) Name() string                          { return "nowhere" }
func (nowhere) Number() int                           { return -1 }
func (nowhere) Function() string                      { return "Out" }
func (nowhere) Out(gpio.Level) error                  { return nil }
func (nowhere) PWM(gpio.Duty, physic.Frequency) error { return errors.New("nowhere: no PWM") }

// boot is where the bubble's clock starts, as on a Pi up a while.
const boot = 1000 * time.Second

// runIn runs the doctor on sys in a synctest bubble, on the bubble's clock,
// and returns the report and its text.
func runIn(t *testing.T, sys *fakeSystem, path string, o Options) (*Report, string) {
	t.Helper()
	var r *Report
	synctest.Test(t, func(t *testing.T) {
		clk := hwtest.NewHost(boot, 1)
		sys.clk = clk
		r = Run(context.Background(), sys, clk, path, o)
	})
	var out bytes.Buffer
	if err := r.Write(&out); err != nil {
		t.Fatal(err)
	}
	return r, out.String()
}

func (f *fakeSystem) OpenSPI(bus, cs int) (spi.PortCloser, error) {
	if f.spiErr != nil {
		return nil, f.spiErr
	}
	return spitest.NewRecordRaw(&bytes.Buffer{}), nil
}

func (f *fakeSystem) OpenSound(device string, clk hw.Clock, opts sound.Options) (hw.Sound, error) {
	if f.soundErr != nil {
		return nil, f.soundErr
	}
	f.soundDev, f.soundOpts = device, opts
	if f.openSound != nil {
		return f.openSound(clk)
	}
	return sound.NewSilent(clk), nil
}

func (f *fakeSystem) OpenButtons(chip string, lines map[int]int, opts buttons.Options) (hw.Buttons, error) {
	if f.openButtons == nil {
		return nil, errors.New("no buttons in this fake")
	}
	return f.openButtons(chip, lines)
}

func (f *fakeSystem) ProcASound() fs.FS { return f.asound }

func (f *fakeSystem) LineLevels(chip string, offsets []int) ([]int, error) {
	if f.levelsErr != nil {
		return nil, f.levelsErr
	}
	v := make([]int, len(offsets))
	for i, o := range offsets {
		v[i] = 1
		if f.low[o] {
			v[i] = 0
		}
	}
	return v, nil
}

func (f *fakeSystem) ReadFile(path string) ([]byte, error) {
	if b, ok := f.contents[path]; ok {
		return b, nil
	}
	return nil, &fs.PathError{Op: "open", Path: path, Err: syscall.ENOENT}
}

func (f *fakeSystem) Stat(path string) error {
	if f.files[path] {
		return nil
	}
	return &fs.PathError{Op: "stat", Path: path, Err: syscall.ENOENT}
}

// Glob keeps System.Glob's contract, filepath.Glob's: matches in lexical
// order (files is a map, whose order changes from run to run), and
// filepath.ErrBadPattern for a malformed pattern.
func (f *fakeSystem) Glob(pattern string) ([]string, error) {
	if _, err := filepath.Match(pattern, ""); err != nil {
		return nil, err
	}
	var out []string
	for p := range f.files {
		if ok, _ := filepath.Match(pattern, p); ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out, nil
}

// pn532Polled is what pn532.New exchanges with a PN532 (IC 0x32, firmware
// 1.6) when it polls the status byte: abort, GetFirmwareVersion,
// SAMConfiguration, RFConfiguration.
func pn532Polled() []i2ctest.IO {
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
	status := i2ctest.IO{Addr: addr, R: []byte{1}}
	cmd := func(req, resp []byte, respLen int) []i2ctest.IO {
		return []i2ctest.IO{{Addr: addr, W: req}, status, {Addr: addr, R: read(7, ack)}, status, {Addr: addr, R: read(1+7+respLen, resp)}}
	}
	ops := []i2ctest.IO{{Addr: addr, W: ack}}
	ops = append(ops, cmd(frame(0xD4, 0x02), frame(0xD5, 0x03, 0x32, 0x01, 0x06, 0x07), 6)...)
	ops = append(ops, cmd(frame(0xD4, 0x14, 0x01, 0x14, 0x01), frame(0xD5, 0x15), 2)...)
	ops = append(ops, cmd(frame(0xD4, 0x32, 0x05, 0xFF, 0x01, 0x01), frame(0xD5, 0x33), 2)...)
	return ops
}

// healthy is the reference table, wired and working, on a Pi 4.
func healthy() *fakeSystem {
	return &fakeSystem{
		chips: []pi.ChipInfo{
			{Name: "gpiochip0", Label: "pinctrl-bcm2711", Lines: 58},
			{Name: "gpiochip1", Label: "raspberrypi-exp-gpio", Lines: 8},
		},
		files: map[string]bool{"/dev/i2c-1": true, "/dev/spidev0.0": true, "/dev/spidev0.1": true, "/dev/snd": true},
		model: func(*pn532test.Chip) {},
	}
}

const reference = "../../firmware/board-reference.yaml"

// i2cClock is where the kernel shows bus 1's clock, a big-endian u32.
const i2cClock = "/sys/class/i2c-adapter/i2c-1/of_node/clock-frequency"

// withChip names the reference config with gpiochip: set to chip; TestRun
// writes that copy into the test's own folder.
func withChip(chip string) string { return "chip:" + chip }

// writeWithChip writes a copy of the reference with gpiochip: chip.
func writeWithChip(t *testing.T, chip string) string {
	t.Helper()
	raw, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^gpiochip: \S+`)
	if !re.Match(raw) {
		t.Fatalf("%s has no gpiochip: line", reference)
	}
	out := filepath.Join(t.TempDir(), "table.yaml")
	if err := os.WriteFile(out, re.ReplaceAll(raw, []byte("gpiochip: "+chip)), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		config string
		sys    func(*fakeSystem)
		ok     bool
		want   []string // in the printed report
	}{
		{"healthy reference table", reference, nil, true, []string{
			`ok       gpiochip0 "pinctrl-bcm2711" has 58 lines: the Pi's 40-pin header`,
			"ok       at rest all 11 button and IRQ lines read high: the pull-ups are on",
			"ok       seat 4 button: GPIO line 17 (pin 11) is free",
			"ok       reader irq: GPIO line 4 (pin 7) is free",
			"ok       PN532 card reader at 0x24 on /dev/i2c-1 answers: firmware 1.6, IC PN532 (0x32)",
			"ok       polled for 1.5s: card reader service ok: 0 cards read,",
			"polls, 0 failed, reported lost 0 times, 0 resets (no reset line)",
			"ok       APA102 strip: /dev/spidev0.0 opens at 4000000 Hz for 8 pixels",
			"ok       the sound card plays (default)",
			"Everything the config names is here and working.",
		}},
		{"no GPIO chip", reference, func(f *fakeSystem) { f.chips = nil }, false, []string{
			"missing  no GPIO chip was found (no /dev/gpiochip*)",
			"missing  none of the 11 lines the config uses",
		}},
		{"header chip of another number", reference, func(f *fakeSystem) { f.chips[0].Name = "gpiochip4" }, true, []string{
			`ok       the config's chip (gpiochip: header) is gpiochip4 "pinctrl-bcm2711" here`,
			"ok       seat 4 button: GPIO line 17 (pin 11) is free",
		}},
		{"no header chip", reference, func(f *fakeSystem) { f.chips = []pi.ChipInfo{{Name: "gpiochip0", Label: "gpio-mockup-A", Lines: 28}} }, false, []string{
			`missing  no chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1: the chips here are gpiochip0 "gpio-mockup-A" [../../firmware/board-reference.yaml:6]`,
			"fix: this is not a Raspberry Pi's header",
		}},
		{"chip by number, renumbered", withChip("gpiochip0"), func(f *fakeSystem) { f.chips[0].Name = "gpiochip4" }, false, []string{
			"missing  the config's chip gpiochip0 is not here",
			"fix: write gpiochip: header (the chip is then found by its label)",
		}},
		{"chip by number", withChip("gpiochip0"), nil, true, []string{
			`note     the config names the header's chip by number (gpiochip0); gpiochip: header finds it by its label "pinctrl-bcm2711"`,
		}},
		{"busy line", reference, func(f *fakeSystem) { f.used = map[int]string{17: "gpioset", 27: pi.Consumer} }, false, []string{
			`failing  seat 4 button: GPIO line 17 (pin 11) is busy, held by "gpioset" [../../firmware/board-reference.yaml:23]`,
			"fix: stop that program (gpioinfo shows who holds each line), or pick another line",
			`failing  panel dispute: GPIO line 27 (pin 13) is busy, held by "falling"`,
			"fix: another falling is running",
			"2 problems: the table cannot start as configured until they are fixed.",
		}},
		{"I2C off", reference, func(f *fakeSystem) { delete(f.files, "/dev/i2c-1") }, false, []string{
			"missing  PN532 card reader: /dev/i2c-1 does not exist: I2C bus 1 is off and the i2c-dev module is not loaded [../../firmware/board-reference.yaml:51]",
			"fix: add dtparam=i2c_arm=on to /boot/firmware/config.txt (install.sh does), load i2c-dev",
		}},
		{"i2c-dev not loaded", reference, func(f *fakeSystem) {
			delete(f.files, "/dev/i2c-1")
			f.files["/sys/class/i2c-adapter/i2c-1"] = true
		}, false, []string{
			"missing  PN532 card reader: /dev/i2c-1 does not exist: I2C bus 1 is on, but the i2c-dev module that makes its device file is not loaded",
			"fix: sudo modprobe i2c-dev now; install.sh lists it in /etc/modules-load.d/falling.conf",
		}},
		{"I2C controller off, i2c-dev loaded", reference, func(f *fakeSystem) {
			delete(f.files, "/dev/i2c-1")
			f.files["/sys/module/i2c_dev"] = true
		}, false, []string{
			"missing  PN532 card reader: /dev/i2c-1 does not exist: the i2c-dev module is loaded, but I2C bus 1 is off",
			"fix: add dtparam=i2c_arm=on",
		}},
		{"a button held or shorted", reference, func(f *fakeSystem) { f.low = map[int]bool{22: true} }, false, []string{
			"failing  seat 5 button: GPIO line 22 (pin 15) reads low at rest, as if pressed [../../firmware/board-reference.yaml:26]",
			"fix: if nobody is pressing it: check its wiring (line to the button, button to ground, no short) and that config.txt has dtoverlay=falling-buttons (pinctrl get 22 should say pu | hi)",
		}},
		{"line levels denied", reference, func(f *fakeSystem) { f.levelsErr = fs.ErrPermission }, false, []string{
			"failing  the button lines' levels cannot be opened: permission denied",
		}},
		{"I2C at 100 kHz on a Pi 4", reference, func(f *fakeSystem) { f.contents = map[string][]byte{i2cClock: {0, 1, 0x86, 0xA0}} }, true, []string{
			"ok       I2C bus 1 runs at 100 kHz, which the PN532 and this Pi's I2C controller both keep up with",
		}},
		{"I2C at 400 kHz on a Pi 4", reference, func(f *fakeSystem) { f.contents = map[string][]byte{i2cClock: {0, 6, 0x1A, 0x80}} }, true, []string{
			"note     I2C bus 1 runs at 400 kHz: this Pi's I2C controller mishandles the PN532's clock stretching above 100 kHz (raspberrypi/linux#4884)",
			"fix: set dtparam=i2c_arm_baudrate=100000",
		}},
		{"I2C at 400 kHz on a Pi 5", reference, func(f *fakeSystem) {
			f.chips[0].Label = "pinctrl-rp1"
			f.contents = map[string][]byte{i2cClock: {0, 6, 0x1A, 0x80}}
		}, true, []string{
			"ok       I2C bus 1 runs at 400 kHz",
		}},
		{"PN532 does not answer", reference, func(f *fakeSystem) { f.model, f.i2cOps = nil, nil }, false, []string{
			"failing  PN532 card reader at 0x24 on /dev/i2c-1 does not answer: pn532: no answer at I²C address 0x24",
			"i2cdetect -y 1 should show 24",
		}},
		{"not a PN532", reference, func(f *fakeSystem) {
			// A PN533 answers the same frames with IC 0x33.
			ops := pn532Polled()
			ops[5].R = bytes.Replace(ops[5].R, []byte{0xD5, 0x03, 0x32}, []byte{0xD5, 0x03, 0x33}, 1)
			ops[5].R[1+7+4] -= 1 // keep the checksum
			f.model, f.i2cOps = nil, ops
		}, false, []string{"answers as IC 0x33, firmware 1.6: not a PN532"}},
		{"SPI off", reference, func(f *fakeSystem) { f.files = map[string]bool{"/dev/i2c-1": true, "/dev/snd": true} }, false, []string{
			"missing  APA102 strip: /dev/spidev0.0 does not exist [../../firmware/board-reference.yaml:60]",
			"fix: turn SPI on: add dtparam=spi=on",
		}},
		{"SPI denied", reference, func(f *fakeSystem) { f.spiErr = fs.ErrPermission }, false, []string{
			"failing  APA102 strip: /dev/spidev0.0 cannot be opened: permission denied",
			"add the user to the spi group",
		}},
		{"no sound card", reference, func(f *fakeSystem) { delete(f.files, "/dev/snd") }, false, []string{
			"missing  no sound card (no /dev/snd): the beat and cues cannot be heard [../../firmware/board-reference.yaml:66]",
		}},
		{"built without alsa", reference, func(f *fakeSystem) { f.soundErr = fmt.Errorf("speaker: %w", sound.ErrNoSoundSupport) }, false, []string{
			"failing  there is a sound card, but this falling was built without sound support",
			"-tags alsa",
		}},
		{"LEDs, no reader, no sound", "../config/testdata/six-seat-leds.yaml", func(f *fakeSystem) { f.files = nil }, true, []string{
			"ok       seat 6 light: GPIO line 13 (pin 33) is free",
			"note     no reader in the config: the dealer confirms each card by hand",
			"note     6 seat LEDs on GPIO lines",
			"ok       sound is off in the config (device: none)",
		}},
		{"no seat buttons", "../config/testdata/no-buttons.yaml", nil, true, []string{
			"5 seats, chip header, no seat buttons (presses are not tracked), 1 panel buttons, a card reader",
			"ok       panel pause: GPIO line 26 (pin 37) is free",
		}},
		{"bad config", "../config/testdata/bad/pin-twice.yaml", nil, false, []string{
			"failing  ../config/testdata/bad/pin-twice.yaml:",
		}},
		{"no such config", "nowhere.yaml", nil, false, []string{
			"failing  nowhere.yaml: cannot open the wiring file: no such file or directory",
		}},
		{"no config on a Pi", "", nil, true, []string{
			"falling doctor: the hardware on this machine (no --config)",
			"note     I2C bus here: /dev/i2c-1",
			"note     SPI device here: /dev/spidev0.0, /dev/spidev0.1",
			"No config given: only the simulated table can run",
		}},
		{"no config, no GPIO", "", func(f *fakeSystem) { f.chips = nil; f.files = nil }, false, []string{
			"missing  no GPIO chip was found",
			"note     no I2C bus: I2C is off",
			"note     no sound card (no /dev/snd)",
			"1 problem. No config given: only the simulated table can run (falling play).",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sys := healthy()
			if tt.sys != nil {
				tt.sys(sys)
			}
			config := tt.config
			if chip, ok := strings.CutPrefix(config, "chip:"); ok {
				config = writeWithChip(t, chip)
			}
			r, out := runIn(t, sys, config, Options{})
			if r.OK() != tt.ok {
				t.Errorf("OK() = %v, want %v", r.OK(), tt.ok)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("report does not say %q", w)
				}
			}
			if t.Failed() || testing.Verbose() {
				t.Logf("report:\n%s", out)
			}
			if sys.played != nil && tt.ok {
				if err := sys.played.Close(); err != nil {
					t.Errorf("PN532 transcript: %v", err)
				}
			}
		})
	}
}

// TestFakeGlobIsFilepathGlob holds the fake to what Host does: the same
// files, globbed by both, give the same answer every time, so a report that
// lists devices reads the same on every run.
func TestFakeGlobIsFilepathGlob(t *testing.T) {
	dir := t.TempDir()
	names := []string{"i2c-1", "i2c-10", "i2c-2", "spidev0.0", "spidev0.1", "spidev1.0", "spidev1.2", "snd"}
	f := &fakeSystem{files: map[string]bool{}}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		f.files[p] = true
	}
	tests := []struct{ name, pattern string }{
		{"I2C buses", "i2c-*"},
		{"SPI devices", "spidev*"},
		{"one file", "snd"},
		{"nothing", "gpiochip*"},
		{"bad pattern", "spidev[0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pattern := filepath.Join(dir, tt.pattern)
			want, wantErr := filepath.Glob(pattern)
			// A map's order changes between ranges: one lucky order must
			// not pass.
			for range 20 {
				got, err := f.Glob(pattern)
				if !errors.Is(err, wantErr) || !slices.Equal(got, want) {
					t.Fatalf("fake Glob(%q) = %q, %v; filepath.Glob = %q, %v", tt.pattern, got, err, want, wantErr)
				}
			}
		})
	}
}

// TestBadConfigVerbatim checks that the config's problems are shown in the
// words config.Load uses, each with its file and line.
func TestBadConfigVerbatim(t *testing.T) {
	path := "../config/testdata/bad/pin-twice.yaml"
	r := Run(context.Background(), healthy(), hwtest.NewManual(0), path, Options{})
	var configChecks []string
	for _, c := range r.Checks {
		if c.Part == PartConfig {
			configChecks = append(configChecks, c.Say)
		}
	}
	if len(configChecks) == 0 {
		t.Fatal("no config problem reported")
	}
	for _, s := range configChecks {
		if !strings.HasPrefix(s, path+":") {
			t.Errorf("%q does not start with file:line", s)
		}
	}
}

// TestRunHere runs the doctor on this machine. Where there is no GPIO (CI,
// a laptop) it must say so and fail, without panicking.
func TestRunHere(t *testing.T) {
	if _, err := os.Stat("/dev/gpiochip0"); err == nil {
		t.Skip("this machine has GPIO")
	}
	clk, err := clock.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"", reference} {
		r := Run(context.Background(), Host{}, clk, path, Options{})
		var out bytes.Buffer
		if err := r.Write(&out); err != nil {
			t.Fatal(err)
		}
		if r.OK() || !strings.Contains(out.String(), "no GPIO chip was found") {
			t.Errorf("config %q: OK=%v\n%s", path, r.OK(), out.String())
		}
	}
}

func TestStatusString(t *testing.T) {
	for st, want := range map[Status]string{OK: "ok", Note: "note", Missing: "missing", Failing: "failing", Status(9): "Status(9)"} {
		if got := st.String(); got != want {
			t.Errorf("%d: %q, want %q", int(st), got, want)
		}
	}
}

// writeConfig writes the reference config with each old text replaced by
// its new one, into the test's folder.
func writeConfig(t *testing.T, replace ...string) string {
	t.Helper()
	raw, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(text, replace[i]) {
			t.Fatalf("the reference config has no %q", replace[i])
		}
		text = strings.Replace(text, replace[i], replace[i+1], 1)
	}
	out := filepath.Join(t.TempDir(), "table.yaml")
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSoundDevice: the doctor opens the ALSA device and latency the config
// names, and says which card really plays, from the kernel's /proc/asound.
func TestSoundDevice(t *testing.T) {
	me := fmt.Sprint(os.Getpid())
	onCard := fstest.MapFS{
		"card0/id":                {Data: []byte("Headphones\n")},
		"card0/pcm0p/info":        {Data: []byte("name: bcm2835 Headphones\n")},
		"card0/pcm0p/sub0/status": {Data: []byte("state: RUNNING\nowner_pid   : " + me + "\n")},
	}
	someoneElse := fstest.MapFS{
		"card0/id":                {Data: []byte("Headphones\n")},
		"card0/pcm0p/sub0/status": {Data: []byte("state: RUNNING\nowner_pid   : 1\n")},
	}
	for _, tc := range []struct {
		name    string
		replace []string
		sys     func(*fakeSystem)
		device  string
		latency time.Duration
		want    []string
	}{
		{"a named card, on it", []string{"alsa: default ", "alsa: plughw:CARD=Headphones,DEV=0 ", "latency: 0ms", "latency: 35ms"},
			func(f *fakeSystem) { f.asound = onCard }, "alsa:plughw:CARD=Headphones,DEV=0", 35 * time.Millisecond, []string{
				`ok       ALSA device plughw:CARD=Headphones,DEV=0 plays on card 0 "bcm2835 Headphones", device 0 (hw:CARD=Headphones,DEV=0); latency 35ms is taken off every cue`,
			}},
		{"ALSA's default through PipeWire", nil, func(f *fakeSystem) {
			f.asound = someoneElse
			f.files["/etc/alsa/conf.d/99-pipewire-default.conf"] = true
		}, "default", 0, []string{
			"note     ALSA device default plays through a sound server, not on a card of its own",
			"fix: ALSA's default is PipeWire here (/etc/alsa/conf.d/99-pipewire-default.conf), which the falling service (no desktop session) cannot reach: write alsa: with a card from aplay -L",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sys := healthy()
			tc.sys(sys)
			r, out := runIn(t, sys, writeConfig(t, tc.replace...), Options{})
			if sys.soundDev != tc.device || sys.soundOpts.Latency != tc.latency {
				t.Errorf("sound opened as %q with %+v, want %q with latency %v", sys.soundDev, sys.soundOpts, tc.device, tc.latency)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("report does not say %q", w)
				}
			}
			if !r.OK() {
				t.Errorf("a note made the report fail")
			}
			if t.Failed() {
				t.Logf("report:\n%s", out)
			}
		})
	}
}
