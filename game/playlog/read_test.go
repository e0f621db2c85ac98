package playlog_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/playlog"
	"github.com/falling-table/falling/game/playlog/wal"
	"github.com/falling-table/falling/game/playlog/wal/index"
)

// Every bad file gets a message that says what it is, and whatever can be
// read from it comes back.
func TestReadBadFiles(t *testing.T) {
	dir := t.TempDir()
	good, data := simHand(t, dir, 1)
	whole := mustRead(t, good)
	n := len(whole.Entries)
	mid := len(data) / 2

	flipped := bytes.Clone(data)
	flipped[mid] ^= 0x40
	markFlipped := bytes.Clone(data)
	markFlipped[len(data)-1] ^= 0x01
	newer := bytes.Clone(data)
	newer[8] = wal.Version + 1

	tests := []struct {
		name      string
		path      string
		errHas    string // "" for a file that reads
		damage    wal.DamageKind
		damageHas string
		minN      int // at least this many entries come back
		maxN      int
	}{
		{name: "clean", path: good, minN: n, maxN: n},
		// The last 33 bytes are the last group's commit mark.
		{name: "torn tail", path: writeFile(t, data[:len(data)-33-5]), damage: wal.DamageTornTail, damageHas: "never reported durable", minN: n - 1, maxN: n - 1},
		{name: "commit mark cut", path: writeFile(t, data[:len(data)-5]), damage: wal.DamageTornTail, damageHas: "never reported durable", minN: n, maxN: n},
		{name: "commit mark flipped", path: writeFile(t, markFlipped), damage: wal.DamageTornTail, damageHas: "nothing is missing", minN: n, maxN: n},
		{name: "zeros after a power cut", path: writeFile(t, append(bytes.Clone(data), make([]byte, 4096)...)), damage: wal.DamageTornTail, damageHas: "torn write", minN: n, maxN: n},
		{name: "corrupt in the middle", path: writeFile(t, flipped), damage: wal.DamageCorrupt, damageHas: "is LOST; the log reads again", minN: n - 1, maxN: n - 1},
		// The header is 30 bytes for hand 0001: cut in the first record.
		{name: "header only", path: writeFile(t, data[:33]), damage: wal.DamageTornTail, maxN: 0},
		{name: "newer version", path: writeFile(t, newer), errHas: "newer version of falling"},
		{name: "not a log", path: writeFile(t, []byte("#!/bin/sh\necho hello\n")), errHas: "not a FALLING log"},
		{name: "empty", path: writeFile(t, nil), errHas: "never started"},
		{name: "missing", path: filepath.Join(dir, "nope.fall"), errHas: "no such file"},
		{name: "night index", path: filepath.Join(dir, playlog.IndexFile), errHas: "--night"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := playlog.Read(tt.path)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err %v, want one saying %q", err, tt.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Damage.Kind != tt.damage || !strings.Contains(h.DamageText(), tt.damageHas) {
				t.Errorf("damage %v %q, want %v saying %q", h.Damage.Kind, h.DamageText(), tt.damage, tt.damageHas)
			}
			if len(h.Entries) < tt.minN || len(h.Entries) > tt.maxN {
				t.Errorf("%d entries, want %d to %d", len(h.Entries), tt.minN, tt.maxN)
			}
			// Entries keep the numbers they were written with; one lost
			// in the middle leaves a hole, never a renumbering.
			prev := uint64(0)
			for i, e := range h.Entries {
				if e.Seq <= prev || e.Seq > uint64(n) || e.Kind != whole.Entries[e.Seq-1].Kind {
					t.Fatalf("entry %d: seq %d kind %v after seq %d", i, e.Seq, e.Kind, prev)
				}
				prev = e.Seq
			}
			// What was read replays as far as it goes, and no further than
			// a hole.
			if h.Start != nil {
				_, bad, err := playlog.ReplayWith(h, playlog.Hooks{})
				if first, _ := h.FirstLost(); first > 0 {
					if !errors.Is(err, playlog.ErrLostEntries) || !strings.Contains(err.Error(), fmt.Sprintf("entry %d is unreadable", first)) {
						t.Errorf("replay over lost entry %d: %v", first, err)
					}
				} else if err != nil || len(bad) > 0 {
					t.Errorf("replay: %v %v", bad, err)
				}
			}
		})
	}
}

// A record whose frame checks but whose payload is not an entry (a bug, or
// a newer writer) is skipped with a problem, and the rest still reads.
func TestReadUndecodableEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hand-1.fall")
	w, err := wal.Create(path, wal.Header{Kind: playlog.HandKind, ID: "1", Created: time.Unix(0, 0)}, wal.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := `{"k":1,"src":5,"mt":1,"wt":"2026-01-01T20:00:00Z","start":{"schema":12,"hand":"1","rules":{"name":"official","max_extras":1},"seats":[1,2],"dealer":3,"deck":[{"id":"g","kind":"Ground"}],"tempo":60,"stop_window":0,"tie_window":0}}`
	for _, r := range []struct {
		typ byte
		p   string
	}{{1, start}, {2, `{"k":2,"src":2,"seat":`}, {2, `{"k":2,"src":2,"kt":5,"mt":6,"wt":"2026-01-01T20:00:00Z","seat":1}`}, {99, `{"k":99,"mt":7,"wt":"2026-01-01T20:00:00Z"}`}, {3, `{"k":2,"mt":7,"wt":"2026-01-01T20:00:00Z"}`}} {
		if _, err := w.Append(r.typ, []byte(r.p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	h := mustRead(t, path)
	if h.Start == nil || len(h.Entries) != 4 || h.Entries[1].Seq != 3 || h.Entries[1].Seat != 1 || h.Entries[3].Kind != playlog.KindRelease {
		t.Fatalf("start %v, entries %+v", h.Start, h.Entries)
	}
	want := []string{"newer version of falling", "entry 2 (press) cannot be decoded", "entry 4: unknown kind 99", "entry 5: framed as release but its payload says press"}
	if len(h.Problems) != len(want) {
		t.Fatalf("problems %q", h.Problems)
	}
	for i, w := range want {
		if !strings.Contains(h.Problems[i], w) {
			t.Errorf("problem %d: %q, want %q", i, h.Problems[i], w)
		}
	}
}

// A log whose digests do not match what the engine does now says where.
func TestReplayMismatch(t *testing.T) {
	path, _ := simHand(t, t.TempDir(), 3)
	h := mustRead(t, path)
	var tampered, refused uint64
	for i := range h.Entries {
		e := &h.Entries[i]
		if e.Kind != playlog.KindApplied {
			continue
		}
		switch {
		case tampered == 0 && e.Seq > 50:
			e.Digest ^= 1
			tampered = e.Seq
		// The dealer logs the cards it reads (a faller's play is an
		// inference from them): one becomes a play the rules refuse.
		case tampered != 0 && refused == 0 && e.Event.Kind == game.EvScan:
			bad := game.Play(99, 0)
			e.Event = &bad
			refused = e.Seq
		}
	}
	_, bad, err := playlog.ReplayWith(h, playlog.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) < 2 || bad[0].Seq != tampered || bad[0].Err != "" || bad[1].Seq != refused || bad[1].Err == "" {
		t.Fatalf("mismatches %v; want %d (digest) then %d (refused)", bad, tampered, refused)
	}
	if !strings.Contains(bad[1].String(), "refuses") {
		t.Errorf("%q", bad[1])
	}
	h.Start = nil
	if _, _, err := playlog.ReplayWith(h, playlog.Hooks{}); !errors.Is(err, playlog.ErrNoStart) {
		t.Errorf("replay without a start: %v", err)
	}
}

// The night index lists the hands of the directory with their outcome.
func TestCreateRegistersInIndex(t *testing.T) {
	dir := t.TempDir()
	simHand(t, dir, 1)
	simHand(t, dir, 2)
	_, hands, d, err := index.Read(filepath.Join(dir, playlog.IndexFile))
	if err != nil || d.Kind != wal.DamageNone || len(hands) != 2 {
		t.Fatalf("%v %v %+v", d, err, hands)
	}
	for i, h := range hands {
		id := []string{"0001", "0002"}[i]
		if h.ID != id || h.File != playlog.HandFile(id) || !h.Ended || !strings.HasPrefix(string(h.Winner), `{"winner":`) {
			t.Errorf("hand %d: %+v", i, h)
		}
	}
}

// Issue 13, fault 4: a hand log cut inside its first group commit (its
// header and at most part of an entry) says there is nothing to replay, not
// that its configuration is missing as if something had been lost.
func TestReadHeaderOnly(t *testing.T) {
	_, data := simHand(t, t.TempDir(), 1)
	const header = 22 + len("0001") + 4 // the night's first hand
	for _, cut := range []int{header, header + 3, header + 40} {
		h, err := playlog.Read(writeFile(t, data[:cut]))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(h.Problems, "; ")
		if len(h.Entries) != 0 || !strings.Contains(text, "nothing to replay") || strings.Contains(text, "configuration") {
			t.Errorf("cut at %d: %d entries, problems %q", cut, len(h.Entries), text)
		}
	}
}

// TestReplayDigestSchemas: from entry schema 2 (3 to 11 only add events, renumber, or note a resume's schema) the
// digest logged covers the cards dealt by hand and the guesses
// (game.Digest), which a replay must reach too; a schema 1 log, which
// logged the rules' state alone (game.RulesDigest), still replays exactly,
// resumed by a later version or not.
func TestReplayDigestSchemas(t *testing.T) {
	path, _ := simHand(t, t.TempDir(), 3)
	h := mustRead(t, path)
	if h.Start.Schema != playlog.Schema || playlog.Schema != 11 {
		t.Fatalf("a new log has schema %d, this package writes %d", h.Start.Schema, playlog.Schema)
	}
	rules := map[uint64]uint64{}
	_, bad, err := playlog.ReplayWith(h, playlog.Hooks{After: func(e *playlog.Entry, g *game.Game) { rules[e.Seq] = g.RulesDigest() }})
	if err != nil || len(bad) > 0 {
		t.Fatalf("schema 11 as written: %v, %v", err, bad)
	}
	old := *h
	old.Entries = slices.Clone(h.Entries)
	start := *h.Start
	old.Start = &start
	applied := 0
	for i := range old.Entries {
		if e := &old.Entries[i]; e.Kind == playlog.KindApplied {
			applied++
			if applied%2 == 0 { // the later half as a newer version resumed it
				e.Digest = rules[e.Seq]
			}
		}
	}
	for _, c := range []struct {
		schema int
		exact  bool
	}{{1, true}, {0, true}, {2, false}, {3, false}} {
		old.Start.Schema = c.schema
		_, bad, err := playlog.ReplayWith(&old, playlog.Hooks{})
		if err != nil || (len(bad) == 0) != c.exact {
			t.Errorf("schema %d with rules digests: %v, %d mismatches; want exact %v", c.schema, err, len(bad), c.exact)
		}
	}
}
