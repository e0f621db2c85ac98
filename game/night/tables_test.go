package night

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// fakePanel is a table's own dealer panel.
type fakePanel struct {
	ch     chan hw.PanelEvent
	dealer []int
}

func (p *fakePanel) Controls() <-chan hw.PanelEvent { return p.ch }
func (p *fakePanel) Close() error                   { return nil }
func (p *fakePanel) SetDealer(seat int)             { p.dealer = append(p.dealer, seat) }

// A real table's dealer hears its own panel, the keyboard and the page on
// one panel, and its panel is told each hand's dealer (for the long press
// on the dealer's own button). With no panel, the keyboard and the page
// still reach the dealer.
func TestNewFixed(t *testing.T) {
	clk := hwtest.NewManual(5 * time.Second)
	for _, tc := range []struct {
		name  string
		panel *fakePanel
	}{
		{"with the table's own panel", &fakePanel{ch: make(chan hw.PanelEvent, 1)}},
		{"without one", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var up DealerPanel
			if tc.panel != nil {
				up = tc.panel
			}
			f := NewFixed(nil, clk, dealer.Hardware{Clock: clk}, up)
			if f.Hardware.Panel != f.Panel || f.Panel == nil {
				t.Fatalf("the dealer's panel is %v, want the merged %v", f.Hardware.Panel, f.Panel)
			}
			h, err := f.NextHand(4, nil)
			if err != nil {
				t.Fatal(err)
			}
			h.Control(hw.ControlPause) // the keyboard or the page
			if e := <-f.Panel.Controls(); e.Control != hw.ControlPause || e.Kernel != 5*time.Second {
				t.Errorf("injected control arrived as %+v", e)
			}
			h.ControlAs(hw.ControlConfirm, "Ground") // the keyboard's g
			if e := <-f.Panel.Controls(); e.Control != hw.ControlConfirm || e.As != "Ground" || e.Kernel != 5*time.Second {
				t.Errorf("a named confirm arrived as %+v", e)
			}
			if tc.panel == nil {
				return
			}
			tc.panel.ch <- hw.PanelEvent{Control: hw.ControlDispute, Kernel: time.Second}
			if e := <-f.Panel.Controls(); e.Control != hw.ControlDispute {
				t.Errorf("the table's panel's control arrived as %+v", e)
			}
			if len(tc.panel.dealer) != 1 || tc.panel.dealer[0] != 4 {
				t.Errorf("the panel was told the dealers %v, want [4]", tc.panel.dealer)
			}
		})
	}
}
