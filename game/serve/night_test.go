package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
)

// While a hand is live its file grows every beat: a request must then read
// only that file again, and never replay a finished hand it has drawn.
func TestNightCacheReadsOnlyWhatChanged(t *testing.T) {
	dir := night(t) // two finished hands
	c := &nightCache{dir: dir}
	touch := func(i int) func(t *testing.T) {
		return func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
			if err != nil || len(files) <= i {
				t.Fatalf("hand files %v: %v", files, err)
			}
			// A write a beat later: the file's time moves on.
			later := time.Now().Add(time.Duration(i+1) * time.Minute)
			if err := os.Chtimes(files[i], later, later); err != nil {
				t.Fatal(err)
			}
		}
	}
	steps := []struct {
		name         string
		do           func(t *testing.T)
		open         []int // the hands whose pages are requested, by file order
		reads, views int   // in total after the step
	}{
		{name: "first request reads the night", open: []int{0, 0}, reads: 2, views: 1},
		{name: "nothing changed", open: []int{0, 1}, reads: 2, views: 2},
		{name: "a new hand starts", do: func(t *testing.T) { SimHand(t, dir, 9, false) }, open: []int{0, 1}, reads: 3, views: 2},
		{name: "the live hand grows", do: touch(2), open: []int{0, 2, 2}, reads: 4, views: 3},
		{name: "it grows again", do: touch(2), open: []int{1}, reads: 5, views: 3},
		{name: "and its page is drawn again", open: []int{2}, reads: 5, views: 4},
		// After a disk failure the hand goes on in a continuation, and its
		// own file no longer changes.
		{name: "its disk fails and a continuation grows", do: grow(dir, 2, "a"), open: []int{2}, reads: 6, views: 5},
		{name: "the continuation grows again", do: grow(dir, 2, "bb"), open: []int{2}, reads: 7, views: 6},
		{name: "nothing changed after it", open: []int{2}, reads: 7, views: 6},
	}
	for _, st := range steps {
		if st.do != nil {
			st.do(t)
		}
		if _, err := c.get(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		for _, i := range st.open {
			if _, err := c.hand(handID(t, dir, i)); err != nil {
				t.Fatalf("%s: hand %d: %v", st.name, i, err)
			}
		}
		if c.reads != st.reads || c.views != st.views {
			t.Errorf("%s: %d hand files read and %d pages drawn so far, want %d and %d", st.name, c.reads, c.views, st.reads, st.views)
		}
	}
}

// grow appends to the continuation of the i-th hand file of dir.
func grow(dir string, i int, data string) func(t *testing.T) {
	return func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(dir, "hand-*.fall"))
		if err != nil || len(files) <= i {
			t.Fatalf("hand files %v: %v", files, err)
		}
		f, err := os.OpenFile(playlog.ContinuationFile(files[i]), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(data); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
