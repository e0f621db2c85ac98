package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
)

// nightCache reads the log directory again only when a file in it changed:
// a night is read in full (every hand replayed from disk), which is too slow
// on a Pi Zero to do for every phone's every request.
type nightCache struct {
	dir   string
	mu    sync.Mutex
	stamp string
	night *playlog.Night
	views map[string]*handView
}

// get returns the night as the directory now holds it.
func (c *nightCache) get() (*playlog.Night, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	stamp, err := dirStamp(c.dir)
	if err != nil {
		return nil, err
	}
	if c.night != nil && stamp == c.stamp {
		return c.night, nil
	}
	n, err := playlog.ReadNight(c.dir)
	if err != nil {
		return nil, fmt.Errorf("read the log folder: %w", err)
	}
	c.night, c.stamp, c.views = n, stamp, map[string]*handView{}
	return n, nil
}

// hand returns the view of hand id, found only by its id among the night's
// hands: a request never names a file.
func (c *nightCache) hand(id string) (*handView, error) {
	n, err := c.get()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.views[id]; ok && c.night == n {
		return v, nil
	}
	for i := range n.Hands {
		nh := &n.Hands[i]
		if nh.ID != id || id == "" {
			continue
		}
		if nh.Hand == nil {
			return nil, fmt.Errorf("hand %s cannot be read: %w", id, nh.Err)
		}
		v := viewHand(nh)
		if c.night == n {
			c.views[id] = v
		}
		return v, nil
	}
	return nil, errNoHand
}

var errNoHand = fmt.Errorf("no such hand tonight")

// dirStamp fingerprints the log directory's hand files and index by name,
// size and modification time.
func dirStamp(dir string) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("read the log folder: %w", err)
	}
	var sb strings.Builder
	for _, e := range ents {
		name := e.Name()
		if name != playlog.IndexFile && !(strings.HasPrefix(name, "hand-") && filepath.Ext(name) == ".fall") {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			// Removed between ReadDir and Info: the next call sees it gone.
			fmt.Fprintf(&sb, "%s?;", name)
			continue
		}
		fmt.Fprintf(&sb, "%s:%d:%d;", name, fi.Size(), fi.ModTime().UnixNano())
	}
	return sb.String(), nil
}

// handView is one past hand as its page shows it: the timeline of falling
// review (every press, control, play and dealer step, one lane per seat) and
// its disputes, each checked against the presses in the log.
type handView struct {
	ID       string
	Started  time.Time
	Rules    string
	Dealer   int
	Seats    []int
	Ended    bool
	Winner   int
	Damage   string
	Problems []string
	Rows     []row
	Disputes []disputeRow
	Lanes    timeline
}

type row struct {
	At    string // seconds since the hand started
	Seat  int
	Class string // for the page's colours: press, ground, out, dispute, ...
	Text  string
}

type disputeRow struct {
	At    string
	View  DisputeView
	Check string    // "" when the presses in the log give the same verdict
	Table *Snapshot // the cards on the table at that instant, if replayable
}

func viewHand(nh *playlog.NightHand) *handView {
	h := nh.Hand
	v := &handView{ID: nh.ID, Started: nh.Start, Ended: h.Ended, Winner: h.Winner,
		Damage: h.DamageText(), Problems: append([]string(nil), h.Problems...)}
	if v.Started.IsZero() {
		v.Started = h.Created
	}
	if nh.Err != nil {
		v.Problems = append(v.Problems, nh.Err.Error())
	}
	var seats []int
	var t0 time.Duration
	tie := 5 * time.Millisecond
	if h.Start != nil {
		seats, v.Rules, v.Dealer = h.Start.Seats, h.Start.Rules.Name, h.Start.Dealer
		if h.Start.TieWindow > 0 {
			tie = h.Start.TieWindow
		}
	}
	v.Seats = seats
	if len(h.Entries) > 0 {
		t0 = h.Entries[0].Mono
	}
	at := func(e *playlog.Entry) string { return fmt.Sprintf("%.3f", (e.Mono - t0).Seconds()) }

	// The table at each dispute comes from a replay, when the hand has its
	// configuration; without it the verdict still shows.
	tables := map[uint64]*Snapshot{}
	if h.Start != nil {
		_, mm, err := playlog.ReplayWith(h, playlog.Hooks{After: func(e *playlog.Entry, g *game.Game) {
			if e.Kind == playlog.KindDispute {
				s := SnapshotOf(g, Meta{Hand: nh.ID, Dealer: v.Dealer})
				tables[e.Seq] = &s
			}
		}})
		if err != nil {
			v.Problems = append(v.Problems, fmt.Sprintf("the hand cannot be replayed: %v", err))
		}
		for _, m := range mm {
			v.Problems = append(v.Problems, "replay: "+m.String())
		}
	}
	var presses []playlog.Press
	for i := range h.Entries {
		e := &h.Entries[i]
		if e.Kind == playlog.KindPress {
			presses = append(presses, playlog.Press{Seat: e.Seat, Kernel: e.Kernel, Seq: e.Seq})
		}
		if e.Kind == playlog.KindDispute && e.Dispute != nil {
			d := disputeRow{At: at(e), View: DisputeOf(*e.Dispute, tie), Table: tables[e.Seq]}
			again := DisputeOf(playlog.Settle(presses, e.Dispute.Since, tie), tie)
			if again.Text != d.View.Text {
				d.Check = "the presses in the log say: " + again.Text
			}
			v.Disputes = append(v.Disputes, d)
		}
		if r, ok := rowOf(e, seats); ok {
			r.At = at(e)
			v.Rows = append(v.Rows, r)
		}
	}
	v.Lanes = lanesOf(h, seats, v.Dealer, t0)
	return v
}

// rowOf says in words what an entry records. Beats and the instruction
// before each deal are left out: the applied step after them says it, and a
// hand has hundreds of them.
func rowOf(e *playlog.Entry, seats []int) (row, bool) {
	seatOf := func(p int) int {
		if p >= 0 && p < len(seats) {
			return seats[p]
		}
		return 0
	}
	r := row{Seat: e.Seat, Class: e.Kind.String()}
	switch e.Kind {
	case playlog.KindHandStart:
		r.Text = "the hand starts"
	case playlog.KindPress:
		r.Text = fmt.Sprintf("seat %d presses (edge at %.3f s)", e.Seat, e.Kernel.Seconds())
	case playlog.KindControl:
		r.Text = "dealer: " + e.Control
	case playlog.KindApplied:
		if e.Event == nil {
			return r, false
		}
		r.Text = EventText(*e.Event, seats)
		if e.Event.Kind != game.EvStep {
			r.Seat = seatOf(e.Event.Player)
			if e.Event.Kind == game.EvPress || e.Event.Kind == game.EvScan {
				r.Seat = e.Seat
			}
		}
	case playlog.KindRefused:
		r.Text = "refused: " + e.Error
	case playlog.KindInference:
		if e.Inference == nil {
			return r, false
		}
		r.Text = "inferred: " + e.Inference.Kind.String()
		if e.Inference.Kind == game.InfLanded {
			r.Class = "out"
			r.Text = fmt.Sprintf("seat %d hits the ground", seatOf(e.Inference.Player))
		}
	case playlog.KindScan:
		r.Text = "scan " + e.UID
		if e.Card != "" {
			r.Text += " (" + e.Card + ")"
		}
	case playlog.KindLost:
		r.Text = fmt.Sprintf("the kernel dropped %d button edge(s)", e.Count)
	case playlog.KindReader:
		r.Text = "card reader: " + e.Note
	case playlog.KindDispute:
		if e.Dispute == nil {
			return r, false
		}
		r.Text = "dispute: " + DisputeOf(*e.Dispute, 0).Text
	case playlog.KindCorrection:
		r.Text = "referee: " + e.Note
	case playlog.KindAudit:
		r.Text = "audit: " + e.Card + e.Note
	case playlog.KindHandEnd:
		r.Text = "the hand ends"
		if e.Winner > 0 {
			r.Text = fmt.Sprintf("seat %d wins", e.Winner)
		}
	case playlog.KindNote:
		r.Text = e.Note
	default:
		return r, false
	}
	return r, true
}

// EventText says an engine event in the table's words, by seat (seats are
// the fallers' seats in dealing order, as in playlog.Start): what the page
// shows as the last thing that happened.
func EventText(ev game.Event, seats []int) string {
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

// timeline is the picture of a hand: one lane per seat, a mark per event.
// Coordinates are computed here so the template only places them.
type timeline struct {
	Width, Height int
	Lanes         []lane
	Marks         []mark
	Ticks         []tick
}

type lane struct {
	Y     int
	Label string
}

type mark struct {
	X, Y  float64
	Class string
	Title string
}

type tick struct {
	X     float64
	Label string
}

const (
	laneH   = 22
	laneTop = 18
	laneX   = 44 // room for the seat labels
	picW    = 1000
)

func lanesOf(h *playlog.Hand, seats []int, dealer int, t0 time.Duration) timeline {
	all := append(append([]int(nil), seats...), dealer)
	y := map[int]int{}
	tl := timeline{Width: picW}
	for i, s := range all {
		if s == 0 {
			continue
		}
		if _, dup := y[s]; dup {
			continue
		}
		y[s] = laneTop + i*laneH + laneH/2
		label := fmt.Sprintf("seat %d", s)
		if s == dealer {
			label = fmt.Sprintf("dealer %d", s)
		}
		tl.Lanes = append(tl.Lanes, lane{Y: y[s], Label: label})
	}
	tl.Height = laneTop + len(tl.Lanes)*laneH + 6
	var end time.Duration
	if n := len(h.Entries); n > 0 {
		end = h.Entries[n-1].Mono - t0
	}
	if end <= 0 {
		end = time.Second
	}
	x := func(d time.Duration) float64 {
		return laneX + float64(picW-laneX-8)*float64(d)/float64(end)
	}
	step := 10 * time.Second
	if end > 5*time.Minute {
		step = time.Minute
	}
	for d := time.Duration(0); d <= end; d += step {
		tl.Ticks = append(tl.Ticks, tick{X: x(d), Label: fmt.Sprintf("%ds", int(d.Seconds()))})
	}
	seatOf := func(p int) int {
		if p >= 0 && p < len(seats) {
			return seats[p]
		}
		return 0
	}
	var lastIns *game.Instruction
	for i := range h.Entries {
		e := &h.Entries[i]
		t := e.Mono - t0
		add := func(seat int, class, title string) {
			if ly, ok := y[seat]; ok {
				tl.Marks = append(tl.Marks, mark{X: x(t), Y: float64(ly), Class: class, Title: fmt.Sprintf("%.3f s: %s", t.Seconds(), title)})
			}
		}
		switch e.Kind {
		case playlog.KindInstruction:
			lastIns = e.Instruction
		case playlog.KindPress:
			add(e.Seat, "press", fmt.Sprintf("seat %d presses", e.Seat))
		case playlog.KindDispute:
			if e.Dispute != nil {
				add(dealer, "dispute", "dispute: "+DisputeOf(*e.Dispute, 0).Text)
			}
		case playlog.KindCorrection:
			add(dealer, "correction", "referee: "+e.Note)
		case playlog.KindInference:
			if e.Inference != nil && e.Inference.Kind == game.InfLanded {
				add(seatOf(e.Inference.Player), "out", "hits the ground")
			}
		case playlog.KindApplied:
			if e.Event == nil {
				continue
			}
			switch e.Event.Kind {
			case game.EvStep:
				if lastIns != nil && lastIns.Action == game.ActDeal {
					add(lastIns.Seat, "deal", lastIns.String())
				}
				if lastIns != nil && lastIns.Action == game.ActLand {
					add(lastIns.Seat, "out", lastIns.String())
				}
				lastIns = nil
			case game.EvPlay:
				add(seatOf(e.Event.Player), "play", EventText(*e.Event, seats))
			case game.EvPickUp:
				add(seatOf(e.Event.Player), "pickup", EventText(*e.Event, seats))
			}
		}
	}
	return tl
}
