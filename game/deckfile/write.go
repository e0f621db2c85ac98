package deckfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Write replaces the deck file at path with d, durably: the deck goes to a
// temp file beside it, which is synced, renamed over path, and then the
// directory is synced so the rename itself survives a power cut. A reader
// (or a crash at any point) sees the old file or the new one, whole.
func Write(path string, d *Deck) (err error) {
	var buf bytes.Buffer
	if err := d.Encode(&buf); err != nil {
		return fmt.Errorf("deck file %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("deck file %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			// The temp file is ours and holds nothing the old file lacks.
			if rerr := os.Remove(tmp); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				err = errors.Join(err, rerr)
			}
		}
	}()
	if _, err := f.Write(buf.Bytes()); err != nil {
		_ = f.Close() // the write error is the one to report
		return fmt.Errorf("deck file %s: write %s: %w", path, tmp, err)
	}
	// CreateTemp makes the file 0600; a deck file is no secret and the
	// service user and the person at the table should both read it.
	if err := f.Chmod(0o644); err != nil {
		_ = f.Close()
		return fmt.Errorf("deck file %s: chmod %s: %w", path, tmp, err)
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return fmt.Errorf("deck file %s: sync %s: %w", path, tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("deck file %s: close %s: %w", path, tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("deck file %s: %w", path, err)
	}
	if err := syncDir(dir); err != nil {
		// The new file is in place; only its durability is in doubt.
		return fmt.Errorf("deck file %s: written, but syncing its directory failed: %w", path, err)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		_ = d.Close()
		return err
	}
	return d.Close()
}
