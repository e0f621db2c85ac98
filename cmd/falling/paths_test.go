//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPathsThatAreNotFiles runs every command that takes a path with a
// named pipe, an endless device or a directory where a file (or a file
// where a folder) belongs, each in a process of its own as the systemd unit
// runs it. Each must end at once with an error naming the path and what it
// is: a pipe used to block the open for ever, deaf to SIGTERM, and
// `--deck /dev/zero` grew past a gigabyte and died with a runtime trace.
func TestPathsThatAreNotFiles(t *testing.T) {
	const ref = "../../firmware/board-reference.yaml"
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dir, hands := nightDir(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "hand-0000.fall"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"play: config is a pipe", []string{"play", "--config", fifo, "--log-dir", tmp}, 2, fifo + ": is a named pipe, not a wiring file"},
		{"play: config is /dev/zero", []string{"play", "--config", "/dev/zero", "--log-dir", tmp}, 2, "/dev/zero: is a character device, not a wiring file"},
		{"play: deck is a pipe", []string{"play", "--config", ref, "--deck", fifo, "--log-dir", tmp}, 2, fifo + " is a named pipe, not a file"},
		{"play: deck is /dev/zero", []string{"play", "--config", ref, "--deck", "/dev/zero", "--log-dir", tmp}, 2, "/dev/zero is a character device, not a file"},
		{"play: deck is a directory", []string{"play", "--config", ref, "--deck", tmp, "--log-dir", tmp}, 2, tmp + " is a directory, not a file"},
		{"play: log folder is a pipe", []string{"play", "--fast", "--log-dir", fifo}, 1, fifo + " is a named pipe, not a folder"},
		{"enroll: deck is a pipe", []string{"enroll", "--config", ref, "--deck", fifo}, 2, fifo + " is a named pipe, not a file"},
		{"enroll: deck is /dev/zero", []string{"enroll", "--config", ref, "--deck", "/dev/zero"}, 2, "/dev/zero is a character device, not a file"},
		{"doctor: config is a pipe", []string{"doctor", "--sound", "--config", fifo}, 1, fifo + ": is a named pipe, not a wiring file"},
		{"review: hand is a pipe", []string{"review", fifo}, 1, fifo + " is a named pipe, not a file"},
		{"review: hand is /dev/zero", []string{"review", "/dev/zero"}, 1, "/dev/zero is a character device, not a file"},
		{"review: page is a pipe", []string{"review", "--html", fifo, hands[0]}, 2, fifo + " is a named pipe, not a file"},
		{"review: page is a directory", []string{"review", "--html", tmp, hands[0]}, 2, tmp + " is a directory, not a file"},
		{"serve: log folder is a pipe", []string{"serve", "--listen", "127.0.0.1:0", "--log-dir", fifo}, 1, fifo + " is a named pipe, not a folder"},
		{"serve: log folder is /dev/zero", []string{"serve", "--listen", "127.0.0.1:0", "--log-dir", "/dev/zero"}, 1, "/dev/zero is a character device, not a folder"},
		{"review: night is a pipe", []string{"review", "--night", fifo}, 2, fifo + " is a named pipe, not a folder"},
		{"review: night is /dev/zero", []string{"review", "--night", "/dev/zero"}, 2, "/dev/zero is a character device, not a folder"},
		{"review: a pipe among the night's hands", []string{"review", "--night", dir}, 0, "is a named pipe, not a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runFalling(t, tt.args...)
			if code != tt.code || !strings.Contains(out+errs, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d with %q", code, clip(out), clip(errs), tt.code, tt.want)
			}
			if fi, err := os.Lstat(fifo); err != nil || fi.Mode().Type() != os.ModeNamedPipe {
				t.Fatalf("the pipe was replaced: %v, %v", fi, err)
			}
		})
	}
}

// TestFallingProcess is not a test: runFalling starts the test binary
// through it to run falling's main in a process of its own.
func TestFallingProcess(t *testing.T) {
	if os.Getenv("FALLING_TEST_MAIN") != "1" {
		t.Skip("only runs as falling for runFalling")
	}
	// Should a read be unbounded again, it dies here at 4 GB of address
	// space (some 2 GB of memory; the runtime reserves the rest) instead of
	// taking the machine's.
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30}); err != nil {
		t.Fatal(err)
	}
	os.Args = append([]string{"falling"}, strings.Split(os.Getenv("FALLING_TEST_ARGS"), "\n")...)
	main()
}

// runFalling runs falling with args in a process of its own and returns its
// exit code and output. One that is still running after 5 s is sent
// SIGTERM, as systemd stops the unit, and the test fails; one that is
// still running 5 s after that has ignored it, and is killed.
func runFalling(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFallingProcess$")
	cmd.Env = append(os.Environ(), "FALLING_TEST_MAIN=1", "FALLING_TEST_ARGS="+strings.Join(args, "\n"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		t.Errorf("falling %s still running after 5s: sending SIGTERM", strings.Join(args, " "))
		if serr := cmd.Process.Signal(syscall.SIGTERM); serr != nil {
			t.Fatal(serr)
		}
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			t.Errorf("falling %s ignored SIGTERM for 5s: killed", strings.Join(args, " "))
			_ = cmd.Process.Kill()
			err = <-done
		}
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		code = 0
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		t.Fatal(err)
	}
	// The test binary's own PASS line is no output of falling's.
	return code, strings.TrimSuffix(out.String(), "PASS\n"), errb.String()
}

// clip shortens a runtime trace to what a failure message needs.
func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}
