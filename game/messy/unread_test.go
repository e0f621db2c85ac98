package messy

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
)

// The mistakes judged Unseen because their read is what a dealer dealing
// the card from the deck shows (unreadDeal), each replayed: an honest
// table, one where the card read had never left the deck and the card
// dealt in its stead was another never read, deals every card the
// assistant saw where the table dealt it, and deals that card now.

// atFault is the table just before its i-th mistake was shown: the truth,
// the assistant, the truth's moves and deck order, and the cards the
// assistant had been told of (read, held for a read, named).
type atFault struct {
	moment
	told map[string]bool
}

// replayFault plays the hand of o and stops the clock at its i-th mistake.
func replayFault(t *testing.T, o Options, i int) atFault {
	t.Helper()
	var tb *table
	var m atFault
	n := 0
	told := map[string]bool{}
	o.Trace = func(s string) {
		for _, mark := range []string{" seen  scan ", " held  ", " is "} {
			if _, after, ok := strings.Cut(s, mark); ok {
				id, _, _ := strings.Cut(after, ":")
				id, _, _ = strings.Cut(id, " ")
				told[strings.TrimSuffix(id, ",")] = true // "held  extra-1, read as ..."
			}
		}
		if _, f, ok := strings.Cut(s, " FAULT "); ok {
			if n == i {
				m.moment = moment{opt: o, truth: tb.truth.Clone(), seen: tb.seen.Clone(), events: slices.Clone(tb.events), order: slices.Clone(tb.order)}
				m.told = maps.Clone(told)
				for id := range tb.rec.Seen {
					m.told[id] = true
				}
				m.card = f
			}
			n++
		}
	}
	var err error
	if tb, err = newTable(o); err != nil {
		t.Fatal(err)
	}
	if err := tb.play(); err != nil {
		t.Fatal(err)
	}
	if n <= i {
		t.Fatalf("seed %d: %d mistakes, not %d", o.Seed, n, i+1)
	}
	m.fault = tb.hand.Faults[i]
	m.card = m.fault.Card
	return m
}

// dealingTwin is the honest table of m: the card read, x, dealt now,
// where the table deals the first card the assistant has not accounted for
// nor been told of (T); T dealt unread where x was (or left in the deck
// where x was), or, T being a Ground and x's place a card dealt unread
// that the dealer would have named a Ground, another card never told
// there and T in its place (unless x is a Ground too: a Ground for a
// Ground, alike to whatever the dealer said there). The deck left is put in order, the Grounds at
// the bottom. It fails t if there is none.
func dealingTwin(t *testing.T, m atFault) *game.Game {
	t.Helper()
	g := m.truth
	x, ok := g.CardIndex(m.card)
	if !ok {
		t.Fatalf("%s is no card", m.card)
	}
	n := len(m.order)
	dealt := n - g.DeckSize()
	accounted := n - m.seen.DeckSize()
	pos := func(c int) int { return slices.Index(m.order, c) }
	now := -1
	for i := max(accounted, 0); i < n; i++ {
		if c := m.order[i]; !m.told[g.Card(c).ID] {
			now = i
			break
		}
	}
	if now < 0 {
		t.Fatalf("no card left to deal")
	}
	tc := m.order[now]
	var fillers []int // the card for x's place: T, or another never told
	if xp := pos(x); xp >= dealt || g.Card(tc).Kind != game.Ground || g.Card(x).Kind == game.Ground {
		fillers = append(fillers, tc)
	}
	for i := max(now+1, dealt); i < n; i++ {
		if c := m.order[i]; c != x && c != tc && !m.told[g.Card(c).ID] && g.Card(c).Kind != game.Ground {
			fillers = append(fillers, c)
		}
	}
	var last error
	for _, f := range fillers {
		order := slices.Clone(m.order)
		moved := map[int]bool{x: true, tc: true, f: true}
		xp, fp := pos(x), pos(f)
		order[now], order[xp] = x, f
		if f != tc {
			order[fp] = tc
		}
		// The deck left, in order: its Grounds at the bottom.
		from := max(dealt, now+1)
		tail := slices.Clone(order[from:])
		slices.SortStableFunc(tail, func(a, b int) int {
			return boolInt(g.Card(a).Kind == game.Ground) - boolInt(g.Card(b).Kind == game.Ground)
		})
		copy(order[from:], tail)
		for _, c := range tail {
			moved[c] = moved[c] || g.Where(c).Zone == game.InDeck
		}
		twin := dealt0(t, m.moment, order)
		if err := replayOn(twin, m.events); err != nil {
			last = err
			continue
		}
		if err := sameStacks(twin, g, moved); err != nil {
			last = err
			continue
		}
		if err := dealsNow(twin, x, now, dealt, readAnswers(m.seen).Player); err != nil {
			last = err
			continue
		}
		return twin
	}
	t.Fatalf("no honest table deals %s now (T %v at %d, %d dealt, %d accounted): %v", m.card, g.Card(tc), now, dealt, accounted, last)
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dealt0 is m's hand before its first move, its deck in order.
func dealt0(t *testing.T, m moment, order []int) *game.Game {
	t.Helper()
	tb, err := newTable(m.opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.truth.Redeal(order); err != nil {
		t.Fatal(err)
	}
	return tb.truth
}

func replayOn(g *game.Game, events []game.Event) error {
	for i, e := range events {
		if err := g.Apply(e); err != nil {
			return fmt.Errorf("move %d (%v) refused: %w", i, e, err)
		}
	}
	return nil
}

// sameStacks checks what samePlaces does, and more: every seat has as many
// stacks in the twin as at the table, and every card but those moved lies
// in the same place of its stack (two moved cards may trade places).
func sameStacks(twin, truth *game.Game, moved map[int]bool) error {
	if err := samePlaces(twin, truth, moved); err != nil {
		return err
	}
	for p := range truth.NumPlayers() {
		if twin.NumStacks(p) != truth.NumStacks(p) {
			return fmt.Errorf("seat %d: %d stacks in the twin, %d at the table", truth.Seat(p), twin.NumStacks(p), truth.NumStacks(p))
		}
		for s := range truth.NumStacks(p) {
			a, b := twin.Stack(p, s), truth.Stack(p, s)
			if len(a) != len(b) {
				return fmt.Errorf("seat %d stack %d: %d cards in the twin, %d at the table", truth.Seat(p), s+1, len(a), len(b))
			}
			for i := range a {
				if a[i] != b[i] && !(moved[a[i]] && moved[b[i]]) {
					return fmt.Errorf("seat %d stack %d holds %v in the twin, %v at the table", truth.Seat(p), s+1, twin.Card(a[i]), truth.Card(b[i]))
				}
			}
		}
	}
	return nil
}

// dealsNow checks that the twin has dealt x at position now, its latest
// deal, or deals it next, to light, the faller the assistant's light asks
// a card for: an honest dealer deals where the light asks.
func dealsNow(twin *game.Game, x, now, dealt, light int) error {
	if now < dealt {
		if w := twin.Where(x); w.Zone == game.InDeck || w.Player != light {
			return fmt.Errorf("%v at %+v in the twin, not dealt to seat %d", twin.Card(x), w, twin.Seat(light))
		}
		return nil
	}
	g := twin.Clone()
	for range 64 {
		in := g.Next()
		if in.Action == game.ActOver || in.Action == game.ActLand {
			return fmt.Errorf("the twin asks %v before its next deal", in)
		}
		if err := g.Apply(game.Step()); err != nil {
			return err
		}
		if in.Action != game.ActDeal {
			continue
		}
		if p, c, _, ok := g.PendingDeal(); !ok || c != x || p != light {
			return fmt.Errorf("the twin deals %d next to player %d, not %v to seat %d", c, p, twin.Card(x), twin.Seat(light))
		}
		return nil
	}
	return fmt.Errorf("no deal")
}

// TestUnreadCardReadAsADeal: every mistake judged unseen because its read
// was of a card never read, still in the assistant's deck, read where the
// light asks for a card, in the first hands of every mistake at 2 % (and
// at -messy.hands=10000, all of them), has an honest table behind it: the
// same deals of every card the assistant was told of, and that card dealt
// now.
func TestUnreadCardReadAsADeal(t *testing.T) {
	for _, name := range game.RuleSetNames() {
		t.Run(name, func(t *testing.T) {
			opt, deck := ruleSet(t, name)
			seen := map[Kind]int{}
			for i := range *hands {
				seed := 1_000_003 + uint64(i)
				o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(seed%6), Seed: seed, Faults: All(rate)}
				h, err := Play(o)
				if err != nil {
					t.Fatal(err)
				}
				for j, f := range h.Faults {
					if f.Answer != Unseen || !strings.HasSuffix(f.Why, unreadDealWhy) && !strings.HasSuffix(f.Why, unreadGuessWhy) && !strings.HasSuffix(f.Why, unreadStandInWhy) {
						continue
					}
					seen[f.Kind]++
					m := replayFault(t, o, j)
					if m.fault.Answer != Unseen || m.fault.Card != f.Card {
						t.Fatalf("seed %d: mistake %d replays as %v %s", seed, j, m.fault.Answer, m.fault.Card)
					}
					t.Run(fmt.Sprintf("seed %d %v %s", seed, f.Kind, f.Card), func(t *testing.T) { dealingTwin(t, m) })
				}
			}
			t.Logf("%s: unseen, proved: %v", name, seen)
			if len(seen) == 0 && *hands >= 200 {
				// 200 hands hold a few (two at once, a stray card): none
				// means the judge stopped judging, and this proved nothing.
				t.Errorf("no mistake judged unseen in %d hands", *hands)
			}
		})
	}
}

// TestTwoAsOneDeckShort: two cards dealt as one at a seat that also had a
// card dealt by hand, whose stand-in the engine's guesses end on the very
// card stuck there: found where the guess put it, it proved nothing, and
// the card really dealt by hand, found there too, only looked like a guess
// gone wrong. "Hold the deck face down, and deal from the top": the deck
// is a card short of what the record leaves in it, which only a card dealt
// with no deal on record does (audit.Result.DeckShort). Missed before.
func TestTwoAsOneDeckShort(t *testing.T) {
	for _, c := range []missedCase{
		{"official", 1000232, TwoAsOne, 2},
		{"official", 1000003, TwoAsOne, 3},
	} {
		t.Run(c.String(), func(t *testing.T) {
			m := replay(t, c, All(rate))
			if m.fault.Answer != Audited || !strings.Contains(m.fault.Why, "short of the record") {
				t.Fatalf("%v: %s", m.fault.Answer, m.fault.Why)
			}
		})
	}
}

// TestTwoAsOneStoppedUnscanned: "The Ground cards are waiting at the
// bottom of the deck." Two cards dealt as one leave the second unread at
// the seat, still in the assistant's deck; later a Ground is dealt
// unscanned, and its faller presses and shows a Stop ("To Stop a Ground,
// play the Stop as the Ground is being dealt to you"). Taken for that
// seat's deal, the Stop took a card out of the assistant's deck that never
// left the dealer's, made up for the stuck card, and the audit found the
// deck as the record left it: missed. A Ground had left the deck before,
// so the Stop read with its faller's press is their Stop on a Ground dealt
// unscanned (game TestStoppedUnscanned), the deck stays short, and the
// stuck card is named by the audit.
func TestTwoAsOneStoppedUnscanned(t *testing.T) {
	for _, c := range []missedCase{
		{"official", 3006664, TwoAsOne, 2},
		{"french", 8007381, TwoAsOne, 4},
		{"classic", 8003704, TwoAsOne, 2},
	} {
		t.Run(c.String(), func(t *testing.T) {
			m := replay(t, c, All(rate))
			if m.fault.Answer != Audited {
				t.Fatalf("%s: %v (%s): want named by the audit", m.card, m.fault.Answer, m.fault.Why)
			}
		})
	}
}

// TestTwoAsOneRunOutAfterAHeldRead: "Hold the deck face down, and deal
// from the top": two cards dealt as one leave the dealer's deck a card
// short, and the lights ask for a card the dealer no longer has, which the
// dealer confirms from the panel and the assistant records as a blind
// deal. Here a read held back as the seat's turn began (a rider shown, or
// the deal) is settled by that confirmation, so the blind deal is its
// second inference, not its first: counted missed before. Nor need the
// blind deal go to the faller the table dealt the card to (official
// 5005499, named before, missed by a check that asked it).
func TestTwoAsOneRunOutAfterAHeldRead(t *testing.T) {
	for _, c := range []missedCase{
		{"official", 4000355, TwoAsOne, 1},
		{"official", 4005467, TwoAsOne, 5},
		{"classic", 7000823, TwoAsOne, 1},
		{"official", 5005499, TwoAsOne, 3},
	} {
		t.Run(c.String(), func(t *testing.T) {
			m := replay(t, c, All(rate))
			if m.fault.Answer != Named || !strings.Contains(m.fault.Why, "the deck ran out a card early") {
				t.Fatalf("%s: %v: %s", m.card, m.fault.Answer, m.fault.Why)
			}
		})
	}
}

// TestTwoAtOnceReadAtOnceNotUnseen: "the dealer scans and places one card
// per beat" (product.md). The second of two cards dealt at once, read right
// after the first card's read with nothing heard of in between, comes
// within a third of a beat of that deal and before its own beat, which
// game/dealer's clock sees; only its deck being partly a guess (a card
// confirmed by hand) keeps the warning back. No honest table shows that
// timing, and the clockless twin, dealing the card on its beat, does not
// show it either: not unseen (unseen before). Told which card each
// confirmation by hand was, the engine's deck is no guess and the warning
// stands: unidentified (TestUnidentifiedOnlyByTheTwin), where it was
// counted missed before the identified twin. (1000100's split-3
// and 1004098's hit-9 stood here: the first, after a Move, is now warned
// of (TestTwoAtOnceAfterNoCardShownWarned), and the second hand goes
// another way since.) The three here are now caught by the audit: each
// went into the very stack the truth deals it to, the next address a Skip
// played unseen, which the dealer shows as that address begins (sameDeal,
// TestTwoAtOnceBeforeARiderDisagreedOn); no hand of 10,000 (official,
// french) still answers such a read unidentified, so these stay to show
// it is not unseen, and now caught.
func TestTwoAtOnceReadAtOnceNotUnseen(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	for _, c := range []struct {
		seed uint64
		card string
	}{{1005817, "move-4"}, {1000781, "stop-1"}, {1000827, "skip-7"}} {
		t.Run(fmt.Sprintf("seed %d %s", c.seed, c.card), func(t *testing.T) {
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(h.Faults, func(f Fault) bool { return f.Kind == TwoAtOnce && f.Card == c.card })
			if i < 0 {
				t.Fatalf("no two at once of %s: find another seed", c.card)
			}
			if f := h.Faults[i]; f.Answer != Audited {
				t.Fatalf("%v: %s", f.Answer, f.Why)
			}
		})
	}
}

// TestTwoAtOnceAfterNoCardShownWarned: "Once the dealer is addressing a
// player, no one can affect the deal by meddling with the rider", and
// "SKIP: Deal no cards to this player". The second of two cards dealt at
// once, read at once after a deal that no card shown can be (a Move, a
// Skip), is warned of while cards dealt by hand are still guesses: the
// guesses hold the warning back only after a rider that deals or an Extra
// read as a turn begins, which may be one of them picked up and shown,
// its deal right behind (game's TestNextTurnsDealAfterNoCardShown). Each
// was missed before.
func TestTwoAtOnceAfterNoCardShownWarned(t *testing.T) {
	opt, deck := ruleSet(t, "official")
	for _, c := range []struct {
		seed uint64
		card string
	}{{1000100, "split-3"}, {1000607, "move-3"}, {1003666, "extra-3"}} {
		t.Run(fmt.Sprintf("seed %d %s", c.seed, c.card), func(t *testing.T) {
			h, err := Play(Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: All(rate)})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(h.Faults, func(f Fault) bool { return f.Kind == TwoAtOnce && f.Card == c.card })
			if i < 0 {
				t.Fatalf("no two at once of %s: find another seed", c.card)
			}
			if f := h.Faults[i]; f.Answer != Refused || !strings.Contains(f.Why, "the dealer warns") {
				t.Fatalf("%v: %s", f.Answer, f.Why)
			}
		})
	}
}
