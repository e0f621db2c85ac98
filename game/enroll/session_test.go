package enroll

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/game/deckfile"
	"github.com/falling-table/falling/hw"
)

// tag is the i-th NTAG-like sticker of a test deck.
func tag(i int) hw.UID {
	u, err := hw.NewUID([]byte{0x04, 0x10, 0x20, 0x30, 0x40, byte(i >> 8), byte(i)})
	if err != nil {
		panic(err)
	}
	return u
}

func mustUID(t *testing.T, s string) hw.UID {
	t.Helper()
	u, err := hw.ParseUID(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// act is one thing the person does, and what they must be told.
type act struct {
	scan     hw.UID // zero: key instead
	key      string
	verdict  Verdict
	progress string // after the act; "" for none
	text     string // must appear in Text
	announce string // must appear in Announce ("" : no new turn)
	save     bool
	done     bool
}

func play(t *testing.T, s *Session, acts []act) {
	t.Helper()
	for i, a := range acts {
		var out Outcome
		what := "key " + a.key
		if a.scan.IsZero() {
			out = s.Key(a.key)
		} else {
			what = "scan " + a.scan.String()
			out = s.Scan(a.scan)
		}
		if out.Verdict != a.verdict {
			t.Errorf("act %d (%s): verdict %v, want %v (%q)", i, what, out.Verdict, a.verdict, out.Text)
		}
		if !strings.Contains(out.Text, a.text) {
			t.Errorf("act %d (%s): text %q does not say %q", i, what, out.Text, a.text)
		}
		if (a.announce == "") != (out.Announce == "") || !strings.Contains(out.Announce, a.announce) {
			t.Errorf("act %d (%s): announce %q, want %q", i, what, out.Announce, a.announce)
		}
		if out.Save != a.save {
			t.Errorf("act %d (%s): save %v, want %v", i, what, out.Save, a.save)
		}
		if out.Done != a.done || s.Done() != a.done {
			t.Errorf("act %d (%s): done %v (session %v), want %v", i, what, out.Done, s.Done(), a.done)
		}
		if got := s.Progress(); got != a.progress {
			t.Errorf("act %d (%s): progress %q, want %q", i, what, got, a.progress)
		}
		if err := s.Deck().Validate(); err != nil {
			t.Fatalf("act %d (%s): the deck went bad: %v", i, what, err)
		}
	}
}

func TestEnrollCounted(t *testing.T) {
	plan := Plan{{game.Hit, 2}, {game.Skip, 1}, {game.Ground, 2}}
	s := NewSession(&deckfile.Deck{}, plan, nil)
	start := s.Start()
	if !strings.Contains(start.Announce, "now the Hits: scan each of the 2 Hit cards") || s.Progress() != "Hit 0/2" {
		t.Fatalf("start = %+v, progress %q", start, s.Progress())
	}
	play(t, s, []act{
		{scan: tag(1), verdict: Accepted, progress: "Hit 1/2", text: "Hit 1 enrolled", save: true},
		{scan: tag(1), verdict: Duplicate, progress: "Hit 1/2", text: "already enrolled as Hit 1"},
		{scan: mustUID(t, "08:12:34:56"), verdict: Foreign, progress: "Hit 1/2", text: "4-byte UID"},
		{scan: mustUID(t, "05:01:02:03:04:05:06"), verdict: Foreign, progress: "Hit 1/2", text: "not made by NXP"},
		{key: "x", verdict: Info, progress: "Hit 1/2", text: "press Enter"},
		{scan: tag(2), verdict: Accepted, progress: "Skip 0/1", text: "Hit 2 enrolled (" + tag(2).String() + "); that is every Hit", announce: "now the Skips", save: true},
		{scan: tag(2), verdict: Foreign, progress: "Skip 0/1", text: "this is Hit 2, not a Skip"},
		{scan: tag(3), verdict: Accepted, progress: "Ground 0/2", announce: "now the Grounds", save: true},
		{scan: tag(4), verdict: Accepted, progress: "Ground 1/2", text: "Ground 1 enrolled", save: true},
		// A Ground short: the person moves on, and is told how to add it.
		{key: "", verdict: Info, text: "1 of 2 enrolled, moving on; run falling enroll again to add the other 1", done: true},
		{scan: tag(9), verdict: Info, text: "over", done: true},
	})
	if got := Summary(s.Deck()); got != "4 cards (2 Hit, 1 Skip, 1 Ground)" {
		t.Errorf("Summary = %q", got)
	}
}

func TestEnrollOpenEnded(t *testing.T) {
	plan, err := PlanFor("open", []game.Kind{game.Anvil, game.Goggles})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(&deckfile.Deck{}, plan, CheckSevenByte)
	if a := s.Start().Announce; !strings.Contains(a, "now the Anvils: scan each Anvil card, then press Enter") {
		t.Fatalf("start announce %q", a)
	}
	play(t, s, []act{
		{scan: tag(1), verdict: Accepted, progress: "Anvil 1", save: true},
		{scan: mustUID(t, "05:01:02:03:04:05:06"), verdict: Accepted, progress: "Anvil 2", text: "Anvil 2 enrolled", save: true},
		{key: "n", verdict: Info, progress: "Goggles 0", text: "Anvils: 2 enrolled", announce: "now the Goggles"},
		{scan: tag(1), verdict: Foreign, progress: "Goggles 0", text: "this is Anvil 1, not a Goggles"},
		{key: "q", verdict: Info, text: "run falling enroll again", done: true},
	})
}

func TestEnrollResumes(t *testing.T) {
	d := &deckfile.Deck{}
	for i := 1; i <= 3; i++ {
		if err := d.Add(deckfile.Entry{UID: tag(i), Kind: game.Hit, Number: i}); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSession(d, Plan{{game.Hit, 3}, {game.Split, 2}, {game.Skip, 2}}, nil)
	if a := s.Start().Announce; !strings.Contains(a, "now the Splits: scan each of the 2") {
		t.Fatalf("a complete turn was not skipped: %q", a)
	}
	play(t, s, []act{
		{scan: tag(1), verdict: Foreign, progress: "Split 0/2", text: "this is Hit 1, not a Split"},
		{scan: tag(4), verdict: Accepted, progress: "Split 1/2", save: true},
	})
	// A crash here; the next run reads the deck saved and finds the
	// Split it had.
	path := filepath.Join(t.TempDir(), "deck.txt")
	if err := deckfile.Write(path, s.Deck()); err != nil {
		t.Fatal(err)
	}
	saved, err := deckfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	s = NewSession(saved, Plan{{game.Hit, 3}, {game.Split, 2}, {game.Skip, 2}}, nil)
	if a := s.Start().Announce; !strings.Contains(a, "now the Splits: 1 of 2 already enrolled, scan the other 1") {
		t.Fatalf("resume announce %q", a)
	}
	// A deck already whole is done at once.
	full := NewSession(hits(t, 3), Plan{{game.Hit, 3}, {game.Skip, 1}}, nil)
	if out := full.Start(); !out.Done || !strings.Contains(out.Text, "deck complete: 4 cards (3 Hit, 1 Skip)") {
		t.Errorf("start of a complete deck = %+v", out)
	}
}

func TestEnrollRetiredTag(t *testing.T) {
	d := &deckfile.Deck{Cards: []deckfile.Entry{{UID: tag(2), Kind: game.Stop, Number: 1}},
		Retired: []deckfile.Entry{{UID: tag(1), Kind: game.Stop, Number: 1}}}
	s := NewSession(d, Plan{{game.Stop, 6}}, nil)
	s.Start()
	play(t, s, []act{
		{scan: tag(1), verdict: Retired, progress: "Stop 1/6", text: "this tag was Stop 1's before that card was replaced"},
		{scan: tag(3), verdict: Accepted, progress: "Stop 2/6", text: "Stop 2 enrolled", save: true},
	})
}

func hits(t *testing.T, n int) *deckfile.Deck {
	d := &deckfile.Deck{}
	for i := 1; i <= n; i++ {
		if err := d.Add(deckfile.Entry{UID: tag(i), Kind: game.Hit, Number: i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Add(deckfile.Entry{UID: tag(100), Kind: game.Skip, Number: 1}); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestReplace(t *testing.T) {
	t.Run("named card", func(t *testing.T) {
		s, err := NewReplace(hits(t, 3), game.Hit, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a := s.Start().Announce; !strings.Contains(a, "replacing Hit 2: scan the card with its new tag") {
			t.Fatalf("start %q", a)
		}
		play(t, s, []act{
			{scan: tag(100), verdict: Foreign, text: "this is Skip 1, not a Hit"},
			{scan: tag(3), verdict: Duplicate, text: "already enrolled as Hit 3"},
			{key: "", verdict: Info, text: "scan the new tag for Hit 2"},
			{scan: tag(50), verdict: Accepted, text: "Hit 2 is now tag " + tag(50).String() + "; its old tag " + tag(2).String() + " is retired", save: true, done: true},
		})
		if e, st := s.Deck().Lookup(tag(2)); st != deckfile.Retired || e.Name() != "Hit 2" {
			t.Errorf("old tag: %v %v", e, st)
		}
		if s.Deck().Count(game.Hit) != 3 {
			t.Errorf("the deck has %d Hits, want 3", s.Deck().Count(game.Hit))
		}
	})
	t.Run("found by elimination", func(t *testing.T) {
		s, err := NewReplace(hits(t, 3), game.Hit, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a := s.Start().Announce; !strings.Contains(a, "scan each Hit you still have") {
			t.Fatalf("start %q", a)
		}
		play(t, s, []act{
			{scan: tag(1), verdict: Seen, text: "Hit 1 is here (1 of 3 Hits seen)"},
			{scan: tag(50), verdict: Foreign, text: "first scan the Hits you still have"},
			{scan: tag(3), verdict: Seen, text: "Hit 3 is here (2 of 3"},
			{key: "", verdict: Info, text: "Hit 2 was not scanned: it is the lost one", announce: "replacing Hit 2"},
			{scan: tag(50), verdict: Accepted, text: "Hit 2 is now tag", save: true, done: true},
		})
	})
	t.Run("several missing, one picked", func(t *testing.T) {
		s, err := NewReplace(hits(t, 4), game.Hit, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		play(t, s, []act{
			{scan: tag(1), verdict: Seen, text: "Hit 1 is here"},
			{key: "", verdict: Info, text: "3 Hits were not scanned (2, 3, 4)"},
			{key: "1", verdict: Info, text: "type the number of the lost Hit: 2, 3, 4"},
			{scan: tag(4), verdict: Seen, text: "2 Hits were not scanned (2, 3)"},
			{scan: tag(3), verdict: Seen, text: "Hit 2 was not scanned: it is the lost one", announce: "replacing Hit 2"},
			{scan: tag(51), verdict: Accepted, save: true, done: true},
		})
	})
	t.Run("several missing, typed", func(t *testing.T) {
		s, err := NewReplace(hits(t, 3), game.Hit, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		play(t, s, []act{
			{key: "", verdict: Info, text: "3 Hits were not scanned (1, 2, 3)"},
			{key: "3", verdict: Info, announce: "replacing Hit 3"},
			{scan: tag(2), verdict: Duplicate, text: "already enrolled as Hit 2"},
			{scan: tag(52), verdict: Accepted, save: true, done: true},
		})
	})
	t.Run("nothing lost", func(t *testing.T) {
		s, err := NewReplace(hits(t, 1), game.Hit, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Start()
		play(t, s, []act{
			{scan: tag(1), verdict: Seen},
			{key: "", verdict: Info, text: "none is lost, nothing replaced", done: true},
		})
	})
	for _, tt := range []struct {
		kind game.Kind
		n    int
		want string
	}{
		{game.Ground, 0, "the deck has no Grounds"},
		{game.Hit, 7, "the deck has no Hit 7 (its Hits are 1, 2, 3)"},
	} {
		if _, err := NewReplace(hits(t, 3), tt.kind, tt.n, nil); !errors.Is(err, ErrNothingToReplace) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewReplace(%v, %d) = %v, want %q", tt.kind, tt.n, err, tt.want)
		}
	}
}

// total is how many cards plan p expects; open-ended steps count nothing.
func total(p Plan) int {
	n := 0
	for _, s := range p {
		n += s.Want
	}
	return n
}

func TestPlanFor(t *testing.T) {
	for _, tt := range []struct {
		name  string
		only  []game.Kind
		total int
		steps int
		err   string
	}{
		{name: "original", total: 54, steps: 8},
		{name: "Move", total: 54, steps: 7},
		{name: "expert", total: 57, steps: 10},
		{name: "expert", only: []game.Kind{game.Anvil, game.Chute, game.Goggles}, total: 3, steps: 3},
		{name: "open", total: 0, steps: 12},
		{name: "original", only: []game.Kind{game.Move}, err: "the original composition has no Move cards"},
		{name: "deluxe", err: `unknown composition "deluxe" (want one of expert, move, open, original)`},
	} {
		p, err := PlanFor(tt.name, tt.only)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("PlanFor(%s, %v) = %v, want %q", tt.name, tt.only, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("PlanFor(%s): %v", tt.name, err)
		}
		if total(p) != tt.total || len(p) != tt.steps {
			t.Errorf("PlanFor(%s, %v): %d cards in %d turns, want %d in %d: %v", tt.name, tt.only, total(p), len(p), tt.total, tt.steps, p)
		}
	}
	p, _ := PlanFor("original", nil)
	if p[0] != (Step{game.Hit, 12}) {
		t.Errorf("first turn %v, want the 12 Hits", p[0])
	}
}
