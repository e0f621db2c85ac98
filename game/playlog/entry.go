// Package playlog is the hand's play log: every press, scan, dealer control
// and engine decision, with its kernel time, written through package wal so
// it survives a power cut, and read back for review and replay.
package playlog

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
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
	KindAudit                       // an end-of-hand audit scan (FromReader: Card, Note the group's name, see AuditGroup) or the dealer's finding (FromDealer: Note, Card it concerns)
	KindHandEnd                     // the hand ended (Winner seat)
	KindNote                        // anything else worth a referee's eye
	// Kinds added after the first logs were written: a reader that does
	// not know one shows it by number, and older logs used KindNote.
	KindPause       // the dealer paused: beat and lights froze
	KindResume      // the dealer resumed
	KindLateDeal    // strict mode: a card dealt after its beat (Beat, Late past the period, Seat)
	KindAuditResult // the end-of-hand audit's verdict (Audit)
	numKinds
)

var kindNames = [numKinds]string{"?", "hand-start", "press", "release", "scan", "control", "applied",
	"refused", "inference", "instruction", "beat", "lost", "reader", "dispute", "correction", "audit",
	"hand-end", "note", "pause", "resume", "late-deal", "audit-result"}

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
const Schema = 1

// Start is the configuration a hand is replayed from.
type Start struct {
	Schema int          `json:"schema,omitempty"` // set by Create; 0 in logs written before it existed
	Hand   string       `json:"hand"`
	Rules  game.Options `json:"rules"`
	Seats  []int        `json:"seats"`
	Dealer int          `json:"dealer"`
	Deck   []game.Card  `json:"deck"`
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

// Dispute is a settled "who was first".
type Dispute struct {
	Since  time.Duration `json:"since"`            // kernel time the window opened
	Seats  []int         `json:"seats"`            // seats that pressed, in kernel-time order
	Times  []int64       `json:"times"`            // their first press, kernel ns
	Winner int           `json:"winner"`           // 0 for a tie or no press
	Margin time.Duration `json:"margin,omitempty"` // lead over the second
	Tie    bool          `json:"tie,omitempty"`
	// TiedSeats are the seats inside the tie window of the first, as
	// announced (the method Tied counts them again from Times).
	TiedSeats []int `json:"tied,omitempty"`
}

// The names of the end-of-hand audit's groups, which a KindAudit scan
// carries in Note: "seat N" for everything in front of seat N, then the
// discard pile, then what is left of the deck. Review places each scanned
// card by its group, so writer and reader share these.
const (
	AuditDiscard = "discard pile"
	AuditDeck    = "deck"
)

// AuditSeat is the name of seat's audit group.
func AuditSeat(seat int) string { return fmt.Sprintf("seat %d", seat) }

// AuditGroup reads an audit group's name: the seat for "seat N", 0 for
// the discard pile and the deck (deck tells those apart); ok is false for
// a name that is none of them.
func AuditGroup(name string) (seat int, deck, ok bool) {
	switch name {
	case AuditDiscard:
		return 0, false, true
	case AuditDeck:
		return 0, true, true
	}
	var n int
	if _, err := fmt.Sscanf(name, "seat %d", &n); err == nil && n > 0 && AuditSeat(n) == name {
		return n, false, true
	}
	return 0, false, false
}

// AuditResult is the end-of-hand audit's verdict: "every card is accounted
// for, and plays that were impossible ... are reported".
type AuditResult struct {
	Cards      int               `json:"cards"`   // in the deck
	Counted    int               `json:"counted"` // distinct cards scanned at the audit
	Accounted  bool              `json:"accounted"`
	Missing    []string          `json:"missing,omitempty"`    // not scanned at the audit
	NeverSeen  []string          `json:"never_seen,omitempty"` // nor read during the hand
	SeenTwice  []string          `json:"seen_twice,omitempty"`
	Unknown    []string          `json:"unknown,omitempty"` // not in this deck
	Misplaced  []AuditMisplaced  `json:"misplaced,omitempty"`
	Impossible []AuditImpossible `json:"impossible,omitempty"`
}

// AuditMisplaced is a card found where the engine did not believe it was.
type AuditMisplaced struct {
	Card     string     `json:"card"`
	Found    string     `json:"found"` // the audit group it was scanned in
	Believed game.Place `json:"believed"`
}

// AuditImpossible is a card played while buried.
type AuditImpossible struct {
	Card  string `json:"card"`
	Seat  int    `json:"seat"`
	Under string `json:"under"`
	Why   string `json:"why"`
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

	Start       *Start            `json:"start,omitempty"`
	Instruction *game.Instruction `json:"ins,omitempty"`
	Inference   *game.Inference   `json:"inf,omitempty"`
	Dispute     *Dispute          `json:"dispute,omitempty"`
	Control     string            `json:"ctl,omitempty"`
	Audit       *AuditResult      `json:"audit,omitempty"`
}
