// Package servetest is a live table for testing the referee's page without
// the dealer: computer fallers (game/bot) play hand after hand in real time
// scaled by a speed factor, and the table answers the page's controls the
// way the dealer does (pause freezes the deal, a dispute is settled over the
// presses of the last seconds, a correction is noted).
package servetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/bot"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/hw"
)

// Config sets up a Table.
type Config struct {
	Fallers int           // seats 1..Fallers fall; the dealer sits at Fallers+1
	Seed    uint64        // the first hand's; each next hand adds one
	Speed   float64       // virtual seconds per real second (0: 1)
	Params  bot.Params    // zero: bot.DefaultParams
	Tie     time.Duration // tie window (0: 5 ms)
	// Window is how far back a dispute looks for presses (0: 3 s).
	Window time.Duration
	// Between is the real pause between two hands (0: 1 s).
	Between time.Duration
	// Published, if set, is told each snapshot's sequence number as it goes
	// out to subscribers, for latency measurements.
	Published func(seq uint64, at time.Time)
}

// Table is a simulated live table; it satisfies serve.Live.
type Table struct {
	cfg   Config
	start time.Time

	mu      sync.Mutex
	subs    map[chan serve.Snapshot]struct{}
	cur     serve.Snapshot
	seq     uint64
	paused  bool
	resume  chan struct{} // closed when a pause ends; nil while running
	pausing chan struct{} // closed when a pause begins
	presses []playlog.Press
	dispute *playlog.Dispute
	notes   []string
}

// New makes a table; Run plays it.
func New(cfg Config) (*Table, error) {
	if cfg.Fallers < game.MinFallers || cfg.Fallers > game.MaxFallers {
		return nil, fmt.Errorf("servetest: %d fallers, want %d to %d", cfg.Fallers, game.MinFallers, game.MaxFallers)
	}
	if cfg.Speed <= 0 {
		cfg.Speed = 1
	}
	if cfg.Params.Tempo == 0 {
		cfg.Params = bot.DefaultParams()
	}
	if cfg.Tie == 0 {
		cfg.Tie = 5 * time.Millisecond
	}
	if cfg.Window == 0 {
		cfg.Window = 3 * time.Second
	}
	if cfg.Between == 0 {
		cfg.Between = time.Second
	}
	return &Table{cfg: cfg, start: time.Now(), subs: map[chan serve.Snapshot]struct{}{}, pausing: make(chan struct{})}, nil
}

// Now is the table's clock, standing in for CLOCK_MONOTONIC: presses are
// stamped on it.
func (t *Table) Now() time.Duration { return time.Since(t.start) }

// Run plays hands back to back until ctx ends.
func (t *Table) Run(ctx context.Context) error {
	for n := 1; ctx.Err() == nil; n++ {
		if err := t.hand(ctx, n); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
		case <-time.After(t.cfg.Between):
		}
	}
	return nil
}

func (t *Table) hand(ctx context.Context, n int) error {
	rng := rand.New(rand.NewPCG(t.cfg.Seed+uint64(n), 0x5eed))
	seats := make([]int, t.cfg.Fallers)
	for i := range seats {
		seats[i] = i + 1
	}
	g, err := game.New(game.Config{Rules: game.Official(), Seats: seats,
		Deck: game.Shuffle(game.NewDeck(game.DeckSpec{Move: true}), rng), Ordered: true})
	if err != nil {
		return fmt.Errorf("servetest: hand %d: %w", n, err)
	}
	fallers := make([]bot.Strategy, t.cfg.Fallers)
	for i := range fallers {
		fallers[i] = &bot.Sensible{}
	}
	hand := fmt.Sprintf("live-%d", n)
	t.mu.Lock()
	t.dispute, t.notes = nil, nil
	t.mu.Unlock()
	var beat int64
	base, vbase := time.Now(), time.Duration(0)
	t.publish(g, hand, beat, "the hand starts")
	var pl bot.Player
	_, err = pl.Play(g, fallers, rng, t.cfg.Params, func(at time.Duration, e game.Event) {
		if e.Kind == game.EvStep {
			beat++
		}
		// An event the fallers made as the pause came in shows only
		// after it: nothing moves on a paused page.
		if t.hold(ctx) {
			base, vbase = time.Now(), at
		}
		t.publish(g, hand, beat, eventText(e, seats))
		// Pace the next event in real time; a pause holds the hand here,
		// between two events, as the dealer freezes the beat, even one
		// that comes while waiting. Once ctx ends the hand plays out at
		// once, unseen.
		for {
			if t.hold(ctx) {
				base, vbase = time.Now(), at
			}
			if ctx.Err() != nil {
				return
			}
			t.mu.Lock()
			pausing := t.pausing
			t.mu.Unlock()
			wait := time.Until(base.Add(time.Duration(float64(at-vbase) / t.cfg.Speed)))
			if wait <= 0 {
				return
			}
			tm := time.NewTimer(wait)
			select {
			case <-tm.C:
				return
			case <-pausing:
				tm.Stop()
			case <-ctx.Done():
				tm.Stop()
				return
			}
		}
	})
	if err != nil {
		return fmt.Errorf("servetest: hand %d: %w", n, err)
	}
	return nil
}

// hold waits while the table is paused, or until ctx ends, and reports
// whether it waited.
func (t *Table) hold(ctx context.Context) bool {
	waited := false
	for {
		t.mu.Lock()
		resume := t.resume
		t.mu.Unlock()
		if resume == nil {
			return waited
		}
		waited = true
		select {
		case <-resume:
		case <-ctx.Done():
			return true
		}
	}
}

// publish builds the snapshot of g and sends it to every subscriber.
func (t *Table) publish(g *game.Game, hand string, beat int64, last string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.paused {
		// A pause that came in since hold looked: the next event after
		// the resume shows this one's state too.
		return
	}
	t.seq++
	t.cur = serve.SnapshotOf(g, serve.Meta{Seq: t.seq, Time: time.Now(), Hand: hand, Dealer: t.cfg.Fallers + 1,
		Beat: beat, Tempo: t.cfg.Params.Tempo, Paused: t.paused, Last: last, Dispute: t.dispute, Tie: t.cfg.Tie, Notes: t.notes})
	t.sendLocked()
}

// republish sends the current snapshot again after a control changed it.
func (t *Table) republishLocked() {
	t.seq++
	t.cur.Seq, t.cur.Time, t.cur.Paused = t.seq, time.Now(), t.paused
	t.cur.Notes = append([]string(nil), t.notes...)
	t.cur.Dispute = nil
	if t.dispute != nil {
		d := serve.DisputeOf(*t.dispute, t.cfg.Tie)
		t.cur.Dispute = &d
	}
	t.sendLocked()
}

func (t *Table) sendLocked() {
	for ch := range t.subs {
		select {
		case <-ch: // the subscriber has not taken the older one: replace it
		default:
		}
		ch <- t.cur
	}
	if t.cfg.Published != nil {
		t.cfg.Published(t.cur.Seq, time.Now())
	}
}

// Subscribe implements serve.Live.
func (t *Table) Subscribe(ctx context.Context) <-chan serve.Snapshot {
	ch := make(chan serve.Snapshot, 1)
	t.mu.Lock()
	if t.seq > 0 {
		ch <- t.cur
	}
	t.subs[ch] = struct{}{}
	t.mu.Unlock()
	go func() {
		<-ctx.Done()
		t.mu.Lock()
		delete(t.subs, ch)
		close(ch)
		t.mu.Unlock()
	}()
	return ch
}

// Press is seat's button pressed at kernel time k on the table's clock.
func (t *Table) Press(seat int, k time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.presses = append(t.presses, playlog.Press{Seat: seat, Kernel: k})
}

// ErrNothingToConfirm is the simulated table's answer to a confirm: its
// dealer never waits for one.
var ErrNothingToConfirm = errors.New("nothing to confirm: the simulated dealer deals by itself")

// Control implements serve.Live.
func (t *Table) Control(c hw.Control) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch c {
	case hw.ControlPause:
		t.paused = !t.paused
		if t.paused {
			t.resume = make(chan struct{})
			close(t.pausing)
		} else {
			close(t.resume)
			t.resume, t.pausing = nil, make(chan struct{})
		}
	case hw.ControlDispute:
		since := time.Since(t.start) - t.cfg.Window
		d := playlog.Settle(t.presses, since, t.cfg.Tie)
		t.dispute = &d
	case hw.ControlConfirm:
		return ErrNothingToConfirm
	default:
		return fmt.Errorf("servetest: control %v is not for the page", c)
	}
	t.republishLocked()
	return nil
}

// Correct implements serve.Live.
func (t *Table) Correct(note string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.notes = append(t.notes, note)
	t.republishLocked()
	return nil
}

// eventText says an engine event in the table's words, by seat (seats are
// the fallers' seats in dealing order, as in playlog.Start): what the page
// shows as the last thing that happened.
func eventText(ev game.Event, seats []int) string {
	seatOf := func(p int) int {
		if p >= 0 && p < len(seats) {
			return seats[p]
		}
		return 0
	}
	switch ev.Kind {
	case game.EvStep:
		return "dealer steps"
	case game.EvPickUp:
		return fmt.Sprintf("seat %d picks up from stack %d", seatOf(ev.Player), ev.Stack+1)
	case game.EvPlay:
		if ev.Stop == game.StopDeal {
			return fmt.Sprintf("seat %d plays a Stop on the card dealt", seatOf(ev.Player))
		}
		return fmt.Sprintf("seat %d plays on seat %d", seatOf(ev.Player), seatOf(ev.Target))
	case game.EvScan:
		return "scan " + ev.Card
	case game.EvPress:
		return fmt.Sprintf("press of seat %d taken by the engine", ev.Seat)
	case game.EvConfirm:
		return "dealer confirms by hand"
	case game.EvStackGone:
		return "dealer: the stack is gone"
	}
	return ev.Kind.String()
}
