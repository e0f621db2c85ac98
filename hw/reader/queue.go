package reader

import (
	"log/slog"
	"sync"
)

// queue sits between the polling loop and a consumer's channel so that the
// loop never waits for the consumer: a card read late is still read, a card
// missed because the loop was blocked is lost. It holds up to max events
// beyond the channel's buffer; past that it drops the oldest, and it logs
// every drop with the event itself, so nothing disappears without a trace.
type queue[T any] struct {
	name string
	out  chan T
	max  int
	log  *slog.Logger
	attr func(T) slog.Attr // how an event appears in a log line

	mu      sync.Mutex
	items   []T
	sending bool // run holds an event taken off items, on its way to out
	warnAt  int  // backlog size that triggers the next "consumer not reading" warning
	wake    chan struct{}
}

func newQueue[T any](name string, buffer, max int, log *slog.Logger, attr func(T) slog.Attr) *queue[T] {
	return &queue[T]{
		attr:   attr,
		name:   name,
		out:    make(chan T, buffer),
		max:    max,
		log:    log,
		warnAt: buffer,
		wake:   make(chan struct{}, 1),
	}
}

// push queues v for delivery; it never blocks. With nothing queued or on
// its way ahead of it and room in the channel, v goes straight in, so it
// is there when push returns: a consumer that reads in lock-step with the
// polling loop (the simulated table's virtual clock, game/simtable) sees
// each event at the instant it was read, not when the forwarder runs.
func (q *queue[T]) push(v T) {
	q.mu.Lock()
	if len(q.items) == 0 && !q.sending {
		select {
		case q.out <- v:
			q.mu.Unlock()
			return
		default:
		}
	}
	if len(q.items) >= q.max {
		q.log.Error("card reader: consumer not reading, dropping oldest event",
			"channel", q.name, q.attr(q.items[0]), "queued", len(q.items))
		var zero T
		q.items[0] = zero
		q.items = q.items[1:]
	}
	q.items = append(q.items, v)
	// A full channel buffer means the consumer is behind; say so as the
	// backlog first fills the buffer and each time it doubles.
	if backlog := len(q.items) + len(q.out); len(q.out) == cap(q.out) && backlog >= q.warnAt {
		q.log.Warn("card reader: consumer not reading, events queued",
			"channel", q.name, "queued", backlog, "limit", q.max+cap(q.out))
		q.warnAt = 2 * backlog
	}
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// run forwards queued events to out in order until done is closed, then
// hands over what the channel's buffer can still take, logs the rest and
// closes out.
func (q *queue[T]) run(done <-chan struct{}) {
	defer close(q.out)
	for {
		q.mu.Lock()
		if len(q.items) == 0 {
			q.warnAt = cap(q.out)
			q.mu.Unlock()
			select {
			case <-q.wake:
				continue
			case <-done:
				q.flush(nil)
				return
			}
		}
		// Taken off the queue before sending, so push's overflow drops
		// only events that are not already on their way.
		v := q.items[0]
		var zero T
		q.items[0] = zero
		q.items = q.items[1:]
		q.sending = true
		q.mu.Unlock()
		select {
		case q.out <- v:
			q.mu.Lock()
			q.sending = false
			q.mu.Unlock()
		case <-done:
			q.flush(&v)
			return
		}
	}
}

// flush delivers pending (if any) and the queue without blocking and logs
// what does not fit.
func (q *queue[T]) flush(pending *T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	if pending != nil {
		items = append([]T{*pending}, items...)
	}
	q.items = nil
	for i, v := range items {
		select {
		case q.out <- v:
			continue
		default:
		}
		q.log.Error("card reader: closed with undelivered events",
			"channel", q.name, "undelivered", len(items)-i)
		for _, d := range items[i:] {
			q.log.Error("card reader: undelivered event", "channel", q.name, q.attr(d))
		}
		return
	}
}
