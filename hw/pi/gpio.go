package pi

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
)

// ChipInfo is what the kernel says about one GPIO character device.
type ChipInfo struct {
	Name  string // "gpiochip0"
	Label string // "pinctrl-bcm2711"
	Lines int
}

// headerLabels are the labels of the chip wired to the 40-pin header:
// BCM2835/6/7 (Zero 2 W, 3), BCM2711 (4) and the RP1 (5).
var headerLabels = []string{"pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1"}

// Header reports whether this is the chip behind the Pi's 40-pin header.
func (c ChipInfo) Header() bool {
	for _, l := range headerLabels {
		if c.Label == l {
			return true
		}
	}
	return false
}

// LineInfo is what the kernel says about one line of a chip.
type LineInfo struct {
	Offset   int
	Name     string // "GPIO17" on a Pi
	Used     bool
	Consumer string // who holds it, when Used
}

// Chips lists the GPIO chips, by number. A chip reached by two names (the
// Pi 5's gpiochip4 link to gpiochip0) is listed once. No chip at all is an
// empty list and no error: that is a fact to report, not a failure.
func (Host) Chips() ([]ChipInfo, error) {
	var out []ChipInfo
	var errs []error
	seen := map[string]bool{}
	for _, name := range gpiocdev.Chips() {
		c, err := gpiocdev.NewChip(name)
		if err != nil {
			errs = append(errs, fmt.Errorf("/dev/%s: %w", name, err))
			continue
		}
		info := ChipInfo{Name: c.Name, Label: c.Label, Lines: c.Lines()}
		if err := c.Close(); err != nil {
			errs = append(errs, fmt.Errorf("/dev/%s: close: %w", name, err))
		}
		if !seen[info.Name] {
			seen[info.Name] = true
			out = append(out, info)
		}
	}
	return out, errors.Join(errs...)
}

// LineInfo reads the kernel's view of offsets on chip, opening it once.
func (Host) LineInfo(chip string, offsets []int) ([]LineInfo, error) {
	c, err := gpiocdev.NewChip(chip)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", chipPath(chip), err)
	}
	defer c.Close()
	out := make([]LineInfo, 0, len(offsets))
	for _, off := range offsets {
		li, err := c.LineInfo(off)
		if err != nil {
			return out, fmt.Errorf("%s line %d: %w", chipPath(chip), off, err)
		}
		out = append(out, LineInfo{Offset: off, Name: li.Name, Used: li.Used, Consumer: li.Consumer})
	}
	return out, nil
}

func chipPath(chip string) string {
	if strings.HasPrefix(chip, "/") {
		return chip
	}
	return "/dev/" + chip
}

// OutputPin is an output line that can be released.
type OutputPin interface {
	gpio.PinOut
	Close() error
}

// IRQPin is an input line that can be released.
type IRQPin interface {
	gpio.PinIn
	Close() error
}

// cdevOut is a seat LED's line, requested through the character device.
// It satisfies periph's gpio.PinOut so the lights package drives it like
// any periph pin, but is requested with go-gpiocdev rather than periph's
// gpioioctl: that keeps one GPIO stack in the process, names the consumer
// "falling" in gpioinfo like the buttons, and lets the kernel invert an
// active-low LED so the lights package never has to know.
type cdevOut struct {
	chip string
	l    *gpiocdev.Line
}

// OpenOutput requests offset on chip as an output, initially dark.
func (Host) OpenOutput(chip string, offset int, activeLow bool) (OutputPin, error) {
	opts := []gpiocdev.LineReqOption{gpiocdev.WithConsumer(Consumer), gpiocdev.AsOutput(0)}
	if activeLow {
		opts = append(opts, gpiocdev.AsActiveLow)
	}
	l, err := gpiocdev.RequestLine(chip, offset, opts...)
	if err != nil {
		return nil, err
	}
	return &cdevOut{chip: chip, l: l}, nil
}

func (p *cdevOut) String() string   { return fmt.Sprintf("%s/%d", p.chip, p.l.Offset()) }
func (p *cdevOut) Name() string     { return p.String() }
func (p *cdevOut) Number() int      { return p.l.Offset() }
func (p *cdevOut) Function() string { return "Out" }
func (p *cdevOut) Halt() error      { return nil }
func (p *cdevOut) Close() error     { return p.l.Close() }

func (p *cdevOut) Out(l gpio.Level) error {
	v := 0
	if l {
		v = 1
	}
	return p.l.SetValue(v)
}

func (p *cdevOut) PWM(gpio.Duty, physic.Frequency) error {
	return errors.New("pi: GPIO lights have no PWM")
}

// cdevIRQ is the PN532's IRQ line. Its falling edges are counted by the
// kernel's event stream; WaitForEdge takes one.
type cdevIRQ struct {
	chip  string
	l     *gpiocdev.Line
	edges chan struct{}
}

// OpenIRQ requests offset on chip as an input with a pull-up and falling
// edge events: the PN532 pulls its IRQ low when a response is ready.
func (Host) OpenIRQ(chip string, offset int) (IRQPin, error) {
	p := &cdevIRQ{chip: chip, edges: make(chan struct{}, 1)}
	l, err := gpiocdev.RequestLine(chip, offset,
		gpiocdev.WithConsumer(Consumer), gpiocdev.AsInput, gpiocdev.WithPullUp,
		gpiocdev.WithFallingEdge,
		gpiocdev.WithEventHandler(func(gpiocdev.LineEvent) {
			// One pending edge is all WaitForEdge needs; the driver reads the
			// status after it anyway.
			select {
			case p.edges <- struct{}{}:
			default:
			}
		}))
	if err != nil {
		return nil, err
	}
	p.l = l
	return p, nil
}

func (p *cdevIRQ) String() string                { return fmt.Sprintf("%s/%d", p.chip, p.l.Offset()) }
func (p *cdevIRQ) Name() string                  { return p.String() }
func (p *cdevIRQ) Number() int                   { return p.l.Offset() }
func (p *cdevIRQ) Function() string              { return "In/High" }
func (p *cdevIRQ) Halt() error                   { return nil }
func (p *cdevIRQ) Pull() gpio.Pull               { return gpio.PullUp }
func (p *cdevIRQ) DefaultPull() gpio.Pull        { return gpio.PullUp }
func (p *cdevIRQ) Close() error                  { return p.l.Close() }
func (p *cdevIRQ) In(gpio.Pull, gpio.Edge) error { return nil } // configured at request

func (p *cdevIRQ) Read() gpio.Level {
	v, err := p.l.Value()
	// gpio.PinIn has no error to return; a failed read says "not ready"
	// (high), and the driver's timeout then reports the fault.
	return gpio.Level(err != nil || v != 0)
}

func (p *cdevIRQ) WaitForEdge(timeout time.Duration) bool {
	if timeout < 0 {
		<-p.edges
		return true
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-p.edges:
		return true
	case <-t.C:
		return false
	}
}
