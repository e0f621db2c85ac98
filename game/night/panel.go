package night

import (
	"log/slog"

	"github.com/falling-table/falling/hw"
)

// Panel merges the table's dealer panel with the keyboard and the page, so
// every control reaches the dealer the same way and is logged alike.
type Panel struct {
	clk hw.Clock
	out chan hw.PanelEvent
}

// NewPanel forwards up's controls (nil: the table has no panel) and takes
// injected ones stamped on clk.
func NewPanel(up hw.Panel, clk hw.Clock) *Panel {
	p := &Panel{clk: clk, out: make(chan hw.PanelEvent, 16)}
	if up != nil {
		go func() {
			for e := range up.Controls() {
				p.out <- e
			}
		}()
	}
	return p
}

// Inject is a control from the keyboard or the page, now.
func (p *Panel) Inject(c hw.Control) { p.inject(hw.PanelEvent{Control: c}) }

// ControlAs is a control from the keyboard naming a card, now.
func (p *Panel) ControlAs(c hw.Control, as string) {
	p.inject(hw.PanelEvent{Control: c, As: as})
}

func (p *Panel) inject(e hw.PanelEvent) {
	e.Kernel = p.clk.Now()
	select {
	case p.out <- e:
	default:
		// Sixteen controls unread: the dealer is not listening (the hand
		// is over). Say so rather than lose it silently.
		slog.Warn("dealer panel: control not taken, the dealer is not listening", "control", e.Control, "as", e.As)
	}
}

// Controls implements hw.Panel.
func (p *Panel) Controls() <-chan hw.PanelEvent { return p.out }

// Close implements hw.Panel; the upstream panel is the table's to close.
func (p *Panel) Close() error { return nil }
