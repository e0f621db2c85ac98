package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/falling-table/falling/hw"
)

// Live is the table running in this process, as the page needs it. The
// dealer satisfies it; the server never sees the dealer's own types.
type Live interface {
	// Subscribe sends the current snapshot at once, then one after every
	// change, until ctx ends; then it closes the channel. A subscriber that
	// falls behind may miss snapshots in between but must get the latest:
	// the page shows state, not a history.
	Subscribe(ctx context.Context) <-chan Snapshot
	// Control is a dealer panel press made from the page: hw.ControlPause
	// (which toggles), hw.ControlDispute, hw.ControlConfirm or
	// hw.ControlWinner (the table ends the hand: the winner presses).
	Control(c hw.Control) error
	// Correct logs a referee's correction, a note in words, beside the
	// hand's entries (playlog.KindCorrection).
	Correct(note string) error
}

// ErrNoTable is returned for live requests when no table runs in this
// process.
var ErrNoTable = errors.New("no table is running in this process: only past hands can be shown")

// hub fans one subscription out to every page open on the LAN. It encodes
// each snapshot once, and each client holds only the newest one not yet
// sent, so a slow phone can never hold up the dealer or the other pages.
//
// Pages are counted so that no one device can lock the others out: each
// client address may follow with a few pages only, all readers together
// with max, and the token holder (the referee) has slots of its own that no
// reader can take. When the referee's slots are all taken (tabs left open
// on a phone that slept), the oldest of them gives way: the referee always
// gets the table.
type hub struct {
	mu      sync.Mutex
	latest  *frame
	clients map[*client]struct{}
	lim     hubLimits
	joined  uint64 // clients ever joined, to find the oldest
	closed  bool
}

// hubLimits bound the pages following the table.
type hubLimits struct {
	readers   int // pages without the token, from every address together
	perClient int // pages without the token from one client address
	referee   int // pages with the token, whatever their address
}

// frame is one encoded snapshot.
type frame struct {
	seq    uint64
	paused bool
	data   []byte
}

type client struct {
	ch      chan *frame   // capacity 1: the newest unsent frame
	gone    chan struct{} // closed when a newer referee page took this one's slot
	addr    string        // the client's address, as clientKey has it
	referee bool
	n       uint64 // join order
}

// errTooMany refuses a client past the server's limit.
var errTooMany = errors.New("too many pages are following the table; close one and reload")

// errTooManyHere refuses a client address past its own limit.
var errTooManyHere = errors.New("this device already follows the table in too many pages; close one and reload")

func newHub(lim hubLimits) *hub {
	return &hub{clients: map[*client]struct{}{}, lim: lim}
}

// run follows the live table until ctx ends or it closes its channel. A
// snapshot is encoded once for every page, the token holder's included, so
// its words go out without the table's paths (a log that failed names its
// file, in Last and in Log): the referee reads those on the table's screen.
func (h *hub) run(ctx context.Context, live Live, paths redactor) {
	for s := range live.Subscribe(ctx) {
		s = paths.snapshot(s)
		b, err := json.Marshal(s)
		if err != nil {
			// A Snapshot is plain data; this would be a programming error
			// worth seeing, not worth stopping the page for.
			slog.Error("serve: encode snapshot", "seq", s.Seq, "err", err)
			continue
		}
		h.publish(&frame{seq: s.Seq, paused: s.Paused, data: b})
	}
	h.mu.Lock()
	h.closed = true
	for c := range h.clients {
		close(c.ch)
		delete(h.clients, c)
	}
	h.mu.Unlock()
}

func (h *hub) publish(f *frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.latest = f
	for c := range h.clients {
		select {
		case <-c.ch: // drop the unsent older frame
		default:
		}
		c.ch <- f
	}
}

// join registers a page from addr (a clientKey), referee when it carries
// the token; it gets the latest frame at once. The channel is closed when
// the table goes away, gone when a newer referee page took the slot.
func (h *hub) join(addr string, referee bool) (*client, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrNoTable
	}
	var readers, here, referees int
	var oldest *client
	for c := range h.clients {
		switch {
		case c.referee:
			referees++
			if oldest == nil || c.n < oldest.n {
				oldest = c
			}
		default:
			readers++
			if c.addr == addr {
				here++
			}
		}
	}
	switch {
	case referee && referees >= h.lim.referee && oldest != nil:
		close(oldest.gone)
		delete(h.clients, oldest)
	case referee:
	case readers >= h.lim.readers:
		return nil, fmt.Errorf("%w (limit %d)", errTooMany, h.lim.readers)
	case here >= h.lim.perClient:
		return nil, fmt.Errorf("%w (limit %d a device)", errTooManyHere, h.lim.perClient)
	}
	h.joined++
	c := &client{ch: make(chan *frame, 1), gone: make(chan struct{}), addr: addr, referee: referee, n: h.joined}
	if h.latest != nil {
		c.ch <- h.latest
	}
	h.clients[c] = struct{}{}
	return c, nil
}

func (h *hub) leave(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, c)
}

func (h *hub) current() (*frame, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.latest, h.latest != nil && !h.closed
}
