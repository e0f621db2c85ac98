package playlog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/playlog/wal/index"
)

// HandKind marks a hand log in the wal header, so a night index or some
// other log handed to the reader is refused by name rather than misread.
const HandKind byte = 'H'

// IndexFile is the night's index in a log directory.
const IndexFile = "night.idx"

// HandFile is the file name of hand id's log: "hand-0007.fall".
func HandFile(id string) string { return "hand-" + id + ".fall" }

// Writer appends one hand's entries to its log. Its methods are safe for
// concurrent use: seats, reader and dealer may log from their own goroutines.
type Writer struct {
	w    *wal.Writer
	dir  string
	id   string
	path string
	opts []wal.Option

	mu        sync.Mutex
	lastMono  time.Duration // Mono of the last entry appended
	lastLocal time.Time     // when it was appended, on Go's monotonic clock
	ended     bool
	closed    bool
}

// Create starts hand first.Start in dir: it writes the hand's log
// (HandFile(id)) beginning with first, the KindHandStart entry whose times
// the caller set like every other entry's, and registers the hand in the
// night's index. An empty Start.Hand gets the next number of the night.
// The index entry is durable when Create returns; first is durable within
// one flush interval.
func Create(dir string, first Entry, opts ...wal.Option) (*Writer, error) {
	if first.Start == nil {
		return nil, errors.New("create hand log: the first entry carries no Start")
	}
	if first.Kind != 0 && first.Kind != KindHandStart {
		return nil, fmt.Errorf("create hand log: the first entry is a %v, not a hand-start", first.Kind)
	}
	st := *first.Start
	st.Schema = Schema
	first.Start, first.Kind = &st, KindHandStart
	if first.Source == 0 {
		first.Source = FromDealer
	}
	x, _, err := index.Open(filepath.Join(dir, IndexFile), filepath.Base(dir), opts...)
	if err != nil {
		return nil, fmt.Errorf("create hand log: %w", err)
	}
	if st.Hand == "" {
		st.Hand, err = nextHandID(dir)
		if err != nil {
			return nil, errors.Join(fmt.Errorf("create hand log: %w", err), x.Close())
		}
	}
	if err := checkID(st.Hand); err != nil {
		return nil, errors.Join(fmt.Errorf("create hand log: %w", err), x.Close())
	}
	file := HandFile(st.Hand)
	path := filepath.Join(dir, file)
	created := first.Wall
	if created.IsZero() {
		created = time.Now()
	}
	w, err := wal.Create(path, wal.Header{Kind: HandKind, ID: st.Hand, Created: created}, opts...)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("create hand log: %w", err), x.Close())
	}
	pw := &Writer{w: w, dir: dir, id: st.Hand, path: path, opts: opts}
	if _, err := pw.Append(first); err != nil {
		return nil, errors.Join(err, w.Close(), x.Close())
	}
	// The index entry goes in after the log exists, so the index never names
	// a hand that has no file.
	if err := x.Start(st.Hand, file, created); err != nil {
		return nil, errors.Join(err, w.Close(), x.Close())
	}
	if err := x.Close(); err != nil {
		return nil, errors.Join(err, w.Close())
	}
	return pw, nil
}

// Resume reopens the log at path after a crash or power cut to carry on
// the hand. A torn tail is cut; the Recovery says how much. Read the log
// first to rebuild the engine (Replay).
func Resume(path string, opts ...wal.Option) (*Writer, wal.Recovery, error) {
	r, err := wal.Open(path)
	if err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand: %w", err)
	}
	hdr := r.Header()
	if err := r.Close(); err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand: %w", err)
	}
	// Checked before OpenForAppend, which may truncate: a night index
	// passed here by mistake must stay untouched.
	if hdr.Kind != HandKind {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand %s: %w", path, kindError(hdr.Kind))
	}
	w, rec, err := wal.OpenForAppend(path, opts...)
	if err != nil {
		return nil, rec, fmt.Errorf("resume hand: %w", err)
	}
	return &Writer{w: w, dir: filepath.Dir(path), id: hdr.ID, path: path, opts: opts}, rec, nil
}

// ID is the hand's id; Path its log file.
func (w *Writer) ID() string   { return w.id }
func (w *Writer) Path() string { return w.path }

// Append logs e and returns its sequence number. It never waits on the
// disk: the entry is durable once Durable reaches that number, within one
// flush interval (a beat). Seq is assigned here; the caller sets the times.
func (w *Writer) Append(e Entry) (uint64, error) {
	if e.Kind == 0 || e.Kind >= numKinds {
		return 0, fmt.Errorf("append to hand %s: entry kind %d", w.id, e.Kind)
	}
	p, err := json.Marshal(&e)
	if err != nil {
		return 0, fmt.Errorf("append %v to hand %s: %w", e.Kind, w.id, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	seq, err := w.w.Append(byte(e.Kind), p)
	if err != nil {
		return 0, fmt.Errorf("append %v to hand %s: %w", e.Kind, w.id, err)
	}
	if e.Mono != 0 {
		w.lastMono, w.lastLocal = e.Mono, time.Now()
	}
	if e.Kind == KindHandEnd {
		w.ended = true
	}
	return seq, nil
}

// Sync makes everything appended so far durable now.
func (w *Writer) Sync() error {
	if err := w.w.Sync(); err != nil {
		return fmt.Errorf("sync hand %s: %w", w.id, err)
	}
	return nil
}

// Durable is the highest sequence number on disk.
func (w *Writer) Durable() uint64 { return w.w.Durable() }

// WaitDurable waits until entry seq is on disk.
func (w *Writer) WaitDurable(ctx context.Context, seq uint64) error {
	if err := w.w.WaitDurable(ctx, seq); err != nil {
		return fmt.Errorf("hand %s: %w", w.id, err)
	}
	return nil
}

// NotDurable returns the entries whose fate is unknown after a disk
// failure, so they can be logged again in a fresh file.
func (w *Writer) NotDurable() ([]Entry, error) {
	var out []Entry
	var errs []error
	for _, r := range w.w.NotDurable() {
		e, err := decodeEntry(r)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, e)
	}
	return out, errors.Join(errs...)
}

// Close ends the hand: it logs the KindHandEnd entry unless the caller
// already did (its Mono carried on from the last entry's on the same
// clock), makes the log durable, and records the end and the winner's seat
// (0 for none) in the night's index.
func (w *Writer) Close(winner int) error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return fmt.Errorf("close hand %s: %w", w.id, wal.ErrClosed)
	}
	w.closed = true
	ended, mono, local := w.ended, w.lastMono, w.lastLocal
	w.mu.Unlock()
	now := time.Now()
	var errs []error
	if !ended {
		if !local.IsZero() {
			mono += now.Sub(local)
		}
		e := Entry{Kind: KindHandEnd, Source: FromEngine, Mono: mono, Wall: now, Winner: winner}
		p, err := json.Marshal(&e)
		if err == nil {
			_, err = w.w.Append(byte(KindHandEnd), p)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("log the end of hand %s: %w", w.id, err))
		}
	}
	if err := w.w.Close(); err != nil {
		errs = append(errs, fmt.Errorf("close hand %s: %w", w.id, err))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	x, _, err := index.Open(filepath.Join(w.dir, IndexFile), filepath.Base(w.dir), w.opts...)
	if err != nil {
		return fmt.Errorf("close hand %s: %w", w.id, err)
	}
	out, err := json.Marshal(outcome{Winner: winner})
	if err == nil {
		err = x.End(w.id, now, out)
	}
	return errors.Join(err, x.Close())
}

// outcome is what the night index keeps of a hand's end.
type outcome struct {
	Winner int `json:"winner"` // seat, 0 for none
}

func checkID(id string) error {
	if id == "" || len(id) > 64 || strings.HasPrefix(id, ".") {
		return fmt.Errorf("hand id %q: want 1 to 64 letters, digits, '.', '-' or '_', not starting with '.'", id)
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return fmt.Errorf("hand id %q: %q is not allowed in a file name here; use letters, digits, '.', '-' or '_'", id, c)
		}
	}
	return nil
}

// nextHandID numbers hands from 1 by the highest hand-NNNN.fall in dir,
// so a number is never reused even if the index lost its last entry.
func nextHandID(dir string) (string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
	if err != nil {
		return "", fmt.Errorf("number the hand: %w", err)
	}
	n := 0
	for _, p := range names {
		var k int
		if _, err := fmt.Sscanf(filepath.Base(p), "hand-%d.fall", &k); err == nil {
			n = max(n, k)
		}
	}
	id := fmt.Sprintf("%04d", n+1)
	if _, err := os.Lstat(filepath.Join(dir, HandFile(id))); err == nil {
		return "", fmt.Errorf("number the hand: %s exists", HandFile(id))
	}
	return id, nil
}
