package messy

import (
	"encoding/json"
	"flag"
	"slices"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// hands is how many hands each run plays: a few hundred in `make test`,
// 10,000 for the figures (go test ./game/messy -messy.hands=10000 -v).
var hands = flag.Int("messy.hands", 200, "hands per rule set in the messy-table runs")

// rate is how often each kind of mistake happens in the mixed runs: at
// every occasion for it, so a hand of 50 deals sees several of each.
const rate = 0.02

func ruleSet(t testing.TB, name string) (game.Rules, game.DeckSpec) {
	t.Helper()
	opt, deck, err := game.RuleSet(name)
	if err != nil {
		t.Fatal(err)
	}
	return opt, deck
}

// playedAsItIs plays hand seed under rules with every mistake at the
// tests' rate and this table's dealer as it is now (not an olderDealer,
// playedHand), its fallers as a run gives them, and fails t unless it ends
// in step with an honest table.
func playedAsItIs(t *testing.T, rules string, seed uint64) *table {
	t.Helper()
	opt, deck := ruleSet(t, rules)
	tb, err := newTable(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate)})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.play(); err != nil {
		t.Fatal(err)
	}
	if tb.hand.OutOfStep || tb.hand.Diverged {
		t.Fatalf("out of step %v, diverged %v", tb.hand.OutOfStep, tb.hand.Diverged)
	}
	return tb
}

func logFigures(t *testing.T, fig Figures) {
	t.Helper()
	b, err := json.MarshalIndent(fig, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", b)
}

// TestCleanTableAccusesNoOne: a table where nobody makes a mistake ends
// every hand, breaks no invariant and the audit accuses no one: "plays
// that were impossible (a card played while buried under a card that
// never left the stack) are reported", and only those.
func TestCleanTableAccusesNoOne(t *testing.T) {
	for _, name := range game.RuleSetNames() {
		t.Run(name, func(t *testing.T) {
			opt, deck := ruleSet(t, name)
			fig, err := Run(RunOptions{Rules: opt, Deck: deck, Hands: *hands, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if fig.Panics+fig.Invariants+fig.Unfinished+fig.Accusations+fig.Diverged+fig.Refusals+fig.OutOfStep+fig.OutOfStepFindings > 0 {
				logFigures(t, fig)
				t.Fatalf("a clean table: %d panics, %d invariant breaks, %d unfinished, %d accusations, %d diverged, %d refusals, %d out of step",
					fig.Panics, fig.Invariants, fig.Unfinished, fig.Accusations, fig.Diverged, fig.Refusals, fig.OutOfStep)
			}
			t.Logf("%s: %d clean hands, no accusation", name, fig.Hands)
		})
	}
}

// TestMessyTableHolds: every kind of mistake at once, and the assistant
// never panics, never breaks an invariant, always ends the hand and never
// accuses anyone the mistakes do not explain.
func TestMessyTableHolds(t *testing.T) {
	for _, name := range game.RuleSetNames() {
		t.Run(name, func(t *testing.T) {
			opt, deck := ruleSet(t, name)
			fig, err := Run(RunOptions{Rules: opt, Deck: deck, Hands: *hands, Seed: 2, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			if testing.Verbose() {
				logFigures(t, fig)
			}
			if fig.Panics+fig.Invariants+fig.Unfinished+fig.Accusations > 0 {
				t.Fatalf("%d panics, %d invariant breaks, %d unfinished, %d false accusations: %q",
					fig.Panics, fig.Invariants, fig.Unfinished, fig.Accusations, fig.Failures)
			}
			made := 0
			for _, k := range fig.Kinds {
				made += k.Made
			}
			if made == 0 {
				t.Fatal("no mistake was made")
			}
		})
	}
}

// TestFaultAnswers is each mistake alone, and the answer decided for it:
// how the assistant catches it, and how often it must.
func TestFaultAnswers(t *testing.T) {
	cases := []struct {
		kind Kind
		// want are the answers allowed; min the share caught.
		want []Answer
		min  float64
		why  string
	}{
		{StrayTag, []Answer{Refused}, 1, `"Unknown card UID ...: a warning sound and message, the event is logged, the game state does not move."`},
		// The dealer sees the card's face: a Ground is confirmed as one,
		// so its Stop window opens ("If you receive one of these, you are
		// immediately out"). Any other card is "a card": the engine stands
		// in a deck card of its own choosing, and when the guess is wrong
		// and the real card turns up (dealt, or played as a rider) the
		// engine can fall a seat behind (see the engine gaps reported);
		// in a hand already out of step, the confirmation may be refused.
		{ReaderMiss, []Answer{Named, Audited}, 0.95, "a deal confirmed by hand stands for a card the engine did not see (a blind deal); a Ground named by hand is dealt as a Ground"},
		{ReaderGone, []Answer{Named}, 1, "while the reader is lost every deal is confirmed by hand and named a blind deal, every rider shown named by its kind"},
		// "when the dealer reaches a player with a rider, they scan it"
		// (product.md): missed, the dealer names its kind from the panel
		// and the engine obeys it. Which card it was the engine guesses
		// (game riderStandIn); a wrong guess, shown later as another
		// seat's rider, is refused "swept already" and the hand falls out
		// of step (see the report of that engine gap).
		{ReaderMissRider, []Answer{Named, Audited}, 0.99, "a rider or Extra the reader missed is named by the dealer and obeyed"},
		// The dealer's "not there" has the last word, so one said of a
		// stack that is there leaves the seat a card short; its faller
		// points at it and the dealer takes it back (game.ThereAfterAll).
		{FalseGone, []Answer{Named}, 1, "a stack reported gone that is there: the dealer takes it back, and the hand is as before"},
		{ScanTwice, []Answer{Refused}, 1, "a rider shown twice at one address is seen already"},
		{ForgetSweep, []Answer{Refused}, 0.9, "a rider swept on the last pass shown again is refused: the dealer is told it was swept"},
		{SecondExtra, []Answer{Refused}, 1, `"A rider can only have one Extra at a time, so if a rider already has one Extra on it, you can't give it another one."`},
		{ClaimNoStop, []Answer{Refused}, 0.9, "a Stop claimed for a seat with no Stop the engine knows of is refused (one played unseen is not known to be gone)"},
		// "You can only affect riders once they are in play; you can
		// never mess with the cards in someone's stack." Only the faller
		// a Ground is dealt to may Stop it, so a Stop shown in its window
		// is theirs, and one the engine saw dealt to another faller's
		// stack is refused (game TestStopReadFromAnothersStack).
		{FromAnothersStack, []Answer{Refused}, 1, "a Stop shown in a Ground's window from the top of another faller's stack is refused"},
		// The dealer deals on without a look at the light waiting for the
		// card; once the next card is read the light asks again for the
		// seat just dealt to, and the dealer says the card before went
		// unscanned (game.DealtUnscanned). A Ground dealt unscanned, or a
		// light that happens to agree, is left to the audit.
		{DealUnscanned, []Answer{Named, Audited}, 0.95, "the dealer says so when the light lags (a blind deal stands in); else the card is found at the audit where the engine believed the deck"},
		// A card read where it cannot be is refused; one taken for a
		// rider, or an Extra waiting for its rider, at the seat reached is
		// taken back when the dealer finds none there and says so, the
		// panel naming the read (game.NotThere) even where the light deals
		// into a stack that is there.
		{StrayCard, []Answer{Refused, Named, Audited, Unseen}, 0.95, `"Unknown card UID, the same card scanned twice, a card scanned that should not be there: a warning sound and message, the event is logged, the game state does not move" (product.md)`},
		// A second rider taken for the next seat's, where it does not lie,
		// is taken back as a stray card is.
		{SecondRider, []Answer{Refused, Named, Audited, Unseen}, 0.9, `"as long as that person doesn't already have one"`},
		// The engine alone; at the table the dealer also refuses a card
		// read again before the next beat (dealer
		// TestReadAgainBeforeTheNextBeat), which the messy table does not
		// run. Read again at the next seat's turn it is a rider (or an
		// Extra) that seat could have been given, taken back when the
		// dealer finds none there.
		{ReadTwice, []Answer{Refused, Named, Audited}, 1, `"Unknown card UID, the same card scanned twice, a card scanned that should not be there: a warning sound and message, the event is logged, the game state does not move" (product.md)`},
		{ScanNoDeal, []Answer{Refused, Named, Audited}, 1, "as ReadTwice"},
		// "You can only pick up the top card of your stack. This means that
		// once a card has been buried, you can't play it, unless you first
		// play all the cards on top of it." The audit names it only when
		// the log proves it: the faller's hand provably busy from before
		// the covering card was dealt until the card turned up. A faller
		// who may have picked it up in time and held it explains the rest,
		// so few are proved; this seed's run proves one, end to end.
		{BuriedPlay, []Answer{Audited}, 0.001, "buried plays the log proves are named by the audit"},
		// Cards lying where the rules cannot put them (physical.go): live
		// the table shows nothing, since the reader cannot tell which seat a
		// card lies at; the audit, which "closes the books: every card is
		// accounted for", scans seat by seat and finds it at the wrong one.
		{WrongSeat, []Answer{Audited}, 1, "a card dealt in front of another seat is found there by the audit's scan"},
		{SkipSeat, []Answer{Audited}, 1, "a skipped seat's card is found at the next seat by the audit's scan"},
		{KnockedOver, []Answer{Audited}, 1, "a card slid off a knocked-over stack is found at the next seat by the audit's scan"},
		// The engine alone: the second read is refused, or taken as the
		// next deal and then found at the audit (not once it is played).
		// At the table the dealer, who has the clock, warns of it before
		// the engine hears of it (dealer TestTwoDealtAtOnce).
		{TwoAtOnce, []Answer{Refused, Named, Audited, Unseen}, 0.8, "the second card of two dealt at once is refused or found at the audit where the engine did not put it"},
		// The rider left behind is shown again at the seat's next address
		// and refused as swept already, so the dealer sweeps it; a hand
		// that ends first has both riders found where the assistant did
		// not put them. (Official rules only: the truth loses the other
		// rider by a Stop, see wrongSweep.)
		{WrongSweep, []Answer{Refused, Audited}, 1, "a rider left behind is swept already; at the audit both riders are found where the engine did not believe them"},
		// "Once the dealer is addressing a player, no one can affect the
		// deal by meddling with the rider, either with a Move, Stop, or
		// Extra." The dealer deals by the rider shown and finds nothing to
		// sweep; the rider turns up at its new seat as one swept already.
		{MidAddressMove, []Answer{Refused, Audited}, 1, "a rider Moved while its seat is addressed is shown at its new seat as swept already, or found there by the audit"},
		// "Deal the cards face up into stacks in front of each player":
		// two dealt as one, the reader reads one; the other lies unread
		// in front of the seat, and every later card comes one deal early
		// (the assistant, which deals whatever card is read, follows the
		// lights). Only the audit's scan finds it, believed in the deck;
		// should the dealer's deck run out first, the lights ask for a
		// card the dealer does not have, and the deal confirmed by hand is
		// named a blind deal.
		{TwoAsOne, []Answer{Audited, Named}, 1, "the unread card of two dealt as one is found by the audit in front of the seat, believed in the deck"},
		// "You can only pick up the top card of your stack ... you can
		// never mess with the cards in someone's stack." A stack knocked
		// over and gathered back in another order shows nothing to the
		// reader, but the table sees it fall and the dealer says so: its
		// faller may then play a card the assistant saw buried, which
		// the audit must not take for a buried play.
		{Regathered, []Answer{Named}, 1, "the dealer says the stack was knocked over (game.Knocked); the audit judges no play by its order"},
		// "You can't use a Move to move a rider between two other
		// players." At the table it is a legal Move: the rider turns up
		// at its new seat, a Move is on the discard pile. Invisible, and
		// never a reason to name anyone (TestMoveBetweenOthersNamesNoOne).
		{MoveOthers, nil, 0, "a Move between two other fallers looks like a legal Move: not caught, and no one is named for it"},
		{HoldButton, []Answer{Harmless}, 1, "a held button is one press (the button service reports edges), and a press with no Ground dealt to the seat carries no move"},
		{PressLate, []Answer{Harmless}, 1, "a press with no Ground dealt to the seat carries no move"},
		{PressOther, []Answer{Harmless}, 1, "a press with no Ground dealt to the seat carries no move"},
		{Mash, []Answer{Harmless}, 1, "a press with no Ground dealt to the seat carries no move"},
	}
	// These must never take the hand out of step, so that every audit
	// finding in their hands counts as an accusation: their proof that no
	// one is accused wrongly is not weakened.
	inStep := map[Kind]bool{FalseGone: true, WrongSeat: true, SkipSeat: true, KnockedOver: true, TwoAtOnce: true, TwoAsOne: true, Regathered: true, MoveOthers: true, HoldButton: true, MidAddressMove: true, WrongSweep: true, FromAnothersStack: true}
	opt, deck := ruleSet(t, "official")
	for _, c := range cases {
		t.Run(c.kind.String(), func(t *testing.T) {
			if slices.Contains(c.want, Unseen) != readAsDeal[c.kind] {
				t.Fatalf("Unseen in want %v, but the table judges %v Unseen: %v (readAsDeal)", c.want, c.kind, readAsDeal[c.kind])
			}
			r, n := 0.1, 100
			if c.kind == BuriedPlay {
				r, n = 0.5, 400 // it needs two cards dealt to one stack
			}
			fig, err := Run(RunOptions{Rules: opt, Deck: deck, Hands: n, Seed: 3, Faults: Only(c.kind, r)})
			if err != nil {
				t.Fatal(err)
			}
			if fig.Panics+fig.Invariants+fig.Unfinished+fig.Accusations > 0 {
				t.Fatalf("%d panics, %d invariant breaks, %d unfinished, %d false accusations: %q",
					fig.Panics, fig.Invariants, fig.Unfinished, fig.Accusations, fig.Failures)
			}
			if inStep[c.kind] && fig.OutOfStep > 0 {
				t.Fatalf("%d hands out of step (%d audit findings in them): %s must leave the assistant in step with the table", fig.OutOfStep, fig.OutOfStepFindings, c.kind)
			}
			var kf KindFigures
			for _, k := range fig.Kinds {
				if k.Kind == c.kind.String() {
					kf = k
				}
			}
			if kf.Made == 0 {
				t.Fatalf("%v never happened in %d hands", c.kind, n)
			}
			// Unseen, a miss the table proves nothing could catch, is
			// in want only for the kinds whose read an honest table can
			// give as a deal (readAsDeal, unseen.go).
			allowed := map[string]bool{Missed.String(): true}
			for _, a := range c.want {
				allowed[a.String()] = true
			}
			for a, n := range kf.Answers {
				if !allowed[a] {
					t.Errorf("%d answered %q: want %v (%s)", n, a, c.want, c.why)
				}
			}
			if kf.Rate < c.min {
				t.Errorf("caught %d of %d (%.2f): want at least %.2f (%s); missed: %q", kf.Caught, kf.Made, kf.Rate, c.min, c.why, kf.Examples)
			}
		})
	}
}

// TestBadOptions: a run that cannot be played says why.
func TestBadOptions(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	for _, o := range []RunOptions{
		{Rules: opt, Deck: deck, Hands: 0},
		{Rules: opt, Deck: deck, Hands: 1, Fallers: 1},
		{Rules: opt, Deck: deck, Hands: 1, Fallers: 12},
	} {
		if _, err := Run(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := Play(Options{Rules: opt, Deck: deck, Fallers: 0}); err == nil {
		t.Error("Play with no fallers: no error")
	}
	if _, err := ParseKind("nonsense"); err == nil {
		t.Error("ParseKind(nonsense): no error")
	}
	for _, k := range Kinds() {
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k, got, err)
		}
	}
}

// TestSameSeedSameHand: a failing seed can be played again exactly.
func TestSameSeedSameHand(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	o := Options{Rules: opt, Deck: deck, Fallers: 5, Seed: 42, Faults: All(0.05)}
	a, err := Play(o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Play(o)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a.Faults)
	jb, _ := json.Marshal(b.Faults)
	if string(ja) != string(jb) || a.Truth.Digest() != b.Truth.Digest() || a.Seen.Digest() != b.Seen.Digest() {
		t.Fatal("the same seed played two different hands")
	}
}

// FuzzMessy: the fuzzer picks the seed, the table's size, the rule set
// and the mix of mistakes; the assistant must hold as in
// TestMessyTableHolds.
func FuzzMessy(f *testing.F) {
	f.Add(uint64(1), uint8(5), uint8(0), uint32(0xffff), uint8(5))
	f.Add(uint64(7), uint8(2), uint8(1), uint32(1<<DealUnscanned), uint8(30))
	f.Add(uint64(9), uint8(11), uint8(2), uint32(1<<FalseGone|1<<ReaderGone), uint8(20))
	f.Add(uint64(13), uint8(5), uint8(1), uint32(1<<ReaderMissRider|1<<TwoAsOne|1<<Regathered|1<<MoveOthers), uint8(30))
	f.Add(uint64(21), uint8(4), uint8(2), uint32(1<<FromAnothersStack|1<<ClaimNoStop|1<<DealUnscanned|1<<ReaderGone), uint8(40))
	names := game.RuleSetNames()
	f.Fuzz(func(t *testing.T, seed uint64, fallers, rules uint8, mix uint32, pct uint8) {
		opt, deck, err := game.RuleSet(names[int(rules)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		var faults Faults
		for _, k := range Kinds() {
			if mix&(1<<k) != 0 {
				faults[k] = float64(pct%101) / 100
			}
		}
		h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(fallers)%10, Seed: seed, Faults: faults})
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Accusations) > 0 && !h.OutOfStep {
			t.Fatalf("false accusations: %q", h.Accusations)
		}
		if len(h.Accusations) > 0 {
			t.Logf("findings in a hand out of step (not counted, see Hand.OutOfStep): %q", h.Accusations)
		}
	})
}

// TestMisplacedCardsNamedWhereTheyLie: a card lying where the rules
// cannot put it is named by the audit at the seat it really lies at, and
// nobody is named for an impossible play because of it. "You can never
// mess with the cards in someone's stack": a card found in front of
// another seat was put there, and the record of who holds what under it
// proves nothing.
func TestMisplacedCardsNamedWhereTheyLie(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	var faults Faults
	for _, k := range []Kind{WrongSeat, SkipSeat, KnockedOver, TwoAtOnce, MidAddressMove, TwoAsOne} {
		faults[k] = 0.1
	}
	named := 0
	for seed := uint64(0); seed < 100; seed++ {
		h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: faults})
		if err != nil {
			t.Fatal(err)
		}
		if h.OutOfStep {
			t.Fatalf("seed %d: out of step", seed)
		}
		if len(h.Audit.Impossible) > 0 {
			t.Fatalf("seed %d: impossible plays named: %+v", seed, h.Audit.Impossible)
		}
		found := map[string]string{}
		for _, m := range h.Audit.Misplaced {
			found[m.Card] = m.Found
		}
		for _, f := range h.Faults {
			if f.Answer != Audited {
				continue
			}
			named++
			at, ok := found[f.Card]
			if !ok {
				t.Fatalf("seed %d: %s %s audited but not misplaced", seed, f.Kind, f.Card)
			}
			seat, _, isGroup := audit.ParseGroup(at)
			if !isGroup || seat == 0 {
				t.Errorf("seed %d: %s %s found in %q: want a seat", seed, f.Kind, f.Card, at)
				continue
			}
			// The fault's seat is the seat the lights asked for; two at
			// once (read or not) leaves the second card at that seat, the
			// others leave the card at another.
			if (f.Kind == TwoAtOnce || f.Kind == TwoAsOne) != (seat == f.Seat) {
				t.Errorf("seed %d: %s %s found at seat %d, the lights' seat %d", seed, f.Kind, f.Card, seat, f.Seat)
			}
		}
	}
	if named == 0 {
		t.Fatal("no misplaced card was named in 100 hands")
	}
	t.Logf("%d misplaced cards named at the seat they lay at", named)
}

// TestWrongSweepNamesNoOne: a dealer who sweeps another seat's rider than
// the one the lights name leaves the rider "swept away" still in front of
// its seat; shown there again it is refused, the hand stays in step and
// the audit names no impossible play for it.
func TestWrongSweepNamesNoOne(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	made := map[Answer]int{}
	for seed := uint64(0); seed < 200; seed++ {
		h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: Only(WrongSweep, 0.3)})
		if err != nil {
			t.Fatal(err)
		}
		if h.OutOfStep || len(h.Audit.Impossible) > 0 || len(h.Accusations) > 0 {
			t.Fatalf("seed %d: out of step %v, impossible plays %+v, findings %q", seed, h.OutOfStep, h.Audit.Impossible, h.Accusations)
		}
		for _, f := range h.Faults {
			made[f.Answer]++
			if f.Answer == Refused && f.Why == "" {
				t.Errorf("seed %d: %s refused with no reason", seed, f.Card)
			}
		}
	}
	if made[Refused] == 0 || made[Missed] > 0 {
		t.Fatalf("answers %v: want refusals and no miss", made)
	}
	t.Logf("answers: %v", made)
}

// TestMoveBetweenOthersNamesNoOne: "You can't use a Move to move a rider
// between two other players", but at the table such a Move looks exactly
// like a legal one: the rider turns up at its new seat and a Move lies on
// the discard pile. The assistant cannot catch it, and must never name
// anyone because of it: no impossible play, no card missing, the hand in
// step, under every rule set (the classic Push and Grab too).
func TestMoveBetweenOthersNamesNoOne(t *testing.T) {
	for _, name := range game.RuleSetNames() {
		t.Run(name, func(t *testing.T) {
			opt, deck := ruleSet(t, name)
			if !slices.ContainsFunc(game.NewDeck(deck), func(c game.Card) bool { return mover(c.Kind) }) {
				t.Skipf("%s rules: no card moves a rider", name)
			}
			made := 0
			for seed := uint64(0); seed < 300; seed++ {
				h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 3 + int(seed%5), Seed: seed, Faults: Only(MoveOthers, 0.5)})
				if err != nil {
					t.Fatal(err)
				}
				if h.OutOfStep || len(h.Accusations) > 0 || len(h.Audit.Impossible) > 0 {
					t.Fatalf("seed %d: out of step %v, impossible plays %+v, findings %q", seed, h.OutOfStep, h.Audit.Impossible, h.Accusations)
				}
				for _, f := range h.Faults {
					made++
					if f.Answer != Missed {
						t.Errorf("seed %d: %s answered %v: a Move no one can tell from a legal one", seed, f.Card, f.Answer)
					}
				}
			}
			if made == 0 {
				t.Fatal("no Move between two others in 300 hands")
			}
			t.Logf("%d Moves between two others, no one named", made)
		})
	}
}

// TestMissedOutOfStepCounted: a run counts apart the misses in hands out
// of step, where the assistant, a seat behind the table, misjudges what
// follows, and counts them among the misses too. The hands are made here,
// not played: every seed this test has pinned (official 1001285, classic
// 1001495, classic 2000558) was put in step by a later mend.
func TestMissedOutOfStepCounted(t *testing.T) {
	fault := func(k Kind, a Answer) Fault { return Fault{Kind: k, Seat: 1, Card: "hit-1", Answer: a} }
	hands := []Hand{
		{OutOfStep: true, Faults: []Fault{fault(StrayCard, Missed), fault(StrayCard, Named), fault(DealUnscanned, Unidentified)}},
		{Faults: []Fault{fault(StrayCard, Missed), fault(DealUnscanned, Missed)}},
		{OutOfStep: true, Twin: true, Faults: []Fault{fault(DealUnscanned, Missed)}},
	}
	fig := Figures{}
	byKind := map[Kind]*KindFigures{}
	for _, k := range Kinds() {
		byKind[k] = &KindFigures{Kind: k.String(), Answers: map[string]int{}}
	}
	for i, h := range hands {
		fig.add(byKind, h, nil, uint64(i), 2, false)
	}
	for _, c := range []struct {
		kind                    Kind
		made, missed, outOfStep int
	}{
		{StrayCard, 3, 2, 1},
		{DealUnscanned, 3, 2, 1},
	} {
		kf := byKind[c.kind]
		if kf.Made != c.made || kf.Answers[Missed.String()] != c.missed || kf.MissedOutOfStep != c.outOfStep {
			t.Errorf("%v: made %d, missed %d, of them out of step %d: want %d, %d, %d",
				c.kind, kf.Made, kf.Answers[Missed.String()], kf.MissedOutOfStep, c.made, c.missed, c.outOfStep)
		}
	}
	if fig.OutOfStep != 2 || fig.OutOfStepTwin != 1 {
		t.Errorf("out of step %d, with a twin %d: want 2, 1", fig.OutOfStep, fig.OutOfStepTwin)
	}
}
