// Package regularfile opens the files falling reads (the board config, the
// deck file, hand logs and night indexes) so that a wrong path fails at once
// with a plain error instead of hanging or eating the memory: a named pipe
// would block the open until a writer comes, for ever and deaf to SIGTERM; a
// device such as /dev/zero never ends; a directory is not a file at all.
//
// Open refuses whatever is not a regular file, judged on the descriptor it
// opened (fstat), not on a stat of the path that could be swapped in
// between. ReadFile also bounds how much it reads.
//
// It lives in internal/ because both hw/config and game/... need it, hw must
// not import game, and it is no part of the module's public API.
package regularfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// ErrNotRegular is what errors.Is finds in an *Error.
var ErrNotRegular = errors.New("not a regular file")

// Error says that a path names something other than a regular file.
type Error struct {
	Path string
	Mode fs.FileMode // what the path turned out to be
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s is %s, not a file", e.Path, Kind(e.Mode))
}

func (e *Error) Unwrap() error { return ErrNotRegular }

// Kind names what a file mode is, in words a player setting up the table
// knows: "a named pipe", "a directory".
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t == 0:
		return "a regular file"
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a block device"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	default:
		return "not a regular file (" + t.String() + ")"
	}
}

// TooLargeError says that a file is longer than its reader accepts.
type TooLargeError struct {
	Path  string
	Limit int64 // the most bytes accepted
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s", e.Path, size(e.Limit))
}

func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens path for reading. It never blocks on a named pipe, and it
// refuses anything but a regular file with an *Error. A path that cannot be
// opened gives the *fs.PathError of the open, so errors.Is(err,
// fs.ErrNotExist) works.
func Open(path string) (*os.File, error) { return open(path) }

// ReadFile reads the regular file at path whole, refusing it with a
// *TooLargeError if it holds more than limit bytes. It reads at most
// limit+1 bytes whatever the file claims, so a file that grows while it is
// read still costs no more than that.
func ReadFile(path string, limit int64) ([]byte, error) {
	if limit < 0 {
		return nil, fmt.Errorf("read %s: negative limit %d", path, limit)
	}
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte past the limit tells a file at the limit from a longer one.
	data, err := io.ReadAll(io.LimitReader(f, min(limit, math.MaxInt64-1)+1))
	if err != nil {
		return nil, err // an *fs.PathError naming path
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	return data, nil
}

// regular keeps the opened f if it is a regular file, and closes it
// otherwise. Stat on an opened file is an fstat: what was opened is
// judged, not whatever its path names by now.
func regular(f *os.File) (*os.File, error) {
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &Error{Path: f.Name(), Mode: fi.Mode().Type()}
	}
	return f, nil
}
