package playlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/playlog/wal/index"
)

// Night is a log directory's game night: its hands in order and the
// scoreboard.
type Night struct {
	Dir      string
	ID       string // the index's id, "" without an index
	Hands    []NightHand
	Damage   wal.Damage // of the index
	Problems []string   // what could not be read, in words
	Scores   []Score    // by seat, ascending
}

// NightHand is one hand of the night.
type NightHand struct {
	ID, File   string
	Start, End time.Time // from the index; zero when only the file is known
	Ended      bool
	Winner     int // seat, 0 if none or unknown
	// Indexed is set when the night index holds the hand's start; a hand
	// found only by its file, or only by its end, has it unset.
	Indexed bool
	Hand    *Hand // nil if the file could not be read
	Err     error // why not
}

// Score is one seat's night. The referee's page serves it as JSON, with
// keys like the rest of its API.
type Score struct {
	Seat   int `json:"seat"`
	Played int `json:"played"` // hands the seat fell in
	Won    int `json:"won"`
	Dealt  int `json:"dealt"` // hands the seat dealt
}

// ReadNight reads the night in dir: the hands its index lists, then any
// hand file the index does not know (its entry lost in a crash), each hand
// read in full. Damage anywhere is reported in Problems and the rest is
// shown; the error is only for a directory that cannot be listed.
func ReadNight(dir string) (*Night, error) { return ReadNightWith(dir, Read) }

// ReadNightWith is ReadNight reading each hand file through read, so a
// caller that reads the night again and again (the referee's page, while
// the live hand grows) can hand back the hands it already has for files
// that did not change instead of reading them all again.
func ReadNightWith(dir string, read func(path string) (*Hand, error)) (*Night, error) {
	n := &Night{Dir: dir}
	files, err := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
	if err != nil {
		return nil, fmt.Errorf("read night %s: %w", dir, err)
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("read night: %w", err)
	}
	hdr, hands, d, err := index.Read(filepath.Join(dir, IndexFile))
	n.ID, n.Damage = hdr.ID, d
	switch {
	case errors.Is(err, fs.ErrNotExist):
		n.Problems = append(n.Problems, fmt.Sprintf("no %s in %s: hands found by file name, in name order", IndexFile, dir))
	case err != nil:
		n.Problems = append(n.Problems, fmt.Sprintf("the night index cannot be fully read (%v): hands after the damage found by file name", err))
	case d.Kind != wal.DamageNone:
		n.Problems = append(n.Problems, fmt.Sprintf("the night index is damaged (%v): hands after the damage found by file name", d))
	}
	aside, err := filepath.Glob(filepath.Join(dir, IndexFile+".damaged-*"))
	if err != nil {
		return nil, fmt.Errorf("read night %s: %w", dir, err)
	}
	for _, a := range aside {
		n.Problems = append(n.Problems, fmt.Sprintf("a damaged night index was set aside as %s when a night started, and a new one begun: hands are listed by the new one, then by file name", filepath.Base(a)))
	}
	known := map[string]bool{}
	have := map[string]bool{}
	for _, f := range files {
		have[filepath.Base(f)] = true
	}
	for _, ih := range hands {
		nh := NightHand{ID: ih.ID, File: ih.File, Start: ih.Start, End: ih.End, Ended: ih.Ended, Indexed: !ih.NoStart}
		if ih.NoStart {
			// A power cut took the start entry; the hand went on and ended.
			// Its file is found by the name every hand's log has.
			if file := HandFile(ih.ID); checkID(ih.ID) == nil && have[file] {
				nh.File = file
				n.Problems = append(n.Problems, fmt.Sprintf("hand %s: the night index has its end but not its start (lost in a power cut); its log %s is found by name", ih.ID, file))
			} else {
				n.Problems = append(n.Problems, fmt.Sprintf("hand %s: the night index has its end but not its start, and there is no %s", ih.ID, HandFile(ih.ID)))
			}
		}
		if ih.Ended {
			var o outcome
			if err := json.Unmarshal(ih.Winner, &o); err != nil {
				n.Problems = append(n.Problems, fmt.Sprintf("hand %s: the index's outcome cannot be read: %v", ih.ID, err))
			}
			nh.Winner = o.Winner
		}
		known[filepath.Clean(nh.File)] = true
		n.Hands = append(n.Hands, nh)
	}
	slices.Sort(files)
	for _, f := range files {
		if rel := filepath.Base(f); !known[rel] {
			n.Hands = append(n.Hands, NightHand{File: rel})
			if len(hands) > 0 || d.Kind != wal.DamageNone {
				n.Problems = append(n.Problems, fmt.Sprintf("%s is not in the night index (its entry was lost?); shown after the indexed hands", rel))
			}
		}
	}
	for i := range n.Hands {
		n.readHand(&n.Hands[i], read)
	}
	n.score()
	return n, nil
}

func (n *Night) readHand(nh *NightHand, read func(string) (*Hand, error)) {
	if nh.File == "" {
		nh.Err = fmt.Errorf("no log file is known for hand %s", nh.ID)
		return
	}
	if filepath.IsAbs(nh.File) || !filepath.IsLocal(nh.File) {
		nh.Err = fmt.Errorf("the index names %q, outside the night's directory: not read", nh.File)
		return
	}
	h, err := read(filepath.Join(n.Dir, nh.File))
	if err != nil {
		nh.Err = err
		return
	}
	nh.Hand = h
	if nh.ID == "" {
		nh.ID = h.ID
	}
	if nh.Start.IsZero() {
		nh.Start = h.Created
	}
	switch {
	case h.Ended && nh.Ended && h.Winner != nh.Winner:
		n.Problems = append(n.Problems, fmt.Sprintf("hand %s: the index says seat %d won, the hand's log seat %d; the log is shown", nh.ID, nh.Winner, h.Winner))
		nh.Winner = h.Winner
	case h.Ended && !nh.Ended:
		nh.Ended, nh.Winner = true, h.Winner
	}
}

func (n *Night) score() {
	by := map[int]*Score{}
	get := func(seat int) *Score {
		s, ok := by[seat]
		if !ok {
			s = &Score{Seat: seat}
			by[seat] = s
		}
		return s
	}
	for _, nh := range n.Hands {
		if nh.Hand != nil && nh.Hand.Start != nil {
			st := nh.Hand.Start
			for _, s := range st.Seats {
				get(s).Played++
			}
			if st.Dealer > 0 {
				get(st.Dealer).Dealt++
			}
		}
		if nh.Ended && nh.Winner > 0 {
			get(nh.Winner).Won++
		}
	}
	for _, s := range by {
		n.Scores = append(n.Scores, *s)
	}
	slices.SortFunc(n.Scores, func(a, b Score) int { return a.Seat - b.Seat })
}

// ErrNightInUse means another process holds the night's index: a second
// falling play on the same log folder, whose hands would be mixed into the
// first one's night.
var ErrNightInUse = errors.New("another falling play is writing its night in this log folder")

var errNightClosed = errors.New("the night was closed")

// NightLog is a night being written: its index, opened and locked when the
// night starts and held until it ends. Holding it does two things: a
// second process on the same folder is refused before it deals a hand,
// rather than at the end of one; and an index found damaged is set aside
// and replaced once, at the start, rather than refusing every hand.
//
// Whatever goes wrong with the index after that never costs a hand its
// log: the failure is logged and the hand goes on, since a hand's file is
// found by its name (see ReadNight) with or without the index.
type NightLog struct {
	dir  string
	opts wal.Options
	log  *slog.Logger

	mu       sync.Mutex
	x        *index.Index
	setAside string
}

// OpenNight opens the night in dir for writing. An index that cannot be
// appended to (damaged in the middle, not an index, unreadable header) is
// renamed to night.idx.damaged-N, untouched, and a new one is started,
// holding the hands the damaged one still lists up to its damage and then
// every other hand file by name, so review lists the night in order. The
// error matches ErrNightInUse when another process holds the index.
func OpenNight(dir string, opts wal.Options) (*NightLog, error) {
	n := &NightLog{dir: dir, opts: opts, log: opts.Logger}
	if n.log == nil {
		n.log = slog.Default()
	}
	path := filepath.Join(dir, IndexFile)
	x, _, err := index.Open(path, filepath.Base(dir), opts)
	switch {
	case err == nil:
		n.x = x
		return n, nil
	case errors.Is(err, wal.ErrLocked):
		// Another process's live index: never to be set aside.
		return nil, fmt.Errorf("%s: %w (its %s is locked); stop it, or give this one a log folder of its own", dir, ErrNightInUse, IndexFile)
	case !indexDamaged(err):
		// The disk or the system failing (too many open files, EIO,
		// permissions) says nothing of the index: a healthy one set aside
		// would be lost to the night for nothing.
		return nil, fmt.Errorf("open night %s: %w", dir, err)
	}
	if err := n.replace(path, err); err != nil {
		return nil, err
	}
	return n, nil
}

// indexDamaged reports whether err, from opening the index, says the file
// itself is damaged or not an index: only then is it set aside.
func indexDamaged(err error) bool {
	for _, e := range []error{wal.ErrCorrupt, wal.ErrBadHeader, wal.ErrNotLog, wal.ErrEmpty, wal.ErrTooLarge, index.ErrNotIndex} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// replace sets the damaged index at path aside and starts a new one.
func (n *NightLog) replace(path string, why error) error {
	_, kept, _, _ := index.Read(path) // what the damaged index still lists
	aside, err := setAside(path)
	if err != nil {
		return fmt.Errorf("open night %s: the index cannot be appended to (%v) nor set aside: %w", n.dir, why, err)
	}
	n.setAside = aside
	n.log.Warn("night index damaged: set aside and replaced; hands are found by their file names",
		"index", path, "set_aside", aside, "err", why)
	x, _, err := index.Open(path, filepath.Base(n.dir), n.opts)
	if err != nil {
		return fmt.Errorf("open night %s: a new index after setting the damaged one aside: %w", n.dir, err)
	}
	n.x = x
	if err := n.reindex(kept); err != nil {
		// The new index only lacks the earlier hands' order: ReadNight
		// lists them after it, found by name. Not worth refusing a night.
		n.log.Warn("night index: the earlier hands could not all be listed in the new index", "dir", n.dir, "err", err)
	}
	return nil
}

// setAside renames the index at path to the first free
// night.idx.damaged-N, so nothing of it is lost and review can be pointed
// at it.
func setAside(path string) (string, error) {
	for i := 1; i < 1000; i++ {
		aside := fmt.Sprintf("%s.damaged-%d", path, i)
		if _, err := os.Lstat(aside); !errors.Is(err, fs.ErrNotExist) {
			if err != nil {
				return "", err
			}
			continue
		}
		if err := os.Rename(path, aside); err != nil {
			return "", err
		}
		return aside, nil
	}
	return "", fmt.Errorf("%s.damaged-1 to -999 all exist: move some away", path)
}

// reindex lists in the new index the hands the damaged one kept, then the
// hand files it did not know, in name order, each with its file's
// creation time.
func (n *NightLog) reindex(kept []index.Hand) error {
	files, err := filepath.Glob(filepath.Join(n.dir, "hand-*.fall"))
	if err != nil {
		return err
	}
	slices.Sort(files)
	have := map[string]bool{}
	for _, f := range files {
		have[filepath.Base(f)] = true
	}
	listed := map[string]bool{}
	var errs []error
	for _, h := range kept {
		file := h.File
		if h.NoStart {
			file = HandFile(h.ID)
		}
		if checkID(h.ID) != nil || !have[file] || listed[file] {
			continue
		}
		listed[file] = true
		start := h.Start
		if h.NoStart {
			start = h.End
		}
		errs = append(errs, n.x.Start(h.ID, file, start))
		if h.Ended {
			errs = append(errs, n.x.End(h.ID, h.End, h.Winner))
		}
	}
	for _, f := range files {
		file := filepath.Base(f)
		if listed[file] {
			continue
		}
		r, err := wal.Open(f)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", file, err))
			continue
		}
		hdr := r.Header()
		errs = append(errs, r.Close())
		if hdr.Kind != HandKind || HandFile(hdr.ID) != file {
			continue // ReadNight shows it by name, and says what it is
		}
		errs = append(errs, n.x.Start(hdr.ID, file, hdr.Created))
	}
	return errors.Join(errs...)
}

// SetAside is where a damaged index was moved when the night opened; ""
// if it was not damaged.
func (n *NightLog) SetAside() string { return n.setAside }

// Create starts hand first.Start in the night, like the package's Create,
// registering it in the night's held index.
func (n *NightLog) Create(first Entry) (*Writer, error) {
	return create(n.dir, first, n.opts, n)
}

// Resume reopens the night's unfinished hand at path, like the package's
// Resume; its end goes in the night's held index.
func (n *NightLog) Resume(path string) (*Writer, wal.Recovery, error) {
	w, rec, err := Resume(path, n.opts)
	if err != nil {
		return nil, rec, err
	}
	w.night = n
	return w, rec, nil
}

// Register lists hand id (its log file, relative to the night's folder)
// as started at created, for a hand whose start the index lost.
func (n *NightLog) Register(id, file string, created time.Time) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.x == nil {
		return fmt.Errorf("register hand %s in the night index: %w", id, errNightClosed)
	}
	if err := n.x.Start(id, file, created); err != nil {
		return fmt.Errorf("register hand %s in the night index: %w", id, err)
	}
	return nil
}

// started and ended record a hand in the index. A failure is logged, not
// returned: the hand's log is whole without it, and found by its name.
func (n *NightLog) started(id, file string, at time.Time) {
	n.mu.Lock()
	defer n.mu.Unlock()
	err := errNightClosed
	if n.x != nil {
		err = n.x.Start(id, file, at)
	}
	if err != nil {
		n.log.Warn("night index: the hand's start is not listed; review finds the hand by its file name", "hand", id, "err", err)
	}
}

func (n *NightLog) ended(id string, at time.Time, winner int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	out, err := json.Marshal(outcome{Winner: winner})
	switch {
	case err == nil && n.x == nil:
		err = errNightClosed
	case err == nil:
		err = n.x.End(id, at, out)
	}
	if err != nil {
		n.log.Warn("night index: the hand's end is not listed; review reads it from the hand's log", "hand", id, "err", err)
	}
}

// Close closes the index, letting another process open the night. A
// second Close does nothing.
func (n *NightLog) Close() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.x == nil {
		return nil
	}
	x := n.x
	n.x = nil
	if err := x.Close(); err != nil {
		return fmt.Errorf("close night %s: %w", n.dir, err)
	}
	return nil
}
