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
	"sync/atomic"
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

// ContKind marks a continuation file in the wal header: it is not a hand
// log on its own, only the rest of one (see ContinuationFile).
const ContKind byte = 'C'

// ContinuationFile is where the hand logged at path goes on when path's
// file dies (a failed write or fsync): path with ".cont" added, so a glob
// for hand files does not take it for a hand, and Read finds it from path.
// A continuation that dies in turn has its own.
func ContinuationFile(path string) string { return path + ".cont" }

// retryInterval is how often a writer whose file died tries again to open
// a continuation: often enough that little is lost when the disk comes
// back, seldom enough not to hammer a dead one once per entry. Tests
// shorten it.
var retryInterval = time.Second

// Writer appends one hand's entries to its log. Its methods are safe for
// concurrent use: seats, reader and dealer may log from their own goroutines.
//
// A log that refuses entries does not lose them quietly. Entries refused
// because the buffer is full (the disk is slower than the table) are
// counted, with the span of their times, and a KindGap entry saying so is
// written in their place as soon as the log takes entries again. When the
// file dies (a failed write or fsync, which the wal makes final) the hand
// goes on in a continuation file, opened with a KindGap entry and the
// entries whose fate on the dead disk is unknown; while none can be
// opened, entries are counted as lost and the attempt is repeated every
// second. Health says where things stand, for the dealer's screen.
type Writer struct {
	w    *wal.Writer // the file being written: path or its last continuation
	dir  string
	id   string
	path string // the hand's file
	cur  string // the file w writes
	opts wal.Options
	// night holds the night's index, where the hand's end goes; nil: the
	// index is opened for the moment at Close.
	night *NightLog

	mu        sync.Mutex
	lastMono  time.Duration // Mono of the last entry appended
	lastLocal time.Time     // when it was appended, on Go's monotonic clock
	ended     bool
	winner    int // the hand-end's, once ended
	closed    bool
	gap       Gap       // entries refused and not yet marked in the log
	dead      error     // cur's final failure while no continuation could be opened
	retry     time.Time // no new continuation is tried before this
	lost      int       // entries refused this hand, marked or not
	full      bool      // the last refusal was a full buffer, not yet cleared
	// base is the hand's sequence number of the entry before the first
	// record of w: 0 in the hand's own file, the number its gap continues
	// from in a continuation, which numbers its records from 1 (see
	// readContinuation). moved is how many entries the last continuation
	// took over from its dead file: their old numbers, base+1 to
	// base+moved, are now one further on, after the gap.
	base  uint64
	moved uint64
	// resumed: the writer carries on a hand begun or last carried on by
	// another, which may have written another schema; the note saying
	// which this one writes is not in the log yet (see markResume).
	resumed bool

	// changes goes up with every change Health would show, so a caller
	// logging an entry at a time asks for Health only when there is news.
	changes atomic.Uint64
}

// Create starts hand first.Start in dir: it writes the hand's log
// (HandFile(id)) beginning with first, the KindHandStart entry whose times
// the caller set like every other entry's, and registers the hand in the
// night's index. An empty Start.Hand gets the next number of the night.
// The index entry is durable when Create returns; first is durable within
// one flush interval.
func Create(dir string, first Entry, opts wal.Options) (*Writer, error) {
	return create(dir, first, opts, nil)
}

// create is Create, registering the hand in night's held index, or with
// no night in the index opened for the moment.
func create(dir string, first Entry, opts wal.Options, night *NightLog) (*Writer, error) {
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
	// Without a night the index is opened first, so a damaged or busy one
	// refuses the hand before its file exists, as it always did.
	var x *index.Index
	if night == nil {
		var err error
		x, _, err = index.Open(filepath.Join(dir, IndexFile), filepath.Base(dir), opts)
		if err != nil {
			return nil, fmt.Errorf("create hand log: %w", err)
		}
	}
	closeIndex := func() error {
		if x == nil {
			return nil
		}
		return x.Close()
	}
	var err error
	if st.Hand == "" {
		st.Hand, err = nextHandID(dir)
		if err != nil {
			return nil, errors.Join(fmt.Errorf("create hand log: %w", err), closeIndex())
		}
	}
	if err := checkID(st.Hand); err != nil {
		return nil, errors.Join(fmt.Errorf("create hand log: %w", err), closeIndex())
	}
	file := HandFile(st.Hand)
	path := filepath.Join(dir, file)
	created := first.Wall
	if created.IsZero() {
		created = time.Now()
	}
	w, err := wal.Create(path, wal.Header{Kind: HandKind, ID: st.Hand, Created: created}, opts)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("create hand log: %w", err), closeIndex())
	}
	pw := &Writer{w: w, dir: dir, id: st.Hand, path: path, cur: path, opts: opts, night: night}
	if _, err := pw.Append(first); err != nil {
		return nil, errors.Join(err, w.Close(), closeIndex())
	}
	// The index entry goes in after the log exists, so the index never names
	// a hand that has no file.
	if night != nil {
		night.started(st.Hand, file, created)
		return pw, nil
	}
	if err := x.Start(st.Hand, file, created); err != nil {
		return nil, errors.Join(err, w.Close(), x.Close())
	}
	if err := x.Close(); err != nil {
		return nil, errors.Join(err, w.Close())
	}
	return pw, nil
}

// Resume reopens the log at path after a crash or power cut to carry on
// the hand, in its last continuation file if it has any. A torn tail is
// cut; the Recovery says how much. Read the log first to rebuild the
// engine (ReplayWith).
func Resume(path string, opts wal.Options) (*Writer, wal.Recovery, error) {
	cur, want := path, HandKind
	for {
		next := ContinuationFile(cur)
		if _, err := os.Lstat(next); err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				return nil, wal.Recovery{}, fmt.Errorf("resume hand: %w", err)
			}
			break
		}
		cur, want = next, ContKind
	}
	r, err := wal.Open(cur)
	if err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand: %w", err)
	}
	hdr := r.Header()
	var base uint64
	if hdr.Kind == ContKind && want == ContKind {
		base, err = continues(r, path, hdr.ID)
	}
	if cerr := r.Close(); cerr != nil || err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand %s: %w", cur, errors.Join(err, cerr))
	}
	// Checked before OpenForAppend, which may truncate: a night index
	// passed here by mistake must stay untouched.
	if hdr.Kind != want {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand %s: %w", cur, kindError(hdr.Kind))
	}
	// Also before OpenForAppend: a hand a newer version wrote is left as
	// it is, for that version to carry on.
	if err := resumable(path); err != nil {
		return nil, wal.Recovery{}, fmt.Errorf("resume hand %s: %w", path, err)
	}
	w, rec, err := wal.OpenForAppend(cur, opts)
	if err != nil {
		return nil, rec, fmt.Errorf("resume hand: %w", err)
	}
	return &Writer{w: w, dir: filepath.Dir(path), id: hdr.ID, path: path, cur: cur, opts: opts, base: base, resumed: true}, rec, nil
}

// ErrNewerSchema is matched by the error for a hand whose log a newer
// version of falling began or carried on, in an entry schema this one does
// not know: its entries would be misread, and entries written on after
// them by this version misread by that one.
var ErrNewerSchema = errors.New("written by a newer version of falling")

// resumable refuses to carry on the hand logged at path if its newest
// writer wrote a schema newer than this one's.
func resumable(path string) error {
	h, err := Read(path)
	if err != nil {
		return err
	}
	if s := h.NewestSchema(); s > Schema {
		return fmt.Errorf("%w (entry schema %d, this one writes %d): carry it on with that version, or a later one", ErrNewerSchema, s, Schema)
	}
	return nil
}

// continues reads the hand's number that the continuation r (of the hand
// logged at path, by its header id) goes on from, off the gap that opens
// it, so a resumed writer numbers on like the hand. A continuation of
// another hand, or without that gap, is refused: Read ignores it, so
// entries appended to it would be lost to review.
func continues(r *wal.Reader, path, id string) (uint64, error) {
	hand, err := wal.Open(path)
	if err != nil {
		return 0, fmt.Errorf("the hand's own file: %w", err)
	}
	handID := hand.Header().ID
	if err := hand.Close(); err != nil {
		return 0, fmt.Errorf("the hand's own file: %w", err)
	}
	if id != handID {
		return 0, fmt.Errorf("it is not a continuation of hand %s (its id is %q)", handID, id)
	}
	rec, err := r.Next()
	if err != nil {
		return 0, fmt.Errorf("its first entry cannot be read: %w", err)
	}
	e, err := decodeEntry(rec)
	if err != nil || Kind(rec.Type) != KindGap || e.Gap == nil || !e.Gap.Continuation {
		return 0, errors.New("it does not begin with the gap that says where it continues")
	}
	return e.Gap.Continues, nil
}

// ID is the hand's id; Path its log file.
func (w *Writer) ID() string   { return w.id }
func (w *Writer) Path() string { return w.path }

// Append logs e and returns its sequence number. It never waits on the
// disk: the entry is durable once Durable reaches that number, within one
// flush interval (a beat). Seq is assigned here; the caller sets the times.
// An entry the log cannot take is counted (see Writer) and the error says
// why; the next entries are still tried.
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
	seq, err := w.append(e, p)
	if err != nil {
		return 0, fmt.Errorf("append %v to hand %s: %w", e.Kind, w.id, err)
	}
	if e.Mono != 0 {
		w.lastMono, w.lastLocal = e.Mono, time.Now()
	}
	if e.Kind == KindHandEnd {
		w.ended, w.winner = true, e.Winner
	}
	return seq, nil
}

// append writes e (marshalled as p), first marking any gap before it, or
// counts it lost. Called with w.mu held.
func (w *Writer) append(e Entry, p []byte) (uint64, error) {
	if err := w.mend(e.Mono, e.Wall); err != nil {
		w.lose(e, err)
		return 0, err
	}
	seq, err := w.w.Append(byte(e.Kind), p)
	if err == nil {
		return w.base + seq, nil
	}
	if !w.dies(err) {
		w.lose(e, err)
		return 0, err
	}
	// The file died with this entry: go on in a continuation at once, so
	// the entry is not lost.
	w.dead = err
	w.changes.Add(1)
	if merr := w.mend(e.Mono, e.Wall); merr != nil {
		w.lose(e, merr)
		return 0, merr
	}
	seq, err = w.w.Append(byte(e.Kind), p)
	if err != nil {
		w.lose(e, err)
		return 0, err
	}
	return w.base + seq, nil
}

// dies says whether err from the wal writer is its final failure, after
// which the file takes nothing more. A full buffer, an oversized entry or a
// closed writer are not: the file is fine.
func (w *Writer) dies(err error) bool {
	return !errors.Is(err, wal.ErrBufferFull) && !errors.Is(err, wal.ErrTooLarge) && !errors.Is(err, wal.ErrClosed)
}

// lose counts e as refused by the log, for the gap mark to come. Called
// with w.mu held.
func (w *Writer) lose(e Entry, err error) {
	w.lost++
	w.full = errors.Is(err, wal.ErrBufferFull)
	w.changes.Add(1)
	g := &w.gap
	if g.Lost == 0 {
		g.First, g.FirstWall = e.Mono, e.Wall
		g.Reason = reason(err)
	}
	g.Lost++
	g.Last, g.LastWall = e.Mono, e.Wall
}

// reason is why entries were refused, in a referee's words.
func reason(err error) string {
	if errors.Is(err, wal.ErrBufferFull) {
		return "the log's buffer was full: the disk was slower than the table"
	}
	return err.Error()
}

// mend brings the log back before an entry at (mono, wall) is appended:
// it opens a continuation if the file died, writes the mark of the
// entries lost since the last one, and, first thing after a resume, the
// note of the schema this writer writes. It fails while these cannot be
// done yet. Called with w.mu held.
func (w *Writer) mend(mono time.Duration, wall time.Time) error {
	if err := w.markGap(mono, wall); err != nil {
		return err
	}
	return w.markResume(mono, wall)
}

// markResume logs, once, before the first entry a resumed writer
// appends, the schema it writes (schema 11): a reader takes the entries
// after it for that schema, not the hand-start's (see Schema). With the
// times of that first entry, as a gap's mark. Called with w.mu held.
func (w *Writer) markResume(mono time.Duration, wall time.Time) error {
	if !w.resumed {
		return nil
	}
	e := Entry{Kind: KindNote, Source: FromDealer, Mono: mono, Wall: wall, Schema: Schema,
		Note: fmt.Sprintf("carried on by a writer of entry schema %d", Schema)}
	p, err := json.Marshal(&e)
	if err != nil {
		return fmt.Errorf("note the schema of the resumed hand: %w", err)
	}
	continued, err := w.mark(KindNote, p, mono, wall)
	if err != nil {
		return err
	}
	if continued {
		// Unlike a gap's mark, the note is not carried by the gap that
		// opens the continuation: it goes in after it, once, before any
		// entry of this writer's.
		if _, err := w.w.Append(byte(KindNote), p); err != nil {
			if w.dies(err) {
				w.dead = err
			}
			return err
		}
	}
	w.resumed = false
	return nil
}

// markGap opens a continuation if the file died, and writes the mark of
// the entries lost since the last one. Called with w.mu held.
func (w *Writer) markGap(mono time.Duration, wall time.Time) error {
	if w.dead != nil {
		return w.continueIn(mono, wall)
	}
	if w.gap.Lost == 0 {
		return nil
	}
	g := w.gap
	p, err := json.Marshal(&Entry{Kind: KindGap, Source: FromDealer, Mono: mono, Wall: wall, Gap: &g})
	if err != nil {
		return fmt.Errorf("mark %d lost entries: %w", g.Lost, err)
	}
	if continued, err := w.mark(KindGap, p, mono, wall); err != nil || continued {
		return err // the gap opening the continuation carries this one
	}
	w.gap, w.full = Gap{}, false
	w.changes.Add(1)
	return nil
}

// mark appends a mark's record (kind, p: a gap's, a resume's note) before
// an entry at (mono, wall). If the file dies with it, the hand goes on in
// a continuation, and continued says the record is not in the log: the
// continuation opens with a gap of its own. Called with w.mu held.
func (w *Writer) mark(kind Kind, p []byte, mono time.Duration, wall time.Time) (continued bool, err error) {
	_, err = w.w.Append(byte(kind), p)
	if err == nil || !w.dies(err) {
		return false, err
	}
	w.dead = err
	w.changes.Add(1)
	return true, w.continueIn(mono, wall)
}

// continueIn opens the next continuation file, beginning it with the gap
// entry that says where the dead file stopped and what was lost, and the
// entries the dead file holds in memory, not known to be on its disk. Called
// with w.mu held and w.dead set.
func (w *Writer) continueIn(mono time.Duration, wall time.Time) error {
	now := time.Now()
	if now.Before(w.retry) {
		return fmt.Errorf("%w (no continuation file yet: next try within %v)", w.dead, retryInterval)
	}
	w.retry = now.Add(retryInterval)
	next := ContinuationFile(w.cur)
	moved := w.w.NotDurable()
	g := w.gap
	base := w.base + w.w.Durable()
	g.Continuation, g.Continues, g.Moved, g.Died = true, base, len(moved), w.dead.Error()
	p, err := json.Marshal(&Entry{Kind: KindGap, Source: FromDealer, Mono: mono, Wall: wall, Gap: &g})
	if err != nil {
		return fmt.Errorf("open a continuation of hand %s: %w", w.id, err)
	}
	created := wall
	if created.IsZero() {
		created = now
	}
	nw, err := wal.Create(next, wal.Header{Kind: ContKind, ID: w.id, Created: created}, w.opts)
	if err != nil {
		return fmt.Errorf("%w; no continuation file either: %w", w.dead, err)
	}
	fail := func(err error) error {
		err = fmt.Errorf("%w; the continuation file failed too: %w", w.dead, err)
		// Removed so the next try can create it afresh; a continuation
		// that cannot hold its first entries holds nothing of value.
		return errors.Join(err, nw.Close(), os.Remove(next))
	}
	if err := appendAll(nw, byte(KindGap), p); err != nil {
		return fail(err)
	}
	for _, r := range moved {
		if err := appendAll(nw, r.Type, r.Payload); err != nil {
			return fail(err)
		}
	}
	// The old file's Close returns its final failure again, which g.Reason
	// already holds: nothing new to report.
	_ = w.w.Close()
	w.w, w.cur, w.base, w.moved = nw, next, base, uint64(len(moved))
	w.dead, w.gap, w.full = nil, Gap{}, false
	w.changes.Add(1)
	return nil
}

// appendAll appends one record to a fresh continuation, waiting for the
// disk if the dead file's entries fill the buffer.
func appendAll(w *wal.Writer, typ byte, p []byte) error {
	_, err := w.Append(typ, p)
	if errors.Is(err, wal.ErrBufferFull) {
		if err := w.Sync(); err != nil {
			return err
		}
		_, err = w.Append(typ, p)
	}
	return err
}

// Health is how the log is taking the hand, for the dealer's screen and
// the referee's page.
type Health struct {
	// Lost counts the entries refused this hand. Unmarked of them are not
	// yet marked by a gap entry in the log (the disk has not come back).
	Lost, Unmarked int
	// Full: the buffer is full now, the disk slower than the table.
	Full bool
	// Dead is the failure of the file the hand was going on in, while no
	// continuation could be opened; "" otherwise.
	Dead string
	// Continued is the file the hand goes on in after its first died, ""
	// while it is still in its first file.
	Continued string
}

// OK says that every entry so far was taken, in the hand's own file.
func (h Health) OK() bool { return h == Health{} }

// String says what is wrong in a line; "" when nothing is.
func (h Health) String() string {
	var parts []string
	switch {
	case h.Dead != "":
		parts = append(parts, "PLAY LOG DEAD: "+h.Dead)
	case h.Full:
		parts = append(parts, "play log full: the disk is slower than the table")
	}
	if h.Continued != "" {
		parts = append(parts, "the log's disk failed: the hand goes on in "+filepath.Base(h.Continued))
	}
	if h.Lost > 0 {
		s := fmt.Sprintf("%d log entries lost", h.Lost)
		if h.Unmarked > 0 {
			s += fmt.Sprintf(" (%d not yet marked in the log)", h.Unmarked)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// Health says how the log is taking the hand.
func (w *Writer) Health() Health {
	w.mu.Lock()
	defer w.mu.Unlock()
	h := Health{Lost: w.lost, Unmarked: w.gap.Lost, Full: w.full}
	if w.dead != nil {
		h.Dead = w.dead.Error()
	}
	if w.cur != w.path { // resumed into a continuation, or moved to one
		h.Continued = w.cur
	}
	return h
}

// HealthChanges goes up whenever what Health says changes (and at times
// when it does not): a caller that saw the same number last time has
// nothing new to ask Health about. It takes no lock.
func (w *Writer) HealthChanges() uint64 { return w.changes.Load() }

// file is the wal writer taking entries now, with its base and moved.
func (w *Writer) file() (f *wal.Writer, base, moved uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w, w.base, w.moved
}

// Sync makes everything appended so far durable now.
func (w *Writer) Sync() error {
	f, _, _ := w.file()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync hand %s: %w", w.id, err)
	}
	return nil
}

// Durable is the highest sequence number of the hand on disk, numbered
// like Append's and Read's, in a continuation as in the hand's own file.
func (w *Writer) Durable() uint64 {
	f, base, _ := w.file()
	return base + f.Durable()
}

// WaitDurable waits until entry seq, as Append numbered it, is on disk.
// An entry the last continuation took over from its dead file is waited
// for in its new place. A wait on a file that dies goes on in the
// continuation if one is open by then.
func (w *Writer) WaitDurable(ctx context.Context, seq uint64) error {
	for {
		f, base, moved := w.file()
		if seq <= base {
			return nil // on the disk of a file before this one
		}
		local := seq - base
		if local <= moved {
			local++ // taken over: the gap opening the continuation came first
		}
		err := f.WaitDurable(ctx, local)
		if err == nil {
			return nil
		}
		if g, _, _ := w.file(); g == f || ctx.Err() != nil {
			return fmt.Errorf("hand %s: %w", w.id, err)
		}
	}
}

// NotDurable returns the entries whose fate is unknown after a disk
// failure, in the file being written, numbered like the hand. Append has
// already logged them again in a continuation when it could; this is for a
// caller that wants to see them.
func (w *Writer) NotDurable() ([]Entry, error) {
	var out []Entry
	var errs []error
	f, base, _ := w.file()
	for _, r := range f.NotDurable() {
		e, err := decodeEntry(r)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		e.Seq += base
		out = append(out, e)
	}
	return out, errors.Join(errs...)
}

// Close ends the hand: it logs the KindHandEnd entry unless the caller
// already did (its Mono carried on from the last entry's on the same
// clock), marks entries lost since the last mark, makes the log durable,
// and records the end and the winner's seat (0 for none) in the night's
// index. A dead file gets one more try at a continuation, at once.
func (w *Writer) Close(winner int) error { return w.close(winner, "") }

// Suspend closes the log of a hand stopped before its end (the table was
// stopped: q, Ctrl-C, a SIGTERM) without ending it, so that falling play
// --resume carries it on and review shows it unfinished. note is logged
// in its place, saying why the hand stops here. The log is made durable
// like at Close. A hand that did end before the stop is closed as ended,
// with the winner its log has.
func (w *Writer) Suspend(note string) error {
	w.mu.Lock()
	ended, winner := w.ended, w.winner
	w.mu.Unlock()
	if ended {
		return w.Close(winner)
	}
	if note == "" {
		note = "the hand was stopped before its end"
	}
	if !strings.HasPrefix(note, suspendedNote) {
		note = suspendedNote + note
	}
	return w.close(0, note)
}

// suspendedNote begins the note Suspend logs: read back, a log ending in it
// was stopped on purpose (Hand.Suspended), not cut by a power failure.
const suspendedNote = "suspended: "

// close is Close, or with a suspend note Suspend.
func (w *Writer) close(winner int, suspend string) error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return fmt.Errorf("close hand %s: %w", w.id, wal.ErrClosed)
	}
	w.closed = true
	now := time.Now()
	mono := w.lastMono
	if !w.lastLocal.IsZero() {
		mono += now.Sub(w.lastLocal)
	}
	var errs []error
	// Entries refused by a full buffer are marked now, when the disk has
	// caught up, rather than never.
	if w.gap.Lost > 0 && w.dead == nil {
		if err := w.w.Sync(); err != nil && w.dies(err) {
			w.dead = err
			w.changes.Add(1)
		}
	}
	w.retry = time.Time{}
	if !w.ended {
		e := Entry{Kind: KindHandEnd, Source: FromEngine, Mono: mono, Wall: now, Winner: winner}
		if suspend != "" {
			e = Entry{Kind: KindNote, Source: FromDealer, Mono: mono, Wall: now, Note: suspend}
		}
		p, err := json.Marshal(&e)
		if err == nil {
			_, err = w.append(e, p)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("log the end (or stop) of hand %s: %w", w.id, err))
		}
	} else if err := w.mend(mono, now); err != nil {
		errs = append(errs, fmt.Errorf("mark the entries lost in hand %s: %w", w.id, err))
	}
	// The end must reach a disk: a file that dies at this last flush goes
	// on in a continuation like at any other.
	if err := w.w.Sync(); err != nil && w.dead == nil && w.dies(err) {
		w.dead, w.retry = err, time.Time{}
		w.changes.Add(1)
		if err := w.mend(mono, now); err != nil {
			errs = append(errs, fmt.Errorf("close hand %s: %w", w.id, err))
		} else if err := w.w.Sync(); err != nil {
			errs = append(errs, fmt.Errorf("close hand %s: %w", w.id, err))
		}
	}
	if g := w.gap; g.Lost > 0 {
		errs = append(errs, fmt.Errorf("hand %s: %s, and the log could not take the mark", w.id, g.Text()))
	}
	if err := w.w.Close(); err != nil {
		errs = append(errs, fmt.Errorf("close hand %s: %w", w.id, err))
	}
	w.mu.Unlock()
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if suspend != "" {
		return nil // not ended: the index keeps it running, for --resume
	}
	if w.night != nil {
		w.night.ended(w.id, now, winner)
		return nil
	}
	x, _, err := index.Open(filepath.Join(w.dir, IndexFile), filepath.Base(w.dir), w.opts)
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
