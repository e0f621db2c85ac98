package wal

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

const (
	// DefaultFlushInterval is one group commit per beat of the dealer.
	DefaultFlushInterval = 50 * time.Millisecond
	// DefaultMaxBuffered is far more than a table produces between two
	// fsyncs; reaching it means the disk has stalled for seconds.
	DefaultMaxBuffered = 4 << 20
	// MinMaxBuffered is the smallest bound MaxBuffered can set: two maximum
	// records, so a record of any allowed size still fits behind the half
	// bound that starts a flush. Tests of a stalled disk ask for it, to fill
	// the buffer quickly.
	MinMaxBuffered = 2 * (frameHeader + MaxPayload)
)

var (
	// ErrBufferFull is returned by Append when MaxBuffered bytes are already
	// waiting for the disk. The record was not appended.
	ErrBufferFull = errors.New("log buffer full: the disk is slower than the table")
	// ErrClosed is returned by calls on a closed Writer.
	ErrClosed = errors.New("log writer closed")
	// ErrLocked means another Writer holds the file.
	ErrLocked = errors.New("log is open for writing elsewhere")
)

// Options tune a Writer. The zero value is the table's setup, so a caller
// names only what it changes, and tests can build one in a literal.
type Options struct {
	// FlushInterval is the longest an appended record waits before the
	// flusher writes and fsyncs it. Zero means DefaultFlushInterval;
	// NoDelay (any negative) flushes as soon as a record arrives.
	FlushInterval time.Duration
	// MaxBuffered bounds the bytes waiting for the disk; past it Append
	// returns ErrBufferFull. Zero means DefaultMaxBuffered; anything below
	// MinMaxBuffered is raised to it.
	MaxBuffered int
	// Logger is where the writer reports recoveries and disk failures; nil
	// means slog.Default().
	Logger *slog.Logger
	// File, if set, is put between the flusher and the file at path: a test
	// puts a failing or slow disk there, to see what the layers above do
	// with it.
	File func(path string, f File) File

	// version is the format Create writes, 0 for Version. Tests set it to
	// make format 1 files and prove that they still read and resume; it is
	// unexported because nothing else should write an old format.
	version uint16
}

// NoDelay is the FlushInterval that flushes as soon as a record arrives. A
// sentinel is needed because the zero FlushInterval means the default.
const NoDelay time.Duration = -1

// createVersion is the format Create writes with o.
func (o Options) createVersion() uint16 {
	if o.version == 0 {
		return Version
	}
	return o.version
}

// settings are Options with the defaults filled in, as the Writer uses them.
type settings struct {
	interval time.Duration // zero: no delay
	maxBuf   int
	log      *slog.Logger
	file     func(path string, f File) File
}

func (o Options) settings() settings {
	s := settings{interval: o.FlushInterval, maxBuf: o.MaxBuffered, log: o.Logger, file: o.File}
	switch {
	case s.interval == 0:
		s.interval = DefaultFlushInterval
	case s.interval < 0:
		s.interval = 0
	}
	if s.maxBuf == 0 {
		s.maxBuf = DefaultMaxBuffered
	}
	s.maxBuf = max(s.maxBuf, MinMaxBuffered)
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Writer appends records to one log file. Its methods are safe for
// concurrent use.
type Writer struct {
	f    logFile
	path string
	opt  settings

	mu         sync.Mutex
	buf        []byte // framed records not yet taken by the flusher
	bufFirst   uint64 // sequence number of the first record in buf
	spare      []byte // the last written batch, reused as the next buf
	inflight   []byte // the batch being written; kept until it is durable
	inFirst    uint64
	commits    bool   // format 2: end every group commit with a commit mark
	hdrCRC     uint32 // the header's CRC, which commit marks carry
	written    int64  // file size once every batch taken so far is written
	prev       uint32 // CRC of the last appended frame
	seq        uint64 // last appended sequence number
	err        error  // sticky write or fsync failure
	closed     bool
	durableCh  chan struct{} // closed and replaced whenever durable or err changes
	durable    atomic.Uint64
	kick, now  chan struct{} // first record in an empty buffer; flush without delay
	quit, done chan struct{}
	closeOnce  sync.Once
	flushes    atomic.Uint64 // group commits done, for tests and benchmarks
	closeErr   error
}

// Recovery reports what OpenForAppend found and did.
type Recovery struct {
	Header  Header
	LastSeq uint64 // the last good record, from which appends continue
	Cut     Damage // what was truncated; Kind is DamageNone if nothing was
}

func (r Recovery) String() string {
	switch {
	case r.Cut.Kind == DamageNone:
		return fmt.Sprintf("log %q intact through record %d", r.Header.ID, r.LastSeq)
	case r.Cut.Kind == DamageTornTail && r.Cut.NeverDurable:
		return fmt.Sprintf("log %q intact through record %d; the last %d bytes were a torn write and were cut (never reported durable, so nothing durable was lost: %s)",
			r.Header.ID, r.LastSeq, r.Cut.Bytes, r.Cut.Reason)
	case r.Cut.Kind == DamageTornTail && r.Cut.Format < 2:
		return fmt.Sprintf("log %q intact through record %d; the last %d bytes were a torn write and were cut (%s)",
			r.Header.ID, r.LastSeq, r.Cut.Bytes, r.Cut.Reason)
	case r.Cut.Kind == DamageTornTail:
		return fmt.Sprintf("log %q intact through record %d; the last %d bytes were cut, and no record was lost (%s)",
			r.Header.ID, r.LastSeq, r.Cut.Bytes, r.Cut.Reason)
	default:
		return fmt.Sprintf("log %q cannot be resumed: %s", r.Header.ID, r.Cut)
	}
}

// Create makes a new log at path, which must not exist. The header is
// written and fsynced under a temporary name and then linked into place, and
// the directory fsynced, so after a power cut path either does not exist or
// holds a complete header; a stray "*.creating-*" file is all a cut can leave,
// and RemoveStray clears those.
func Create(path string, h Header, opts Options) (*Writer, error) {
	for attempt := 1; ; attempt++ {
		w, err := create(path, h, opts)
		// RemoveStray may take a temporary file between its creation and
		// its lock; that is only a lost race, so try again with a new one.
		if errors.Is(err, errStrayRace) && attempt < 3 {
			continue
		}
		return w, err
	}
}

var errStrayRace = errors.New("temporary file taken by a stray-file cleanup")

func create(path string, h Header, opts Options) (*Writer, error) {
	version := opts.createVersion()
	hb, crc, err := encodeHeader(h, version)
	if err != nil {
		return nil, fmt.Errorf("create log %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+creatingInfix+"*")
	if err != nil {
		return nil, fmt.Errorf("create log %s: %w", path, unnamed(err))
	}
	tmp := f.Name()
	fail := func(err error) (*Writer, error) {
		f.Close()
		if rmErr := os.Remove(tmp); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
			err = errors.Join(err, rmErr)
		}
		return nil, fmt.Errorf("create log %s: %w", path, unnamed(err))
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := lock(f); err != nil {
		if errors.Is(err, ErrLocked) {
			err = errStrayRace
		}
		return fail(err)
	}
	if _, err := f.Write(hb); err != nil {
		return fail(fmt.Errorf("write header: %w", err))
	}
	if err := f.Sync(); err != nil {
		return fail(fmt.Errorf("fsync header: %w", err))
	}
	// Link, unlike rename, fails if path exists: a referee's log is never
	// replaced by a second Create.
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if _, serr := os.Stat(dir); serr == nil {
				err = errStrayRace
			}
		}
		return fail(err)
	}
	if err := os.Remove(tmp); err != nil {
		return fail(err)
	}
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, fmt.Errorf("create log %s: %w", path, err)
	}
	w := newWriter(f, path, crc, 0, opts)
	w.commits, w.hdrCRC, w.written = version >= 2, crc, int64(len(hb))
	return w, nil
}

// creatingInfix names Create's temporary files: "night.idx.creating-123".
const creatingInfix = ".creating-"

// RemoveStray removes the temporary files that a Create cut short by a
// crash or power cut left in dir, and returns their names. A Create in
// progress holds a lock on its file, so only abandoned ones are taken; the
// lock is held while the file is removed.
func RemoveStray(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"+creatingInfix+"*"))
	if err != nil {
		return nil, fmt.Errorf("remove stray files in %s: %w", dir, err)
	}
	var removed []string
	var errs []error
	for _, name := range names {
		st, err := os.Lstat(name)
		if err != nil || !st.Mode().IsRegular() {
			continue // gone meanwhile, or not ours
		}
		f, err := os.OpenFile(name, os.O_RDWR, 0)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("remove stray file: %w", err))
			continue
		}
		if err := lock(f); err != nil {
			f.Close()
			if !errors.Is(err, ErrLocked) {
				errs = append(errs, fmt.Errorf("remove stray file %s: %w", name, err))
			}
			continue
		}
		err = os.Remove(name)
		f.Close()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("remove stray file: %w", err))
			continue
		}
		removed = append(removed, name)
	}
	return removed, errors.Join(errs...)
}

// unnamed drops the file name from an *os.PathError. Create works on a
// temporary file and the caller knows the log by its real name, which the
// wrapping message carries; the temporary name would send a referee looking
// for a file that no longer exists.
func unnamed(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// OpenForAppend recovers the log at path and opens it for appending after its
// last good record. A torn tail is truncated and the truncation made durable;
// the Recovery says what was cut. Mid-file corruption is not cut, since that
// would destroy records after it: OpenForAppend returns an error matching
// ErrCorrupt, with the Recovery describing it, and the log can still be
// reviewed with Open.
func OpenForAppend(path string, opts Options) (*Writer, Recovery, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, Recovery{}, fmt.Errorf("open log for append: %w", err)
	}
	fail := func(rec Recovery, err error) (*Writer, Recovery, error) {
		f.Close()
		return nil, rec, fmt.Errorf("open log %s for append: %w", path, err)
	}
	if err := lock(f); err != nil {
		return fail(Recovery{}, err)
	}
	st, err := f.Stat()
	if err != nil {
		return fail(Recovery{}, err)
	}
	r, err := NewReader(f, st.Size())
	if err != nil {
		return fail(Recovery{}, err)
	}
	for {
		_, err = r.Next()
		if err != nil {
			break
		}
	}
	rec := Recovery{Header: r.Header(), LastSeq: r.LastSeq(), Cut: r.Damage()}
	var de *DamageError
	switch {
	case errors.Is(err, io.EOF):
	case errors.As(err, &de) && de.Damage.Kind == DamageTornTail:
		if err := f.Truncate(de.Damage.Offset); err != nil {
			return fail(rec, fmt.Errorf("cut torn tail: %w", err))
		}
	case errors.As(err, &de):
		return fail(rec, fmt.Errorf("refusing to cut: %w", err))
	default:
		return fail(rec, err)
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return fail(rec, err)
	}
	prev := r.prev
	commits := r.Header().Version >= 2
	if commits && r.LastSeq() > r.Committed() {
		// Records read back past the last commit mark are made durable by
		// the fsync below; mark them committed like any group commit, so
		// that damage later in the file is judged against them.
		var mark []byte
		mark, prev = appendCommit(nil, prev, r.LastSeq(), end, r.hdrCRC)
		if _, err := f.Write(mark); err != nil {
			return fail(rec, fmt.Errorf("write commit mark after recovery: %w", err))
		}
		end += int64(len(mark))
	}
	// Always fsync: records read back may still be only in the page cache
	// if the previous writer died before its fsync, and they are about to be
	// counted durable.
	if err := f.Sync(); err != nil {
		return fail(rec, fmt.Errorf("fsync after recovery: %w", err))
	}
	w := newWriter(f, path, prev, r.LastSeq(), opts)
	w.commits, w.hdrCRC, w.written = commits, r.hdrCRC, end
	if rec.Cut.Kind != DamageNone {
		w.opt.log.Warn("log recovered", "path", path, "recovery", rec.String())
	}
	return w, rec, nil
}

func newWriter(f *os.File, path string, prev uint32, seq uint64, opts Options) *Writer {
	o := opts.settings()
	var lf File = f
	if o.file != nil {
		lf = o.file(path, f)
	}
	w := &Writer{
		f:         lf,
		path:      path,
		opt:       o,
		prev:      prev,
		seq:       seq,
		durableCh: make(chan struct{}),
		kick:      make(chan struct{}, 1),
		now:       make(chan struct{}, 1),
		quit:      make(chan struct{}),
		done:      make(chan struct{}),
	}
	w.durable.Store(seq)
	go w.run()
	return w
}

// Append frames a record into the buffer and returns its sequence number at
// once; it is durable when Durable reaches it. It never waits on the disk:
// if MaxBuffered bytes are already waiting it returns ErrBufferFull and
// appends nothing. After a write or fsync failure it returns that failure.
func (w *Writer) Append(typ byte, payload []byte) (uint64, error) {
	if len(payload) > MaxPayload {
		return 0, fmt.Errorf("append to %s: %w: %d bytes, limit %d", w.path, ErrTooLarge, len(payload), MaxPayload)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	if w.closed {
		return 0, fmt.Errorf("append to %s: %w", w.path, ErrClosed)
	}
	if len(w.buf)+frameHeader+len(payload) > w.opt.maxBuf {
		return 0, fmt.Errorf("append to %s: %w (%d bytes waiting, bound %d)", w.path, ErrBufferFull, len(w.buf), w.opt.maxBuf)
	}
	first := len(w.buf) == 0
	w.seq++
	if first {
		w.bufFirst = w.seq
	}
	w.buf, w.prev = appendFrame(w.buf, w.prev, w.seq, typ, payload)
	if first {
		signal(w.kick)
	}
	if len(w.buf) >= w.opt.maxBuf/2 {
		signal(w.now)
	}
	return w.seq, nil
}

func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Durable returns the highest sequence number known to be on disk.
func (w *Writer) Durable() uint64 { return w.durable.Load() }

// WaitDurable waits until record seq is durable, the writer fails, or ctx
// ends. It does not hurry the flusher; Sync does.
func (w *Writer) WaitDurable(ctx context.Context, seq uint64) error {
	for {
		w.mu.Lock()
		if w.durable.Load() >= seq {
			w.mu.Unlock()
			return nil
		}
		if w.err != nil {
			err := w.err
			w.mu.Unlock()
			return err
		}
		if seq > w.seq {
			last := w.seq
			w.mu.Unlock()
			return fmt.Errorf("wait for record %d of %s: only %d appended", seq, w.path, last)
		}
		ch := w.durableCh
		w.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("wait for record %d of %s: %w", seq, w.path, ctx.Err())
		}
	}
}

// Sync writes and fsyncs everything appended so far, without waiting for the
// next beat, and returns when it is durable.
func (w *Writer) Sync() error {
	w.mu.Lock()
	target, err := w.seq, w.err
	w.mu.Unlock()
	if err != nil {
		return err
	}
	if w.durable.Load() >= target {
		return nil
	}
	signal(w.now)
	return w.WaitDurable(context.Background(), target)
}

// NotDurable returns copies of the records appended but not known to be on
// disk, oldest first. After a write or fsync failure these are the records
// whose fate is unknown; the caller can log them again in a fresh file.
func (w *Writer) NotDurable() []Record {
	w.mu.Lock()
	defer w.mu.Unlock()
	recs := decodeFrames(w.inflight, w.inFirst, nil)
	return decodeFrames(w.buf, w.bufFirst, recs)
}

// decodeFrames splits a batch this writer framed, passing over its commit
// mark; no checks are needed since the bytes never left memory.
func decodeFrames(b []byte, first uint64, recs []Record) []Record {
	for seq := first; len(b) >= frameHeader; seq++ {
		if binary.LittleEndian.Uint32(b[4:]) == commitLen {
			b = b[commitSize:]
			seq--
			continue
		}
		n := int(binary.LittleEndian.Uint32(b[4:]))
		recs = append(recs, Record{
			Seq:     seq,
			Type:    b[16],
			Payload: append([]byte(nil), b[frameHeader:frameHeader+n]...),
			Offset:  -1,
		})
		b = b[frameHeader+n:]
	}
	return recs
}

// Close flushes and fsyncs what is buffered, stops the flusher and closes the
// file. It returns the sticky failure if there was one.
func (w *Writer) Close() error {
	w.closeOnce.Do(func() {
		w.mu.Lock()
		w.closed = true
		w.mu.Unlock()
		close(w.quit)
		<-w.done
		w.mu.Lock()
		err := w.err
		w.mu.Unlock()
		if cerr := w.f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close log %s: %w", w.path, cerr)
		}
		w.closeErr = err
	})
	return w.closeErr
}

// run is the flusher: one group commit at most interval after the first
// unflushed append, at once when asked.
func (w *Writer) run() {
	defer close(w.done)
	var timer *time.Timer
	for {
		urgent := false
		select {
		case <-w.kick:
		case <-w.now:
			urgent = true
		case <-w.quit:
			w.flush()
			return
		}
		if !urgent && w.opt.interval > 0 {
			if timer == nil {
				timer = time.NewTimer(w.opt.interval)
			} else {
				timer.Reset(w.opt.interval)
			}
			select {
			case <-timer.C:
			case <-w.now:
				timer.Stop()
			case <-w.quit:
				timer.Stop()
				w.flush()
				return
			}
		}
		w.flush()
	}
}

func (w *Writer) flush() {
	w.mu.Lock()
	if w.err != nil || len(w.buf) == 0 {
		w.mu.Unlock()
		return
	}
	batch, last := w.buf, w.seq
	if w.commits {
		// Written with the batch, before the fsync: the mark is on the disk
		// whenever the fsync returns. See the package comment for why it
		// need not be written after the fsync.
		batch, w.prev = appendCommit(batch, w.prev, last, w.written+int64(len(batch)), w.hdrCRC)
	}
	w.written += int64(len(batch))
	w.inflight, w.inFirst = batch, w.bufFirst
	w.buf, w.spare = w.spare[:0], nil
	w.mu.Unlock()

	_, err := w.f.Write(batch)
	if err != nil {
		err = fmt.Errorf("write log %s: %w", w.path, unnamed(err))
	} else if err = w.f.Sync(); err != nil {
		err = fmt.Errorf("fsync log %s: %w", w.path, unnamed(err))
	}

	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		// Sticky: see the package comment on fsync failures.
		w.err = fmt.Errorf("%w; records after %d are not durable and this file takes no more", err, w.durable.Load())
		w.opt.log.Error("log write failed", "path", w.path, "durable", w.durable.Load(), "last", w.seq, "err", err)
	} else {
		w.flushes.Add(1)
		w.durable.Store(last)
		w.inflight = nil
		// Keep the batch's memory for the next buffer unless a stall made it
		// large.
		if cap(batch) <= DefaultMaxBuffered {
			w.spare = batch[:0]
		}
	}
	close(w.durableCh)
	w.durableCh = make(chan struct{})
}

// File is what the flusher needs of the file; tests put a faulty disk
// behind it (Options.File).
type File interface {
	io.Writer
	Sync() error
	Close() error
}

type logFile = File

func lock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) {
		lerr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	}); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	if errors.Is(lerr, syscall.EWOULDBLOCK) {
		return ErrLocked
	}
	if lerr != nil {
		return fmt.Errorf("lock: %w", lerr)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("open directory to fsync: %w", err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("fsync directory %s: %w", dir, err)
	}
	return nil
}
