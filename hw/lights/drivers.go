package lights

import (
	"errors"
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/apa102"
	"periph.io/x/devices/v3/nrzled"

	"github.com/falling-table/falling/hw"
)

// GPIO drives one LED per pin (the lamp inside each arcade button), lit for
// any colour but black. Levels are only written when they change.
//
// It cannot dim: the Pi has two hardware PWM channels, not one per seat, and
// software PWM would cost a core. So the engine shows a pulse as lit for the
// brighter half of its cycle, which reads as a slow blink.
type GPIO struct {
	pins   []gpio.PinOut
	levels []gpio.Level
	known  []bool
}

// NewGPIO drives pins; the engine's light index i is pins[i]. LEDs are
// active high (driven through a transistor from the pin).
func NewGPIO(pins []gpio.PinOut) (*GPIO, error) {
	if len(pins) == 0 {
		return nil, errors.New("lights: no GPIO pins")
	}
	for i, p := range pins {
		if p == nil {
			return nil, fmt.Errorf("lights: GPIO light %d has no pin", i)
		}
	}
	return &GPIO{pins: pins, levels: make([]gpio.Level, len(pins)), known: make([]bool, len(pins))}, nil
}

// Len implements Driver.
func (g *GPIO) Len() int { return len(g.pins) }

// Show implements Driver.
func (g *GPIO) Show(frame []hw.Color) error {
	if len(frame) != len(g.pins) {
		return fmt.Errorf("lights: frame of %d for %d GPIO lights", len(frame), len(g.pins))
	}
	var errs []error
	for i, c := range frame {
		l := gpio.Level(c != hw.Black)
		if g.known[i] && g.levels[i] == l {
			continue
		}
		if err := g.pins[i].Out(l); err != nil {
			g.known[i] = false
			errs = append(errs, fmt.Errorf("light %d (%s): %w", i, g.pins[i], err))
			continue
		}
		g.levels[i], g.known[i] = l, true
	}
	return errors.Join(errs...)
}

// rgbWriter is what both periph strip devices offer: raw RGB, 3 bytes a
// pixel.
type rgbWriter interface {
	Write(rgb []byte) (int, error)
}

// Strip drives an addressable LED strip; the engine's light index is the
// pixel index.
type Strip struct {
	name  string
	dev   rgbWriter
	scale uint8 // applied here when the device has no brightness of its own
	rgb   []byte
}

// Len implements Driver.
func (s *Strip) Len() int { return len(s.rgb) / 3 }

// CanDim implements Dimmer.
func (s *Strip) CanDim() bool { return true }

// Show implements Driver.
func (s *Strip) Show(frame []hw.Color) error {
	if len(frame) != s.Len() {
		return fmt.Errorf("lights: frame of %d for %d %s pixels", len(frame), s.Len(), s.name)
	}
	for i, c := range frame {
		if s.scale != 255 {
			c = scale(c, s.scale)
		}
		s.rgb[3*i], s.rgb[3*i+1], s.rgb[3*i+2] = c.R, c.G, c.B
	}
	if _, err := s.dev.Write(s.rgb); err != nil {
		return fmt.Errorf("lights: %s write: %w", s.name, err)
	}
	return nil
}

// NewAPA102 drives pixels APA102 LEDs on port at brightness (0..255; 0 is
// dark, 255 full). Brightness goes to the chips' own scaling; the 5-bit
// global PWM stays at full because at 580 Hz it flickers on camera, and a
// dispute may be reviewed from a phone video.
func NewAPA102(port spi.Port, pixels int, brightness uint8) (*Strip, error) {
	if port == nil || pixels <= 0 {
		return nil, fmt.Errorf("lights: APA102 needs a port and pixels > 0, got %d", pixels)
	}
	dev, err := apa102.New(port, &apa102.Opts{
		NumPixels:        pixels,
		Intensity:        brightness,
		Temperature:      apa102.NeutralTemp,
		DisableGlobalPWM: true,
	})
	if err != nil {
		return nil, fmt.Errorf("lights: APA102 on %s: %w", port, err)
	}
	return &Strip{name: "APA102", dev: dev, scale: 255, rgb: make([]byte, 3*pixels)}, nil
}

// NewWS2812 drives pixels WS2812 LEDs on port, whose MOSI feeds the strip's
// data line; periph's nrzled sends each data bit as 4 SPI bits at exactly
// 2.5 MHz. A port limited below that (LimitSpeed) would stretch every bit,
// so the config holds a WS2812's speed_hz at 2.5 MHz, and config.txt pins
// the core clock it is divided from. The chips have no brightness setting,
// so colours are scaled here.
func NewWS2812(port spi.Port, pixels int, brightness uint8) (*Strip, error) {
	if port == nil || pixels <= 0 {
		return nil, fmt.Errorf("lights: WS2812 needs a port and pixels > 0, got %d", pixels)
	}
	dev, err := nrzled.NewSPI(port, &nrzled.Opts{NumPixels: pixels, Channels: 3, Freq: 2500 * physic.KiloHertz})
	if err != nil {
		return nil, fmt.Errorf("lights: WS2812 on %s: %w", port, err)
	}
	return &Strip{name: "WS2812", dev: dev, scale: brightness, rgb: make([]byte, 3*pixels)}, nil
}
