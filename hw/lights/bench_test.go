package lights

import (
	"io"
	"testing"
	"time"

	"periph.io/x/conn/v3/spi/spitest"

	"github.com/falling-table/falling/hw"
)

// benchFrame renders and writes one frame of 12 pulsing seats, the worst
// case for the engine: every pixel changes every frame.
func benchFrame(b *testing.B, s *Strip) {
	e := &Engine{drv: s, canDim: true, frame: make([]hw.Color, 12)}
	for seat := 1; seat <= 12; seat++ {
		e.seats[seat] = slot{index: seat - 1, pattern: hw.Pattern{Kind: hw.Pulse, Color: hw.Amber, Period: time.Second}}
	}
	b.ReportAllocs()
	t := time.Duration(0)
	for b.Loop() {
		t += 20 * time.Millisecond
		e.render(e.frame, t)
		if err := s.Show(e.frame); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFrameAPA102(b *testing.B) {
	s, err := NewAPA102(spitest.NewRecordRaw(io.Discard), 12, 255)
	if err != nil {
		b.Fatal(err)
	}
	benchFrame(b, s)
}

func BenchmarkFrameWS2812(b *testing.B) {
	s, err := NewWS2812(spitest.NewRecordRaw(io.Discard), 12, 200)
	if err != nil {
		b.Fatal(err)
	}
	benchFrame(b, s)
}
