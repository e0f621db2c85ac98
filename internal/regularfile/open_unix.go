//go:build unix

package regularfile

import (
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

func open(path string) (*os.File, error) {
	// O_NONBLOCK so that opening a named pipe with no writer returns at
	// once instead of waiting in the kernel, where no signal handler of the
	// Go runtime can end the wait. O_NOCTTY so that a terminal device named
	// by mistake never becomes the controlling terminal.
	var fd int
	var err error
	for {
		fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK|unix.O_NOCTTY, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		// A socket cannot be opened at all (ENXIO): say what it is rather
		// than "no such device or address". The stat only words the error;
		// nothing is read from the path.
		if err == unix.ENXIO {
			if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
				return nil, &Error{Path: path, Mode: fi.Mode().Type()}
			}
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	// Blocking again before the fd becomes an *os.File: a regular file
	// ignores O_NONBLOCK today, but reads keep the plain blocking semantics
	// every caller expects, and the runtime does not put a pipe named by
	// mistake in its poller only to close it again.
	if err := unix.SetNonblock(fd, false); err != nil {
		unix.Close(fd)
		return nil, &fs.PathError{Op: "fcntl", Path: path, Err: err}
	}
	// Stat on the opened file is an fstat of fd: what was opened is judged,
	// not whatever the path names by now. Neither it nor Close waits on a
	// pipe.
	return regular(os.NewFile(uintptr(fd), path))
}
