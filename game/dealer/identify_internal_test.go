package dealer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
)

// TestIdentifyAnsweredByTheNextCard: "HIT: After dealing normally, deal a
// second card into each of this player's stacks." Seat 2's Hit is shown;
// its first card, dealt unread, is confirmed by hand, and the dealer is
// asked at once to scan it while it lies on top. But they had already
// dealt the Hit's second card, a Ground: its read comes as the answer. A
// Ground is no card confirmed by hand as "a card" (a Ground is named), so
// the answer is refused; the read is the next card of the address, and is
// taken as that deal (the seat's Ground, its Stop window open), not lost
// with the refused answer. A read refused as the answer that is no such
// card leaves the guess standing and the deal as it was.
func TestIdentifyAnsweredByTheNextCard(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name, read string
		taken      bool
	}{
		{"the next card", "Ground-5", true},
		{"a card on the table", "Move-1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, _ := dealing(t, kinds)
			d.reader = hw.ReaderOK
			// The Hit dealt to seat 2, then played there by its faller.
			tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Hit-0"))
			if in := d.g.Next(); in.Seat != 2 || in.Due != 2 {
				t.Fatalf("the light asks %v, want seat 2's Hit, two cards", in)
			}
			d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 4 * time.Second})
			if d.ident.seat != 2 {
				t.Fatalf("asked about seat %d, want the card dealt by hand to seat 2", d.ident.seat)
			}
			before := d.g.Next()
			d.onCard(hw.CardEvent{UID: uid[tc.read], Time: 4100 * time.Millisecond})
			c, _ := d.g.CardIndex(tc.read)
			w := d.g.Where(c)
			switch {
			case tc.taken && (w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Next().Action != game.ActLand):
				t.Fatalf("%s lies at %+v and the light asks %v; want seat 2's Hit's second card, its Ground landing", tc.read, w, d.g.Next())
			case !tc.taken && d.g.Next() != before:
				t.Fatalf("after %s, refused, the light asks %v, want %v as before", tc.read, d.g.Next(), before)
			}
		})
	}
}

// TestIdentifyAnsweredByTheNextCardSaysNoAsk: "Once a player gets a Ground
// card, she is out of the game." The Hit's second card, a Ground, read as
// the answer for its first card dealt by hand, is taken as that deal; the
// dealer was told to scan the card dealt by hand "when asked again". But
// the seat was asked about already this round, and no ask comes for it:
// here the Ground lands, and the seat is out. The warning must not promise
// an ask the dealer never makes; the guess stands, as for any answer
// refused.
func TestIdentifyAnsweredByTheNextCardSaysNoAsk(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground, game.Move}
	d, uid, _ := dealing(t, kinds, 2, 3, 4)
	d.reader = hw.ReaderOK
	tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.Scan("Move-2"), game.Scan("Hit-0"))
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 5 * time.Second})
	if d.ident.seat != 2 {
		t.Fatalf("asked about seat %d, want seat 2", d.ident.seat)
	}
	d.onCard(hw.CardEvent{UID: uid["Ground-5"], Time: 5100 * time.Millisecond})
	if !d.stop.open || d.stop.seat != 2 {
		t.Fatalf("the Ground read is not seat 2's deal (stop window %v, seat %d)", d.stop.open, d.stop.seat)
	}
	promised, told := false, false
	for _, m := range d.View().Messages {
		promised = promised || (m.Warning && strings.Contains(m.Text, "asked again"))
		told = told || (m.Warning && strings.Contains(m.Text, "taken for the next card dealt to seat 2; the guess stands"))
	}
	d.fire(d.stop.due())
	if !d.g.Out(d.g.PlayerAt(2)) {
		t.Fatal("seat 2's Ground did not land")
	}
	if promised {
		t.Errorf("the warning promises an ask for seat 2's card dealt by hand; seat 2 was asked already (asked %v) and is out: no ask comes", d.ident.asked)
	}
	if !told {
		t.Error("the dealer is not told the read went to seat 2 and the guess stands")
	}
}

// TestIdentifyAnsweredByTheNextCardAGuessElsewhere: "HIT: After dealing
// normally, deal a second card into each of this player's stacks." As in
// TestIdentifyAnsweredByTheNextCard, seat 2's Hit's first card is confirmed
// by hand and the dealer, asked for it at once, has already dealt the
// second, a Ground. But this Ground is the very one the engine stood in,
// earlier, for the Ground seat 4 was dealt by hand ("Once a player gets a
// Ground card, she is out of the game"): only a guess, since the deck's
// Grounds look alike, and a plain read of it is a deal like one from the
// deck. Refused as the answer, it is seat 2's deal all the same, not lost
// with the light left waiting for a card already down; the log replays to
// the same hand.
func TestIdentifyAnsweredByTheNextCardAGuessElsewhere(t *testing.T) {
	kinds := []game.Kind{game.Hit, game.Move, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground, game.Ground}
	d, uid, log := dealing(t, kinds, 2, 3, 4)
	d.reader = hw.ReaderOK
	// Seat 4's Ground named by hand lands; seat 2's Hit is shown.
	tell(t, d, playlog.FromReader, game.Scan("Hit-0"), game.Scan("Move-1"), game.ConfirmAs(game.Ground), game.StopClosed(), game.Scan("Hit-0"))
	guess := ""
	for c := range d.g.NumCards() {
		if w := d.g.Where(c); d.g.Blind(c) && w.Zone == game.InStack && d.g.Seat(w.Player) == 4 {
			guess = d.g.Card(c).ID
		}
	}
	if guess == "" || !d.g.Out(d.g.PlayerAt(4)) {
		t.Fatalf("seat 4 out %v, its Ground a guess %q: want both", d.g.Out(d.g.PlayerAt(4)), guess)
	}
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 6 * time.Second})
	if in := d.g.Next(); d.ident.seat != 2 || in.Seat != 2 || in.First || in.Action != game.ActDeal {
		t.Fatalf("asked about seat %d, the light asks %v; want seat 2 asked, its Hit's second card due", d.ident.seat, in)
	}
	d.onCard(hw.CardEvent{UID: uid[guess], Time: 6100 * time.Millisecond})
	c, _ := d.g.CardIndex(guess)
	if w := d.g.Where(c); w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Next().Action != game.ActLand {
		t.Fatalf("%s lies at %+v and the light asks %v; want seat 2's Hit's second card, its Ground landing", guess, w, d.g.Next())
	}
	if err := d.g.Check(); err != nil {
		t.Fatal(err)
	}
	replaysTo(t, d, *log)
}

// replaysTo fails t unless log, replayed from d's hand start, comes to
// d's hand. The hand-start entry is written by start(), which the tests
// calling it skip.
func replaysTo(t *testing.T, d *Dealer, log entries) {
	t.Helper()
	cfg := d.cfg
	start := &playlog.Start{Schema: 2, Hand: cfg.Hand, Rules: cfg.Game.Rules, Seats: cfg.Game.Seats, Dealer: cfg.Dealer,
		Deck: cfg.Game.Deck, Tempo: cfg.Tempo.Start, StopWindow: cfg.StopWindow}
	g, bad, err := playlog.ReplayWith(&playlog.Hand{ID: t.Name(), Start: start, Entries: log}, playlog.Hooks{})
	if err != nil || len(bad) > 0 {
		t.Fatalf("replay: %v, mismatches %+v", err, bad)
	}
	if g.Digest() != d.g.Digest() {
		t.Fatal("the log replays to another hand")
	}
}

// TestStandInReadTwice: product.md, "the same card scanned twice: a
// warning sound and message, the event is logged, the game state does not
// move." Seat 3's card was confirmed by hand while the reader was gone,
// and the engine stood the Hit in for it: a guess. The reader back, the
// Hit is read as seat 2's deal (the guess was wrong: it was still in the
// deck), and read again at once. Read from the deck, the second read is
// warned about; read over a stand-in, it was taken for a Hit that seat 2's
// faller grabbed and played on seat 3 ("You may place a rider in front of
// any player"), which no faller can do before the dealer moves on.
func TestStandInReadTwice(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, byHand := range []bool{false, true} {
		t.Run(fmt.Sprintf("stand-in %v", byHand), func(t *testing.T) {
			d, uid, _ := dealing(t, kinds, 2, 3)
			d.reader = hw.ReaderOK
			seat3 := game.Scan("Move-2")
			if byHand {
				seat3 = game.Confirm()
			}
			tell(t, d, playlog.FromReader, game.Scan("Move-0"), seat3)
			h, _ := d.g.CardIndex("Hit-1")
			if d.g.Blind(h) != byHand {
				t.Fatalf("the Hit a stand-in: %v, want %v", d.g.Blind(h), byHand)
			}
			d.onCard(hw.CardEvent{UID: uid["Hit-1"], Time: 3 * time.Second})
			if w := d.g.Where(h); w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Blind(h) {
				t.Fatalf("the Hit lies at %+v (blind %v), want seat 2's deal", w, d.g.Blind(h))
			}
			before := d.g.Digest()
			d.onCard(hw.CardEvent{UID: uid["Hit-1"], Time: 3*time.Second + 50*time.Millisecond})
			if w := d.g.Where(h); w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Digest() != before {
				t.Errorf("read again at once, the Hit lies at %+v and the light asks %v; want it left as seat 2's deal", w, d.g.Next())
			}
			warned := false
			for _, m := range d.View().Messages {
				warned = warned || (m.Warning && strings.Contains(m.Text, "read again before the next beat"))
			}
			if !warned {
				t.Error("the second read is not warned about")
			}
		})
	}
}

// TestUnaskedTopHeld: "You can only pick up the top card of your stack",
// and "You may place a rider in front of any player, including yourself."
// As in TestStandInReadTwice, seat 3's card was confirmed by hand while the
// reader was gone, and the Hit stands in for it; but here the reader came
// back while seat 2's card was due, so the dealer is to be asked for seat
// 3's top and could not be yet (a read while a card is due is that card).
// Seat 3's faller may have picked it up meanwhile: the Hit read as seat 2's
// turn begins is held, not taken at once for seat 2's deal. Another card
// read in the same beat makes it seat 3's card shown on seat 2 ("a rider
// shown is followed by the deal in the same beat"), and that card seat 2's
// deal, not the answer to the ask; the Hit read again, or nothing, leaves
// it the deal at the hold's end (TestStandInReadTwice's case, still so
// when the dealer is asked for nothing).
func TestUnaskedTopHeld(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name  string
		then  string // the card read 100 ms after the Hit; "" for none
		rider bool   // the Hit judged seat 3's card shown on seat 2
	}{
		{"the deal read in the same beat", "Move-3", true},
		{"the Hit read again", "Hit-1", false},
		{"nothing read", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid, _ := dealing(t, kinds, 2, 3)
			tell(t, d, playlog.FromReader, game.Scan("Move-0"), game.Confirm())
			d.reader = hw.ReaderOK
			d.wantIdentify() // the reader back, seat 2's card due: no ask yet
			h, _ := d.g.CardIndex("Hit-1")
			if !d.g.Blind(h) {
				t.Fatal("want the Hit to stand in for seat 3's card")
			}
			d.onCard(hw.CardEvent{UID: uid["Hit-1"], Time: 3 * time.Second})
			if !d.held.active || d.held.seat != 3 {
				t.Fatalf("the Hit read as seat 2's turn begins is not held for seat 3 (held %+v); it lies at %+v", d.held, d.g.Where(h))
			}
			if tc.then != "" {
				d.onCard(hw.CardEvent{UID: uid[tc.then], Time: 3*time.Second + 100*time.Millisecond})
			}
			d.expireHeld(d.held.until)
			w := d.g.Where(h)
			switch {
			case tc.rider && w != (game.Place{Zone: game.AsRider, Player: d.g.PlayerAt(2)}):
				t.Fatalf("the Hit lies at %+v, want seat 3's card played as seat 2's rider", w)
			case tc.rider:
				m, _ := d.g.CardIndex(tc.then)
				if mw := d.g.Where(m); mw.Zone != game.InStack || d.g.Seat(mw.Player) != 2 {
					t.Fatalf("%s lies at %+v, want seat 2's deal", tc.then, mw)
				}
			case w.Zone != game.InStack || d.g.Seat(w.Player) != 2 || d.g.Blind(h):
				t.Fatalf("the Hit lies at %+v (blind %v), want seat 2's deal", w, d.g.Blind(h))
			}
		})
	}
}
