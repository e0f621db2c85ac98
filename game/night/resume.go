package night

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// resumedHand is the night's unfinished hand, replayed and reopened for the
// dealer to carry on in the same log.
type resumedHand struct {
	r *dealer.Resumed
	w *playlog.Writer
}

// into makes cfg the resumed hand and returns the log it goes on in.
func (rh *resumedHand) into(cfg *dealer.Config) *handLog {
	cfg.Resume = rh.r
	return resumed(rh.w)
}

// resumeHand finds the night's last hand in dir and, if a power cut, a
// crash or a stop mid-hand (Writer.Suspend) left it unfinished, replays it and reopens its log, cutting a torn
// last record, and says so on out. Only the last hand: an earlier one left
// unfinished had a new hand started after it, and the table has moved on.
// It returns nil, and says why, when there is nothing to resume. The error
// is for a hand that cannot be trusted to go on (damaged, or not
// replaying to the states it logged): it can still be reviewed.
func resumeHand(logs *playlog.NightLog, dir string, out io.Writer) (*resumedHand, error) {
	n, err := playlog.ReadNight(dir)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	if len(n.Hands) == 0 {
		fmt.Fprintf(out, "no hand to resume in %s: starting a new one\n", dir)
		return nil, nil
	}
	last := n.Hands[len(n.Hands)-1]
	path := filepath.Join(dir, last.File)
	switch {
	case last.Hand == nil && errors.Is(last.Err, wal.ErrEmpty):
		// Cut while its file was being made: no entry is in it.
		fmt.Fprintf(out, "%s was cut before its first entry: nothing to resume, starting a new hand\n", path)
		return nil, nil
	case last.Hand == nil:
		return nil, fmt.Errorf("cannot resume %s: %w", path, last.Err)
	case last.Ended:
		fmt.Fprintf(out, "the night's last hand (%s) ended: nothing to resume, starting a new one\n", last.ID)
		return nil, nil
	}
	h := last.Hand
	if k := h.Damage.Kind; k != wal.DamageNone && k != wal.DamageTornTail {
		// Cutting it would throw away whatever follows the damage.
		return nil, fmt.Errorf("cannot resume hand %s: %s; review it with falling review %s", h.ID, h.DamageText(), path)
	}
	if len(h.Entries) == 0 {
		// Cut inside its first group commit: the header is all that was
		// durable, so no entry, not even the configuration, was ever
		// reported written.
		fmt.Fprintf(out, "%s was cut before its first entry was durable: nothing to resume, starting a new hand\n", path)
		return nil, nil
	}
	r, err := dealer.Replay(h)
	if errors.Is(err, dealer.ErrHandEnded) {
		fmt.Fprintf(out, "hand %s: %v; starting a new hand\n", h.ID, err)
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w\nthe log cannot be trusted to resume; it can still be reviewed: falling review %s\n(move it out of %s to start a new hand)", err, path, dir)
	}
	if !last.Indexed {
		if err := registerStart(logs, last.File, h, out); err != nil {
			return nil, fmt.Errorf("cannot resume hand %s: %w", h.ID, err)
		}
	}
	w, rec, err := logs.Resume(path)
	if err != nil {
		return nil, fmt.Errorf("cannot resume hand %s (%s): %w", h.ID, rec, err)
	}
	r.Cut = rec.Cut
	fmt.Fprintf(out, "resuming hand %s (%s): %s; %d entries replayed\n", h.ID, path, rec, len(h.Entries))
	return &resumedHand{r: r, w: w}, nil
}

// registerStart writes the start entry of a hand that the night index lost:
// the power cut came after the hand's first entry was durable and before
// its index entry was. Without it the hand's end would be an end with no
// start, and the index would not list the hand where it belongs.
func registerStart(logs *playlog.NightLog, file string, h *playlog.Hand, out io.Writer) error {
	if err := logs.Register(h.ID, file, h.Created); err != nil {
		return err
	}
	fmt.Fprintf(out, "hand %s was not in the night index (its entry was lost in the power cut): registered now\n", h.ID)
	return nil
}
