package serve

import (
	"fmt"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/hw/reader"
)

// Snapshot is the live table at one instant, as the referee's page shows it.
// It is a plain JSON value so the dealer can hand it over without sharing
// its engine, and the page can be driven by it alone.
type Snapshot struct {
	// Seq increases with every snapshot of the night: the page and the event
	// stream's Last-Event-ID use it to drop stale updates. The dealer's log
	// sequence number of the last entry reflected is a good choice.
	Seq  uint64    `json:"seq"`
	Time time.Time `json:"time"` // wall time of the change
	Hand string    `json:"hand"`

	Rules  string     `json:"rules"`
	Dealer int        `json:"dealer"` // the dealer's seat
	Seats  []SeatView `json:"seats"`  // the fallers, in dealing order

	// Turn is the seat the dealer's next step is for (0 when none), Next
	// that step in words and Due how many cards the seat's light shows.
	Turn int    `json:"turn"`
	Next string `json:"next"`
	Due  int    `json:"due"`

	Beat   int64   `json:"beat"`
	Tempo  float64 `json:"tempo"` // cards per minute
	Paused bool    `json:"paused"`

	Deck          int `json:"deck"` // physical cards left to deal
	GroundsInDeck int `json:"grounds_in_deck"`
	Discards      int `json:"discards"`
	Pass          int `json:"pass"` // times the dealer has started round the table

	Over   bool `json:"over"`
	Winner int  `json:"winner"` // the winner's seat, 0 while the hand goes on
	// Declared: the table named the winner because the lights had lost
	// the hand; the referee must see that the engine did not find it.
	Declared bool `json:"declared,omitempty"`

	Last    string       `json:"last,omitempty"`    // the last thing that happened, in words
	Reader  string       `json:"reader,omitempty"`  // the card reader's state, when there is one
	Log     string       `json:"log,omitempty"`     // the play log's trouble in words, "" while it takes every entry
	Dispute *DisputeView `json:"dispute,omitempty"` // the last dispute called this hand
	Notes   []string     `json:"notes,omitempty"`   // referee corrections this hand, oldest first

	// ReaderHealth is the card reader service's watchdog, when it keeps
	// one: a hung reader and its resets, for the referee to see.
	ReaderHealth *ReaderHealthView `json:"reader_health,omitempty"`
}

// ReaderHealthView is the card reader's health as the page shows it: what
// its watchdog saw since the table started, and what to do while it fails,
// in falling doctor's words.
type ReaderHealthView struct {
	State   string `json:"state"` // "ok", "not answering", "needs a power cycle"
	Failing bool   `json:"failing,omitempty"`
	Text    string `json:"text"`             // the state and counts in a few words
	Advice  string `json:"advice,omitempty"` // what to do, while failing
	Reads   int    `json:"reads"`            // cards read
	Lost    int    `json:"lost"`             // times it stopped answering
	Resets  int    `json:"resets"`           // times the watchdog reset it
	Failed  int    `json:"failed_polls"`     // polls the chip or the bus did not answer
}

// ReaderHealthOf is the page's view of a reader's health.
func ReaderHealthOf(h reader.Health) ReaderHealthView {
	return ReaderHealthView{State: h.State.String(), Failing: h.Failing(), Text: h.Short(), Advice: h.Advice(),
		Reads: h.Reads, Lost: h.Lost, Resets: h.Resets, Failed: h.Misses}
}

// SeatView is one faller as the table shows them. Which card a faller holds
// is never shown: the page is readable by anyone on the LAN, players
// included, and at a real table the engine does not know it anyway.
type SeatView struct {
	Seat    int         `json:"seat"`
	Out     bool        `json:"out,omitempty"`
	Stacks  []StackView `json:"stacks"`
	Rider   string      `json:"rider,omitempty"` // the rider's kind, "" for none
	Extras  int         `json:"extras,omitempty"`
	Holding bool        `json:"holding,omitempty"` // holds a card (game.Holding)
	Turn    bool        `json:"turn,omitempty"`    // the dealer's next step is for this seat
	Winner  bool        `json:"winner,omitempty"`
}

// StackView is one of a faller's stacks: its size and the kind of its top
// card ("?" for a card dealt by hand whose identity the engine never saw).
type StackView struct {
	Cards int    `json:"cards"`
	Top   string `json:"top,omitempty"`
}

// DisputeView is a settled "who was first", in milliseconds a phone shows.
type DisputeView struct {
	Winner   int         `json:"winner"` // 0 for a tie or no press
	Tie      bool        `json:"tie,omitempty"`
	Tied     []int       `json:"tied,omitempty"` // seats tying for first
	MarginMS float64     `json:"margin_ms"`
	Presses  []PressView `json:"presses"` // in kernel-time order
	Text     string      `json:"text"`    // the verdict in words
}

// PressView is one seat's first press in a dispute, after the first press.
type PressView struct {
	Seat    int     `json:"seat"`
	AfterMS float64 `json:"after_ms"`
}

// Meta is what the dealer knows beside the engine's state.
type Meta struct {
	Seq     uint64
	Time    time.Time
	Hand    string
	Dealer  int
	Beat    int64
	Tempo   float64
	Paused  bool
	Reader  string
	Log     string // the play log's trouble (dealer.View.Log)
	Last    string
	Dispute *playlog.Dispute
	Tie     time.Duration // the tie window the dispute was settled with
	// Declared: the table named the winner (dealer.View.Declared).
	Declared bool
	Notes    []string

	// ReaderHealth is the reader service's watchdog, nil for none.
	ReaderHealth *reader.Health
}

// SnapshotOf builds the page's view of an engine state. It only reads g, so
// the dealer may call it with its own engine between two events.
func SnapshotOf(g *game.Game, m Meta) Snapshot {
	s := Snapshot{
		Seq: m.Seq, Time: m.Time, Hand: m.Hand, Rules: g.Rules().Name, Dealer: m.Dealer,
		Beat: m.Beat, Tempo: m.Tempo, Paused: m.Paused, Reader: m.Reader, Log: m.Log, Last: m.Last,
		Deck: g.DeckSize(), GroundsInDeck: g.GroundsInDeck(), Discards: len(g.Discards()),
		Pass: g.Passes(), Over: g.Over(), Notes: append([]string(nil), m.Notes...),
		Seats: make([]SeatView, g.NumPlayers()),
	}
	if m.Dispute != nil {
		d := DisputeOf(*m.Dispute, m.Tie)
		s.Dispute = &d
	}
	if m.ReaderHealth != nil {
		h := ReaderHealthOf(*m.ReaderHealth)
		s.ReaderHealth = &h
	}
	if s.Over {
		s.Winner, s.Declared = g.Seat(g.Winner()), m.Declared
	} else {
		in := g.Next()
		s.Turn, s.Next, s.Due = in.Seat, in.String(), in.Due
	}
	for p := range s.Seats {
		v := SeatView{Seat: g.Seat(p), Out: g.Out(p), Holding: g.Holding(p), Extras: len(g.Extras(p))}
		v.Turn = !s.Over && v.Seat == s.Turn
		v.Winner = s.Over && v.Seat == s.Winner
		if r := g.Rider(p); r >= 0 {
			v.Rider = kindOf(g, r)
		}
		for i := range g.NumStacks(p) {
			// Numbered as the table has them (game.Game.StackNumber): a
			// stack said not there mid-address, empty, is not drawn.
			if t := g.Top(p, i); t >= 0 {
				v.Stacks = append(v.Stacks, StackView{Cards: len(g.Stack(p, i)), Top: kindOf(g, t)})
			}
		}
		if v.Stacks == nil {
			v.Stacks = []StackView{} // "stacks": [], as before
		}
		s.Seats[p] = v
	}
	return s
}

func kindOf(g *game.Game, card int) string {
	if g.Blind(card) {
		return "?"
	}
	return g.Card(card).Kind.String()
}

// DisputeOf turns a settled dispute into what the page shows. tie is the
// window it was settled with, to name the seats that tie.
func DisputeOf(d playlog.Dispute, tie time.Duration) DisputeView {
	v := DisputeView{Winner: d.Winner, Tie: d.Tie, MarginMS: ms(d.Margin), Presses: make([]PressView, len(d.Seats))}
	for i, seat := range d.Seats {
		v.Presses[i] = PressView{Seat: seat}
		if i < len(d.Times) && len(d.Times) > 0 {
			v.Presses[i].AfterMS = ms(time.Duration(d.Times[i] - d.Times[0]))
		}
	}
	switch {
	case len(d.Seats) == 0:
		v.Text = "no press in the window"
	case d.Tie:
		n := d.Tied(tie)
		if n < 2 {
			// Tied counts the head of the ranking within the window; a log
			// from before the window was recorded may not say, and two
			// seats at least made it a tie.
			n = min(2, len(d.Seats))
		}
		v.Tied = append([]int(nil), d.Seats[:n]...)
		v.Text = fmt.Sprintf("tie between seats %s (within %s)", seatList(v.Tied), msText(ms(tie)))
	case len(d.Seats) == 1:
		v.Text = fmt.Sprintf("seat %d, the only press", d.Winner)
	default:
		v.Text = fmt.Sprintf("seat %d first, by %s over seat %d", d.Winner, msText(v.MarginMS), d.Seats[1])
	}
	return v
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func msText(v float64) string { return fmt.Sprintf("%.1f ms", v) }

func seatList(seats []int) string {
	s := ""
	for i, n := range seats {
		switch {
		case i == 0:
		case i == len(seats)-1:
			s += " and "
		default:
			s += ", "
		}
		s += fmt.Sprint(n)
	}
	return s
}
