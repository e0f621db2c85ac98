package dealer

import (
	"fmt"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
	"github.com/falling-table/falling/hw/reader"
)

// healthReporter is a card reader that keeps a watchdog's health, as
// hw/reader's service does: the screens show it, so a hung reader and its
// resets reach the table, not only the log.
type healthReporter interface {
	Health() reader.Health
}

// keepMessages bounds the messages a View carries.
const keepMessages = 32

// messages are the screen's last lines, the newest last.
type messages []Message

// add keeps m, and the last keepMessages lines.
func (ms *messages) add(m Message) {
	*ms = append(*ms, m)
	if len(*ms) > keepMessages {
		*ms = append((*ms)[:0], (*ms)[len(*ms)-keepMessages:]...)
	}
}

// settle drops the requests about topic: what they asked for is done, or
// no longer possible, and a request left on the screen would mislead.
func (ms *messages) settle(topic string) {
	kept := (*ms)[:0]
	for _, m := range *ms {
		if m.topic != topic {
			kept = append(kept, m)
		}
	}
	clear((*ms)[len(kept):])
	*ms = kept
}

// Message is a line for the screen.
type Message struct {
	At      time.Duration `json:"at"`
	Text    string        `json:"text"`
	Warning bool          `json:"warning,omitempty"`
	// topic marks a request that holds only while its condition does
	// ("press your button when you are ready"); settle takes it away.
	topic string
}

// The topics of the dealer's standing requests.
const (
	askReady  = "ready"  // fallers: press to say you are ready
	askReader = "reader" // the reader is gone: confirm by hand
	askClaim  = "claim"  // a Stop claimed: scan it or confirm
	askAudit  = "audit"  // scan this group, then confirm
	askGo     = "go"     // a resumed hand waits for the dealer's go
	askWinner = "winner" // the table ends the hand: the winner presses
	askLost   = "lost"   // reads refused in a row: the lights may be lost
	// askDeckEnd: every Ground is dealt, yet the lights ask for a card.
	askDeckEnd = "deckend"
	// askIdentify: scan the card dealt by hand to a seat, or n.
	askIdentify = "identify"
)

// SeatView is one seat as a screen shows it.
type SeatView struct {
	Seat   int  `json:"seat"`
	Player int  `json:"player"` // -1 for the dealer's seat
	Dealer bool `json:"dealer,omitempty"`
	Out    bool `json:"out,omitempty"`
	// Stacks are the seat's stacks, bottom first, as the engine believes
	// them, numbered as the table has them: a stack said not there
	// mid-address, empty, is not drawn (game.Game.StackNumber), so that
	// Stacks[k-1] is the stack an ask names k (View.Identify).
	Stacks [][]game.Card `json:"stacks,omitempty"`
	Rider  *game.Card    `json:"rider,omitempty"`
	Extras []game.Card   `json:"extras,omitempty"`
	Light  hw.Pattern    `json:"light"`
}

// View is everything a screen needs to draw the table. It is a copy: keep
// it as long as you like.
type View struct {
	Hand   string        `json:"hand"`
	Phase  Phase         `json:"phase"`
	Paused bool          `json:"paused,omitempty"`
	Mode   config.Mode   `json:"mode"`
	Now    time.Duration `json:"now"`
	// Began is the table clock when the hand opened (or was resumed): on a
	// Pi the clock counts from boot, so a screen shows Now-Began.
	Began       time.Duration    `json:"began"`
	Seats       []SeatView       `json:"seats"`
	Instruction game.Instruction `json:"instruction"`
	Beat        int64            `json:"beat"`
	NextBeat    time.Duration    `json:"next_beat"`
	Tempo       float64          `json:"tempo"`
	Waiting     bool             `json:"waiting,omitempty"` // the beat waits for the dealer's card
	// Misread is the card the panel's misread (r) would take back now:
	// just read as a rider or an Extra at the seat lit. "" if none.
	Misread string `json:"misread,omitempty"`
	// There is the seat whose "not there", just said, the panel's misread
	// (r) would take back now: there after all. 0 if none.
	There int `json:"there,omitempty"`
	// Unsaid is the card read whose "unscanned" (b, or l), just said, the
	// panel's misread (r) would take back now, with no read to take back:
	// said by mistake. "" if none.
	Unsaid string `json:"unsaid,omitempty"`
	// LastRead is the card the reader read last while dealing, taken or
	// not, and LastReadAt when: a dealer who has just dealt a card sees
	// whether the screen has taken it yet. "" before the first.
	LastRead   string         `json:"last_read,omitempty"`
	LastReadAt time.Duration  `json:"last_read_at,omitempty"`
	StopWindow *Window        `json:"stop_window,omitempty"`
	Reader     hw.ReaderState `json:"reader"`
	DeckLeft   int            `json:"deck_left"`
	Grounds    int            `json:"grounds_left"`
	Messages   []Message      `json:"messages,omitempty"`
	// Log is the play log's trouble in a line, "" while it takes every
	// entry in the hand's own file: a screen keeps it in sight for as long
	// as it holds, while messages scroll away.
	Log     string   `json:"log,omitempty"`
	Dispute *Dispute `json:"dispute,omitempty"`
	// Identify is the ask for a card dealt by hand the screen shows, nil
	// for none: what its line says, for a program that reads the screen.
	Identify *IdentifyAsk `json:"identify,omitempty"`
	Winner   int          `json:"winner,omitempty"` // seat
	// Declared: the table named the winner (the lights had lost the hand),
	// so the screen must not present it as the lights' own result.
	Declared   bool          `json:"declared,omitempty"`
	NextDealer int           `json:"next_dealer,omitempty"`
	Audit      *audit.Result `json:"audit,omitempty"`
	AuditGroup string        `json:"audit_group,omitempty"`
	Scoreboard *Scoreboard   `json:"scoreboard,omitempty"`
	Digest     uint64        `json:"digest"`

	// ReaderHealth is the card reader service's watchdog (its state, the
	// cards read, the times it was lost and reset), nil for a reader that
	// keeps none. Not in the JSON: its last error is an error value.
	ReaderHealth *reader.Health `json:"-"`
}

// IdentifyAsk is the dealer's ask to scan the card dealt by hand on top
// of a seat's stack ("scan the card dealt by hand to seat 2, stack 2"):
// the answer read, or n, is for that stack (game.IdentifyAt).
type IdentifyAsk struct {
	Seat  int `json:"seat"`
	Stack int `json:"stack"` // from 1, as Seats[].Stacks numbers them
}

// Window is an open Stop window.
type Window struct {
	Seat    int           `json:"seat"`
	Start   time.Duration `json:"start"`
	End     time.Duration `json:"end"`
	Claimed bool          `json:"claimed,omitempty"`
}

// View is the table now.
func (d *Dealer) View() View {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.view()
}

func (d *Dealer) view() View {
	g := d.g
	v := View{
		Hand: d.cfg.Hand, Phase: d.phase, Paused: d.panel.paused, Mode: d.cfg.Mode, Now: d.now(), Began: d.startedAt,
		Instruction: g.Next(), Beat: d.beat.count, NextBeat: d.beat.next,
		Tempo:   d.cfg.Tempo.At(g.Dealt(), g.DeckSize()-g.GroundsInDeck()),
		Waiting: d.phase == PhaseDealing && d.slot.open && !d.beat.running,
		Reader:  d.reader, DeckLeft: g.DeckSize(), Grounds: g.GroundsInDeck(),
		Messages: append([]Message(nil), d.msgs...), Digest: g.Digest(),
		Log: d.logHealth.text(),
	}
	v.StopWindow = d.stop.view()
	v.Misread, _ = d.misreadCard()
	if d.kept.active {
		v.Misread = d.kept.id
	}
	if v.Misread == "" {
		v.Unsaid, _ = d.unsaidCard()
	}
	v.There, _ = d.goneSeat()
	if a, ok := d.identifyAsk(); ok {
		v.Identify = &a
	}
	v.LastRead, v.LastReadAt = d.lastRead, d.lastReadAt
	if r, ok := d.hw.Reader.(healthReporter); ok {
		h := r.Health()
		v.ReaderHealth = &h
	}
	if d.dispute != nil {
		ds := *d.dispute
		v.Dispute = &ds
	}
	if d.phase == PhaseOver || d.phase == PhaseAudit || d.phase == PhaseDone {
		v.Winner, v.NextDealer, v.Declared = d.result.Winner, d.result.NextDealer, d.result.Declared
	}
	if d.report != nil {
		r := *d.report
		v.Audit = &r
	}
	if d.phase == PhaseAudit && len(d.groups) > 0 {
		v.AuditGroup = d.groups[len(d.groups)-1].Name
	}
	if d.cfg.Scoreboard != nil {
		sb := d.cfg.Scoreboard.Copy()
		v.Scoreboard = &sb
	}
	if d.cfg.Dealer > 0 {
		v.Seats = append(v.Seats, SeatView{Seat: d.cfg.Dealer, Player: -1, Dealer: true, Light: d.lamps[d.cfg.Dealer]})
	}
	for p := 0; p < g.NumPlayers(); p++ {
		sv := SeatView{Seat: g.Seat(p), Player: p, Out: g.Out(p), Light: d.lamps[g.Seat(p)]}
		for s := 0; s < g.NumStacks(p); s++ {
			if !drawn(g, p, s) {
				continue
			}
			var st []game.Card
			for _, c := range g.Stack(p, s) {
				st = append(st, g.Card(c))
			}
			sv.Stacks = append(sv.Stacks, st)
		}
		if r := g.Rider(p); r >= 0 {
			c := g.Card(r)
			sv.Rider = &c
			for _, x := range g.Extras(p) {
				sv.Extras = append(sv.Extras, g.Card(x))
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// identifyAsk is the ask for a card dealt by hand the screen shows
// (View.Identify), ok false for none. Called with d.mu held.
func (d *Dealer) identifyAsk() (a IdentifyAsk, ok bool) {
	return IdentifyAsk{Seat: d.ident.seat, Stack: d.ident.stack}, d.ident.seat != 0
}

// drawn reports whether a screen draws player p's stack s: not an empty
// one, kept by the engine mid-address where the table has none
// (game.Game.StackNumber), so that the stacks drawn are numbered as the
// table has them.
func drawn(g *game.Game, p, s int) bool { return g.Top(p, s) >= 0 }

// Asking is the ask for a card dealt by hand the screen shows now
// (View.Identify; the zero IdentifyAsk for none) and how many of its
// seat's stacks the screen draws (that seat's SeatView.Stacks): what a
// program reading the ask off the screen needs, the simulated dealer at
// each ask, without building a whole View.
func (d *Dealer) Asking() (IdentifyAsk, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	a, ok := d.identifyAsk()
	if !ok {
		return IdentifyAsk{}, 0
	}
	n := 0
	if p := d.g.PlayerAt(a.Seat); p >= 0 {
		for s := range d.g.NumStacks(p) {
			if drawn(d.g, p, s) {
				n++
			}
		}
	}
	return a, n
}

// Subscribe returns a channel that receives the View after every change
// the dealer makes. A slow reader only misses intermediate views, never
// the latest one, and never slows the beat. cancel stops the deliveries and
// closes the channel, so a reader may range over it.
func (d *Dealer) Subscribe() (views <-chan View, cancel func()) {
	ch := make(chan View, 1)
	d.mu.Lock()
	d.subs[ch] = struct{}{}
	v := d.view()
	d.mu.Unlock()
	ch <- v
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			d.mu.Lock()
			delete(d.subs, ch)
			close(ch) // under the lock: publish never sends on a closed channel
			d.mu.Unlock()
		})
	}
}

// publish sends the latest View to every subscriber. It is deferred by the
// handlers after they unlock, so it takes the lock itself.
func (d *Dealer) publish() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.subs) == 0 {
		return
	}
	d.subs.send(d.view())
}

// subscribers are the screens following the table (Subscribe).
type subscribers map[chan View]struct{}

// send gives every subscriber v, in place of a view it has not read yet.
func (subs subscribers) send(v View) {
	for ch := range subs {
		select {
		case <-ch: // drop the stale view
		default:
		}
		select {
		case ch <- v:
		default:
		}
	}
}

// Inspect calls f with the dealer's engine, under the dealer's lock, so a
// page can be drawn from the engine's own state (what the web page's
// snapshot is built from) without racing the beat. f must only read g, and
// be quick: the beat waits for it.
func (d *Dealer) Inspect(f func(g *game.Game)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f(d.g)
}

// say adds a message for the screen, and logs it.
func (d *Dealer) say(warn bool, format string, args ...any) {
	d.tell(Message{At: d.now(), Text: fmt.Sprintf(format, args...), Warning: warn})
}

// warn is product.md's answer to bad input: "a warning sound and message".
func (d *Dealer) warn(format string, args ...any) {
	d.cue(hw.CueWarning, d.now())
	d.say(true, format, args...)
}

// ask shows a request that stands until settle(topic) takes it away.
func (d *Dealer) ask(topic string, warn bool, format string, args ...any) {
	d.settle(topic)
	d.tell(Message{At: d.now(), Text: fmt.Sprintf(format, args...), Warning: warn, topic: topic})
}

// settle takes away the requests about topic.
func (d *Dealer) settle(topic string) { d.msgs.settle(topic) }

func (d *Dealer) tell(m Message) {
	d.msgs.add(m)
	warn := m.Warning
	if warn {
		d.lg.Warn("dealer: " + m.Text)
	} else {
		d.lg.Debug("dealer: " + m.Text)
	}
}
