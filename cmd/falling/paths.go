package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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
