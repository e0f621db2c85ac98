package dealer

import (
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/audit"
	"github.com/falling-table/falling/hw"
	"github.com/falling-table/falling/hw/config"
)

// keepMessages bounds the messages a View carries.
const keepMessages = 32

// Message is a line for the screen.
type Message struct {
	At      time.Duration `json:"at"`
	Text    string        `json:"text"`
	Warning bool          `json:"warning,omitempty"`
}

// SeatView is one seat as a screen shows it.
type SeatView struct {
	Seat   int           `json:"seat"`
	Player int           `json:"player"` // -1 for the dealer's seat
	Dealer bool          `json:"dealer,omitempty"`
	Out    bool          `json:"out,omitempty"`
	Stacks [][]game.Card `json:"stacks,omitempty"` // bottom first, as the engine believes them
	Rider  *game.Card    `json:"rider,omitempty"`
	Extras []game.Card   `json:"extras,omitempty"`
	Light  hw.Pattern    `json:"light"`
}

// View is everything a screen needs to draw the table. It is a copy: keep
// it as long as you like.
type View struct {
	Hand        string           `json:"hand"`
	Phase       Phase            `json:"phase"`
	Paused      bool             `json:"paused,omitempty"`
	Mode        config.Mode      `json:"mode"`
	Now         time.Duration    `json:"now"`
	Seats       []SeatView       `json:"seats"`
	Instruction game.Instruction `json:"instruction"`
	Beat        int64            `json:"beat"`
	NextBeat    time.Duration    `json:"next_beat"`
	Tempo       float64          `json:"tempo"`
	Waiting     bool             `json:"waiting,omitempty"` // the beat waits for the dealer's card
	StopWindow  *Window          `json:"stop_window,omitempty"`
	Reader      hw.ReaderState   `json:"reader"`
	DeckLeft    int              `json:"deck_left"`
	Grounds     int              `json:"grounds_left"`
	Messages    []Message        `json:"messages,omitempty"`
	Dispute     *Dispute         `json:"dispute,omitempty"`
	Winner      int              `json:"winner,omitempty"` // seat
	NextDealer  int              `json:"next_dealer,omitempty"`
	Audit       *audit.Result    `json:"audit,omitempty"`
	AuditGroup  string           `json:"audit_group,omitempty"`
	Scoreboard  *Scoreboard      `json:"scoreboard,omitempty"`
	Digest      uint64           `json:"digest"`
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
		Hand: d.cfg.Hand, Phase: d.phase, Paused: d.paused, Mode: d.cfg.Mode, Now: d.now(),
		Instruction: g.Next(), Beat: d.beat, NextBeat: d.nextBeat,
		Tempo:   d.cfg.Tempo.At(g.Dealt(), g.DeckSize()-g.GroundsInDeck()),
		Waiting: d.phase == PhaseDealing && d.slotOpen && !d.running,
		Reader:  d.readerSt, DeckLeft: g.DeckSize(), Grounds: g.GroundsInDeck(),
		Messages: append([]Message(nil), d.msgs...), Digest: g.Digest(),
	}
	if d.window {
		v.StopWindow = &Window{Seat: d.winSeat, Start: d.winStart, End: d.winEnd, Claimed: d.claim}
		if d.claim {
			v.StopWindow.End = d.claimEnd
		}
	}
	if d.dispute != nil {
		ds := *d.dispute
		v.Dispute = &ds
	}
	if d.phase == PhaseOver || d.phase == PhaseAudit || d.phase == PhaseDone {
		v.Winner, v.NextDealer = d.result.Winner, d.result.NextDealer
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
		v.Seats = append(v.Seats, SeatView{Seat: d.cfg.Dealer, Player: -1, Dealer: true, Light: d.lit[d.cfg.Dealer]})
	}
	for p := 0; p < g.NumPlayers(); p++ {
		sv := SeatView{Seat: g.Seat(p), Player: p, Out: g.Out(p), Light: d.lit[g.Seat(p)]}
		for s := 0; s < g.NumStacks(p); s++ {
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
	v := d.view()
	for ch := range d.subs {
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
