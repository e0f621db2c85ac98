package night

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

var (
	nightCuts = flag.Int("night.cuts", 0, "power cuts in TestNightPowerCuts (default 40, 15 with -short)")
	nightSeed = flag.Uint64("night.seed", 0, "seed of TestNightPowerCuts (default: the clock), to replay a night it logged")
)

// The disk model of a power cut: what was fsynced is there; of each page
// written since, the kernel may or may not have written it back, in any
// order; the file's size is the old or the new one.
const diskPage = 4096

// cutFile is one file of the night as the power cut left it: its bytes up
// to durable are on the disk, of the rest a random subset of pages.
func cutFile(rng *rand.Rand, live []byte, durable int) []byte {
	size := durable
	if rng.IntN(4) != 0 {
		size = len(live)
	}
	img := make([]byte, size)
	copy(img, live[:min(durable, size)])
	for p := durable / diskPage * diskPage; p < size; p += diskPage {
		if rng.IntN(2) == 0 {
			lo := max(p, durable)
			copy(img[lo:min(p+diskPage, size)], live[lo:min(p+diskPage, size)])
		}
	}
	return img
}

// nightCut plays a night into a live directory one step at a time (a hand
// starts; entries are logged and synced; a hand ends) and, at a random
// step, leaves in a fresh directory what the disk would hold if the power
// went during that step. It tracks which entries the table was told are
// durable.
type nightCut struct {
	t     *testing.T
	rng   *rand.Rand
	live  string
	start playlog.Entry
	// written[id] is every entry of hand id appended, in order; acked[id]
	// how many of them were reported durable before the cut.
	written map[string][]playlog.Entry
	acked   map[string]int
}

func (c *nightCut) size(name string) int {
	st, err := os.Stat(filepath.Join(c.live, name))
	if os.IsNotExist(err) {
		return -1
	}
	if err != nil {
		c.t.Fatal(err)
	}
	return int(st.Size())
}

func (c *nightCut) read(name string) []byte {
	b, err := os.ReadFile(filepath.Join(c.live, name))
	if err != nil {
		c.t.Fatal(err)
	}
	return b
}

// run plays the night, cutting the power during step cut, and returns the
// directory the power cut left.
func (c *nightCut) run(cut int) string {
	t := c.t
	img := t.TempDir()
	opts := wal.Options{FlushInterval: time.Hour} // durable only when the steps below say so
	step := 0
	// done reports whether the step just taken is the cut; before is every
	// file's durable size before the step, durableAfter says which files
	// the step's fsyncs completed for (the rest keep their old size), and
	// lack is set when the power went inside wal.Create of the step's new
	// hand: the hand's file is missing, and nothing after it was written.
	done := func(before map[string]int, durableAfter func(name string) bool, lack bool) bool {
		step++
		if step < cut {
			return false
		}
		names, err := filepath.Glob(filepath.Join(c.live, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range names {
			name := filepath.Base(p)
			live := c.read(name)
			d, ok := before[name]
			switch {
			case lack && (!ok || d < 0):
				// wal.Create leaves nothing but perhaps a stray
				// temporary file.
				if c.rng.IntN(2) == 0 {
					stray := filepath.Join(img, name+".creating-"+fmt.Sprint(c.rng.Uint32()))
					if err := os.WriteFile(stray, live[:c.rng.IntN(30)], 0o644); err != nil {
						t.Fatal(err)
					}
				}
				continue
			case lack:
				live = live[:d] // not yet written to
			case durableAfter(name):
				d = len(live)
			case !ok || d < 0:
				// A hand created in this step: wal.Create made its header
				// durable before anything else was written.
				d = 22 + len(strings.TrimSuffix(strings.TrimPrefix(name, "hand-"), ".fall")) + 4
			}
			if err := os.WriteFile(filepath.Join(img, name), cutFile(c.rng, live, d), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return true
	}
	sizes := func() map[string]int {
		m := map[string]int{}
		names, _ := filepath.Glob(filepath.Join(c.live, "*"))
		for _, p := range names {
			m[filepath.Base(p)] = c.size(filepath.Base(p))
		}
		return m
	}
	coin := func() bool { return c.rng.IntN(3) == 0 }
	for k := 1; ; k++ {
		id := fmt.Sprintf("%04d", k)
		file := playlog.HandFile(id)
		// A hand starts: its log is created, then its start goes in the
		// index (synced), while the flusher writes its first entry.
		before := sizes()
		w, err := playlog.Create(c.live, c.start, opts)
		if err != nil {
			t.Fatal(err)
		}
		c.written[id] = []playlog.Entry{c.start}
		if err := w.Sync(); err != nil {
			t.Fatal(err)
		}
		// The index start is written only once the hand's file exists.
		idxDone, handDone := coin(), coin()
		if done(before, func(n string) bool {
			return n == playlog.IndexFile && idxDone || n == file && handDone
		}, !idxDone && c.rng.IntN(4) == 0) {
			return img
		}
		c.acked[id] = 1
		for g := range 1 + c.rng.IntN(3) {
			for i := range 1 + c.rng.IntN(30) {
				e := playlog.Entry{Kind: playlog.KindNote, Source: playlog.FromDealer, Note: fmt.Sprintf("hand %s group %d note %d %s", id, g, i, strings.Repeat("x", c.rng.IntN(400)))}
				if _, err := w.Append(e); err != nil {
					t.Fatal(err)
				}
				c.written[id] = append(c.written[id], e)
			}
			before := sizes()
			if err := w.Sync(); err != nil {
				t.Fatal(err)
			}
			handDone := coin()
			if done(before, func(n string) bool { return n == file && handDone }, false) {
				return img
			}
			c.acked[id] = len(c.written[id])
		}
		// The hand ends: its end entry is synced, then the index's.
		before = sizes()
		if err := w.Close(2); err != nil {
			t.Fatal(err)
		}
		c.written[id] = append(c.written[id], playlog.Entry{Kind: playlog.KindHandEnd})
		handDone = coin()
		idxDone = handDone && coin()
		if done(before, func(n string) bool {
			return n == file && handDone || n == playlog.IndexFile && idxDone
		}, false) {
			return img
		}
		c.acked[id] = len(c.written[id])
	}
}

// nightFigures are what TestNightPowerCuts reports.
type nightFigures struct {
	cuts, acked, lost, misread     int
	resumed, fresh, refused        int
	emptyLeft, problems, strayLeft int
}

func (f nightFigures) String() string {
	return fmt.Sprintf("%d entries acknowledged durable, %d lost, %d misread; %d nights resumed their hand, %d had none to resume, %d refused; "+
		"%d problems in review after the night went on (%d hand files left holding no entry), %d stray files left",
		f.acked, f.lost, f.misread, f.resumed, f.fresh, f.refused, f.problems+f.emptyLeft, f.emptyLeft, f.strayLeft)
}

// TestNightPowerCuts is the night half of the crash harness: a night of
// hands (index and hand logs) loses power during a random step, with the
// unsynced pages of every file written back at random. falling play
// --resume then runs on what the disk holds, the hand (if any) goes on and
// ends, the night plays one more hand, and the night is reviewed. Every
// entry acknowledged durable must be there, nothing misread, every night
// must go on, and review must list every hand in the index.
func TestNightPowerCuts(t *testing.T) {
	cuts := *nightCuts
	if cuts == 0 {
		cuts = 40
		if testing.Short() {
			cuts = 15
		}
	}
	seed := *nightSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d, %d power cuts", seed, cuts)
	rng := rand.New(rand.NewPCG(seed, 3))
	tb := newResumeTable()
	start := playlog.Entry{Kind: playlog.KindHandStart, Start: &playlog.Start{Rules: tb.cfg.Game.Rules, Seats: tb.cfg.Game.Seats,
		Dealer: 1, Deck: tb.cfg.Game.Deck, Tempo: 60}}
	var fig nightFigures
	for i := range cuts {
		c := &nightCut{t: t, rng: rng, live: t.TempDir(), start: start, written: map[string][]playlog.Entry{}, acked: map[string]int{}}
		dir := c.run(1 + rng.IntN(12))
		fig.cuts++
		checkNightAfterCut(t, i, c, dir, &fig)
	}
	t.Logf("figures: %d power cuts of a night: %s", cuts, fig)
	if fig.lost > 0 || fig.misread > 0 || fig.refused > 0 || fig.problems > 0 || fig.strayLeft > 0 {
		t.Errorf("figures: %s", fig)
	}
}

func checkNightAfterCut(t *testing.T, run int, c *nightCut, dir string, fig *nightFigures) {
	t.Helper()
	var out bytes.Buffer
	logs, err := playlog.OpenNight(dir, wal.Options{})
	if err != nil {
		t.Fatalf("cut %d: open the night: %v", run, err)
	}
	defer func() {
		if err := logs.Close(); err != nil {
			t.Error(err)
		}
	}()
	rh, err := resumeHand(logs, dir, &out)
	switch {
	case err != nil:
		fig.refused++
		t.Logf("cut %d: resume refused: %v", run, err)
		return
	case rh != nil:
		fig.resumed++
		if err := rh.w.Close(3); err != nil {
			t.Fatalf("cut %d: closing the resumed hand: %v", run, err)
		}
	default:
		fig.fresh++
	}
	// The night goes on with a new hand.
	w, err := logs.Create(c.start)
	if err != nil {
		t.Fatalf("cut %d: the next hand: %v\n%s", run, err, out.String())
	}
	if err := w.Close(2); err != nil {
		t.Fatal(err)
	}
	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range c.written {
		fig.acked += c.acked[id]
		i := slices.IndexFunc(n.Hands, func(h playlog.NightHand) bool { return h.ID == id })
		if i < 0 || n.Hands[i].Hand == nil {
			fig.lost += c.acked[id]
			continue
		}
		got := n.Hands[i].Hand.Entries
		if len(got) < c.acked[id] {
			fig.lost += c.acked[id] - len(got)
		}
		for j, e := range got {
			if j == len(got)-1 && e.Kind == playlog.KindHandEnd {
				continue // the resumed hand's end, or the one written
			}
			if j == len(got)-2 && got[j+1].Kind == playlog.KindHandEnd && e.Kind == playlog.KindNote && e.Schema == playlog.Schema {
				continue // the resumed writer's note of its schema, logged first, before that end
			}
			if j >= len(want) || e.Kind != want[j].Kind || e.Note != want[j].Note {
				fig.misread++
			}
		}
	}
	for _, p := range n.Problems {
		if strings.Contains(p, "is not in the night index") && emptyHand(n, p) {
			fig.emptyLeft++
			continue
		}
		fig.problems++
		t.Logf("cut %d: review: %s\n%s", run, p, out.String())
	}
	stray, err := filepath.Glob(filepath.Join(dir, "*.creating-*"))
	if err != nil {
		t.Fatal(err)
	}
	fig.strayLeft += len(stray)
}

// emptyHand reports whether problem p is about a hand file holding no
// entry: the power went inside the hand's first group commit, before its
// index entry was durable, and nothing was ever reported logged in it.
func emptyHand(n *playlog.Night, p string) bool {
	for _, h := range n.Hands {
		if strings.HasPrefix(p, h.File+" ") && h.Hand != nil && len(h.Hand.Entries) == 0 {
			return true
		}
	}
	return false
}
