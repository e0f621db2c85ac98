package playlog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/internal/regularfile"
)

// readContinuations adds to h, read from path, the rest of the hand from
// its continuation files (see ContinuationFile), if its file died. Each
// continuation opens with a KindGap entry naming the last entry of the dead
// file known to be on its disk: the dead file's entries after it, whose
// fate was unknown, are dropped, since the continuation logged them again.
// The continuation's entries are numbered on from there, so a hand's
// sequence numbers stay one increasing series. What cannot be read is said
// in h.Problems, never silently skipped.
func readContinuations(h *Hand, path string) {
	for next := ContinuationFile(path); ; next = ContinuationFile(next) {
		f, err := regularfile.Open(next) // a pipe named like one must not hang a review
		if errors.Is(err, fs.ErrNotExist) {
			return
		}
		if err != nil {
			h.Problems = append(h.Problems, fmt.Sprintf("the hand goes on in %s, which cannot be opened: %v", filepath.Base(next), err))
			return
		}
		ok := readContinuation(h, f, next)
		f.Close()
		if !ok {
			return
		}
	}
}

// readContinuation reads one continuation file into h and says whether a
// further one can follow.
func readContinuation(h *Hand, f *os.File, path string) bool {
	name := filepath.Base(path)
	st, err := f.Stat()
	if err != nil {
		h.Problems = append(h.Problems, fmt.Sprintf("continuation %s: %v", name, err))
		return false
	}
	r, err := wal.NewReader(f, st.Size())
	if err != nil {
		h.Problems = append(h.Problems, fmt.Sprintf("continuation %s cannot be read: %v", name, headerError(err)))
		return false
	}
	if hdr := r.Header(); hdr.Kind != ContKind || hdr.ID != h.ID {
		h.Problems = append(h.Problems, fmt.Sprintf("%s is not a continuation of hand %s (kind %q, id %q): ignored", name, h.ID, hdr.Kind, hdr.ID))
		return false
	}
	recs, d, err := r.All()
	if err != nil {
		h.Problems = append(h.Problems, fmt.Sprintf("continuation %s: reading stopped after entry %d: %v", name, r.LastSeq(), err))
	}
	if len(recs) == 0 {
		h.Problems = append(h.Problems, fmt.Sprintf("continuation %s holds no entry", name))
		return false
	}
	first, err := decodeEntry(recs[0])
	if err != nil || first.Kind != KindGap || first.Gap == nil || !first.Gap.Continuation {
		h.Problems = append(h.Problems, fmt.Sprintf("continuation %s does not begin with the gap that says where it continues: ignored", name))
		return false
	}
	base := first.Gap.Continues
	if h.Damage.Kind != wal.DamageNone {
		h.Problems = append(h.Problems, fmt.Sprintf("before its continuation %s: %s; the hand goes on in the continuation after entry %d", name, h.DamageText(), base))
	}
	kept := h.Entries[:0]
	dropped := 0
	for _, e := range h.Entries {
		if e.Seq > base {
			dropped++
			continue
		}
		kept = append(kept, e)
	}
	h.Entries = kept
	if dropped > 0 && dropped != first.Gap.Moved {
		h.Problems = append(h.Problems, fmt.Sprintf("the dead file held %d entries after entry %d, its continuation %s logged %d of them again", dropped, base, name, first.Gap.Moved))
	}
	h.Damage = d
	if d.Kind != wal.DamageNone {
		// The continuation's own damage is stated in its numbering.
		h.Damage.AfterSeq += base
	}
	h.End = h.Damage
	h.Ended, h.Winner = false, 0
	h.add(recs, base, name)
	return true
}
