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
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return nil, &Error{Path: path, Mode: mode(uint32(st.Mode))}
	}
	// A regular file ignores O_NONBLOCK today, but clear it so that reads
	// keep the plain blocking semantics every caller expects.
	if err := unix.SetNonblock(fd, false); err != nil {
		unix.Close(fd)
		return nil, &fs.PathError{Op: "fcntl", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// mode is the fs.FileMode type bits of a stat mode, as os.Stat sets them.
func mode(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFLNK:
		return fs.ModeSymlink
	case unix.S_IFREG:
		return 0
	}
	return fs.ModeIrregular
}
