package night

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/falling-table/falling/game/dealer"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// handLog is one hand's play log: its file in dir is created at the hand's
// first entry; with no dir the hand is not kept. The dealer is its only
// writer (a referee's correction reaches it as a dealer input). When the
// file's disk fails the writer goes on in a continuation file and marks
// what it could not keep (see playlog.Writer); Health tells the dealer, so
// the screen and the page show it.
type handLog struct {
	dir string
	// night is the night's held index the hand is registered in; nil: the
	// index is opened for the moment (playlog.Create).
	night *playlog.NightLog
	opts  wal.Options // for the hand's file; tests put a failing disk there
	mu    sync.Mutex
	w     *playlog.Writer
	// Without a file (it could not be created) every entry is lost:
	// noFile says why, lost counts them, and Health reports the log dead.
	noFile error
	lost   int
	// changes counts the changes to noFile and lost, for HealthChanges.
	changes uint64
}

func (l *handLog) Append(e playlog.Entry) error {
	if l.dir == "" {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		switch {
		case l.noFile != nil:
			l.lost++
			l.changes++
			return fmt.Errorf("play log: the hand has no file: %w", l.noFile)
		case e.Kind != playlog.KindHandStart:
			l.lost++
			l.changes++
			return fmt.Errorf("play log: the first entry is a %v, not the hand's start", e.Kind)
		}
		var w *playlog.Writer
		var err error
		if l.night != nil {
			w, err = l.night.Create(e)
		} else {
			w, err = playlog.Create(l.dir, e, l.opts)
		}
		if err != nil {
			l.noFile = err
			l.lost++
			l.changes++
			return err
		}
		l.w = w
		l.changes++ // lost entries before it are the writer's to count now
		return nil
	}
	_, err := l.w.Append(e)
	return err
}

var _ dealer.HealthReporter = (*handLog)(nil)

// Health implements dealer.HealthReporter.
func (l *handLog) Health() playlog.Health {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.w != nil:
		return l.w.Health()
	case l.noFile != nil:
		return playlog.Health{Dead: "the hand's log could not be created: " + l.noFile.Error(), Lost: l.lost, Unmarked: l.lost}
	}
	return playlog.Health{Lost: l.lost, Unmarked: l.lost}
}

// HealthChanges implements dealer.HealthReporter: the writer's count on
// top of this log's own, so either moving moves it.
func (l *handLog) HealthChanges() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w != nil {
		return l.changes + l.w.HealthChanges()
	}
	return l.changes
}

// close ends the hand's log with its winner (0 for none).
func (l *handLog) close(winner int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return nil
	}
	return l.w.Close(winner)
}

// suspend closes the log of a hand stopped before its end without ending
// it, note saying why (see playlog.Writer.Suspend).
func (l *handLog) suspend(note string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return nil
	}
	return l.w.Suspend(note)
}

// HandID is the hand's name in the night, once its first entry named it;
// the dealer shows the hand by it.
func (l *handLog) HandID() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return ""
	}
	return l.w.ID()
}

func (l *handLog) path() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		return ""
	}
	return l.w.Path()
}

// resumed is the log of a hand carried on after a power cut: the dealer
// writes on into the same file.
func resumed(w *playlog.Writer) *handLog {
	return &handLog{dir: filepath.Dir(w.Path()), w: w}
}
