package playlog_test

import (
	"runtime"
	"testing"

	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
)

// tailOf is a hand log followed by a damaged tail of pseudo-random bytes,
// made on the fly so the test holds none of it.
type tailOf struct{ head []byte }

func (g tailOf) ReadAt(b []byte, off int64) (int, error) {
	for i := range b {
		at := off + int64(i)
		if at < int64(len(g.head)) {
			b[i] = g.head[at]
			continue
		}
		b[i] = byte(uint64(at)*0x9E3779B97F4A7C15>>56) | 1
	}
	return len(b), nil
}

// Issue 13, fault 6: a hand log with a huge garbage tail is reviewed in
// bounded memory (review took 218 MB for a 200 MB tail): what grows is the
// hand's entries, never the damage.
func TestReadHugeDamagedTailInBoundedMemory(t *testing.T) {
	_, data := simHand(t, t.TempDir(), 1)
	tail := int64(64 << 20)
	if testing.Short() {
		tail = 16 << 20
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h, err := playlog.Decode(tailOf{data}, int64(len(data))+tail)
	runtime.ReadMemStats(&after)
	if err != nil || h.Damage.Kind != wal.DamageTornTail || h.Start == nil {
		t.Fatalf("%v, damage %v", err, h.Damage)
	}
	// The entries themselves take well under a megabyte; the rest is the
	// reader's fixed buffers.
	const bound = 6 << 20
	if got := after.TotalAlloc - before.TotalAlloc; got > bound {
		t.Errorf("reading a %d MB damaged tail allocated %d bytes, bound %d", tail>>20, got, bound)
	}
}
