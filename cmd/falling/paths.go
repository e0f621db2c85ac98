package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/serve"
	"github.com/falling-table/falling/internal/regularfile"
)

// notAFolder says why dir cannot be used as a folder: it does not exist, or
// it is something else, named as regularfile names it ("… is a named pipe,
// not a folder"). nil when it is a folder.
func notAFolder(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is %s, not a folder", dir, regularfile.Kind(fi.Mode()))
	}
	return nil
}

// notReplaceable refuses an output path that exists and is not a regular
// file. Output is written beside it and renamed over it, which would put a
// page in place of a named pipe or a device (as root, /dev/null itself) and
// cannot replace a directory. A path that does not exist yet is fine.
func notReplaceable(path string) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return &regularfile.Error{Path: path, Mode: fi.Mode().Type()}
	}
	return nil
}

// notOverLog refuses an output path (review's --html page) that would
// destroy what the table keeps: the file being reviewed (in, "" for none),
// any FALLING log or night index whatever its name, and the names the log
// folder's files go by, which a slip of the shell completes to: a hand log
// (.fall), its continuation (.cont), the night index (.idx, and an index
// set aside, .idx.damaged-N), the referee's token. A path that does not
// exist is only refused by its name.
func notOverLog(path, in string) error {
	base := filepath.Base(path)
	for _, ext := range []string{".fall", ".cont", ".idx"} {
		if strings.HasSuffix(base, ext) {
			return fmt.Errorf("%s is named like a table log (%s): the page would take its place", path, ext)
		}
	}
	switch {
	case strings.Contains(base, ".idx.damaged-"):
		return fmt.Errorf("%s is named like a night index set aside: the page would take its place", path)
	case base == serve.TokenFile:
		return fmt.Errorf("%s is named like the referee's control token: the page would take its place", path)
	}
	out, err := os.Stat(path)
	if err != nil {
		return nil // not there: nothing to destroy; writing says if it cannot be made
	}
	if in != "" {
		if fi, err := os.Stat(in); err == nil && os.SameFile(fi, out) {
			return fmt.Errorf("%s is the log being reviewed: the page would take its place", path)
		}
	}
	if !out.Mode().IsRegular() {
		return nil // notReplaceable names what it is
	}
	r, err := wal.Open(path)
	switch {
	case err == nil:
		kind := r.Header().Kind
		if err := r.Close(); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return fmt.Errorf("%s is a FALLING log (kind %q): the page would take its place", path, kind)
	case errors.Is(err, wal.ErrBadHeader), errors.Is(err, wal.ErrNewerVersion):
		// It starts with the logs' signature: a log, however damaged.
		return fmt.Errorf("%s starts like a FALLING log (a damaged or newer one): the page would take its place", path)
	}
	return nil
}

// makeLogDir makes the log folder, or says why it cannot be one: a pipe or
// a file in the way is named for what it is, where MkdirAll would only say
// "not a directory".
func makeLogDir(dir string) error {
	if err := notAFolder(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.MkdirAll(dir, 0o755)
}

// defaultDeck is where a table's deck file lives when not named: beside its
// board config (/etc/falling/table.yaml → /etc/falling/table-deck.txt).
func defaultDeck(config string) string {
	return strings.TrimSuffix(config, filepath.Ext(config)) + "-deck.txt"
}
