package reader

import (
	"strings"
	"testing"
)

func TestHealthWords(t *testing.T) {
	for _, tc := range []struct {
		name    string
		h       Health
		failing bool
		short   string
		advice  string // in the advice; "" for none
	}{
		{"reading", Health{State: HealthOK, Reads: 52, ResetLine: true}, false, "ok, 52 read", ""},
		{"hung and reset during play", Health{State: HealthOK, Reads: 40, Lost: 1, Resets: 1, ResetLine: true}, false, "ok, 40 read, lost 1×, reset 1×", ""},
		{"hung, resetting", Health{State: HealthLost, Reads: 12, Lost: 1, Resets: 3, ResetLine: true}, true,
			"not answering, 12 read, lost 1×, reset 3×", "the table keeps retrying and resetting it"},
		{"hung, no reset line", Health{State: HealthLost, Lost: 2}, true, "not answering, 0 read, lost 2×", "the table keeps retrying"},
		{"needs a power cycle", Health{State: HealthPowerCycle, Reads: 7, Lost: 1}, true,
			"needs a power cycle, 7 read, lost 1×", "switch the reader off and on"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.h.Failing(); got != tc.failing {
				t.Errorf("Failing() = %v, want %v", got, tc.failing)
			}
			if got := tc.h.Short(); got != tc.short {
				t.Errorf("Short() = %q, want %q", got, tc.short)
			}
			a := tc.h.Advice()
			if (tc.advice == "") != (a == "") || !strings.Contains(a, tc.advice) {
				t.Errorf("Advice() = %q, want %q in it", a, tc.advice)
			}
			if !tc.h.ResetLine && strings.Contains(a, "resetting it") {
				t.Errorf("Advice() = %q promises resets without a reset line", a)
			}
		})
	}
}
