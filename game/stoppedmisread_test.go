package game

import "testing"

// TestStoppedUnreadMisread: "Stop can also repel a Ground", and "To Stop a
// Ground, play the Stop as the Ground is being dealt to you. The dealer
// keeps the Ground, and you discard the Stop." The engine takes a Stop
// read just after its seat's press, where only a Ground can be dealt
// there, for that faller's Stop on a Ground dealt unread
// (OnlyGroundsDue). Its deck can be wrong: here a deal confirmed by hand
// that the dealer never made counted a Move out, so the engine believes
// the deck all Grounds while the table's still holds a Stop. The faller
// presses early, the dealer deals them that Stop, and it is read. The
// screen says "seat 2 Stops a Ground dealt unread"; the dealer, who dealt
// no Ground, says misread, and the Stop is no longer spent: the card dealt
// to seat 2 after all, or, where the engine had stood it in for the deal
// confirmed by hand, its read taken back as it was refused before a press
// could make it a Stop spent. Left spent, it would be refused when seat 2
// shows it at their own Ground, and an honest faller would be out.
func TestStoppedUnreadMisread(t *testing.T) {
	for _, tc := range []struct {
		name    string
		misread bool
	}{
		{"misread: the Stop is no longer spent", true},
		{"no misread yet: taken for a Ground Stopped, misread offered", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, Move, Move, Move, Move, Move, Stop, Stop, Stop, Ground, Ground, Ground, Ground)
			tb.stack(0, Move)
			tb.stack(1, Move)
			tb.stack(1, Move)
			tb.stack(2, Move)
			tb.give(0, Stop)
			tb.give(2, Stop)
			var move, stop string
			for _, c := range tb.deck {
				switch tb.cards[c].Kind {
				case Move:
					move = tb.cards[c].ID
				case Stop:
					stop = tb.cards[c].ID
				}
			}
			tb.ok(Scan(move)) // seat 1's deal
			tb.ok(Confirm())  // seat 2's, confirmed by hand: the dealer dealt nothing
			if !tb.OnlyGroundsDue() {
				t.Fatal("the engine does not believe its deck all Grounds: the case is not made")
			}
			tb.wantNext(ActDeal, 1)
			tb.ok(Press(2))   // seat 2, early
			tb.ok(Scan(stop)) // the Stop the dealer really dealt seat 2
			c := tb.index[stop]
			if w := tb.Where(c); w.Zone != InDiscard {
				t.Fatalf("the Stop at %+v: want it taken for seat 2's Stop on a Ground, discarded", w)
			}
			id, ok := tb.ReadToTakeBack()
			if !ok || id != stop {
				t.Fatalf("misread offers %q %v: want %s", id, ok, stop)
			}
			if !tc.misread {
				return
			}
			n := len(tb.Inferences())
			tb.ok(NotThereRead(stop))
			x := tb.Inferences()[n:]
			if len(x) == 0 || x[len(x)-1].Card != c {
				t.Fatalf("inferences %v: want the Stop's read dealt after all or taken back", x)
			}
			switch x[len(x)-1].Kind {
			case InfDealtAfterAll:
				if w := tb.Where(c); w.Zone != InStack || w.Player != 1 {
					t.Fatalf("the Stop at %+v, dealt after all: want it in seat 2's stack", w)
				}
			case InfReadTakenBack:
				// The engine had stood this Stop in for the deal
				// confirmed by hand: read again as a deal it is refused,
				// as it was before a press could make it a Stop spent.
				// The dealer confirms by hand what they dealt.
				tb.ok(Confirm())
			default:
				t.Fatalf("inferences %v: want the Stop's read dealt after all or taken back", x)
			}
			if w := tb.Where(c); w.Zone == InDiscard {
				t.Fatalf("the Stop at %+v after the misread: want it no longer spent", w)
			}
			if _, ok := tb.ReadToTakeBack(); ok && x[len(x)-1].Kind == InfDealtAfterAll {
				t.Error("misread offered again at once: want nothing left to take back")
			}
		})
	}
}
