package regularfile

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadFile checks the bound: a file of at most limit bytes comes back
// whole and unchanged, a longer one is refused with a *TooLargeError, for
// any content and any limit.
func FuzzReadFile(f *testing.F) {
	f.Add([]byte(""), int64(0))
	f.Add([]byte("x"), int64(0))
	f.Add([]byte("falling-deck 1\n"), int64(15))
	f.Add([]byte("falling-deck 1\n"), int64(14))
	f.Add(bytes.Repeat([]byte{0}, 1024), int64(512))
	f.Add(bytes.Repeat([]byte{0}, 513), int64(1<<20))
	f.Add([]byte("no limit at all"), int64(math.MaxInt64))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, limit int64) {
		if limit < 0 {
			if _, err := ReadFile(filepath.Join(dir, "none"), limit); err == nil {
				t.Fatalf("a negative limit %d was accepted", limit)
			}
			return
		}
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path, limit)
		if int64(len(data)) > limit {
			var te *TooLargeError
			if !errors.As(err, &te) || te.Path != path || te.Limit != limit {
				t.Fatalf("%d bytes with limit %d: %v, want a *TooLargeError", len(data), limit, err)
			}
			return
		}
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d bytes with limit %d: got %d bytes, %v", len(data), limit, len(got), err)
		}
	})
}
