package playlog

import "time"

// SetRetryInterval shortens how long a writer waits between tries at a
// continuation file, and returns the old value.
func SetRetryInterval(d time.Duration) time.Duration {
	old := retryInterval
	retryInterval = d
	return old
}
