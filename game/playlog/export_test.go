package playlog

import "time"

// SetRetryInterval shortens how long a writer waits between tries at a
// continuation file, and returns the old value.
func SetRetryInterval(d time.Duration) time.Duration {
	old := retryInterval
	retryInterval = d
	return old
}

// MarkResumed makes w a writer carrying a hand on, whose first entry is
// preceded by its schema note, as Resume's writer is.
func MarkResumed(w *Writer) {
	w.mu.Lock()
	w.resumed = true
	w.mu.Unlock()
}
