// Package playlog is the hand's play log: every press, scan, dealer control
// and engine decision, with its kernel time, written through package wal so
// it survives a power cut, and read back for review and replay.
package playlog

import (
	"fmt"
	"strings"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
)

// Source says where an entry came from.
type Source uint8

const (
	FromEngine  Source = iota + 1 // the rules engine's decisions and inferences
	FromSeat                      // a seat button
	FromReader                    // the card reader
	FromPanel                     // the dealer panel or keyboard
	FromDealer                    // the metronome: beats, instructions, cues
	FromReferee                   // a referee's correction
)

// Kind says what an entry records.
type Kind uint8

const (
	KindHandStart   Kind = iota + 1 // Start holds the hand's configuration
	KindPress                       // a seat button pressed (Seat, Kernel, Seq)
	KindRelease                     // released
	KindScan                        // a card read (UID, Card if known)
	KindControl                     // a dealer panel control (Control)
	KindApplied                     // the engine accepted Event (Digest after it)
	KindRefused                     // the engine refused Event (Rule, Error)
	KindInference                   // the engine inferred something (Inference)
	KindInstruction                 // the dealer was told Instruction
	KindBeat                        // a beat (Beat number, Late if strict mode)
	KindLost                        // the kernel dropped button edges (Count)
	KindReader                      // the reader's state changed (Note)
	KindDispute                     // a dispute was called and settled (Dispute)
	KindCorrection                  // a referee's correction (Note, Event)
	KindAudit                       // an end-of-hand audit scan (FromReader: Card, Note the group's name, see audit.ParseGroup) or the dealer's finding (FromDealer: Note, Card it concerns)
	KindHandEnd                     // the hand ended (Winner seat)
	KindNote                        // anything else worth a referee's eye
	// Kinds added after the first logs were written: a reader that does
	// not know one shows it by number, and older logs used KindNote.
	KindPause       // the dealer paused: beat and lights froze
	KindResume      // the dealer resumed
	KindLateDeal    // strict mode: a card dealt after its beat (Beat, Late past the period, Seat)
	KindAuditResult // the end-of-hand audit's verdict (Audit)
	KindGap         // entries the log could not take, or a continuation file taking over (Gap)
	numKinds
)

var kindNames = [numKinds]string{"?", "hand-start", "press", "release", "scan", "control", "applied",
	"refused", "inference", "instruction", "beat", "lost", "reader", "dispute", "correction", "audit",
	"hand-end", "note", "pause", "resume", "late-deal", "audit-result", "gap"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

var sourceNames = [...]string{"?", "engine", "seat", "reader", "panel", "dealer", "referee"}

func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return fmt.Sprintf("Source(%d)", uint8(s))
}

// Schema is the version of the entry encoding this package writes. A reader
// meeting a higher one says so, since entries it does not know may follow.
//
//   - 1: the first.
//   - 2: applied entries' digests are game.Digest, which covers the cards
//     dealt by hand and the guesses (schema 1 logged game.RulesDigest);
//     engine events a schema 1 reader cannot apply: game.Knocked, and
//     game.NotOnTop (an identify with no card).
//   - 3: a stack-gone may name a card (game.NotThereRead): the read taken
//     back. A schema 2 reader would take it for the stack.
//   - 4: the engine event game.DealtUnscanned (the dealer's "unscanned"),
//     which a schema 3 reader cannot apply.
//   - 5: the engine event game.ThereAfterAll (the dealer taking back a
//     "not there"), which a schema 4 reader cannot apply.
//   - 6: a scan may be judged dealt (game.ScanDealt: a held read nothing
//     followed at once). A schema 5 reader would take such a read of a
//     card its faller was said to have picked up for that card played.
//   - 7: the dealer's "unscanned" may name the card dealt unscanned a
//     Ground (game.GroundDealtUnscanned), which then lands. A schema 6
//     reader would stand in a plain card, leaving the seat in.
//   - 8: the engine event game.DeclareWinner (the table ending a hand the
//     assistant could not follow, naming its winner), which a schema 7
//     reader cannot apply; and a there-after-all naming a card
//     (game.UnscannedTakenBack: the dealer's "unscanned" taken back),
//     which a schema 7 reader would take for a "not there" taken back.
//   - 9: an identify (game.IdentifyAt) or its n (game.NotOnTopAt) may name
//     the stack the dealer was asked about, where a seat has two topped by
//     cards dealt by hand. A schema 8 reader would take the answer for the
//     first stack's card, or for a stand-in come true on the other.
//   - 10: that stack counts only the seat's stacks with a card in them
//     (game.Game.StackNumber), as the screen now numbers them: mid-address
//     a stack said not there is kept, empty, and a schema 9 writer
//     counted it, naming the stacks after it one higher than the table
//     has them. Replay takes a schema 9 number back to the stack it named
//     (oldStackNumber); a schema 9 reader would take a schema 10 number
//     for the stack before.
//   - 11: a hand carried on after a power cut or a stop (Resume) logs,
//     before the first entry its writer appends, a note naming the entry
//     schema that writer writes (Entry.Schema, KindNote): the entries
//     after it are in that schema, whatever the hand-start says, up to the
//     next such note. Replay reads each entry in the schema it was written
//     in, so a schema 9 hand carried on by this version has only its
//     schema 9 identifies' stacks taken back (oldStackNumber). A schema 10
//     reader shows the note and takes every entry for the hand-start's
//     schema; a schema 10 writer carrying on a schema 9 hand logged no
//     note, and its identifies are still read as schema 9's.
//
// The schema versions the encoding, not the engine's guesses: a log is
// replayed by this version's engine, and where a later version guesses
// otherwise than the one that wrote it, the replay says where its state
// parts from the digest logged (an Identify or a read refused, or a digest
// that differs), whichever schema the log says. Guesses changed with no
// schema change:
//   - late in schema 5: a rider named by hand stands in rather a stack top
//     that leaves its stack than the only card of a faller's extra stack;
//   - in schema 6: an Identify of a card that was its own stand-in, said
//     picked up or covered before it could be asked for, finds it under
//     another card said picked up; a card covered before it could be asked
//     for is found only under at most game's coveredFor cards;
//   - later in schema 6: a rider named by hand may stand in a card of a
//     faller who has since hit the ground, or, of a kind the engine knows
//     of nowhere outside the deck, be taken for a card dealt by hand and
//     played; a Ground stood in for one named by hand, read being dealt,
//     hands its place to another Ground of the deck (a read refused
//     before), and one Stopped back onto the deck is no longer a guess; a
//     stand-in read judged dealt just after a Skip's sweep is not taken
//     for that Skip's Extra; and a "not there" (or a misread) of a rider
//     just read from the deck as a seat's turn began deals it there
//     (game.InfDealtAfterAll, an inference a reader of an earlier engine
//     names by its number), after which a "not there" said before that
//     read can no longer be taken back (a take-back refused);
//   - later still in schema 6: a misread of a rider the dealer's hold
//     judged shown (an Identify, then the read) reaches through the deals
//     made at that seat since, taking the Identify back too, and makes
//     them again after the read is dealt there after all (an earlier
//     engine refused it once a card was down); a card dealt by hand among
//     them is made again only as a card dealt by hand, or the misread is
//     refused (an engine just before took it, where the light asked for
//     no card, for what the light asked: a Chute left, a Stop shown);
//   - later still in schema 6: a misread of a read the dealer's hold
//     judged dealt (ScanDealt), of a card that may have been one dealt by
//     hand picked up unseen, takes it for that card shown after all
//     (game.InfShownAfterAll, named by its number by an earlier reader);
//     an earlier engine refused it. And a misread of an Extra read from the
//     deck as a seat's turn began (waiting for its rider, or on one) deals
//     it there after all, as for a rider, reaching through the deals made
//     at that seat since (an earlier engine took it back as a stray card).
//   - in schema 7: an "unscanned" (plain or naming a Ground) said of a read
//     that, no Stop, landed a Ground dealt on past its Stop window lands
//     that Ground again before the card dealt unscanned, as does an
//     Identify finding the card a plain one stood in there a Ground; an
//     earlier engine refused both (no card was due before the read).
//   - in schema 8: a misread of an Extra read just after its seat's rider
//     (or its Skip) was shown takes it for a card dealt by hand laid on
//     that rider (game.ExtraShownUnseen), and of a rider read as its
//     seat's turn began, taken for the deal, makes it that seat's rider
//     shown, from the deck or a stand-in's place; a Hit named by hand, read being dealt with none of its kind left in the deck,
//     swaps with a stand-in of its kind. An earlier engine refused all of
//     these. And a misread of a card taken for a rider played at a seat
//     whose Skip or Chute the light still names makes it the seat's deal,
//     that rider gone unseen (a Move): an earlier engine took it back as
//     a stray card, so a log holding one replays to another digest there
//     (game TestMisreadOfADealWhereARiderWasMovedUnseen's hand).
//   - later in schema 8: a misread of a rider from the deck taken for a
//     deal makes it a card dealt by hand still a guess, its stand-in back
//     in the deck (an earlier engine took it from the deck); a misread
//     no longer takes back a rider named by hand; the misread offered
//     after a rider identified is the Extra just read; a Stop standing in
//     at another faller's stack, read in a claimant's window, is the
//     claimant's card dealt by hand; a rider named by hand, guessed into
//     the discard pile, read as a seat's turn begins with a card due and
//     no rider, is that seat's deal (an earlier engine took it for a
//     rider played there), and named at an ask for a card dealt by hand
//     is that card (an earlier engine refused it). A log holding one of
//     these replays to another digest.
//   - in schema 9: the card the dealer's "unscanned" stands in is never
//     the card read again (an earlier engine could take the deck's top,
//     which a swap may have made that very card), so a log holding one
//     replays to another digest there. Also in schema 9: an n for the
//     only card of a seat's extra stack takes its stand-in into the
//     faller's hand, the empty stack gone; a Stop read in a Ground's
//     window that lies in another faller's stack, no guess there, is
//     refused; a rider standing in at another faller's stack, shown at a
//     seat whose own card dealt by hand was said picked up, is that
//     seat's card; and a rider shown from the deck takes the place of a
//     stand-in of a faller still in before one of a faller out. A log
//     holding one of these replays to another digest (an earlier engine
//     kept the stack, took the Stop, or chose the other stand-in).
//   - in schema 11: a Stop read after a press of the seat the light asks
//     a card of, before any Ground has left the deck, with a card dealt
//     by hand standing in at that seat, is that faller's Stop on the first
//     Ground dealt unread (game.InfStoppedFirstGround, number 17); the
//     next card read, a deck card that is no Ground, makes it the card
//     dealt after all (game.InfDealtAfterAll), and so does the same Stop
//     shown again at that faller's own Ground (game.InfStopDealtAfterAll,
//     number 16). An earlier engine took such a Stop for the deal, and
//     refused it shown again: a log holding one replays to another digest.
const Schema = 11

// Start is the configuration a hand is replayed from.
type Start struct {
	Schema int         `json:"schema,omitempty"` // set by Create; 0 in logs written before it existed
	Hand   string      `json:"hand"`
	Rules  game.Rules  `json:"rules"`
	Seats  []int       `json:"seats"`
	Dealer int         `json:"dealer"`
	Deck   []game.Card `json:"deck"`
	// Ordered and Order are as in game.Config: the simulated table knows
	// the deck's order, a real table does not.
	Ordered bool  `json:"ordered,omitempty"`
	Order   []int `json:"order,omitempty"`
	// Tempo and windows as configured for the hand.
	Tempo      float64       `json:"tempo"`
	StopWindow time.Duration `json:"stop_window"`
	TieWindow  time.Duration `json:"tie_window"`
}

// Config is the engine configuration this hand starts from.
func (s *Start) Config() game.Config {
	return game.Config{Rules: s.Rules, Seats: s.Seats, Deck: s.Deck, Ordered: s.Ordered, Order: s.Order}
}

// Entry is one record of the log. Only the fields its Kind names are set.
type Entry struct {
	Seq    uint64        `json:"-"`                // assigned by the log
	Kind   Kind          `json:"k"`                // what
	Source Source        `json:"src"`              // from where
	Kernel time.Duration `json:"kt,omitempty"`     // kernel time of the edge or scan
	Mono   time.Duration `json:"mt"`               // CLOCK_MONOTONIC when logged
	Wall   time.Time     `json:"wt"`               // wall time when logged
	Seat   int           `json:"seat,omitempty"`   // the seat concerned
	HwSeq  uint32        `json:"hwseq,omitempty"`  // the kernel's sequence number of the edge
	UID    string        `json:"uid,omitempty"`    // a scanned tag
	Card   string        `json:"card,omitempty"`   // the card ID it maps to
	Event  *game.Event   `json:"ev,omitempty"`     // the engine event
	Digest uint64        `json:"dg,omitempty"`     // game.Digest after an applied event
	Rule   game.Rule     `json:"rule,omitempty"`   // the rule that refused
	Error  string        `json:"err,omitempty"`    // why refused, in words
	Beat   int64         `json:"beat,omitempty"`   // beat number
	Late   time.Duration `json:"late,omitempty"`   // how late the beat or deal was
	Count  int           `json:"count,omitempty"`  // lost edges
	Winner int           `json:"winner,omitempty"` // winning seat at hand end
	Note   string        `json:"note,omitempty"`
	// Schema, on the note a resumed writer logs first (schema 11 on), is
	// the entry schema the entries after it are written in.
	Schema int `json:"schema,omitempty"`

	Start       *Start            `json:"start,omitempty"`
	Instruction *game.Instruction `json:"ins,omitempty"`
	Inference   *game.Inference   `json:"inf,omitempty"`
	Dispute     *Dispute          `json:"dispute,omitempty"`
	Control     string            `json:"ctl,omitempty"`
	Audit       *audit.Result     `json:"audit,omitempty"`
	Gap         *Gap              `json:"gap,omitempty"`
}

// Gap is a hole in the hand's log, written where the hole is as soon as the
// log takes entries again: a referee reading the hand must see that entries
// are missing there, how many, over what span of the hand, and why.
type Gap struct {
	// Lost counts the entries the log refused and that are nowhere. Their
	// times span First to Last (the dealer's monotonic clock, and the wall
	// clock for a human); both are zero when Lost is.
	Lost      int           `json:"lost"`
	First     time.Duration `json:"first,omitempty"`
	Last      time.Duration `json:"last,omitempty"`
	FirstWall time.Time     `json:"first_wall,omitzero"`
	LastWall  time.Time     `json:"last_wall,omitzero"`
	Reason    string        `json:"reason,omitempty"` // why they were refused
	// Continuation is set when the entry opens a continuation file (see
	// ContinuationFile): the hand's previous file died (Died says why)
	// after entry Continues (0: before its first entry was on the disk),
	// and Moved of the entries after it, never known to be on its disk,
	// were logged again here.
	Continuation bool   `json:"cont,omitempty"`
	Died         string `json:"died,omitempty"`
	Continues    uint64 `json:"continues,omitempty"`
	Moved        int    `json:"moved,omitempty"`
}

// Text is the gap in a referee's words, its wall times as logged.
func (g *Gap) Text() string { return g.TextIn(nil) }

// TextIn is Text with the wall times shown in loc (nil: as logged).
func (g *Gap) TextIn(loc *time.Location) string {
	in := func(t time.Time) string {
		if loc != nil {
			t = t.In(loc)
		}
		return t.Format("15:04:05.000")
	}
	var parts []string
	if g.Continuation {
		parts = append(parts, fmt.Sprintf("the log file died after entry %d (%s); the hand goes on in a continuation file, %d entries not known to be on the old disk logged again here", g.Continues, g.Died, g.Moved))
	}
	if g.Lost > 0 {
		// Wall times a human can match against a watch; the dealer's
		// monotonic clock means nothing outside the hand.
		span := fmt.Sprintf(" over %v", g.Last-g.First)
		if !g.FirstWall.IsZero() {
			span = fmt.Sprintf(" between %s and %s", in(g.FirstWall), in(g.LastWall))
		}
		parts = append(parts, fmt.Sprintf("records lost here: %d%s (%s)", g.Lost, span, g.Reason))
	}
	if len(parts) == 0 {
		return "a gap in the log with nothing lost"
	}
	return strings.Join(parts, "; ")
}
