package dealer_test

import (
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// named lists the engine events the panel's named confirmations became:
// applied (true) or refused.
func (s *scripted) named() (applied, refused []game.Kind) {
	for _, e := range s.log.all() {
		if e.Source != playlog.FromPanel || e.Event == nil || e.Event.As == game.NoKind {
			continue
		}
		switch e.Kind {
		case playlog.KindApplied:
			applied = append(applied, e.Event.As)
		case playlog.KindRefused:
			refused = append(refused, e.Event.As)
		}
	}
	return applied, refused
}

// TestNamedGroundLands: "If you receive one of these, you are immediately
// out." With the reader gone, the dealer confirms a Ground from the panel
// by naming it, and it lands like one read: its Stop window opens, and
// with no Stop the seat falls when it closes. A plain confirmation stands
// in "a card", never a Ground, and the seat would have stayed in.
func TestNamedGroundLands(t *testing.T) {
	s := newScripted(t, idles(2), kinds(S, S, G, S, S, G), nil)
	s.tb.Reader.GoneAt(hwtest.Seconds(0.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(3)) // in the Stop window, for the audit
	s.run()
	s.agree()
	if s.res.Winner != 3 {
		t.Fatalf("seat %d wins, want seat 3: seat 2 was dealt a Ground", s.res.Winner)
	}
	applied, refused := s.named()
	if len(applied) != 1 || applied[0] != game.Ground || len(refused) > 0 {
		t.Fatalf("named from the panel: applied %v, refused %v; want one Ground", applied, refused)
	}
	var ctl []string
	for _, e := range s.log.kind(playlog.KindControl) {
		if e.Note != "" {
			ctl = append(ctl, e.Control+" "+e.Note)
		}
	}
	if len(ctl) != 1 || ctl[0] != "confirm named: Ground" {
		t.Errorf("the log's panel entries name %q, want the Ground", ctl)
	}
	for _, sv := range s.d.View().Seats {
		if sv.Seat == 2 && !sv.Out {
			t.Error("seat 2 is still in after its Ground")
		}
	}
}

// TestNamedRiderDeals: "HIT: Deal this player two cards on each stack
// instead of one." With the reader gone as the dealer reaches a seat whose
// rider was played unseen, the dealer names it from the panel and the seat
// gets the rider's deals.
func TestNamedRiderDeals(t *testing.T) {
	s := newScripted(t, idles(3), kinds(game.Hit, S, S, many(S, 14), G, G), nil)
	// After the first pass, seat 2 plays its Hit on seat 3; the reader
	// is gone before the dealer comes round.
	s.at(2.5, game.PickUp(0, 0), game.Play(0, 1))
	s.tb.Reader.GoneAt(hwtest.Seconds(2.7), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(7))
	s.run()
	s.agree()
	applied, _ := s.named()
	if len(applied) == 0 || applied[0] != game.Hit {
		t.Fatalf("named from the panel: %v, want the Hit first", applied)
	}
	var named playlog.Entry
	for _, e := range s.log.kind(playlog.KindApplied) {
		if e.Event.As == game.Hit {
			named = e
			break
		}
	}
	ins := s.instructions(3, named.Mono)
	if len(ins) == 0 || ins[0].Rider != game.Hit || ins[0].Action != game.ActDeal || ins[0].Due != 2 {
		t.Fatalf("after the Hit was named: %+v, want two cards for seat 3", ins)
	}
}

// TestNamedBadKind: "Bad input anywhere gets a clear error and loses
// nothing." A name the engine does not know, from a panel or a keyboard,
// is said on the screen and logged, and the hand goes on as if it had not
// been pressed.
func TestNamedBadKind(t *testing.T) {
	var results []int
	var digests []uint64
	for _, bad := range []bool{false, true} {
		s := newScripted(t, idles(2), kinds(many(S, 6), G, G), nil)
		if bad {
			s.tb.Panel.EventAt(hw.PanelEvent{Control: hw.ControlConfirm, As: "Banana", Kernel: hwtest.Seconds(3.3)})
		}
		var digest uint64
		s.tb.Clock.At(hwtest.Seconds(3.4), func() { digest = s.d.View().Digest })
		s.run()
		results, digests = append(results, s.res.Winner), append(digests, digest)
		if !bad {
			continue
		}
		said := false
		for _, w := range warnings(s.d) {
			said = said || strings.Contains(w, `"Banana"`)
		}
		if !said {
			t.Errorf("no warning names the bad card: %q", warnings(s.d))
		}
		var ctl []playlog.Entry
		for _, e := range s.log.kind(playlog.KindControl) {
			if e.Note != "" {
				ctl = append(ctl, e)
			}
		}
		if len(ctl) != 1 || ctl[0].Control != "confirm" || ctl[0].Note != "named: Banana" || ctl[0].Kernel != hwtest.Seconds(3.3) {
			t.Errorf("the log's named panel entries: %+v", ctl)
		}
		if a, r := s.named(); len(a)+len(r) > 0 {
			t.Errorf("a bad name reached the engine: applied %v, refused %v", a, r)
		}
	}
	if results[0] != results[1] || digests[0] != digests[1] {
		t.Errorf("the bad name changed the hand: winners %v, digests %v", results, digests)
	}
}
