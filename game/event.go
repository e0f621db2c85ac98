package game

import "fmt"

// EventKind says what happened.
type EventKind uint8

const (
	// Full-information events: the simulator knows everything.

	// EvStep: the dealer carries out the instruction Next returns.
	EvStep EventKind = iota + 1
	// EvPickUp: Player picks up the top card of their stack Stack.
	EvPickUp
	// EvPlay: Player plays the card in their hand on Target (a player), or
	// for a Stop on what Stop names.
	EvPlay

	// Table observations: what the table's sensors see. The engine
	// reconciles them with the rules and records what it inferred.

	// EvScan: the dealer passed Card (an ID) over the reader.
	EvScan
	// EvPress: the button of Seat was pressed.
	EvPress
	// EvConfirm: the dealer confirmed by hand (no reader, or a Stop claim
	// confirmed from the panel).
	EvConfirm
	// EvStackGone: the dealer says the stack the engine expected is gone
	// (its last card was picked up unseen). With a Card (NotThereRead), it
	// is that card, just read and taken for a rider or an Extra played at
	// the seat now addressed, that is not there: the read is taken back.
	EvStackGone
	// EvStopClosed: the Stop window of the Ground being dealt closed with
	// no Stop shown: the Ground lands. (Logs written before it existed
	// have an EvStep here, which Apply still takes.)
	EvStopClosed
	// EvIdentify: the reader read Card, the card dealt by hand (confirmed
	// from the panel while the reader could not read it) that lies on top
	// of a stack of the faller at Seat, or that the faller picked up: the
	// engine learns which card it stood in for it. With no Card, the
	// dealer says it is no longer on top (NotOnTop). With a Stack, the
	// dealer was asked about that stack (IdentifyAt, NotOnTopAt).
	EvIdentify
	// EvKnocked: the dealer says a stack of the faller at Seat was knocked
	// over and gathered back: which card lay under which is no longer
	// known.
	EvKnocked
	// EvUnscanned: the dealer says Card, just read, came after a card
	// dealt without being scanned: that one is a deal confirmed by hand,
	// and Card is read again where the light then asks.
	EvUnscanned
	// EvThere: the dealer takes back the "not there" they just said of a
	// stack (or a rider): it is there after all, and the hand is as it
	// was before they said it. With a Card (UnscannedTakenBack), it is
	// the "unscanned" just said of that card that is taken back.
	EvThere
	// EvDeclared: the table ends the hand the assistant could not follow
	// to its end, the faller at Seat its winner (DeclareWinner).
	EvDeclared
	numEventKinds
)

var eventNames = [numEventKinds]string{"?", "step", "pick-up", "play", "scan", "press", "confirm", "stack-gone", "stop-closed", "identify", "knocked", "unscanned", "there", "declared"}

// Observation reports whether a real table can send an event of kind k:
// what its devices see (a card read, a seat's button, the dealer's panel)
// and the Stop window's close. The plays of the fallers and the dealer's
// steps are not: at a real table the engine infers them (see Observe).
func (k EventKind) Observation() bool {
	switch k {
	case EvScan, EvPress, EvConfirm, EvStackGone, EvStopClosed, EvIdentify, EvKnocked, EvUnscanned, EvThere, EvDeclared:
		return true
	}
	return false
}

func (k EventKind) String() string {
	if k < numEventKinds {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// StopOn says what a Stop is played against.
type StopOn uint8

const (
	StopRider StopOn = iota // the rider in front of Target (official)
	StopDeal                // the card being dealt to the player: a Ground, or any card under French rules
	StopPlay                // the card just played (classic)
)

var stopNames = [...]string{"rider", "deal", "play"}

func (s StopOn) String() string {
	if int(s) < len(stopNames) {
		return stopNames[s]
	}
	return fmt.Sprintf("StopOn(%d)", uint8(s))
}

// Event is one input to the engine. It is a plain value so it can be logged
// and replayed, and applying it allocates nothing.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player int       `json:"player,omitempty"` // the acting faller (index in dealing order)
	Target int       `json:"target,omitempty"` // the faller played on
	Stack  int       `json:"stack,omitempty"`  // for EvPickUp (from 0), and EvIdentify (from 1: IdentifyAt)
	Stop   StopOn    `json:"stop,omitempty"`   // for a Stop
	Card   string    `json:"card,omitempty"`   // for EvScan: the card ID
	Seat   int       `json:"seat,omitempty"`   // for EvPress and EvIdentify
	// As is, for an EvConfirm, what the dealer saw the unread card was:
	// a Ground dealt, a Stop shown in the Stop window, or a rider (or an
	// Extra) shown at the start of a seat's turn. NoKind is "a card":
	// a deal, or the instruction carried out. For an EvUnscanned, Ground
	// is the card dealt unscanned seen a Ground (GroundDealtUnscanned);
	// no other kind is.
	As Kind `json:"as,omitempty"`
	// Dealt is, for an EvScan, the dealer's judgement by time that the
	// card read was dealt, not shown: nothing was read at once after it
	// (see ScanDealt). Logs of entry schema 5 and older have none.
	Dealt bool `json:"dealt,omitempty"`
}

// Step is the dealer's next move.
func Step() Event { return Event{Kind: EvStep} }

// PickUp is player p picking up the top of stack s.
func PickUp(p, s int) Event { return Event{Kind: EvPickUp, Player: p, Stack: s} }

// Play is player p playing their card on player t.
func Play(p, t int) Event { return Event{Kind: EvPlay, Player: p, Target: t} }

// PlayStop is player p playing a Stop on what on names (t: whose rider).
func PlayStop(p, t int, on StopOn) Event {
	return Event{Kind: EvPlay, Player: p, Target: t, Stop: on}
}

// Scan is the reader seeing card id.
func Scan(id string) Event { return Event{Kind: EvScan, Card: id} }

// ScanDealt is the reader seeing card id, a rider or an Extra read as a
// seat's turn begins, that the dealer judged dealt: a card shown there is
// followed by the deal in the same beat, and nothing followed this one.
// The engine then never takes it for the card dealt by hand the faller was
// said to have picked up (NotOnTop), which a plain Scan of such a card is.
func ScanDealt(id string) Event { return Event{Kind: EvScan, Card: id, Dealt: true} }

// Press is seat s's button.
func Press(seat int) Event { return Event{Kind: EvPress, Seat: seat} }

// Confirm is the dealer's confirmation from the panel.
func Confirm() Event { return Event{Kind: EvConfirm} }

// ConfirmAs is the dealer's confirmation from the panel of a card the
// reader did not see, naming what it was: a Ground dealt, a Stop shown for a
// Ground, a rider or an Extra shown at a seat's turn.
func ConfirmAs(k Kind) Event { return Event{Kind: EvConfirm, As: k} }

// StackGone is the dealer's report that the stack expected is gone.
func StackGone() Event { return Event{Kind: EvStackGone} }

// NotThereRead is the dealer's "misread" said of card id, just read and
// taken for a rider or an Extra played at the seat now addressed: nothing
// lies there, so the read was a stray card or a second read, and it is
// taken back (Game.ReadToTakeBack names the card). Said of a read the
// dealer's hold judged dealt (ScanDealt) that may have been a card dealt
// by hand picked up unseen, it says that card was shown there after all.
// Logs of entry schema 2 and older have only StackGone.
func NotThereRead(id string) Event { return Event{Kind: EvStackGone, Card: id} }

// StopClosed is the Stop window closing with no Stop shown.
func StopClosed() Event { return Event{Kind: EvStopClosed} }

// Identify is the reader reading card id when the dealer was asked to pass
// over it the card dealt by hand on top of a stack at seat.
func Identify(seat int, id string) Event { return Event{Kind: EvIdentify, Seat: seat, Card: id} }

// IdentifyAt is Identify, the dealer asked about the card dealt by hand on
// top of seat's stack stack (counted from 1, as the screen names it:
// Game.AskStack; an Identify's Stack is 0, none named, as for a held
// read's, and in logs of entry schema 8 and older). A seat with two
// stacks topped by cards dealt by hand
// ("If a player has more than one stack, you will deal one card into
// each") has two such cards, and the dealer, who picks the card up from
// one stack, answers for that stack.
func IdentifyAt(seat, stack int, id string) Event {
	return Event{Kind: EvIdentify, Seat: seat, Stack: stack, Card: id}
}

// Knocked is the dealer's report that a stack of the faller at seat was
// knocked over and gathered back, its order no longer the one dealt.
func Knocked(seat int) Event { return Event{Kind: EvKnocked, Seat: seat} }

// DealtUnscanned is the dealer's "unscanned" said of card id, the card just
// read: the light lags a seat behind, since the card before it was dealt
// without being scanned and id was taken for it (or for a rider at the
// seat still waiting). The card dealt unscanned becomes a deal confirmed
// by hand (its identity a guess, asked for while it lies on top) and id is
// read again where the light then asks (Game.UnscannedBefore names the
// card).
func DealtUnscanned(id string) Event { return Event{Kind: EvUnscanned, Card: id} }

// GroundDealtUnscanned is DealtUnscanned, the dealer having seen the card
// dealt unscanned was a Ground: "GROUND: If you receive one of these, you
// are immediately out", and the dealer dealt on past it, so no Stop was
// shown in its window and it landed. A plain stand-in would be "a card",
// never a Ground while any other is left: the seat would stay in, and a
// Hit's second card, read, would be taken for its own.
func GroundDealtUnscanned(id string) Event { return Event{Kind: EvUnscanned, Card: id, As: Ground} }

// ThereAfterAll is the dealer taking back the "not there" just said of a
// stack or a rider that is there after all (a faller points at it): the
// hand goes back to before it was said (Game.GoneToTakeBack names the
// seat).
func ThereAfterAll() Event { return Event{Kind: EvThere} }

// DeclareWinner is the table ending the hand with the faller at seat its
// winner, everyone else out: the people at the table played it to its end
// where the assistant lost its way (a guess gone wrong, the lights a seat
// off), and say who won. Nothing the engine believes can refuse the table's
// word but a seat with no faller, or a hand already won.
func DeclareWinner(seat int) Event { return Event{Kind: EvDeclared, Seat: seat} }

// UnscannedTakenBack is the dealer taking back the "unscanned" (plain or
// naming a Ground) they just said of card id, the read: pressed by
// mistake, it stood in a card nobody dealt, or landed a Ground that was
// never there. The hand goes back to before it was said, the read where it
// was first taken (Game.UnscannedToTakeBack names the card).
func UnscannedTakenBack(id string) Event { return Event{Kind: EvThere, Card: id} }

// NotOnTop is the dealer's answer, asked to scan the card dealt by hand on
// top of a stack at seat, that it is no longer there: picked up.
func NotOnTop(seat int) Event { return Event{Kind: EvIdentify, Seat: seat} }

// NotOnTopAt is NotOnTop said of seat's stack stack (counted from 1), the
// one the dealer was asked about (IdentifyAt).
func NotOnTopAt(seat, stack int) Event { return Event{Kind: EvIdentify, Seat: seat, Stack: stack} }

func (e Event) String() string {
	switch e.Kind {
	case EvStep:
		return "step"
	case EvPickUp:
		return fmt.Sprintf("player %d picks up from stack %d", e.Player, e.Stack)
	case EvPlay:
		return fmt.Sprintf("player %d plays on player %d (stop on %v)", e.Player, e.Target, e.Stop)
	case EvScan:
		if e.Dealt {
			return "scan " + e.Card + " (dealt)"
		}
		return "scan " + e.Card
	case EvPress:
		return fmt.Sprintf("press seat %d", e.Seat)
	case EvStopClosed:
		return "the Stop window closes"
	case EvKnocked:
		return fmt.Sprintf("a stack of seat %d knocked over and gathered back", e.Seat)
	case EvUnscanned:
		if e.As != NoKind {
			return "a " + e.As.String() + " dealt unscanned before " + e.Card
		}
		return "a card dealt unscanned before " + e.Card
	case EvThere:
		if e.Card != "" {
			return "unscanned taken back: " + e.Card
		}
		return "there after all"
	case EvDeclared:
		return fmt.Sprintf("the table declares seat %d the winner", e.Seat)
	case EvStackGone:
		if e.Card != "" {
			return "not there: " + e.Card
		}
	case EvIdentify:
		at := fmt.Sprintf("seat %d", e.Seat)
		if e.Stack > 0 {
			at += fmt.Sprintf(", stack %d,", e.Stack)
		}
		if e.Card == "" {
			return fmt.Sprintf("the card dealt by hand to %s is no longer on top", at)
		}
		return fmt.Sprintf("the card dealt by hand to %s is %s", at, e.Card)
	case EvConfirm:
		if e.As != NoKind {
			return "confirm " + e.As.String()
		}
	}
	return e.Kind.String()
}
