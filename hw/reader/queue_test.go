package reader

import (
	"log/slog"
	"slices"
	"testing"
)

// An event pushed while the consumer keeps up is in the channel when push
// returns, with no forwarder running: what a consumer in lock-step with the
// polling loop (the simulated table) relies on. One pushed behind a backlog
// or an event on its way waits its turn, so the order is kept.
func TestQueueHandsOverAtOnce(t *testing.T) {
	tests := []struct {
		name    string
		buffer  int
		queued  []int // already waiting in the queue
		sending bool  // the forwarder holds an event on its way
		push    []int
		inChan  []int // in the channel right after the pushes, in order
		inQueue []int
	}{
		{"room: straight in", 4, nil, false, []int{1, 2}, []int{1, 2}, nil},
		{"channel full: queued", 1, nil, false, []int{1, 2, 3}, []int{1}, []int{2, 3}},
		{"behind a backlog: queued", 4, []int{7}, false, []int{1}, nil, []int{7, 1}},
		{"behind one on its way: queued", 4, nil, true, []int{1}, nil, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := newQueue("test", tt.buffer, 100, slog.New(slog.DiscardHandler), func(int) slog.Attr { return slog.Attr{} })
			q.items = slices.Clone(tt.queued)
			q.sending = tt.sending
			for _, v := range tt.push {
				q.push(v)
			}
			var got []int
			for len(q.out) > 0 {
				got = append(got, <-q.out)
			}
			if !slices.Equal(got, tt.inChan) || !slices.Equal(q.items, tt.inQueue) {
				t.Errorf("channel %v, queue %v; want %v, %v", got, q.items, tt.inChan, tt.inQueue)
			}
		})
	}
}
