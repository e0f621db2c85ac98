package playlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/playlog/wal/index"
	"github.com/falling-table/falling/internal/regularfile"
)

// Hand is a hand log as read back: everything that could be read, and what
// could not.
type Hand struct {
	Path    string
	ID      string    // from the file header
	Created time.Time // from the file header
	// Start is the hand's configuration, nil if its first entry could not
	// be read (then nothing can be replayed, but presses and scans still
	// show).
	Start   *Start
	Entries []Entry // in sequence order, the hand-start entry included
	// Damage is the first damage in the file: what a straight read stops
	// at, and what resuming the hand goes by (damage in the middle is
	// never cut). wal.DamageNone for a clean file.
	Damage wal.Damage
	// Skipped lists the damage in the middle of the file that reading
	// stepped over, in order (the first is Damage): each says which
	// entries it took. Entries after it are in Entries with their own
	// numbers; none is invented.
	Skipped []wal.Damage
	// End is the file's state after the last entry read: the same as
	// Damage when nothing was skipped.
	End wal.Damage
	// Problems lists records that checked but could not be understood, and
	// anything else a referee should know before trusting the review.
	Problems []string
	// Ended is set when the log holds a hand-end entry; Winner is its seat.
	Ended  bool
	Winner int
	// Suspended: the log ends in the note Writer.Suspend writes, the
	// table stopped on purpose before the hand's end (q, Ctrl-C, a
	// SIGTERM); otherwise an unended log was cut (a power cut, a crash).
	Suspended bool
}

// DamageText says in plain words what was lost, or "" if nothing was.
func (h *Hand) DamageText() string {
	if len(h.Skipped) == 0 {
		return damageText(h.Damage)
	}
	var parts []string
	for _, d := range h.Skipped {
		parts = append(parts, damageText(d))
	}
	if t := damageText(h.End); t != "" {
		parts = append(parts, "then "+t)
	}
	return strings.Join(parts, "; ")
}

// FirstLost returns the first entry lost to damage in the middle of the
// file, 0 if none was: past it the log has a hole that may hold engine
// events.
func (h *Hand) FirstLost() (seq uint64, lost uint64) {
	for _, d := range h.Skipped {
		if d.Lost > 0 {
			return d.AfterSeq + 1, d.Lost
		}
	}
	return 0, 0
}

func damageText(d wal.Damage) string {
	switch d.Kind {
	case wal.DamageNone:
		return ""
	case wal.DamageTornTail:
		switch {
		case d.NeverDurable:
			return fmt.Sprintf("the log ends in a torn write: %d bytes after entry %d are an append cut short (a power cut or crash), "+
				"never reported durable; everything up to entry %d is intact", d.Bytes, d.AfterSeq, d.AfterSeq)
		case d.Format < 2:
			return fmt.Sprintf("the log ends in a torn write: %d bytes after entry %d do not read (an append cut short by a power cut or crash, "+
				"or damage to the last entry: this older log format cannot tell which); everything up to entry %d is intact", d.Bytes, d.AfterSeq, d.AfterSeq)
		default:
			return fmt.Sprintf("the log ends in a damaged commit mark after entry %d (%s); every entry up to %d is intact and nothing is missing",
				d.AfterSeq, d.Reason, d.AfterSeq)
		}
	case wal.DamageCorrupt:
		if d.Resume == 0 {
			return fmt.Sprintf("the log is damaged after entry %d (byte %d: %s); the %d bytes after it cannot be read, "+
				"so an unknown number of entries logged after entry %d are missing from this review", d.AfterSeq, d.Offset, d.Reason, d.Bytes, d.AfterSeq)
		}
		if d.Lost == 0 {
			return fmt.Sprintf("the log is damaged after entry %d (byte %d: %s) but no entry is lost: it reads again at byte %d "+
				"with entry %d, and the entries after are shown", d.AfterSeq, d.Offset, d.Reason, d.Resume, d.ResumeSeq)
		}
		lost := fmt.Sprintf("entry %d is", d.AfterSeq+1)
		if d.Lost > 1 {
			lost = fmt.Sprintf("entries %d to %d (%d) are", d.AfterSeq+1, d.AfterSeq+d.Lost, d.Lost)
		}
		return fmt.Sprintf("the log is damaged after entry %d: entry %d unreadable (byte %d: %s); %s LOST; the log reads again at byte %d with entry %d, "+
			"and the entries after are shown, following the damage", d.AfterSeq, d.AfterSeq+1, d.Offset, d.Reason, lost, d.Resume, d.ResumeSeq)
	}
	return fmt.Sprintf("the log is damaged after entry %d (byte %d): %v", d.AfterSeq, d.Offset, d)
}

// Read reads the hand log at path. Damage is not an error: what precedes it
// comes back with the damage described. The error is for a file that is not
// a hand log at all, is from a newer version, or cannot be opened; its
// message says which in words a referee can act on.
func Read(path string) (*Hand, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read hand: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read hand %s: %w", path, err)
	}
	h, err := Decode(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	h.Path = path
	readContinuations(h, path)
	return h, nil
}

// Decode reads a hand log of the given size from src.
func Decode(src io.ReaderAt, size int64) (*Hand, error) {
	r, err := wal.NewReader(src, size)
	if err != nil {
		return nil, headerError(err)
	}
	hdr := r.Header()
	if hdr.Kind != HandKind {
		return nil, kindError(hdr.Kind)
	}
	recs, skipped, d, err := r.Salvage()
	h := &Hand{ID: hdr.ID, Created: hdr.Created, Damage: d, Skipped: skipped, End: d}
	if len(skipped) > 0 {
		h.Damage = skipped[0]
	}
	if err != nil {
		// An I/O error mid-file: show what came before it, and say so.
		h.Problems = append(h.Problems, fmt.Sprintf("reading stopped after entry %d: %v", r.LastSeq(), err))
	}
	h.Entries = make([]Entry, 0, len(recs))
	h.add(recs, 0, "")
	switch {
	case len(recs) == 0:
		// Cut inside the first group commit: nothing was ever reported
		// logged, so nothing is missing either.
		h.Problems = append(h.Problems, "the log holds no entry: the hand was cut before its first entry was durable, so there is nothing to replay")
	case h.Start == nil:
		h.Problems = append(h.Problems, noStart)
	}
	return h, nil
}

// add decodes recs into h's entries, numbered on from base, and says in
// h.Problems what it cannot trust. cont names the continuation file they
// come from, "" for the hand's own file.
func (h *Hand) add(recs []wal.Record, base uint64, cont string) {
	problem := func(format string, args ...any) {
		if cont != "" {
			format = "continuation " + cont + ": " + format
		}
		h.Problems = append(h.Problems, fmt.Sprintf(format, args...))
	}
	for _, rec := range recs {
		rec.Seq += base
		e, err := decodeEntry(rec)
		if err != nil {
			problem("%v", err)
			continue
		}
		if framed := Kind(rec.Type); e.Kind != framed {
			// The frame's type byte is what the CRC covers first; trust it,
			// but say so.
			problem("entry %d: framed as %v but its payload says %v; read as %v", e.Seq, framed, e.Kind, framed)
			e.Kind = framed
		}
		switch {
		case e.Kind == KindHandStart && e.Start != nil && h.Start == nil:
			// In a continuation: the disk died before the hand-start was
			// on it, and the continuation logged it again.
			h.Start = e.Start
			h.Problems = slices.DeleteFunc(h.Problems, func(p string) bool { return p == noStart })
			if e.Start.Schema > Schema {
				h.Problems = append(h.Problems, fmt.Sprintf("written by a newer version of falling (entry schema %d, this one knows %d): entries it added are shown raw or skipped", e.Start.Schema, Schema))
			}
		case e.Kind == KindHandStart:
			problem("entry %d: a second hand-start, ignored", e.Seq)
		case e.Kind == KindHandEnd:
			h.Ended, h.Winner = true, e.Winner
		case e.Kind >= numKinds:
			problem("entry %d: unknown kind %d (from a newer version?), shown raw", e.Seq, e.Kind)
		case resumedIn(&e) > Schema:
			problem("entry %d: the hand was carried on from here by a newer version of falling (entry schema %d, this one knows %d): "+
				"the entries after it are shown but not replayed", e.Seq, e.Schema, Schema)
		}
		h.Suspended = e.Kind == KindNote && strings.HasPrefix(e.Note, suspendedNote)
		h.Entries = append(h.Entries, e)
	}
}

// resumedIn is the entry schema of the entries after e if e is the note
// a resumed writer logs first (see Schema), 0 otherwise.
func resumedIn(e *Entry) int {
	if e.Kind != KindNote {
		return 0
	}
	return e.Schema
}

// NewestSchema is the newest entry schema the hand's writers wrote: the
// hand-start's, or a later resume's (0 with neither).
func (h *Hand) NewestSchema() int {
	s := 0
	if h.Start != nil {
		s = h.Start.Schema
	}
	for i := range h.Entries {
		s = max(s, resumedIn(&h.Entries[i]))
	}
	return s
}

// noStart is the problem of a hand log with no hand-start entry.
const noStart = "the hand's configuration (its first entry) is missing: the hand cannot be replayed, only its raw inputs shown"

func decodeEntry(rec wal.Record) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(rec.Payload, &e); err != nil {
		return Entry{}, fmt.Errorf("entry %d (%v) cannot be decoded, skipped: %v", rec.Seq, Kind(rec.Type), err)
	}
	e.Seq = rec.Seq
	return e, nil
}

// headerError turns wal's refusals into messages for someone holding a
// file, not a format specification.
func headerError(err error) error {
	var ve *wal.VersionError
	switch {
	case errors.As(err, &ve):
		return fmt.Errorf("written by a newer version of falling (log format %d; this one reads up to %d): update falling to review it: %w", ve.Got, ve.Max, err)
	case errors.Is(err, wal.ErrNotLog):
		return fmt.Errorf("not a FALLING log (it does not start with the log's signature): %w", err)
	case errors.Is(err, wal.ErrEmpty):
		return fmt.Errorf("empty: the hand was never started completely, nothing to review: %w", err)
	case errors.Is(err, wal.ErrBadHeader):
		return fmt.Errorf("the log's header is damaged, so none of it can be trusted: %w", err)
	}
	return err
}

// ErrWrongKind is matched by the error for a log that is not a hand log.
var ErrWrongKind = errors.New("not a hand log")

func kindError(k byte) error {
	if k == index.Kind {
		return fmt.Errorf("%w: this is a night index; review the night with --night and its directory", ErrWrongKind)
	}
	return fmt.Errorf("%w: a FALLING log of kind %q", ErrWrongKind, k)
}
