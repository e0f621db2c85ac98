//go:build unix

package regularfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// paths makes one of each kind of thing a wrong path can name, in dir.
func paths(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(p("file"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(p("fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(p("dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", p("sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	for link, target := range map[string]string{"link-file": "file", "link-fifo": "fifo", "link-dir": "dir"} {
		if err := os.Symlink(target, p(link)); err != nil {
			t.Fatal(err)
		}
	}
	m := map[string]string{"missing": p("missing")}
	for _, n := range []string{"file", "fifo", "dir", "sock", "link-file", "link-fifo", "link-dir"} {
		m[n] = p(n)
	}
	return m
}

// within fails the test if f has not returned after a few seconds: what it
// checks is that nothing blocks.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s still blocked after 5s", what)
	}
}

func TestOpen(t *testing.T) {
	ps := paths(t)
	tests := []struct {
		name, path string
		want       string // "" for a file that opens; else the error's text after the path
		notExist   bool
	}{
		{name: "regular file", path: ps["file"]},
		{name: "symlink to a regular file", path: ps["link-file"]},
		{name: "named pipe with no writer", path: ps["fifo"], want: " is a named pipe, not a file"},
		{name: "symlink to a named pipe", path: ps["link-fifo"], want: " is a named pipe, not a file"},
		{name: "directory", path: ps["dir"], want: " is a directory, not a file"},
		{name: "symlink to a directory", path: ps["link-dir"], want: " is a directory, not a file"},
		{name: "socket", path: ps["sock"], want: " is a socket, not a file"},
		{name: "endless device", path: "/dev/zero", want: " is a character device, not a file"},
		{name: "empty device", path: "/dev/null", want: " is a character device, not a file"},
		{name: "missing", path: ps["missing"], notExist: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f *os.File
			var err error
			within(t, "Open", func() { f, err = Open(tt.path) })
			switch {
			case tt.notExist:
				if !errors.Is(err, fs.ErrNotExist) {
					t.Fatalf("Open = %v, want an error wrapping fs.ErrNotExist", err)
				}
				if !strings.Contains(err.Error(), tt.path) {
					t.Errorf("error %q does not name the file", err)
				}
			case tt.want == "":
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				defer f.Close()
				flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
				if err != nil {
					t.Fatal(err)
				}
				if flags&unix.O_NONBLOCK != 0 {
					t.Error("the file is left non-blocking")
				}
				b, err := io.ReadAll(f)
				if err != nil || string(b) != "hello\n" {
					t.Errorf("read %q, %v; want %q", b, err, "hello\n")
				}
			default:
				var re *Error
				if !errors.As(err, &re) || !errors.Is(err, ErrNotRegular) {
					t.Fatalf("Open = %v (%T), want an *Error", err, err)
				}
				if got, want := err.Error(), tt.path+tt.want; got != want {
					t.Errorf("error %q, want %q", got, want)
				}
			}
		})
	}
}

// A pipe that has a writer holds data, but it still is no file: refused
// without reading it.
func TestOpenFIFOWithWriter(t *testing.T) {
	path := paths(t)["fifo"]
	r, err := os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Write([]byte("falling-deck 1\n")); err != nil {
		t.Fatal(err)
	}
	within(t, "Open", func() { _, err = Open(path) })
	if !errors.Is(err, ErrNotRegular) {
		t.Fatalf("Open = %v, want ErrNotRegular", err)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		path    string
		limit   int64
		wantLen int
		wantErr string // the error's text after the path
	}{
		{name: "empty", path: write("empty", 0), limit: 10},
		{name: "under the limit", path: write("small", 9), limit: 10, wantLen: 9},
		{name: "at the limit", path: write("at", 10), limit: 10, wantLen: 10},
		{name: "one byte over", path: write("over", 11), limit: 10, wantErr: " is larger than 10 bytes"},
		{name: "far over, limit in KB", path: write("big", 3<<10), limit: 2 << 10, wantErr: " is larger than 2 KB"},
		{name: "limit in MB", path: write("bigger", 1<<20+1), limit: 1 << 20, wantErr: " is larger than 1 MB"},
		{name: "limit 0", path: write("one", 1), limit: 0, wantErr: " is larger than 0 bytes"},
		{name: "endless device", path: "/dev/zero", limit: 1 << 20, wantErr: " is a character device, not a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadFile(tt.path, tt.limit)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.path+tt.wantErr {
					t.Fatalf("ReadFile = %d bytes, %v; want error %q", len(b), err, tt.path+tt.wantErr)
				}
				if strings.Contains(tt.wantErr, "larger") {
					var te *TooLargeError
					if !errors.As(err, &te) || te.Limit != tt.limit {
						t.Errorf("error %T, want *TooLargeError with limit %d", err, tt.limit)
					}
				}
				return
			}
			if err != nil || len(b) != tt.wantLen {
				t.Fatalf("ReadFile = %d bytes, %v; want %d", len(b), err, tt.wantLen)
			}
		})
	}
}

func TestKind(t *testing.T) {
	for _, tt := range []struct {
		m    fs.FileMode
		want string
	}{
		{0o644, "a regular file"},
		{fs.ModeDir | 0o755, "a directory"},
		{fs.ModeNamedPipe, "a named pipe"},
		{fs.ModeSocket, "a socket"},
		{fs.ModeDevice | fs.ModeCharDevice, "a character device"},
		{fs.ModeDevice, "a block device"},
		{fs.ModeSymlink, "a symbolic link"},
		{fs.ModeIrregular, "not a regular file (?---------)"},
	} {
		if got := Kind(tt.m); got != tt.want {
			t.Errorf("Kind(%v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}
