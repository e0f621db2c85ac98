package dealer_test

import (
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/sim"
)

func (s *scripted) inferred(k game.InferenceKind, seat int) bool {
	for _, e := range s.log.kind(playlog.KindInference) {
		if e.Inference.Kind == k && e.Seat == seat {
			return true
		}
	}
	return false
}

func (s *scripted) cueCount(c hw.Cue, from, to time.Duration) int {
	n := 0
	for _, p := range s.tb.Sound.Played() {
		if p.Cue == c && p.Now >= from && p.Now <= to {
			n++
		}
	}
	return n
}

// TestStopOnAGround: "Grounds: when a Ground is dealt, that seat's light
// turns red and a distinct sound plays; a press from that seat within the
// Stop window claims a Stop (the dealer confirms by scanning the Stop, or
// with the dealer panel); the Ground goes back on top of the deck."
func TestStopOnAGround(t *testing.T) {
	for _, byPanel := range []bool{false, true} {
		s := newScripted(t, []bot.Strategy{stopper{}, idle{}}, kinds(S, S, G, G), nil)
		if byPanel {
			// The dealer confirms the claim from the panel instead of
			// reading the Stop: the reader is gone just then.
			s.tb.Reader.GoneAt(sim.Seconds(2.121), nil)
			s.tb.Reader.BackAt(sim.Seconds(3))
		}
		s.run()
		s.agree()
		ground := s.scanOf("Ground-2", 0)
		if got := s.tb.Lights.At(2, ground); got != dealer.LightGround {
			t.Errorf("seat 2 shows %+v as its Ground is dealt", got)
		}
		if c := s.cuesAt(ground); len(c) != 1 || c[0] != hw.CueGround {
			t.Errorf("cues at the Ground: %v", c)
		}
		presses := s.log.kind(playlog.KindPress)
		if len(presses) != 1 || presses[0].Seat != 2 || presses[0].Kernel <= ground || presses[0].Kernel > ground+1500*time.Millisecond {
			t.Fatalf("presses %+v", presses)
		}
		if got := s.tb.Lights.At(2, presses[0].Kernel); got != dealer.LightClaim {
			t.Errorf("seat 2 shows %+v after its claim", got)
		}
		if !s.inferred(game.InfStopClaimed, 2) || !s.inferred(game.InfStopPlayed, 2) {
			t.Error("claim or Stop not inferred")
		}
		if s.cueCount(hw.CueStop, presses[0].Kernel, presses[0].Kernel+time.Second) != 1 {
			t.Error("no Stop cue")
		}
		// The same Ground went back on top and was dealt to seat 3, who
		// had no Stop: it landed when the window ended.
		again := s.scanOf("Ground-2", ground+1)
		end := s.log.kind(playlog.KindHandEnd)
		if s.res.Winner != 2 || len(end) != 1 || end[0].Kernel != again+1500*time.Millisecond {
			t.Errorf("winner %d, hand end %+v, second Ground read at %v", s.res.Winner, end, again)
		}
	}
}

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

// TestDispute: "the dealer ... calls a dispute: the assistant shows at once
// who pressed first in the last seconds and by how many milliseconds, and
// lights the winner's seat"; "ties inside a configurable window are called
// ties, not guessed".
func TestDispute(t *testing.T) {
	cases := []struct {
		name     string
		seat4At  float64
		winner   int
		tie      bool
		tied     []int
		marginMs float64
	}{
		{"seat 3 first by 25 ms", 1.2253, 3, false, nil, 25},
		{"3 ms apart is a tie inside 5 ms", 1.2033, 0, true, []int{3, 4}, 3},
		{"seat 4 first by 0.3 ms", 1.2000, 0, true, []int{4, 3}, 0.3}, // inside the tie window too
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(many(S, 9), G, G), func(cfg *dealer.Config) { cfg.CountIn = 2 })
			s.tb.Buttons.ClickAt(3, sim.Seconds(1.2003), 50*time.Millisecond)
			s.tb.Buttons.ClickAt(4, sim.Seconds(c.seat4At), 50*time.Millisecond)
			s.tb.Buttons.ClickAt(2, sim.Seconds(0.1), 50*time.Millisecond) // before the window
			s.tb.Panel.ControlAt(hw.ControlDispute, sim.Seconds(3.5))
			s.tb.Panel.ControlAt(hw.ControlPause, sim.Seconds(9))
			var during dealer.View
			s.tb.Clock.At(sim.Seconds(5), func() { during = s.d.View() })
			s.run()
			s.agree()
			ds := s.log.kind(playlog.KindDispute)
			if len(ds) != 1 {
				t.Fatalf("disputes %+v", ds)
			}
			got := ds[0].Dispute
			if got.Winner != c.winner || got.Tie != c.tie || len(got.Seats) != 2 || float64(got.Margin)/1e6 != c.marginMs {
				t.Fatalf("dispute %+v", got)
			}
			if !slices.Equal(got.TiedSeats, c.tied) {
				t.Errorf("the log's tied seats %v, want %v", got.TiedSeats, c.tied)
			}
			// "the dealer pauses (lights and beat freeze, the log notes it)"
			if p, r := s.log.kind(playlog.KindPause), s.log.kind(playlog.KindResume); len(p) != 1 || len(r) != 1 || p[0].Kernel != sim.Seconds(3.5) || r[0].Kernel != sim.Seconds(9) {
				t.Errorf("pause entries %+v, resume entries %+v", p, r)
			}
			if during.Dispute == nil || !during.Paused || during.Dispute.Winner != c.winner {
				t.Fatalf("view during the dispute %+v", during.Dispute)
			}
			lit := []int{c.winner}
			if c.tie {
				lit = c.tied
			}
			for _, seat := range lit {
				if p := s.tb.Lights.At(seat, sim.Seconds(5)); p != dealer.LightFirst {
					t.Errorf("seat %d shows %+v during the dispute", seat, p)
				}
			}
			// The table froze until the dealer resumed, then counted in.
			for _, b := range s.log.kind(playlog.KindBeat) {
				if b.Kernel > sim.Seconds(3.5) && b.Kernel < sim.Seconds(9) {
					t.Fatalf("a beat at %v during the pause", b.Kernel)
				}
			}
			if n := s.cueCount(hw.CueAccent, sim.Seconds(9), sim.Seconds(10.5)); n != 2 {
				t.Errorf("%d count-in accents after resuming", n)
			}
		})
	}
}

// TestReaderUnpluggedMidHand: "Reader unplugged or I2C errors mid-hand: the
// assistant says so, keeps pacing with manual confirmation from the dealer
// panel, and picks the reader up again when it comes back."
func TestReaderUnpluggedMidHand(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), nil)
	s.tb.Reader.GoneAt(sim.Seconds(2.5), nil)
	s.tb.Reader.BackAt(sim.Seconds(6.5))
	s.run()
	st := s.log.kind(playlog.KindReader)
	if len(st) != 2 || st[0].Note != "reader lost" || st[0].Error == "" || st[1].Note != "reader ok" {
		t.Fatalf("reader entries %+v", st)
	}
	if s.cueCount(hw.CueWarning, sim.Seconds(2.5), sim.Seconds(2.5)) != 1 {
		t.Error("no warning when the reader went")
	}
	blind := 0
	for _, e := range s.log.kind(playlog.KindInference) {
		if e.Inference.Kind == game.InfBlindDeal {
			blind++
			if e.Kernel < sim.Seconds(2.5) || e.Kernel > sim.Seconds(6.5) {
				t.Errorf("a blind deal at %v, outside the outage", e.Kernel)
			}
		}
	}
	if blind != 4 {
		t.Errorf("%d deals confirmed by hand, want the 4 beats of the outage", blind)
	}
	if s.log.kind(playlog.KindScan)[0].Kernel > sim.Seconds(1) || s.scanOf("Ground-10", sim.Seconds(6.5)) == 0 {
		t.Error("no reads before and after the outage")
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) || s.res.Audit == nil || !s.res.Audit.Accounted {
		t.Fatalf("winner %d, audit %+v", s.res.Winner, s.res.Audit)
	}
}

// TestBadCards: "Unknown card UID, the same card scanned twice, a card
// scanned that should not be there: a warning sound and message, the event
// is logged, the game state does not move."
func TestBadCards(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 6), G, G), nil)
	stranger, _ := hw.ParseUID("04:DE:AD:BE:EF:00:01")
	s.tb.Reader.ScanAt(stranger, sim.Seconds(0.5))
	s.tb.Reader.ScanCardAt("Stop-0", sim.Seconds(1.5)) // dealt to seat 2 at the first beat
	var before, after [2]uint64
	s.tb.Clock.At(sim.Seconds(0.4), func() { before[0] = s.d.View().Digest })
	s.tb.Clock.At(sim.Seconds(0.6), func() { after[0] = s.d.View().Digest })
	s.tb.Clock.At(sim.Seconds(1.4), func() { before[1] = s.d.View().Digest })
	s.tb.Clock.At(sim.Seconds(1.6), func() { after[1] = s.d.View().Digest })
	s.run()
	s.agree()
	if before != after {
		t.Errorf("the state moved: %x → %x", before, after)
	}
	for _, at := range []float64{0.5, 1.5} {
		if c := s.cuesAt(sim.Seconds(at)); len(c) != 1 || c[0] != hw.CueWarning {
			t.Errorf("cues at %vs: %v", at, c)
		}
	}
	scans := s.log.kind(playlog.KindScan)
	if scans[1].UID != stranger.String() || scans[1].Card != "" {
		t.Errorf("unknown tag logged as %+v", scans[1])
	}
	ref := s.log.kind(playlog.KindRefused)
	if len(ref) != 1 || ref[0].Event.Card != "Stop-0" || ref[0].Rule != game.RuleCardNotExpected {
		t.Errorf("refusals %+v", ref)
	}
	if w := warnings(s.d); len(w) != 2 {
		t.Errorf("warnings %q", w)
	}
}
