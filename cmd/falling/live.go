package main

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/hw"
)

// liveHub is the referee page's view of the table running in this process:
// it follows each hand's dealer in turn and fans its views out to every
// page, as serve.Live asks.
type liveHub struct {
	mu    sync.Mutex
	stop  func() // ends the current dealer's subscription
	d     *dealer.Dealer
	panel injector
	log   *handLog
	seq   uint64
	last  *serve.Snapshot
	subs  map[chan serve.Snapshot]struct{}
	tie   time.Duration // the hand's tie window, to word its disputes
	notes []string
}

func newLiveHub() *liveHub { return &liveHub{subs: map[chan serve.Snapshot]struct{}{}} }

// attach makes d the table shown from now on.
func (h *liveHub) attach(d *dealer.Dealer, p injector, log *handLog, tie time.Duration) {
	views, stop := d.Subscribe()
	h.mu.Lock()
	if h.stop != nil {
		h.stop()
	}
	h.d, h.panel, h.log, h.notes, h.stop, h.tie = d, p, log, nil, stop, tie
	h.mu.Unlock()
	go func() {
		for v := range views {
			h.publish(v)
		}
	}()
}

func (h *liveHub) publish(v dealer.View) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	s := snapshotOf(h.d, v, h.seq, h.notes, h.tie)
	h.last = &s
	for ch := range h.subs {
		// Latest wins: drop a stale snapshot the page has not read.
		select {
		case <-ch:
		default:
		}
		ch <- s
	}
}

func (h *liveHub) Subscribe(ctx context.Context) <-chan serve.Snapshot {
	ch := make(chan serve.Snapshot, 1)
	h.mu.Lock()
	h.subs[ch] = struct{}{}
	if h.last != nil {
		ch <- *h.last
	}
	h.mu.Unlock()
	go func() {
		<-ctx.Done()
		h.mu.Lock()
		delete(h.subs, ch)
		close(ch)
		h.mu.Unlock()
	}()
	return ch
}

var errNoHand = errors.New("no hand is being played")

func (h *liveHub) Control(c hw.Control) error {
	h.mu.Lock()
	p := h.panel
	h.mu.Unlock()
	if p == nil {
		return errNoHand
	}
	p.inject(c)
	return nil
}

func (h *liveHub) Correct(note string) error {
	h.mu.Lock()
	log, d := h.log, h.d
	h.notes = append(h.notes, note)
	h.mu.Unlock()
	if log == nil || d == nil {
		return errNoHand
	}
	return log.Append(playlog.Entry{Kind: playlog.KindCorrection, Source: playlog.FromReferee,
		Mono: d.View().Now, Wall: time.Now(), Note: note})
}

// snapshotOf is the page's view of the hand: serve.SnapshotOf on the
// dealer's engine (the builder the page's own tests hold to), with what only
// the dealer knows (the beat, pause, reader, messages, the dispute) from
// its view.
func snapshotOf(d *dealer.Dealer, v dealer.View, seq uint64, notes []string, tie time.Duration) serve.Snapshot {
	m := serve.Meta{Seq: seq, Time: time.Now(), Hand: v.Hand, Beat: v.Beat, Tempo: v.Tempo,
		Paused: v.Paused, Reader: v.Reader.String(), Tie: tie, Notes: notes}
	for _, st := range v.Seats {
		if st.Dealer {
			m.Dealer = st.Seat
		}
	}
	if n := len(v.Messages); n > 0 {
		m.Last = v.Messages[n-1].Text
	}
	if v.Dispute != nil {
		m.Dispute = &v.Dispute.Dispute
	}
	var s serve.Snapshot
	d.Inspect(func(g *game.Game) { s = serve.SnapshotOf(g, m) })
	return s
}
