package reader

import (
	"fmt"

	"periph.io/x/conn/v3/i2c"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/hw"
)

// Open runs the service on a PN532 on bus, which may be a real bus or
// pn532test's model: it attaches the driver on the table's clock (unless
// dopts names another), and starts with the reader working if the chip
// answers its setup, lost otherwise (NewLost), so an unplugged or hung
// reader never stops the table from starting. It fails only on options
// the driver refuses. fw is the chip's firmware, zero when it did not
// answer.
func Open(bus i2c.Bus, clk hw.Clock, dopts pn532.Options, opts Options) (r *Reader, fw pn532.Firmware, err error) {
	if dopts.Clock == nil {
		dopts.Clock = clk
	}
	dev, err := pn532.Attach(bus, &dopts)
	if err != nil {
		return nil, pn532.Firmware{}, fmt.Errorf("card reader: %w", err)
	}
	if err := dev.Reinit(); err != nil {
		return NewLost(dev, clk, fmt.Errorf("card reader on %s not answering: %w", bus, err), opts), pn532.Firmware{}, nil
	}
	return New(dev, clk, opts), dev.Firmware(), nil
}
