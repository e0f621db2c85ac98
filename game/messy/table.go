package messy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/byhand"
)

// Options sets up a messy hand.
type Options struct {
	Rules game.Rules
	Deck  game.DeckSpec
	// Fallers is how many computer fallers sit at the table (2-11).
	Fallers int
	Seed    uint64
	Faults  Faults
	// Trace, if set, is told what really happened (the truth's moves) and
	// what the assistant was shown, in order: for a failing seed.
	Trace func(string)
}

// Hand is one messy hand played out: what really happened beside what the
// assistant concluded.
type Hand struct {
	// Faults are the mistakes made, each with the assistant's answer.
	Faults []Fault
	// Refusals counts the observations the engine refused (warnings).
	Refusals int
	// Finished: the assistant ended the hand, the dealer finishing from
	// the panel if it still owed deals the table had not made.
	Finished bool
	// Diverged: the assistant named another winner than the table's: it
	// took a misread for a card and the table did not follow it.
	Diverged bool
	// OutOfStep: at some deal the assistant's lights asked for another
	// seat than the one the table dealt to. A dealer follows the lights;
	// this table follows the rules, so from then on its record of the
	// deal is one no real table would produce.
	OutOfStep bool
	// Twin: out of step, and a twin table honest where this one made its
	// mistake shows the assistant the same observations up to the moment
	// its light is a seat behind, and there deals where that light asks
	// (twin.go): nothing the table showed could tell the two apart.
	Twin bool
	// Audit is the end-of-hand audit the assistant ran.
	Audit audit.Result
	// Accusations are the audit's findings that no mistake explains: an
	// impossible play (the table never cheats that way here) or a card not
	// accounted for with no mistake touching it.
	Accusations []string
	// Truth and Seen are the table as it really was and as the assistant
	// concluded, at the end.
	Truth, Seen *game.Game
	// shownAsDealt and dealtAsShown count the held reads judged otherwise
	// than the table played them (resolveHold).
	shownAsDealt, dealtAsShown int
}

// ErrInvariant is wrapped by Play's error when an engine's own invariant
// check fails.
var ErrInvariant = errors.New("engine invariant broken")

// maxBeats bounds a hand: no hand of 2 to 11 fallers comes near it.
const maxBeats = 5000

// table is one hand being played.
type table struct {
	opt Options
	rng *rand.Rand
	// anothers is FromAnothersStack's own stream (nil while it is off):
	// drawing from rng would shift every later draw of the hand, and each
	// run without it would play other hands than it did before.
	anothers *rand.Rand
	truth    *game.Game // what really happens: full information
	seen     *game.Game // what the assistant concludes from the table
	rec      *audit.Recorder
	strat    []bot.Strategy
	now      time.Duration
	hand     Hand
	// readerGone counts the deals left while the reader is away.
	readerGone int
	// held is a dealt card whose read waits for the next card dealt to
	// the same stack (BuriedPlay), + 1; 0 for none.
	held   int
	cheats []cheat
	// swept is the rider last swept from each faller: one the dealer
	// forgot to sweep is still there to be shown on the next pass.
	swept map[int]int
	// phys is where a card physically lies, the faller it is in front
	// of or -1 for the discard pile, when that is not where the truth has
	// it (see physical.go).
	phys map[int]int
	// stale is a rider the dealer left in front of a faller (WrongSweep,
	// MidAddressMove), with the fault; holding is a card a faller holds
	// at the table that the truth has on the discard pile (WrongSweep).
	stale   map[int]staleRider
	holding map[int]int
	// events are the truth's moves so far, and order its deck's order
	// (top first): what redeal replays when the table's deck or a stack
	// turns out to be in another order than the truth dealt (redeal.go).
	events []game.Event
	order  []int
	// stuck are cards the truth still has in its deck that lie at a seat
	// (TwoAsOne): the dealer's deck is a card short.
	stuck map[int]bool
	// byHand is what the dealer remembers of the cards they confirmed by
	// hand and have not yet been asked for: the seat each was dealt to and
	// its face, not which card it was (identify.go).
	byHand byhand.Memory
	// unscanned are the faults (their indexes) of the cards dealt in a
	// row without being scanned (DealUnscanned), until the next card is
	// read.
	unscanned []int
	// hiddenLag: unscanned are kept past a read in a Ground's Stop window,
	// which showed nothing of their lag, for a read after it (lagInWindow);
	// dropped if that Ground lands.
	hiddenLag bool
	// lagSeen: the dealer saw the light lag for the cards dealt unscanned
	// as a read was held, and pressed "unscanned" (heldLag): the read
	// judged the deal is the one it is said of, whatever the light then.
	lagSeen bool
	// askAfterWindow: the dealer is to be asked for the cards dealt by
	// hand once the wait open now is over: a Stop window closed, an
	// imaginary Ground dealt or turned into something else (identify).
	askAfterWindow bool
	// beatAt is the seat the beat has reached, nothing dealt there yet
	// (an imaginary Ground game/dealer has announced there is not yet
	// dealt); 0 between the beat's deal and the next beat.
	beatAt int
	// justDealt is the card last read as a deal, + 1, and the engine's
	// Applied() just after: what game/dealer's two-at-once warning looks
	// back to (twoAtOnce).
	justDealt justDealt
	// hold is a read game/dealer would hold (game.PlayedUnseen), not yet
	// told to the engine: what comes next judges it (resolveHold).
	hold heldRead
	// heldPresses are the seats that pressed while a read was held, told
	// the engine once it is judged if they may then claim a Stop on a
	// Ground dealt unread (game/dealer's tellHeldPresses).
	heldPresses []int
	// claimed is the seat whose Stop claim the engine took in the Ground's
	// window under way, 0 for none: game/dealer's window takes one claim,
	// and the seat's presses after it are only logged (press).
	claimed int
	// riderAsked is the Extra whose read the screen answered with "scan
	// the rider, or r (misread) if there is none" (game/dealer's
	// riderShown): the only one the dealer says misread of for want of a
	// rider (extraNotThere).
	riderAsked string
	// log is every observation the assistant took this hand, in order,
	// from start, the assistant before the first; confirmed are those of
	// them that confirmed by hand a card the table knows
	// (identifiedTwin).
	log       []game.Event
	start     *game.Game
	confirmed []byHandAt
	// logAt is, for each observation of log, how many of the truth's
	// moves (events) were made when it was taken (twin.go).
	logAt []int
	// unsaid are the reads after which the dealer, seeing no lag, said
	// nothing of the cards dealt unscanned before them (identifiedTwin).
	unsaid []unsaidRead
	// stopped are the Grounds dealt unscanned that the assistant found
	// Stopped, each at the log's index of the Stop read that showed it
	// (nameStoppedUnread): a reader that missed nothing read each as it
	// was dealt (identifiedSteps).
	stopped []byHandAt
	// followed is the identified twin once the hand is finished
	// (followingTwin).
	followed *followedTwin
	// uncovered: an observation left a card dealt by hand, still a guess
	// and never said picked up, on top of a stack where it was not (the
	// card on it was shown): game/dealer asks for it once the table is
	// between two cards (identify).
	uncovered bool
	// older is this table's dealer as they were before words they have
	// learnt since. Only tests set it: the twin tests play the hands their
	// twin classes were pinned on, which the dealer as they are now keeps
	// in step (twin.go, twin_between.go, twin_late.go, twin_rider.go), and
	// a mend's test plays its hand without it.
	older olderDealer
}

// olderDealer lists the words this table's dealer says that an earlier
// dealer did not, each of which put in step hands a twin class proves.
// A person dealing does not always say them, so the twin builders stay,
// proved on hands this older dealer plays: they are what shows such a
// hand is one no table could tell from an honest one.
type olderDealer struct {
	// silentOnLanding: nothing said of a Ground dealt unscanned under a
	// rider held and judged the deal (before landedUnread).
	silentOnLanding bool
	// quietAfterUnscanned: no misread said after an "unscanned" of a read
	// taken again for the rider of the seat it was dealt to
	// (misreadDealsThere), and no lag seen by the rider the screen names.
	quietAfterUnscanned bool
	// blindToShownLag: no lag seen at a rider shown for another seat than
	// the lit one (shownElsewhere).
	blindToShownLag bool
	// blindToGoneStack: no misread said of a read the screen puts, after
	// an "unscanned", into a stack the table lacks (readIntoAGoneStack).
	blindToGoneStack bool
	// extraAsLag: a rider read with its Extra still to show taken for a
	// lag, the light counting only the rider (extraUnshown).
	extraAsLag bool
	// lagPastConfirmedGround: the cards dealt unscanned before a Ground
	// confirmed by hand at the seat the light asked kept past its window,
	// landed or not (confirmedGroundHidesLag).
	lagPastConfirmedGround bool
}

// heldRead is a read held as game/dealer holds it: card id, which the
// faller at seat may have picked up unseen and played.
type heldRead struct {
	id     string
	seat   int
	active bool
	// before is how many cards were dealt unscanned (t.unscanned) when
	// the read was held: told to the engine, it shows the dealer a light
	// lagging for those only, not for a card dealt unscanned after it.
	before int
}

type justDealt struct {
	card    int
	applied uint64
}

// sweeping notes the rider the truth is about to sweep, for the dealer
// who forgets to (ForgetSweep).
func (t *table) sweeping(n game.Instruction) {
	if n.Action == game.ActSweep && n.SweepRider {
		if r := t.truth.Rider(n.Player); r >= 0 {
			if _, moved := t.phys[r]; moved {
				return // not here to sweep: one story per rider
			}
			t.swept[n.Player] = r
			t.wrongSweep(n, r)
		}
	}
}

// dealtOnTop reports whether the truth's next deal goes onto the stack c
// was just dealt into, the only way a card comes to lie on c before its
// faller can take it ("You can only pick up the top card of your stack").
// A seat due two cards for two stacks (a Split's new one, a second stack)
// has no card dealt on top of c: a read held back there would only keep
// the dealer from saying a stack the light asks for next is not there
// ("Extra stacks disappear once they are empty"; reportGone), and the card
// dealt after it be taken for that stack's.
func (t *table) dealtOnTop(c int) bool {
	next, w := t.truth.Next(), t.truth.Where(c)
	return next.Action == game.ActDeal && !next.First && !next.NewStack && !next.Imaginary &&
		w.Zone == game.InStack && next.Player == w.Player && next.Stack == w.Stack
}

// flushHeld reads the card whose read was held back.
func (t *table) flushHeld() {
	x := t.held - 1
	t.held = 0
	t.read(x)
}

// cheat is a stack whose two top cards lie the other way up at the table
// than in the truth: taking top, the truth's top, is taking it from under
// under.
type cheat struct {
	top, under, player int
}

// pickUp is faller p taking the top of their stack s in the truth: at the
// table, if it is a cheat's card, from under another.
func (t *table) pickUp(e game.Event) {
	if e.Kind != game.EvPickUp || len(t.cheats) == 0 {
		return
	}
	g := t.truth
	top := g.Top(e.Player, e.Stack)
	kept := t.cheats[:0]
	for _, ch := range t.cheats {
		if ch.top != top || ch.player != e.Player {
			kept = append(kept, ch)
			continue
		}
		if w := g.Where(ch.under); w.Zone == game.InStack && w.Player == e.Player && w.Stack == e.Stack {
			t.fault(BuriedPlay, g.Card(top).ID, g.Seat(e.Player))
		}
	}
	t.cheats = kept
}

// Play plays one messy hand. Its error is a failure of the assistant (an
// invariant broken, a hand it could not finish, a panic), never a mistake
// of the table's.
func Play(opt Options) (h Hand, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = panicError{fmt.Errorf("messy: seed %d: panic: %v", opt.Seed, r)}
		}
	}()
	t, err := newTable(opt)
	if err != nil {
		return Hand{}, err
	}
	if err := t.play(); err != nil {
		return t.hand, fmt.Errorf("messy: seed %d: %w", opt.Seed, err)
	}
	return t.hand, nil
}

// newTable deals a hand: the truth and the assistant on the same deck,
// nothing played yet.
func newTable(opt Options) (*table, error) {
	if opt.Fallers < 2 || opt.Fallers > 11 {
		return nil, fmt.Errorf("messy: %d fallers: want 2 to 11", opt.Fallers)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x3e55))
	deck := game.Shuffle(game.NewDeck(opt.Deck), rng)
	seats := make([]int, opt.Fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	truth, err := game.New(game.Config{Rules: opt.Rules, Seats: seats, Deck: deck, Ordered: true})
	if err != nil {
		return nil, fmt.Errorf("messy: %w", err)
	}
	// The assistant does not know the shuffle: the deck it loads is in
	// an order of its own (at a real table, the deck file's), which is
	// the order it stands in cards for deals confirmed by hand. Given the
	// truth's order it would guess every blind deal right.
	seen, err := game.New(game.Config{Rules: opt.Rules, Seats: seats, Deck: deck, Order: rand.New(rand.NewPCG(opt.Seed, 0xdec4)).Perm(len(deck))})
	if err != nil {
		return nil, fmt.Errorf("messy: %w", err)
	}
	t := &table{opt: opt, rng: rng, truth: truth, seen: seen, rec: audit.NewRecorder(), strat: make([]bot.Strategy, opt.Fallers), swept: map[int]int{}, phys: map[int]int{}, stale: map[int]staleRider{}, holding: map[int]int{}, stuck: map[int]bool{}}
	if opt.Faults[FromAnothersStack] > 0 {
		t.anothers = rand.New(rand.NewPCG(opt.Seed, 0xa707))
	}
	t.start = seen.Clone()
	t.order = make([]int, len(deck))
	for i := range t.order {
		t.order[i] = i // game.New deals Deck top first
	}
	for i := range t.strat {
		t.strat[i] = &bot.Sensible{}
	}
	return t, nil
}

func (t *table) happens(k Kind) bool {
	r := t.opt.Faults[k]
	return r > 0 && t.rng.Float64() < r
}

func (t *table) fault(k Kind, card string, seat int) *Fault {
	t.hand.Faults = append(t.hand.Faults, Fault{Kind: k, Card: card, Seat: seat})
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v FAULT %v %s seat %d", t.now, k, card, seat))
	}
	return &t.hand.Faults[len(t.hand.Faults)-1]
}

func (t *table) check() error {
	if err := t.truth.Check(); err != nil {
		return fmt.Errorf("%w: the table's truth: %v", ErrInvariant, err)
	}
	if err := t.seen.Check(); err != nil {
		return fmt.Errorf("%w: the assistant: %v", ErrInvariant, err)
	}
	return nil
}

// real applies a move of the truth: the table's own rules refuse nothing a
// faller or the simulated dealer does by the rules.
func (t *table) real(e game.Event) error {
	what := ""
	if t.opt.Trace != nil {
		what = t.truth.Next().String()
		if h := t.truth.Hand(e.Player); e.Kind == game.EvPlay && h >= 0 {
			what = t.truth.Card(h).String()
		}
	}
	if err := t.truth.Apply(e); err != nil {
		return fmt.Errorf("the table refused %v: %w", e, err)
	}
	t.events = append(t.events, e)
	if t.opt.Trace != nil {
		if e.Kind == game.EvPickUp {
			what = t.truth.Card(t.truth.Hand(e.Player)).String()
		}
		if _, c, _, ok := t.truth.PendingDeal(); ok && c >= 0 && e.Kind == game.EvStep {
			what += ": " + t.truth.Card(c).String()
		}
		t.opt.Trace(fmt.Sprintf("%v truth %v %s", t.now, e, what))
	}
	return nil
}

// observe feeds the assistant one observation, as the dealer does: the
// recorder around it, a refusal counted as the warning the dealer sounds.
// It reports whether the observation was accepted.
func (t *table) observe(e game.Event) bool {
	if t.readAgainHeld(e) {
		return false
	}
	t.resolveHold(&e)
	t.now += 10 * time.Millisecond
	if e.Kind == game.EvScan {
		t.rec.Read(e.Card)
	}
	t.rec.Before(t.seen)
	before := t.seen.Digest()
	var covered []int
	if t.readerGone == 0 {
		covered = t.seen.CoveredGuesses() // asked for only while the reader reads
	}
	wasWindow := e.Kind == game.EvScan && len(t.unscanned) > 0 && t.seen.Next().Action == game.ActLand
	elsewhere := e.Kind == game.EvScan && len(t.unscanned) > 0 && (t.lagSeen || t.litElsewhere(e.Card))
	inferred := len(t.seen.Inferences())
	err := t.seen.Apply(e)
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v seen  %v: %v; next %v", t.now, e, err, t.seen.Next()))
	}
	if err != nil {
		t.hand.Refusals++
		if t.seen.Digest() != before {
			// A refusal must leave the state as it was: count it as a
			// broken invariant through check's caller.
			t.hand.Accusations = append(t.hand.Accusations, fmt.Sprintf("refused %v but changed state", e))
		}
		if e.Kind == game.EvScan && len(t.unscanned) > 0 {
			// Warned, the dealer looks at the light: it still waits for
			// the cards they dealt unscanned. They confirm them by hand
			// and read this card again.
			fs := t.unscanned
			t.unscanned = nil
			// The last one's window stays open: this card, read again,
			// may be a Stop shown for it.
			if !t.confirmByHand(fs, true) {
				return false
			}
			// The reader reads: game/dealer asks for the cards confirmed
			// by hand at once (after a Ground's window).
			t.identify()
			if c, ok := t.truth.CardIndex(e.Card); ok && t.truth.Card(c).Kind != game.Stop && t.seen.Next().Action == game.ActLand {
				// A Ground among them: the dealer dealt on past its
				// window, and only a Stop shown now could still save it.
				t.observe(game.StopClosed())
			}
			return t.observe(e)
		}
		return false
	}
	t.rec.Applied(t.seen, e, t.now)
	t.logged(e)
	if n := t.seen.Next(); n.Action != game.ActLand || n.Seat != t.claimed {
		t.claimed = 0 // the window closed, or is another seat's
	}
	if len(covered) > 0 && t.seen.Uncovered(covered) != 0 {
		t.uncovered = true
	}
	t.askRider(e)
	t.nameStoppedUnread(inferred)
	if e.Kind == game.EvScan && len(t.unscanned) > 0 {
		fs := t.unscanned
		t.unscanned = nil
		said := false
		for j, i := range fs {
			if !t.noticeUnscanned(&t.hand.Faults[i], e.Card, j == 0 && elsewhere) {
				if j == 0 && t.unscannedRefused(fs, e) {
					return true
				}
				break
			}
			said = true
		}
		t.hiddenLag = !said && t.lagInWindow(fs, wasWindow)
		if !said && !t.hiddenLag {
			t.unsaidAfter(e.Card, fs)
		}
		if said {
			if t.readIntoAGoneStack(e) {
				return true
			}
			if c, ok := t.truth.CardIndex(e.Card); ok {
				// The read moved on to the next seat's turn and taken
				// for its deal: the dealer, who sees it lying as that
				// seat's rider, says misread, as game/dealer's screen
				// offers it while it asks for the card dealt unscanned.
				t.shownNotDealt(c, nil)
				t.skipNotSwept(c)
				// Taken again, for the rider of the seat it went to: the
				// dealer says "not there" before they answer the ask
				// (identify), while it is still the read to deal after all.
				// So too where the read had ended an address, its sweeps
				// confirmed with the card dealt unscanned: the engine's
				// deal after all confirms them again (game's takeBack;
				// messy 1002188, where the Skip stayed a rider).
				t.notARider(c)
				// Taken again for a rider that deals, at the seat they
				// dealt it to (into the stack: "Deal the cards face up
				// into stacks in front of each player"), the dealer says
				// misread before they answer the ask, which would close
				// its window, as they do after any read (play: the ask
				// between two cards). Answered first, the light asked
				// that seat for the rider's cards, and the dealer said
				// its stack was not there (4000995, 4003534, 5004543).
				// Only where the misread deals it there after all (a
				// read taken again past sweeps still due at the seat
				// before is, those sweeps confirmed again: 4001291,
				// 2002925); taken back as a stray card instead, the
				// seat's deal would be lost.
				if !t.older.quietAfterUnscanned && t.misreadDealsThere(c) {
					t.riderNotThere()
				}
			}
			t.identify()
		} else if t.hiddenLag {
			t.unscanned = fs
		}
	}
	return true
}

// probe shows the assistant an observation of a mistake that must be
// refused. If the assistant accepts it the table would go on from a state
// it never had, so the assistant's state is put back and the mistake is
// counted missed.
func (t *table) probe(f *Fault, e game.Event) {
	if t.readAgainHeld(e) {
		f.Answer, f.Why, f.live = Refused, "the dealer warns: read again while its read is held", true
		return
	}
	t.resolveHold(&e)
	if why := t.unreadDeal(f, e); why != "" {
		f.unseen = why
	}
	saved := t.seen.Clone()
	f.live = true
	t.now += 10 * time.Millisecond
	if e.Kind == game.EvScan {
		t.rec.Read(e.Card)
	}
	before := t.seen.Digest()
	err := t.seen.Apply(e)
	if err != nil {
		t.hand.Refusals++
		f.Answer, f.Why = Refused, err.Error()
		if t.seen.Digest() != before {
			t.hand.Accusations = append(t.hand.Accusations, fmt.Sprintf("refused %v but changed state", e))
		}
		return
	}
	if saysMisread(t.seen, f, e) {
		// The light now names a rider (or an Extra waiting for its rider)
		// at the seat the dealer reached, and the dealer, who sees none
		// there, says so: the read is taken back (game's takeBackRead), the
		// hand as it was before it.
		f.Answer, f.Why = Named, "the dealer found no such card at the seat: the read was taken back"
		t.seen = saved
		return
	}
	f.Answer, f.Why = Missed, "accepted "+e.String()
	t.seen = saved
	if t.unidentified(e, nil, func(twin *game.Game) bool { return saysMisread(twin, f, e) }) {
		f.unidentified = unidentifiedWhy
	}
}

// probeUnsaid is probe for a stray read that comes before card c's own
// read (read), the cards of faults fs dealt unscanned before c still
// unsaid: a read the dealer holds that the stray read judges a card shown
// is told to the engine then (resolveHold), and the dealer, who sees the
// light lag at it, says "unscanned" there (noticeUnscanned), as they do
// where c's read judges it. Before, the cards dealt unscanned were set
// aside while the stray was read, and said one read late, of c, the light
// a seat off (messy seed 2000564: hit-4 dealt unscanned to seat 2, seat
// 3's hit-5 held and judged shown by a stray read, the "unscanned" said
// of stop-4 dealt to seat 3, and put at seat 2). It returns the cards
// still unsaid.
func (t *table) probeUnsaid(fs []int, f *Fault, e game.Event) []int {
	t.unscanned = fs
	t.probe(f, e)
	fs = t.unscanned
	t.unscanned = nil
	return fs
}

// notAtTheSeat are the mistakes whose card, read as a seat's turn begins,
// does not lie at that seat: a second read, a stray card, one scanned and
// put back, the second of two dealt at once.
var notAtTheSeat = [numKinds]bool{ReadTwice: true, StrayCard: true, ScanNoDeal: true, TwoAtOnce: true}

// saysMisread is the dealer after engine g took the read e of mistake f:
// where g took it for a card at a seat it does not lie at, the dealer says
// misread (misread) and reports whether g took the read back. The table
// asks it of the assistant, and of the identified twin (unidentified): the
// dealer is the same whatever the engine was told.
func saysMisread(g *game.Game, f *Fault, e game.Event) bool {
	return (notAtTheSeat[f.Kind] || (f.Kind == SecondRider && takenElsewhere(g, f.Seat))) && misread(g, e)
}

// takenElsewhere reports whether the read just shown to g was taken for a
// rider or an Extra played at another seat than seat, where the card does
// not lie: a second rider put down at seat, read as the next seat's turn
// begins (after a Skip's sweep, say).
func takenElsewhere(g *game.Game, seat int) bool {
	inf := g.Inferences()
	for i := len(inf) - 1; i >= 0 && inf[i].Seq+1 == g.Applied(); i-- {
		if k := inf[i].Kind; k == game.InfRiderPlayed || k == game.InfExtraPlayed {
			return g.Seat(inf[i].Player) != seat
		}
	}
	return false
}

// misread is the dealer's "misread" on the panel after the read e on g, of a
// card the engine took for a rider (or an Extra) played at the seat now
// addressed, which the dealer finds not there; it reports whether the
// engine took that read back (the one it would take back may be an
// earlier one, whose seat the read was dealt to). Whatever it did, the
// caller puts the hand back as it was.
func misread(g *game.Game, e game.Event) bool {
	id := e.Card
	if c, ok := g.CardIndex(id); ok && !e.Dealt && g.Card(c).Kind.IsRider() && g.Where(c).Zone == game.InStack {
		// Taken for the deal, it lies where the light dealt it: the
		// misread would make it the seat's rider (game's shownFromDeck),
		// which the dealer, who sees none there, does not say.
		return false
	}
	got, ok := g.ReadToTakeBack()
	return ok && got == id && g.Apply(game.NotThereRead(id)) == nil
}

func (t *table) play() error {
	for beat := 0; beat < maxBeats; beat++ {
		if t.truth.Over() {
			return t.end()
		}
		if err := t.fallersAct(); err != nil {
			return err
		}
		if err := t.beat(); err != nil {
			return err
		}
		t.resolveHold(nil) // half a beat passed with nothing read: the deal
		if t.uncovered || (t.askAfterWindow && !t.identifyWaits()) {
			// Between two cards: game/dealer asks for the card dealt by
			// hand that now tops a stack again, or for those it waited
			// to ask for (a Stop shown closed the window; an imaginary
			// Ground announced was dealt, or a rider shown since turned
			// it into something else).
			t.uncovered, t.askAfterWindow = false, false
			if t.held == 0 && len(t.unscanned) == 0 && t.justRead() {
				// The ask leaves the card just dealt and read, taken
				// for a rider or an Extra, on the screen to take back
				// (game/dealer's misreadCard): a dealer who sees it
				// lying in the stack they dealt it to says so first.
				t.riderNotThere()
			}
			t.identify()
		}
		if err := t.check(); err != nil {
			return err
		}
	}
	return fmt.Errorf("no end after %d beats", maxBeats)
}

// fallersAct gives each faller still in a chance to move, in a random
// order, as at a table between two beats.
func (t *table) fallersAct() error {
	n := t.truth.NumPlayers()
	for _, i := range t.rng.Perm(n) {
		if t.truth.Over() || t.truth.Out(i) || t.rng.IntN(2) == 0 {
			continue
		}
		e, ok := t.strat[i].Act(t.truth, i, t.rng)
		if !ok || t.blocked(e) {
			continue
		}
		held := t.truth.Hand(i)
		t.pickUp(e)
		if err := t.real(e); err != nil {
			return err
		}
		if e.Kind == game.EvPlay && e.Stop == game.StopDeal {
			t.stopShown(i, held)
		}
	}
	if t.truth.Over() {
		return nil
	}
	t.knockOver()
	if err := t.regather(); err != nil {
		return err
	}
	if err := t.moveBetweenOthers(); err != nil {
		return err
	}
	t.holdButton()
	if t.happens(Mash) {
		i := t.rng.IntN(n)
		if !t.truth.Out(i) && t.truth.Next().Action != game.ActLand {
			f := t.fault(Mash, "", t.truth.Seat(i))
			t.harmless(f, func() {
				for range 3 + t.rng.IntN(5) {
					t.press(t.truth.Seat(i))
				}
			})
		}
	}
	return nil
}

// harmless runs a mistake the books must not notice: the assistant's
// state may gain inferences but no change of the cards.
func (t *table) harmless(f *Fault, do func()) {
	before, n := t.seen.Digest(), len(t.seen.Inferences())
	do()
	f.Answer = Harmless
	if t.seen.Digest() == before {
		return
	}
	// A press from a seat the assistant is dealing a Ground to is a Stop
	// claim it notes for the dealer to confirm: nothing moves.
	for _, x := range t.seen.Inferences()[n:] {
		if x.Kind != game.InfStopClaimed {
			f.Answer, f.Why = Missed, "a press changed the assistant's state: "+x.Kind.String()
			return
		}
	}
	f.Why = "noted as a Stop claim, nothing moved"
}

// press is a faller's button, passed to the engine as game/dealer passes
// it (onButton): only where it claims something (game.Game.ClaimOf), a
// Stop claim once a window, and a claim on a Ground dealt unread only
// while no read is held (claimsUnread), one pressed while a read is held
// kept until it is judged (tellHeldPresses); every other press is only logged,
// for a dispute. Told the engine, a stray press would end what holds
// until the next observation (a claim on a Ground dealt unread, pressed
// by the seat the light asks a card of just before another faller's
// mash), which no press does at a live table. It reports whether the
// engine took the press.
func (t *table) press(seat int) bool {
	claim := t.seen.ClaimOf(seat)
	if (claim == game.PressStopClaim && t.claimed != seat) || (claim == game.PressUnreadClaim && !t.hold.active) {
		if !t.observe(game.Press(seat)) {
			return false
		}
		if claim == game.PressStopClaim {
			t.claimed = seat
		}
		return true
	}
	t.now += 10 * time.Millisecond
	note := "logged only"
	if t.hold.active {
		// game/dealer keeps it until the held read is judged.
		if !slices.Contains(t.heldPresses, seat) {
			t.heldPresses = append(t.heldPresses, seat)
		}
		note = "kept while a read is held"
	}
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v press seat %d: %s", t.now, seat, note))
	}
	return false
}

// tellHeldPresses is game/dealer's: once the held read is judged, the
// presses kept while it was held are told the engine where the light then
// asks their seat for a card that can only be a Ground ("To Stop a Ground,
// play the Stop as the Ground is being dealt to you"), and dropped
// otherwise.
func (t *table) tellHeldPresses() {
	ps := t.heldPresses
	t.heldPresses = nil
	for _, seat := range ps {
		if !t.seen.Over() && t.seen.ClaimOf(seat) == game.PressUnreadClaim {
			t.observe(game.Press(seat))
		}
	}
}

// stopShown: a faller's Stop on the card dealt to them, as the table sees
// it: their button, then the Stop card over the reader.
func (t *table) stopShown(i, stop int) {
	t.press(t.truth.Seat(i))
	if t.readerGone > 0 {
		if t.observe(game.Event{Kind: game.EvConfirm}) {
			t.confirmedByHand(stop)
		}
		return
	}
	read := game.Scan(t.truth.Card(stop).ID)
	t.unscannedShownByTheStop(read)
	t.observe(read)
}

// unscannedShownByTheStop is the Stop read just after cards dealt
// unscanned and not yet said (the last, often, the very Ground it saves
// the faller from): where the assistant takes it, its light waiting for
// that seat's deal, for the deal itself, the identified twin, told which
// card each confirmation by hand was, may know the Stop lies in a stack
// and refuse it, no Ground pending ("A Stop card can be played ... when
// a Ground card is dealt to you"). The cards dealt unscanned are then
// unidentified if nothing else catches them: the read that shows them is
// one only a card's identity tells from a deal.
func (t *table) unscannedShownByTheStop(read game.Event) {
	if len(t.unscanned) == 0 || t.seen.Clone().Apply(read) != nil || !t.unidentified(read, nil, nil) {
		return // nothing unsaid, or the assistant refuses the Stop itself: the twin tells it nothing more
	}
	for _, i := range t.unscanned {
		if f := &t.hand.Faults[i]; f.unidentified == "" {
			f.unidentified = unidentifiedWhy
		}
	}
}

// seenSweeps carries out the sweeps that end the last address on the
// assistant's side, as the dealer does on the next beat.
func (t *table) seenSweeps() {
	for range 8 {
		if !t.seen.Next().ClosesAddress() {
			return
		}
		if !t.observe(game.Event{Kind: game.EvConfirm}) {
			return
		}
	}
}

// beat is the dealer's move: the seat's rider shown, the card dealt and
// read, a Ground's Stop window.
func (t *table) beat() error {
	g := t.truth
	// The screen's ask for an Extra's rider is the last beat's: a later
	// read of that Extra asks again or not (askRider).
	t.riderAsked = ""
	for n := g.Next(); n.ClosesAddress(); n = g.Next() {
		t.sweeping(n)
		if err := t.real(game.Step()); err != nil {
			return err
		}
	}
	t.seenSweeps()
	in := g.Next()
	if t.held > 0 && (in.Action != game.ActDeal || in.First || in.Imaginary) {
		t.flushHeld() // no second card for that stack after all
	}
	if in.Action == game.ActOver {
		return nil
	}
	if in.Action == game.ActLand {
		return t.groundWindow()
	}
	if t.held == 0 && len(t.unscanned) == 0 {
		// With a read held back the assistant still waits for it: the
		// dealer has nothing to report. A dealer who dealt a card
		// unscanned deals on without a look at the light that waits for
		// it, until the next card is read (noticeUnscanned).
		t.reportGone(in)
	}
	p := in.Player
	t.beatAt = in.Seat
	defer func() { t.beatAt = 0 }()
	if in.First {
		t.showRider(in)
		t.midAddressMove(in)
	}
	if err := t.real(game.Step()); err != nil {
		return err
	}
	if in.Action != game.ActDeal {
		return nil
	}
	_, c, ground, _ := g.PendingDeal()
	switch {
	case in.Imaginary:
		// The assistant announced it: nothing to read, the dealer deals it.
		t.unscanned = t.imaginaryUnscanned(t.unscanned, p)
		t.observe(t.imaginaryConfirm(p))
		t.beatAt = 0 // dealt: its window is open, or it changed nothing
	case t.stuck[c]:
		// The truth deals a card that lies at a seat already, stuck to
		// another (TwoAsOne): the dealer's deck is empty, the lights ask
		// for a card, and the dealer confirms the deal from the panel.
		delete(t.stuck, c)
		if t.held > 0 {
			t.flushHeld()
		}
		lagged := len(t.unscanned) > 0
		t.unscanned = t.confirmUnscanned(t.unscanned, p)
		if lagged && len(t.unscanned) == 0 {
			// Caught up, the light asks about this seat as reportGone
			// would have seen it at the beat's start, had no card dealt
			// unscanned kept the dealer from looking.
			t.sayRiderGone(in)
		}
		n := len(t.seen.Inferences())
		if t.observe(game.Confirm()) && t.blindDealt(c, 0, n) {
			for i := range t.hand.Faults {
				if f := &t.hand.Faults[i]; f.Kind == TwoAsOne && f.Card == g.Card(c).ID {
					f.Answer, f.Why = Named, "the deck ran out a card early: the deal confirmed by hand is a blind deal"
				}
			}
		}
	case t.held > 0:
		x := t.held - 1
		t.held = 0
		wx, wc := g.Where(x), g.Where(c)
		// The dealer lays c first and x on top of it where both went to
		// one stack: the reads say so. The truth has them the other way
		// up, so a faller who takes c, its top, takes it from under x at
		// the table.
		buried := !ground && wx.Zone == game.InStack && wc.Zone == game.InStack && wx.Player == p && wc.Player == p && wx.Stack == wc.Stack
		first, second := x, c
		if buried {
			first, second = c, x
		}
		t.readBeside(first, second)
		t.lookBetween(in)
		t.read(second)
		if buried {
			t.cheats = append(t.cheats, cheat{top: c, under: x, player: p})
		}
	case !ground && in.Due >= 2 && g.Card(c).Kind != game.Stop && t.happens(BuriedPlay) && t.dealtOnTop(c):
		// Two cards for one stack: hold this read back, to lay the next
		// card under it.
		t.held = c + 1
	default:
		if !ground {
			t.misdeal(in, c)
		}
		t.read(c)
		if !ground {
			n := len(t.hand.Faults)
			if err := t.twoAtOnce(p, c); err != nil {
				return err
			}
			if len(t.hand.Faults) == n {
				if err := t.twoAsOne(p, c); err != nil {
					return err
				}
			}
		}
		t.extraNotThere(p)
		// A card the assistant stands in for a deal confirmed by hand
		// lies where that deal went, not where it was dealt; blind deals
		// are checked as they are confirmed (blind).
		if w := t.seen.Where(c); w.Zone == game.InStack && !t.seen.Blind(c) {
			t.dealtAt(c, p, w.Player)
		}
	}
	if ground {
		return t.groundWindow()
	}
	for n := g.Next(); n.Action == game.ActSweep && !n.First && n.Player == p; n = g.Next() {
		t.sweeping(n)
		if err := t.real(game.Step()); err != nil {
			return err
		}
	}
	return nil
}

// justRead reports whether the read the engine would take back now is the
// card this beat dealt and the reader read, nothing applied since: a rider
// the dealer named from the panel stands in a card of the engine's
// choosing, no read the dealer made.
func (t *table) justRead() bool {
	id, ok := t.seen.ReadToTakeBack()
	if !ok || t.justDealt.card == 0 || t.justDealt.applied != t.seen.Applied() {
		return false
	}
	return t.truth.Card(t.justDealt.card-1).ID == id
}

// riderNotThere is the dealer who sees on the screen, lit for a seat, a
// rider or an Extra the engine took the last read for that does not lie
// at that seat: game/dealer's hold judged a deal a card shown (the next
// card came at once: the second of two dealt at once, say), or the engine
// took the card dealt for the one it stood in for a card dealt by hand
// and said picked up, laid as an Extra on the seat's rider (the light asks
// for an Extra Hit's cards over a Hit alone). The dealer says misread
// (game.NotThereRead): the read is the seat's deal after all, and the
// deals since are made again.
func (t *table) riderNotThere() {
	id, ok := t.seen.ReadToTakeBack()
	if !ok {
		return
	}
	x, ok := t.truth.CardIndex(id)
	if !ok {
		return
	}
	// The dealer dealt it into that seat's stack (its faller may have
	// grabbed it since: "you can certainly grab the first one"): no rider.
	// (A rider shown at another seat is another story, which the misread
	// would not tell right: it deals the read where it is taken back.)
	w, v := t.truth.Where(x), t.seen.Where(x)
	dealt := w.Zone == game.InStack && w.Player == v.Player || t.truth.Hand(v.Player) == x
	if (v.Zone != game.AsRider && v.Zone != game.AsExtra) || !dealt {
		return
	}
	if s := t.seen.Next(); s.Player != v.Player {
		return // the light has moved on: the dealer does not see it lit
	}
	n := len(t.seen.Inferences())
	if !t.observe(game.NotThereRead(id)) {
		return
	}
	for _, x := range t.seen.Inferences()[n:] {
		if x.Kind == game.InfDealtAfterAll {
			return
		}
	}
	// Taken back as a stray card, not dealt there: the light still asks
	// that seat for the card the dealer has just laid in its stack, and
	// they confirm it by hand (the reader reads: game/dealer asks for it).
	if t.lightOn(v.Player) && t.blind(nil, x) {
		t.identify()
	}
}

// misreadDealsThere reports whether the misread of card c, the read the
// screen offers to take back, would deal it where it was read after all
// (game.InfDealtAfterAll), tried on a copy as the screen's offer is.
func (t *table) misreadDealsThere(c int) bool {
	id := t.truth.Card(c).ID
	if got, ok := t.seen.ReadToTakeBack(); !ok || got != id {
		return false
	}
	try := t.seen.Clone()
	n := len(try.Inferences())
	if try.Observe(game.NotThereRead(id)) != nil {
		return false
	}
	for _, x := range try.Inferences()[n:] {
		if x.Kind == game.InfDealtAfterAll {
			return true
		}
	}
	return false
}

// extraNotThere is the dealer who has just dealt an Extra to faller p,
// who has no rider, told on the screen that it was read before its rider
// ("scan the rider, or r (misread) if there is none"): game/dealer's hold
// judged the deal a card shown, the next card having come at once. The
// dealer says misread (game.NotThereRead): the Extra is p's deal after
// all, and the deals since are made again. (An Extra the dealer named from
// the panel stands in a card of the engine's choosing: no read the dealer
// made, and no concern of this.)
func (t *table) extraNotThere(p int) {
	id, ok := t.seen.ReadToTakeBack()
	if !ok {
		return
	}
	x, ok := t.truth.CardIndex(id)
	if !ok || id != t.riderAsked || t.truth.Card(x).Kind != game.Extra {
		return
	}
	if z := t.seen.Where(x).Zone; z == game.AsExtra || z == game.InDiscard {
		return // on its rider, or swept with it: the screen asks for nothing
	}
	if w := t.truth.Where(x); !(w.Zone == game.InStack && w.Player == p) && t.truth.Hand(p) != x {
		return // not the card just dealt to p (its faller may have grabbed it)
	}
	if t.truth.Rider(p) >= 0 {
		return // a rider lies there for it: the dealer scans that instead
	}
	if t.observe(game.NotThereRead(id)) && t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v no rider for %s: misread", t.now, id))
	}
}

// extraOnTheRider is the dealer who has just shown faller p's rider with
// the Extra x on it, seeing the screen take x for the rider's first card
// (the light asks for a Hit's second card, where an Extra Hit deals
// three): the engine believed x in the deck, and a card dealt by hand,
// picked up unseen and laid on the rider, was x all along ("To play an
// Extra, lay it on top of the rider you wish to modify, overlapping it so
// the dealer can still read both cards"). The dealer says misread before
// dealing (game.NotThereRead): x was shown after all (game's
// shownAfterAll), and the light asks for the rider's cards again.
func (t *table) extraOnTheRider(p, x int) {
	id := t.truth.Card(x).ID
	if got, ok := t.seen.ReadToTakeBack(); !ok || got != id {
		return
	}
	if w := t.seen.Where(x); w.Zone != game.InStack || (w.Player != p && !t.onASkip(p)) || t.seen.Shown(x) {
		// Not taken for a deal there: a rider's Extra, or one shown and
		// waiting for its rider (where it lay until then), which the
		// screen asks the rider of.
		return
	}
	if t.observe(game.NotThereRead(id)) && t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v shown on the rider after all: %s", t.now, id))
	}
}

// onASkip reports whether faller p's rider, as the dealer shows it, deals
// no cards: a Skip, or a Chute ("CHUTE: This card is a permanent Skip").
// An Extra shown on it that the screen took for a deal was taken for the
// next seat's: "EXTRA SKIP: Deal no cards to this player, and sweep away
// only the Extra card", so the screen, never asking for that sweep, lit
// the seat after the next.
func (t *table) onASkip(p int) bool {
	r := t.truth.Rider(p)
	return r >= 0 && (t.truth.Card(r).Kind == game.Skip || t.truth.Card(r).Kind == game.Chute)
}

// askRider notes the screen asking for the rider of the Extra just read,
// e, as game/dealer's riderShown does: a read taken for an Extra shown,
// not yet on its rider, that a misread would take back. An Extra the
// dealer's hold judged the deal (ScanDealt) asks for none.
func (t *table) askRider(e game.Event) {
	if e.Kind != game.EvScan || e.Dealt {
		return
	}
	x, ok := t.seen.CardIndex(e.Card)
	if !ok || t.seen.Card(x).Kind != game.Extra || t.seen.Where(x).Zone == game.AsExtra || !t.seen.Shown(x) {
		return // on its rider, or taken for a deal (extraOnTheRider)
	}
	if id, ok := t.seen.ReadToTakeBack(); ok && id == e.Card {
		t.riderAsked = e.Card
	}
}

// reportGone is the dealer telling the assistant, from the panel, that
// the stack or rider it asks for is not there: it wants more cards for a
// seat than the table has stacks for, or a rider the seat lost unseen.
func (t *table) reportGone(in game.Instruction) {
	// With no card in the dealer's hand to deal (an imaginary Ground, or
	// the deck run out a card early: TwoAsOne), nothing read shows the
	// assistant that a rider it believes in is gone.
	noCard := in.Imaginary || (len(t.stuck) > 0 && in.Action == game.ActDeal && t.stuck[t.peekDeal()])
	t.riderNotThere()
	t.sayGone(in, noCard)
	s := t.seen.Next()
	if s.Action == game.ActDeal && !s.NewStack && s.Player == in.Player && t.happens(FalseGone) {
		f := t.fault(FalseGone, "", in.Seat)
		if !t.observe(game.Event{Kind: game.EvStackGone}) {
			f.Answer, f.Why = Refused, "no stack expected there"
			return
		}
		// The stack lies in front of its faller, who points at it as the
		// light moves on (to the seat's other stack, its sweep, the next
		// seat) or as the card due goes onto it (a seat's only stack is
		// started again, the cards under it believed gone): the dealer
		// takes the "not there" back.
		f.Answer, f.Why = Named, "stack gone: its cards are on the audit's list"
		if t.observe(game.ThereAfterAll()) {
			f.Why, f.live = "taken back by the dealer: there after all", true
		}
	}
}

// sayGone is the dealer looking at the light before dealing the card of
// the truth's instruction in: told to deal into a stack the seat no longer
// has, or more cards than the table owes it, they say it is not there
// ("Extra stacks disappear once they are empty"), once for each stack the
// light asks for in vain.
func (t *table) sayGone(in game.Instruction, noCard bool) {
	for range 8 {
		s := t.seen.Next()
		if t.riderGone(s, in, noCard) {
			if !t.observe(game.Event{Kind: game.EvStackGone}) {
				break
			}
			continue
		}
		if s.Action != game.ActDeal {
			break
		}
		gone := false
		switch {
		case s.Player != in.Player:
			// It still owes the seat just dealt to a card the table has
			// no stack for.
			gone = !s.First && !s.NewStack
		case !s.First && !in.First:
			gone = (!s.NewStack && in.NewStack) || s.Due > in.Due
		}
		if !gone || !t.observe(game.Event{Kind: game.EvStackGone}) {
			break
		}
	}
}

// lookBetween is the dealer who held a read back to lay the next card
// under it (BuriedPlay), reading the pair, looking at the light between
// the two as before any card they deal (sayGone): a seat whose faller took
// the only card of a second stack unseen still has it counted, and a Hit
// asks for its cards stack by stack ("HIT: After dealing normally, deal a
// second card into each of this player's stacks"). Without that look the
// second read was taken for the gone stack's card, the dealer's "not there"
// came a card late and dropped the real stack's Hit, and the Ground went
// to the next seat (french 15007252 without the four). Not while cards
// dealt unscanned keep the dealer from looking (noticeUnscanned), nor with
// the first read itself held (resolveHold judges it with what comes next).
func (t *table) lookBetween(in game.Instruction) {
	if len(t.unscanned) > 0 || t.hold.active {
		return
	}
	t.sayGone(in, false)
}

// sayRiderGone is the dealer, their deck run out a card early (TwoAsOne)
// and about to confirm from the panel the deal the light asks for, who
// looks at the light first: told to sweep or leave a rider the seat no
// longer has (riderGone: Moved or Stopped unseen, "MOVE: This card moves a
// rider. You can either steal someone else's rider, or you can give your
// rider to someone else"), they say it is not there, as reportGone does
// at a beat's start. Their confirmation, taken for that sweep, left the
// seat's deal owed, and the lights ran a seat behind (2004713 classic and
// french).
func (t *table) sayRiderGone(in game.Instruction) {
	for range 8 {
		if !t.riderGone(t.seen.Next(), in, true) || !t.observe(game.Event{Kind: game.EvStackGone}) {
			return
		}
	}
}

// riderGone reports whether the light s, as the address in begins, asks
// the dealer about a rider its faller no longer has: Moved or Stopped
// unseen ("MOVE: This card moves a rider. You can either steal someone
// else's rider, or you can give your rider to someone else"). Told to
// sweep or leave it, the dealer finds nothing there to sweep and says it
// is not there, whatever card they hold: they are to deal nothing to that
// seat, and the card they deal next, read while the light still asks for
// the sweep, was taken for a later seat's. Told to deal past it, they say
// so only with no card to deal (noCard) that would show it. A rider of
// another kind lying there (played since the named one went) is not the
// one named either: "A player can never have more than one rider at a
// time" (official 3009401).
func (t *table) riderGone(s, in game.Instruction, noCard bool) bool {
	if !s.First || !in.First || s.Player != in.Player || s.Rider == game.NoKind {
		return false
	}
	if r := t.truth.Rider(in.Player); r >= 0 && t.truth.Card(r).Kind == s.Rider {
		return false
	}
	return noCard || s.Action != game.ActDeal
}

// showRider: the dealer reaches a seat and shows its rider and Extras,
// with the mistakes that happen then.
func (t *table) showRider(in game.Instruction) {
	g := t.truth
	p := in.Player
	if t.happens(PlayAfterOut) {
		if c := t.outCard(); c >= 0 && g.Rider(p) < 0 {
			f := t.fault(PlayAfterOut, g.Card(c).ID, in.Seat)
			t.probe(f, game.Scan(g.Card(c).ID))
		}
	}
	t.showStale(p)
	if x, ok := t.swept[p]; ok {
		delete(t.swept, p)
		if t.happens(ForgetSweep) && g.Where(x).Zone == game.InDiscard && t.readerGone == 0 {
			// The dealer left it in front of the seat last pass and shows
			// it now; told it was swept, they sweep it.
			f := t.fault(ForgetSweep, g.Card(x).ID, in.Seat)
			t.probe(f, game.Scan(g.Card(x).ID))
		}
	}
	r := g.Rider(p)
	if r < 0 {
		return
	}
	// show reports whether the reader read c.
	show := func(c int) bool {
		if t.readerGone > 0 {
			// Nothing read: the dealer, who sees the card, names its
			// kind from the panel, after the cards they dealt unscanned
			// if the light, still on another seat, waits for them.
			t.unscanned = t.confirmUnscanned(t.unscanned, p)
			t.confirmShown(nil, c)
			return false
		}
		if t.happens(ReaderMissRider) {
			f := t.fault(ReaderMissRider, g.Card(c).ID, in.Seat)
			if fs := t.unscanned; len(fs) > 0 {
				// Naming it from the panel, the dealer sees the light
				// still waiting for the cards they dealt unscanned (if
				// it lags), and confirms those first; the reader reads,
				// so game/dealer asks for them at once.
				if t.unscanned = t.confirmUnscanned(fs, p); len(t.unscanned) == 0 {
					t.identify()
				}
			}
			t.confirmShown(f, c)
			return false
		}
		t.shown(c)
		return true
	}
	// A rider named by hand stands in for a card the engine chose: shown
	// again it would be another story than a rider shown twice.
	if show(r) && t.happens(ScanTwice) {
		f := t.fault(ScanTwice, g.Card(r).ID, in.Seat)
		t.probe(f, game.Scan(g.Card(r).ID))
		if f.Answer == Missed && t.isShown(r, p) {
			// A permanent rider shown again is seen again: the dealer
			// is told "seen" and nothing changes.
			f.Answer, f.Why = Refused, "seen already"
		}
	}
	for _, x := range g.Extras(p) {
		if show(x) {
			t.extraOnTheRider(p, x)
		}
	}
	max := t.opt.Rules.MaxExtras
	if max > 0 && len(g.Extras(p)) >= max && t.happens(SecondExtra) {
		if c := t.lying(game.Extra); c >= 0 {
			f := t.fault(SecondExtra, g.Card(c).ID, in.Seat)
			t.probe(f, game.Scan(g.Card(c).ID))
		}
	}
	if t.happens(SecondRider) {
		if c := t.lying(game.NoKind); c >= 0 {
			f := t.fault(SecondRider, g.Card(c).ID, in.Seat)
			t.probe(f, game.Scan(g.Card(c).ID))
		}
	}
}

// shown is card c shown as a seat's turn begins, read as game/dealer reads
// it. The dealer holds a rider or an Extra read from the deck while a card
// dealt by hand may have been picked up unseen (game.PlayedUnseen), and
// another read at once makes it that card played there, anything else the
// deal. This table has no clock: what comes next in the same beat judges
// the held read, as half a beat does for game/dealer (resolveHold), though
// the table knows what it showed.
func (t *table) shown(c int) {
	id := t.truth.Card(c).ID
	if !t.holdIfPlayedUnseen(id) && t.observe(game.Scan(id)) {
		// Taken for the deal (a rider the engine believed in the deck),
		// the light goes on while the seat is still owed its cards: the
		// dealer, who sees the rider lying there, says misread.
		t.shownNotDealt(c, nil)
		t.skipNotSwept(c)
	}
}

// skipNotSwept is the dealer who has just shown card c, a Skip (or a
// Chute) lying as a seat's rider, as that seat's turn begins, and sees the
// screen take it for the seat's deal: the light goes on to another seat
// without asking for the Skip (or, an Extra on it, the Extra) to be swept
// ("SKIP: Deal no cards to this player, and sweep away the Skip"). The
// engine believed c in the deck, or stood it in for a card dealt by hand
// (a card dealt unscanned, or by hand, that its faller picked up and
// played). The dealer, who sees the Skip lying there, says misread: it is
// shown after all (game's shownFromDeck), and the light asks for its
// sweep. Taken instead for the rider of a seat the light still waits at,
// a seat behind, the screen lights that seat for a sweep where no Skip
// lies, and the misread takes the read back, as for a stray card.
// shownNotDealt is the same for a rider that deals: there the light skips
// the cards the seat is owed.
func (t *table) skipNotSwept(c int) {
	w, v := t.truth.Where(c), t.seen.Where(c)
	if w.Zone != game.AsRider || (v.Zone != game.InStack && v.Zone != game.AsRider) || (v.Zone == game.AsRider && v.Player == w.Player) {
		return
	}
	in, seen := t.truth.Next(), t.seen.Next()
	// The light still at the seat asks for its sweep, unless it asks for
	// a card there: taken for the deal to one of two stacks, it asks for
	// the other's, and "not there" of a stack the seat has put the lights
	// a seat behind (2008222).
	if !in.First || in.Player != w.Player || (in.Action != game.ActSweep && in.Action != game.ActPass) || (seen.Player == w.Player && seen.Action != game.ActDeal) {
		return
	}
	t.sayShownAfterAll(c)
}

// holdIfPlayedUnseen is game/dealer reading card id: a read it holds
// (game.PlayedUnseen: a card dealt by hand may have been picked up unseen
// and played as this turn begins) is not told to the engine until what
// comes next judges it (resolveHold). It reports whether it held it. A
// read that comes while another is held is not held itself: it judges that
// one (observe).
func (t *table) holdIfPlayedUnseen(id string) bool {
	if t.hold.active {
		return false
	}
	x, ok := t.seen.CardIndex(id)
	if !ok {
		return false
	}
	q := t.seen.PlayedUnseen(x)
	if q == 0 {
		return false
	}
	t.hold = heldRead{id: id, seat: q, active: true, before: len(t.unscanned)}
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v held  %s, read as seat %d's turn begins", t.now, id, t.seen.Seat(t.seen.Next().Player)))
	}
	return true
}

// heldLag is the dealer about to confirm from the panel a card they just
// dealt to faller p, unread (the reader missed it, or is gone), who dealt
// the cards of fs without scanning them and dealt on, while a read is
// held: the rider they showed as p's turn began, read from the deck, whose
// deal this card is. Looking at the light, as before any confirmation by
// hand (confirmUnscanned), they see it still waits for the first card
// dealt unscanned, at another seat or for other cards than p is owed: the
// rider's read was the first to show the lag ("the next deal, or the next
// seat's rider": noticeUnscanned, which a read not held has at once). They
// say "unscanned" of that read, the last the reader read, before the
// confirmation: told first, the confirmation, coming in the beat of the
// held read, would make it a card dealt by hand picked up unseen and shown
// at the seat the light lags at (game/dealer's heldAsRider), and the
// rider's cards would be dealt there (messy 1009248: a Hit shown at seat
// 2 taken for seat 1's card dealt by hand, its card confirmed at seat 1).
// game/dealer's "unscanned" judges the held read the deal first (a control
// other than a confirmation: flushHeld), then says the card before it went
// unscanned, and the read goes where the light then asks. It returns the
// cards still unsaid.
func (t *table) heldLag(fs []int, p int) []int {
	if !t.hold.active || len(fs) == 0 {
		return fs
	}
	if t.lightOn(p) {
		return fs // the light on p's seat shows nothing wrong yet
	}
	t.unscanned = fs
	t.lagSeen = true
	t.resolveHold(nil)
	t.lagSeen = false
	fs = t.unscanned
	t.unscanned = nil
	return fs
}

// resolveHold is game/dealer judging the read it holds by what comes next,
// e, or by half a beat passing (e nil). Read within it, a card that comes
// with a card shown (the deal, a stand-in for a card dealt by hand, an
// Extra, or the rider an Extra lies on: game/dealer's comesWithShown) makes
// the held read a card shown, picked up unseen and played there: the
// engine is told which (Identify), then the read, if it takes both (tried
// on a copy, as the dealer tries it). The same card read again changes
// nothing; anything else judges it the deal (game.ScanDealt). Time cannot
// tell a deal followed by the second of two cards dealt at once from a card
// shown followed by its deal, so the dealer takes the first for the second,
// as this table now does too. It reports whether the read was judged a
// card shown.
func (t *table) resolveHold(e *game.Event) bool {
	if !t.hold.active {
		return false
	}
	h := t.hold
	if e != nil && e.Kind == game.EvPress {
		return false // a button: game/dealer's onButton judges no held read
	}
	if e != nil && e.Kind == game.EvScan && e.Card == h.id {
		return false // read again: the dealer warns, and still holds it (readAgainHeld)
	}
	kept := e != nil && e.Kind == game.EvScan && !e.Dealt && t.stopOnKeptPress(h, *e)
	if !kept && e != nil && e.Kind == game.EvScan && (t.strayWhileHeld(h, e.Card) || !t.comesWithShown(h, e.Card) && t.seen.Clone().Observe(*e) != nil) {
		// A tag not in the deck, or a card refused where it is read (a
		// stray one): it proves nothing of the held read, and the dealer
		// still holds it.
		return false
	}
	t.hold = heldRead{}
	// Told after the judgement, and after the cards dealt unscanned are
	// put back (deferred last, so run last).
	defer t.tellHeldPresses()
	// A card dealt unscanned after the held read (its deal, say) is said
	// of a later read, the first that shows the light lagging for it:
	// game/dealer tells the engine of the held read before it was dealt.
	later := slices.Clone(t.unscanned[min(h.before, len(t.unscanned)):])
	t.unscanned = t.unscanned[:min(h.before, len(t.unscanned))]
	defer func() { t.unscanned = append(t.unscanned, later...) }()
	if kept && t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v the Stop a press kept while %s was held claims: the hold judged, the press told, then the Stop", t.now, h.id))
	}
	if e != nil && (kept || t.showsHeld(h, *e)) {
		try := t.seen.Clone()
		if try.Observe(game.Identify(h.seat, h.id)) == nil && try.Observe(game.Scan(h.id)) == nil {
			t.countMisjudged(h.id, true)
			if t.observe(game.Identify(h.seat, h.id)) {
				t.observe(game.Scan(h.id))
			}
			return true
		}
	}
	t.countMisjudged(h.id, false)
	if t.observe(game.ScanDealt(h.id)) {
		if c, ok := t.truth.CardIndex(h.id); ok {
			if w := t.seen.Where(c); w.Zone == game.InStack && !t.seen.Blind(c) && t.truth.Where(c).Zone == game.InStack {
				t.dealtAt(c, t.truth.Where(c).Player, w.Player)
			}
			if e == nil {
				// Judged by an input, that input reaches the engine right
				// behind the judgement, before the dealer can say a word.
				t.shownNotDealt(c, later)
			}
		}
	}
	return false
}

// sayShownAfterAll is the dealer's misread of card c, which they showed:
// said only where the screen offers it, as game/dealer's does (View.Misread).
func (t *table) sayShownAfterAll(c int) {
	id := t.truth.Card(c).ID
	if got, ok := t.seen.ReadToTakeBack(); !ok || got != id {
		return
	}
	if t.observe(game.NotThereRead(id)) && t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v shown after all: %s", t.now, id))
	}
}

// shownNotDealt is the dealer who showed card c as a seat's turn began,
// and whose hold judged it that seat's deal (nothing was read at once: the
// deal went unread), seeing the light go on to another seat while the
// table still owes that seat a card of its turn (stillOwed). The dealer
// says misread: c was shown there after all (game.InfShownAfterAll), and
// the light asks for that seat's cards again. Only a hold judged by time
// leaves them the moment to say it (resolveHold), where a Ground they
// dealt there unread is a reason too (landedUnread): later are
// the cards dealt unscanned since the hold (none elsewhere).
func (t *table) shownNotDealt(c int, later []int) {
	if t.stillOwed(c) || !t.older.silentOnLanding && t.landedUnread(c, later) {
		t.sayShownAfterAll(c)
	}
}

// stillOwed reports whether card c lies as a seat's rider (or its Extra)
// at the table, the light deals at another seat, and the table still owes
// that seat a card of its turn (a Hit's second, or the deal itself). Where
// the seat's cards are all down, the light moving on shows the dealer
// nothing (but landedUnread).
func (t *table) stillOwed(c int) bool {
	w := t.truth.Where(c)
	if w.Zone != game.AsRider && w.Zone != game.AsExtra {
		return false
	}
	in, seen := t.truth.Next(), t.seen.Next()
	return in.Action == game.ActDeal && in.Player == w.Player && seen.Player != w.Player
}

// landedUnread reports whether card c lies as the rider (or its Extra) of
// a faller the Ground among the cards of faults later, dealt unscanned
// after c's held read, put out, while the screen, its hold having judged
// c that faller's deal, has them standing and its light at another seat.
// "GROUND: If you receive one of these, you are immediately out. To
// reflect this, gather your cards together under the Ground": the dealer,
// who showed c lying horizontally as a rider and dealt that seat a Ground
// they saw (as for "landed", noticeUnscanned), sees the light leave the
// seat without its Ground landing, and the faller out. The seat's cards
// are all down, so the light moving on is no lag (stillOwed), and the
// card dealt unscanned showed none at the next read: the dealer said
// nothing, the screen kept the faller in, and its light came back to them
// a seat behind the table's (1003403, classic and french: hit-12 held as
// seat 6's turn began, Ground-3 dealt unscanned; the dealer never said
// "unscanned" of it). The misread shows c after all, the light asks for
// the seat's cards again, and the next read shows the Ground's lag.
func (t *table) landedUnread(c int, later []int) bool {
	w := t.truth.Where(c)
	if w.Zone != game.AsRider && w.Zone != game.AsExtra || !t.truth.Out(w.Player) {
		return false
	}
	if t.seen.Out(w.Player) || t.seen.Next().Player == w.Player {
		return false
	}
	for _, i := range later {
		u, ok := t.truth.CardIndex(t.hand.Faults[i].Card)
		if !ok || t.truth.Card(u).Kind != game.Ground {
			continue
		}
		if p := t.truth.Where(u); p.Zone == game.InStack && p.Player == w.Player {
			return true
		}
	}
	return false
}

// showsHeld reports whether e, coming within the beat of the held read h,
// shows h was a card shown, as game/dealer judges it: a card that comes
// with a card shown (comesWithShown); a card dealt by hand (the panel's
// confirmation of a deal: the reader missed it, or is gone), the deal
// that follows a card shown; an Extra named by hand, laid on h
// (extraNamedOnHeld); or a card taken now that would be refused
// had h been told as a card shown (a second rider, taken for the seat's
// own only because h is not told yet).
func (t *table) showsHeld(h heldRead, e game.Event) bool {
	switch {
	case e.Kind == game.EvScan && e.Dealt:
		return false
	case t.leavesExtraRiderless(h, e):
		return false
	case e.Kind == game.EvScan && t.comesWithShown(h, e.Card):
		return true
	case e.Kind == game.EvConfirm && (e.As == game.NoKind || e.As == game.Ground):
		return t.seen.Next().Action == game.ActDeal
	case e.Kind == game.EvConfirm && e.As == game.Extra:
		return t.extraNamedOnHeld(h)
	case e.Kind == game.EvScan:
		try := t.seen.Clone()
		return try.Observe(game.Identify(h.seat, h.id)) == nil && try.Observe(game.Scan(h.id)) == nil && try.Observe(e) != nil
	}
	return false
}

// extraNamedOnHeld is game/dealer's extraNamedOnHeld: an Extra named by
// hand within half a beat of the held read h ("An Extra card modifies a
// rider"; "To play an Extra, lay it on top of the rider you wish to
// modify") is laid on the held card, shown, where the engine, told h as a
// card shown, takes the Extra named laid on it (tried on a copy);
// elsewhere it proves nothing of h.
func (t *table) extraNamedOnHeld(h heldRead) bool {
	c, ok := t.seen.CardIndex(h.id)
	if !ok {
		return false
	}
	try := t.seen.Clone()
	if try.Observe(game.Identify(h.seat, h.id)) != nil || try.Observe(game.Scan(h.id)) != nil {
		return false
	}
	w := try.Where(c)
	if w.Zone != game.AsRider {
		return false
	}
	laid := len(try.Extras(w.Player))
	if try.Observe(game.ConfirmAs(game.Extra)) != nil {
		return false
	}
	return try.Where(c) == w && len(try.Extras(w.Player)) > laid
}

// countMisjudged counts a held read of card id judged shown (or dealt)
// that the table really dealt (or showed).
func (t *table) countMisjudged(id string, shown bool) {
	c, ok := t.truth.CardIndex(id)
	if !ok {
		return
	}
	switch z := t.truth.Where(c).Zone; {
	case shown && z == game.InStack:
		t.hand.dealtAsShown++
	case !shown && (z == game.AsRider || z == game.AsExtra):
		t.hand.shownAsDealt++
	}
}

// readAgainHeld is game/dealer reading again the card whose read it holds:
// "the same card scanned twice: a warning sound and message, the event is
// logged, the game state does not move" (onCard). The engine hears nothing
// of it, and the read stays held: told to the engine alone, the read of a
// card the engine may take for one picked up unseen would be taken for it,
// a catch of the dealer's counted missed. It reports whether e was such a
// read, counted as the warning.
func (t *table) readAgainHeld(e game.Event) bool {
	if !t.hold.active || e.Kind != game.EvScan || e.Card != t.hold.id {
		return false
	}
	t.now += 10 * time.Millisecond
	t.rec.Read(e.Card)
	t.hand.Refusals++
	return true
}

// comesWithShown is game/dealer's test of a card read within half a beat
// after the held one, h: one that comes at once after a card shown.
func (t *table) comesWithShown(h heldRead, id string) bool {
	s := t.seen
	c, ok := s.CardIndex(id)
	x, okh := s.CardIndex(h.id)
	if !ok || !okh {
		return false
	}
	k := s.Card(c).Kind
	return (s.Where(c).Zone == game.InDeck || s.Blind(c) || k == game.Extra ||
		(s.Card(x).Kind == game.Extra && k.IsRider())) && !t.leavesExtraRiderless(h, game.Scan(id))
}

// leavesExtraRiderless is game/dealer's test of the same name: the held
// read, an Extra, told as a card shown, would wait for a rider that e, the
// next thing read or said, does not bring ("An Extra card modifies a
// rider"; "To play an Extra, lay it on top of the rider you wish to
// modify"). No rider in play at that seat, no faller showed it there: it
// was the deal.
func (t *table) leavesExtraRiderless(h heldRead, e game.Event) bool {
	x, ok := t.seen.CardIndex(h.id)
	return ok && t.seen.ExtraLeftRiderless(h.seat, x, e)
}

// stopOnKeptPress is game/dealer's: a Stop read while h is held, after a
// press kept during the hold, that the dealer takes neither for a card
// that comes with a card shown nor for a stray one, but for the Stop that
// press claims ("To Stop a Ground, play the Stop as the Ground is being
// dealt to you"), where the engine, told h a card shown and the presses
// kept, takes it (tried on a copy). The press and the Stop prove a Ground
// was dealt right after h, the card that comes with a card shown, so the
// hold is judged a card shown (heldAsRider), the presses told
// (tellHeldPresses), then the Stop read; judged the deal, the light went a
// seat ahead where h was a Hit shown (1007999 classic).
func (t *table) stopOnKeptPress(h heldRead, e game.Event) bool {
	c, ok := t.seen.CardIndex(e.Card)
	if !ok || t.seen.Card(c).Kind != game.Stop || len(t.heldPresses) == 0 {
		return false
	}
	if t.comesWithShown(h, e.Card) && !t.strayWhileHeld(h, e.Card) {
		return false // game/dealer's heldAsRider: the presses are told after it
	}
	try := t.seen.Clone()
	if try.Observe(game.Identify(h.seat, h.id)) != nil || try.Observe(game.Scan(h.id)) != nil {
		return false
	}
	told := false
	for _, seat := range t.heldPresses {
		if !try.Over() && try.ClaimOf(seat) == game.PressUnreadClaim && try.Observe(game.Press(seat)) == nil {
			told = true
		}
	}
	return told && try.Observe(e) == nil
}

// strayWhileHeld is game/dealer's test of a card read while h is held
// that is a stray one, whatever comesWithShown says: refused where it is
// read, and refused too had h been told as a card shown (a rider swept
// into the discard pile, read near the reader).
func (t *table) strayWhileHeld(h heldRead, id string) bool {
	if t.seen.Clone().Observe(game.Scan(id)) == nil {
		return false
	}
	try := t.seen.Clone()
	return try.Observe(game.Identify(h.seat, h.id)) == nil && try.Observe(game.Scan(h.id)) == nil && try.Observe(game.Scan(id)) != nil
}

// isShown reports whether c, shown twice, is where the assistant already
// has it: a repeat that changes nothing.
func (t *table) isShown(c, p int) bool {
	w := t.seen.Where(c)
	return (w.Zone == game.AsRider || w.Zone == game.AsExtra) && w.Player == p
}

// lying finds a card of kind k (NoKind: any rider) on top of some faller's
// stack, one a faller could put down. Not a card that lies elsewhere at
// the table than the truth has it (phys: stuck under the card it was dealt
// with, dealt to another seat, swept): the faller the truth has it in front
// of cannot take it ("You can only pick up the top card of your stack"),
// as blocked refuses them its pick-up.
func (t *table) lying(k game.Kind) int {
	g := t.truth
	for _, p := range t.rng.Perm(g.NumPlayers()) {
		if g.Out(p) {
			continue
		}
		for s := 0; s < g.NumStacks(p); s++ {
			c := g.Top(p, s)
			if c < 0 {
				continue
			}
			if _, away := t.phys[c]; away {
				continue
			}
			if kd := g.Card(c).Kind; kd == k || (k == game.NoKind && kd.IsRider()) {
				return c
			}
		}
	}
	return -1
}

// outCard finds a rider lying in the stacks of a faller who is out.
func (t *table) outCard() int {
	g := t.truth
	for p := 0; p < g.NumPlayers(); p++ {
		if !g.Out(p) {
			continue
		}
		for s := 0; s < g.NumStacks(p); s++ {
			for _, c := range g.Stack(p, s) {
				if g.Card(c).Kind.IsRider() {
					return c
				}
			}
		}
	}
	return -1
}

// read is the reader reading card c just dealt, with its mistakes and the
// dealer's.
func (t *table) read(c int) {
	t.readBeside(c, -1)
}

// readBeside is read, unread the other card of a held pair (or -1): dealt
// with c, its read still to come, so no stray card (stray).
func (t *table) readBeside(c, unread int) {
	g := t.truth
	id := g.Card(c).ID
	seat := g.Seat(g.Where(c).Player)
	unscanned := t.unscanned
	t.unscanned = nil   // a card confirmed by hand next: the dealer did not deal on
	t.hiddenLag = false // this read shows the lag, if any (observe)
	if t.readerGone == 0 && t.happens(ReaderGone) {
		t.readerGone = 1 + t.rng.IntN(4)
		f := t.fault(ReaderGone, id, seat)
		f.Answer, f.Why = Named, "reader lost: deals confirmed by hand"
	}
	if t.readerGone > 0 {
		t.readerGone--
		t.settleUnscanned(unscanned, g.Where(c).Player)
		t.blind(nil, c)
		t.confirmedGroundHidesLag()
		if t.readerGone == 0 {
			// The reader is back before the next card.
			t.identify()
		}
		return
	}
	if t.happens(StrayCard) {
		if s := t.stray(c, unread); s >= 0 {
			f := t.fault(StrayCard, g.Card(s).ID, seat)
			unscanned = t.probeUnsaid(unscanned, f, game.Scan(g.Card(s).ID))
		}
	}
	if t.happens(StrayTag) {
		f := t.fault(StrayTag, "stray-tag", seat)
		unscanned = t.probeUnsaid(unscanned, f, game.Scan("stray-tag"))
	}
	if t.happens(ScanNoDeal) {
		// Scanned, put back, dealt and scanned on the next beat: the
		// second read is the one the assistant must not take for a card.
		f := t.fault(ScanNoDeal, id, seat)
		// The first read shows the dealer the lights a seat behind, as
		// any read after cards dealt unscanned does (observe).
		t.unscanned = unscanned
		defer func() {
			// Unless the first read was a Ground's, whose Stop window
			// hid the lag (lagInWindow): the dealer sees it at the first
			// read after the window, Stop or not, as after any read
			// (read's default). Forgotten, the light asked the saved
			// seat for a card the table no longer owed, and ran a seat
			// behind (3005399 french, 2005114, 3004283 french).
			if !t.hiddenLag {
				t.unscanned = nil
			}
		}()
		if t.holdIfPlayedUnseen(id) {
			// game/dealer holds the first read as any other, and
			// nothing comes with it: half a beat judges it the deal.
			t.resolveHold(nil)
		} else if t.observe(game.Scan(id)) {
			// Taken for a rider the dealer does not see there, as any
			// first read of a Skip can be (notARider).
			t.notARider(c)
		}
		t.probe(f, game.Scan(id))
		return
	}
	switch {
	case t.happens(ReaderMiss):
		f := t.fault(ReaderMiss, id, seat)
		t.settleUnscanned(unscanned, g.Where(c).Player)
		t.blind(f, c)
		t.confirmedGroundHidesLag()
		t.identify() // the reader reads: the dealer is asked for the card
	case t.happens(DealUnscanned):
		t.fault(DealUnscanned, id, seat)
		t.unscanned = append(unscanned, len(t.hand.Faults)-1)
	default:
		t.unscanned = unscanned
		if t.holdIfPlayedUnseen(id) {
			// Told to the engine once judged (resolveHold), with what the
			// dealer then says of the cards dealt unscanned before it.
			if t.happens(ReadTwice) {
				f := t.fault(ReadTwice, id, seat)
				f.Answer, f.Why, f.live = Refused, "the dealer warns: read again while its read is held", true
			}
			return
		}
		if t.observe(game.Scan(id)) {
			t.notARider(c)
			t.justDealt = justDealt{card: c + 1, applied: t.seen.Applied()}
		}
		if !t.hiddenLag {
			t.unscanned = nil
		}
		if t.happens(ReadTwice) {
			f := t.fault(ReadTwice, id, seat)
			t.probe(f, game.Scan(id))
		}
	}
}

// confirmUnscanned is the dealer who dealt the cards of faults fs without
// scanning them and dealt on, about to confirm from the panel a card they
// just laid in front of faller p (a deal the reader missed, or dealt with
// the reader gone; a rider the reader missed): looking at the light, which
// still waits for the first of them, they confirm those by hand first.
// Only if they can see it lag: a light on p's seat (the first card dealt
// unscanned went there too) shows nothing wrong yet, and the cards stay
// unsaid, for a later read to show (noticeUnscanned). It returns the cards
// left unsaid.
func (t *table) confirmUnscanned(fs []int, p int) []int {
	if len(fs) == 0 {
		return nil
	}
	if t.lightOn(p) {
		return fs
	}
	t.confirmByHand(fs, false)
	return nil
}

// settleUnscanned is the dealer, about to confirm by hand a card at
// faller p's seat, settling the cards fs dealt unscanned before it:
// "unscanned" said of a read held (heldLag), the rest confirmed by hand
// unless the light already deals at p's seat (confirmUnscanned).
func (t *table) settleUnscanned(fs []int, p int) {
	t.unscanned = t.confirmUnscanned(t.heldLag(fs, p), p)
}

// lightOn reports whether the assistant's light deals at faller p's seat.
func (t *table) lightOn(p int) bool {
	in := t.seen.Next()
	return in.Action == game.ActDeal && in.Player == p
}

// imaginaryUnscanned is the dealer, their deck empty, about to deal faller
// p the imaginary Ground the table owes them ("There are only five Ground
// cards, but there is an unlimited supply of ground"), the cards of faults
// fs dealt unscanned and unsaid. A light that announces no imaginary Ground
// for p asks for a card from a deck the dealer no longer holds: the last
// cards they dealt went unscanned, and the light waits for the first of
// them. They confirm those by hand first (a Ground named a Ground), as
// they do before any deal confirmed by hand (confirmUnscanned), then deal
// the imaginary one. It returns the cards left unsaid.
func (t *table) imaginaryUnscanned(fs []int, p int) []int {
	if len(fs) == 0 {
		return nil
	}
	if in := t.seen.Next(); in.Action == game.ActDeal && in.Imaginary && in.Player == p {
		return fs
	}
	t.confirmByHand(fs, false)
	return nil
}

// imaginaryConfirm is the dealer's word for the imaginary Ground they deal
// faller p. A light that announces it is dealt by the beat (a plain
// confirmation). A light that asks p for a card asks it of a deck the
// dealer no longer holds (a card the engine believes left went unscanned
// long ago, never said): they deal the Ground all the same, and name it a
// Ground, as they name any Ground they deal by hand.
func (t *table) imaginaryConfirm(p int) game.Event {
	if in := t.seen.Next(); in.Action == game.ActDeal && !in.Imaginary && in.Player == p {
		return game.ConfirmAs(game.Ground)
	}
	return game.Confirm()
}

// confirmByHand is the dealer confirming from the panel, in turn, the
// cards of faults fs they dealt unscanned, and the beat between two
// confirmations as game/dealer runs it: a Ground among them the table
// dealt on past, its window long gone, has the window opened now let pass
// (in it the next confirmation would be a Stop claim: refused, or a Stop
// stood in that was never shown), but for the last one's if keepLast; one
// that ended an address (a Hit's second card, say) has its rider swept
// (else the next confirmation would be taken for that sweep). It reports
// whether the assistant took every one.
func (t *table) confirmByHand(fs []int, keepLast bool) bool {
	for j, i := range fs {
		f := &t.hand.Faults[i]
		if u, ok := t.truth.CardIndex(f.Card); !ok || !t.blind(f, u) {
			return false
		}
		if (!keepLast || j < len(fs)-1) && t.seen.Next().Action == game.ActLand {
			t.observe(game.StopClosed())
		}
		t.seenSweeps()
	}
	return true
}

// notARider is the dealer who just dealt card c, a Skip or a Chute, told
// by the lights to sweep it (or leave it) as the rider of the seat it went
// to: the engine took it for the faller's own card dealt by hand, said
// picked up, played there. Shown, a Skip deals nothing, so nothing follows
// it, as nothing follows a deal, and game/dealer's hold cannot tell the
// two apart; the dealer, who sees no such rider, says "not there", and the
// engine deals it there after all (game.InfDealtAfterAll).
func (t *table) notARider(c int) {
	w := t.seen.Where(c)
	if k := t.truth.Card(c).Kind; w.Zone != game.AsRider || (k != game.Skip && k != game.Chute) || t.truth.Where(c).Zone != game.InStack {
		// (A card the table holds as a rider is one the dealer sees.)
		return
	}
	if in := t.seen.Next(); (in.Action == game.ActSweep || in.Action == game.ActPass) && in.Player == w.Player {
		t.observe(game.StackGone())
	}
}

// lagInWindow reports whether the read just taken, after the cards of
// faults fs were dealt unscanned and showing the dealer no lag, came in a
// Ground's Stop window (it was the Ground, whose window it opened, or a
// card read in it, a Stop shown): the light shows that Ground landing
// where it was dealt, and nothing yet of the lag behind it. "To Stop a
// Ground, play the Stop as the Ground is being dealt to you. The dealer
// keeps the Ground": saved, it goes back on the deck, and the light asks
// for the card it was taken for, one the table no longer owes; landed,
// the seat is out and the lag with it (groundWindow). The dealer sees
// which at the first read after the window (noticeUnscanned). A Ground
// among fs keeps them as before: forgotten.
func (t *table) lagInWindow(fs []int, wasWindow bool) bool {
	if !wasWindow && t.seen.Next().Action != game.ActLand {
		return false
	}
	for _, i := range fs {
		if u, ok := t.truth.CardIndex(t.hand.Faults[i].Card); !ok || t.truth.Card(u).Kind == game.Ground {
			return false
		}
	}
	return true
}

// extraUnshown reports whether the light a asks for the deal the table
// owes next (b) but for Extras lying on the rider that the dealer has yet
// to show: "To play an Extra, lay it on top of the rider you wish to
// modify, overlapping it so the dealer can still read both cards", and the
// dealer shows the rider, then its Extras, each read in turn. The light
// counts only what it has read, so after the rider it asks fewer cards
// than the table owes: no lag, to a dealer who sees the Extra still to
// show. A lag makes the light ask more than the table owes, or at another
// seat (the one still waiting), never fewer there. Said at the rider,
// "unscanned" put a card dealt unscanned before a Ground that landed at
// the seat before at this one (26008376).
func extraUnshown(a, b game.Instruction) bool {
	return a.Action == game.ActDeal && b.Action == game.ActDeal && a.Player == b.Player && a.Rider == b.Rider && a.Rider != game.NoKind && a.Extras < b.Extras && a.Due < b.Due
}

// confirmedGroundHidesLag is lagInWindow for a Ground just confirmed by
// hand (the reader missed it, or was gone) where the light already asked
// its seat, so the cards dealt unscanned before it stayed unsaid
// (confirmUnscanned): the light shows the Ground landing where it was
// dealt, as it does for a Ground read, and nothing of the lag behind it.
// Landed, the seat is out and the lag with it ("GROUND: If you receive
// one of these, you are immediately out"; groundWindow); saved, the
// dealer sees the lag at the first read after the window. Kept past the
// window instead, they were confirmed by hand or said "unscanned" at the
// next seats, where the light, in step, took them for those seats' cards
// (26008376, 27009761 classic: a Hit's first card dealt unscanned, its
// second a Ground).
func (t *table) confirmedGroundHidesLag() {
	if !t.older.lagPastConfirmedGround && len(t.unscanned) > 0 && t.lagInWindow(t.unscanned, false) {
		t.hiddenLag = true
	}
}

// litElsewhere reports whether the light, as card id is read, asks for a
// deal at another seat than the one the table has just dealt it to, or
// than the one whose rider it is, shown as that seat's turn begins
// (shownElsewhere): the dealer, dealing or showing there, sees the light
// lag, even where the light after the read asks for the seat the table
// deals to next (two fallers; a rider judged the lagging seat's deal).
func (t *table) litElsewhere(id string) bool {
	in := t.seen.Next()
	p, c, _, ok := t.truth.PendingDeal()
	if ok && in.Action == game.ActDeal && c >= 0 && t.truth.Card(c).ID == id && p != in.Player {
		return true
	}
	return !t.older.blindToShownLag && t.shownElsewhere(id, in)
}

// shownElsewhere reports whether card id lies as the rider (or its Extra)
// of the seat the dealer addresses, the table's next card due there, while
// the light in asks for a deal at another seat: "Starting with the player
// to your left, deal cards one at a time clockwise around the table", so
// a dealer showing that seat's rider is done with the seat the light
// waits at. Fallers' plays are read only as the dealer shows them, so a
// rider read is one the dealer shows (6002099: a Hit shown at seat 2,
// seat 1's card dealt unscanned, the Hit's first card too; held, and
// judged seat 1's deal, it put the light back in step with the table's
// next card, and the lag showed only a card later, a seat off).
func (t *table) shownElsewhere(id string, in game.Instruction) bool {
	x, ok := t.truth.CardIndex(id)
	if !ok || in.Action != game.ActDeal {
		return false
	}
	w, n := t.truth.Where(x), t.truth.Next()
	return (w.Zone == game.AsRider || w.Zone == game.AsExtra) && n.Action == game.ActDeal && n.Player == w.Player && in.Player != w.Player
}

// saidUnscannedWhy is the answer to a card dealt unscanned that the dealer
// said so of (noticeUnscanned).
const saidUnscannedWhy = "the dealer said it went unscanned: a deal confirmed by hand stands in"

// noticeUnscanned is the dealer who dealt a card without scanning it (f)
// and dealt on: the next card read, id (the next deal, or the next seat's
// rider), the light asks for something else than the table is owed next
// (the seat just dealt to again, or one card more there), and the dealer,
// who sees it, says the card before id went unscanned
// (game.DealtUnscanned). The assistant stands a deal confirmed by hand in
// for that card (and asks for it while it lies on top: the caller's
// identify, once every card dealt unscanned is said). It reports whether
// the dealer said so.
func (t *table) noticeUnscanned(f *Fault, id string, elsewhere bool) bool {
	g, s := t.truth, t.seen
	u, ok := g.CardIndex(f.Card)
	if !ok || t.stoppedUnscanned(u) {
		return false
	}
	// The light looks right only where the rider the screen names for
	// the seat is the one the dealer shows there too: a rider read as
	// the next seat's turn began and taken for the seat before's deal
	// leaves the light asking that next seat for as many cards as the
	// table owes it, with no rider ("Each rider tells you how to deal to
	// the players"), and the dealer who has just shown it sees the lag
	// (4004483, 5005499, 5007518).
	if a, b := s.Next(), g.Next(); !elsewhere && !t.grabbedFirstOfTwo(u, id) && a.Action == b.Action && a.Player == b.Player && (a.Due == b.Due || (!t.older.extraAsLag && extraUnshown(a, b))) && (a.Rider == b.Rider || t.older.quietAfterUnscanned) {
		return false
	}
	n := len(s.Inferences())
	e := game.DealtUnscanned(id)
	if g.Card(u).Kind == game.Ground {
		// The dealer saw it was a Ground (its face, and it landed: they
		// dealt on), and says so (the panel's landed:).
		e = game.GroundDealtUnscanned(id)
	}
	if !t.observe(e) {
		return false
	}
	t.saidUnscanned(u)
	f.Answer, f.Why, f.live = Named, saidUnscannedWhy, true
	t.remember(u, f.Seat)
	t.blindDealt(u, f.Seat, n)
	return true
}

// grabbedFirstOfTwo reports whether card u, dealt unscanned, is a Stop
// still with its faller (in their hand, or on their stack yet to be
// grabbed: "If the dealer is giving you two cards in a row (because of a
// Hit), you can certainly grab the first one") and id, just read, was
// dealt to the same faller after it. The dealer dealt both to one seat:
// the light, which asked for the first of the two when id was read, lags,
// though after id it may ask as the table does (a Ground read ends the
// seat's deal either way). They say "unscanned" of id now, before a Stop
// is shown for it, not of the Stop they dealt (1004911, official 1001285).
func (t *table) grabbedFirstOfTwo(u int, id string) bool {
	g := t.truth
	c, ok := g.CardIndex(id)
	if !ok || g.Card(u).Kind != game.Stop {
		return false
	}
	a, b := g.Where(u), g.Where(c)
	mine := a.Zone == game.InHand || a.Zone == game.InStack
	return mine && b.Zone == game.InStack && a.Player == b.Player
}

// stoppedUnreadWhy is the answer to a Ground dealt unscanned that the
// assistant found from the Stop its faller showed (nameStoppedUnread).
const stoppedUnreadWhy = "the Stop shown after its faller's press where only a Ground could be dealt them: a Ground dealt unread, Stopped"

// nameStoppedUnread names the Ground dealt unscanned, not yet said, that the
// assistant found from the observation just applied (its inferences from
// inferred on): its faller pressed and showed a Stop where the light asked
// them for a card where only a Ground could be dealt them (game's
// InfStoppedUnread and InfStoppedFirstGround: InferenceKind.StopsUnread),
// and the Ground is back on the deck at the table too (stoppedUnscanned).
// "Stop can also repel a Ground": the assistant has the Ground dealt to
// that seat and Stopped, as it was; the dealer has nothing left to say.
func (t *table) nameStoppedUnread(inferred int) {
	at := len(t.log) - 1
	for _, x := range t.seen.Inferences()[inferred:] {
		if !x.Kind.StopsUnread() {
			continue
		}
		seat := t.seen.Seat(x.Player)
		for _, i := range t.unscanned {
			f := &t.hand.Faults[i]
			u, ok := t.truth.CardIndex(f.Card)
			if !ok || f.Answer != Missed || f.Why != "" || f.Seat != seat || !t.stoppedUnscanned(u) {
				continue
			}
			f.Answer, f.Why, f.live = Named, stoppedUnreadWhy, true
			t.stopped = append(t.stopped, byHandAt{at: at, card: u})
		}
	}
}

// stoppedUnscanned reports whether card u, dealt unscanned, is a Ground its
// faller stopped: "To Stop a Ground, play the Stop as the Ground is being
// dealt to you. The dealer keeps the Ground", so it is back on the deck,
// and nothing the dealer dealt is left behind the light: the light asks
// for the next seat, as the table does. What else it asks there (a rider
// moved away unseen, say) is no lag, and the dealer's "unscanned" or
// "landed" would deal the Ground again, landed, at a seat it saved.
func (t *table) stoppedUnscanned(u int) bool {
	return t.truth.Card(u).Kind == game.Ground && t.truth.Where(u).Zone == game.InDeck
}

// unscannedRefused is the dealer whose "unscanned" (noticeUnscanned) the
// assistant refused for the read e that followed the cards of faults fs,
// dealt unscanned: read again where the light then asks, e cannot go
// there. Where the light then asks for a stack the table does not have
// (its only card picked up unseen: "Extra stacks disappear once they are
// empty"), the table's next card, another seat's, was never that stack's.
// The dealer takes the read back (misread, which the screen offers for
// it), confirms the cards dealt unscanned by hand, as the light still
// waits for them, says "not there" of each stack the screen then names
// that the table lacks (goneAsked), and reads e again. It reports whether
// the dealer did so; where they do not see that (behindAGoneStack), they
// do nothing, and the caller goes on as before. (Before, this table's dealer
// forgot the cards dealt unscanned there, and later said "not there" of
// the stack the light still waited at, the real one: classic seeds
// 1003427 and 1007662, french 1003427, a card dealt unscanned alone.)
func (t *table) unscannedRefused(fs []int, e game.Event) bool {
	if !t.behindAGoneStack(fs, e) || !t.observe(game.NotThereRead(e.Card)) {
		return false
	}
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("%v unscanned refused for %s: misread, the cards dealt unscanned confirmed by hand", t.now, e.Card))
	}
	// The last one's window stays open: e, read again, may be a Stop
	// shown for it (as after a read refused, observe).
	if !t.confirmByHand(fs, true) {
		return true // the read is taken back: nothing more to say of it
	}
	t.identify()
	if c, ok := t.truth.CardIndex(e.Card); ok && t.truth.Card(c).Kind != game.Stop && t.seen.Next().Action == game.ActLand {
		t.observe(game.StopClosed())
	}
	t.goneAsked(t.hand.Faults[fs[len(fs)-1]].Seat)
	t.observe(e)
	return true
}

// behindAGoneStack reports whether the dealer sees what unscannedRefused
// mends: one card, no Ground, dealt unscanned (fs) at a seat, and the
// screen offering the misread of e; taken back, the light is back at that
// seat, and, the card confirmed by hand, names a stack of it the table
// does not have. Tried on a copy of the assistant's hand: the dealer
// reads the screen, and says nothing the screen would not show them.
func (t *table) behindAGoneStack(fs []int, e game.Event) bool {
	if len(fs) != 1 {
		return false
	}
	f := &t.hand.Faults[fs[0]]
	c, ok := t.truth.CardIndex(f.Card)
	if !ok || t.truth.Card(c).Kind == game.Ground {
		return false
	}
	if id, ok := t.seen.ReadToTakeBack(); !ok || id != e.Card {
		return false
	}
	p := t.truth.PlayerAt(f.Seat)
	try := t.seen.Clone()
	if try.Apply(game.NotThereRead(e.Card)) != nil {
		return false
	}
	if in := try.Next(); in.Action != game.ActDeal || in.Player != p || try.Apply(game.Confirm()) != nil {
		return false
	}
	s := try.Next()
	return s.Action == game.ActDeal && s.Player == p && !s.NewStack && !s.Imaginary && s.Stack >= t.truth.NumStacks(p)
}

// goneAsked is the dealer saying "not there" (game.StackGone) of each
// stack the screen asks the faller at seat for that the table does not
// have: the screen names the stack ("deal a card to seat 2, stack 2"),
// and the dealer sees the seat has fewer.
func (t *table) goneAsked(seat int) {
	p := t.truth.PlayerAt(seat)
	for range 8 {
		s := t.seen.Next()
		if s.Action != game.ActDeal || s.Player != p || s.NewStack || s.Imaginary || s.Stack < t.truth.NumStacks(p) {
			return
		}
		if !t.observe(game.StackGone()) {
			return
		}
	}
}

// dealtAt checks a deal: the truth dealt card c to faller p, and the
// assistant put the deal in front of faller q. If they differ, its lights
// asked for q; at a table the dealer deals where the lights say, which
// this table's truth, bound to the rules, cannot do.
func (t *table) dealtAt(c, p, q int) {
	if p == q {
		return
	}
	g := t.truth
	if t.hand.OutOfStep {
		return
	}
	if t.opt.Trace != nil {
		t.opt.Trace(fmt.Sprintf("OUT OF STEP: %v dealt to seat %d, the assistant put the deal at seat %d", g.Card(c), g.Seat(p), g.Seat(q)))
	}
	t.hand.OutOfStep = true
	t.judgeTwin()
}

// blindDealt checks the deal of card c the dealer just confirmed by hand
// at the seat it was dealt to (0: where the truth has it now), the
// assistant's inferences from the n-th on: the first blind deal among
// them is that card's stand-in. (Any later one is a stand-in elsewhere
// swapped for the card read again, see game's unblind.) It reports whether
// the assistant took the confirmation for a blind deal: not always the
// first of its inferences, since a read held back as the turn began (a
// rider shown, or the deal) is settled by the confirmation, and its
// inference comes first (official 4005467: "rider played", then the blind
// deal).
func (t *table) blindDealt(c, seat, n int) bool {
	p := t.dealtTo(c, seat)
	for _, x := range t.seen.Inferences()[n:] {
		if x.Kind == game.InfBlindDeal {
			t.dealtAt(c, p, x.Player)
			return true
		}
	}
	return false
}

// dealtTo is the faller card c, confirmed by hand, was dealt to: the one
// at seat, or where the truth has it if seat is 0 (just dealt).
func (t *table) dealtTo(c, seat int) int {
	if seat != 0 {
		return t.truth.PlayerAt(seat)
	}
	return t.truth.Where(c).Player
}

// blind is the dealer confirming from the panel the deal of card c, which
// the reader did not read. The dealer sees its face: a Ground is named a
// Ground, so that its Stop window opens ("If you receive one of these, you
// are immediately out"); any other card is "a card". It reports whether
// the assistant took the confirmation.
func (t *table) blind(f *Fault, c int) bool {
	e := game.Confirm()
	if t.truth.Card(c).Kind == game.Ground {
		e = game.ConfirmAs(game.Ground)
	}
	n := len(t.seen.Inferences())
	ok := t.observe(e)
	if ok {
		t.confirmedByHand(c)
		seat := 0 // where the truth has it: just dealt
		if f != nil {
			// Confirmed after a refused read, the card may have moved
			// since it was dealt (a Ground Stopped goes back on top of
			// the deck, and is dealt again).
			seat = f.Seat
		}
		t.blindDealt(c, seat, n)
		t.remember(c, seat)
	}
	if f != nil && ok && len(t.seen.Inferences()) > n {
		f.Answer, f.Why = Named, t.seen.Inferences()[n].Kind.String()
	}
	return ok
}

// confirmShown is the dealer naming from the panel the rider or Extra c
// shown at a seat's turn that the reader did not read ("when the dealer
// reaches a player with a rider, they scan it"): without it the assistant
// would deal as if the seat had no rider, a seat behind the table.
func (t *table) confirmShown(f *Fault, c int) {
	ok := t.observe(game.ConfirmAs(t.truth.Card(c).Kind))
	if ok {
		t.confirmedByHand(c)
	}
	if f == nil {
		return
	}
	if ok {
		f.Answer, f.Why = Named, "named by hand: "+t.truth.Card(c).Kind.String()
	} else {
		f.Why = "the dealer's " + t.truth.Card(c).Kind.String() + " refused"
	}
}

// stray is a card lying near the reader: on the discard pile or on top of
// a stack, not c, nor unread, the card dealt with c whose read is still to
// come (-1 for none): that one is the reader's next read, not a stray
// card, and a reader cannot read it before c, dealt over the reader first
// (a held read with a Ground for the second card once read it first,
// 2000844).
func (t *table) stray(c, unread int) int {
	g := t.truth
	var near []int
	near = append(near, g.Discards()...)
	for p := 0; p < g.NumPlayers(); p++ {
		for s := 0; s < g.NumStacks(p); s++ {
			if x := g.Top(p, s); x >= 0 && x != c && x != unread {
				near = append(near, x)
			}
		}
	}
	if len(near) == 0 {
		return -1
	}
	return near[t.rng.IntN(len(near))]
}

// groundWindow is a Ground's Stop window: the faller may Stop it, others
// press, then it lands.
func (t *table) groundWindow() error {
	g := t.truth
	p, _, ground, ok := g.PendingDeal()
	if !ok || !ground {
		return nil
	}
	seat := g.Seat(p)
	if t.happens(PressOther) {
		o := t.rng.IntN(g.NumPlayers())
		if o != p && !g.Out(o) {
			f := t.fault(PressOther, "", g.Seat(o))
			t.harmless(f, func() { t.press(g.Seat(o)) })
		}
	}
	for range 3 {
		e, ok := t.strat[p].Act(g, p, t.rng)
		if !ok || t.blocked(e) {
			break
		}
		held := g.Hand(p)
		t.pickUp(e)
		if err := t.real(e); err != nil {
			return err
		}
		if e.Kind == game.EvPlay && e.Stop == game.StopDeal {
			t.stopShown(p, held)
			return nil
		}
	}
	t.stopFromAnother(p)
	if t.happens(ClaimNoStop) && t.noStop(p) && t.seen.Next().Action == game.ActLand {
		f := t.fault(ClaimNoStop, "", seat)
		onlyGuess := t.onlyStopGuess(p)
		t.press(seat)
		t.probe(f, game.Event{Kind: game.EvConfirm})
		if f.Answer == Missed && onlyGuess {
			f.unseen = onlyStopGuessWhy
		}
	}
	if err := t.real(game.Step()); err != nil {
		return err
	}
	if t.hiddenLag {
		// Landed: the seat is out, and the lag the window hid with it.
		t.unscanned, t.hiddenLag = nil, false
	}
	if t.seen.Next().Action == game.ActLand {
		t.observe(game.StopClosed()) // the window closes, as the dealer sees it
	}
	if t.askAfterWindow && t.seen.Next().Action != game.ActLand {
		t.askAfterWindow = false
		t.identify()
	}
	if t.happens(PressLate) {
		f := t.fault(PressLate, "", seat)
		t.harmless(f, func() { t.press(seat) })
	}
	return nil
}

// noStop reports whether faller p has no Stop anywhere in front of them,
// neither where the truth has their cards nor in their hand at the table:
// a Stop p holds that the truth has elsewhere (holding: the Stop the truth
// played on the rider a wrong sweep lost, or p's own card kept in a Move
// between two others) is one p may play as the Ground is dealt ("Once you
// are holding a card, you may play it right away, or you may keep holding
// it"), and their claim one "the dealer confirms by scanning the Stop, or
// with the dealer panel" (product.md): no mistake.
func (t *table) noStop(p int) bool {
	g := t.truth
	if h := g.Hand(p); h >= 0 && g.Card(h).Kind == game.Stop {
		return false
	}
	if h, ok := t.holding[p]; ok && g.Card(h).Kind == game.Stop {
		return false
	}
	for s := 0; s < g.NumStacks(p); s++ {
		for _, c := range g.Stack(p, s) {
			if g.Card(c).Kind == game.Stop {
				return false
			}
		}
	}
	return true
}

// end is the hand's end: the assistant must agree on the winner, then the
// dealer scans every card for the audit.
func (t *table) end() error {
	g := t.truth
	t.resolveHold(nil)
	if t.held > 0 {
		t.flushHeld()
	}
	t.hand.Truth, t.hand.Seen = g, t.seen
	// The cards dealt unscanned last, no read after them: the light still
	// waits for them, and the dealer confirms them by hand, naming a
	// Ground one (the one that ended the hand, often).
	t.confirmByHand(t.unscanned, false)
	t.unscanned = nil
	// A Ground the truth landed with the hand's end may still be pending
	// on the assistant's side, its window not closed yet.
	t.seenSweeps()
	if t.seen.Next().Action == game.ActLand {
		t.observe(game.Step())
	}
	// The assistant may still owe deals the table never made (it took a
	// misread for a card): the dealer finishes the hand its way, from the
	// panel, as at a table where the assistant has the last word.
	for range 4 * t.seen.NumCards() {
		if t.seen.Over() {
			break
		}
		e := game.Event{Kind: game.EvConfirm}
		if in := t.seen.Next(); in.Action == game.ActLand {
			e = game.Step()
		}
		if !t.observe(e) {
			break
		}
		if err := t.seen.Check(); err != nil {
			return fmt.Errorf("%w: the assistant, finishing from the panel: %v", ErrInvariant, err)
		}
	}
	if !t.seen.Over() {
		return fmt.Errorf("unfinished: the table's winner is seat %d, the assistant is stuck at %v", g.Seat(g.Winner()), t.seen.Next())
	}
	t.hand.Finished = true
	t.hand.Diverged = t.seen.Winner() != g.Winner()
	n := g.NumPlayers()
	groups := make([]audit.Group, n, n+2)
	for p := range groups {
		groups[p] = audit.Group{Name: audit.SeatGroup(g.Seat(p)), Player: p}
	}
	// Each card goes to the group of the seat it physically lies in front
	// of: that is what the dealer scans.
	var lying []string // cards in front of a seat in the truth, in the discard pile at the table
	put := func(c, p int) {
		q := t.placeOf(c, p)
		if q < 0 {
			lying = append(lying, g.Card(c).ID)
			return
		}
		groups[q].Cards = append(groups[q].Cards, g.Card(c).ID)
	}
	for p := 0; p < n; p++ {
		for s := 0; s < g.NumStacks(p); s++ {
			st := g.Stack(p, s)
			for i := len(st) - 1; i >= 0; i-- {
				put(st[i], p)
			}
		}
		if h := g.Hand(p); h >= 0 {
			put(h, p)
		}
		if r := g.Rider(p); r >= 0 {
			put(r, p)
			for _, x := range g.Extras(p) {
				put(x, p)
			}
		}
	}
	disc := audit.Group{Name: audit.Discard, Player: -1}
	for _, c := range g.Discards() {
		if q := t.placeOf(c, -1); q >= 0 {
			groups[q].Cards = append(groups[q].Cards, g.Card(c).ID)
			continue
		}
		disc.Cards = append(disc.Cards, g.Card(c).ID)
	}
	deck := audit.Group{Name: audit.Deck, Player: -1}
	for c := 0; c < g.NumCards(); c++ {
		if g.Where(c).Zone != game.InDeck {
			continue
		}
		if q, ok := t.phys[c]; ok && q >= 0 {
			groups[q].Cards = append(groups[q].Cards, g.Card(c).ID) // stuck to another card dealt
			continue
		}
		deck.Cards = append(deck.Cards, g.Card(c).ID)
	}
	disc.Cards = append(disc.Cards, lying...)
	groups = append(groups, disc, deck)
	t.hand.Audit = audit.Run(t.rec.Input(t.seen, groups))
	t.judge(groups)
	return nil
}

// judge sets each fault's answer from the audit's evidence and lists the
// audit's findings no fault explains.
func (t *table) judge(groups []audit.Group) {
	t.shownFromTheDeck() // named live, by the engine's own inference
	rep := &t.hand.Audit
	evidence := map[string]string{}
	for _, m := range rep.Misplaced {
		evidence[m.Card] = fmt.Sprintf("found in %s, believed %v", m.Found, m.Believed)
	}
	for _, id := range rep.Missing {
		evidence[id] = "missing"
	}
	for _, id := range rep.SeenTwice {
		evidence[id] = "scanned twice at the audit"
	}
	touched := map[string]bool{}
	for i := range t.hand.Faults {
		f := &t.hand.Faults[i]
		touched[f.Card] = true
		touched[f.also] = true
		touched[f.trace] = true
		if why, ok := evidence[f.trace]; ok && f.Answer == Missed && f.trace != "" {
			f.Answer, f.Why = Audited, f.trace+" "+why
			continue
		}
		if f.Answer != Missed || f.live || f.Kind == BuriedPlay || !f.Kind.Visible() {
			continue // a buried play is named only as one (below)
		}
		if why, ok := evidence[f.Card]; ok {
			f.Answer, f.Why = Audited, why
		} else if why, ok := evidence[f.also]; ok && f.also != "" {
			f.Answer, f.Why = Audited, f.also+" "+why
		}
	}
	buried := map[string]*Fault{}
	for i := range t.hand.Faults {
		if f := &t.hand.Faults[i]; f.Kind == BuriedPlay {
			buried[f.Card] = f
		}
	}
	for _, ip := range rep.Impossible {
		if f, ok := buried[ip.Card]; ok {
			f.Answer, f.Why = Audited, "impossible play: "+ip.Why
			continue
		}
		if f := t.regathered(ip); f != nil {
			// The card was buried as dealt, and came up when the stack
			// was gathered back: the audit cannot tell that from a buried
			// card played, and names it with its evidence.
			f.Answer, f.Why = Audited, "named as a buried play: "+ip.Why
			continue
		}
		t.hand.Accusations = append(t.hand.Accusations, "impossible play: "+ip.Why)
	}
	for _, id := range rep.Missing {
		if !touched[id] {
			t.hand.Accusations = append(t.hand.Accusations, "missing: "+id)
		}
	}
	for _, id := range rep.Unknown {
		t.hand.Accusations = append(t.hand.Accusations, "unknown card at the audit: "+id)
	}
	for _, id := range rep.SeenTwice {
		t.hand.Accusations = append(t.hand.Accusations, "scanned twice at the audit: "+id)
	}
	t.judgeShort()
	t.unidentifiedAtTheAudit(groups)
	t.unscannedSaidOnTheTwin()
	t.judgeUnseen()
	t.missedWhereRecorded()
}

// missedWhereRecorded gives its reason to a card dealt unscanned, never
// said, and missed, that lies at the end where the assistant's record puts
// it: a Ground a Stop saved ("The dealer keeps the Ground"), back in the
// deck and dealt again, read. No read showed the deal unscanned, and the
// audit's scan finds the card where the record does: nothing at the table
// tells of it.
func (t *table) missedWhereRecorded() {
	for i := range t.hand.Faults {
		f := &t.hand.Faults[i]
		if f.Kind != DealUnscanned || f.Answer != Missed || f.Why != "" {
			continue
		}
		c, ok := t.truth.CardIndex(f.Card)
		s, seen := t.seen.CardIndex(f.Card)
		if ok && seen && t.truth.Where(c) == t.seen.Where(s) {
			f.Why = missedWhereRecordedWhy
		}
	}
}

const missedWhereRecordedWhy = "dealt unscanned and never said, it lies where the record puts it: no read showed the deal, and the audit finds nothing"

// regathered is the Regathered mistake whose stack held both the card the
// audit calls played while buried and the card it was buried under, or
// nil.
func (t *table) regathered(ip audit.Impossible) *Fault {
	for i := range t.hand.Faults {
		if f := &t.hand.Faults[i]; f.Kind == Regathered && f.stack[ip.Card] && f.stack[ip.Under] {
			return f
		}
	}
	return nil
}

type panicError struct{ error }

func isPanic(err error) bool {
	var p panicError
	return errors.As(err, &p)
}

func isInvariant(err error) bool { return errors.Is(err, ErrInvariant) }
