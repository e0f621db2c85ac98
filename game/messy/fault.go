// Package messy is a simulated table where people and devices make
// mistakes: the dealer misses a scan or reports a stack gone that is
// there, the reader reads a card twice or picks up a stray one lying near
// it, fallers put down a second Extra or press for a seat not theirs. Beside
// what the assistant concluded it keeps the truth of what really happened,
// so a test can say, for every mistake, whether the assistant caught it and
// whether it ever accused anyone who did nothing wrong.
//
// It drives the engine's observation API and the real audit (game/audit)
// directly, the way game/dealer feeds them, without the dealer's clock: a
// table that runs tens of thousands of hands a minute. What the dealer adds
// on top (the beat, the lights, the Stop window's timing) is proven on the
// simulated table, game/simtable.
package messy

import "fmt"

// Kind is one kind of mistake.
type Kind uint8

const (
	// Reader.

	// ReaderMiss: the reader misses a dealt card; the dealer, seeing the
	// light still waiting, confirms the deal from the panel, naming it if
	// it is a Ground.
	ReaderMiss Kind = iota + 1
	// ReadTwice: the reader reports one dealt card twice.
	ReadTwice
	// StrayCard: the reader reads a card lying near it (on the discard pile
	// or in front of a seat) while the dealer deals.
	StrayCard
	// StrayTag: the reader reads a tag that is not in this deck.
	StrayTag
	// ReaderGone: the reader vanishes for a few deals and returns; the
	// dealer confirms those deals from the panel, naming each Ground dealt
	// and each rider and Extra shown.
	ReaderGone

	// Dealer.

	// DealUnscanned: the dealer deals a card without scanning it and says
	// nothing.
	DealUnscanned
	// ScanTwice: the dealer shows a seat's rider twice.
	ScanTwice
	// ScanNoDeal: the dealer scans the card to deal, puts it back on the
	// deck and deals it (scanning it again) on the next beat.
	ScanNoDeal
	// FalseGone: the dealer reports a stack gone that is still there.
	FalseGone
	// ForgetSweep: the dealer forgets to sweep a rider and shows it again
	// on the next pass.
	ForgetSweep

	// Fallers.

	// SecondExtra: a faller puts a second Extra on a rider that may carry
	// only one.
	SecondExtra
	// SecondRider: a faller puts a second rider in front of a seat that has
	// one.
	SecondRider
	// PlayAfterOut: a faller who hit the ground puts a card from their
	// stacks down as another seat's rider.
	PlayAfterOut
	// PressLate: a faller presses after their Ground landed.
	PressLate
	// PressOther: a faller presses during another seat's Ground.
	PressOther
	// Mash: a faller mashes their button while nothing is dealt to them.
	Mash
	// ClaimNoStop: a Stop is claimed from the panel for a seat that has no
	// Stop at all.
	ClaimNoStop
	// BuriedPlay: a faller takes a card from under the one dealt on top
	// of it ("You can only pick up the top card of your stack").
	BuriedPlay

	// The table itself: cards lying where the rules cannot put them.

	// WrongSeat: the dealer deals the card the lights ask for in front of
	// another seat. The reader reads it as usual; which seat it lies at
	// it cannot tell.
	WrongSeat
	// SkipSeat: the dealer passes over a seat that has no rider to show
	// and deals its card to the next seat.
	SkipSeat
	// TwoAtOnce: the dealer deals two cards stuck together to a seat due
	// only one, and the reader reads both.
	TwoAtOnce
	// KnockedOver: a faller knocks a stack over and gathers it back, but
	// one card slid in front of the next seat.
	KnockedOver
	// HoldButton: a faller holds their button down while nothing is dealt
	// to them.
	HoldButton
	// WrongSweep: told to sweep a seat's rider, the dealer sweeps another
	// seat's rider instead.
	WrongSweep
	// MidAddressMove: a faller Moves the rider of the seat the dealer is
	// addressing, after it was shown ("Once the dealer is addressing a
	// player, no one can affect the deal by meddling with the rider").
	MidAddressMove

	// ReaderMissRider: the reader misses a rider or an Extra the dealer
	// shows at a seat's turn; the dealer, who sees it, names its kind
	// from the panel.
	ReaderMissRider
	// TwoAsOne: the dealer deals two cards stuck together to a seat, and
	// the reader reads only one: the other lies there unread, and the
	// dealer's deck is a card short.
	TwoAsOne
	// Regathered: a faller knocks a stack over and gathers it back in
	// another order; nothing is read.
	Regathered
	// MoveOthers: a faller plays a Move on the rider of one other faller
	// to give it to another, which the rules forbid.
	MoveOthers
	// FromAnothersStack: a faller being dealt a Ground, with no Stop of
	// their own to show, takes the Stop on top of another faller's stack
	// and shows it over the reader as theirs ("you can never mess with
	// the cards in someone's stack"). Drawn from a stream of its own, so
	// that every other mistake happens as it did without it.
	FromAnothersStack

	numKinds
)

var kindNames = [numKinds]string{"?", "reader-miss", "read-twice", "stray-card", "stray-tag", "reader-gone",
	"deal-unscanned", "scan-twice", "scan-no-deal", "false-gone", "forget-sweep",
	"second-extra", "second-rider", "play-after-out", "press-late", "press-other", "mash", "claim-no-stop", "buried-play",
	"wrong-seat", "skip-seat", "two-at-once", "knocked-over", "hold-button", "wrong-sweep", "mid-address-move",
	"reader-miss-rider", "two-as-one", "regathered", "move-between-others", "from-anothers-stack"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Kinds lists every kind of mistake.
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := Kind(1); k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// ParseKind reads a kind's name.
func ParseKind(s string) (Kind, error) {
	for k := Kind(1); k < numKinds; k++ {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("messy: unknown fault %q", s)
}

// Faults is the rate of each kind of mistake: the chance, at each occasion
// for it (a deal, a seat's turn, a Ground), that it happens. Zero: never.
type Faults [numKinds]float64

// All is every kind of mistake at rate r.
func All(r float64) Faults {
	var f Faults
	for k := Kind(1); k < numKinds; k++ {
		f[k] = r
	}
	return f
}

// Only is one kind of mistake at rate r.
func Only(k Kind, r float64) Faults {
	var f Faults
	if k > 0 && k < numKinds {
		f[k] = r
	}
	return f
}

// Visible reports whether the table can see a mistake of kind k at all:
// the rest are harmless to the books (a press with nothing to Stop) and the
// assistant must only never accuse anyone because of them.
func (k Kind) Visible() bool {
	switch k {
	case PressLate, PressOther, Mash, HoldButton, MoveOthers:
		return false
	}
	return true
}

// Answer is what the assistant does about a mistake.
type Answer uint8

const (
	// Missed: the assistant did not notice.
	Missed Answer = iota
	// Refused: refused the observation with a warning, its state unchanged.
	Refused
	// Named: accepted it and named it live (an inference the log keeps:
	// a deal confirmed by hand stands for an unknown card, a stack gone).
	Named
	// Audited: named by the end-of-hand audit, with the card as evidence.
	Audited
	// Harmless: changed nothing the books keep; nothing to catch.
	Harmless
	// Unseen: not caught, and what the assistant was given of it is what
	// a table without it gives (Fault.unseen says how): a visible kind
	// of mistake that, this time, left nothing to catch. Never decided
	// from the answer: a mistake caught anyway is caught.
	Unseen
	// Unidentified: not caught, and caught on a replay of the assistant's
	// observations in which each card the dealer confirmed by hand was
	// read instead (Fault.unidentified): the evidence is a card whose
	// identity the table never had.
	Unidentified
)

var answerNames = [...]string{"missed", "refused", "named live", "named in the audit", "harmless", "unseen", "unidentified"}

func (a Answer) String() string {
	if int(a) < len(answerNames) {
		return answerNames[a]
	}
	return fmt.Sprintf("Answer(%d)", uint8(a))
}

// Fault is one mistake that really happened, and the assistant's answer.
type Fault struct {
	Kind Kind   `json:"kind"`
	Card string `json:"card,omitempty"` // the card concerned, if any
	Seat int    `json:"seat,omitempty"` // the seat concerned, if any
	// Answer is how the assistant caught it, if it did.
	Answer Answer `json:"answer"`
	// Why says what the assistant said or inferred.
	Why string `json:"why,omitempty"`
	// live: the answer was decided when the mistake was shown (a probe
	// put back), so the audit cannot change it.
	live bool
	// unseen, if not "", says why what the assistant was shown of the
	// mistake is what an honest table shows (unreadDeal): decided when it
	// was shown, from what the assistant had been given, and the answer
	// if nothing catches it (judge).
	unseen string
	// unidentified, if not "", says that the identified twin catches
	// the mistake the assistant took (table.unidentified): the answer if
	// nothing else catches it (judgeUnseen).
	unidentified string
	// also is a second card whose place at the audit is evidence of it.
	also string
	// trace is a card whose place at the audit is evidence of it even
	// when its read was put back (live): the deal before the second of two
	// cards dealt at once, taken for a card shown.
	trace string
	// stack are the cards of a stack gathered back in another order
	// (Regathered): a buried play the audit names among them is this
	// mistake's doing.
	stack map[string]bool
}
