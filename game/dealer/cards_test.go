package dealer_test

import (
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// TestReaderUnpluggedMidHand: "Reader unplugged or I2C errors mid-hand: the
// assistant says so, keeps pacing with manual confirmation from the dealer
// panel, and picks the reader up again when it comes back."
func TestReaderUnpluggedMidHand(t *testing.T) {
	s := newScripted(t, idles(2), kinds(many(S, 10), G, G), nil)
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(6.5))
	s.run()
	st := s.log.kind(playlog.KindReader)
	if len(st) != 2 || st[0].Note != "reader lost" || st[0].Error == "" || st[1].Note != "reader ok" {
		t.Fatalf("reader entries %+v", st)
	}
	if s.cueCount(hw.CueWarning, hwtest.Seconds(2.5), hwtest.Seconds(2.5)) != 1 {
		t.Error("no warning when the reader went")
	}
	blind := 0
	for _, e := range s.log.kind(playlog.KindInference) {
		if e.Inference.Kind == game.InfBlindDeal {
			blind++
			if e.Kernel < hwtest.Seconds(2.5) || e.Kernel > hwtest.Seconds(6.5) {
				t.Errorf("a blind deal at %v, outside the outage", e.Kernel)
			}
		}
	}
	if blind != 4 {
		t.Errorf("%d deals confirmed by hand, want the 4 beats of the outage", blind)
	}
	if s.log.kind(playlog.KindScan)[0].Kernel > hwtest.Seconds(1) || s.scanOf("Ground-10", hwtest.Seconds(6.5)) == 0 {
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
	s.tb.Reader.ScanAt(stranger, hwtest.Seconds(0.5))
	s.tb.Reader.ScanCardAt("Stop-0", hwtest.Seconds(1.5)) // dealt to seat 2 at the first beat
	var before, after [2]uint64
	s.tb.Clock.At(hwtest.Seconds(0.4), func() { before[0] = s.d.View().Digest })
	s.tb.Clock.At(hwtest.Seconds(0.6), func() { after[0] = s.d.View().Digest })
	s.tb.Clock.At(hwtest.Seconds(1.4), func() { before[1] = s.d.View().Digest })
	s.tb.Clock.At(hwtest.Seconds(1.6), func() { after[1] = s.d.View().Digest })
	s.run()
	s.agree()
	if before != after {
		t.Errorf("the state moved: %x → %x", before, after)
	}
	for _, at := range []float64{0.5, 1.5} {
		if c := s.cuesAt(hwtest.Seconds(at)); len(c) != 1 || c[0] != hw.CueWarning {
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
