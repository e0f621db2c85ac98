package main

import (
	"context"
	"errors"
	"sync"
	"time"

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
	rules string
	notes []string
}

func newLiveHub() *liveHub { return &liveHub{subs: map[chan serve.Snapshot]struct{}{}} }

// attach makes d the table shown from now on.
func (h *liveHub) attach(d *dealer.Dealer, p injector, log *handLog, rules string, tie time.Duration) {
	views, stop := d.Subscribe()
	h.mu.Lock()
	if h.stop != nil {
		h.stop()
	}
	h.d, h.panel, h.log, h.notes, h.stop, h.rules, h.tie = d, p, log, nil, stop, rules, tie
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
	s := snapshotOf(v, h.seq, h.notes, h.rules, h.tie)
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

// snapshotOf turns the dealer's view into the page's.
func snapshotOf(v dealer.View, seq uint64, notes []string, rules string, tie time.Duration) serve.Snapshot {
	s := serve.Snapshot{
		Seq: seq, Time: time.Now(), Hand: v.Hand, Rules: rules, Beat: v.Beat, Tempo: v.Tempo, Paused: v.Paused,
		Deck: v.DeckLeft, GroundsInDeck: v.Grounds, Over: v.Winner > 0, Winner: v.Winner,
		Reader: v.Reader.String(), Notes: notes,
	}
	if in := v.Instruction; in.Action != 0 && v.Winner == 0 {
		s.Turn, s.Next, s.Due = in.Seat, in.String(), in.Due
	}
	for _, st := range v.Seats {
		if st.Dealer {
			s.Dealer = st.Seat
			continue
		}
		sv := serve.SeatView{Seat: st.Seat, Out: st.Out, Extras: len(st.Extras), Turn: st.Seat == s.Turn, Winner: st.Seat == v.Winner}
		if st.Rider != nil {
			sv.Rider = st.Rider.Kind.String()
		}
		for _, stack := range st.Stacks {
			sk := serve.StackView{Cards: len(stack)}
			if len(stack) > 0 {
				sk.Top = stack[len(stack)-1].Kind.String()
			}
			sv.Stacks = append(sv.Stacks, sk)
		}
		s.Seats = append(s.Seats, sv)
	}
	if n := len(v.Messages); n > 0 {
		s.Last = v.Messages[n-1].Text
	}
	if v.Dispute != nil {
		dv := serve.DisputeOf(v.Dispute.Dispute, tie)
		s.Dispute = &dv
	}
	return s
}
