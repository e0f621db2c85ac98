package playlog_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/playlog/wal/index"
)

// Issue 13, fault 1, as a night written before the fix left it: hand 0002
// was resumed after its index start was lost, so the index holds its end
// only. Review lists every hand once, in order, hand 0002 found by its file
// name, and says what happened; it used to stop at that end and list every
// later hand as "not in the night index".
func TestReadNightWithAnEndButNoStart(t *testing.T) {
	src := t.TempDir()
	var winners []int
	for seed := range uint64(3) {
		p, _ := simHand(t, src, seed)
		winners = append(winners, mustRead(t, p).Winner)
	}
	dir := t.TempDir()
	for i := 1; i <= 3; i++ {
		name := playlog.HandFile(fmt.Sprintf("%04d", i))
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x, _, err := index.Open(filepath.Join(dir, playlog.IndexFile), "night", wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Unix(1767225600, 0)
	outcome := func(w int) []byte { return []byte(fmt.Sprintf(`{"winner":%d}`, w)) }
	for _, err := range []error{
		x.Start("0001", "hand-0001.fall", t0),
		x.End("0001", t0.Add(time.Minute), outcome(winners[0])),
		x.End("0002", t0.Add(3*time.Minute), outcome(winners[1])),
		x.Start("0003", "hand-0003.fall", t0.Add(4*time.Minute)),
		x.End("0003", t0.Add(5*time.Minute), outcome(winners[2])),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	n, err := playlog.ReadNight(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range n.Hands {
		got = append(got, fmt.Sprintf("%s:%s:%v", h.ID, h.File, h.Indexed))
		if h.Hand == nil || h.Err != nil {
			t.Errorf("hand %s not read: %v", h.ID, h.Err)
		}
	}
	want := "0001:hand-0001.fall:true 0002:hand-0002.fall:false 0003:hand-0003.fall:true"
	if strings.Join(got, " ") != want {
		t.Errorf("hands %q, want %q", strings.Join(got, " "), want)
	}
	if len(n.Problems) != 1 || !strings.Contains(n.Problems[0], "has its end but not its start") {
		t.Errorf("problems %q, want one saying the start was lost", n.Problems)
	}
}
