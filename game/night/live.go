package night

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/hw"
)

// Live is the referee page's view of the night: it follows each hand's
// dealer in turn and fans its views out to every page, as serve.Live asks.
type Live struct {
	mu      sync.Mutex
	stop    func() // ends the current dealer's subscription
	d       *dealer.Dealer
	control func(hw.Control)
	correct func(note string) error
	seq     uint64
	last    *serve.Snapshot
	subs    map[chan serve.Snapshot]struct{}
	tie     time.Duration // the hand's tie window, to word its disputes
	notes   []string
}

var _ serve.Live = (*Live)(nil)

func newLive() *Live { return &Live{subs: map[chan serve.Snapshot]struct{}{}} }

// attach makes d the hand shown from now on.
func (h *Live) attach(d *dealer.Dealer, control func(hw.Control), correct func(string) error, tie time.Duration) {
	views, stop := d.Subscribe()
	h.mu.Lock()
	if h.stop != nil {
		h.stop()
	}
	h.d, h.control, h.correct, h.notes, h.stop, h.tie = d, control, correct, nil, stop, tie
	h.mu.Unlock()
	go func() {
		for v := range views {
			h.publish(v)
		}
	}()
}

// detach ends the subscription to the last hand's dealer once the night is
// over: its views stop, and the goroutine fanning them out, with the hand
// it holds, goes. The pages keep the last snapshot.
func (h *Live) detach() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stop != nil {
		h.stop()
		h.stop = nil
	}
}

func (h *Live) publish(v dealer.View) {
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

// Subscribe implements serve.Live.
func (h *Live) Subscribe(ctx context.Context) <-chan serve.Snapshot {
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

// ErrNoHand is returned for a control or a correction between hands.
var ErrNoHand = errors.New("no hand is being played")

// Control implements serve.Live: a dealer panel press from the page or the
// keyboard.
func (h *Live) Control(c hw.Control) error {
	h.mu.Lock()
	control := h.control
	h.mu.Unlock()
	if control == nil {
		return ErrNoHand
	}
	control(c)
	return nil
}

// Correct implements serve.Live: the referee's note goes to the dealer,
// which logs it in order with the hand's other entries.
func (h *Live) Correct(note string) error {
	h.mu.Lock()
	correct := h.correct
	if correct != nil {
		h.notes = append(h.notes, note)
	}
	h.mu.Unlock()
	if correct == nil {
		return ErrNoHand
	}
	return correct(note)
}

// snapshotOf is the page's view of the hand: serve.SnapshotOf on the
// dealer's engine (the builder the page's own tests hold to), with what only
// the dealer knows (the beat, pause, reader, messages, the dispute) from
// its view.
func snapshotOf(d *dealer.Dealer, v dealer.View, seq uint64, notes []string, tie time.Duration) serve.Snapshot {
	m := serve.Meta{Seq: seq, Time: time.Now(), Hand: v.Hand, Beat: v.Beat, Tempo: v.Tempo,
		Paused: v.Paused, Reader: v.Reader.String(), Log: v.Log, ReaderHealth: v.ReaderHealth, Tie: tie, Notes: notes, Declared: v.Declared}
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
