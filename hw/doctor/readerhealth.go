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
	return c
}

// AddReaderHealth adds ReaderHealth's check to r.
func (r *Report) AddReaderHealth(h reader.Health) {
	r.Checks = append(r.Checks, ReaderHealth(h))
}
