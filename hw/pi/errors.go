package pi

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"github.com/warthog618/go-gpiocdev"
)

// PartError is a part of the table that could not be opened. It reads like
// a config.Problem ("file:line: what; fix: what to do") because the person
// reading it is the one who wrote the wiring file, and the line is where the
// fix usually goes.
type PartError struct {
	Where string // "table.yaml:14", from config.Board.Where
	Part  string // "seat 4 button (GPIO line 17)"
	What  string // "is busy: held by \"gpioset\""
	Fix   string
	Err   error // the cause, for errors.Is

	// quiet leaves Err out of the message when What already says it all.
	quiet bool
}

func (e *PartError) Error() string {
	var b strings.Builder
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Part)
	b.WriteByte(' ')
	b.WriteString(e.What)
	if e.Err != nil && !e.quiet {
		b.WriteString(" (")
		b.WriteString(e.Err.Error())
		b.WriteByte(')')
	}
	if e.Fix != "" {
		b.WriteString("; fix: ")
		b.WriteString(e.Fix)
	}
	return b.String()
}

// Unwrap gives errors.Is a way to the cause (fs.ErrPermission, EBUSY, ...).
func (e *PartError) Unwrap() error { return e.Err }

// Kind is the broad reason a device could not be opened, which decides the
// advice given.
type Kind int

const (
	Other      Kind = iota
	Missing         // the device file does not exist
	Denied          // the user may not open it
	Busy            // another program holds it
	NotAnswers      // it opened, but the chip behind it does not answer
)

// Classify says which Kind of failure err is.
func Classify(err error) Kind {
	switch {
	case err == nil:
		return Other
	case errors.Is(err, syscall.EBUSY):
		return Busy
	case errors.Is(err, fs.ErrPermission), errors.Is(err, gpiocdev.ErrPermissionDenied),
		errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return Denied
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENODEV), errors.Is(err, gpiocdev.ErrNotCharacterDevice):
		return Missing
	case errors.Is(err, syscall.ENXIO), errors.Is(err, syscall.EREMOTEIO), errors.Is(err, syscall.EIO),
		errors.Is(err, syscall.ETIMEDOUT):
		return NotAnswers
	}
	return Other
}

// Bus names the kinds of device a table opens, for advice about groups and
// boot settings.
type Bus int

const (
	GPIO Bus = iota
	I2C
	SPI
	Audio
)

// Advice returns what to say about failure kind k on bus b: a short
// description and the fix.
func Advice(b Bus, k Kind) (what, fix string) {
	group := [...]string{GPIO: "gpio", I2C: "i2c", SPI: "spi", Audio: "audio"}[b]
	switch k {
	case Denied:
		return "cannot be opened: permission denied",
			"add the user to the " + group + " group (sudo usermod -aG " + group + " $USER), then log in again"
	case Busy:
		return "is busy: another program holds it", "stop that program (gpioinfo shows who holds each line), or pick another line"
	case Missing:
		switch b {
		case GPIO:
			return "does not exist", "check gpiochip: in the config (gpiodetect lists the chips); without GPIO only the simulated table can run"
		case I2C:
			return "does not exist", "turn I2C on: add dtparam=i2c_arm=on to /boot/firmware/config.txt (or raspi-config) and reboot"
		case SPI:
			return "does not exist", "turn SPI on: add dtparam=spi=on to /boot/firmware/config.txt (or raspi-config) and reboot"
		case Audio:
			return "does not exist", "plug in a USB speaker or enable the Pi's audio (dtparam=audio=on), or write device: none"
		}
	case NotAnswers:
		return "does not answer", "check the wiring (SDA, SCL, 3.3 V, ground) and that the board's mode switches select I2C"
	}
	return "failed", ""
}
