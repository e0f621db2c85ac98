package reader

import (
	"fmt"
	"strings"
)

// Failing reports whether the reader is not answering now: the table deals
// on with the dealer confirming each card by hand until it is back.
func (h Health) Failing() bool { return h.State != HealthOK }

// Short is the health in a few words for a screen's status line: the state
// and what the watchdog saw since the table started ("ok, 52 read, lost 1×,
// reset 1×"). A reader that hung and was reset is back to ok, and the
// counts say it happened, which is worth knowing before a long session.
func (h Health) Short() string {
	parts := []string{h.State.String(), fmt.Sprintf("%d read", h.Reads)}
	if h.Lost > 0 {
		parts = append(parts, fmt.Sprintf("lost %d×", h.Lost))
	}
	if h.Resets > 0 {
		parts = append(parts, fmt.Sprintf("reset %d×", h.Resets))
	}
	return strings.Join(parts, ", ")
}

// Advice is what the person at the table should do about the reader now,
// "" when nothing. falling doctor gives the same words.
func (h Health) Advice() string {
	switch h.State {
	case HealthOK:
		return ""
	case HealthLost:
		a := "check the reader's wiring (SDA, SCL, 3.3 V, ground); the table keeps retrying"
		if h.ResetLine {
			a += " and resetting it"
		}
		return a
	case HealthPowerCycle:
		return "switch the reader off and on; to let the table reset it, wire its RSTPDN pin to a free GPIO line and add reset: N to the reader section"
	}
	return "restart the table: the reader's state is unknown"
}
