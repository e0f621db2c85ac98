package pi

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/warthog618/go-gpiocdev"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"

	"github.com/falling-table/falling/hw/config"
)

// ChipInfo is what the kernel says about one GPIO character device.
type ChipInfo struct {
	Name  string // "gpiochip0"
	Label string // "pinctrl-bcm2711"
	Lines int
}

// Header reports whether this is the chip behind the Pi's 40-pin header,
// by its label (config.HeaderLabels).
func (c ChipInfo) Header() bool {
	return slices.Contains(config.HeaderLabels, c.Label)
}

// ChooseChip finds the config's chip among chips, the machine's. A chip
// named by number is taken as it is: opening it says whether it exists.
// One chosen by label is the lowest-numbered chip with that label, which
// is how the same file finds the header on a Pi 3 (gpiochip0), an older
// Pi 5 kernel (gpiochip4) and a newer one (gpiochip0). No such chip is an
// error wrapping fs.ErrNotExist that lists the chips there are.
func ChooseChip(c config.Chip, chips []ChipInfo) (string, error) {
	if c.Name != "" {
		return c.Name, nil
	}
	var found []ChipInfo
	for _, ci := range chips {
		if c.Matches(ci.Name, ci.Label) {
			found = append(found, ci)
		}
	}
	if len(found) == 0 {
		var here []string
		for _, ci := range chips {
			here = append(here, fmt.Sprintf("%s %q", ci.Name, ci.Label))
		}
		there := "there is no GPIO chip here"
		if len(here) > 0 {
			there = "the chips here are " + strings.Join(here, ", ")
		}
		return "", &noChipError{fmt.Sprintf("no chip labelled %s: %s", strings.Join(c.Labels(), " or "), there)}
	}
	slices.SortFunc(found, func(a, b ChipInfo) int { return chipNumber(a.Name) - chipNumber(b.Name) })
	return found[0].Name, nil
}

// noChipError is a label no chip has: a missing device, for Classify.
type noChipError struct{ msg string }

func (e *noChipError) Error() string        { return e.msg }
func (e *noChipError) Is(target error) bool { return target == fs.ErrNotExist }

// chipNumber is N of gpiochipN, for ordering; other names sort last.
func chipNumber(name string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "gpiochip"))
	if err != nil {
		return math.MaxInt32
	}
	return n
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

// OpenReset requests offset on chip as an output, initially high: the
// PN532's RSTPDN is active low, and the line is not inverted so that the
// reader service's Out(gpio.Low) pulls the pin low.
func (Host) OpenReset(chip string, offset int) (OutputPin, error) {
	l, err := gpiocdev.RequestLine(chip, offset, gpiocdev.WithConsumer(Consumer), gpiocdev.AsOutput(1))
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
