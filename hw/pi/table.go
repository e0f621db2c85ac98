// Package pi is the real table: it opens every part a board config names
// (seat buttons, dealer panel, seat lights, the PN532 card reader, the
// speaker) on a Raspberry Pi and hands them over as the hw interfaces, so
// the dealer runs the same on the Pi as on the simulated table.
//
// Parts the config leaves out are absent, never an error: a table with no
// reader still paces the deal, one with no lights still logs presses, one
// with no seat buttons still tracks cards. A card reader that is configured
// but does not answer is not an error either (product.md: the assistant
// keeps pacing with manual confirmation and picks the reader up when it
// comes back): the table opens with it lost, and says so in Degraded.
// Every error names the part, the line of the wiring file it came from and
// the fix, because it is read by whoever wired the table, at the table.
//
// Nothing here touches hardware before Open is called. Open reaches the
// hardware only through Devices, so tests assemble a whole table from fakes.
package pi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"syscall"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/host/v3/sysfs"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/buttons"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/lights"
	"github.com/falling-table/falling/hw/reader"
	"github.com/falling-table/falling/hw/sound"
)

// Consumer is the name the table's lines carry in gpioinfo.
const Consumer = "falling"

// Devices is how Open reaches the hardware. Host is the real one.
type Devices interface {
	// Chips lists the GPIO chips, so a chip chosen by label can be found.
	Chips() ([]ChipInfo, error)
	LineInfo(chip string, offsets []int) ([]LineInfo, error)
	OpenButtons(chip string, lines map[int]int, opts buttons.Options) (hw.Buttons, error)
	OpenOutput(chip string, offset int, activeLow bool) (OutputPin, error)
	// OpenReset requests the PN532's RSTPDN line as an output driven high
	// from the moment it is requested: low holds the chip in reset.
	OpenReset(chip string, offset int) (OutputPin, error)
	OpenIRQ(chip string, offset int) (IRQPin, error)
	OpenI2C(bus int) (i2c.BusCloser, error)
	OpenSPI(bus, cs int) (spi.PortCloser, error)
	// OpenSound opens a sound.OpenWith device (SoundDevice).
	OpenSound(device string, clk hw.Clock, opts sound.Options) (hw.Sound, error)
}

// Host is the Pi's real hardware: GPIO through the character device
// (go-gpiocdev), I2C and SPI through periph's registries over /dev, sound
// through package sound.
type Host struct{}

var _ Devices = Host{}

// OpenButtons implements Devices with package buttons.
func (Host) OpenButtons(chip string, lines map[int]int, opts buttons.Options) (hw.Buttons, error) {
	return buttons.Open(chip, lines, opts)
}

// OpenI2C opens /dev/i2c-<bus> with periph's sysfs I2C.
//
// The bus is opened directly, not through periph's registry: registering
// the drivers (driverreg.Init) would need the whole host stack, and in
// host v3.8.5 the sysfs package's GPIO driver depends on gpioioctl, so with
// only sysfs linked the registry refused every driver and no bus ever
// opened; linking gpioioctl instead would start a second GPIO stack beside
// go-gpiocdev, holding every chip open. The product is Linux-only, so the
// registry's portability buys nothing here.
func (Host) OpenI2C(bus int) (i2c.BusCloser, error) {
	path := fmt.Sprintf("/dev/i2c-%d", bus)
	if err := checkDevice(path); err != nil {
		return nil, err
	}
	b, err := sysfs.NewI2C(bus)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return b, nil
}

// OpenSPI opens /dev/spidev<bus>.<cs> with periph's sysfs SPI, directly for
// the reason OpenI2C gives.
func (Host) OpenSPI(bus, cs int) (spi.PortCloser, error) {
	path := fmt.Sprintf("/dev/spidev%d.%d", bus, cs)
	if err := checkDevice(path); err != nil {
		return nil, err
	}
	p, err := sysfs.NewSPI(bus, cs)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return p, nil
}

// OpenSound implements Devices with package sound.
func (Host) OpenSound(device string, clk hw.Clock, opts sound.Options) (hw.Sound, error) {
	return sound.OpenWith(device, clk, opts)
}

// checkDevice opens the device file once before periph does, because
// periph's errors flatten the cause to text, where a missing file and a
// permission problem need different fixes (Classify reads the *PathError).
func checkDevice(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// Options tune Open. The zero value opens the real hardware.
type Options struct {
	Devices   Devices       // nil means Host{}
	LongPress time.Duration // the dealer seat's dispute hold; default DefaultLongPress
	Logger    *slog.Logger  // nil means slog.Default()
}

// Table is every part of a real table. Buttons, Lights and Sound are never
// nil (a table without seat buttons has Buttons that never deliver an
// event); Panel and Reader are nil when the config has none.
type Table struct {
	Buttons hw.Buttons
	// Panel is nil unless the config has panel buttons or the dealer seat's
	// long press; call Panel.SetDealer at each hand when it has the latter.
	Panel  *Panel
	Lights hw.Lights     // seats without a light ignore Set
	Reader hw.CardReader // nil: no reader, the dealer confirms by hand
	// Firmware is the PN532's, when there is a reader that answered at
	// Open; zero when it did not (the reader then starts lost).
	Firmware pn532.Firmware
	Sound    hw.Sound
	// Degraded lists parts that were configured but are not working, each
	// a *PartError with the fix, and each logged: a speaker that would not
	// open plays silently; a card reader that did not answer starts lost
	// (Reader reports ReaderLost first, then ReaderOK once it answers).
	Degraded []error

	closers []closer
}

type closer struct {
	what string
	fn   func() error
}

func (t *Table) onClose(what string, fn func() error) {
	t.closers = append(t.closers, closer{what, fn})
}

// Close releases every part in the reverse order of opening, so lights are
// turned off before their lines are let go, and returns every failure.
func (t *Table) Close() error {
	var errs []error
	for i := len(t.closers) - 1; i >= 0; i-- {
		if err := t.closers[i].fn(); err != nil {
			errs = append(errs, fmt.Errorf("close %s: %w", t.closers[i].what, err))
		}
	}
	t.closers = nil
	return errors.Join(errs...)
}

// Open assembles the table b describes. clk must read CLOCK_MONOTONIC on a
// real table (Clock); a part that fails closes the ones already open.
func Open(ctx context.Context, b *config.Board, clk hw.Clock, opts Options) (t *Table, err error) {
	if b == nil {
		return nil, errors.New("pi: no board config")
	}
	if clk == nil {
		return nil, errors.New("pi: no clock")
	}
	if opts.Devices == nil {
		opts.Devices = Host{}
	}
	if opts.LongPress <= 0 {
		opts.LongPress = DefaultLongPress
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	o := &opener{b: b, clk: clk, opts: opts, dev: opts.Devices, t: &Table{}}
	defer func() {
		if err != nil {
			if cerr := o.t.Close(); cerr != nil {
				err = errors.Join(err, cerr)
			}
			t = nil
		}
	}()
	steps := []func() error{o.chooseChip, o.checkLines, o.seats, o.panel, o.lights, o.reader, o.sound}
	for _, step := range steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := step(); err != nil {
			return nil, err
		}
	}
	return o.t, nil
}

type opener struct {
	b    *config.Board
	clk  hw.Clock
	opts Options
	dev  Devices
	t    *Table
	chip string // the config's chip on this machine: "gpiochip0"
}

// chooseChip finds the config's GPIO chip (see ChooseChip). Only a chip
// chosen by label needs the list; a table with no GPIO lines needs none.
func (o *opener) chooseChip() error {
	c := o.b.Chip
	if c.Name != "" || len(o.b.Uses()) == 0 {
		o.chip = c.Name
		return nil
	}
	chips, err := o.dev.Chips()
	if len(chips) == 0 && err != nil {
		return o.chipErr(err)
	}
	if err != nil {
		// A chip that could not be read is not the one wanted, unless
		// nothing else matches, which the error below then says.
		o.opts.Logger.Warn("pi: some GPIO chips could not be read", "err", err)
	}
	name, cerr := ChooseChip(c, chips)
	if cerr != nil {
		return o.chipErr(errors.Join(cerr, err))
	}
	o.chip = name
	o.opts.Logger.Info("pi: GPIO chip chosen", "chip", name, "by", c.String())
	return nil
}

// partErr describes a failure to open part, written at key in the file.
func (o *opener) partErr(bus Bus, key, part string, err error) error {
	what, fix := Advice(bus, Classify(err))
	return &PartError{Where: o.b.Where(key), Part: part, What: what, Fix: fix, Err: err}
}

func (o *opener) chipErr(err error) error {
	part := o.b.Chip.String() // "the header's GPIO chip", before it is found
	if o.chip != "" {
		part = "GPIO chip " + chipPath(o.chip)
	}
	return o.partErr(GPIO, "gpiochip", part, err)
}

// chipPath names the chosen chip's file in messages.
func (o *opener) chipPath() string { return chipPath(o.chip) }

// checkLines reads who holds each line before requesting any: a request
// for many lines fails with a bare EBUSY, and the person at the table needs
// to know which line, which line of the file, and which program.
func (o *opener) checkLines() error {
	uses := o.b.Uses()
	if len(uses) == 0 {
		return nil
	}
	offsets := make([]int, len(uses))
	for i, u := range uses {
		offsets[i] = u.Offset
	}
	infos, err := o.dev.LineInfo(o.chip, offsets)
	if err != nil {
		return o.chipErr(err)
	}
	var errs []error
	for i, li := range infos {
		if !li.Used {
			continue
		}
		u := uses[i]
		holder := "another program"
		if li.Consumer != "" {
			holder = fmt.Sprintf("%q", li.Consumer)
		}
		errs = append(errs, &PartError{
			Where: o.b.Where(u.What),
			Part:  fmt.Sprintf("%s (GPIO line %d)", u.What, u.Offset),
			What:  "is busy: held by " + holder,
			Fix:   "stop that program (gpioinfo shows who holds each line), or pick another line",
			Err:   syscall.EBUSY,
			quiet: true,
		})
	}
	return errors.Join(errs...)
}

func (o *opener) buttonOptions() buttons.Options {
	return buttons.Options{Debounce: o.b.Timing.Debounce, Clock: o.clk, Logger: o.opts.Logger, Consumer: Consumer}
}

func (o *opener) seats() error {
	if len(o.b.Seats) == 0 {
		return errors.New(o.b.Where("seats") + ": no seats: list the table's seats, each with its number")
	}
	lines := make(map[int]int, len(o.b.Seats))
	for _, s := range o.b.Seats {
		if !s.NoButton {
			lines[s.Number] = s.Button
		}
	}
	if len(lines) == 0 {
		// A table without seat buttons still tracks cards and paces the
		// deal; the game just never sees a press.
		o.opts.Logger.Info("pi: no seat buttons in the config: presses are not tracked")
		nb := newNoButtons()
		o.t.Buttons = nb
		o.t.onClose("seat buttons", nb.Close)
		return nil
	}
	bs, err := o.dev.OpenButtons(o.chip, lines, o.buttonOptions())
	if err != nil {
		return o.partErr(GPIO, "seats", "seat buttons on "+o.chipPath(), err)
	}
	o.t.Buttons = bs
	o.t.onClose("seat buttons", bs.Close)
	return nil
}

func (o *opener) panel() error {
	pb := o.b.Panel
	if len(pb.Buttons) == 0 && !pb.DealerSeatLongPress {
		return nil
	}
	p := newPanel(o.clk, o.opts.LongPress)
	o.t.Panel = p
	o.t.onClose("dealer panel", p.Close)
	if pb.DealerSeatLongPress {
		// The tee is closed before the panel (reverse order), so the panel
		// sees no seat event after it stops.
		tee := newTee(o.t.Buttons, p.seatEvent)
		o.t.Buttons = tee
		o.t.closers[0] = closer{"seat buttons", tee.Close} // it closes the buttons it wraps
	}
	if len(pb.Buttons) == 0 {
		return nil
	}
	// The panel's buttons are their own line request: their edges must not
	// enter the seats' sequence, which orders "who was first".
	lines := map[int]int{}
	controls := map[int]hw.PanelEvent{}
	for i, btn := range pb.Buttons {
		lines[i+1] = btn.Line
		controls[i+1] = hw.PanelEvent{Control: btn.Control, As: btn.As}
	}
	bs, err := o.dev.OpenButtons(o.chip, lines, o.buttonOptions())
	if err != nil {
		return o.partErr(GPIO, "panel", "dealer panel buttons on "+o.chipPath(), err)
	}
	p.release = bs.Close
	p.buttonControls(bs, controls)
	return nil
}

func (o *opener) lights() error {
	sl := &seatLights{bySeat: map[int]hw.Lights{}}
	o.t.Lights = sl
	lopts := lights.Options{Clock: o.clk, Logger: o.opts.Logger}

	var pins []gpio.PinOut
	gpioSeats := map[int]int{}
	for _, s := range o.b.Seats {
		if s.Light.Kind != config.GPIOLight {
			continue
		}
		what := fmt.Sprintf("seat %d light", s.Number)
		p, err := o.dev.OpenOutput(o.chip, s.Light.Line, s.Light.ActiveLow)
		if err != nil {
			return o.partErr(GPIO, what, fmt.Sprintf("%s (GPIO line %d)", what, s.Light.Line), err)
		}
		o.t.onClose(what, p.Close)
		gpioSeats[s.Number] = len(pins)
		pins = append(pins, p)
	}
	if len(pins) > 0 {
		drv, err := lights.NewGPIO(pins)
		if err != nil {
			return fmt.Errorf("%s: seat lights: %w", o.b.Where("seats"), err)
		}
		e, err := lights.New(drv, gpioSeats, lopts)
		if err != nil {
			return fmt.Errorf("%s: seat lights: %w", o.b.Where("seats"), err)
		}
		// Registered after the pins so that it turns the LEDs off before
		// their lines are released.
		o.t.onClose("seat LEDs", sl.add(e, gpioSeats))
	}

	st := o.b.Strip
	if st == nil {
		return nil
	}
	part := fmt.Sprintf("%s strip on %s", st.Type, st.SPIPath())
	port, err := o.dev.OpenSPI(st.SPIBus, st.SPICS)
	if err != nil {
		return o.partErr(SPI, "strip spi", part, err)
	}
	o.t.onClose("strip SPI port", port.Close)
	if err := port.LimitSpeed(physic.Frequency(st.SpeedHz) * physic.Hertz); err != nil {
		return &PartError{Where: o.b.Where("strip speed_hz"), Part: part, What: "refused the speed", Fix: "lower speed_hz", Err: err}
	}
	var drv *lights.Strip
	switch st.Type {
	case config.APA102:
		drv, err = lights.NewAPA102(port, st.Pixels, st.Brightness)
	case config.WS2812:
		drv, err = lights.NewWS2812(port, st.Pixels, st.Brightness)
	default:
		err = fmt.Errorf("unknown strip type %q", st.Type)
	}
	if err != nil {
		return &PartError{Where: o.b.Where("strip"), Part: part, What: "could not be set up", Err: err}
	}
	pixels := map[int]int{}
	for _, s := range o.b.Seats {
		if s.Light.Kind == config.PixelLight {
			pixels[s.Number] = s.Light.Pixel
		}
	}
	e, err := lights.New(drv, pixels, lopts)
	if err != nil {
		return &PartError{Where: o.b.Where("strip"), Part: part, What: "could not be set up", Err: err}
	}
	o.t.onClose("strip", sl.add(e, pixels))
	return nil
}

func (o *opener) reader() error {
	r := o.b.Reader
	if r == nil {
		return nil
	}
	bus, err := o.dev.OpenI2C(r.Bus)
	if err != nil {
		return o.partErr(I2C, "reader bus", "card reader bus "+r.Path(), err)
	}
	o.t.onClose("card reader bus", bus.Close)
	popts := pn532.DefaultOptions
	popts.Addr = r.Address
	if r.HasIRQ {
		irq, err := o.dev.OpenIRQ(o.chip, r.IRQ)
		if err != nil {
			return o.partErr(GPIO, "reader irq", fmt.Sprintf("reader irq (GPIO line %d)", r.IRQ), err)
		}
		o.t.onClose("reader IRQ line", irq.Close)
		popts.IRQ = irq
	}
	ropts := reader.Options{Logger: o.opts.Logger}
	if r.HasReset {
		// Requested high before the chip is set up, so a chip that a
		// floating line held in reset boots; the service's watchdog
		// pulses it low to restart a chip that hangs.
		rst, err := o.dev.OpenReset(o.chip, r.Reset)
		if err != nil {
			return o.partErr(GPIO, "reader reset", fmt.Sprintf("reader reset (GPIO line %d)", r.Reset), err)
		}
		o.t.onClose("reader reset line", rst.Close)
		ropts.Reset = rst
	}
	dev, err := pn532.Attach(bus, &popts)
	if err != nil {
		return &PartError{Where: o.b.Where("reader"), Part: o.readerPart(), What: "could not be set up", Err: err}
	}
	var rd *reader.Reader
	if err := dev.Reinit(); err != nil {
		// A reader that does not answer is one unplugged or miswired: the
		// table still paces the deal with the dealer confirming by hand,
		// and the service picks the reader up when it answers.
		perr := &PartError{
			Where: o.b.Where("reader"),
			Part:  o.readerPart(),
			What:  "does not answer: the table starts without it (the dealer confirms cards by hand) and picks it up when it answers",
			Fix:   "check its wiring (SDA BCM 2, SCL BCM 3, 3.3 V, ground) and that its mode switches select I2C; i2cdetect -y " + fmt.Sprint(r.Bus) + " should show 24",
			Err:   err,
		}
		o.opts.Logger.Warn("pi: card reader not answering", "err", perr)
		o.t.Degraded = append(o.t.Degraded, perr)
		rd = reader.NewLost(dev, o.clk, perr, ropts)
	} else {
		o.t.Firmware = dev.Firmware()
		rd = reader.New(dev, o.clk, ropts)
	}
	o.t.Reader = rd
	o.t.onClose("card reader", rd.Close)
	return nil
}

func (o *opener) readerPart() string {
	r := o.b.Reader
	return fmt.Sprintf("PN532 card reader at %#x on %s", r.Address, r.Path())
}

// SoundDevice is the sound.OpenWith device string for a config's sound:
// the speaker is "default", or "alsa:NAME" when the config names an ALSA
// device other than ALSA's default.
func SoundDevice(s config.Sound) string {
	switch s.Output {
	case config.SoundWAV:
		return "wav:" + s.WAV
	case "", config.SoundDefault:
		if s.ALSADevice() != config.DefaultALSA {
			return "alsa:" + s.ALSA
		}
		return string(config.SoundDefault)
	}
	return string(s.Output)
}

// SoundOptions are the sound.OpenWith options for a config's sound.
func SoundOptions(s config.Sound) sound.Options {
	return sound.Options{Latency: s.Latency}
}

func (o *opener) sound() error {
	dev := SoundDevice(o.b.Sound)
	s, err := o.dev.OpenSound(dev, o.clk, SoundOptions(o.b.Sound))
	switch {
	case err == nil:
	case errors.Is(err, sound.ErrNoSoundSupport), errors.Is(err, sound.ErrNoDevice):
		// A table without its speaker still deals by the lights; the
		// doctor reports the speaker as failing.
		err = &PartError{Where: o.b.Where("sound device"), Part: "speaker", What: "is not playing, the table runs silent",
			Fix: "run falling doctor; or write device: none", Err: err}
		o.opts.Logger.Warn("pi: no sound", "err", err)
		o.t.Degraded = append(o.t.Degraded, err)
		s = sound.NewSilent(o.clk)
	default:
		return o.partErr(Audio, "sound device", "sound device "+dev, err)
	}
	o.t.Sound = s
	o.t.onClose("sound", s.Close)
	return nil
}

// noButtons is the seat buttons of a table that has none: hw.Buttons whose
// channels stay open and empty until Close, so the game reads them as it
// would a quiet table's.
type noButtons struct {
	ev   chan hw.ButtonEvent
	lost chan hw.LostEvents
	once sync.Once
}

var _ hw.Buttons = (*noButtons)(nil)

func newNoButtons() *noButtons {
	return &noButtons{ev: make(chan hw.ButtonEvent), lost: make(chan hw.LostEvents)}
}

func (n *noButtons) Events() <-chan hw.ButtonEvent { return n.ev }
func (n *noButtons) Lost() <-chan hw.LostEvents    { return n.lost }

// Close closes both channels, as a real Buttons does, so a reader ranging
// over them ends. It is safe to call more than once.
func (n *noButtons) Close() error {
	n.once.Do(func() { close(n.ev); close(n.lost) })
	return nil
}

// seatLights routes each seat to the engine that drives its light: a table
// may mix LEDs in some buttons with pixels for others.
type seatLights struct {
	bySeat  map[int]hw.Lights
	engines []hw.Lights
}

// add routes seats to e and returns e's Close, which may be called both by
// the Table and through Lights.Close: an engine refuses a second Close.
func (s *seatLights) add(e hw.Lights, seats map[int]int) func() error {
	oe := &onceLights{Lights: e}
	s.engines = append(s.engines, oe)
	for seat := range seats {
		s.bySeat[seat] = oe
	}
	return oe.Close
}

type onceLights struct {
	hw.Lights
	once sync.Once
	err  error
}

func (o *onceLights) Close() error {
	o.once.Do(func() { o.err = o.Lights.Close() })
	return o.err
}

// Set implements hw.Lights. A seat with no light has nothing to show.
func (s *seatLights) Set(seat int, p hw.Pattern) error {
	if e := s.bySeat[seat]; e != nil {
		return e.Set(seat, p)
	}
	return nil
}

// Close implements hw.Lights: each engine turns its lights off.
func (s *seatLights) Close() error {
	var errs []error
	for _, e := range s.engines {
		errs = append(errs, e.Close())
	}
	return errors.Join(errs...)
}
