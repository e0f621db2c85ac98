package messy

import (
	"testing"

	"github.com/falling-table/falling/game"
)

// heldTable plays hands, with the reader often gone so that cards dealt by
// hand are picked up unseen, until a seat's turn begins with a card in the
// assistant's deck that game/dealer would hold if read now
// (game.PlayedUnseen) and for which ok holds: the table, and that card's
// ID.
func heldTable(t *testing.T, ok func(tb *table, id string) bool) (*table, string) {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		tb, err := newTable(Options{Rules: game.Official(), Fallers: 4, Seed: seed, Faults: Only(ReaderGone, 0.3)})
		if err != nil {
			t.Fatal(err)
		}
		for range maxBeats {
			if tb.truth.Over() || tb.seen.Over() {
				break
			}
			if err := tb.fallersAct(); err != nil {
				t.Fatal(err)
			}
			if err := tb.beat(); err != nil {
				t.Fatal(err)
			}
			tb.resolveHold(nil)
			if tb.readerGone > 0 || tb.held > 0 || len(tb.unscanned) > 0 {
				continue
			}
			for c := range tb.seen.NumCards() {
				if tb.seen.Where(c).Zone == game.InDeck && tb.seen.PlayedUnseen(c) != 0 && ok(tb, tb.seen.Card(c).ID) {
					return tb, tb.seen.Card(c).ID
				}
			}
		}
	}
	t.Fatal("no read game/dealer would hold in 200 hands: the test tests nothing")
	return nil, ""
}

// TestHeldReadShownTwice: "the same card scanned twice: a warning sound and
// message, the event is logged, the game state does not move"
// (product.md). A rider shown twice while game/dealer holds its first read
// is warned of and the engine hears nothing of it (game/dealer's onCard:
// "read again before the next beat"); the held read is still held. Shown
// to the engine alone, the second read was taken for the card picked up
// unseen and played there, and the mistake counted missed where the
// dealer catches it.
func TestHeldReadShownTwice(t *testing.T) {
	tb, id := heldTable(t, func(*table, string) bool { return true })
	if !tb.holdIfPlayedUnseen(id) {
		t.Fatalf("%s not held", id)
	}
	before := tb.seen.Digest()
	f := tb.fault(ScanTwice, id, 1)
	tb.probe(f, game.Scan(id))
	if f.Answer != Refused || tb.seen.Digest() != before || !tb.hold.active || tb.hold.id != id {
		t.Fatalf("%s shown again while held: answered %v (%s), engine moved %v, held %+v: want refused, nothing moved, still held",
			id, f.Answer, f.Why, tb.seen.Digest() != before, tb.hold)
	}
	// The same read seen, not probed: nothing moves either.
	if tb.observe(game.Scan(id)) || tb.seen.Digest() != before || !tb.hold.active {
		t.Fatalf("%s read again while held was told to the engine", id)
	}
}

// TestScanNoDealHeld: a card scanned, put back and dealt on the next beat.
// Its first read, one game/dealer would hold (game.PlayedUnseen), is held
// as any other, and with nothing read at once after it, half a beat judges
// it the deal (game.ScanDealt); told to the engine alone it was taken for
// the card picked up unseen and played there, a seat astray that the real
// dealer does not go.
func TestScanNoDealHeld(t *testing.T) {
	// A card the engine, told of a plain read, takes otherwise than dealt.
	tb, id := heldTable(t, func(tb *table, id string) bool {
		a, b := tb.seen.Clone(), tb.seen.Clone()
		return a.Observe(game.Scan(id)) == nil && b.Observe(game.ScanDealt(id)) == nil && a.Digest() != b.Digest()
	})
	c, _ := tb.truth.CardIndex(id)
	want := tb.seen.Clone()
	_ = want.Observe(game.ScanDealt(id))
	tb.opt.Faults = Only(ScanNoDeal, 1)
	tb.read(c)
	if tb.hold.active || tb.seen.Digest() != want.Digest() {
		x, _ := tb.seen.CardIndex(id)
		t.Fatalf("%s scanned and put back: the engine has it %v, held %v: want it judged the deal, as game/dealer judges it", id, tb.seen.Where(x), tb.hold.active)
	}
}

// TestHeldReadKeptThroughPress: a seat's button pressed while game/dealer
// holds a read ends nothing: the dealer judges a held read by the cards
// read, the panel, the reader's coming and going and the half beat
// (flushHeld), never by a button (onButton). The press is the engine's,
// the read still held.
func TestHeldReadKeptThroughPress(t *testing.T) {
	tb, id := heldTable(t, func(*table, string) bool { return true })
	if !tb.holdIfPlayedUnseen(id) {
		t.Fatalf("%s not held", id)
	}
	tb.observe(game.Press(tb.truth.Seat(0)))
	if !tb.hold.active || tb.hold.id != id {
		t.Fatalf("a press judged the held read of %s", id)
	}
}

// TestPressWhileHeldKeptFromTheEngine: game/dealer's claimsUnread keeps
// from the engine a press that would claim a Stop on a Ground dealt unread
// ("To Stop a Ground, play the Stop as the Ground is being dealt to you")
// while it holds a read: the light may not yet ask what it will once that
// read is told. The claim stands until the seat is dealt a card, and told
// to the engine here alone, it let the trial of the next read judge the
// held read dealt where the dealer would not (messy 2007053 french, out of
// step). Without a read held, the same press is told.
func TestPressWhileHeldKeptFromTheEngine(t *testing.T) {
	for _, held := range []bool{false, true} {
		tb, seat := claimTable(t)
		if held {
			// Any read held will do: the press is judged before it.
			tb.hold = heldRead{id: tb.seen.Card(0).ID, seat: seat, active: true}
		}
		n := tb.seen.Applied()
		told := tb.press(seat) && tb.seen.Applied() != n
		if told == held {
			t.Errorf("a read held %v: seat %d's press told to the engine %v, want %v", held, seat, told, !held)
		}
	}
}

// claimTable plays a hand with no mistakes until the light asks a seat for
// a card that can only be a Ground (game.PressUnreadClaim): the
// table, and that seat.
func claimTable(t *testing.T) (*table, int) {
	t.Helper()
	tb, err := newTable(Options{Rules: game.Official(), Fallers: 4, Seed: 1, Faults: Only(Mash, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for range maxBeats {
		if tb.truth.Over() || tb.seen.Over() {
			break
		}
		if in := tb.seen.Next(); in.Action == game.ActDeal && tb.seen.ClaimOf(in.Seat) == game.PressUnreadClaim {
			return tb, in.Seat
		}
		if err := tb.fallersAct(); err != nil {
			t.Fatal(err)
		}
		if err := tb.beat(); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the light never asked for a card that can only be a Ground: the test tests nothing")
	return nil, 0
}
