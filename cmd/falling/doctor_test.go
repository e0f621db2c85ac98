package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/hw/config"
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
		{"print-config without a config", []string{"--print-config"}, 2, "falling doctor --print-config: needs --config FILE"},
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
			saysAll(t, "stdout", out.String(), tt.want)
			if strings.Contains(out.String()+errOut.String(), "goroutine") {
				t.Errorf("a stack trace:\n%s%s", out.String(), errOut.String())
			}
		})
	}
}

// TestDoctorPrintConfig: the wiring file as the table reads it, defaults
// written out, on any machine (no hardware is touched), and a bad file's
// every problem with its line and fix, nothing printed on stdout.
func TestDoctorPrintConfig(t *testing.T) {
	const ref = "../../firmware/board-reference.yaml"
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("seats:\n  - seat: 1\n    button: 99\ntiming: {tempo: fast}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		file    string
		code    int
		out     []string // on stdout
		problem []string // on stderr
	}{
		{"reference table", ref, 0, []string{"seats:", "stop_window: 1500ms", "tie_window: 5ms", "tempo: 60"}, nil},
		{"bad file", bad, 1, nil, []string{bad + ":3: ", bad + ":4: ", "fix: "}},
		{"missing file", filepath.Join(dir, "nowhere.yaml"), 1, nil, []string{"nowhere.yaml: cannot open the wiring file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), []string{"doctor", "--config", tt.file, "--print-config"}, nil, &out, &errOut)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errOut.String())
			}
			saysAll(t, "stdout", out.String(), tt.out)
			saysAll(t, "stderr", errOut.String(), tt.problem)
			if tt.code != 0 && out.Len() > 0 {
				t.Errorf("a bad file printed a config:\n%s", out.String())
			}
			if tt.code != 0 {
				return
			}
			// What is printed reads back as the table it came from (hw/config's
			// round trip proves the Board; here, printing it again changes
			// nothing), so it can replace the file.
			got, err := config.Parse("printed", out.Bytes())
			if err != nil {
				t.Fatalf("the printed config does not parse: %v\n%s", err, out.String())
			}
			again, err := config.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, out.Bytes()) {
				t.Errorf("printed again, the config changed:\n%s\nthen\n%s", out.String(), again)
			}
		})
	}
}
