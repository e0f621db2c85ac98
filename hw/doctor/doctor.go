// Package doctor says, in plain words, what table hardware is present and
// working: the GPIO chips and the lines a config uses, the PN532 card
// reader's firmware and its health under the table's own reader service,
// the light strip's SPI port, the sound card, and the config file itself.
// It is what `falling doctor` prints.
//
// It opens devices only to look at them and lets go once it has: at once,
// but for the card reader, which it polls for Options.Soak (resetting it
// through its RSTPDN line if it hangs, as the table would). Everything goes
// through System, so the whole report is tested on a faked table.
package doctor

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/buttons"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/internal/plural"
	"github.com/falling-table/falling/hw/pi"
	"github.com/falling-table/falling/hw/reader"
	"github.com/falling-table/falling/hw/sound"
)

// System is what the doctor looks at. Host is the real one.
type System interface {
	Chips() ([]pi.ChipInfo, error)
	LineInfo(chip string, offsets []int) ([]pi.LineInfo, error)
	OpenI2C(bus int) (i2c.BusCloser, error)
	OpenSPI(bus, cs int) (spi.PortCloser, error)
	OpenSound(device string, clk hw.Clock, opts sound.Options) (hw.Sound, error)
	// OpenButtons requests seat lines, for falling doctor --sound.
	OpenButtons(chip string, lines map[int]int, opts buttons.Options) (hw.Buttons, error)
	// ProcASound is /proc/asound, where the kernel says which card a
	// process plays on.
	ProcASound() fs.FS
	// ReadFile reads a small file of the kernel's (sysfs), as os.ReadFile.
	ReadFile(path string) ([]byte, error)
	// LineLevels reads offsets of chip as inputs, leaving their bias as the
	// overlay set it: 1 for high, 0 for low.
	LineLevels(chip string, offsets []int) ([]int, error)
	// Stat says whether a device file or directory exists (nil) or why
	// not (fs.ErrNotExist, fs.ErrPermission).
	Stat(path string) error
	// Glob lists device files, as filepath.Glob.
	Glob(pattern string) ([]string, error)
	// OpenReset requests the PN532's RSTPDN line as an output driven high,
	// as the table does (pi.Devices.OpenReset), so the doctor's soak of the
	// card reader service can reset a hung chip as the table would.
	OpenReset(chip string, offset int) (pi.OutputPin, error)
}

// Host is the machine the doctor runs on.
type Host struct{ pi.Host }

var _ System = Host{}

// Stat implements System.
func (Host) Stat(path string) error {
	_, err := os.Stat(path)
	return err
}

// Glob implements System.
func (Host) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }

// ProcASound implements System.
func (Host) ProcASound() fs.FS { return os.DirFS("/proc/asound") }

// ReadFile implements System.
func (Host) ReadFile(path string) ([]byte, error) { return os.ReadFile(path) }

// LineLevels implements System. The bias is left as it is, so what is read
// is what the overlay's pull-ups make of an idle line; the lines are let go
// at once.
func (Host) LineLevels(chip string, offsets []int) ([]int, error) {
	req, err := gpiocdev.RequestLines(chip, offsets, gpiocdev.AsInput, gpiocdev.WithBiasAsIs,
		gpiocdev.WithConsumer("falling-doctor"))
	if err != nil {
		return nil, fmt.Errorf("read lines %v of %s: %w", offsets, chip, err)
	}
	v := make([]int, len(offsets))
	err = req.Values(v)
	if cerr := req.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("read lines %v of %s: %w", offsets, chip, err)
	}
	return v, nil
}

// Status is how a check went.
type Status int

const (
	OK      Status = iota // present and working
	Note                  // worth knowing; not a fault
	Missing               // not there
	Failing               // there, but not working
)

func (s Status) String() string {
	switch s {
	case OK:
		return "ok"
	case Note:
		return "note"
	case Missing:
		return "missing"
	case Failing:
		return "failing"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Check is one finding.
type Check struct {
	Part   string // the heading it is shown under: "GPIO", "Card reader"
	Status Status
	Say    string // the finding, one sentence
	Where  string // "table.yaml:14" when a line of the config is concerned
	Fix    string // what to do, when Status is Missing or Failing
}

// Report is everything the doctor found.
type Report struct {
	Config string // the config file, "" when run without one
	Checks []Check
}

// OK reports whether nothing is missing or failing.
func (r *Report) OK() bool {
	return r.Problems() == 0
}

// Problems counts the checks missing or failing.
func (r *Report) Problems() int {
	n := 0
	for _, c := range r.Checks {
		if c.Status == Missing || c.Status == Failing {
			n++
		}
	}
	return n
}

func (r *Report) add(part string, st Status, where, fix, format string, args ...any) {
	r.Checks = append(r.Checks, Check{Part: part, Status: st, Say: fmt.Sprintf(format, args...), Where: where, Fix: fix})
}

// Parts, in the order the report shows them.
const (
	PartConfig = "Config"
	PartGPIO   = "GPIO"
	PartReader = "Card reader"
	PartLights = "Lights"
	PartSound  = "Sound"
)

// Options tunes RunWith; zero fields take the defaults.
type Options struct {
	// Soak is how long the card reader service (package reader) polls the
	// PN532 once it has answered, as the table would: DefaultSoak.
	// Negative skips it. A longer one gives time to lay cards on the
	// reader and see their UIDs.
	Soak time.Duration
	// Logger receives the reader service's logs during the soak; nil
	// discards them, as the report says what they would: the counters,
	// the resets and the last error.
	Logger *slog.Logger
	// Progress, if set, is told when the soak starts and of each card as
	// it is read, so a builder laying stickers on the reader sees each
	// one at once; the report lists them too.
	Progress io.Writer
}

// DefaultSoak is long enough for about a hundred polls, and for the
// watchdog to notice a chip that hangs at its start (three failed polls,
// about 300 ms) and reset it (about 600 ms more).
const DefaultSoak = 1500 * time.Millisecond

func (o Options) withDefaults() Options {
	if o.Soak == 0 {
		o.Soak = DefaultSoak
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Run checks the machine, and the table in the config at path if path is
// not empty; the zero Options are the defaults. clk is what the sound card is opened
// with and what the card reader is polled on.
func Run(ctx context.Context, sys System, clk hw.Clock, path string, opts Options) *Report {
	o := opts.withDefaults()
	r := &Report{Config: path}
	var b *config.Board
	if path != "" {
		var err error
		b, err = config.Load(path)
		if err != nil {
			ps := config.Problems(err)
			for _, p := range ps {
				// Verbatim: the same words `falling play` would refuse with.
				r.add(PartConfig, Failing, "", "", "%s", p.Error())
			}
			if len(ps) == 0 {
				r.add(PartConfig, Failing, "", "", "%s", err.Error())
			}
		} else {
			r.add(PartConfig, OK, "", "", "%s: %d seats, chip %s, %s", path, len(b.Seats), chipValue(b.Chip), parts(b))
		}
	}
	g := checkChips(r, sys, b)
	if b != nil {
		checkLines(r, sys, b, g)
		checkIdleHigh(r, sys, b, g)
		checkReader(ctx, r, sys, clk, b, g, o)
		checkI2CSpeed(r, sys, b, g.chips)
		checkStrip(r, sys, b)
	} else {
		listBuses(r, sys)
	}
	checkSound(r, sys, clk, b)
	return r
}

// parts lists what a board has besides its seats, for the config line.
func parts(b *config.Board) string {
	var p []string
	if !b.HasButtons() {
		// Allowed (the table still tracks cards), but worth saying: a
		// forgotten seats section looks the same.
		p = append(p, "no seat buttons (presses are not tracked)")
	}
	if len(b.Panel.Buttons) > 0 {
		p = append(p, fmt.Sprintf("%d panel buttons", len(b.Panel.Buttons)))
	}
	if b.Panel.DealerSeatLongPress {
		p = append(p, "dealer seat long press")
	}
	if b.Reader != nil {
		p = append(p, "a card reader")
	}
	if b.Strip != nil {
		p = append(p, "an "+strings.ToUpper(string(b.Strip.Type))+" strip")
	}
	p = append(p, "sound: "+pi.SoundDevice(b.Sound))
	return strings.Join(p, ", ")
}

// chipChoice is what the doctor found of the GPIO chips: all of them, and the
// one the config's gpiochip: names, "" when it is not here. The chip is
// chosen once, and every check of its lines goes by that choice.
type chipChoice struct {
	chips []pi.ChipInfo
	chip  string
}

func checkChips(r *Report, sys System, b *config.Board) chipChoice {
	chips, err := sys.Chips()
	if err != nil {
		what, fix := pi.Advice(pi.GPIO, pi.Classify(err))
		r.add(PartGPIO, Failing, "", fix, "a GPIO chip %s: %v", what, err)
	}
	if len(chips) == 0 {
		r.add(PartGPIO, Missing, "",
			"this is not a Raspberry Pi, or its kernel has no GPIO character device; `falling play` without --config runs the simulated table",
			"no GPIO chip was found (no /dev/gpiochip*): no seat button, LED or panel button can be read here")
		return chipChoice{}
	}
	for _, c := range chips {
		say := fmt.Sprintf("%s %q has %d lines", c.Name, c.Label, c.Lines)
		if c.Header() {
			say += ": the Pi's 40-pin header"
		}
		r.add(PartGPIO, OK, "", "", "%s", say)
	}
	if b == nil {
		return chipChoice{chips: chips}
	}
	return chipChoice{chips: chips, chip: chooseChip(r, b, chips)}
}

// chooseChip says which chip the config's gpiochip: finds here, and why
// not when it finds none. It returns the chip's name, "" for none.
func chooseChip(r *Report, b *config.Board, chips []pi.ChipInfo) string {
	name, err := pi.ChooseChip(b.Chip, chips)
	if err == nil && b.Chip.Name != "" && !slices.ContainsFunc(chips, func(c pi.ChipInfo) bool { return c.Name == name }) {
		err = fmt.Errorf("the config's chip %s is not here", name)
	}
	if err != nil {
		fix := "write gpiochip: header (the chip is then found by its label), or one of the chips above"
		if b.Chip.Label == config.HeaderChip {
			fix = "this is not a Raspberry Pi's header (labels " + strings.Join(config.HeaderLabels, ", ") + "): write gpiochip: with one of the chips above"
		}
		r.add(PartGPIO, Missing, b.Where("gpiochip"), fix, "%v", err)
		return ""
	}
	for _, c := range chips {
		if c.Name != name {
			continue
		}
		switch {
		case b.Chip.Name == "":
			r.add(PartGPIO, OK, "", "", "the config's chip (gpiochip: %s) is %s %q here", chipValue(b.Chip), name, c.Label)
		case c.Header():
			// Found, but by a number the next kernel may change.
			r.add(PartGPIO, Note, b.Where("gpiochip"), "", "the config names the header's chip by number (%s); gpiochip: header finds it by its label %q on every model and kernel", name, c.Label)
		default:
			var header string
			for _, h := range chips {
				if h.Header() {
					header = h.Name
				}
			}
			if header != "" {
				r.add(PartGPIO, Note, b.Where("gpiochip"), "", "the config uses %s, which is not the header's chip (%s)", name, header)
			}
		}
	}
	return name
}

// chipValue is how the config wrote its chip, for messages.
func chipValue(c config.Chip) string {
	if c.Name != "" {
		return c.Name
	}
	if c.Label == config.HeaderChip || slices.Contains(config.HeaderLabels, c.Label) {
		return c.Label
	}
	return "label:" + c.Label
}

func checkLines(r *Report, sys System, b *config.Board, g chipChoice) {
	uses := b.Uses()
	chip := g.chip
	if chip == "" {
		if len(g.chips) > 0 {
			// The chip line already says why; one line per seat would bury it.
			return
		}
		r.add(PartGPIO, Missing, b.Where("seats"), "",
			"none of the %d lines the config uses (seat buttons, LEDs, panel, reader IRQ) can be checked without a GPIO chip", len(uses))
		return
	}
	offsets := make([]int, len(uses))
	for i, u := range uses {
		offsets[i] = u.Offset
	}
	infos, err := sys.LineInfo(chip, offsets)
	if err != nil {
		what, fix := pi.Advice(pi.GPIO, pi.Classify(err))
		r.add(PartGPIO, Failing, b.Where("gpiochip"), fix, "the lines of /dev/%s %s: %v", chip, what, err)
		return
	}
	for i, li := range infos {
		u := uses[i]
		line := fmt.Sprintf("GPIO line %d", u.Offset)
		if pin, ok := config.HeaderPin(u.Offset); ok {
			line += fmt.Sprintf(" (pin %d)", pin)
		}
		if !li.Used {
			r.add(PartGPIO, OK, "", "", "%s: %s is free", u.What, line)
			continue
		}
		holder := "another program"
		if li.Consumer != "" {
			holder = fmt.Sprintf("%q", li.Consumer)
		}
		fix := "stop that program (gpioinfo shows who holds each line), or pick another line"
		if li.Consumer == pi.Consumer {
			fix = "another falling is running (systemctl stop falling, or close it), then run the doctor again"
		}
		r.add(PartGPIO, Failing, b.Where(u.What), fix, "%s: %s is busy, held by %s", u.What, line, holder)
	}
}

// checkIdleHigh reads every input line the config uses (seat and panel
// buttons, the reader's IRQ) with its bias left as the overlay set it.
// Each is only ever pulled low, by a press or by the PN532, so at rest all
// must read high: a low line is a button held or shorted, wired to the
// wrong pin, or a pull-up missing (no overlay), which the game would see
// as a phantom press. Busy lines are left alone (checkLines said so).
func checkIdleHigh(r *Report, sys System, b *config.Board, g chipChoice) {
	chip := g.chip
	if chip == "" {
		return
	}
	var inputs []config.LineUse
	var offsets []int
	for _, u := range b.Uses() {
		if u.Role == config.SeatLight {
			continue
		}
		inputs = append(inputs, u)
		offsets = append(offsets, u.Offset)
	}
	if len(offsets) == 0 {
		return
	}
	if infos, err := sys.LineInfo(chip, offsets); err != nil || slices.ContainsFunc(infos, func(li pi.LineInfo) bool { return li.Used }) {
		return
	}
	levels, err := sys.LineLevels(chip, offsets)
	if err != nil {
		what, fix := pi.Advice(pi.GPIO, pi.Classify(err))
		r.add(PartGPIO, Failing, b.Where("gpiochip"), fix, "the button lines' levels %s: %v", what, err)
		return
	}
	low := 0
	for i, v := range levels {
		if v != 0 {
			continue
		}
		low++
		u := inputs[i]
		line := fmt.Sprintf("GPIO line %d", u.Offset)
		if pin, ok := config.HeaderPin(u.Offset); ok {
			line += fmt.Sprintf(" (pin %d)", pin)
		}
		fix := "if nobody is pressing it: check its wiring (line to the button, button to ground, no short) and that config.txt has dtoverlay=falling-buttons (pinctrl get " + fmt.Sprint(u.Offset) + " should say pu | hi)"
		if u.Role == config.ReaderIRQ {
			fix = "the PN532 holds IRQ low while it has an answer waiting, which passes; if it stays low, check its wiring and the overlay's pull-up"
		}
		r.add(PartGPIO, Failing, b.Where(u.What), fix, "%s: %s reads low at rest, as if pressed", u.What, line)
	}
	if low == 0 {
		r.add(PartGPIO, OK, "", "", "at rest all %d button and IRQ lines read high: the pull-ups are on", len(levels))
	}
}

// deviceMissing adds a check for a device file that is not usable, and
// reports whether it did.
func deviceMissing(r *Report, sys System, part string, bus pi.Bus, where, what, path string) bool {
	err := sys.Stat(path)
	if err == nil {
		return false
	}
	st := Failing
	if errors.Is(err, fs.ErrNotExist) {
		st = Missing
	}
	why, fix := pi.Advice(bus, pi.Classify(err))
	r.add(part, st, where, fix, "%s: %s %s", what, path, why)
	return true
}

func checkReader(ctx context.Context, r *Report, sys System, clk hw.Clock, b *config.Board, g chipChoice, o Options) {
	rd := b.Reader
	if rd == nil {
		r.add(PartReader, Note, "", "", "no reader in the config: the dealer confirms each card by hand")
		return
	}
	what := "PN532 card reader"
	if i2cBusMissing(r, sys, b.Where("reader bus"), what, rd.Bus) {
		return
	}
	if deviceMissing(r, sys, PartReader, pi.I2C, b.Where("reader bus"), what, rd.Path()) {
		return
	}
	bus, err := sys.OpenI2C(rd.Bus)
	if err != nil {
		why, fix := pi.Advice(pi.I2C, pi.Classify(err))
		r.add(PartReader, Failing, b.Where("reader bus"), fix, "%s: %s %s: %v", what, rd.Path(), why, err)
		return
	}
	defer bus.Close()
	if ctx.Err() != nil {
		r.add(PartReader, Failing, "", "", "%s: not checked: %v", what, ctx.Err())
		return
	}
	// Driven high before the chip is spoken to, as the table does, so a
	// chip a floating RSTPDN held in reset is not taken for a dead one.
	rst := openReset(r, sys, b, g.chip)
	if rst != nil {
		defer rst.Close()
	}
	// Polled over the bus, not by IRQ: the IRQ line was checked with the
	// others, and a miswired IRQ must not make a working chip look dead.
	opts := pn532.DefaultOptions
	opts.Addr = rd.Address
	opts.Clock = clk
	dev, err := pn532.Attach(bus, &opts)
	if err != nil {
		r.add(PartReader, Failing, b.Where("reader"), "", "%s: the driver cannot be set up: %v", what, err)
		return
	}
	answerFix := fmt.Sprintf("check its wiring (SDA, SCL, 3.3 V, ground) and that its mode switches select I2C; i2cdetect -y %d should show %02x", rd.Bus, rd.Address)
	var s *soak
	if err := dev.Reinit(); err != nil {
		if rst == nil || o.Soak < 0 {
			r.add(PartReader, Failing, b.Where("reader"), answerFix,
				"%s at %#x on %s does not answer: %v", what, rd.Address, rd.Path(), err)
			return
		}
		// A PN532 hung since before the doctor started answers nothing
		// until its RSTPDN is pulsed: let the watchdog do what it would at
		// the table, and judge the chip by what it does after: for long
		// enough to reach the first reset, whatever the soak asked.
		lo := o
		lo.Soak = max(o.Soak, DefaultSoak)
		s = runSoak(ctx, clk, dev, rst, err, lo)
		if s.health.State != reader.HealthOK {
			r.add(PartReader, Failing, b.Where("reader"), answerFix,
				"%s at %#x on %s does not answer, even after %s through RSTPDN (GPIO line %d): %v",
				what, rd.Address, rd.Path(), plural.Count(s.health.Resets, "reset"), rd.Reset, err)
			return
		}
		r.add(PartReader, Note, b.Where("reader reset"), "",
			"%s at %#x on %s did not answer at first (%v); the watchdog reset it through RSTPDN (GPIO line %d) and it came back",
			what, rd.Address, rd.Path(), err, rd.Reset)
	}
	fw := dev.Firmware()
	if fw.IC != 0x32 {
		r.add(PartReader, Failing, b.Where("reader address"), "use a PN532 board, or check the address",
			"the chip at %#x on %s answers as IC 0x%02X, firmware %d.%d: not a PN532", rd.Address, rd.Path(), fw.IC, fw.Ver, fw.Rev)
		return
	}
	r.add(PartReader, OK, "", "", "%s at %#x on %s answers: firmware %d.%d, IC PN532 (0x%02X)", what, rd.Address, rd.Path(), fw.Ver, fw.Rev, fw.IC)
	if o.Soak < 0 {
		return
	}
	if tableRunning(sys, b, g.chip) {
		// Two programs polling one PN532 garble each other's frames, and
		// the soak's watchdog would reset the chip under the table.
		r.add(PartReader, Note, "", "", "the card reader service was not tried: another falling holds the table's lines and polls the reader (stop it to have the doctor poll it)")
		return
	}
	if s == nil {
		s = runSoak(ctx, clk, dev, rst, nil, o)
	}
	s.report(r, b)
}

// i2cBusMissing explains a missing /dev/i2c-N, and reports whether it did.
// Two different things make it: the bus's controller is off (no
// dtparam=i2c_arm=on, or no reboot since), or the controller is on but the
// i2c-dev module, which makes the device files, is not loaded; the Pi's
// config.txt does not load it, so that is the common case on a fresh card.
// The kernel's sysfs tells them apart.
func i2cBusMissing(r *Report, sys System, where, what string, bus int) bool {
	path := fmt.Sprintf("/dev/i2c-%d", bus)
	if err := sys.Stat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return false // there, or a problem deviceMissing words better
	}
	adapter := sys.Stat(fmt.Sprintf("/sys/class/i2c-adapter/i2c-%d", bus)) == nil
	module := sys.Stat("/sys/module/i2c_dev") == nil
	const boot = "install.sh lists it in /etc/modules-load.d/falling.conf so it loads at every boot"
	switch {
	case adapter && !module:
		r.add(PartReader, Missing, where, "sudo modprobe i2c-dev now; "+boot,
			"%s: %s does not exist: I2C bus %d is on, but the i2c-dev module that makes its device file is not loaded", what, path, bus)
	case !module:
		r.add(PartReader, Missing, where,
			"add dtparam=i2c_arm=on to /boot/firmware/config.txt (install.sh does), load i2c-dev ("+boot+"; or sudo modprobe i2c-dev), and reboot",
			"%s: %s does not exist: I2C bus %d is off and the i2c-dev module is not loaded", what, path, bus)
	default:
		r.add(PartReader, Missing, where,
			"add dtparam=i2c_arm=on to /boot/firmware/config.txt (install.sh does; raspi-config can too) and reboot",
			"%s: %s does not exist: the i2c-dev module is loaded, but I2C bus %d is off", what, path, bus)
	}
	return true
}

// checkI2CSpeed reads the reader bus's clock from the device tree and says
// whether it suits the PN532 on this Pi: the BCM2835/2837/2711 I2C
// controller mishandles the clock stretching the PN532 does
// (raspberrypi/linux#4884), so they want 100 kHz; the Pi 5's RP1 copes
// with the chip's 400. A bus with no clock-frequency (i2c-gpio, bit-banged)
// honours stretching and is not judged.
func checkI2CSpeed(r *Report, sys System, b *config.Board, chips []pi.ChipInfo) {
	rd := b.Reader
	if rd == nil || sys.Stat(rd.Path()) != nil {
		return
	}
	raw, err := sys.ReadFile(fmt.Sprintf("/sys/class/i2c-adapter/i2c-%d/of_node/clock-frequency", rd.Bus))
	if err != nil || len(raw) != 4 {
		return
	}
	hz := int(binary.BigEndian.Uint32(raw))
	rp1 := slices.ContainsFunc(chips, func(c pi.ChipInfo) bool { return c.Label == "pinctrl-rp1" })
	switch {
	case rp1 && hz <= 400_000, !rp1 && hz <= 100_000:
		r.add(PartReader, OK, "", "", "I2C bus %d runs at %d kHz, which the PN532 and this Pi's I2C controller both keep up with", rd.Bus, hz/1000)
	case rp1:
		r.add(PartReader, Note, "", "set dtparam=i2c_arm_baudrate=400000 (firmware/config.txt's [pi5] section does)",
			"I2C bus %d runs at %d kHz, above the PN532's 400", rd.Bus, hz/1000)
	default:
		r.add(PartReader, Note, "", "set dtparam=i2c_arm_baudrate=100000 in /boot/firmware/config.txt (firmware/config.txt does) and reboot",
			"I2C bus %d runs at %d kHz: this Pi's I2C controller mishandles the PN532's clock stretching above 100 kHz (raspberrypi/linux#4884), which shows as garbled or missing reads", rd.Bus, hz/1000)
	}
}

func checkStrip(r *Report, sys System, b *config.Board) {
	leds := 0
	for _, s := range b.Seats {
		if s.Light.Kind == config.GPIOLight {
			leds++
		}
	}
	if leds > 0 {
		r.add(PartLights, Note, "", "", "%d seat LEDs on GPIO lines (checked with the lines above; the doctor cannot see whether they light)", leds)
	}
	st := b.Strip
	if st == nil {
		if leds == 0 {
			r.add(PartLights, Note, "", "", "no seat lights in the config: the dealer follows the beat and the screen")
		}
		return
	}
	what := strings.ToUpper(string(st.Type)) + " strip"
	where := b.Where("strip spi")
	if deviceMissing(r, sys, PartLights, pi.SPI, where, what, st.SPIPath()) {
		return
	}
	port, err := sys.OpenSPI(st.SPIBus, st.SPICS)
	if err != nil {
		why, fix := pi.Advice(pi.SPI, pi.Classify(err))
		r.add(PartLights, Failing, where, fix, "%s: %s %s: %v", what, st.SPIPath(), why, err)
		return
	}
	defer port.Close()
	f := physic.Frequency(st.SpeedHz) * physic.Hertz
	if err := port.LimitSpeed(f); err != nil {
		r.add(PartLights, Failing, b.Where("strip speed_hz"), "lower speed_hz", "%s: %s refuses %d Hz: %v", what, st.SPIPath(), st.SpeedHz, err)
		return
	}
	if _, err := port.Connect(f, spi.Mode0, 8); err != nil {
		r.add(PartLights, Failing, where, "check that nothing else uses the port", "%s: %s does not open for writing: %v", what, st.SPIPath(), err)
		return
	}
	r.add(PartLights, OK, "", "", "%s: %s opens at %d Hz for %d pixels (the doctor cannot see whether they light)", what, st.SPIPath(), st.SpeedHz, st.Pixels)
}

// listBuses says which buses are on, for a table not yet configured.
func listBuses(r *Report, sys System) {
	for _, bus := range []struct{ part, name, glob, off string }{
		{PartReader, "I2C bus", "/dev/i2c-*", "I2C is off (dtparam=i2c_arm=on turns it on): no card reader can be used"},
		{PartLights, "SPI device", "/dev/spidev*", "SPI is off (dtparam=spi=on turns it on): no light strip can be used"},
	} {
		found, err := sys.Glob(bus.glob)
		switch {
		case err != nil:
			r.add(bus.part, Note, "", "", "cannot list %s: %v", bus.glob, err)
		case len(found) == 0:
			r.add(bus.part, Note, "", "", "no %s: %s", bus.name, bus.off)
		default:
			r.add(bus.part, Note, "", "", "%s here: %s (a config names the one to use)", bus.name, strings.Join(found, ", "))
		}
	}
}

func checkSound(r *Report, sys System, clk hw.Clock, b *config.Board) {
	dev := "default"
	where := ""
	if b != nil {
		dev = pi.SoundDevice(b.Sound)
		where = b.Where("sound device")
		switch b.Sound.Output {
		case config.SoundNone:
			r.add(PartSound, OK, "", "", "sound is off in the config (device: none): the table runs silent")
			return
		case config.SoundWAV:
			dir := filepath.Dir(b.Sound.WAV)
			if err := sys.Stat(dir); err != nil {
				r.add(PartSound, Failing, where, "create the folder, or write another path", "cues go to %s, but its folder %s: %v", b.Sound.WAV, dir, err)
				return
			}
			r.add(PartSound, OK, "", "", "cues are recorded to %s, not played", b.Sound.WAV)
			return
		}
	}
	// Without a config nothing is missing: the simulated table runs
	// silent, so absence is a note there and a fault with a config.
	bad := Note
	if b != nil {
		bad = Missing
	}
	if err := sys.Stat("/dev/snd"); err != nil {
		r.add(PartSound, bad, where, fixIf(bad, "plug in a USB speaker or enable the Pi's audio (dtparam=audio=on), or write device: none under sound:"),
			"no sound card (no /dev/snd): the beat and cues cannot be heard")
		return
	}
	s, err := sys.OpenSound(dev, clk, pi.SoundOptions(soundOf(b)))
	switch {
	case errors.Is(err, sound.ErrNoSoundSupport):
		r.add(PartSound, maxStatus(bad, Failing), where, fixIf(bad, "use a binary built with -tags alsa (make pi builds one)"),
			"there is a sound card, but this falling was built without sound support")
	case err != nil:
		why, fix := pi.Advice(pi.Audio, pi.Classify(err))
		r.add(PartSound, maxStatus(bad, Failing), where, fixIf(bad, fix), "the sound card %s: %v", why, err)
	default:
		// Read while the stream is open: the kernel lists only open ones.
		playing(r, sys, b, dev)
		if cerr := s.Close(); cerr != nil {
			r.add(PartSound, maxStatus(bad, Failing), where, "", "the sound card opened but did not close: %v", cerr)
			return
		}
		r.add(PartSound, OK, "", "", "the sound card plays (%s)", dev)
	}
}

// soundOf is the config's sound, or the default without a config.
func soundOf(b *config.Board) config.Sound {
	if b == nil {
		return config.Sound{Output: config.SoundDefault}
	}
	return b.Sound
}

// pipeWireDefaults are where pipewire-alsa makes PipeWire ALSA's default.
var pipeWireDefaults = []string{"/etc/alsa/conf.d/99-pipewire-default.conf", "/usr/share/alsa/alsa.conf.d/99-pipewire-default.conf"}

// playing says which ALSA device the speaker just opened on dev really
// plays on: the kernel's /proc/asound names the card a process holds. None
// held means a sound server (PipeWire, PulseAudio) plays for us, which a
// system service cannot reach; it also says the latency in use.
func playing(r *Report, sys System, b *config.Board, dev string) {
	snd := soundOf(b)
	alsa := snd.ALSADevice()
	var mine []string
	streams, err := sound.PlaybackStreams(sys.ProcASound())
	for _, st := range streams {
		if st.OwnerPID == os.Getpid() {
			mine = append(mine, st.String())
		}
	}
	switch {
	case len(mine) > 0:
		r.add(PartSound, OK, "", "", "ALSA device %s plays on %s; latency %v is taken off every cue", alsa, strings.Join(mine, ", "), snd.Latency)
	case err != nil:
		r.add(PartSound, Note, "", "", "cannot tell which card ALSA device %s plays on: %v", alsa, err)
	default:
		fix := ""
		for _, p := range pipeWireDefaults {
			if sys.Stat(p) == nil && alsa == config.DefaultALSA {
				fix = fmt.Sprintf("ALSA's default is PipeWire here (%s), which the falling service (no desktop session) cannot reach: write alsa: with a card from aplay -L under sound:, such as plughw:CARD=Headphones,DEV=0", p)
			}
		}
		r.add(PartSound, Note, "", fix, "ALSA device %s plays through a sound server, not on a card of its own (no card in /proc/asound is held by this process)", alsa)
	}
}

// maxStatus keeps a note a note: without a config nothing is required.
func maxStatus(bad, st Status) Status {
	if bad == Note {
		return Note
	}
	return st
}

func fixIf(st Status, fix string) string {
	if st == Note {
		return ""
	}
	return fix
}

// Write prints the report: one line per finding under its part, the fix
// under each problem, and a verdict.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	if r.Config == "" {
		b.WriteString("falling doctor: the hardware on this machine (no --config)\n")
	} else {
		fmt.Fprintf(&b, "falling doctor: the table in %s\n", r.Config)
	}
	for _, part := range []string{PartConfig, PartGPIO, PartReader, PartLights, PartSound} {
		first := true
		for _, c := range r.Checks {
			if c.Part != part {
				continue
			}
			if first {
				fmt.Fprintf(&b, "\n%s\n", part)
				first = false
			}
			fmt.Fprintf(&b, "  %-8s %s", c.Status, c.Say)
			if c.Where != "" && c.Status != OK {
				fmt.Fprintf(&b, " [%s]", c.Where)
			}
			b.WriteByte('\n')
			if c.Fix != "" {
				fmt.Fprintf(&b, "  %-8s fix: %s\n", "", c.Fix)
			}
		}
	}
	b.WriteByte('\n')
	n := r.Problems()
	switch {
	case r.Config == "" && n == 0:
		b.WriteString("No config given: only the simulated table can run (falling play). Write one from firmware/board-reference.yaml and run falling doctor --config FILE.\n")
	case r.Config == "":
		fmt.Fprintf(&b, "%s. No config given: only the simulated table can run (falling play).\n", plural.Count(n, "problem"))
	case n == 0:
		b.WriteString("Everything the config names is here and working.\n")
	default:
		fmt.Fprintf(&b, "%s: the table cannot start as configured until %s fixed.\n", plural.Count(n, "problem"), map[bool]string{true: "it is", false: "they are"}[n == 1])
	}
	_, err := io.WriteString(w, b.String())
	return err
}
