package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// armTargets are the Pi builds proved under qemu-user: the 64-bit OS, and
// the oldest 32-bit CPU (the Zero's ARMv6), which the armv7 build's code is
// a superset of. They are built without cgo: the ALSA builds are only
// checked to link, by make pi.
var armTargets = []struct {
	name, goarch, goarm, qemu string
}{
	{"arm64", "arm64", "", "qemu-aarch64-static"},
	{"armv6", "arm", "6", "qemu-arm-static"},
}

// armRunTimeout bounds one run under emulation: qemu-user is 5 to 20 times
// slower than native, and a hang must fail the test, not CI.
const armRunTimeout = 60 * time.Second

// TestARMBinaries builds falling for the Pi and runs it under qemu-user:
// the simulator must give the same figures as the native build (no
// word-size or float differences), a simulated hand must play to its end,
// and doctor must say plainly that there is no table hardware.
func TestARMBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds and emulates the Pi binaries; skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("qemu-user runs on Linux only")
	}
	native := runInProcess(t, "sim", "--games", "2000", "--fallers", "5", "--seed", "7", "--json")
	for _, tgt := range armTargets {
		t.Run(tgt.name, func(t *testing.T) {
			t.Parallel()
			qemu, err := exec.LookPath(tgt.qemu)
			if err != nil {
				t.Skipf("%s not found: apt-get install qemu-user-static to run the %s binary", tgt.qemu, tgt.name)
			}
			bin := filepath.Join(t.TempDir(), "falling-"+tgt.name)
			build := exec.Command("go", "build", "-o", bin, ".")
			build.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+tgt.goarch, "GOARM="+tgt.goarm, "CGO_ENABLED=0")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("cross-build for %s: %v\n%s", tgt.name, err, out)
			}
			// qemu is invoked by name, as binfmt_misc may not be
			// registered on a CI machine.
			emulate := func(t *testing.T, args ...string) (stdout, stderr string, code int) {
				t.Helper()
				ctx, cancel := context.WithTimeout(context.Background(), armRunTimeout)
				defer cancel()
				cmd := exec.CommandContext(ctx, qemu, append([]string{bin}, args...)...)
				cmd.WaitDelay = time.Second
				var o, e bytes.Buffer
				cmd.Stdout, cmd.Stderr = &o, &e
				err := cmd.Run()
				if ctx.Err() != nil {
					t.Fatalf("falling %s under %s: no answer in %v", strings.Join(args, " "), tgt.qemu, armRunTimeout)
				}
				var exit *exec.ExitError
				switch {
				case errors.As(err, &exit):
					code = exit.ExitCode()
				case err != nil:
					t.Fatalf("falling %s under %s: %v", strings.Join(args, " "), tgt.qemu, err)
				}
				return o.String(), e.String(), code
			}

			t.Run("sim", func(t *testing.T) {
				out, errOut, code := emulate(t, "sim", "--games", "2000", "--fallers", "5", "--seed", "7", "--json")
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				if out != native {
					t.Errorf("the %s build's figures differ from the native build's:\n%s\n--- native:\n%s", tgt.name, out, native)
				}
			})
			t.Run("play", func(t *testing.T) {
				logs := t.TempDir()
				_, errOut, code := emulate(t, "play", "--fast", "--log-dir", logs)
				if code != 0 && strings.Contains(errOut, `unknown command "play"`) {
					t.Skip("falling play is not wired into this build yet")
				}
				if code != 0 {
					t.Fatalf("a simulated hand under %s: exit %d: %s", tgt.qemu, code, errOut)
				}
				if ents, err := os.ReadDir(logs); err != nil || len(ents) == 0 {
					t.Errorf("the hand left no log in %s (%v)", logs, err)
				}
			})
			t.Run("doctor", func(t *testing.T) {
				out, errOut, code := emulate(t, "doctor")
				if code == 2 && strings.Contains(errOut, `unknown command "doctor"`) {
					t.Skip("falling doctor is not wired into this build yet")
				}
				if code == 0 {
					t.Fatalf("doctor found table hardware on the build machine:\n%s", out)
				}
				if code != 1 {
					t.Errorf("exit %d, want 1 (missing hardware): %s", code, errOut)
				}
				// Plain words, not a stack trace or a bare errno.
				said := out + errOut
				if strings.Contains(said, "goroutine ") || strings.Contains(said, "panic") {
					t.Fatalf("doctor crashed under %s:\n%s", tgt.qemu, said)
				}
				if !strings.Contains(strings.ToLower(said), "gpio") {
					t.Errorf("doctor does not say that the GPIO is missing:\n%s", said)
				}
			})
		})
	}
}

// runInProcess runs a falling command in the test binary: the native build.
func runInProcess(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(context.Background(), args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("native falling %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
	}
	return out.String()
}
