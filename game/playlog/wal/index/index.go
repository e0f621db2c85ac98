// Package index keeps the night's list of hands: which log file holds each
// hand, when it started and ended, and who won. It is a wal log like the
// hands themselves, so a power cut mid-night costs at most a torn last entry.
package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/falling-table/falling/game/playlog/wal"
)

// ErrNotIndex is a log in the index's place that is some other kind of log.
var ErrNotIndex = errors.New("not a night index")

// Kind marks a night index in the wal header, so a hand log is not read as
// one.
const Kind byte = 'N'

const (
	typeStart byte = 1
	typeEnd   byte = 2
)

// Hand is one hand of the night as the index knows it.
type Hand struct {
	ID     string
	File   string // the hand's log, relative to the index's directory
	Start  time.Time
	End    time.Time // zero while the hand has not ended
	Winner []byte    // opaque: the game's encoding of the outcome
	Ended  bool
	// NoStart marks a hand whose end is in the index but not its start (a
	// power cut took the start, and the hand was resumed and ended): File
	// and Start are unknown here. It is listed where its end is.
	NoStart bool
}

// Index appends to a night's index file.
type Index struct {
	w *wal.Writer
}

// Open opens the index at path for appending, creating it for the given
// night if it does not exist. The Recovery says whether a torn tail was cut.
// An index that exists is opened as it is: a create (a temporary file and
// its fsyncs) is only tried when there is none. Stray files of a create cut
// short by a crash are removed from the index's directory the first time
// this process opens an index there.
func Open(path, night string, opts wal.Options) (*Index, wal.Recovery, error) {
	removeStray(filepath.Dir(path), opts.Logger)
	x, rec, err := openExisting(path, opts)
	if !errors.Is(err, fs.ErrNotExist) {
		return x, rec, err
	}
	w, err := wal.Create(path, wal.Header{Kind: Kind, ID: night, Created: time.Now()}, opts)
	if err == nil {
		return &Index{w: w}, wal.Recovery{Header: wal.Header{Kind: Kind, ID: night, Version: wal.Version}}, nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return nil, wal.Recovery{}, fmt.Errorf("open night index: %w", err)
	}
	// Created by someone else since the first look.
	return openExisting(path, opts)
}

// swept holds the directories whose stray files this process removed.
// Strays are left by a crash, so only a run before this one can have left
// any: this run's Creates remove their own temporary files when they fail.
// Once per directory is enough, where every hand's start and end open the
// index.
var swept sync.Map

// removeStray removes the stray files of a create cut short in dir, once
// per process; a sweep that failed is tried again at the next open.
func removeStray(dir string, log *slog.Logger) {
	if _, done := swept.Load(dir); done {
		return
	}
	if log == nil {
		log = slog.Default()
	}
	removed, err := wal.RemoveStray(dir)
	if len(removed) > 0 {
		log.Info("removed stray files of a log create cut short", "files", removed)
	}
	if err != nil {
		// Only untidiness: the index itself is unaffected.
		log.Warn("stray files of a log create cut short could not be removed", "err", err)
		return
	}
	swept.Store(dir, true)
}

// openExisting opens an existing index for appending; the error matches
// fs.ErrNotExist if there is none.
func openExisting(path string, opts wal.Options) (*Index, wal.Recovery, error) {
	// Check the kind before recovery: recovery may truncate, and must not
	// touch some other sort of log opened here by mistake.
	r, err := wal.Open(path)
	if err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("open night index: %w", err)
	}
	kind := r.Header().Kind
	if err := r.Close(); err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("open night index: %w", err)
	}
	if kind != Kind {
		return nil, wal.Recovery{}, fmt.Errorf("open night index %s: kind %q: %w", path, kind, ErrNotIndex)
	}
	w, rec, err := wal.OpenForAppend(path, opts)
	if err != nil {
		return nil, rec, fmt.Errorf("open night index: %w", err)
	}
	return &Index{w: w}, rec, nil
}

// Start records that a hand began. It returns once the entry is durable:
// hands start a few times an hour, so waiting costs nothing.
func (x *Index) Start(id, file string, at time.Time) error {
	p := appendString(nil, id)
	p = appendString(p, file)
	p = binary.AppendVarint(p, at.UnixNano())
	return x.append(typeStart, p)
}

// End records that a hand ended and its outcome, durably.
func (x *Index) End(id string, at time.Time, winner []byte) error {
	p := appendString(nil, id)
	p = binary.AppendVarint(p, at.UnixNano())
	p = append(p, winner...)
	return x.append(typeEnd, p)
}

func (x *Index) append(typ byte, p []byte) error {
	if _, err := x.w.Append(typ, p); err != nil {
		return fmt.Errorf("night index: %w", err)
	}
	if err := x.w.Sync(); err != nil {
		return fmt.Errorf("night index: %w", err)
	}
	return nil
}

// Close flushes and closes the index.
func (x *Index) Close() error {
	if err := x.w.Close(); err != nil {
		return fmt.Errorf("close night index: %w", err)
	}
	return nil
}

// Read returns the hands in the index at path in the order they started,
// with any damage found after the last good entry. The end of a hand whose
// start is missing is listed with NoStart set, and reading goes on.
func Read(path string) (wal.Header, []Hand, wal.Damage, error) {
	h, recs, d, err := wal.ReadAll(path)
	if err != nil {
		return h, nil, d, fmt.Errorf("read night index: %w", err)
	}
	if h.Kind != Kind {
		return h, nil, d, fmt.Errorf("read night index %s: kind %q, not a night index", path, h.Kind)
	}
	var hands []Hand
	open := map[string]int{} // hand id -> index in hands, while not ended
	for _, r := range recs {
		switch r.Type {
		case typeStart:
			id, rest, err1 := readString(r.Payload)
			file, rest, err2 := readString(rest)
			at, err3 := readTime(rest)
			if err := errors.Join(err1, err2, err3); err != nil {
				return h, hands, d, fmt.Errorf("night index %s entry %d: hand start: %w", path, r.Seq, err)
			}
			if _, dup := open[id]; dup {
				return h, hands, d, fmt.Errorf("night index %s entry %d: hand %q started twice", path, r.Seq, id)
			}
			open[id] = len(hands)
			hands = append(hands, Hand{ID: id, File: file, Start: at})
		case typeEnd:
			id, rest, err := readString(r.Payload)
			if err != nil {
				return h, hands, d, fmt.Errorf("night index %s entry %d: hand end: %w", path, r.Seq, err)
			}
			ns, n := binary.Varint(rest)
			if n <= 0 {
				return h, hands, d, fmt.Errorf("night index %s entry %d: hand end: bad time", path, r.Seq)
			}
			i, ok := open[id]
			if !ok {
				// Kept, not fatal: every hand after it must still be listed.
				i = len(hands)
				hands = append(hands, Hand{ID: id, NoStart: true})
			}
			delete(open, id)
			hands[i].End = time.Unix(0, ns)
			hands[i].Winner = rest[n:]
			hands[i].Ended = true
		default:
			return h, hands, d, fmt.Errorf("night index %s entry %d: unknown entry type %d", path, r.Seq, r.Type)
		}
	}
	return h, hands, d, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func readString(b []byte) (string, []byte, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return "", nil, errors.New("bad string length")
	}
	return string(b[k : k+int(n)]), b[k+int(n):], nil
}

// readTime reads a time that must be the last field.
func readTime(b []byte) (time.Time, error) {
	ns, n := binary.Varint(b)
	if n <= 0 || n != len(b) {
		return time.Time{}, errors.New("bad time")
	}
	return time.Unix(0, ns), nil
}
