package dealer_test

import (
	"testing"
	"time"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestImaginaryGrounds: "After the last physical Ground the assistant
// announces imaginary Grounds." (rulebook: "There are only five Ground
// cards, but there is an unlimited supply of ground.")
func TestImaginaryGrounds(t *testing.T) {
	s := newScripted(t, idles(3), kinds(S, S, S, G), nil)
	s.run()
	s.agree()
	var imag []playlog.Entry
	for _, e := range s.log.kind(playlog.KindInstruction) {
		if e.Instruction.Imaginary {
			imag = append(imag, e)
		}
	}
	if len(imag) == 0 || imag[0].Seat != 3 {
		t.Fatalf("imaginary instructions %+v", imag)
	}
	var beat time.Duration
	for _, b := range s.log.kind(playlog.KindBeat) {
		if b.Kernel <= imag[0].Mono {
			beat = b.Kernel
		}
	}
	if c := s.cuesAt(beat); len(c) != 1 || c[0] != hw.CueGround {
		t.Errorf("cues on the imaginary Ground's beat: %v", c)
	}
	if got := s.tb.Lights.At(3, beat); got != dealer.LightGround {
		t.Errorf("seat 3 shows %+v", got)
	}
	if s.res.Winner != 4 {
		t.Errorf("winner %d", s.res.Winner)
	}
}
