// Package simtable is the simulated table: the physical truth of a hand (a
// full-information engine on the ordered deck), computer fallers playing
// it and a simulated human dealer who deals when the beat says so. It
// drives the dealer under test only through the hw interfaces the Pi's
// devices implement, so the dealer sees exactly what it would see at a
// real table: hwtest's fake buttons, panel, lights and sound, and for the
// cards either the PN532 as at the table (Config.PN532: pn532test's model
// of the chip under the real driver and the real reader service, run in
// lock-step with the virtual clock) or hwtest's scripted reader, which
// reads each card at exactly the time the script says.
package simtable

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/drivers/pn532/pn532test"
	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/byhand"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/hwtest"
	"github.com/falling-table/falling/hw/reader"
)

// Config sets up a simulated table.
type Config struct {
	Rules game.Rules
	// Deck is the shuffled deck, top first. The simulated table knows its
	// order; the dealer under test does not.
	Deck []game.Card
	// Seats are the fallers' seats in dealing order.
	Seats []int
	// Fallers plays each faller; a nil entry (or a nil slice) is
	// bot.Sensible.
	Fallers []bot.Strategy
	// Human is the seat whose button is a person's key (0: none). Its cards
	// are played by a Sensible bot that leaves Stops on a Ground to the
	// person: Press is their Stop.
	Human int
	// Seed makes the fallers' choices and reaction times repeatable.
	Seed uint64
	// Reaction and Jitter pace the fallers as in bot.Params.
	Reaction, Jitter time.Duration
	// DealDelay is how long after a beat's cue the simulated dealer's card
	// is read (or a rider shown).
	DealDelay time.Duration
	// StopWindow is the table's window for a Stop on a Ground: the
	// simulated dealer lets a Ground land when it is nearly over.
	StopWindow time.Duration
	// Ready makes the computer fallers press their buttons at the start to
	// say they are ready.
	Ready bool
	// Trace, if set, is told every event the truth accepted, with the
	// virtual time: what really happened, for a test to set beside the
	// dealer's log when the two disagree.
	Trace func(at time.Duration, e game.Event, what string)
	// PN532, if set, reads every card through the chip model, the real
	// driver and the real reader service: the simulated dealer lays each
	// card on the reader as they deal it and the dealer hears of it when
	// the service reads it. Nil: hwtest's scripted Reader, which reads
	// each card at the very instant the simulated dealer shows it, for
	// tests that script exact scan times.
	PN532 *PN532
	// Faults are the mistakes the table makes; the zero value makes none.
	// A night's table sets them with SetFaults.
	Faults Faults
}

// Table is a simulated table: the physical truth of a hand (a full-
// information game.Game on the ordered deck), computer fallers playing it,
// and a simulated human dealer who deals when the beat says so. Everything
// the dealer under test may see comes out through the fake devices.
type Table struct {
	Clock   *hwtest.Virtual
	Buttons *hwtest.Buttons
	// Reader is the scripted reader, nil with Config.PN532: CardReader is
	// the one to give the dealer either way.
	Reader *hwtest.Reader
	// Chip is the PN532 model under the reader with Config.PN532, nil
	// otherwise: a test makes it hang or reads its Stats.
	Chip   *pn532test.Chip
	Panel  *hwtest.Panel
	Lights *hwtest.Lights
	Sound  *hwtest.Sound

	cfg     Config
	truth   *game.Game
	rng     *rand.Rand
	fallers []bot.Strategy
	tags    map[string]hw.UID
	cards   map[hw.UID]string
	scan    scanner
	chip    *chipReader // with Config.PN532
	// riderGap and auditGap space the cards of a run over the reader;
	// hear is how long after laying a card the dealer waits before
	// acting on its having been read: confirming an audit group, taking
	// a cue for a new beat. 0 with the scripted reader, which reads a
	// card the instant it is shown.
	riderGap, auditGap, hear time.Duration

	// screen is the dealer's screen (SetScreen), nil where the table
	// cannot see one: what it says to do now.
	screen func() game.Instruction
	// lines are the dealer's screen's lines (SetLines), nil where the
	// table cannot see them.
	lines func() []string
	// ask is the dealer's ask for a card dealt by hand as the screen
	// shows it (SetAsk), nil where the table cannot see it.
	ask func() Ask
	// tops are the cards the dealer's screen draws on top of a seat's
	// stacks (SetTops), nil where the table cannot see them.
	tops func(seat int) []string
	// misread is the card the dealer's screen offers to take back with
	// misread (SetMisread), nil where the table cannot see it.
	misread func() string
	// lastRead is when the dealer's screen last showed a card read, and
	// the beat's period at its tempo (SetLastRead), nil where the table
	// cannot see them.
	lastRead func() (at, beat time.Duration)

	mu         sync.Mutex
	next       []time.Duration // each faller's next glance
	busy       bool            // the dealer's hands are full: a reaction is on its way
	missed     bool            // an audit prompt came while busy
	missedBeat bool            // with the PN532, a beat's cue came while busy dealing
	auditStep  int
	mismatches int
	stacksGone int
	ridersGone int
	lastDealt  int // the seat the last card was dealt to
	frozen     int // the faller whose rider the dealer is showing, or -1
	// pointing is the faller (+1, 0 for none) the dealer said "not there"
	// of by mistake and is about to deal to (FaultFalseGone): pointing at
	// their stack, and addressed already, they and their rider are let be
	// until the card is dealt.
	pointing int
	// cardFaultUntil is until when a card fault's cards may still come to
	// the reader or be confirmed from the panel (a stray read, a second
	// read, a card dealt unread).
	cardFaultUntil time.Duration
	groundAt       time.Duration // when the last Ground was dealt
	errs           []error
	started        bool
	frng           *rand.Rand // the faults' own stream: faults off draw nothing
	injected       []Injected
	lastHang       int // the last FaultReaderGone in injected, -1 for none
	// warnedHang is lastHang+1 once the dealer has confirmed the cards
	// laid on the hung reader (readerWarning), 0 before; missedMeanwhile
	// are the cards the dealer saw the reader miss while it was lost and
	// the warning not yet taken up: confirmed after those.
	warnedHang      int
	missedMeanwhile []missed
	// unsure counts the cards dealt that the simulated dealer saw go by
	// the reader unread (or not over it at all) and has not yet confirmed
	// or seen read, and the confirmations from the panel not yet given:
	// until then the dealer's light still asks for those cards, and is no
	// sign of a stack gone.
	unsure int
	strays int // cards laid on the reader that are no deal (FaultStrayCard, FaultReadTwice)
	// confirmed: a card was confirmed from the panel this hand.
	confirmed bool
	// dealtCards counts the cards dealt (dealCard), scanned or not.
	dealtCards int
	// warnedAt is when the dealer last sounded a warning.
	warnedAt time.Duration
	// byHandCards are the cards dealt that the simulated dealer confirmed
	// by hand and has not yet scanned when asked to: the table's record,
	// which the dealer does not have (Injected's Unread).
	byHandCards map[int]bool
	// startedStack is, for a card the simulated dealer dealt to start a
	// stack beside a seat's others, how many stacks the seat had then:
	// what they know of where it went when they confirm it (screenLacks).
	// Only a stack started after the seat's others (NewStack): one the
	// truth emptied mid-address and deals into again (Emptied) may lie
	// before others, so its place counts no stacks. A card's entry is
	// its latest deal's (dealt drops it when the card is dealt again), so
	// it holds however late that deal is confirmed (a run of cards laid on
	// a hung reader), and at most one entry a card, for one hand.
	startedStack map[int]int
	// remembered is what the simulated dealer remembers of those cards:
	// the seat, the stack and the face (identify.go).
	remembered byhand.Memory
	// scripted are cards a script dealt by hand (DealtByHand): remembered
	// once the dealer is asked and sees where they lie.
	scripted   []int
	identUntil time.Duration // an answer to the dealer's ask about identSeat is on its way until then
	identSeat  int
	identLook  bool // a look again at the ask about identSeat is on its way
	dealOn     dealOn
	decl       declaring // declare.go: the people end a hand the lights lost
}

// dealOn is a card dealt unscanned by a dealer who deals on (FaultDealOn):
// the fault, the card, whether the next deal is on its way (onward: the
// lights are not looked at), and the seat it went to once dealt.
type dealOn struct {
	fault, card int
	from        int // the seat the card dealt unscanned went to
	onward      bool
	seat        int
	made        bool
}

// pending: the card is dealt unscanned and the next not yet dealt on.
func (o dealOn) pending() bool { return o.made && o.seat == 0 }

// margin keeps the simulated dealer's own landing of a Ground, and so the
// last Stop a faller can play, clear of the end of the dealer's window.
const margin = 200 * time.Millisecond

// NewTable builds a table at virtual time 0.
func New(cfg Config) (*Table, error) {
	if cfg.Reaction == 0 && cfg.Jitter == 0 {
		p := bot.DefaultParams()
		cfg.Reaction, cfg.Jitter = p.Reaction, p.Jitter
	}
	if cfg.DealDelay <= 0 {
		cfg.DealDelay = 120 * time.Millisecond
	}
	if cfg.StopWindow <= margin {
		return nil, fmt.Errorf("sim: stop window %v: want more than %v", cfg.StopWindow, margin)
	}
	g, err := game.New(game.Config{Rules: cfg.Rules, Seats: cfg.Seats, Deck: cfg.Deck, Ordered: true})
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	if cfg.Fallers != nil && len(cfg.Fallers) != len(cfg.Seats) {
		return nil, fmt.Errorf("sim: %d strategies for %d fallers", len(cfg.Fallers), len(cfg.Seats))
	}
	clk := hwtest.NewVirtual(0)
	t := &Table{
		Clock: clk, Buttons: hwtest.NewButtons(clk), Panel: hwtest.NewPanel(clk), Lights: hwtest.NewLights(clk), Sound: hwtest.NewSound(clk),
		cfg: cfg, truth: g, rng: rand.New(rand.NewPCG(cfg.Seed, 0x5eed)),
		tags: make(map[string]hw.UID, len(cfg.Deck)), cards: make(map[hw.UID]string, len(cfg.Deck)),
		next: make([]time.Duration, len(cfg.Seats)), frozen: -1, lastHang: -1, byHandCards: map[int]bool{}, startedStack: map[int]int{},
	}
	for i, c := range cfg.Deck {
		t.tags[c.ID] = hwtest.Tag(i)
		t.cards[hwtest.Tag(i)] = c.ID
	}
	if cfg.PN532 != nil {
		cr, err := newChipReader(t, *cfg.PN532)
		if err != nil {
			return nil, err
		}
		t.chip, t.Chip, t.scan = cr, cr.chip, cr
		t.riderGap, t.auditGap, t.hear = cr.gap, cr.gap, cr.hear
	} else {
		t.Reader = hwtest.NewReader(clk, t.tags)
		t.scan = scripted{t.Reader}
		t.riderGap, t.auditGap = 20*time.Millisecond, 30*time.Millisecond
	}
	t.frng = newFaultRand(cfg.Seed)
	if err := cfg.Faults.validate(t.chip != nil); err != nil {
		return nil, errors.Join(err, t.Close())
	}
	t.fallers = make([]bot.Strategy, len(cfg.Seats))
	for i, s := range cfg.Seats {
		switch {
		case cfg.Fallers != nil && cfg.Fallers[i] != nil:
			t.fallers[i] = cfg.Fallers[i]
		case s == cfg.Human:
			t.fallers[i] = &bot.Sensible{NoStopGround: true}
		default:
			t.fallers[i] = &bot.Sensible{}
		}
	}
	t.Sound.Observe(t.onCue)
	return t, nil
}

// scanner is the card reader as the simulated dealer uses it.
type scanner interface {
	// layAt passes the card tagged uid over the reader at t; w says
	// whether the dealer waits to hear of it (a deal, a Stop, a rider), so
	// confirms it from the panel if the reader turns out to have been
	// lost, and how.
	layAt(uid hw.UID, t time.Duration, w ifUnheard)
	// gone reports whether the dealer has been told the reader is lost:
	// cards are then confirmed from the panel.
	gone() bool
}

// scripted is hwtest's Reader: a card is read the instant it is shown.
type scripted struct{ r *hwtest.Reader }

func (s scripted) layAt(uid hw.UID, t time.Duration, _ ifUnheard) { s.r.ScanAt(uid, t) }
func (s scripted) gone() bool                                     { return s.r.Gone() }

// ifUnheard is whether the simulated dealer waits to hear of a card laid on the
// reader (a deal, a Stop, a rider; not an audit's card, which the audit
// asks for again), and what they name it from the panel if the dealer
// never did: a person confirming by hand sees the card's face, and a
// Ground, a rider or an Extra does not count as "a card".
type ifUnheard struct {
	wait bool
	as   string // "" a plain confirmation
	seat int    // the seat a card was dealt to, 0 for a card shown
	// stray is a card laid that is no deal (FaultStrayCard, the second
	// read of FaultReadTwice): never confirmed, but the reader reads it.
	stray bool
	// card is the card dealt (its index + 1, 0 for none): confirmed by
	// hand, it is one the dealer may ask to have scanned later.
	card int
}

var noWait = ifUnheard{}

// confirmAt is the simulated dealer confirming from the panel, at at, a card
// the dealer did not hear of, named as (a plain confirmation for "").
func (t *Table) confirmAt(as string, at time.Duration) {
	// Until it is given, the dealer's light still asks for that card.
	t.mu.Lock()
	t.unsure++
	t.confirmed = true
	t.mu.Unlock()
	t.Panel.EventAt(hw.PanelEvent{Control: hw.ControlConfirm, Kernel: at, As: as})
	t.Clock.At(at, func() {
		t.mu.Lock()
		t.unsure--
		t.mu.Unlock()
	})
}

// dealtAs is what the simulated dealer names card c, dealt from the deck,
// when confirming it by hand: a Ground is named, since its face is what
// opens its Stop window; any other card dealt is "a card".
func (t *Table) dealtAs(c, seat int) ifUnheard {
	if t.truth.Card(c).Kind == game.Ground {
		return ifUnheard{wait: true, as: game.Ground.String(), seat: seat, card: c + 1}
	}
	return ifUnheard{wait: true, seat: seat, card: c + 1}
}

// confirmDealt is the simulated dealer confirming by hand, from at, a card
// dealt to seat that the dealer did not hear of, named as. If the dealer
// would sweep a rider there (a violet light) that the table no longer has
// (Stopped or Moved unseen), read, the card would say so; confirmed by
// hand it would be taken for the sweep: the dealer first says from the
// panel that the rider is not there. It returns when the card is
// confirmed. card is the card dealt (its index + 1, 0 if not known).
func (t *Table) confirmDealt(seat int, as string, at time.Duration, card int) time.Duration {
	if card > 0 {
		t.rememberByHand(card-1, seat)
	}
	if t.chip != nil {
		// Confirmed, the card no longer waits for the reader (lightBehind).
		t.chip.forgetDealt(seat)
	}
	if seat > 0 && t.Lights.Now(seat) == (hw.Pattern{Kind: hw.On, Color: hw.Violet}) {
		t.mu.Lock()
		t.ridersGone++
		t.unsure++
		t.mu.Unlock()
		t.Panel.ControlAt(hw.ControlSkip, at)
		t.Clock.At(at, func() {
			t.mu.Lock()
			t.unsure--
			t.mu.Unlock()
		})
		at += 50 * time.Millisecond
	}
	if card > 0 && t.screen != nil {
		t.mu.Lock()
		j, ok := t.startedStack[card-1]
		t.mu.Unlock()
		if ok {
			return t.confirmStarted(seat, j, as, at)
		}
	}
	t.confirmAt(as, at)
	return at
}

// confirmStarted confirms, at at, a card the simulated dealer dealt to
// start a new stack at seat, which had j stacks then. If the dealer's
// screen asks for it to go into an existing stack the table did not have
// (screenLacks), that stack's only card was picked up unseen: "Extra stacks
// disappear once they are empty". A person who has just started a new
// stack there says so from the panel ("not there") before confirming the
// card, as they would before dealing it had they looked then
// (stackNotHere). The screen is looked at once the confirmations before
// it are in: a run of cards laid on a hung reader is confirmed one by
// one, each after the screen has taken the one before. It returns when
// the card is confirmed.
func (t *Table) confirmStarted(seat, j int, as string, at time.Duration) time.Duration {
	t.mu.Lock()
	t.unsure++ // the light still waits for the card
	t.mu.Unlock()
	t.Clock.At(at, func() {
		now := t.Clock.Now()
		if t.screenLacks(seat, j) {
			t.mu.Lock()
			t.stacksGone++
			t.mu.Unlock()
			t.Panel.ControlAt(hw.ControlSkip, now)
			now += 50 * time.Millisecond
		}
		t.confirmAt(as, now)
		t.mu.Lock()
		t.unsure--
		t.mu.Unlock()
	})
	return at + 50*time.Millisecond
}

// screenLacks reports whether the dealer's screen asks for the next card
// at seat to go into a stack of the address's plan (Instruction.Stack, not
// a stack beyond the seat's: NewStack) that the table, with have stacks
// there, does not have: one the faller emptied unseen before the address
// began ("Extra stacks disappear once they are empty"). The person says
// "not there" of it (stackGone). have counts the stacks as the truth keeps
// them, one emptied during this address included, as the engine keeps
// it: such a stack, its only card played where the dealer saw it, the
// truth deals into again as the engine does, and the test stays quiet.
//
// A stack the engine emptied while the table never had it in this address
// (official seed 84, a perfect table: seat 4's second stack, its only card
// a Stop picked up unseen before the address, played from the hand on the
// Ground dealt to the first stack) the screen calls "a new stack"
// (Instruction.Emptied), and the person says "not there" of it too: it is
// a place the address planned for a stack the table did not have, and the
// card owed there is not owed at all. Read as "start one" (StartsStack),
// the engine would take the next card for it while the table deals it to
// the first stack, its address a card longer than the table's.
func (t *Table) screenLacks(seat, have int) bool {
	s := t.screen()
	return s.Action == game.ActDeal && !s.Imaginary && !s.NewStack && s.Seat == seat && s.Stack >= have
}

// shownAs is a rider or an Extra shown at a seat's turn: named by its kind.
func (t *Table) shownAs(c int) ifUnheard {
	return ifUnheard{wait: true, as: t.truth.Card(c).Kind.String()}
}

// CardReader is the reader to give the dealer under test: the reader
// service on the chip model with Config.PN532, the scripted Reader
// otherwise.
func (t *Table) CardReader() hw.CardReader {
	if t.chip != nil {
		return t.chip.svc
	}
	return t.Reader
}

// ReaderHealth is the reader service's health (its watchdog's state and
// counters) with Config.PN532; false with the scripted reader.
func (t *Table) ReaderHealth() (reader.Health, bool) {
	if t.chip == nil {
		return reader.Health{}, false
	}
	return t.chip.svc.Health(), true
}

// Laid counts the cards the simulated dealer laid on the reader with
// Config.PN532: every one the dealer can have heard of.
func (t *Table) Laid() int {
	if t.chip == nil {
		return 0
	}
	t.chip.mu.Lock()
	defer t.chip.mu.Unlock()
	return t.chip.laid
}

// Close stops the card reader service, if the table runs one. Call it once
// the hand is over, from the goroutine that advanced the clock or after it
// has stopped.
func (t *Table) Close() error {
	if t.chip == nil {
		return nil
	}
	return t.chip.close()
}

// Cards maps each tag to its card ID: the deck file the dealer reads.
func (t *Table) Cards() map[hw.UID]string { return t.cards }

// TagOf is card id's tag.
func (t *Table) TagOf(id string) (hw.UID, bool) { u, ok := t.tags[id]; return u, ok }

// DealtByHand tells the table that card id, dealt by a script without a
// read, lies where it was dealt as a card dealt by hand: asked to scan the
// card dealt by hand at its seat, the simulated dealer scans it.
func (t *Table) DealtByHand(id string) error {
	c, ok := t.truth.CardIndex(id)
	if !ok {
		return fmt.Errorf("simtable: no card %q in the deck", id)
	}
	// The script may deal it later: where it lies is seen when asked.
	t.mu.Lock()
	t.byHandCards[c] = true
	t.scripted = append(t.scripted, c)
	t.mu.Unlock()
	return nil
}

// Truth is the physical state of the hand. Read it only from the goroutine
// that advances the clock, or after the hand.
func (t *Table) Truth() *game.Game { return t.truth }

// Mismatches counts the beats at which the dealer lit a seat the simulated
// dealer had nothing for and had not just dealt to: the dealer and the
// table disagree about whose turn it is.
func (t *Table) Mismatches() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.mismatches
}

// RidersGone counts the beats at which the dealer asked for a rider to be
// swept or left at a seat that had none, before an imaginary Ground, and
// the simulated dealer said it was not there.
func (t *Table) RidersGone() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ridersGone
}

// StacksGone counts the beats at which the dealer wanted more cards for the
// seat just dealt to than the table had stacks for, and the simulated
// dealer reported the expected stack gone: "What it cannot see ... it
// reconstructs", and a stack picked up unseen is one of those.
func (t *Table) StacksGone() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stacksGone
}

// Err reports the first thing that went wrong at the table: a faller's
// move the rules refused, or a device that could not deliver.
func (t *Table) Err() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	errs := append([]error(nil), t.errs...)
	if t.Reader != nil {
		errs = append(errs, t.Reader.Err())
	}
	return errors.Join(append(errs, t.Buttons.Err(), t.Panel.Err())...)
}

func (t *Table) fail(err error) {
	t.mu.Lock()
	t.errs = append(t.errs, err)
	t.mu.Unlock()
}

// Start sets the fallers going: they say they are ready (if asked) and
// begin to glance at their cards. Call it once, before advancing the clock.
func (t *Table) Start() {
	t.mu.Lock()
	if t.started {
		t.mu.Unlock()
		return
	}
	t.started = true
	patience := t.decl.patience
	t.mu.Unlock()
	now := t.Clock.Now()
	if patience > 0 {
		t.watchAt(now + patience)
	}
	for i, s := range t.cfg.Seats {
		if t.cfg.Ready && s != t.cfg.Human {
			t.Buttons.ClickAt(s, now+300*time.Millisecond+time.Duration(i)*100*time.Millisecond, 80*time.Millisecond)
		}
		t.glanceAt(i, now+t.react())
	}
}

func (t *Table) react() time.Duration {
	if t.cfg.Jitter <= 0 {
		return t.cfg.Reaction
	}
	return t.cfg.Reaction + time.Duration(t.rng.Int64N(int64(t.cfg.Jitter)))
}

// glanceAt makes faller i look at their cards at at, replacing any later
// glance already planned.
func (t *Table) glanceAt(i int, at time.Duration) {
	t.mu.Lock()
	t.next[i] = at
	t.mu.Unlock()
	t.Clock.At(at, func() {
		t.mu.Lock()
		stale := t.next[i] != at
		t.mu.Unlock()
		if !stale {
			t.act(i)
		}
	})
}

// act is faller i's turn to do something, if they want to.
func (t *Table) act(i int) {
	g := t.truth
	if g.Over() || g.Out(i) {
		return
	}
	now := t.Clock.Now()
	held := g.Hand(i)
	e, ok := t.fallers[i].Act(g, i, t.rng)
	if !ok || t.meddles(e) {
		t.glanceAt(i, now+t.react()/4)
		return
	}
	if seen := t.groundSeen(); e.Kind == game.EvPlay && e.Stop == game.StopDeal && now < seen {
		t.glanceAt(i, seen)
		return
	}
	if err := t.apply(e); err != nil {
		t.fail(fmt.Errorf("sim: faller at seat %d: %v: %w", t.cfg.Seats[i], e, err))
		return
	}
	if e.Kind == game.EvPlay && e.Stop == game.StopDeal {
		t.stopShown(i, held, now)
	}
	t.glanceAt(i, now+t.react())
}

// stopShown is a faller's Stop on a Ground as the table sees it: their
// button at once, then the dealer reading the Stop card they hand over.
func (t *Table) stopShown(i, stop int, now time.Duration) {
	t.Buttons.ClickAt(t.cfg.Seats[i], now, 80*time.Millisecond)
	if t.scan.gone() {
		t.Panel.ControlAt(hw.ControlConfirm, now+150*time.Millisecond)
		return
	}
	t.scan.layAt(t.tags[t.truth.Card(stop).ID], now+150*time.Millisecond, ifUnheard{wait: true})
}

// Press is the human seat's key: their button, and their Stop if a Ground
// is landing on them and they have one to hand.
func (t *Table) Press(seat int) {
	t.Clock.At(t.Clock.Now(), func() {
		now := t.Clock.Now()
		g := t.truth
		p := g.PlayerAt(seat)
		pp, _, ground, pending := g.PendingDeal()
		if p < 0 || !pending || !ground || pp != p {
			t.Buttons.ClickAt(seat, now, 80*time.Millisecond)
			return
		}
		if h := g.Hand(p); h < 0 {
			for s := 0; s < g.NumStacks(p); s++ {
				if top := g.Top(p, s); top >= 0 && g.Card(top).Kind == game.Stop {
					if err := t.apply(game.PickUp(p, s)); err == nil {
						break
					}
				}
			}
		}
		h := g.Hand(p)
		if h < 0 || g.Card(h).Kind != game.Stop || t.apply(game.PlayStop(p, p, game.StopDeal)) != nil {
			t.Buttons.ClickAt(seat, now, 80*time.Millisecond) // a claim with no Stop to show
			return
		}
		t.stopShown(p, h, now)
	})
}

// beatCue reports whether c is one the dealer plays on a beat.
func beatCue(c hw.Cue) bool {
	switch c {
	case hw.CueAccent, hw.CueDealHere, hw.CueTick, hw.CueSkip, hw.CueGround:
		return true
	}
	return false
}

// onCue is the simulated dealer hearing a cue: on a beat they look at the
// lights and, a moment later, do what the rules say comes next.
func (t *Table) onCue(c hwtest.CuePlayed) {
	if c.Cue == hw.CueWarning {
		t.mu.Lock()
		t.warnedAt = max(t.warnedAt, c.At, c.Now)
		t.mu.Unlock()
		t.Clock.At(max(c.At, c.Now)+t.cfg.DealDelay, func() {
			if t.chip != nil {
				t.readerWarning()
			}
			t.identifyAsked()
		})
		return
	}
	if !beatCue(c.Cue) {
		return
	}
	if c.Cue == hw.CueGround && t.truth.Next().Action == game.ActLand {
		return // the Ground just read, not an imaginary one announced on the beat
	}
	early := t.endedEarly()
	t.mu.Lock()
	if t.busy {
		// A prompt heard with full hands is only taken up afterwards at
		// the audit: during the deal a cue heard while busy is the
		// dealer's reaction to this very card.
		t.missed = t.truth.Over() || early
		// Not so with the PN532: a run of cards held over the reader
		// one by one (a rider, its Extras, the card) can outlast a
		// beat, whose cue the dealer then plays only once; it is looked
		// into when the hands are free (lookAgain).
		t.missedBeat = t.missedBeat || (t.chip != nil && !t.missed)
		t.mu.Unlock()
		return
	}
	t.busy = true
	t.missedBeat = false // this cue is taken up: one missed before is old news
	t.mu.Unlock()
	// The dealer hears a cue when it sounds, which may be after it was
	// asked for: a beat's cue is scheduled ahead by the speaker's lead.
	t.Clock.At(max(c.At, c.Now)+t.cfg.DealDelay, t.deal)
}

func (t *Table) lit(seat int) bool { return t.Lights.Now(seat).Kind != hw.Off }

func (t *Table) litFaller() int {
	for _, s := range t.cfg.Seats {
		if t.lit(s) {
			return s
		}
	}
	return 0
}

// deal is the simulated dealer's move on a beat.
func (t *Table) deal() {
	at := t.Clock.Now()
	done := func(end time.Duration) {
		// With the PN532 the dealer hears of a card up to Hear after it
		// is laid, and its reaction (a cue) is not a new beat: the hands
		// are free only once the last card laid has been heard of.
		t.Clock.At(end+t.hear, func() {
			t.mu.Lock()
			if t.missedBeat {
				// Still busy until lookAgain has looked.
				t.missedBeat = false
				t.mu.Unlock()
				t.Clock.At(end+t.cfg.DealDelay, t.lookAgain)
				return
			}
			t.busy = false
			missed := t.missed
			t.missed = false
			t.mu.Unlock()
			if missed {
				t.onCue(hwtest.CuePlayed{Cue: hw.CueAccent, At: end, Now: end})
			}
		})
	}
	g := t.truth
	if t.endedEarly() {
		// The lights ended the hand, asking for the audit, while the
		// table's goes on: no light will ask for its last cards. The
		// people deal them out without the lights, as they do a hand the
		// lights lost, and the dealer's word stands: "The dealer's
		// solution is final." (The panel's winner control, refused once
		// the audit has begun, cannot say otherwise.) Left to the beat,
		// the hand would wait for ever: the audit's prompt is no beat.
		if !t.dealOut() {
			done(at)
			return
		}
	}
	if g.Over() && (t.declaringUntil(at) || !t.auditAsked()) {
		// The winner is still to press, or the lights deal on: no audit
		// yet (the people declare the winner, with patience).
		done(at)
		return
	}
	if g.Over() {
		done(t.audit(at))
		return
	}
	in := g.Next()
	for in.ClosesAddress() {
		t.step() // a sweep left over from the last address
		in = g.Next()
	}
	if in.Action == game.ActLand || in.Action == game.ActOver {
		done(at)
		return
	}
	if t.dealingOn(in, at) {
		done(at)
		return
	}
	t.mu.Lock()
	unsure := t.unsure > 0
	t.mu.Unlock()
	if unsure {
		// A card dealt unread is still to be confirmed: the light waits
		// for it, and the dealer deals on once it is.
		done(at)
		return
	}
	if t.identifySeat() != 0 {
		// The dealer holds the beat to ask for a card dealt by hand (a
		// seat's light blinking blue): that light asks for no deal, and
		// the hands that answer it are the dealer's (identifyAsked). A
		// rider shown now would come to the reader with the answer and
		// be read for it. The beat resumes once the ask is answered.
		done(at)
		return
	}
	if !t.lit(in.Seat) {
		t.mu.Lock()
		last := t.lastDealt
		t.mu.Unlock()
		// A red light is a Ground: the one just read, or an imaginary one
		// announced; for the seat just dealt to, an imaginary Ground the
		// table has no stack for is a stack gone like any other card.
		if s := t.litFaller(); s != 0 && (t.Lights.Now(s).Color != hw.Red || s == last) {
			// The dealer wants more for a seat whose stack is gone
			// (picked up unseen): say so from the panel. That is the
			// table's lot when it is the seat just dealt to; any other
			// seat means the dealer and the table disagree.
			t.mu.Lock()
			if s == last {
				t.stacksGone++
			} else {
				t.mismatches++
			}
			t.mu.Unlock()
			t.Panel.ControlAt(hw.ControlSkip, at)
		}
		done(at)
		return
	}
	if in.First && in.Imaginary && g.Rider(in.Player) < 0 && t.Lights.Now(in.Seat).Color == hw.Violet {
		// Told to sweep or leave a rider that is not there (Moved or
		// Stopped unseen), with no card to deal that would show it: the
		// dealer says so from the panel.
		t.mu.Lock()
		t.ridersGone++
		t.mu.Unlock()
		t.Panel.ControlAt(hw.ControlSkip, at)
		done(at)
		return
	}
	if !in.First && (t.fewerStacks(t.Lights.Now(in.Seat), in) || t.stackNotHere(in)) && !t.lightBehind(in.Seat, at) {
		// The seat is the right one but the dealer counts a stack the
		// table no longer has: the dealer says so before dealing.
		t.mu.Lock()
		t.stacksGone++
		t.mu.Unlock()
		t.Panel.ControlAt(hw.ControlSkip, at)
		done(at)
		return
	}
	// A "not there" said by mistake and taken back (FaultFalseGone) comes
	// before the card.
	at += t.falseGone(in, at)
	p := in.Player
	if in.First && t.scan.gone() {
		if r := g.Rider(p); r >= 0 {
			// The reader is gone: the dealer names the rider and its
			// Extras from the panel as they reach the seat, before its
			// cards, as they would have shown them.
			t.mu.Lock()
			t.frozen = p
			t.mu.Unlock()
			t.confirmAt(g.Card(r).Kind.String(), at)
			at += t.riderGap
			for range g.Extras(p) {
				t.confirmAt(game.Extra.String(), at)
				at += t.riderGap
			}
		}
	} else if in.First {
		if r := g.Rider(p); r >= 0 {
			// The dealer has reached the seat and holds up its rider: from
			// now on "no one can affect the deal by meddling with the
			// rider", though the truth starts the address only with the
			// step after the reads.
			t.mu.Lock()
			t.frozen = p
			t.mu.Unlock()
			t.scan.layAt(t.tags[g.Card(r).ID], at, t.shownAs(r))
			at += t.riderGap
			for _, x := range g.Extras(p) {
				t.scan.layAt(t.tags[g.Card(x).ID], at, t.shownAs(x))
				at += t.riderGap
			}
		}
	}
	dealNow := func() {
		t.mu.Lock()
		t.frozen, t.pointing = -1, 0
		t.mu.Unlock()
		in := g.Next()
		t.step()
		if in.Action == game.ActDeal {
			t.mu.Lock()
			t.lastDealt = in.Seat
			t.mu.Unlock()
			t.dealt(in, t.Clock.Now())
		}
	}
	t.Clock.At(at, func() {
		if t.extraTakenForDeal() || t.skipTakenForDeal() {
			// The Extra shown was taken for the rider's first card: the
			// dealer says misread before dealing, and deals once the light
			// asks for what the Extra owes.
			now := t.Clock.Now()
			t.Panel.ControlAt(hw.ControlMisread, now)
			t.Clock.At(now+dealAfterThere, dealNow)
			return
		}
		dealNow()
	})
	done(at)
}

// extraTakenForDeal is the simulated dealer, who has just shown a rider
// and its Extra at the seat the truth deals to next, looking at the light
// before dealing: it asks for fewer cards than the Extra shown owes ("EXTRA
// HIT: After dealing normally, deal two extra cards to each stack"), and
// the screen offers to take back with misread that very Extra: the dealer
// took it, read from the deck, for the rider's first card (a card dealt by
// hand that its faller picked up unseen and played on the rider). A person
// who sees both says misread.
func (t *Table) extraTakenForDeal() bool {
	g := t.truth
	in := g.Next()
	if t.chip == nil || t.misread == nil || t.scan.gone() || in.Action != game.ActDeal || !in.First || in.Extras == 0 {
		return false
	}
	if due, ok := lightDue(t.Lights.Now(in.Seat)); !ok || due >= min(in.Due, 3) {
		return false
	}
	id := t.misread()
	for _, x := range g.Extras(in.Player) {
		if g.Card(x).ID == id {
			return true
		}
	}
	return false
}

// skipTakenForDeal is the simulated dealer, who has just shown a Skip (or
// a Chute) lying as the rider of the seat the truth addresses, looking at
// the lights before sweeping it: the seat's light is out, the screen gone
// on to another seat without asking for the sweep ("SKIP: Deal no cards to
// this player, and sweep away the Skip"), and the screen offers to take
// back with misread that very card (or the Extra on it), drawing it on top
// of one of the seat's stacks. The dealer took it for the seat's deal: a
// card dealt by hand that its faller picked up unseen, or a rider Moved
// there unseen. A person who sees the Skip lying there says misread, as
// game/messy's dealer does (skipNotSwept). Where the screen drew it as the
// rider it is, the beat confirmed its sweep before the dealer looked (a
// fast tempo, TestFastTempoHandsFinish/240), and the misread still offered
// would take a right rider back: the stacks drawn tell the two apart, not
// the wording of the screen's lines. Where the seat has two stacks the
// screen took the Skip for the deal into one and stays at the seat, its
// light on, asking for the other's card: the dealer, who would deal that
// seat nothing, says misread there too.
func (t *Table) skipTakenForDeal() bool {
	g := t.truth
	in := g.Next()
	if t.chip == nil || t.misread == nil || t.screen == nil || t.scan.gone() || !in.First || (in.Action != game.ActSweep && in.Action != game.ActPass) {
		return false
	}
	if s := t.screen(); (s.Seat == in.Seat && s.Action != game.ActDeal) || (s.Seat != in.Seat && t.lit(in.Seat)) || t.identifySeat() != 0 {
		// Still at this seat (its light put out only by an ask for a
		// card dealt by hand elsewhere): the sweep is still to come. A
		// screen still at this seat that asks for a card, though, took
		// the Skip for the deal into one of two stacks and wants the
		// other's: the Skip deals this seat nothing.
		return false
	}
	r := g.Rider(in.Player)
	if r < 0 {
		return false
	}
	id := t.misread()
	if t.tops != nil && !slices.Contains(t.tops(in.Seat), id) {
		// The screen does not draw it on top of the seat's stacks: it
		// took it for the rider it is, and the beat has confirmed its
		// sweep already (a fast tempo).
		return false
	}
	if g.Card(r).ID == id {
		return true
	}
	for _, x := range g.Extras(in.Player) {
		if g.Card(x).ID == id {
			return true
		}
	}
	return false
}

// lightDue is how many cards a seat's light asks for: green one, amber
// two, white three or more.
func lightDue(l hw.Pattern) (int, bool) {
	if l.Kind != hw.On && l.Kind != hw.Pulse {
		return 0, false
	}
	switch l.Color {
	case hw.Green:
		return 1, true
	case hw.Amber:
		return 2, true
	case hw.White:
		return 3, true
	}
	return 0, false
}

// lookAgain is the simulated dealer, hands free after a beat they heard
// while busy, looking at the lights: if they ask for the card the rules
// say comes next they deal it now; if not, the cue was the dealer's
// reaction to the card just read, and they wait for the next beat. An
// audit prompt missed meanwhile is taken up as deal's done does.
func (t *Table) lookAgain() {
	g := t.truth
	in := g.Next()
	if t.endedEarly() || (!g.Over() && (in.Action == game.ActDeal || in.First) && t.lit(in.Seat)) {
		t.deal()
		return
	}
	t.mu.Lock()
	t.busy = false
	missed := t.missed
	t.missed = false
	t.mu.Unlock()
	if missed {
		now := t.Clock.Now()
		t.onCue(hwtest.CuePlayed{Cue: hw.CueAccent, At: now, Now: now})
	}
}

// SetScreen lets the simulated dealer read the dealer's screen: f is what
// it says to do now. Set before the hand starts; f is called without the
// table's lock held.
func (t *Table) SetScreen(f func() game.Instruction) { t.screen = f }

// SetMisread lets the simulated dealer read the card the dealer's screen
// offers to take back with misread ("" for none). Set before the hand
// starts; f is called without the table's lock held.
func (t *Table) SetMisread(f func() string) { t.misread = f }

// SetLastRead lets the simulated dealer see when the dealer's screen last
// showed a card read and how long its beat is: f reports both. Set before
// the hand starts; f is called without the table's lock held.
func (t *Table) SetLastRead(f func() (at, beat time.Duration)) { t.lastRead = f }

// SetLines lets the simulated dealer read the lines on the dealer's
// screen (its requests and warnings, the newest last). Set before the
// hand starts; f is called without the table's lock held.
func (t *Table) SetLines(f func() []string) { t.lines = f }

// SetTops lets the simulated dealer see the cards the dealer's screen
// draws on top of a seat's stacks (View.Seats[].Stacks): f reports them
// for a seat. Set before the hand starts; f is called without the table's
// lock held.
func (t *Table) SetTops(f func(seat int) []string) { t.tops = f }

// screenSays reports whether a line on the dealer's screen holds part.
func (t *Table) screenSays(part string) bool {
	if t.lines == nil {
		return false
	}
	for _, l := range t.lines() {
		if strings.Contains(l, part) {
			return true
		}
	}
	return false
}

// lightBehind reports whether the card the simulated dealer laid on the
// reader for seat last, less than a beat before at, is one the dealer has
// not shown yet: the screen has shown no card read since it was laid (the
// reader hung, say, and the dealer has not said so yet). The light still
// asks for that card, so it asks for one more than the table owes the
// seat: a person who has just dealt it deals on, and does not take the
// light for one counting a stack the table no longer has. They go by what
// they did and what the screen shows, no more: the reader's own count of
// its reads is not on it.
func (t *Table) lightBehind(seat int, at time.Duration) bool {
	if t.chip == nil || t.lastRead == nil {
		return false
	}
	laid, ok := t.chip.laidFor(seat)
	if !ok {
		return false
	}
	readAt, beat := t.lastRead()
	return at-laid < beat && readAt < laid
}

// stackNotHere reports whether the dealer's screen asks for the card due
// at seat in.Seat to go into a stack the table does not have there: its
// only card was picked up unseen ("Extra stacks disappear once they are
// empty"). The light says how many cards, not which stack ("three or
// more" cannot be told from two stacks of a Hit and one), so the dealer
// reads the stack from the screen ("deal a card to seat 2, stack 2";
// screenLacks).
func (t *Table) stackNotHere(in game.Instruction) bool {
	if t.screen == nil || in.Action != game.ActDeal {
		return false
	}
	return t.screenLacks(in.Seat, t.truth.NumStacks(in.Player))
}

// fewerStacks reports whether the dealer's light for a deal in the middle
// of an address proves it asks for more than the table has stacks for: an
// existing stack where the table has to start a new one, or more cards due
// than the table has places for. The light says how many are due (green one, amber
// two, white more) and whether the stack is new (pulsing).
func (t *Table) fewerStacks(lit hw.Pattern, in game.Instruction) bool {
	if in.Action != game.ActDeal || (lit.Kind != hw.On && lit.Kind != hw.Pulse) {
		return false
	}
	due := 0
	switch lit.Color {
	case hw.Green:
		due = 1
	case hw.Amber:
		due = 2
	case hw.White:
		due = 3
	default:
		return false // not a deal: a Ground, a sweep
	}
	// White is "three or more": against fewer cards due at the table it
	// says the dealer counts more, not which stack they count that the
	// table lacks. Told "gone" then, the dealer would drop the stack it was
	// about to deal into, a real one, and move on while the table still
	// has cards due; the dealer deals on instead, and says "gone" once the
	// table's deal is over and the light still asks for more.
	return (lit.Kind == hw.On && in.NewStack) || (due < 3 && due > in.Due)
}

// groundSeen is the earliest a faller can react to the last Ground dealt.
// With the PN532 a glance that happens to fall just after the deal would
// otherwise have its Stop pressed before the reader has read the Ground,
// tens of milliseconds later, which no person does: the faller's quickest
// reaction (Config.Reaction) is far longer. The scripted reader reads the
// Ground at the instant it is dealt, so there it cannot be outrun.
func (t *Table) groundSeen() time.Duration {
	if t.chip == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.groundAt + t.cfg.Reaction
}

// meddles reports whether e, a faller's move, would touch the rider of a
// seat the dealer is showing, or the faller a false "not there" was said
// of (FaultFalseGone) before their card is dealt.
func (t *Table) meddles(e game.Event) bool {
	t.mu.Lock()
	f, pt := t.frozen, t.pointing-1
	t.mu.Unlock()
	if pt >= 0 && (e.Player == pt || (e.Kind == game.EvPlay && e.Target == pt)) {
		// The faller the dealer is addressing, pointing at their stack
		// while a false "not there" is taken back: their cards wait for
		// the deal, as they would have had the dealer not slipped.
		return true
	}
	if f < 0 || e.Kind != game.EvPlay {
		return false
	}
	if e.Stop == game.StopDeal && e.Target == e.Player {
		return false // a Stop on a card being dealt to oneself touches no rider
	}
	return e.Target == f || e.Player == f
}

// dealt follows a card just dealt: the reader (or the panel, with the
// reader gone) sees it, the sweep that ends the address is made, and a
// Ground gets its Stop window.
func (t *Table) dealt(in game.Instruction, at time.Duration) {
	g := t.truth
	p, c, ground, _ := g.PendingDeal()
	if c >= 0 {
		// (A Ground Stopped goes back on the deck, to be dealt again.)
		t.mu.Lock()
		delete(t.startedStack, c)
		if in.NewStack && in.Stack > 0 {
			t.startedStack[c] = in.Stack
		}
		t.mu.Unlock()
	}
	switch {
	case in.Imaginary && t.deckEndAsked(in.Seat):
		// The table's deck is empty, but the lights ask for a card (one
		// dealt unscanned and never said): the dealer deals the imaginary
		// Ground the screen asks for and names it from the panel.
		t.confirmAt(game.Ground.String(), at)
	case in.Imaginary:
		// The dealer under test announced it: nothing to read.
	case t.scan.gone():
		w := t.dealtAs(c, in.Seat)
		t.confirmDealt(in.Seat, w.as, at, w.card)
	default:
		t.dealCard(c, at, in.Seat)
		t.sweepNotThere(in, c, at)
	}
	if !in.Imaginary && p >= 0 {
		t.pressFaults(p, at, ground)
	}
	if !ground {
		for n := g.Next(); n.Action == game.ActSweep && !n.First && n.Player == in.Player; n = g.Next() {
			t.step()
		}
		return
	}
	t.mu.Lock()
	t.groundAt = at
	t.mu.Unlock()
	if t.fallers[p] != nil {
		t.mu.Lock()
		soon := at + t.react()
		later := t.next[p] > soon
		t.mu.Unlock()
		if later {
			t.glanceAt(p, soon)
		}
	}
	// The same Ground may be Stopped and dealt again to this seat: only
	// this deal's window ends here.
	n := g.Dealt()
	t.Clock.At(at+t.cfg.StopWindow-margin, func() {
		if q, d, gr, ok := g.PendingDeal(); ok && gr && q == p && d == c && g.Dealt() == n {
			t.step() // not stopped: it lands
		}
	})
}

// deckEndAsked reports whether the dealer's screen asks for an imaginary
// Ground at seat where the lights ask for a card: "every Ground is dealt
// ... deal seat N an imaginary Ground and name it (g)". The simulated
// dealer, whose deck is empty, does as it says.
func (t *Table) deckEndAsked(seat int) bool {
	return t.screenSays(fmt.Sprintf("deal seat %d an imaginary Ground and name it", seat))
}

// sweepNotThere is the simulated dealer who just dealt card c, a Skip or
// a Chute, to a seat with no rider this turn, seeing that seat's light ask
// to sweep a rider (or leave it) once the card is heard of: the dealer
// took it for the faller's own card dealt by hand, picked up and played
// there (shown, a Skip deals nothing, so nothing follows it, as nothing
// follows a deal). No rider lies there: the dealer says "not there", and
// the card is dealt after all (game.InfDealtAfterAll).
func (t *Table) sweepNotThere(in game.Instruction, c int, at time.Duration) {
	k := t.truth.Card(c).Kind
	if in.Rider != game.NoKind || (k != game.Skip && k != game.Chute) {
		return
	}
	t.Clock.At(at+t.hear+t.cfg.Reaction, func() {
		if t.Lights.Now(in.Seat) == (hw.Pattern{Kind: hw.On, Color: hw.Violet}) {
			t.Panel.ControlAt(hw.ControlSkip, t.Clock.Now())
		}
	})
}

func (t *Table) step() {
	if err := t.apply(game.Step()); err != nil {
		t.fail(fmt.Errorf("sim: dealer step: %w", err))
	}
}

// apply moves the truth, and tells the trace.
func (t *Table) apply(e game.Event) error {
	g := t.truth
	var what string
	if t.cfg.Trace != nil {
		switch e.Kind {
		case game.EvStep:
			what = g.Next().String()
		case game.EvPlay:
			if h := g.Hand(e.Player); h >= 0 {
				what = g.Card(h).String()
			}
		}
	}
	if err := g.Apply(e); err != nil {
		return err
	}
	if e.Kind == game.EvStep {
		t.mu.Lock()
		t.decl.stepped = t.Clock.Now()
		t.mu.Unlock()
	}
	if t.cfg.Trace != nil {
		switch e.Kind {
		case game.EvStep:
			if _, c, _, ok := g.PendingDeal(); ok && c >= 0 {
				what += ": " + g.Card(c).String()
			}
		case game.EvPickUp:
			if h := g.Hand(e.Player); h >= 0 {
				what = g.Card(h).String()
			}
		}
		t.cfg.Trace(t.Clock.Now(), e, what)
	}
	return nil
}

// audit is the simulated dealer's end-of-hand audit, one group a prompt:
// each faller's cards in dealing order, then the discard pile, then what is
// left of the deck, each followed by a confirmation from the panel.
func (t *Table) audit(at time.Duration) time.Duration {
	g := t.truth
	t.mu.Lock()
	k := t.auditStep
	t.auditStep++
	t.mu.Unlock()
	var ids []int
	n := g.NumPlayers()
	switch {
	case k < n:
		if !t.lit(g.Seat(k)) {
			t.fail(fmt.Errorf("sim: audit prompt %d: seat %d is not lit", k+1, g.Seat(k)))
		}
		for s := 0; s < g.NumStacks(k); s++ {
			st := g.Stack(k, s)
			for i := len(st) - 1; i >= 0; i-- {
				ids = append(ids, st[i])
			}
		}
		if h := g.Hand(k); h >= 0 {
			ids = append(ids, h)
		}
		if r := g.Rider(k); r >= 0 {
			ids = append(ids, r)
			ids = append(ids, g.Extras(k)...)
		}
	case k == n:
		ids = append(ids, g.Discards()...)
	case k == n+1:
		for c := 0; c < g.NumCards(); c++ {
			if g.Where(c).Zone == game.InDeck {
				ids = append(ids, c)
			}
		}
	default:
		return at
	}
	for _, c := range ids {
		t.scan.layAt(t.tags[g.Card(c).ID], at, noWait)
		at += t.auditGap
	}
	// The group is confirmed once its last card has been heard of.
	at += t.hear
	t.Panel.ControlAt(hw.ControlConfirm, at)
	return at
}

// readerWarning is the simulated dealer hearing the dealer's warning: when
// it says the reader is lost, the cards they laid on it since it last read
// one (it hung in between) are confirmed from the panel, as the dealer
// asks, then those they saw it miss meanwhile (confirmUnheard).
func (t *Table) readerWarning() {
	at := t.Clock.Now()
	if t.chip.gone() {
		at = t.confirmHung(at)
	}
	t.mu.Lock()
	later := t.missedMeanwhile
	t.missedMeanwhile = nil
	t.mu.Unlock()
	for _, m := range later {
		at = t.confirmMissed(m, at) + 100*time.Millisecond
		t.mu.Lock()
		t.unsure-- // confirmed, or on its way (confirmAt)
		t.mu.Unlock()
	}
}

// confirmHung confirms from the panel, from at, the cards laid on the
// reader since it last read one, and returns when the next can be.
func (t *Table) confirmHung(at time.Duration) time.Duration {
	t.mu.Lock()
	hang := t.lastHang
	t.mu.Unlock()
	for _, u := range t.chip.unheard() {
		if hang >= 0 {
			t.byHand(hang)
		}
		at = t.confirmDealt(u.seat, u.as, at, u.card)
		at += 100 * time.Millisecond
	}
	t.mu.Lock()
	t.warnedHang = hang + 1
	t.mu.Unlock()
	return at
}
