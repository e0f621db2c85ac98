package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

func TestDoctorUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // on stderr
	}{
		{"unknown flag", []string{"--nope"}, 2, "unknown flag: --nope"},
		{"stray argument", []string{"table.yaml"}, 2, `unexpected argument "table.yaml" (the config goes after --config)`},
		{"sound without a config", []string{"--sound"}, 2, "falling doctor --sound: needs --config FILE"},
		{"negative soak", []string{"--soak", "-1s"}, 2, "falling doctor: --soak -1s: a length of time, 0 or more"},
		{"soak not a duration", []string{"--soak", "long"}, 2, `invalid argument "long" for "--soak" flag`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), append([]string{"doctor"}, tt.args...), nil, &out, &errOut)
			if code != tt.code || !strings.Contains(errOut.String(), tt.want) {
				t.Errorf("exit %d, want %d; stderr %q, want %q", code, tt.code, errOut.String(), tt.want)
			}
		})
	}
}

// TestDoctorHere runs the real doctor on this machine. Without GPIO (CI, a
// laptop) it must say so in plain words and exit 1, with no stack trace.
func TestDoctorHere(t *testing.T) {
	if _, err := os.Stat("/dev/gpiochip0"); err == nil {
		t.Skip("this machine has GPIO")
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"no config", nil, []string{"no GPIO chip was found", "only the simulated table can run"}},
		{"reference table", []string{"--config", "../../firmware/board-reference.yaml"},
			[]string{"no GPIO chip was found", "/dev/i2c-1 does not exist", "/dev/spidev0.0 does not exist", "the table cannot start as configured"}},
		{"missing config", []string{"--config", "nowhere.yaml"}, []string{"nowhere.yaml: cannot open the wiring file"}},
	}
	t.Run("sound, no GPIO", func(t *testing.T) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), []string{"doctor", "--sound", "--config", "../../firmware/board-reference.yaml"}, nil, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "no chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1") {
			t.Errorf("exit %d; stderr %q", code, errOut.String())
		}
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), append([]string{"doctor"}, tt.args...), nil, &out, &errOut)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output does not say %q:\n%s", w, out.String())
				}
			}
			if strings.Contains(out.String()+errOut.String(), "goroutine") {
				t.Errorf("a stack trace:\n%s%s", out.String(), errOut.String())
			}
		})
	}
}
