package dealer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
)

// entries is the play log, kept in memory.
type entries []playlog.Entry

func (l *entries) Append(e playlog.Entry) error { *l = append(*l, e); return nil }

// dealing is a dealer on a deck of kinds (card i is Kind-i, tagged
// 04:00:00:00:00:00:i), fallers at seats (2 and 3 if none), the hand being dealt:
// for tests that hand it one input at a time. uid is each card's tag, log
// its play log.
func dealing(t *testing.T, kinds []game.Kind, seats ...int) (d *Dealer, uid map[string]hw.UID, log *entries) {
	t.Helper()
	if len(seats) == 0 {
		seats = []int{2, 3}
	}
	deck := make([]game.Card, len(kinds))
	cards := map[hw.UID]string{}
	uid = map[string]hw.UID{}
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
		u, err := hw.ParseUID(fmt.Sprintf("04:00:00:00:00:00:%02X", i))
		if err != nil {
			t.Fatal(err)
		}
		uid[deck[i].ID], cards[u] = u, deck[i].ID
	}
	log = &entries{}
	d, err := New(Config{Hand: t.Name(), Dealer: 1, Cards: cards, Game: game.Config{Rules: game.Official(), Seats: seats, Deck: deck},
		Tempo: Tempo{Start: 60}, StopWindow: time.Second}, Hardware{Clock: hwtest.NewVirtual(0)}, log)
	if err != nil {
		t.Fatal(err)
	}
	d.phase = PhaseDealing
	return d, uid, log
}

// pickedUpAtSeat2 is dealing on kinds, where seat 2's card dealt by hand
// is said picked up and seat 3 is dealt Move-1: seat 2's turn comes next,
// and a rider read from the deck then is held (it may be that card).
func pickedUpAtSeat2(t *testing.T, kinds []game.Kind) (*Dealer, map[string]hw.UID) {
	t.Helper()
	d, uid, _ := dealing(t, kinds)
	tell(t, d, playlog.FromPanel, game.Confirm(), game.NotOnTop(2), game.Scan("Move-1"))
	return d, uid
}

// inStackAt reports whether card c lies in a stack of seat's: dealt there.
func inStackAt(d *Dealer, c, seat int) bool {
	w := d.g.Where(c)
	return w.Zone == game.InStack && d.g.Seat(w.Player) == seat
}

// tell applies events to d's engine from src, a second apart from 1s.
func tell(t *testing.T, d *Dealer, src playlog.Source, events ...game.Event) {
	t.Helper()
	for i, e := range events {
		if err := d.apply(e, src, time.Duration(i+1)*time.Second); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
}

// TestDealConfirmed: a confirmation within a hold is the deal that follows
// a card shown when it names nothing or a Ground, in any case, as the
// panel's confirmAs reads the name (the engine told Confirm, or
// ConfirmAs(Ground)); a rider or an Extra named is a card shown, and a
// name that is no card confirms nothing.
func TestDealConfirmed(t *testing.T) {
	for _, c := range []struct {
		as   string
		want bool
	}{
		{"", true}, {"Ground", true}, {"ground", true}, {"GROUND", true},
		{"Hit", false}, {"Extra", false}, {"grounds", false}, {"nonsense", false},
	} {
		ev, got := dealConfirmed(c.as)
		if got != c.want {
			t.Errorf("dealConfirmed(%q) deals %v, want %v", c.as, got, c.want)
		}
		want := game.ConfirmAs(game.Ground)
		if c.as == "" {
			want = game.Confirm()
		}
		if got && ev != want {
			t.Errorf("dealConfirmed(%q) = %v, want %v", c.as, ev, want)
		}
	}
}

// TestHoldOverBeforeTheNextInput: the real-time loop picks among ready
// inputs at random, so a read or a confirmation that comes after a hold's
// end may be handled before the deadline that ends it. It must find the
// held read judged the deal at the hold's end ("nothing followed it in
// time"), not judge it itself; one that comes within the hold finds it
// still held.
func TestHoldOverBeforeTheNextInput(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Ground, game.Ground}
	deck := make([]game.Card, len(kinds))
	cards := map[hw.UID]string{}
	uids := make([]hw.UID, len(kinds))
	for i, k := range kinds {
		deck[i] = game.Card{ID: fmt.Sprintf("%s-%d", k, i), Kind: k}
		u, err := hw.ParseUID(fmt.Sprintf("04:00:00:00:00:00:%02X", i))
		if err != nil {
			t.Fatal(err)
		}
		uids[i], cards[u] = u, deck[i].ID
	}
	for _, input := range []string{"a read", "a confirmation", "half a beat exactly"} {
		t.Run(input, func(t *testing.T) {
			var log entries
			d, err := New(Config{Hand: t.Name(), Dealer: 1, Cards: cards, Game: game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck},
				Tempo: Tempo{Start: 60}, StopWindow: time.Second}, Hardware{Clock: hwtest.NewVirtual(0)}, &log)
			if err != nil {
				t.Fatal(err)
			}
			d.phase = PhaseDealing
			d.held = heldRead{active: true, id: deck[0].ID, c: 0, at: time.Second, until: 1500 * time.Millisecond}
			for _, at := range []time.Duration{1200 * time.Millisecond, 1499 * time.Millisecond} {
				if d.expireHeld(at); !d.held.active {
					t.Fatalf("an input at %v found the hold over, before its end (1.5s)", at)
				}
			}

			// Handled before the loop's deadline at the hold's end (and a third
			// of a beat after it: no two at once).
			want := 2
			switch input {
			case "a read":
				d.onCard(hw.CardEvent{UID: uids[1], Time: 2400 * time.Millisecond})
			case "a confirmation":
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: 2400 * time.Millisecond})
			default:
				// At the hold's very end: "nothing followed it in time".
				d.expireHeld(1500 * time.Millisecond)
				want = 1
			}
			var told []*playlog.Entry
			for i := range log {
				if e := &log[i]; e.Kind == playlog.KindApplied && e.Event != nil {
					told = append(told, e)
				}
			}
			if d.held.active || len(told) != want {
				t.Fatalf("after %s: held %v, the engine told %d events, want %d", input, d.held.active, len(told), want)
			}
			if e := told[0]; e.Event.Card != deck[0].ID || !e.Event.Dealt || e.Kernel != 1500*time.Millisecond {
				t.Fatalf("the held read told the engine as %v at %v, want judged dealt at the hold's end (1.5s)", e.Event, e.Kernel)
			}
			for c, seat := range []int{2, 3}[:want] {
				if w := d.g.Where(c); !inStackAt(d, c, seat) {
					t.Errorf("%s lies at %+v, want dealt to seat %d", d.g.Card(c).ID, w, seat)
				}
			}
		})
	}
}

// TestHoldOverBeforeTheReaderBack: the reader's status is an input as a
// read or a confirmation is ("anything else (half a beat, the beat, any
// other input) makes it the deal"). The reader back after a hold's end,
// handled before the loop's deadline, must find the held read judged the
// deal at the hold's end, not at its own time.
func TestHoldOverBeforeTheReaderBack(t *testing.T) {
	deck := []game.Card{{ID: "move-0", Kind: game.Move}, {ID: "move-1", Kind: game.Move}, {ID: "ground-2", Kind: game.Ground}}
	var log entries
	d, err := New(Config{Hand: t.Name(), Dealer: 1, Cards: map[hw.UID]string{}, Game: game.Config{Rules: game.Official(), Seats: []int{2, 3}, Deck: deck},
		Tempo: Tempo{Start: 60}, StopWindow: time.Second}, Hardware{Clock: hwtest.NewVirtual(0)}, &log)
	if err != nil {
		t.Fatal(err)
	}
	d.phase = PhaseDealing
	d.held = heldRead{active: true, id: deck[0].ID, c: 0, at: time.Second, until: 1500 * time.Millisecond}
	d.onStatus(hw.ReaderStatus{State: hw.ReaderOK, Time: 2400 * time.Millisecond})
	var told []*playlog.Entry
	for i := range log {
		if e := &log[i]; e.Kind == playlog.KindApplied && e.Event != nil {
			told = append(told, e)
		}
	}
	if d.held.active || len(told) != 1 {
		t.Fatalf("after the reader back at 2.4s: held %v, the engine told %d events, want the held read", d.held.active, len(told))
	}
	if e := told[0]; e.Event.Card != deck[0].ID || !e.Event.Dealt || e.Kernel != 1500*time.Millisecond {
		t.Fatalf("the held read told the engine as %v at %v, want judged dealt at the hold's end (1.5s)", e.Event, e.Kernel)
	}
}

// TestMisreadHeldRiderJudgedDealt: "HIT: After dealing normally, deal a
// second card into each of this player's stacks." Seat 2's card dealt by
// hand is said picked up, and the Hit read from the deck as seat 2's turn
// begins is held. It was that card, played there, and the dealer dealt
// seat 2's first card without scanning it: nothing came within half a
// beat, so the hold judged the Hit the deal and the light went on to seat
// 3. The dealer, who showed a Hit, says misread: the Hit is a card shown
// after all, the light asks again for seat 2's two cards, and the one
// dealt unread is confirmed by hand.
func TestMisreadHeldRiderJudgedDealt(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Hit read as seat 2's turn begins is not held")
	}
	d.expireHeld(d.held.until)
	if in := d.g.Next(); in.Seat != 3 || d.g.Where(4).Zone != game.InStack {
		t.Fatalf("after the hold: the Hit at %+v, the light asks %v; want it judged seat 2's deal", d.g.Where(4), in)
	}
	misreadHitShownAtSeat2(t, d, read+700*time.Millisecond,
		"Hit#Hit-4 was shown at seat 2 after all, not dealt there: its cards are due again (c for one dealt unread)")
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: read + 800*time.Millisecond})
	if in := d.g.Next(); in.Seat != 2 || in.Due != 1 {
		t.Fatalf("after the card dealt unread confirmed: %v, want the Hit's second card at seat 2", in)
	}
}

// TestHeldExtraNoRiderDealt: "An Extra card modifies a rider", and "To
// play an Extra, lay it on top of the rider you wish to modify,
// overlapping it so the dealer can still read both cards." Seat 2's card
// dealt by hand is said picked up; the Extra dealt to seat 2 as its turn
// begins is held, and the next card, from the deck, comes at once (the
// second of two dealt at once). Seat 2 has no rider, and that card is none
// laid there: shown, the Extra would wait for a rider no faller laid, so
// the hold judges it seat 2's deal, and the next card seat 3's. Before,
// the hold took the Extra for seat 2's card shown, waiting for its rider,
// and the screen asked for the rider, "or r (misread) if there is none":
// the hand stayed in step only if the dealer said misread (messy 1001640
// fell a seat behind on every rule set where the dealer had no word for
// it: an Extra left under the cards dealt on seat 1's card since).
func TestHeldExtraNoRiderDealt(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: read})
	if !d.held.active {
		t.Fatal("the Extra read as seat 2's turn begins is not held")
	}
	d.onCard(hw.CardEvent{UID: uid["Move-2"], Time: read + 50*time.Millisecond})
	if d.held.active {
		t.Fatal("the Extra is still held")
	}
	for c, seat := range map[int]int{4: 2, 2: 3} {
		if w := d.g.Where(c); !inStackAt(d, c, seat) {
			t.Errorf("%s lies at %+v, want dealt to seat %d", d.g.Card(c).ID, w, seat)
		}
	}
	if in := d.g.Next(); in.Seat != 2 {
		t.Errorf("the light asks %v, want seat 2's next turn", in)
	}
	for _, m := range d.View().Messages {
		if strings.Contains(m.Text, "read before its rider") {
			t.Errorf("the dealer was asked for a rider no one laid: %q", m.Text)
		}
	}
}

// TestHeldExtraNoRiderConfirmDealt: as TestHeldExtraNoRiderDealt, but the
// card that comes at once after the Extra held is dealt unread and
// confirmed by hand: "A card confirmed by hand within half a beat of the
// held read" is the deal after a card shown, but a deal brings no rider
// for the Extra ("An Extra card modifies a rider"), so the Extra was seat
// 2's deal, and the card confirmed seat 3's.
func TestHeldExtraNoRiderConfirmDealt(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: read})
	d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: read + 50*time.Millisecond})
	if d.held.active || !inStackAt(d, 4, 2) {
		t.Fatalf("held %v; the Extra lies at %+v, want dealt to seat 2", d.held.active, d.g.Where(4))
	}
	if in := d.g.Next(); in.Seat != 2 {
		t.Errorf("the light asks %v, want seat 2's next turn (seat 3 dealt the card confirmed)", in)
	}
}

// TestMisreadShownAfterAllSaidAgain: the misread that made the Hit judged
// seat 2's deal a card shown after all (TestMisreadHeldRiderJudgedDealt),
// said again at once, takes that back: the Hit is seat 2's deal, as the
// hold judged it (game.ShownTakenBack). No stray card was read, so no
// warning ("a card scanned that should not be there: a warning sound and
// message") is given, and the Hit is again the card just dealt: read again
// before the next beat it is "the same card scanned twice", not a rider
// played at seat 3.
func TestMisreadShownAfterAllSaidAgain(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	d.expireHeld(d.held.until)
	judged := d.g.Next()
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: read + 700*time.Millisecond})
	if d.g.Where(4).Zone != game.AsRider {
		t.Fatalf("after the misread the Hit lies at %+v, want shown at seat 2", d.g.Where(4))
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: read + 800*time.Millisecond})
	if w := d.g.Where(4); !inStackAt(d, 4, 2) || d.g.Next() != judged {
		t.Fatalf("after the misread said again the Hit lies at %+v, the light asks %v; want seat 2's deal, and %v", w, d.g.Next(), judged)
	}
	for _, m := range d.View().Messages {
		if m.Warning {
			t.Errorf("the misread said again warns: %q", m.Text)
		}
	}
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read + 900*time.Millisecond})
	if w := d.g.Where(4); !inStackAt(d, 4, 2) {
		t.Fatalf("the Hit read again at once lies at %+v, want still seat 2's deal", w)
	}
}

// TestHeldExtraNoRiderDealtReadAgain: "the same card scanned twice: a
// warning sound and message, the event is logged, the game state does not
// move" (product.md). The Hit read at once after the Extra held
// (TestHeldExtraNoRiderDealt) is no rider laid at seat 2 but seat 3's
// deal, from the deck; read again before the next beat it is read twice,
// not a rider played on seat 2 from seat 3's stack. (Before, the hold took
// the Extra for one waiting for its rider, and the dealer had to say
// misread to have the Extra dealt and the Hit seat 3's.)
func TestHeldExtraNoRiderDealtReadAgain(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Hit, game.Move, game.Extra, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Extra-4"], Time: read})
	d.onCard(hw.CardEvent{UID: uid["Hit-2"], Time: read + 50*time.Millisecond})
	for c, seat := range map[int]int{4: 2, 2: 3} {
		if w := d.g.Where(c); !inStackAt(d, c, seat) {
			t.Fatalf("%s lies at %+v, want dealt to seat %d", d.g.Card(c).ID, w, seat)
		}
	}
	d.onCard(hw.CardEvent{UID: uid["Hit-2"], Time: read + 400*time.Millisecond})
	if w := d.g.Where(2); !inStackAt(d, 2, 3) {
		t.Fatalf("the Hit read again at once lies at %+v, want still dealt to seat 3", w)
	}
}

// TestMisreadDuringHoldTakesWhatWasOffered: the screen offers the misread
// of one card (View.Misread), and the dealer who presses r means that
// one. The Hit judged seat 2's deal is offered; the dealer reads another
// Hit as seat 3's turn begins, held, and presses r within half a beat. The
// press judges the held read first (the deal), and the card the engine
// would then take back is that new Hit, never offered: made a card shown
// at seat 3, it took the cards of a deal the dealer never said was shown.
// The misread is refused with nothing changed, and the dealer told why.
func TestMisreadDuringHoldTakesWhatWasOffered(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Hit, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	d, uid := pickedUpAtSeat2(t, kinds)
	read := 4 * time.Second
	d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
	d.expireHeld(d.held.until)
	d.onCard(hw.CardEvent{UID: uid["Hit-5"], Time: read + time.Second})
	if !d.held.active || d.View().Misread != "Hit-4" {
		t.Fatalf("held %v, the screen offers misread of %q: want Hit-5 held and Hit-4 offered", d.held.active, d.View().Misread)
	}
	d.control(hw.PanelEvent{Control: hw.ControlMisread, Kernel: read + 1100*time.Millisecond})
	for c, seat := range map[int]int{4: 2, 5: 3} {
		if w := d.g.Where(c); !inStackAt(d, c, seat) {
			t.Errorf("%s lies at %+v, want dealt to seat %d", d.g.Card(c).ID, w, seat)
		}
	}
	warned := false
	for _, m := range d.View().Messages {
		warned = warned || m.Warning && strings.Contains(m.Text, "misread")
	}
	if !warned {
		t.Errorf("the dealer is not told the misread was refused: %+v", d.View().Messages)
	}
}

// TestHoldWaitsForTheDealByHandAfterTheReaderLost: "HIT: After dealing
// normally, deal a second card into each of this player's stacks." Seat
// 2's card dealt by hand is said picked up, and the Hit read from the deck
// as seat 2's turn begins is held. The dealer lays seat 2's first card on
// the reader at once, but the reader has hung: it is reported lost before
// the hold's end, and the dealer, asked to confirm each card from the
// panel, confirms that card a moment after the warning, past the half
// beat. The deal that follows a card shown came, by hand: the Hit was
// shown (real dealer, official seed 57, the reader gone: judged the deal,
// the Ground confirmed after it went to the next seat, which was put out,
// and the table declared the winner). Half a beat after the warning with
// nothing confirmed, the held read is the deal, as half a beat after the
// read would be.
func TestHoldWaitsForTheDealByHandAfterTheReaderLost(t *testing.T) {
	kinds := []game.Kind{game.Move, game.Move, game.Move, game.Move, game.Hit, game.Move, game.Move, game.Move, game.Move, game.Ground, game.Ground}
	for _, tc := range []struct {
		name    string
		confirm bool
		seat    int // the seat the light asks for once the hold is judged
	}{
		{"the deal confirmed", true, 2},
		{"nothing confirmed", false, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, uid := pickedUpAtSeat2(t, kinds)
			read := 4 * time.Second
			d.onCard(hw.CardEvent{UID: uid["Hit-4"], Time: read})
			if !d.held.active {
				t.Fatal("the Hit read as seat 2's turn begins is not held")
			}
			lost := read + 300*time.Millisecond
			d.onStatus(hw.ReaderStatus{State: hw.ReaderLost, Time: lost})
			if want := lost + d.period()/2; d.held.until != want {
				t.Fatalf("the hold ends at %v, want half a beat after the reader was lost (%v)", d.held.until, want)
			}
			// Past the half beat after the read, within the one after the
			// warning.
			at := read + d.period()/2 + 100*time.Millisecond
			if tc.confirm {
				d.control(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at})
			} else {
				d.expireHeld(d.held.until)
			}
			if d.held.active {
				t.Fatal("the held read is still held")
			}
			shown := d.g.Where(4).Zone == game.AsRider
			if in := d.g.Next(); in.Seat != tc.seat || shown != tc.confirm {
				t.Fatalf("the Hit at %+v, the light asks %v; want the Hit shown %v, the light at seat %d", d.g.Where(4), in, tc.confirm, tc.seat)
			}
		})
	}
}
