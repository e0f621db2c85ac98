package simtable

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

// Fault is a mistake the simulated table can make while the real dealer
// runs the hand: the reader, the person dealing or a faller's hand on a
// button getting it wrong, as issue 12's messy table lists them.
type Fault int

const (
	// FaultReaderMiss: a dealt card passes over the reader too briefly to
	// be read; the light keeps waiting and the dealer confirms it from the
	// panel if the dealer under test did not hear of it.
	FaultReaderMiss Fault = iota
	// FaultReadTwice: a dealt card is lifted off the reader and laid on it
	// again, so it is read twice.
	FaultReadTwice
	// FaultStrayCard: a discard is laid near the reader after a deal and
	// read.
	FaultStrayCard
	// FaultReaderGone: the chip hangs as a card is dealt (HangSilent) and
	// comes back when the reader service resets it through RSTPDN; the
	// dealer confirms from the panel what it laid meanwhile.
	FaultReaderGone
	// FaultScanNoDeal: the dealer scans the card to deal, puts it back on
	// the deck and then deals it, scanning it again, before the next beat.
	FaultScanNoDeal
	// FaultDealUnscanned: a card is dealt without being laid on the reader
	// at all; the dealer confirms it from the panel.
	FaultDealUnscanned
	// FaultPressLate: a faller whose Ground landed presses after the Stop
	// window.
	FaultPressLate
	// FaultPressOther: while a Ground is dealt to one faller, another
	// presses their own button for them.
	FaultPressOther
	// FaultMash: a faller presses their button several times in a row for
	// no reason.
	FaultMash
	// FaultTwoAtOnce: the dealer deals the next card too, to the same
	// seat, both passing over the reader; warned, the dealer takes the
	// second back and deals it on its beat to the seat lit. Made only
	// until a card is confirmed from the panel: after that the dealer
	// under test does not judge two cards at once (its deck is partly a
	// guess), and this table, whose truth follows the rules, cannot leave
	// the card at a seat the rules never sent it to.
	FaultTwoAtOnce
	// FaultStrayTop: a card on top of a faller's stack, lying near the
	// reader, is read after a deal. Taken for a rider (or an Extra)
	// shown at the seat now reached, the dealer finds none there and
	// says misread. Made only until a card is confirmed from the panel,
	// and not after a Ground (a Stop on top of a stack would be taken
	// for the one that saves it).
	FaultStrayTop
	// FaultDealOn: a card is dealt without being laid on the reader, and
	// the dealer deals on to the next seat without waiting for the light,
	// scanning that card: it is taken for the one not seen. On the next
	// beat the light asks again for the seat just dealt to, and the dealer
	// says "unscanned" from the panel. Made only until a card is confirmed
	// from the panel, where the light asks for just the card dealt, not
	// for a Ground, and only when the next card is a plain deal to another
	// seat (no rider to show first, no Ground).
	FaultDealOn
	// FaultFalseGone: as the light asks for a card into a stack the seat
	// has (a deal, not a new stack), the dealer presses "not there" by
	// mistake; a moment later, the faller pointing at the stack, they say
	// misread to take it back, and deal the card as the light then asks.
	// The chance is at each such deal. Made only where the "not there" is
	// the stack's and the take-back can follow it: the light a deal's,
	// steady, at the seat the table deals to; not as a seat's turn begins
	// with a rider or an Extra to show; no Stop window open (no light
	// red); the reader not gone; and no card confirmed by hand waiting to
	// be asked for (the dealer may ask for it as soon as the "not there"
	// closes the beat's card, and "not there" then answers that ask); nor
	// within a second of a card fault, whose stray or second read, or
	// confirmation from the panel, coming between the "not there" and the
	// misread, would be what the misread takes back.
	FaultFalseGone
	numFaults
)

var faultNames = [numFaults]string{"reader-miss", "read-twice", "stray-card", "reader-gone", "scan-no-deal", "deal-unscanned", "press-late", "press-other", "mash", "two-at-once", "stray-top", "deal-on", "false-gone"}

func (f Fault) String() string {
	if f < 0 || f >= numFaults {
		return fmt.Sprintf("Fault(%d)", int(f))
	}
	return faultNames[f]
}

// onChip reports whether f is a card fault: a card laid on the PN532
// model, which the scripted reader has not got.
func (f Fault) onChip() bool {
	return f <= FaultDealUnscanned || f == FaultTwoAtOnce || f == FaultStrayTop || f == FaultDealOn
}

// AllFaults lists every fault, in the order Faults holds their rates.
func AllFaults() []Fault {
	fs := make([]Fault, numFaults)
	for i := range fs {
		fs[i] = Fault(i)
	}
	return fs
}

// Faults sets how often the table makes each mistake: the chance, from 0
// to 1, at each card dealt (the card faults and Mash), each card dealt
// into a stack the seat has (FalseGone) or each Ground dealt (PressLate,
// PressOther). The zero value is a perfect table, which plays
// exactly as a table without Faults does. The card faults need the PN532
// (Config.PN532): the scripted reader has no chip to hang or to hold a
// card over too briefly. At most one card fault happens to a card.
type Faults [numFaults]float64

// Only is the table that makes mistake f at rate and no other.
func Only(f Fault, rate float64) Faults {
	var fs Faults
	if f >= 0 && f < numFaults {
		fs[f] = rate
	}
	return fs
}

// Every is the table that makes every mistake at rate.
func Every(rate float64) Faults {
	var fs Faults
	for f := range fs {
		fs[f] = rate
	}
	return fs
}

func (fs Faults) any() bool { return fs != Faults{} }

// validate says which rate is out of range, or that card faults are asked
// of the scripted reader.
func (fs Faults) validate(pn532 bool) error {
	for _, f := range AllFaults() {
		if r := fs[f]; r < 0 || r > 1 || math.IsNaN(r) {
			return fmt.Errorf("sim: fault %v: rate %v is not a chance from 0 to 1", f, r)
		}
		if f.onChip() && fs[f] > 0 && !pn532 {
			return fmt.Errorf("sim: fault %v needs the PN532 model (Config.PN532)", f)
		}
	}
	return nil
}

// Injected is one mistake the table made.
type Injected struct {
	Fault Fault
	At    time.Duration
	Seat  int    // the seat dealt to, or the faller who pressed
	Card  string // the card concerned, "" for a press
	// ByHand counts the panel confirmations the simulated dealer gave for
	// it: a card the dealer under test did not hear of.
	ByHand int
	// Said is the panel control, other than a confirmation, the simulated
	// dealer answered it with: "unscanned" for FaultDealOn, "misread" for
	// FaultFalseGone.
	Said string
	// Unread: the card was confirmed by hand and never read on top of its
	// stack when the dealer was asked for it (picked up first): the card
	// the dealer under test stands in for it is a guess to the end.
	Unread bool
}

// SetFaults switches the table's mistakes on: call it before Start (a
// night's OnTable is the place). It refuses a rate out of range.
func (t *Table) SetFaults(fs Faults) error {
	if err := fs.validate(t.chip != nil); err != nil {
		return err
	}
	return t.beforeStart("faults", func() { t.cfg.Faults = fs })
}

// beforeStart runs set, which sets what, under the table's lock, unless
// the hand has started: the fallers and the dealer already act on it.
func (t *Table) beforeStart(what string, set func()) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.started {
		return fmt.Errorf("sim: %s set after the hand started", what)
	}
	set()
	return nil
}

// Injected lists the mistakes the table made so far.
func (t *Table) Injected() []Injected {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]Injected(nil), t.injected...)
	for i := range out {
		if c, ok := t.truth.CardIndex(out[i].Card); ok && out[i].ByHand > 0 {
			out[i].Unread = t.byHandCards[c]
		}
	}
	return out
}

// note records a mistake and returns its index for byHand.
func (t *Table) note(f Fault, at time.Duration, seat int, card string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.injected = append(t.injected, Injected{Fault: f, At: at, Seat: seat, Card: card})
	return len(t.injected) - 1
}

func (t *Table) byHand(i int) {
	t.mu.Lock()
	t.injected[i].ByHand++
	t.mu.Unlock()
}

// draw picks at most one of fs (in order) at their rates, from the faults'
// own random stream, so a table with faults off draws nothing and plays
// as before.
func (t *Table) draw(fs ...Fault) (Fault, bool) {
	u := t.frng.Float64()
	for _, f := range fs {
		r := t.cfg.Faults[f]
		if u < r {
			return f, true
		}
		u -= r
	}
	return 0, false
}

// Timings of the card faults, against the reader service's polls (15 ms
// apart, 25 to 50 ms each; a card must be missed by 3 polls in a row to be
// read again): brief is half the shortest stay the service reads
// whatever the moment of its polling (30 ms, TestModelShortestStay), so
// the card is read or not depending on where the poll stands, lift far
// above the time it takes to count a card gone, and wait is how
// long the light waits before the dealer confirms from the panel. All of
// it ends before a faller's quickest Stop (bot's 350 ms), so the fault's
// cards never take a Stop off the reader unread.
const (
	brief = 15 * time.Millisecond
	lift  = 150 * time.Millisecond
	wait  = 150 * time.Millisecond
)

// dealCard is the simulated dealer dealing card c to seat: laid on the
// reader, or one of the card faults.
func (t *Table) dealCard(c int, at time.Duration, seat int) {
	t.mu.Lock()
	t.dealtCards++
	t.mu.Unlock()
	id := t.truth.Card(c).ID
	uid := t.tags[id]
	f, ok := FaultReaderMiss, false
	if t.chip != nil && t.cfg.Faults.any() {
		f, ok = t.draw(FaultReaderMiss, FaultReadTwice, FaultStrayCard, FaultReaderGone, FaultScanNoDeal, FaultDealUnscanned, FaultTwoAtOnce, FaultStrayTop, FaultDealOn)
	}
	if ok && f == FaultReaderGone && t.chip.chip.Hung() {
		ok = false // hung already: the same outage
	}
	if ok {
		t.mu.Lock()
		t.cardFaultUntil = at + cardFaultQuiet
		t.mu.Unlock()
	}
	w := t.dealtAs(c, seat)
	if !ok {
		t.scan.layAt(uid, at, w)
		return
	}
	switch f {
	case FaultReaderMiss:
		i := t.note(f, at, seat, id)
		reads := t.chip.heardBy()
		t.chip.layFor(uid, at, brief, noWait)
		t.confirmUnheard(i, seat, reads, at+t.hear+wait, w.as)
	case FaultDealUnscanned:
		i := t.note(f, at, seat, id)
		t.confirmUnheard(i, seat, t.chip.heardBy(), at+t.hear+wait, w.as)
	case FaultReadTwice:
		// Lifted and laid again, only if nothing else came to the reader
		// meanwhile: the second lay must not take another card off unread.
		t.scan.layAt(uid, at, w)
		t.layAgain(uid, at, func(now time.Duration) {
			t.note(f, now, seat, id)
			t.strayLay()
			t.chip.layFor(uid, now, t.chip.dwell, ifUnheard{stray: true})
		})
	case FaultScanNoDeal:
		// The first scan is the one the dealer put back, the second the
		// card really dealt. Had another card come to the reader first
		// (the next of a Hit's two, a rider), the first scan stands as the
		// deal: laying it again then would take that card off unread.
		t.chip.layFor(uid, at, t.chip.dwell, w)
		t.layAgain(uid, at, func(now time.Duration) {
			t.note(f, at, seat, id)
			t.scan.layAt(uid, now, w)
		})
	case FaultStrayCard:
		t.scan.layAt(uid, at, w)
		d := t.truth.Discards()
		if len(d) == 0 {
			return
		}
		t.strayAfter(f, uid, at, seat, t.truth.Card(d[t.frng.IntN(len(d))]).ID, nil)
	case FaultStrayTop:
		t.scan.layAt(uid, at, w)
		t.mu.Lock()
		confirmed := t.confirmed
		t.mu.Unlock()
		// Not the card just dealt: read again it is FaultReadTwice.
		tops := slices.DeleteFunc(t.stackTops(), func(x int) bool { return x == c })
		if confirmed || len(tops) == 0 || t.truth.Card(c).Kind == game.Ground {
			return
		}
		t.strayAfter(f, uid, at, seat, t.truth.Card(tops[t.frng.IntN(len(tops))]).ID, t.misreadIfTaken)
	case FaultTwoAtOnce:
		t.scan.layAt(uid, at, w)
		t.mu.Lock()
		confirmed := t.confirmed
		t.mu.Unlock()
		next, ok := t.nextDeal(seat)
		if !ok || confirmed || t.truth.Card(c).Kind == game.Ground || t.Lights.Now(seat).Color != hw.Green {
			// The next card goes to the same seat, or there is none; or
			// this one is a Ground, whose Stop window the dealer waits
			// out; or the light asks for more than this card (a stack the
			// table no longer has): the dealer deals the next one there.
			return
		}
		// Laid a Gap after the first, which is read by then, unless
		// another card came first.
		t.Clock.At(at, func() {
			lays := t.chip.lays()
			t.Clock.At(at+t.chip.gap, func() {
				if t.chip.lays() != lays || t.scan.gone() {
					return
				}
				t.note(f, t.Clock.Now(), seat, next)
				t.strayLay()
				t.chip.layFor(t.tags[next], t.Clock.Now(), t.chip.gap, ifUnheard{stray: true})
			})
		})
	case FaultDealOn:
		t.mu.Lock()
		confirmed := t.confirmed
		t.mu.Unlock()
		if confirmed || t.truth.Card(c).Kind == game.Ground || t.Lights.Now(seat).Color != hw.Green || !t.plainNext(seat) {
			t.scan.layAt(uid, at, w)
			return
		}
		i := t.note(f, at, seat, id)
		t.mu.Lock()
		t.dealOn = dealOn{fault: i, card: c, from: seat, made: true}
		t.mu.Unlock()
		// The dealer, not looking at the light that waits for this card,
		// deals the next one about a beat later.
		t.Clock.At(at+time.Second, t.dealOnward)
	case FaultReaderGone:
		i := t.note(f, at, seat, id)
		t.mu.Lock()
		t.lastHang = i
		t.mu.Unlock()
		// The watchdog resets it through RSTPDN; the dealer confirms
		// the cards laid meanwhile when it warns (readerWarning).
		t.chip.chip.Hang(pn532test.HangSilent)
		t.scan.layAt(uid, at, w)
	}
}

// plainNext reports whether the truth's next move after the card just
// dealt to seat is a plain deal to another seat, the last that seat is
// owed: no sweep still to do, no rider or Extra to show first, not a
// Ground. Dealt on, the light then asks for that seat again while the
// table owes the next one: a lag the dealer can see.
func (t *Table) plainNext(seat int) bool {
	g := t.truth.Clone()
	in := g.Next()
	if in.Action != game.ActDeal || in.Imaginary || in.Seat == seat || (in.First && (g.Rider(in.Player) >= 0 || len(g.Extras(in.Player)) > 0)) {
		return false
	}
	if g.Apply(game.Step()) != nil {
		return false
	}
	if _, c, ground, ok := g.PendingDeal(); !ok || c < 0 || ground {
		return false
	}
	after := g.Next()
	for i := 0; i < 8 && after.ClosesAddress(); i++ {
		if g.Apply(game.Step()) != nil {
			return false
		}
		after = g.Next()
	}
	return after.Seat != in.Seat
}

// dealOnward is the dealer who dealt a card unscanned dealing on to the
// next seat, not waiting for the light (FaultDealOn).
func (t *Table) dealOnward() {
	t.mu.Lock()
	if t.busy {
		t.mu.Unlock()
		t.Clock.At(t.Clock.Now()+50*time.Millisecond, t.dealOnward)
		return
	}
	t.busy, t.dealOn.onward = true, true
	t.mu.Unlock()
	t.deal()
}

// dealingOn is the simulated dealer's move on a cue while a card is dealt
// unscanned (FaultDealOn), in is the truth's next move: no cue is followed
// until the dealer deals on by themselves (dealOnward), the next card then
// goes where the rules send it whatever the lights say, and on a beat after
// it the dealer looks at the light (unscannedSeen). It reports whether the
// cue is taken up so.
func (t *Table) dealingOn(in game.Instruction, at time.Duration) bool {
	if t.unscannedSeen(in, at) {
		return true
	}
	t.mu.Lock()
	on := t.dealOn
	t.dealOn.onward = false
	t.mu.Unlock()
	switch {
	case !on.pending():
		return false
	case !on.onward:
		return true
	case !t.plainNext(on.from):
		// The table moved meanwhile (a rider played on the next seat):
		// the dealer, who would have to show it first, looks at the
		// light after all and confirms the card dealt unscanned.
		t.mu.Lock()
		t.dealOn = dealOn{}
		t.mu.Unlock()
		t.byHand(on.fault)
		t.confirmDealt(on.from, "", at, on.card+1)
		return true
	}
	g := t.truth
	t.Clock.At(at, func() {
		in := g.Next()
		t.step()
		_, c, _, ok := g.PendingDeal()
		if !ok || c < 0 {
			t.fail(fmt.Errorf("sim: dealing on after %v dealt unscanned: no card dealt", g.Card(on.card)))
			return
		}
		t.mu.Lock()
		t.lastDealt, t.dealOn.seat, t.dealtCards = in.Seat, in.Seat, t.dealtCards+1
		t.mu.Unlock()
		t.scan.layAt(t.tags[g.Card(c).ID], t.Clock.Now(), t.dealtAs(c, in.Seat))
	})
	return true
}

// unscannedSeen is the dealer, on a beat after dealing on, seeing the
// light ask again for the seat just dealt on to: they say "unscanned" from
// the panel, and the card dealt unscanned is one confirmed by hand (asked
// for while it lies on top). With no light on yet (a count-in beat) they
// wait for the next beat. It reports whether the beat is taken up so.
func (t *Table) unscannedSeen(in game.Instruction, at time.Duration) bool {
	t.mu.Lock()
	on := t.dealOn
	t.mu.Unlock()
	if on.seat == 0 {
		return false
	}
	if t.litFaller() == 0 {
		return true
	}
	t.mu.Lock()
	t.dealOn = dealOn{}
	t.mu.Unlock()
	if !t.lit(on.seat) || in.Seat == on.seat {
		return false
	}
	t.byHand(on.fault)
	t.rememberByHand(on.card, on.from)
	t.mu.Lock()
	t.confirmed = true
	t.injected[on.fault].Said = hw.ControlUnscanned.String()
	t.mu.Unlock()
	t.Panel.ControlAt(hw.ControlUnscanned, at)
	return true
}

// nextDeal is the card the truth deals next, if it goes to another seat
// than seat: the one a dealer dealing two at once deals with the last.
func (t *Table) nextDeal(seat int) (string, bool) {
	g := t.truth.Clone()
	_, c, _, _ := g.PendingDeal()
	for range 16 {
		if p, d, _, ok := g.PendingDeal(); ok && d != c {
			return g.Card(d).ID, g.Seat(p) != seat
		}
		if g.Over() || g.Apply(game.Step()) != nil {
			return "", false
		}
	}
	return "", false
}

// strayAfter is fault f at seat: once the dealer has heard the card dealt
// at at (tagged uid), it is lifted and the stray card laid on the reader
// instead, then told when (then may be nil). Nothing happens if another
// card came to the reader first.
func (t *Table) strayAfter(f Fault, uid hw.UID, at time.Duration, seat int, stray string, then func(now time.Duration)) {
	t.Clock.At(at+t.hear, func() {
		if _, ok := t.chip.liftIf(uid); !ok {
			return
		}
		now := t.Clock.Now()
		t.note(f, now, seat, stray)
		t.strayLay()
		t.chip.layFor(t.tags[stray], now, t.chip.dwell, ifUnheard{stray: true})
		if then != nil {
			then(now)
		}
	})
}

// stackTops lists the cards on top of the stacks of the fallers still in.
func (t *Table) stackTops() []int {
	g := t.truth
	var tops []int
	for p := range g.NumPlayers() {
		if g.Out(p) {
			continue
		}
		for s := range g.NumStacks(p) {
			if c := g.Top(p, s); c >= 0 {
				tops = append(tops, c)
			}
		}
	}
	return tops
}

// misreadIfTaken is the simulated dealer, who laid a stray card on the
// reader at laid, seeing the dealer take it with no warning (for a rider
// shown at the seat lit, the one way a card off a stack can be taken
// there): they find no such card at that seat and say misread from the
// panel. That it was read they know as the dealer's screen would tell: the
// reader read a card, and none other was laid since.
func (t *Table) misreadIfTaken(laid time.Duration) {
	// Counted once the stray card is laid (layFor lays it at laid).
	t.Clock.At(laid, func() {
		reads, lays := t.chip.svc.Health().Reads, t.chip.lays()
		t.Clock.At(laid+t.hear, func() {
			read := t.chip.svc.Health().Reads > reads && t.chip.lays() == lays
			t.mu.Lock()
			taken := read && t.warnedAt < laid
			t.mu.Unlock()
			if taken {
				t.Panel.ControlAt(hw.ControlMisread, t.Clock.Now())
			}
		})
	})
}

// strayLay notes a card laid on the reader that is no deal: a stray one,
// or one read twice. The reader reads it, and the dealer refuses it.
func (t *Table) strayLay() {
	t.mu.Lock()
	t.strays++
	t.mu.Unlock()
}

// confirmUnheard has the dealer, at when, confirm from the panel the card
// of fault i dealt to seat, named as (a Ground, or "" for "a card"), if
// the dealer has not heard of it: the light is still waiting for it. A
// Ground heard turns the seat's light red; another card is taken as heard
// if the reader read more than reads, the count once the cards laid
// before it are read, and the stray cards laid since. A reader lost
// meanwhile has its own confirmations (readerWarning).
func (t *Table) confirmUnheard(i, seat, reads int, when time.Duration, as string) {
	t.mu.Lock()
	t.unsure++
	strays := t.strays
	t.mu.Unlock()
	t.Clock.At(when, func() {
		t.mu.Lock()
		t.unsure--
		strays = t.strays - strays
		t.mu.Unlock()
		heard := t.chip.svc.Health().Reads > reads+strays
		if as == game.Ground.String() {
			// A card read meanwhile may be another (a stray one): the
			// light says whether this one was.
			l := t.Lights.Now(seat)
			heard = l.Kind != hw.Off && l.Color == hw.Red
		}
		if heard {
			return
		}
		m := missed{fault: i, seat: seat, as: as}
		if t.scan.gone() {
			// The reader is lost as well: the dealer confirms this card
			// from the panel with the ones laid on it since it hung, after
			// them, once they take up the warning.
			t.mu.Lock()
			waiting := t.warnedHang != t.lastHang+1
			if waiting {
				t.unsure++ // the light still asks for it
				t.missedMeanwhile = append(t.missedMeanwhile, m)
			}
			t.mu.Unlock()
			if waiting {
				return
			}
		}
		t.confirmMissed(m, t.Clock.Now())
	})
}

// missed is a card dealt that the simulated dealer saw the reader miss
// (FaultReaderMiss, FaultDealUnscanned): the fault, the seat, and what the
// panel names it.
type missed struct {
	fault, seat int
	as          string
}

// confirmMissed confirms from the panel, at at, the card m the reader
// missed, and returns when it is confirmed.
func (t *Table) confirmMissed(m missed, at time.Duration) time.Duration {
	t.byHand(m.fault)
	t.mu.Lock()
	id := t.injected[m.fault].Card
	t.mu.Unlock()
	card := 0
	if c, ok := t.truth.CardIndex(id); ok {
		card = c + 1
	}
	return t.confirmDealt(m.seat, m.as, at, card)
}

// pressFaults are the fallers' wrong presses around a card dealt to
// player p at at: late after a Ground's window, for the faller being dealt
// a Ground, or a mash.
func (t *Table) pressFaults(p int, at time.Duration, ground bool) {
	if !t.cfg.Faults.any() {
		return
	}
	g := t.truth
	if ground {
		if f, ok := t.draw(FaultPressLate, FaultPressOther); ok {
			switch f {
			case FaultPressLate:
				s := g.Seat(p)
				when := at + t.cfg.StopWindow + 100*time.Millisecond + time.Duration(t.frng.Int64N(int64(400*time.Millisecond)))
				t.note(f, when, s, "")
				t.Buttons.ClickAt(s, when, 80*time.Millisecond)
			case FaultPressOther:
				if q, ok := t.otherFaller(p); ok {
					s := g.Seat(q)
					when := at + t.cfg.Reaction + time.Duration(t.frng.Int64N(int64(300*time.Millisecond)))
					t.note(f, when, s, "")
					t.Buttons.ClickAt(s, when, 80*time.Millisecond)
				}
			}
		}
	}
	if _, ok := t.draw(FaultMash); ok {
		q := t.frng.IntN(g.NumPlayers())
		s := g.Seat(q)
		if s == t.cfg.Human {
			return
		}
		when := at + time.Duration(t.frng.Int64N(int64(600*time.Millisecond)))
		t.note(FaultMash, when, s, "")
		for k := range 3 + t.frng.IntN(4) {
			t.Buttons.ClickAt(s, when+time.Duration(k)*120*time.Millisecond, 60*time.Millisecond)
		}
	}
}

// otherFaller is a faller still in the hand other than p, picked at
// random, and not the person's seat.
func (t *Table) otherFaller(p int) (int, bool) {
	g := t.truth
	var qs []int
	for q := 0; q < g.NumPlayers(); q++ {
		if q != p && !g.Out(q) && g.Seat(q) != t.cfg.Human {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return 0, false
	}
	return qs[t.frng.IntN(len(qs))], true
}

// newFaultRand is the faults' own random stream.
func newFaultRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0xfa17)) }

// layAgain lifts the card uid, laid at at, once the reader has heard it,
// and calls again to lay it a second time, only if nothing else came to
// the reader meanwhile: laying it again then would take that card off
// unread.
func (t *Table) layAgain(uid hw.UID, at time.Duration, again func(now time.Duration)) {
	t.Clock.At(at+t.hear, func() {
		n, ok := t.chip.liftIf(uid)
		if !ok {
			return
		}
		dealt := t.dealtSoFar()
		t.Clock.At(t.Clock.Now()+lift, func() {
			// Nor was another card dealt meanwhile, even unscanned: its
			// confirmation from the panel waits to hear whether it was
			// read, and this card's read would answer for it.
			if t.chip.lays() == n && t.dealtSoFar() == dealt {
				again(t.Clock.Now())
			}
		})
	})
}

// dealtSoFar counts the cards dealt so far, scanned or not.
func (t *Table) dealtSoFar() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dealtCards
}

// Timings of FaultFalseGone: the "not there" is taken back between
// thereAfterMin and thereAfterMin+thereAfterSpread after it is said (the
// faller points at the stack), and the card dealt dealAfterThere after
// that: 90 to 210 ms, well inside a beat at the rule sets' tempos (800 ms
// or more), so the take-back meets nothing but the sweeps and presses it
// may follow. cardFaultQuiet is how long after a card fault the table
// makes no false "not there": the fault's stray or second read, or its
// confirmation from the panel, all within a few hundred milliseconds of
// the card, would end what the misread may take back.
const (
	thereAfterMin    = 30 * time.Millisecond
	thereAfterSpread = 120 * time.Millisecond
	dealAfterThere   = 60 * time.Millisecond
	cardFaultQuiet   = time.Second
)

// falseGone is the simulated dealer, at at, about to make deal in (the
// truth's next move) as the light asks: at FaultFalseGone's rate, where it
// is made (see FaultFalseGone), they press "not there" by mistake and take
// it back with misread. It returns how much later the card is dealt.
func (t *Table) falseGone(in game.Instruction, at time.Duration) time.Duration {
	if t.cfg.Faults[FaultFalseGone] == 0 || !t.stackThere(in) || !t.dealLit(in.Seat) || t.scan.gone() {
		return 0
	}
	t.mu.Lock()
	pending := !t.remembered.Empty() || t.unsure > 0 || at < t.cardFaultUntil
	t.mu.Unlock()
	if pending {
		return 0
	}
	if _, ok := t.draw(FaultFalseGone); !ok {
		return 0
	}
	i := t.note(FaultFalseGone, at, in.Seat, "")
	t.Panel.ControlAt(hw.ControlSkip, at)
	back := at + thereAfterMin + time.Duration(t.frng.Int64N(int64(thereAfterSpread)))
	t.mu.Lock()
	t.injected[i].Said = hw.ControlMisread.String()
	// Addressed already, the faller's cards wait for the deal (meddles):
	// a rider played on them now would change what the table deals, out
	// of the dealer's sight, where a dealer who had not slipped would
	// have dealt before it.
	t.pointing = in.Player + 1
	t.mu.Unlock()
	t.Panel.ControlAt(hw.ControlMisread, back)
	return back + dealAfterThere - at
}

// stackThere reports whether in deals a card into a stack the table has:
// not a new stack, not an imaginary Ground, and not the first card of a
// turn with a rider or an Extra to show first.
func (t *Table) stackThere(in game.Instruction) bool {
	g := t.truth
	p := in.Player
	if in.Action != game.ActDeal || in.Imaginary || in.NewStack || p < 0 || in.Stack < 0 || in.Stack >= g.NumStacks(p) || g.Top(p, in.Stack) < 0 {
		return false
	}
	return !in.First || (g.Rider(p) < 0 && len(g.Extras(p)) == 0)
}

// dealLit reports whether the light at seat asks for a card into a stack
// there (steady green, amber or white) and no light is red (a Ground's
// Stop window).
func (t *Table) dealLit(seat int) bool {
	for _, s := range t.cfg.Seats {
		if l := t.Lights.Now(s); l.Kind != hw.Off && l.Color == hw.Red {
			return false
		}
	}
	l := t.Lights.Now(seat)
	return l.Kind == hw.On && (l.Color == hw.Green || l.Color == hw.Amber || l.Color == hw.White)
}
