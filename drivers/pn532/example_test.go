package pn532_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/falling-table/falling/drivers/pn532"
	"periph.io/x/conn/v3/i2c/i2creg"
)

func Example() {
	// Needs a host driver registered (periph.io/x/host/v3: host.Init()).
	bus, err := i2creg.Open("")
	if err != nil {
		log.Fatal(err)
	}
	defer bus.Close()
	dev, err := pn532.New(bus, &pn532.DefaultOptions)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(dev.Firmware())
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		uid, present, err := dev.Poll(ctx)
		cancel()
		if err != nil {
			log.Fatal(err)
		}
		if present {
			fmt.Printf("card % X\n", uid)
		}
	}
}
