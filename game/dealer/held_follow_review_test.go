package dealer_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// newSlow is a scripted hand of three idle fallers whose dealer deals delay after each cue.
func newSlow(t *testing.T, kinds []game.Kind, delay time.Duration) *scripted {
	deck := make([]game.Card, len(kinds))
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
	}
	seats := []int{2, 3, 4}
	window := 1500 * time.Millisecond
	tb, err := simtable.New(simtable.Config{Rules: game.Official(), Deck: deck, Seats: seats, Fallers: idles(3), StopWindow: window,
		Reaction: 100 * time.Millisecond, Jitter: 1, DealDelay: delay})
	if err != nil {
		t.Fatal(err)
	}
	gd := slices.Clone(deck) // the engine lists the deck in another order than the shuffle
	slices.Reverse(gd[:16])
	cfg := dealer.Config{Hand: t.Name(), Dealer: 1, Cards: tb.Cards(),
		Game:  game.Config{Rules: game.Official(), Seats: seats, Deck: gd},
		Tempo: dealer.Tempo{Start: 60}, Mode: config.Follow, StopWindow: window, TieWindow: 5 * time.Millisecond,
		Audit: true, Wall: func() time.Time { return time.Unix(0, 0) }}
	log := &memLog{}
	d, err := dealer.New(cfg, dealer.Hardware{Clock: tb.Clock, Lights: tb.Lights, Sound: tb.Sound, Buttons: tb.Buttons, Reader: tb.Reader, Panel: tb.Panel}, log)
	if err != nil {
		t.Fatal(err)
	}
	return &scripted{t: t, tb: tb, d: d, log: log}
}

// TestHeldReadFollowBeat: in follow mode "the beat waits for the dealer:
// the light blinks until the card is read, and the beat starts again from
// that read" (metronome.go). A slow dealer's Hit-7, held at seat 3's turn
// (seat 2's Hit-3 dealt by hand was said picked up) and judged the deal
// half a beat later, must restart the beat from its read, not from the
// moment the hold ended: no half-beat stall.
func TestHeldReadFollowBeat(t *testing.T) {
	s := newSlow(t, kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G), 1200*time.Millisecond)
	s.tb.Reader.GoneAt(hwtest.Seconds(3.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(8.5))
	s.at(8.0, game.PickUp(0, 0))
	s.run()
	read := s.scanOf("Hit-7", 0)
	var took, beat time.Duration
	for _, e := range s.log.all() {
		if took == 0 && e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan && e.Event.Card == "Hit-7" {
			took = e.Kernel
		}
		if beat == 0 && e.Kind == playlog.KindBeat && e.Kernel > read {
			beat = e.Kernel
		}
	}
	if took-read < 400*time.Millisecond {
		t.Skipf("Hit-7 read at %v, taken at %v: not held, the script's timing moved", read, took)
	}
	if beat-read > 1050*time.Millisecond {
		t.Errorf("Hit-7 read at %v (held until %v): the next beat is at %v, %v after the read; want one period (1s) after it", read, took, beat, beat-read)
	}
}
