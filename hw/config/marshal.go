package config

import (
	"bytes"
	"fmt"
	"strconv"
	"time"

	"go.yaml.in/yaml/v3"
)

// Marshal writes b as a wiring file that Parse reads back to the same Board,
// every default written out, so a tool can save a table it has changed or
// show the settings a file left to defaults. It does not validate b.
func Marshal(b *Board) ([]byte, error) {
	top := mapping()
	add(top, "gpiochip", str(chipValue(b.Chip)))
	add(top, "lines", num(b.Chip.Lines))

	seats := &yaml.Node{Kind: yaml.SequenceNode}
	for _, s := range b.Seats {
		m := mapping()
		add(m, "seat", num(s.Number))
		if !s.NoButton {
			add(m, "button", num(s.Button))
		}
		switch s.Light.Kind {
		case GPIOLight:
			l := flow()
			add(l, "gpio", num(s.Light.Line))
			if s.Light.ActiveLow {
				add(l, "active_low", boolean(true))
			}
			add(m, "light", l)
		case PixelLight:
			l := flow()
			add(l, "pixel", num(s.Light.Pixel))
			add(m, "light", l)
		}
		seats.Content = append(seats.Content, m)
	}
	add(top, "seats", seats)

	if len(b.Panel.Buttons) > 0 || b.Panel.DealerSeatLongPress {
		p := mapping()
		for _, pb := range b.Panel.Buttons {
			add(p, pb.Key(), num(pb.Line))
		}
		add(p, "dealer_seat_long_press", boolean(b.Panel.DealerSeatLongPress))
		add(top, "panel", p)
	}
	if r := b.Reader; r != nil {
		m := mapping()
		add(m, "bus", str(r.Path()))
		add(m, "address", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprintf("0x%02x", r.Address)})
		if r.HasIRQ {
			add(m, "irq", num(r.IRQ))
		}
		if r.HasReset {
			add(m, "reset", num(r.Reset))
		}
		add(top, "reader", m)
	}
	if s := b.Strip; s != nil {
		m := mapping()
		add(m, "type", str(string(s.Type)))
		add(m, "spi", str(s.SPIPath()))
		add(m, "pixels", num(s.Pixels))
		add(m, "speed_hz", num(s.SpeedHz))
		add(m, "brightness", num(int(s.Brightness)))
		add(top, "strip", m)
	}
	snd := mapping()
	dev := string(b.Sound.Output)
	if b.Sound.Output == SoundWAV {
		dev = "wav:" + b.Sound.WAV
	}
	add(snd, "device", str(dev))
	add(snd, "alsa", str(b.Sound.ALSADevice()))
	add(snd, "latency", str(b.Sound.Latency.String()))
	add(top, "sound", snd)

	t := mapping()
	add(t, "tempo", num(b.Timing.Tempo))
	add(t, "mode", str(string(b.Timing.Mode)))
	add(t, "stop_window", duration(b.Timing.StopWindow))
	add(t, "tie_window", duration(b.Timing.TieWindow))
	add(t, "debounce", duration(b.Timing.Debounce))
	add(top, "timing", t)
	add(top, "rules", str(string(b.Rules)))

	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(top); err != nil {
		return nil, fmt.Errorf("encoding the wiring of %s: %w", b.File, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encoding the wiring of %s: %w", b.File, err)
	}
	return buf.Bytes(), nil
}

func mapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func flow() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, str(key), v)
}

// str is always written as text: SetString quotes a value such as "none" or
// "1" only where YAML would otherwise read it as something else.
func str(s string) *yaml.Node {
	n := &yaml.Node{}
	n.SetString(s)
	return n
}

func num(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func boolean(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

// duration writes whole milliseconds as "1500ms", the way people write
// these windows, and anything finer as Go writes it.
func duration(d time.Duration) *yaml.Node {
	v := d.String()
	if d%time.Millisecond == 0 {
		v = strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return str(v)
}
