package game

import (
	"strings"
	"testing"
)

// TestDealtUnscanned: "On each beat the light of the seat to deal to comes
// on ...; the dealer scans and places one card per beat" (product.md). A
// dealer who places one without scanning it and deals on past the light
// that waits for it leaves the next read taken for that card: from then on
// the light asks for the seat just dealt to. The dealer says so
// (DealtUnscanned, said of the card just read): the card dealt unscanned
// becomes a deal confirmed by hand, and the read is read again where the
// light then asks. The hand is then exactly the one where the dealer had
// confirmed the card by hand in its time.
func TestDealtUnscanned(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds []Kind
		// before are the reads before the card dealt unscanned; read is
		// the one taken for it.
		before []string
		read   string
		// next is the light's ask after the read, before and after the
		// dealer says so.
		lag, after Instruction
		blind      int // the faller the card dealt unscanned went to
	}{
		{
			// Seat 1 is dealt Stop-0; seat 2's card goes unscanned; Stop-2,
			// dealt to seat 3, is taken for seat 2's.
			name:   "the next deal",
			kinds:  []Kind{Stop, Stop, Stop, Stop, Ground, Ground},
			before: []string{"stop-0"},
			read:   "stop-2",
			lag:    Instruction{Action: ActDeal, Player: 2, Seat: 3},
			after:  Instruction{Action: ActDeal, Player: 0, Seat: 1},
			blind:  1,
		},
		{
			// The first pass dealt, seat 1 shows a Hit (played on it from
			// seat 2's stack, say: here it is read as the next seat's
			// rider while the light still waits at seat 3). Seat 3's card
			// of the first pass goes unscanned; the Hit read at seat 1's
			// turn is taken for one played on seat 3.
			name:   "the next seat's rider",
			kinds:  []Kind{Stop, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground},
			before: []string{"stop-0", "hit-1"},
			read:   "hit-1",
			lag:    Instruction{Action: ActDeal, Player: 2, Seat: 3, Rider: Hit},
			after:  Instruction{Action: ActDeal, Player: 0, Seat: 1, Rider: Hit},
			blind:  2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, tc.kinds...)
			ref := newObserved(t, 3, tc.kinds...)
			for _, id := range tc.before {
				tb.ok(Scan(id))
				ref.ok(Scan(id))
			}
			tb.ok(Scan(tc.read))
			if in := tb.Next(); in.Player != tc.lag.Player || in.Rider != tc.lag.Rider || in.Action != tc.lag.Action {
				t.Fatalf("the read was not taken for the card dealt unscanned: the light asks %v", in)
			}
			if id, ok := tb.UnscannedBefore(); !ok || id != tc.read {
				t.Fatalf("UnscannedBefore = %q, %v, want %s", id, ok, tc.read)
			}
			seen := len(tb.Inferences())
			tb.ok(DealtUnscanned(tc.read))
			if in := tb.Next(); in.Player != tc.after.Player || in.Rider != tc.after.Rider || in.Action != tc.after.Action {
				t.Fatalf("after the dealer said so the light asks %v, want seat %d", in, tc.after.Seat)
			}
			// The same hand as the one confirmed by hand in its time, but
			// for the inferences, which keep the read's first.
			ref.ok(Confirm())
			ref.ok(Scan(tc.read))
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the dealer said so:\n%s\nconfirmed by hand in its time:\n%s", got, want)
			}
			if inf := tb.Inferences(); inf[seen].Kind != InfBlindDeal || inf[seen].Player != tc.blind {
				t.Fatalf("no blind deal to faller %d after the read's inferences: %+v", tc.blind, inf[seen:])
			}
			if tb.Guesses() != 1 || !tb.Blind(inf(tb, InfBlindDeal)) {
				t.Fatalf("the card dealt unscanned is not a guess: %d guesses", tb.Guesses())
			}
			// Said again of the same read, it is another card dealt
			// unscanned before it.
			if id, ok := tb.UnscannedBefore(); !ok || id != tc.read {
				t.Fatalf("UnscannedBefore after it was said = %q, %v, want %s again", id, ok, tc.read)
			}
		})
	}
}

// TestTwoDealtUnscanned: two cards in a row placed without a scan, the
// dealer dealing on past the light: the read after them is taken for the
// first, and the light is two seats behind. The dealer says "unscanned"
// twice, and the hand is the one with both confirmed by hand in their time.
func TestTwoDealtUnscanned(t *testing.T) {
	kinds := []Kind{Stop, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	ref := newObserved(t, 3, kinds...)
	tb.ok(Scan("stop-0"))
	ref.ok(Scan("stop-0"))
	tb.ok(Scan("stop-3")) // seat 1's second card; seats 2 and 3 got theirs unscanned
	tb.ok(DealtUnscanned("stop-3"))
	if w := tb.Where(tb.index["stop-3"]); w.Player != 2 {
		t.Fatalf("after one unscanned stop-3 is at %+v, want seat 3 (one card is still missing)", w)
	}
	tb.ok(DealtUnscanned("stop-3"))
	ref.ok(Confirm())
	ref.ok(Confirm())
	ref.ok(Scan("stop-3"))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("after the dealer said so twice:\n%s\nconfirmed by hand in their time:\n%s", got, want)
	}
	if in := tb.Next(); in.Player != 1 {
		t.Fatalf("the light asks %v, want seat 2", in)
	}
}

// cards is the hand's state (snapshot) and which cards are guesses, all
// but the inferences.
func cards(g *Game) string {
	s := snapshot(g)
	if i := strings.LastIndex(s, "inferred="); i >= 0 {
		s = s[:i]
	}
	return s + guesses(g)
}

// inf is the card of the last inference of kind k.
func inf(tb *table, k InferenceKind) int {
	xs := tb.Inferences()
	for i := len(xs) - 1; i >= 0; i-- {
		if xs[i].Kind == k {
			return xs[i].Card
		}
	}
	tb.t.Fatalf("no %v inferred", k)
	return -1
}

// TestDealtUnscannedRefused: the dealer's "unscanned" is said of the card
// just read; said of any other card, of none, or once another card has
// been read or confirmed, it is refused with nothing changed ("the game
// state does not move", product.md). The sweeps the beat confirms after
// the read do not end it: the dealer sweeps while the beat moves on.
func TestDealtUnscannedRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []Event // accepted, before the unscanned
		said   string  // the card unscanned is said of
	}{
		{"nothing read yet", nil, "stop-0"},
		{"another card than the one just read", []Event{Scan("stop-0"), Scan("stop-1")}, "stop-0"},
		{"a card not in the deck", []Event{Scan("stop-0")}, "no-such-card"},
		{"a card confirmed by hand since", []Event{Scan("stop-0"), Confirm()}, "stop-0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 2, Stop, Stop, Stop, Ground)
			for _, e := range tc.events {
				tb.ok(e)
			}
			tb.refused(DealtUnscanned(tc.said), RuleCardNotExpected)
		})
	}
	t.Run("a refused read since", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Stop, Stop, Ground)
		tb.ok(Scan("stop-0"))
		tb.ok(Scan("stop-1"))
		tb.refused(Scan("stop-0"), RuleCardNotExpected)
		tb.ok(DealtUnscanned("stop-1"))
		if in := tb.Next(); in.Player != 1 {
			t.Fatalf("after the dealer said so the light asks %v, want seat 2", in)
		}
	})
	t.Run("through the sweep the beat confirmed", func(t *testing.T) {
		// Seat 2's Hit is shown and its two cards dealt; the second goes
		// unscanned, and the card dealt to seat 1 next is taken for it,
		// the Hit swept on the beat. Said then, the card dealt unscanned
		// is the Hit's second, and the read seat 1's.
		tb := newObserved(t, 2, Stop, Hit, Stop, Stop, Stop, Stop, Ground, Ground)
		tb.ok(Scan("stop-0"))
		tb.ok(Scan("hit-1"))
		tb.ok(Scan("stop-2")) // seat 1's second pass
		tb.ok(Scan("hit-1"))  // seat 2's rider
		tb.ok(Scan("stop-3")) // the Hit's first card
		tb.ok(Scan("stop-5")) // taken for the Hit's second (Stop-4 went unscanned)
		if in := tb.Next(); in.Action != ActSweep || in.Player != 1 {
			t.Fatalf("the Hit's two cards are not dealt: %v", in)
		}
		tb.ok(Confirm()) // the beat's sweep
		tb.ok(DealtUnscanned("stop-5"))
		if w := tb.Where(tb.index["stop-5"]); w.Zone != InStack || w.Player != 0 {
			t.Fatalf("Stop-5 is at %+v, want seat 1's stack", w)
		}
		if in := tb.Next(); in.Action != ActDeal || in.Player != 1 {
			t.Fatalf("after the dealer said so the light asks %v, want seat 2", in)
		}
	})
}

// TestMisreadAfterUnscanned: the dealer's "misread" takes back "a card
// scanned that should not be there: ... the game state does not move"
// (product.md). A rider read again by "unscanned" (DealtUnscanned) is a
// read like any other: taken back, the hand is the one just after the
// deal confirmed by hand, not the one the engine had wrongly reached
// before the dealer said "unscanned".
func TestMisreadAfterUnscanned(t *testing.T) {
	kinds := []Kind{Stop, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	ref := newObserved(t, 3, kinds...)
	for _, id := range []string{"stop-0", "hit-1"} {
		tb.ok(Scan(id))
		ref.ok(Scan(id))
	}
	tb.ok(Scan("hit-1")) // taken for a Hit played on seat 3, whose card went unscanned
	tb.ok(DealtUnscanned("hit-1"))
	ref.ok(Confirm()) // seat 3's card, confirmed by hand in its time
	id, ok := tb.ReadToTakeBack()
	if !ok || id != "hit-1" {
		t.Fatalf("ReadToTakeBack = %q, %v: the rider read again cannot be taken back", id, ok)
	}
	tb.ok(NotThereRead("hit-1"))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("the misread after unscanned went back to\n%s\nwant the hand just after the deal confirmed by hand:\n%s", got, want)
	}
}

// TestUnscannedAfterALateRead: "unscanned" is said of a read the light took
// for the card dealt unscanned before it. The Extra read a moment after the
// beat ended its Skip's address (lateRun) is taken for no deal: the light
// goes back to the Skip's seat, it lags no seat behind, and an "unscanned"
// said then is refused with nothing changed, not turned into a card dealt
// by hand to the seat after.
func TestUnscannedAfterALateRead(t *testing.T) {
	tb := newObserved(t, 3, Hit, Stop, Split, Ground, Ground, Skip, Extra)
	tb.stack(1, Skip, Extra) // played unseen on seat 1
	tb.ok(Scan(tb.id(Skip, 0)))
	tb.wantNext(ActSweep, 0)
	tb.ok(Confirm()) // the beat sweeps the Skip
	tb.ok(Scan(tb.id(Extra, 0)))
	tb.wantNext(ActSweep, 0) // the late Extra: back at seat 1
	tb.refused(DealtUnscanned(tb.id(Extra, 0)), RuleCardNotExpected)
}

// TestUnscannedClonesAndReplays: "state + event → new state" (the engine
// is a function): a copy of the hand made between the read and the
// dealer's "unscanned", or between the "unscanned" and a misread of the
// rider it read again, takes each the same way as the hand, and a replay
// of the events from the start reaches the same digest.
func TestUnscannedClonesAndReplays(t *testing.T) {
	kinds := []Kind{Stop, Hit, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	events := []Event{Scan("stop-0"), Scan("hit-1"), Scan("hit-1"), DealtUnscanned("hit-1"), NotThereRead("hit-1"), Scan("hit-1")}
	tb := newObserved(t, 3, kinds...)
	for i, e := range events {
		c := tb.Clone()
		tb.ok(e)
		if err := c.Apply(e); err != nil || c.Digest() != tb.Digest() || cards(c) != cards(tb.Game) {
			t.Fatalf("event %d, %v: the copy made before it: %v, digest %x, want %x", i, e, err, c.Digest(), tb.Digest())
		}
	}
	re := newObserved(t, 3, kinds...)
	for _, e := range events {
		re.ok(e)
	}
	if re.Digest() != tb.Digest() || cards(re.Game) != cards(tb.Game) {
		t.Fatal("the replay differs")
	}
}

// TestUnscannedThroughAPress: "presses at other times carry no move; the
// log keeps them for disputes" (observe1). A faller's button pressed
// between the read and the dealer's "unscanned" moves nothing, and the
// dealer may still say it: the faller dealt the Ground the engine took for
// the seat before presses to claim a Stop, and the dealer's "unscanned"
// must still move the Ground to them.
func TestUnscannedThroughAPress(t *testing.T) {
	tb := newObserved(t, 3, Stop, Stop, Ground, Stop, Stop, Ground)
	tb.ok(Scan("stop-0"))
	tb.ok(Scan("ground-2")) // seat 2's card went unscanned: the Ground is taken for seat 2's
	if in := tb.Next(); in.Action != ActLand || in.Player != 1 {
		t.Fatalf("the Ground is not taken for seat 2's: %v", in)
	}
	tb.ok(Press(3)) // seat 3, dealt the Ground, claims a Stop
	tb.ok(DealtUnscanned("ground-2"))
	if in := tb.Next(); in.Action != ActLand || in.Player != 2 {
		t.Fatalf("after unscanned: %v, want seat 3's Ground landing", in)
	}
}

// TestUnscannedFirstRead: the hand's first card may go unscanned too ("the
// dealer scans and places one card per beat", product.md): the first read,
// taken for seat 1's, is said unscanned, and the hand is the one where
// seat 1's card was confirmed by hand in its time.
func TestUnscannedFirstRead(t *testing.T) {
	kinds := []Kind{Stop, Stop, Stop, Stop, Ground, Ground}
	tb := newObserved(t, 3, kinds...)
	ref := newObserved(t, 3, kinds...)
	tb.ok(Scan("stop-2"))
	tb.ok(DealtUnscanned("stop-2"))
	ref.ok(Confirm())
	ref.ok(Scan("stop-2"))
	if got, want := cards(tb.Game), cards(ref.Game); got != want {
		t.Fatalf("after unscanned:\n%s\nwant:\n%s", got, want)
	}
}

// TestUnscannedNotAfterAStopShown: a Stop shown for the Ground being dealt
// is no deal ("If you receive one of these, you are immediately out" unless
// Stopped): the light lags no seat behind it, and "unscanned" said of it
// is refused with nothing changed.
func TestUnscannedNotAfterAStopShown(t *testing.T) {
	tb := newObserved(t, 2, Stop, Stop, Ground, Stop, Stop, Ground)
	tb.ok(Scan("stop-0"))
	tb.ok(Scan("stop-1"))
	tb.ok(Scan("ground-2")) // seat 1's Ground
	tb.wantNext(ActLand, 0)
	tb.ok(Scan("stop-0")) // seat 1 Stops it with the Stop dealt to them
	tb.refused(DealtUnscanned("stop-0"), RuleCardNotExpected)
}

// TestUnscannedGround: "GROUND: If you receive one of these, you are
// immediately out." A Ground dealt without being scanned, the dealer dealing
// on past it, leaves the next read taken for it; the dealer says
// "unscanned", and the card dealt unscanned is stood in by a plain card,
// the faller still in. Asked for it while it lies on top, the dealer scans
// it (Identify): it is a Ground, dealt unscanned, and no Stop was shown in
// its window, since the dealer dealt on. The faller is out and the read goes
// where the light then asks: the hand is exactly the one where the Ground
// was read in its time and landed.
func TestUnscannedGround(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds []Kind
		// before are the reads before the Ground dealt unscanned (ground);
		// read is the one taken for it.
		before         []string
		ground, read   string
		seat, readSeat int // the Ground's seat, and the read's at the end
		over           bool
	}{
		{
			// Seat 1 is dealt Stop-0; seat 2's Ground goes unscanned; Stop-2,
			// dealt to seat 3, is taken for seat 2's.
			name:   "the next deal",
			kinds:  []Kind{Stop, Ground, Stop, Stop, Ground, Ground},
			before: []string{"stop-0"},
			ground: "ground-1", read: "stop-2",
			seat: 2, readSeat: 3,
		},
		{
			// Two fallers: seat 1's Ground ends the hand. The card dealt on
			// after it belongs to no one.
			name:   "the hand's last Ground",
			kinds:  []Kind{Stop, Stop, Ground, Stop, Stop, Ground},
			before: []string{"stop-0", "stop-1"},
			ground: "ground-2", read: "stop-3",
			seat: 1, over: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 3
			if tc.over {
				n = 2
			}
			tb := newObserved(t, n, tc.kinds...)
			ref := newObserved(t, n, tc.kinds...)
			for _, id := range tc.before {
				tb.ok(Scan(id))
				ref.ok(Scan(id))
			}
			tb.ok(Scan(tc.read))
			tb.ok(DealtUnscanned(tc.read))
			if tb.Out(tb.PlayerAt(tc.seat)) || tb.Guesses() == 0 {
				t.Fatalf("after the dealer's unscanned: seat %d out %v, %d guesses; want in, with a guess", tc.seat, tb.Out(tb.PlayerAt(tc.seat)), tb.Guesses())
			}
			tb.ok(Identify(tc.seat, tc.ground))
			ref.ok(Scan(tc.ground))
			ref.ok(StopClosed())
			if !tc.over {
				ref.ok(Scan(tc.read))
			}
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the Ground was scanned:\n%s\nread in its time:\n%s", got, want)
			}
			if !tb.Out(tb.PlayerAt(tc.seat)) || tb.Guesses() != 0 || tb.Over() != tc.over {
				t.Fatalf("seat %d out %v, %d guesses, over %v", tc.seat, tb.Out(tb.PlayerAt(tc.seat)), tb.Guesses(), tb.Over())
			}
			if w := tb.Where(tb.index[tc.read]); !tc.over && tb.Seat(w.Player) != tc.readSeat {
				t.Fatalf("%s is at %+v, want seat %d", tc.read, w, tc.readSeat)
			}
			if x := inf(tb, InfUnscannedGround); x != tb.index[tc.ground] {
				t.Fatalf("the unscanned Ground is not named: %d", x)
			}
		})
	}
}

// TestUnscannedGroundRefused: only the card the dealer's "unscanned" just
// stood in can turn out a Ground that landed unseen; a Ground read for any
// other card dealt by hand (confirmed as "a card", which a Ground never
// is: the dealer names a Ground dealt), or once a card was read since, is
// refused with nothing changed.
func TestUnscannedGroundRefused(t *testing.T) {
	kinds := []Kind{Stop, Ground, Stop, Stop, Stop, Ground, Ground}
	for _, tc := range []struct {
		name   string
		events []Event
	}{
		{"a card confirmed by hand", []Event{Scan("stop-0"), Confirm()}},
		{"a card read since", []Event{Scan("stop-0"), Scan("stop-2"), DealtUnscanned("stop-2"), Scan("stop-3")}},
		{"a card confirmed since", []Event{Scan("stop-0"), Scan("stop-2"), DealtUnscanned("stop-2"), Confirm()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 3, kinds...)
			for _, e := range tc.events {
				tb.ok(e)
			}
			tb.refused(Identify(2, "ground-1"), RuleCardNotExpected)
		})
	}
}

// TestUnscannedGroundThroughASweep: the sweep the beat confirms, and a
// button pressed, between the read and the dealer's "unscanned", or
// between it and the scan of the card dealt unscanned, end neither.
func TestUnscannedGroundThroughASweep(t *testing.T) {
	// "HIT: After dealing normally, deal a second card into each of
	// this player's stacks." Seat 3 shows a Hit; its second card is a
	// Ground dealt unscanned, and Stop-7, dealt on to seat 1, is taken
	// for it; the beat sweeps the Hit. The dealer says "unscanned"
	// (the sweep does not end it): Stop-7 is seat 1's, and a faller
	// presses. Scanned, the Ground lands seat 3.
	tb := newObserved(t, 3, Stop, Stop, Hit, Stop, Stop, Stop, Ground, Stop, Stop, Stop, Ground, Ground)
	for _, id := range []string{"stop-0", "stop-1", "hit-2", "stop-3", "stop-4", "hit-2", "stop-5", "stop-7"} {
		tb.ok(Scan(id))
	}
	if in := tb.Next(); in.Action != ActSweep || in.Player != 2 {
		t.Fatalf("the light asks %v, want seat 3's sweep", in)
	}
	tb.ok(Confirm()) // the Hit's sweep, on the beat
	tb.ok(DealtUnscanned("stop-7"))
	tb.ok(Press(2))
	tb.ok(Identify(3, "ground-6"))
	if !tb.Out(2) || tb.Seat(tb.Where(tb.index["stop-7"]).Player) != 1 {
		t.Fatalf("seat 3 out %v, stop-7 at %+v", tb.Out(2), tb.Where(tb.index["stop-7"]))
	}
}

// TestUnscannedWhereOnlyGroundsAreLeft: "There are only five Ground cards":
// once nothing else is left in the deck, the card dealt unscanned was a
// Ground, and the dealer dealt on past it, so it landed. The stand-in is a
// Ground, never the very card read after it, and if it ends the hand the
// read belongs to no one.
func TestUnscannedWhereOnlyGroundsAreLeft(t *testing.T) {
	t.Run("it lands, and the read is the next seat's Ground", func(t *testing.T) {
		tb := newObserved(t, 3, Stop, Stop, Stop, Ground, Ground, Ground)
		for _, id := range []string{"stop-0", "stop-1", "stop-2"} {
			tb.ok(Scan(id))
		}
		tb.ok(Scan("ground-5")) // seat 1's Ground, dealt unscanned; this is seat 2's, the very card the engine would stand in
		tb.ok(DealtUnscanned("ground-5"))
		if !tb.Out(0) {
			t.Fatal("seat 1 is not out: the Ground dealt unscanned did not land")
		}
		if in := tb.Next(); in.Action != ActLand || in.Player != 1 {
			t.Fatalf("the light asks %v, want seat 2's Ground landing", in)
		}
		if p, c, ground, ok := tb.PendingDeal(); !ok || !ground || p != 1 || tb.Card(c).ID != "ground-5" {
			t.Fatalf("pending %d %d %v %v, want ground-5 at seat 2", p, c, ground, ok)
		}
	})
	t.Run("it ends the hand", func(t *testing.T) {
		tb := newObserved(t, 2, Stop, Stop, Ground, Ground)
		tb.ok(Scan("stop-0"))
		tb.ok(Scan("stop-1"))
		tb.ok(Scan("ground-2")) // seat 1's Ground went unscanned: this was dealt after the end
		tb.ok(DealtUnscanned("ground-2"))
		if !tb.Over() || tb.Seat(tb.Winner()) != 2 {
			t.Fatalf("over %v, winner seat %d: want seat 2", tb.Over(), tb.Seat(tb.Winner()))
		}
		if id, ok := tb.UnscannedBefore(); ok {
			t.Fatalf("unscanned still offered of %s after the hand ended", id)
		}
	})
}

// TestUnscannedGroundThenAGround: "GROUND: If you receive one of these,
// you are immediately out." Near the deck's end a Ground often follows a
// Ground. Seat 2's Ground goes unscanned, and Ground-2, dealt on to seat
// 3, is read and taken for seat 2's. The dealer says "unscanned": Ground-2
// is seat 3's, and its Stop window opens there. The dealer is asked for the
// card dealt by hand only once that window has closed (a read in it would
// be a Stop shown), so its close, and the buttons pressed in it, must not
// end the time the card "unscanned" stood in may turn out a Ground: both
// land, as if each was read in its time.
func TestUnscannedGroundThenAGround(t *testing.T) {
	kinds := []Kind{Stop, Ground, Ground, Stop, Stop, Stop, Stop, Stop, Ground, Ground}
	for _, tc := range []struct {
		name  string
		after []Event // between the "unscanned" and the scan of the card it stood in
	}{
		{"in the read's window", nil},
		{"the read's window closed", []Event{StopClosed()}},
		{"a claim pressed, and the window closed", []Event{Press(3), StopClosed()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 4, kinds...)
			ref := newObserved(t, 4, kinds...)
			tb.ok(Scan("stop-0"))
			tb.ok(Scan("ground-2"))
			tb.ok(DealtUnscanned("ground-2"))
			for _, e := range tc.after {
				tb.ok(e)
			}
			tb.ok(Identify(2, "ground-1"))
			ref.ok(Scan("stop-0"))
			ref.ok(Scan("ground-1"))
			ref.ok(StopClosed())
			ref.ok(Scan("ground-2"))
			if len(tc.after) > 0 {
				ref.ok(StopClosed())
			}
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the Ground was scanned:\n%s\nread in its time:\n%s", got, want)
			}
			if id, ok := tb.UnscannedBefore(); ok {
				t.Fatalf("unscanned offered of %s once the card it stood in landed", id)
			}
		})
	}
}

// TestGroundDealtUnscanned: "GROUND: If you receive one of these, you are
// immediately out." Seat 3 shows a Hit; its first card is a Ground dealt
// unscanned, and Ground-6, dealt on to seat 1, is read and taken for it.
// Said "unscanned" with no name, a plain card stands in for the card dealt
// unscanned (never a Ground while another is left), and Ground-6 is taken
// for the Hit's second card: seat 3's Ground, a seat behind the table. The
// dealer who saw a Ground names it: one of the deck's Grounds stands in and
// lands (the dealer dealt on past it: no Stop was shown), and Ground-6 is
// seat 1's Ground. Any other kind named is refused with nothing changed.
func TestGroundDealtUnscanned(t *testing.T) {
	kinds := []Kind{Stop, Stop, Hit, Stop, Stop, Ground, Ground, Stop, Stop}
	dealing := func(t *testing.T) *table {
		tb := newObserved(t, 3, kinds...)
		for _, id := range []string{"stop-0", "stop-1", "hit-2", "stop-3", "stop-4", "hit-2", "ground-6"} {
			tb.ok(Scan(id))
		}
		if in := tb.Next(); in.Action != ActLand || in.Player != 2 {
			t.Fatalf("the light asks %v, want seat 3's Ground landing", in)
		}
		return tb
	}
	t.Run("named a Ground", func(t *testing.T) {
		tb := dealing(t)
		tb.ok(GroundDealtUnscanned("ground-6"))
		if !tb.Out(2) {
			t.Error("seat 3 is not out: the Ground dealt unscanned did not land")
		}
		if in := tb.Next(); in.Action != ActLand || in.Player != 0 {
			t.Errorf("the light asks %v, want seat 1's Ground", in)
		}
		if p, c, ground, ok := tb.PendingDeal(); !ok || !ground || p != 0 || tb.Card(c).ID != "ground-6" {
			t.Errorf("pending %d %d %v %v, want ground-6 at seat 1", p, c, ground, ok)
		}
	})
	t.Run("not named", func(t *testing.T) {
		// What the name changes: a plain card stands in, and the read is
		// the Hit's second card.
		tb := dealing(t)
		tb.ok(DealtUnscanned("ground-6"))
		if tb.Out(2) {
			t.Error("seat 3 is out, though nothing said its card dealt unscanned was a Ground")
		}
		if in := tb.Next(); in.Action != ActLand || in.Player != 2 {
			t.Errorf("the light asks %v, want seat 3's Ground (the read taken for the Hit's second card)", in)
		}
	})
	t.Run("named another kind", func(t *testing.T) {
		tb := dealing(t)
		tb.refused(Event{Kind: EvUnscanned, Card: "ground-6", As: Hit}, RuleBadEvent)
	})
}

// TestGroundNamedPastTheLastGround: "Shuffle the rest of the cards, and
// put the Grounds at the bottom", and "there is an unlimited supply of
// ground" (rulebook). Seat 1's card of the second pass goes unscanned and
// is never said: the two Grounds read after it are taken for seats 1 and
// 2's (at the table they went to seats 2 and 3: the engine is a seat
// behind, and a dealer laying the next card at seat 4 under seat 3's light
// would see it), and the engine still believes that card in the deck. The
// engine rule pinned here holds whatever the seat: the light asks seat 3
// for a card, the dealer names a Ground, and with the Grounds at the
// bottom and none left the deck is empty, whatever the engine believes
// left above them: the Ground is imaginary, and the seat hits the ground.
// TestGroundNamedPastTheLastGroundLagHidden is the table where the light
// and the dealer agree on the seat.
func TestGroundNamedPastTheLastGround(t *testing.T) {
	tb := newObserved(t, 4, Stop, Stop, Stop, Stop, Stop, Ground, Ground)
	for _, id := range []string{"stop-0", "stop-1", "stop-2", "stop-3", "ground-5"} {
		tb.ok(Scan(id))
	}
	tb.ok(StopClosed())
	tb.ok(Scan("ground-6"))
	tb.ok(StopClosed())
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 3 || in.Imaginary {
		t.Fatalf("the light asks %v, want a card for seat 3 (stop-4 believed in the deck)", in)
	}
	tb.ok(ConfirmAs(Ground))
	if in := tb.Next(); in.Action != ActLand || in.Seat != 3 {
		t.Fatalf("after the Ground named the light asks %v, want seat 3's Ground landing", in)
	}
	tb.ok(StopClosed())
	if !tb.Out(2) || tb.ImaginaryGrounds() != 1 {
		t.Fatalf("seat 3 out %v, %d imaginary Grounds: want out, one", tb.Out(2), tb.ImaginaryGrounds())
	}
	if w := tb.Where(4); w.Zone != InDeck {
		t.Fatalf("stop-4, dealt unseen, is at %v: want it left where the engine had it, for the audit to name", w)
	}
}

// TestGroundNamedPastTheLastGroundLagHidden: "Shuffle the rest of the
// cards, and put the Grounds at the bottom", and "there is an unlimited
// supply of ground" (rulebook). Seat 1's Hit: its first card (stop-4) goes
// unscanned, its second, ground-5, is read and taken for the first. Seat 1
// is out either way ("You don't deal to her"), so the lights and the table
// agree on every seat after it, and the engine still believes stop-4 in
// the deck. Seat 2 gets the last Ground; the dealer's deck is empty and
// seat 3 is owed an imaginary Ground, but the light asks seat 3 for a
// card. The dealer names it a Ground: seat 3 is out and seat 4 wins, as at
// the table. Refused, a plain confirmation would stand stop-4 in, seat 3
// would stay in, seat 4 would take the next (imaginary) Ground, and the
// assistant would name seat 3 the winner.
func TestGroundNamedPastTheLastGroundLagHidden(t *testing.T) {
	tb := newObserved(t, 4, Hit, Move, Move, Move, Stop, Ground, Ground)
	for _, id := range []string{"hit-0", "move-1", "move-2", "move-3", "hit-0"} {
		tb.ok(Scan(id)) // the last: seat 1's Hit, shown at its turn
	}
	tb.ok(Scan("ground-5")) // the Hit's second card: stop-4 went unscanned
	tb.ok(StopClosed())
	tb.ok(Scan("ground-6")) // seat 2
	tb.ok(StopClosed())
	if in := tb.Next(); in.Action != ActDeal || in.Seat != 3 || in.Imaginary {
		t.Fatalf("the light asks %v, want a card for seat 3 (stop-4 believed in the deck)", in)
	}
	tb.ok(ConfirmAs(Ground))
	tb.ok(StopClosed())
	if in := tb.Next(); in.Action != ActOver || in.Seat != 4 {
		t.Fatalf("the light shows %v, want seat 4 the winner, as at the table", in)
	}
}

// TestUnscannedAfterAWindowDealtOn: "GROUND: If you receive one of these,
// you are immediately out", and "To Stop a Ground, play the Stop as the
// Ground is being dealt to you." Near the deck's end Grounds come in a
// row: seat 1's Ground is read and its Stop window opens; the dealer deals
// on past it, seat 2's card (a Ground) unscanned, and seat 3's is read. The
// read, no Stop, lands seat 1's Ground and is taken for seat 2's card: the
// light lags a seat behind. The dealer says so ("unscanned", or "landed"
// naming the card dealt unscanned a Ground): the read landed seat 1's
// Ground and stays so, and the hand is the one where each card was read or
// confirmed in its time. Before, both were refused ("no card was due
// before it"), leaving the light a seat behind for the rest of the hand.
func TestUnscannedAfterAWindowDealtOn(t *testing.T) {
	kinds := []Kind{Stop, Stop, Stop, Stop, Ground, Ground, Ground, Stop, Stop, Stop}
	pass := []string{"stop-0", "stop-1", "stop-2", "stop-3", "ground-4"}
	for _, tc := range []struct {
		name string
		said []Event // after the read of stop-7
		ref  []Event // the same cards, read or confirmed in their time
		out  []int   // the fallers out after it
	}{
		{"landed", []Event{GroundDealtUnscanned("stop-7")},
			[]Event{StopClosed(), ConfirmAs(Ground), StopClosed(), Scan("stop-7")}, []int{0, 1}},
		{"unscanned", []Event{DealtUnscanned("stop-7")},
			[]Event{StopClosed(), Confirm(), Scan("stop-7")}, []int{0}},
		{"unscanned, then the card scanned a Ground", []Event{DealtUnscanned("stop-7"), Identify(2, "ground-5")},
			[]Event{StopClosed(), Scan("ground-5"), StopClosed(), Scan("stop-7")}, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newObserved(t, 4, kinds...)
			ref := newObserved(t, 4, kinds...)
			for _, id := range pass {
				tb.ok(Scan(id))
				ref.ok(Scan(id))
			}
			tb.wantNext(ActLand, 0)
			tb.ok(Scan("stop-7")) // dealt on past seat 1's window: it lands
			if !tb.Out(0) || tb.Seat(tb.Where(tb.index["stop-7"]).Player) != 2 {
				t.Fatalf("the read did not land seat 1 and go to seat 2: out %v, at %+v", tb.Out(0), tb.Where(tb.index["stop-7"]))
			}
			for _, e := range tc.said {
				tb.ok(e)
			}
			for _, e := range tc.ref {
				ref.ok(e)
			}
			if got, want := cards(tb.Game), cards(ref.Game); got != want {
				t.Fatalf("after the dealer said so:\n%s\nin their time:\n%s", got, want)
			}
			for _, p := range tc.out {
				if !tb.Out(p) {
					t.Errorf("seat %d is not out", tb.Seat(p))
				}
			}
		})
	}
}
