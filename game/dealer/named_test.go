package dealer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// engineEvents lists the engine events logged that keep says are wanted,
// applied and refused apart.
func (s *scripted) engineEvents(keep func(e *playlog.Entry) bool) (applied, refused []game.Event) {
	for _, e := range s.log.all() {
		if e.Event == nil || !keep(&e) {
			continue
		}
		switch e.Kind {
		case playlog.KindApplied:
			applied = append(applied, *e.Event)
		case playlog.KindRefused:
			refused = append(refused, *e.Event)
		}
	}
	return applied, refused
}

// named lists what the panel's named confirmations named, applied and
// refused apart.
func (s *scripted) named() (applied, refused []game.Kind) {
	a, r := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromPanel && e.Event.As != game.NoKind })
	as := func(evs []game.Event) (out []game.Kind) {
		for _, e := range evs {
			out = append(out, e.As)
		}
		return out
	}
	return as(a), as(r)
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

// TestNamedGroundThenStopJustDealt: "If the dealer is giving you two cards
// in a row (because of a Hit), you can certainly grab the first one. But
// only if you are fast!" A Hit's first card is a Stop, read, which the
// faller grabs; the second is a Ground the reader misses, named from the
// panel. The Stop shown for it is the faller's, not the Stop read twice.
// TestNamedGroundThenStopJustDealt: "If the dealer is giving you two cards
// in a row (because of a Hit), you can certainly grab the first one. But
// only if you are fast!" A Hit's first card is a Stop, read, which the
// faller grabs; the second, in the same beat, is a Ground the reader
// misses, named from the panel. The Stop the faller shows for it is theirs,
// not the Stop just dealt read twice. The dealer on the messy table
// refused it, and the faller fell.
func TestNamedGroundThenStopJustDealt(t *testing.T) {
	ks := []game.Kind{game.Move, game.Hit, game.Stop, game.Ground, game.Stop, game.Stop, game.Ground, game.Ground}
	deck := make([]game.Card, len(ks))
	tags := map[hw.UID]string{}
	for i, k := range ks {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
		tags[hwtest.Tag(i)] = deck[i].ID
	}
	clk := hwtest.NewVirtual(0)
	btn, rd, pnl := hwtest.NewButtons(clk), hwtest.NewReader(clk, nil), hwtest.NewPanel(clk)
	log := &memLog{}
	seats := []int{2, 3}
	d, err := dealer.New(dealer.Config{Hand: t.Name(), Dealer: 1, Cards: tags,
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, StopWindow: 1500 * time.Millisecond, TieWindow: 5 * time.Millisecond,
		Wall: func() time.Time { return time.Unix(0, 0) }},
		dealer.Hardware{Clock: clk, Lights: hwtest.NewLights(clk), Sound: hwtest.NewSound(clk), Buttons: btn, Reader: rd, Panel: pnl}, log)
	if err != nil {
		t.Fatal(err)
	}
	rd.ScanAt(hwtest.Tag(0), hwtest.Seconds(0.12)) // seat 2's Move
	rd.ScanAt(hwtest.Tag(1), hwtest.Seconds(1.12)) // seat 3's Hit, played unseen on seat 2
	rd.ScanAt(hwtest.Tag(1), hwtest.Seconds(2.12)) // shown at seat 2's turn
	rd.ScanAt(hwtest.Tag(2), hwtest.Seconds(2.27)) // the Hit's first card: a Stop, grabbed
	pnl.EventAt(hw.PanelEvent{Control: hw.ControlConfirm, As: "Ground", Kernel: hwtest.Seconds(2.42)})
	btn.ClickAt(2, hwtest.Seconds(2.55), 80*time.Millisecond)
	rd.ScanAt(hwtest.Tag(2), hwtest.Seconds(2.7)) // the Stop shown
	var out bool
	clk.At(hwtest.Seconds(2.8), func() { d.Inspect(func(g *game.Game) { out = g.Out(0) || g.Over() }) })
	ctx, cancel := context.WithCancel(context.Background())
	clk.At(hwtest.Seconds(2.9), cancel)
	_, _ = d.RunStepped(ctx, clk)
	for _, w := range warnings(d) {
		if strings.Contains(w, "read again") {
			t.Errorf("the Stop shown was taken for the Stop dealt, read twice: %q", w)
		}
	}
	if out {
		t.Error("seat 2 is out: its Stop did not save it")
	}
	stopped := false
	for _, e := range log.kind(playlog.KindApplied) {
		stopped = stopped || (e.Event.Kind == game.EvScan && e.Event.Card == deck[2].ID && e.Kernel == hwtest.Seconds(2.7))
	}
	if !stopped {
		t.Error("the Stop shown was not taken")
	}
}
