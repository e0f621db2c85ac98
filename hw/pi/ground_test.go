package pi

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// A panel's ground: button is a confirm that names a Ground the reader did
// not see: its press reaches the dealer as one.
func TestOpenGroundButton(t *testing.T) {
	b := loadBoard(t, reference)
	b.Panel.Buttons = append(b.Panel.Buttons, config.PanelButton{Control: hw.ControlConfirm, Line: 13, As: "Ground"})
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	f := &fakeDevices{i2cOps: pn532Setup()}
	tb, err := Open(context.Background(), b, mustClock(t), Options{Devices: f, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := tb.Close(); err != nil {
			t.Error(err)
		}
	}()
	// The panel's own buttons are seats 1 (pause), 2 (dispute) and 3
	// (ground) of their request.
	f.buttons["buttons3"].ev <- hw.ButtonEvent{Seat: 3, Press: true, Kernel: 42}
	select {
	case c := <-tb.Panel.Controls():
		if c.Control != hw.ControlConfirm || c.As != "Ground" || c.Kernel != 42 {
			t.Errorf("panel gave %+v, want a confirm naming a Ground at 42", c)
		}
	case <-time.After(time.Second):
		t.Fatal("no control from the panel's ground button")
	}
}
