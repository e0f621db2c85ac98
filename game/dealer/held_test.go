package dealer_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/simtable"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/hwtest"
)

// heldIdentifies lists the Identify events the dealer told the engine for
// reads it held and judged cards shown.
func (s *scripted) heldIdentifies() []game.Event {
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify })
	return applied
}

// takenAsShown fails unless the engine's first take of card id was the
// plain read (a card shown, or left to the engine), not a read the dealer
// judged dealt.
func (s *scripted) takenAsShown(id string) {
	s.t.Helper()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == id })
	if len(applied) == 0 || applied[0] != game.Scan(id) {
		s.t.Fatalf("the engine took %v, want %s read as shown, not judged dealt", applied, id)
	}
}

// pickedUpAtSeat2 is a hand on kinds whose deck file lists its first 16
// cards in the reverse of the shuffle's order, so the engine's stand-ins
// are other cards than those dealt. The reader is gone from 2.5 s to
// 5.5 s, so seats 2, 3 and 4 get their second card by hand, and seat 2
// picks its up at 4.5 s: asked for it, the dealer says n.
func pickedUpAtSeat2(t *testing.T, kinds []game.Kind) *scripted {
	s := newScripted(t, idles(3), kinds, func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(5.5))
	s.at(4.5, game.PickUp(0, 0))
	return s
}

// TestHeldReadPlayedAtAnotherSeat: "You may place a rider in front of any
// player, including yourself." Seat 2's Hit, dealt by hand while the reader
// was gone, is picked up before it can be read (the dealer says n), and
// played in front of seat 3. At seat 3's turn the dealer shows the Hit,
// then deals: read from what the engine believes is the deck, the Hit alone
// looks like seat 3's deal. Held until the next read, which follows at
// once, it is seat 2's card played there, and the hand ends as the table
// played it. The engine's deck is listed in another order than the
// shuffle's, so its stand-in for the Hit is another card.
func TestHeldReadPlayedAtAnotherSeat(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, many(S, 12), G, G)) // the Hit, dealt to seat 2 at 3.12 s, and two more by hand
	s.at(6.0, game.Play(0, 1))
	s.run()
	applied := s.heldIdentifies()
	if len(applied) != 1 || applied[0] != game.Identify(2, "Hit-3") {
		t.Fatalf("the dealer told the engine %v, want the Hit read at seat 3's turn to be seat 2's card picked up", applied)
	}
	s.agree()
}

// TestHeldReadThenItsExtra: "To play an Extra, lay it on top of the rider
// you wish to modify, overlapping it so the dealer can still read both
// cards." Seat 2's Hit, picked up (the dealer says n), is played in front
// of seat 3, and seat 3 lays the Extra it took from its own stack on it.
// At seat 3's turn the dealer shows the Hit, then its Extra, then deals:
// the Extra, a card the engine knows of, read at once after the Hit held,
// shows the Hit was played there, as a card from the deck would. It was
// taken for no second card, so the Hit was judged seat 3's deal and the
// hand went a card astray.
func TestHeldReadThenItsExtra(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, game.Extra, S, game.Hit, many(S, 12), G, G))
	s.at(1.5, game.PickUp(1, 0)) // seat 3 takes its Extra before the next card covers its place
	s.at(6.0, game.Play(0, 1))   // seat 2's Hit in front of seat 3
	s.at(6.5, game.Play(1, 1))   // seat 3's Extra on it
	s.run()
	applied := s.heldIdentifies()
	if len(applied) != 1 || applied[0] != game.Identify(2, "Hit-3") {
		t.Fatalf("the dealer told the engine %v, want the Hit read at seat 3's turn to be seat 2's card picked up", applied)
	}
	s.agree()
}

// TestHeldReadDealt: the same Hit picked up at seat 2 is still in their
// hand when seat 3's turn deals it another Hit from the deck. Nothing is
// read after it within half a beat: it was seat 3's deal, as any read at a
// turn's start is, and the hand plays on as the table plays it.
func TestHeldReadDealt(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G))
	s.run()
	applied := s.heldIdentifies()
	if len(applied) != 0 {
		t.Fatalf("the dealer told the engine %v: nothing followed the Hit, it was a deal", applied)
	}
	// Held: the engine took it half a beat after it was read.
	var read, took []playlog.Entry
	for _, e := range s.log.all() {
		switch {
		case e.Kind == playlog.KindScan && e.Card == "Hit-7":
			read = append(read, e)
		case e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan && e.Event.Card == "Hit-7":
			took = append(took, e)
		}
	}
	// (The audit reads it again at the end.)
	if len(read) == 0 || len(took) != 1 || took[0].Kernel-read[0].Kernel < hwtest.Seconds(0.4) {
		t.Fatalf("Hit-7 read %v, taken by the engine %v: want it held about half a beat", read, took)
	}
	var dealt bool
	s.d.Inspect(func(g *game.Game) {
		c, _ := g.CardIndex("Hit-7")
		w := g.Where(c)
		dealt = w.Zone == game.InStack && g.Seat(w.Player) == 3
	})
	if g := s.tb.Truth(); !dealt || s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("Hit-7 dealt to seat 3 %v; dealer: seat %d won, table: seat %d", dealt, s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestHeldReadOwnDealt: "You can only pick up the top card of your stack."
// Seat 2's Hit, dealt by hand, is picked up (the dealer says n) and kept
// in hand; at seat 2's next turn the deal is another Hit from the deck. A
// plain read of it was taken for the Hit picked up, played on seat 2
// (swapLoose), so the light asked for one more card there than the table
// deals. Held, with nothing read after it within half a beat, it is the
// deal, and the engine is told so (ScanDealt).
func TestHeldReadOwnDealt(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, game.Hit, many(S, 9), G, G))
	s.run()
	var dealt bool
	s.d.Inspect(func(g *game.Game) {
		c, _ := g.CardIndex("Hit-6")
		w := g.Where(c)
		dealt = w.Zone == game.InStack && g.Seat(w.Player) == 2
	})
	if !dealt {
		t.Fatal("Hit-6 is not in seat 2's stacks")
	}
	// (Seat 2's first Hit is in their hand, which nobody can know: the
	// engine keeps its stand-in in the stack, said picked up.)
	s.sameWinner()
	s.sameStacks(3, 4)
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == "Hit-6" })
	if len(applied) == 0 || applied[0] != game.ScanDealt("Hit-6") {
		t.Fatalf("the engine took %v, want Hit-6 read at seat 2's turn judged dealt", applied)
	}
}

// TestHeldReadReadAgain: "the same card scanned twice: a warning sound and
// message, the event is logged, the game state does not move." The Hit
// held at seat 3's turn, lifted and laid on the reader again, is no second
// card: it stays the deal it was.
func TestHeldReadReadAgain(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G))
	s.tb.Reader.ScanCardAt("Hit-7", hwtest.Seconds(7.1)) // held from 6.98 s
	s.run()
	applied := s.heldIdentifies()
	if len(applied) != 0 {
		t.Fatalf("the dealer told the engine %v: the Hit read again is no second card", applied)
	}
	if c := s.cuesAt(hwtest.Seconds(7.1)); len(c) != 1 || c[0] != hw.CueWarning {
		t.Errorf("cues at the second read: %v, want a warning", c)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won, table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestHeldReadThenStray: a card lying in front of a seat, read while the
// Hit is held at seat 3's turn, cannot be seat 3's deal: it proves nothing
// of the Hit, which stays the deal it was, and is refused as any card read
// where it cannot be.
func TestHeldReadThenStray(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G))
	s.tb.Reader.ScanCardAt("Stop-0", hwtest.Seconds(7.1)) // seat 2's first card, lying there
	s.run()
	applied := s.heldIdentifies()
	_, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == "Stop-0" })
	if len(applied) != 0 || len(refused) != 1 {
		t.Fatalf("the dealer told the engine %v, and refused %v: want nothing told, the stray read refused", applied, refused)
	}
	if g := s.tb.Truth(); s.res.Winner != g.Seat(g.Winner()) {
		t.Fatalf("dealer: seat %d won, table: seat %d", s.res.Winner, g.Seat(g.Winner()))
	}
}

// TestHeldReadThenARefusedCard: seat 2's Hit, picked up unseen and played
// on seat 3, is shown at seat 3's turn and held; another card is read
// before the deal, refused where it is read. Each row says why it proves
// nothing of the Hit by itself, or shows it a card shown; either way the
// hold goes on, the deal read at once shows the Hit was seat 2's card
// played there, and the other read is refused. Each used to end the hold,
// the Hit judged the deal, and the hand went a seat astray.
func TestHeldReadThenARefusedCard(t *testing.T) {
	for _, c := range []struct {
		name  string
		kinds []game.Kind
		card  string
	}{
		// "A card scanned that should not be there" (product.md): a
		// discard near the reader, read between the Hit shown and its
		// deal, is refused where it is read.
		{"a stray card", kinds(S, S, S, game.Hit, many(S, 12), G, G), "Stop-0"},
		// "A player can never have more than one rider at a time." Seat
		// 4's Skip, lying in its stack, taken now would be seat 3's rider
		// only because the Hit is not told yet: after the Hit shown it is
		// a second rider, refused.
		{"a second rider", kinds(S, S, game.Skip, game.Hit, many(S, 12), G, G), "Skip-2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := pickedUpAtSeat2(t, c.kinds) // Hit-3 dealt to seat 2 at 3.12 s
			s.at(6.0, game.Play(0, 1))
			s.tb.Reader.ScanCardAt(c.card, hwtest.Seconds(6.99)) // the table shows the Hit at 6.98 s and deals at 7 s
			s.run()
			applied := s.heldIdentifies()
			_, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == c.card })
			if len(applied) != 1 || applied[0] != game.Identify(2, "Hit-3") || len(refused) != 1 {
				t.Fatalf("the dealer told the engine %v, and refused %v: want the Hit seat 2's card picked up, %s refused", applied, refused, c.card)
			}
			s.agree()
		})
	}
}

// TestHeldReadThenDealtByHand: seat 2's Hit is shown at seat 3's turn and
// held; the reader is lost as the deal comes, and the dealer confirms it
// by hand. A deal within half a beat is what follows a card shown, so the
// Hit was seat 2's card played there. The reader lost, and the
// confirmation, each ended the hold before, the Hit judged the deal.
func TestHeldReadThenDealtByHand(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, many(S, 12), G, G)) // the Hit, dealt to seat 2 at 3.12 s
	s.at(6.0, game.Play(0, 1))
	s.tb.Reader.GoneAt(hwtest.Seconds(6.99), nil) // the table shows the Hit at 6.98 s and deals at 7 s
	s.tb.Reader.BackAt(hwtest.Seconds(8.5))
	s.run()
	applied := s.heldIdentifies()
	if len(applied) == 0 || applied[0] != game.Identify(2, "Hit-3") {
		t.Fatalf("the dealer told the engine %v, want the Hit seat 2's card picked up", applied)
	}
	s.sameWinner()
	s.sameStacks(3)
}

// TestHeldDealThenEarlyRider: "You may place a rider in front of any
// player, including yourself." Seat 3's deal is a Hit from the deck, held
// (seat 2's Hit, picked up unseen, could be shown there); seat 4 plays the
// Hit it picked up in front of itself and the dealer reads it a little
// early, 0.18 s after the deal, before seat 4's beat. Taken now it would
// be seat 3's rider, refused after the held Hit shown (a second rider),
// which proves nothing: it waits with the held Hit, which the half beat
// judges the deal, and is then seat 4's rider. It made the held Hit seat
// 2's card at once, and seat 3's stack went a card short.
func TestHeldDealThenEarlyRider(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, game.Hit, game.Hit, S, S, S, game.Hit, many(S, 8), G, G)) // Hit-2 to seat 4 at 2.12 s, Hit-7 to seat 3 at 7.12 s
	s.at(2.3, game.PickUp(2, 0))                                                                  // seat 4 takes its Hit before the card dealt by hand covers it
	s.at(7.2, game.Play(2, 2))                                                                    // and plays it on itself; the table shows it at 7.98 s
	s.tb.Reader.ScanCardAt("Hit-2", hwtest.Seconds(7.3))                                          // the dealer reads it early
	s.run()
	applied := s.heldIdentifies()
	took, _ := s.engineEvents(func(e *playlog.Entry) bool {
		return e.Kernel > hwtest.Seconds(7) && e.Event.Kind == game.EvScan && (e.Event.Card == "Hit-7" || e.Event.Card == "Hit-2")
	})
	if len(applied) != 0 || len(took) < 2 || took[0] != game.ScanDealt("Hit-7") || took[1] != game.Scan("Hit-2") {
		t.Fatalf("the dealer told the engine %v, and it took %v: want Hit-7 the deal, then Hit-2 seat 4's rider", applied, took)
	}
	s.sameWinner()
	s.sameStacks(3, 4)
}

// TestHeldReadSurvivesSuspend: a hand stopped (ctx ended: the table's q,
// or a shutdown) while a read is held must not lose that read: the card
// was dealt and read, the log has its scan, so the engine (and the log a
// resume replays) must have it too, as it had before reads were held.
func TestHeldReadSurvivesSuspend(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, S, game.Hit, many(S, 8), G, G))
	s.tb.Start()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.tb.Clock.At(hwtest.Seconds(7.1), cancel) // Hit-7 held from 6.98 s
	_, err := s.d.RunStepped(ctx, s.tb.Clock)
	if err == nil {
		t.Fatal("the run ended without the cancel")
	}
	var read, took bool
	for _, e := range s.log.all() {
		switch {
		case e.Kind == playlog.KindScan && e.Card == "Hit-7":
			read = true
		case e.Kind == playlog.KindApplied && e.Event.Kind == game.EvScan && e.Event.Card == "Hit-7":
			took = true
		}
	}
	if read && !took {
		t.Fatalf("Hit-7 was read (scan logged) but the hand was stopped while it was held: the engine never took it, and a resume replays without it")
	}
	if !read {
		t.Skip("Hit-7 not read before the cancel: the script's timing moved")
	}
}

// TestHeldReadOwnPickedUp: seat 2's Hit and seat 3's Hit, both dealt by
// hand while the reader was gone, are both picked up (the dealer says n
// for each). Seat 3 plays its own Hit in front of itself; at seat 3's turn
// the dealer shows it, then deals. "You may place a rider in front of any
// player, including yourself": the engine took such a read for seat 3's
// own card (swapLoose: "Only p's own card is taken"), and did before
// 4b1e7c6. The hold must not hand it to seat 2 because a deal followed at
// once: PlayedUnseen offers no other faller's card while the seat's own
// picked-up card would take the read.
func TestHeldReadOwnPickedUp(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, game.Hit, many(S, 11), G, G)) // Hit-3 to seat 2 at 3.12 s, Hit-4 to seat 3 at 4.12 s, by hand
	s.at(4.6, game.PickUp(1, 0))
	s.at(6.2, game.Play(1, 1)) // seat 3 plays its own Hit in front of itself
	s.run()
	applied := s.heldIdentifies()
	for _, e := range applied {
		if e.Seat != 3 {
			t.Errorf("the dealer told the engine %v: seat 3's own Hit taken for seat 2's card", e)
		}
	}
	// Seat 2's Hit is still in their hand (nobody can know it); seat 3's
	// stacks the engine can know, and knew before reads were held.
	s.sameStacks(3)
}

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

// TestHeldReadBuried: "You can only pick up the top card of your stack.
// ... If the dealer is giving you two cards in a row (because of a Hit),
// you can certainly grab the first one." The reader is gone for more than
// a round: seat 2's Hit, dealt by hand at 3.12 s, is grabbed at 3.5 s and
// its stand-in covered by seat 2's next card, dealt by hand too, so the
// dealer, asked only for the cards on top once the reader is back, is
// never asked for it and no one says it was picked up. "You may place a
// rider in front of any player, including yourself": played, shown and
// followed at once by the deal, it is held and judged seat 2's card, at
// seat 2's own turn or at another's, and the hand ends as the table played
// it. Without the hold the Hit is read as that seat's deal, and every deal
// after it goes a seat astray.
func TestHeldReadBuried(t *testing.T) {
	for _, tc := range []struct {
		name   string
		target int  // the faller the Hit is played in front of
		right  bool // the engine's deck in the shuffle's order: its guess is the Hit itself
	}{
		{"in front of another faller", 1, false},
		{"in front of its own faller", 0, false},
		{"the guess right, in front of another faller", 1, true},
		{"the guess right, in front of its own faller", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScripted(t, idles(3), kinds(S, S, S, game.Hit, many(S, 14), G, G), func(c *dealer.Config) {
				if tc.right {
					return
				}
				deck := slices.Clone(c.Game.Deck)
				slices.Reverse(deck[:18])
				c.Game.Deck = deck
			})
			s.tb.Reader.GoneAt(hwtest.Seconds(2.5), nil)
			s.tb.Reader.BackAt(hwtest.Seconds(6.6))
			s.at(3.5, game.PickUp(0, 0))
			s.at(9.0, game.Play(0, tc.target))
			s.run()
			applied, _ := s.engineEvents(func(e *playlog.Entry) bool {
				return e.Source == playlog.FromDealer && e.Event.Kind == game.EvIdentify && e.Event.Card == "Hit-3"
			})
			if len(applied) != 1 || applied[0] != game.Identify(2, "Hit-3") {
				t.Fatalf("the dealer told the engine %v, want the Hit read as a turn began to be seat 2's card, grabbed before it was covered", applied)
			}
			s.agree()
		})
	}
}

// TestHeldReadOwnSkip: "SKIP: Deal no cards to this player. (And sweep
// away the Skip.)" Seat 3's Skip, dealt by hand, is picked up (the dealer
// says n) and played in front of seat 3 itself ("You may place a rider in
// front of any player, including yourself"). Shown as seat 3's turn
// begins, it is followed by no deal in the same beat, as no read follows a
// deal either: time cannot tell the two apart, so the read is not held and
// the engine takes it, as it did before reads were held, for seat 3's card
// played there. Held, it was judged dealt, and the hand stalled.
func TestHeldReadOwnSkip(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, S, game.Skip, many(S, 11), G, G)) // Skip-4 to seat 3 at 4.12 s, by hand
	s.at(4.6, game.PickUp(1, 0))
	s.at(6.2, game.Play(1, 1))
	s.run()
	s.takenAsShown("Skip-4")
	// Seat 2's first card is still in their hand, which nobody can know;
	// seat 3's stacks the engine can know.
	s.sameWinner()
	s.sameStacks(3)
}

// TestHeldExtraReadBeforeItsRider: "To play an Extra, lay it on top of the
// rider you wish to modify, overlapping it so the dealer can still read
// both cards." Seat 3's Extra, dealt by hand, is picked up (the dealer
// says n); seat 4 plays the Hit from its stack in front of seat 3, and
// seat 3 lays its Extra on it. At seat 3's turn the dealer reads the Extra
// first (it lies on top), then the Hit: the Extra, held, is followed at
// once by its rider, a card the engine knows in seat 4's stack. That shows
// the Extra was played there, as before reads were held; judged dealt, it
// went into seat 3's stack and the hand stalled.
func TestHeldExtraReadBeforeItsRider(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, game.Hit, S, game.Extra, many(S, 11), G, G)) // Extra-4 to seat 3 at 4.12 s, by hand
	s.at(2.3, game.PickUp(2, 0))                                                     // seat 4 takes the Hit read at 2.12 s
	s.at(4.6, game.PickUp(1, 0))
	s.at(6.0, game.Play(2, 1))
	s.at(6.3, game.Play(1, 1))
	s.tb.Reader.ScanCardAt("Extra-4", hwtest.Seconds(6.9)) // the table lays the Hit at 6.98 s, then the Extra again
	s.run()
	s.takenAsShown("Extra-4")
	// Seat 2's first card is still in their hand, which nobody can know;
	// seat 3's stacks the engine can know.
	s.sameWinner()
	s.sameStacks(3)
}

// TestSkipDealtAfterAll: "SKIP: Deal no cards to this player. (And sweep
// away the Skip.)" Seat 2's card dealt by hand is picked up (the dealer
// says n), and at seat 2's next turn the dealer deals it a Skip. Read from
// what the engine believes is the deck, it is taken for seat 2's card
// played there, and not held: shown, a Skip is followed by nothing, as a
// deal is. The light asks to sweep it; the dealer sees no Skip in front of
// seat 2 and says "not there": the read is the deal after all
// (game.InfDealtAfterAll), and the hand goes on in step. Before, the read
// was only taken back, and the deal was lost.
func TestSkipDealtAfterAll(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, S, S, S, game.Skip, many(S, 9), G, G)) // Skip-6 to seat 2 at 6.12 s
	s.run()
	var after []playlog.Entry
	for _, e := range s.log.all() {
		if e.Kind == playlog.KindInference && e.Inference.Kind == game.InfDealtAfterAll {
			after = append(after, e)
		}
	}
	if len(after) != 1 || after[0].Seat != 2 || after[0].Kernel > hwtest.Seconds(6.5) {
		t.Fatalf("%d dealt after all (first %+v), want one at seat 2 before the next beat", len(after), after)
	}
	// product.md keeps the warning for "a card scanned that should not be
	// there": this one should, it was the deal.
	if c := s.cuesAt(after[0].Kernel); slices.Contains(c, hw.CueWarning) {
		t.Errorf("cues as the Skip is dealt after all: %v, want no warning", c)
	}
	s.sameWinner()
	s.sameStacks(3, 4)
}

// TestSkipMisreadDealtAfterAll: "SKIP: Deal no cards to this player. (And
// sweep away the Skip.)" As in TestSkipDealtAfterAll, but the dealer, who
// sees the screen name a Skip at seat 2 that is not there, says "misread"
// (r), as the README bids them of a rider named they do not see: the read
// is the deal all the same (game.InfDealtAfterAll). Before, the read was
// only taken back, the light asked seat 2's deal again, and the hand fell
// out of step.
func TestSkipMisreadDealtAfterAll(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, S, S, S, game.Skip, many(S, 9), G, G)) // Skip-6 to seat 2 at 6.12 s
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(6.02))
	s.run()
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone })
	if len(applied) != 1 || applied[0] != game.NotThereRead("Skip-6") {
		t.Fatalf("the panel reached the engine as %v, want one misread of the Skip", applied)
	}
	if !s.inferred(game.InfDealtAfterAll, 2) {
		t.Fatal("the Skip was not dealt to seat 2 after all")
	}
	s.sameWinner()
	s.sameStacks(3, 4)
}

// TestSkipDealtAfterAllReadAgain: "the same card scanned twice: a warning
// sound and message, the event is logged, the game state does not move"
// (product.md). The Skip of TestSkipDealtAfterAll, dealt after all on the
// dealer's "not there", is read again before the next beat: it is the
// card just dealt, read twice, not seat 2's Skip played on seat 3, whose
// turn comes next.
func TestSkipDealtAfterAllReadAgain(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, S, S, S, game.Skip, many(S, 9), G, G)) // Skip-6 to seat 2 at 6.12 s, said not there at 6.08 s
	s.tb.Reader.ScanCardAt("Skip-6", hwtest.Seconds(6.3))
	s.run()
	if !s.inferred(game.InfDealtAfterAll, 2) {
		t.Fatal("the Skip was not dealt to seat 2 after all")
	}
	if s.inferred(game.InfRiderPlayed, 3) {
		t.Error("the Skip read again was taken for a rider played on seat 3")
	}
	s.sameWinner()
	s.sameStacks(3, 4)
}

// TestHeldDealShownThenMisread: "Riders: when the dealer reaches a player
// with a rider, they scan it; the assistant shows and sounds what to do"
// (product.md). Seat 2's Hit-6, the deal at seat 2's turn while seat 2's
// own card dealt by hand is said picked up, is held; the next card is read
// at once (the second of two dealt at once), so the hold takes Hit-6 for a
// card shown, seat 2's own played there, and the next card for its first.
// The screen shows seat 2 a Hit the dealer does not see there, and the
// dealer says misread: Hit-6 is seat 2's deal after all, the next card
// seat 3's, and the light asks for seat 4's. (The script reads Stop-7 at
// once without the table dealing it, so the hand is looked at only until
// just after the misread.)
func TestHeldDealShownThenMisread(t *testing.T) {
	s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, game.Hit, many(S, 9), G, G)) // Hit-6 read at 5.98 s
	s.tb.Reader.ScanCardAt("Stop-7", hwtest.Seconds(6.16))
	s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(6.2))
	s.runUntil(hwtest.Seconds(6.25))
	if applied := s.heldIdentifies(); len(applied) != 1 || applied[0] != game.Identify(2, "Hit-6") {
		t.Fatalf("the dealer told the engine %v, want Hit-6 judged a card shown (the script's times are off?)", applied)
	}
	applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvStackGone })
	if len(applied) != 1 || applied[0] != game.NotThereRead("Hit-6") {
		t.Fatalf("the panel reached the engine as %v, want one misread of Hit-6", applied)
	}
	if !s.inferred(game.InfDealtAfterAll, 2) {
		t.Fatal("Hit-6 was not dealt to seat 2 after all")
	}
	var hit, next game.Place
	var seats [2]int
	var in game.Instruction
	s.d.Inspect(func(g *game.Game) {
		c, _ := g.CardIndex("Hit-6")
		n, _ := g.CardIndex("Stop-7")
		hit, next = g.Where(c), g.Where(n)
		seats = [2]int{g.Seat(hit.Player), g.Seat(next.Player)}
		in = g.Next()
	})
	if hit.Zone != game.InStack || seats[0] != 2 || next.Zone != game.InStack || seats[1] != 3 {
		t.Fatalf("Hit-6 at %+v (seat %d), Stop-7 at %+v (seat %d): want seat 2's and seat 3's deals", hit, seats[0], next, seats[1])
	}
	if v := s.d.View().Instruction; in.Seat != 4 || v.Seat != 4 {
		t.Fatalf("after the misread the engine asks %v and the light %v, want seat 4's deal", in, v)
	}
}

// TestMisreadRemadeDealReadAgain: "the same card scanned twice: a warning
// sound and message, the event is logged, the game state does not move"
// (product.md). Seat 2's Hit-6 is held and taken for a card shown, the
// next card for its first; the dealer says misread, and Hit-6 is seat 2's
// deal after all, the next card seat 3's, made again. That card is the
// one just dealt: read again a moment later, before the next beat, it is
// the same card read twice, not a rider played at seat 4, the seat lit.
func TestMisreadRemadeDealReadAgain(t *testing.T) {
	for _, k := range []game.Kind{S, game.Skip} {
		t.Run(k.String(), func(t *testing.T) {
			s := pickedUpAtSeat2(t, kinds(S, S, S, game.Hit, S, S, game.Hit, k, many(S, 8), G, G)) // Hit-6 read at 5.98 s
			next := k.String() + "-7"
			s.tb.Reader.ScanCardAt(next, hwtest.Seconds(6.16))
			s.tb.Panel.ControlAt(hw.ControlMisread, hwtest.Seconds(6.2))
			s.tb.Reader.ScanCardAt(next, hwtest.Seconds(6.24))
			said := s.saidAt(6.245, "read again", true)
			s.runUntil(hwtest.Seconds(6.25))
			if !s.inferred(game.InfDealtAfterAll, 2) {
				t.Fatal("Hit-6 was not dealt to seat 2 after all (the script's times are off?)")
			}
			applied, _ := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == next })
			if len(applied) != 1 {
				t.Fatalf("%s reached the engine as %d reads, want the one before the misread", next, len(applied))
			}
			if *said == "" {
				t.Fatalf("no warning that %s was read again", next)
			}
			var w game.Place
			var seat int
			s.d.Inspect(func(g *game.Game) {
				c, _ := g.CardIndex(next)
				w = g.Where(c)
				seat = g.Seat(w.Player)
			})
			if w.Zone != game.InStack || seat != 3 {
				t.Fatalf("%s at %+v (seat %d), want seat 3's deal", next, w, seat)
			}
		})
	}
}

// TestHeldDealThenASweptRider: "When you encounter a rider, you follow
// the card's meaning, and then sweep the rider into the discard pile, in
// the middle of the table." Seat 2's own Skip is shown and swept; later
// seat 2's card dealt by hand is picked up (the dealer says n), and seat
// 3's deal is an Extra from the deck, held: it may be seat 2's card laid
// on a rider. The swept Skip, a discard near the reader, is read within
// half a beat. A rider is what an Extra lies on, but not one in the
// discard pile: refused where it is read, and refused too had the Extra
// been shown, it proves nothing, and the half beat judges the Extra the
// deal. Before, the Skip made the Extra a card shown, and the light waited
// for seat 3's deal, already on the table, until the people ended the hand
// (the real dealer's every-mistake row, official seeds 250 and 327).
func TestHeldDealThenASweptRider(t *testing.T) {
	s := newScripted(t, idles(3), kinds(game.Skip, many(S, 8), game.Extra, many(S, 8), G, G), func(c *dealer.Config) {
		deck := slices.Clone(c.Game.Deck)
		slices.Reverse(deck[:16])
		c.Game.Deck = deck
	})
	s.at(0.3, game.PickUp(0, 0), game.Play(0, 0)) // seat 2's Skip, shown and swept at 3.12 s
	s.tb.Reader.GoneAt(hwtest.Seconds(5.5), nil)
	s.tb.Reader.BackAt(hwtest.Seconds(8.5))
	s.at(6.5, game.PickUp(0, 0))                           // seat 2's card dealt by hand at 6.12 s
	s.tb.Reader.ScanCardAt("Skip-0", hwtest.Seconds(10.1)) // Extra-9 dealt to seat 3 at 9.98 s
	s.run()
	applied := s.heldIdentifies()
	_, refused := s.engineEvents(func(e *playlog.Entry) bool { return e.Event.Kind == game.EvScan && e.Event.Card == "Skip-0" })
	if len(applied) != 0 || len(refused) != 1 {
		t.Fatalf("the dealer told the engine %v, and refused %v: want nothing told, the swept Skip refused", applied, refused)
	}
	var dealt bool
	s.d.Inspect(func(g *game.Game) {
		c, _ := g.CardIndex("Extra-9")
		w := g.Where(c)
		dealt = w.Zone == game.InStack && g.Seat(w.Player) == 3
	})
	if !dealt {
		t.Fatal("Extra-9 is not in seat 3's stacks")
	}
	s.sameWinner()
}
