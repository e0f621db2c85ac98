package doctor

import (
	"errors"
	"strings"
	"testing"

	"github.com/falling-table/falling/hw/reader"
)

func TestReaderHealth(t *testing.T) {
	hung := errors.New("pn532: no answer at I²C address 0x24")
	tests := []struct {
		name   string
		h      reader.Health
		status Status
		say    []string
		fix    string
	}{
		{"reading", reader.Health{State: reader.HealthOK, Polls: 900, Reads: 52, ResetLine: true}, OK,
			[]string{"ok: 52 cards read, 900 polls, 0 failed", "0 resets"}, ""},
		{"reset during play", reader.Health{State: reader.HealthOK, Reads: 40, Resets: 1, Lost: 1, LastErr: hung, ResetLine: true}, Note,
			[]string{"1 reset", "reported lost 1 time", "no answer at"}, "came back after a reset through RSTPDN"},
		{"lost and back without a reset", reader.Health{State: reader.HealthOK, Polls: 900, Misses: 3, Lost: 1, LastErr: hung}, Note,
			[]string{"reported lost 1 time", "0 resets"}, "it stopped answering and came back;"},
		{"a flaky bus", reader.Health{State: reader.HealthOK, Polls: 900, Misses: 2, LastErr: hung, ResetLine: true}, Note,
			[]string{"900 polls, 2 failed", "reported lost 0 times"}, "flaky I2C bus: on a Pi 4 or older set dtparam=i2c_arm_baudrate=100000"},
		{"lost, resetting", reader.Health{State: reader.HealthLost, LastErr: hung, ResetLine: true}, Failing,
			[]string{"not answering"}, "and resetting it"},
		{"needs a power cycle", reader.Health{State: reader.HealthPowerCycle, LastErr: hung}, Failing,
			[]string{"needs a power cycle", "(no reset line)"}, "add reset: N to the reader section"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ReaderHealth(tt.h)
			if c.Part != PartReader || c.Status != tt.status {
				t.Errorf("check %+v, want %v under %s", c, tt.status, PartReader)
			}
			for _, s := range tt.say {
				if !strings.Contains(c.Say, s) {
					t.Errorf("says %q, want %q in it", c.Say, s)
				}
			}
			if !strings.Contains(c.Fix, tt.fix) || (tt.fix == "") != (c.Fix == "") {
				t.Errorf("fix %q, want %q", c.Fix, tt.fix)
			}
		})
	}
}
