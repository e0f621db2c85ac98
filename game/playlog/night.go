package playlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
