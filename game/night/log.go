package night

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/falling-table/falling/game/playlog"
)

// handLog is one hand's play log: its file in dir is created at the hand's
// first entry; with no dir the hand is not kept. The dealer is its only
// writer (a referee's correction reaches it as a dealer input).
type handLog struct {
	dir string
	mu  sync.Mutex
	w   *playlog.Writer
}

func (l *handLog) Append(e playlog.Entry) error {
	if l.dir == "" {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w == nil {
		if e.Kind != playlog.KindHandStart {
			return fmt.Errorf("play log: the first entry is a %v, not the hand's start", e.Kind)
		}
		w, err := playlog.Create(l.dir, e)
		if err != nil {
			return err
		}
		l.w = w
		return nil
	}
	_, err := l.w.Append(e)
	return err
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
