package serve

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/review"
)

// nightCache reads the log directory again only when a file in it
// changed, and then reads again only the hand files that changed: while a
// hand is live its file grows every beat, and reading (and for a hand's
// page, replaying) every hand of the night for every phone's every request
// is too slow on a Pi Zero. A hand's page is drawn once per version of its
// file, so a finished hand is replayed once a night.
type nightCache struct {
	dir   string
	paths redactor // a hand's page is drawn once for every reader
	mu    sync.Mutex
	stamp string
	// names holds the size and time of each hand file and continuation
	// as the last dirStamp saw them, by name, so a hand's chainStamp
	// takes them from there rather than asking the disk again.
	names map[string]string
	night *playlog.Night
	files map[string]*cachedHand // by path
	// reads and views count the hand files read and the pages drawn, so a
	// test can see that an unchanged hand is not read or replayed again.
	reads, views int
}

// cachedHand is one version of a hand file: the hand read from it and its
// page once drawn.
type cachedHand struct {
	stamp string // the sizes and times of the hand's file and its continuations
	hand  *playlog.Hand
	page  *handPage
}

// get returns the night as the directory now holds it.
func (c *nightCache) get() (*playlog.Night, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	stamp, names, err := dirStamp(c.dir)
	if err != nil {
		return nil, err
	}
	if c.night != nil && stamp == c.stamp {
		return c.night, nil
	}
	c.names = names
	old := c.files
	c.files = map[string]*cachedHand{}
	n, err := playlog.ReadNightWith(c.dir, func(path string) (*playlog.Hand, error) { return c.read(path, old) })
	if err != nil {
		return nil, fmt.Errorf("read the log folder: %w", err)
	}
	c.night, c.stamp = n, stamp
	return n, nil
}

// read reads the hand file at path, or takes it from old when its size and
// modification time are those it was read at. It keeps what it returns in
// c.files; files gone from the night are dropped with old.
func (c *nightCache) read(path string, old map[string]*cachedHand) (*playlog.Hand, error) {
	stamp, err := chainStamp(path, c.names)
	if err != nil {
		return nil, fmt.Errorf("read hand: %w", err)
	}
	if ch, ok := old[path]; ok && ch.stamp == stamp {
		c.files[path] = ch
		return ch.hand, nil
	}
	c.reads++
	h, err := playlog.Read(path)
	if err != nil {
		return nil, err
	}
	// The files may have grown since the stamp: then the next stamp
	// differs and the hand is read again, never kept stale.
	c.files[path] = &cachedHand{stamp: stamp, hand: h}
	return h, nil
}

// chainStamp is the size and time of a hand's log and of each of its
// continuations: after a disk failure the hand file stops changing while
// its continuation grows, and the cached hand must follow it. They are
// taken from names, the directory as dirStamp just listed it: a
// continuation made since then changes the next listing, so the hand is
// read again then. Only a hand file missing from names (made or lost
// since) is asked of the disk.
func chainStamp(path string, names map[string]string) (string, error) {
	var sb strings.Builder
	for p := path; ; p = playlog.ContinuationFile(p) {
		s, ok := names[filepath.Base(p)]
		switch {
		case ok:
			sb.WriteString(s)
			continue
		case p != path:
			return sb.String(), nil
		}
		fi, err := os.Stat(p)
		if err != nil {
			return "", err
		}
		sb.WriteString(sizeTime(fi))
	}
}

// sizeTime is the part of a file's stamp that changes when it is written.
func sizeTime(fi fs.FileInfo) string {
	return fmt.Sprintf("%d:%d;", fi.Size(), fi.ModTime().UnixNano())
}

// hand returns the view of hand id, found only by its id among the night's
// hands: a request never names a file.
func (c *nightCache) hand(id string) (*handPage, error) {
	n, err := c.get()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := range n.Hands {
		nh := &n.Hands[i]
		if nh.ID != id || id == "" {
			continue
		}
		if nh.Hand == nil {
			return nil, fmt.Errorf("hand %s cannot be read: %w", id, nh.Err)
		}
		ch := c.files[filepath.Join(c.dir, nh.File)]
		if ch != nil && ch.hand == nh.Hand && ch.page != nil {
			return ch.page, nil
		}
		c.views++
		v, err := viewHand(nh, c.paths)
		if err != nil {
			return nil, err
		}
		if ch != nil && ch.hand == nh.Hand {
			ch.page = v
		}
		return v, nil
	}
	return nil, errNoHand
}

var errNoHand = fmt.Errorf("no such hand tonight")

// dirStamp fingerprints the log directory's hand files and index by name,
// size and modification time, and returns the sizes and times by name.
func dirStamp(dir string) (string, map[string]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, fmt.Errorf("read the log folder: %w", err)
	}
	var sb strings.Builder
	names := make(map[string]string, len(ents))
	for _, e := range ents {
		name := e.Name()
		// A hand's continuations (hand-NNNN.fall.cont...) grow after a
		// disk failure while the hand file does not.
		hand := strings.HasPrefix(name, "hand-") && (filepath.Ext(name) == ".fall" || strings.Contains(name, ".fall.cont"))
		if name != playlog.IndexFile && !hand {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			// Removed between ReadDir and Info: the next call sees it gone.
			fmt.Fprintf(&sb, "%s?;", name)
			continue
		}
		st := sizeTime(fi)
		names[name] = st
		sb.WriteString(name + ":" + st)
	}
	return sb.String(), names, nil
}

// handPage is one past hand: the page of falling review (the timeline
// with a lane per seat, each contested moment with who pressed first and the
// table at that instant, the audit's findings) and its summary as JSON.
type handPage struct {
	html   []byte
	script string // the page's one inline script, for the CSP hash
	sum    handSummary
}

// handSummary is /api/hands/{id}: the review without the raw log.
type handSummary struct {
	ID       string           `json:"id"`
	Seats    []int            `json:"seats"`
	Dealer   int              `json:"dealer"`
	Winner   int              `json:"winner"` // seat, 0 if none
	Seconds  float64          `json:"seconds"`
	Contests []contestSummary `json:"contests"`
	Findings []string         `json:"findings"`
	Problems []string         `json:"problems,omitempty"`
}

type contestSummary struct {
	At      float64      `json:"at"` // seconds since the hand started
	Called  bool         `json:"called"`
	Verdict string       `json:"verdict"`
	Settled DisputeView  `json:"settled"`
	Differs string       `json:"differs,omitempty"`
	Ground  string       `json:"ground,omitempty"`
	Table   []string     `json:"table,omitempty"`
	Logged  *DisputeView `json:"logged,omitempty"`
}

// viewHand draws a hand's page. It is drawn once for every reader, the
// referee's included, so its problems are shown without the table's paths:
// falling review on the table gives them whole.
func viewHand(nh *playlog.NightHand, paths redactor) (*handPage, error) {
	h := *nh.Hand
	h.Problems = paths.all(h.Problems)
	r := review.Analyze(&h, review.Options{})
	var b bytes.Buffer
	if err := review.HTML(&b, r); err != nil {
		return nil, fmt.Errorf("hand %s: draw the review: %w", nh.ID, err)
	}
	page := b.Bytes()
	// The review is one self-contained page, made to be mailed; here it
	// gets a way back to the table.
	page = bytes.Replace(page, []byte("<body>\n"), []byte("<body>\n<p><a href=\"/\">&larr; table and hands</a></p>\n"), 1)
	p := &handPage{html: page, sum: handSummary{ID: nh.ID, Seats: r.Seats, Dealer: r.Dealer, Winner: r.Winner,
		Seconds: r.Length.Seconds(), Contests: []contestSummary{}, Findings: []string{}}}
	if i := bytes.Index(page, []byte("<script>")); i >= 0 {
		if j := bytes.Index(page[i:], []byte("</script>")); j >= 0 {
			p.script = string(page[i+len("<script>") : i+j])
		}
	}
	for _, c := range r.Contests {
		cs := contestSummary{At: c.At.Seconds(), Called: c.Called, Verdict: c.Verdict, Settled: DisputeOf(c.Settled, c.Tie),
			Differs: c.Differs, Ground: c.Ground, Table: c.Table}
		if c.Logged != nil {
			l := DisputeOf(*c.Logged, c.Tie)
			cs.Logged = &l
		}
		p.sum.Contests = append(p.sum.Contests, cs)
	}
	for _, f := range r.Findings {
		p.sum.Findings = append(p.sum.Findings, f.Text)
	}
	if h.DamageText() != "" {
		p.sum.Problems = append(p.sum.Problems, h.DamageText())
	}
	p.sum.Problems = append(p.sum.Problems, h.Problems...)
	if r.ReplayErr != nil {
		p.sum.Problems = append(p.sum.Problems, paths.text("the hand cannot be replayed: "+r.ReplayErr.Error()))
	}
	return p, nil
}
