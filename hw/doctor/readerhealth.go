package doctor

import (
	"fmt"

	"github.com/falling-table/falling/hw/reader"
)

// ReaderHealth turns a running card reader service's health into a check,
// for a report made inside the running table (and the referee page): the
// doctor on its own, with the table stopped, probes the chip instead. It
// is kept apart from the probe so that the counters of hours of play, such
// as how often a hung PN532 was reset, reach the person at the table.
func ReaderHealth(h reader.Health) Check {
	c := Check{Part: PartReader, Say: "card reader service " + h.String()}
	switch h.State {
	case reader.HealthOK:
		c.Status = OK
		if h.Resets > 0 || h.Lost > 0 {
			// Working now, but it hung or vanished during play: worth
			// knowing before the next long session.
			c.Status = Note
		}
	case reader.HealthLost, reader.HealthPowerCycle:
		c.Status = Failing
		// The table's screen and page give the same advice.
		c.Fix = h.Advice()
	default:
		c.Status = Failing
		c.Say = fmt.Sprintf("card reader service in an unknown state: %v", h)
	}
	if h.State == reader.HealthOK {
		troubleFix(&c, h)
	}
	return c
}

// troubleFix says what to do about a reader that works now but did not
// always: one that hung or vanished and came back, or a bus that failed
// polls now and then.
func troubleFix(c *Check, h reader.Health) {
	switch {
	case h.Resets > 0 || h.Lost > 0:
		c.Fix = "it stopped answering and came back"
		if h.Resets > 0 {
			c.Fix += " after a reset through RSTPDN"
		}
		c.Fix += "; if it happens often, check its 3.3 V supply and its wiring (SDA, SCL, ground), and keep I2C at 100 kHz on a Pi 4 or older"
	case h.Misses > 0:
		// Fewer failures in a row than make the reader lost: the bus
		// glitches. On a Pi 4 or older that is most often its I2C
		// controller mishandling the PN532's clock stretching
		// (raspberrypi/linux#4884); otherwise long or loose wires.
		c.Status = Note
		c.Fix = "failed polls are a flaky I2C bus: on a Pi 4 or older set dtparam=i2c_arm_baudrate=100000 in /boot/firmware/config.txt and reboot (the Pi's I2C controller mishandles the PN532's clock stretching above it), or use the i2c-gpio overlay; keep SDA and SCL short and check them and ground"
	}
}
