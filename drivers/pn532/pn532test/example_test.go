package pn532test_test

import (
	"fmt"
	"log/slog"

	"github.com/falling-table/falling/drivers/pn532"
	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/hw/clock"
	"github.com/falling-table/falling/hw/reader"
)

// The table's reader, with everything but the I²C wire real: the model
// chip on the table's clock, the PN532 driver and the reader service on
// top, its RSTPDN line wired for the watchdog. The simulated table does
// the same with its virtual clock.
func Example() {
	clk, err := clock.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	chip := pn532test.New(clk, nil)
	opts := pn532.DefaultOptions
	opts.Clock = clk
	dev, err := pn532.Attach(chip, &opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := dev.Reinit(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(dev.Firmware())
	r := reader.New(dev, clk, reader.Options{Reset: chip.RSTPDN(), Logger: slog.New(slog.DiscardHandler)})
	defer r.Close()

	chip.PutCard(pn532test.NTAG([]byte{0x04, 0xA2, 0x2B, 0x1A, 0x5C, 0x61, 0x80}))
	e := <-r.Cards()
	fmt.Println(e.UID)
	chip.RemoveCard()
	fmt.Println(r.Health().State)
	// Output:
	// PN532 v1.6 (support 0x07)
	// 04:A2:2B:1A:5C:61:80
	// ok
}
