package deckfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/falling-table/falling/game"
	"github.com/falling-table/falling/hw"
)

func uid(t testing.TB, s string) hw.UID {
	t.Helper()
	u, err := hw.ParseUID(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

const good = `# a deck
falling-deck 1
card    04:A2:2B:1A:5C:61:80 Hit 1
card    04a22b1a5c6181 hit 2   # lower case and no colons are fine
card    04:A2:2B:1A:5C:61:82 Ground 1

retired 04:11:22:33:44:55:66 Hit 2
`

func TestParseGood(t *testing.T) {
	d, err := Parse("deck.txt", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{uid(t, "04A22B1A5C6180"), game.Hit, 1},
		{uid(t, "04A22B1A5C6181"), game.Hit, 2},
		{uid(t, "04A22B1A5C6182"), game.Ground, 1},
	}
	if len(d.Cards) != len(want) {
		t.Fatalf("cards = %v, want %v", d.Cards, want)
	}
	for i := range want {
		if d.Cards[i] != want[i] {
			t.Errorf("card %d = %v, want %v", i, d.Cards[i], want[i])
		}
	}
	if len(d.Retired) != 1 || d.Retired[0].Name() != "Hit 2" {
		t.Errorf("retired = %v, want one tag of Hit 2", d.Retired)
	}
	if e, st := d.Lookup(uid(t, "04:11:22:33:44:55:66")); st != Retired || e.Name() != "Hit 2" {
		t.Errorf("Lookup(retired tag) = %v, %v", e, st)
	}
	if _, st := d.Lookup(uid(t, "04:00:00:00:00:00:00")); st != Unknown {
		t.Errorf("Lookup(new tag) = %v, want unknown", st)
	}
	if got := d.GameCards(); len(got) != 3 || got[0].ID != "04:A2:2B:1A:5C:61:80" || got[0].Kind != game.Hit {
		t.Errorf("GameCards = %v", got)
	}
	if err := game.ValidateDeck(d.GameCards()); err != nil {
		t.Errorf("the engine refuses a parsed deck: %v", err)
	}
}

func TestParseBad(t *testing.T) {
	const head = "falling-deck 1\n"
	tests := []struct {
		name, data string
		want       []string // each must appear in the error
	}{
		{"empty", "", []string{"deck.txt: empty"}},
		{"only comments", "# nothing\n\n", []string{"deck.txt: empty"}},
		{"not a deck", "seats:\n  - seat: 1\n", []string{"deck.txt:1:", `want "falling-deck 1" first`}},
		{"future version", "# x\nfalling-deck 2\n", []string{"deck.txt:2:", `format "2"`}},
		{"unknown record", head + "cards 04:A2:2B:1A:5C:61:80 Hit 1\n", []string{"deck.txt:2:", `unknown record "cards"`}},
		{"short line", head + "card 04:A2:2B:1A:5C:61:80 Hit\n", []string{"deck.txt:2:", "3 fields, want 4"}},
		{"bad uid", head + "card 04:A2:2B Hit 1\n", []string{"deck.txt:2:", "3 bytes, want 4, 7 or 10"}},
		{"bad hex", head + "card zz:A2:2B:1A Hit 1\n", []string{"deck.txt:2:", "bad card UID"}},
		{"bad kind", head + "card 04:A2:2B:1A:5C:61:80 Hitt 1\n", []string{"deck.txt:2:", `unknown card kind "Hitt"`}},
		{"bad number", head + "card 04:A2:2B:1A:5C:61:80 Hit 0\n", []string{"deck.txt:2:", `card number "0"`}},
		{"dup tag", head + "card 04:A2:2B:1A:5C:61:80 Hit 1\ncard 04:A2:2B:1A:5C:61:80 Skip 1\n",
			[]string{"deck.txt:3:", "already on line 2"}},
		{"retired tag also a card", head + "card 04:A2:2B:1A:5C:61:80 Hit 1\nretired 04:A2:2B:1A:5C:61:80 Hit 1\n",
			[]string{"deck.txt:3:", "already on line 2"}},
		{"dup name", head + "card 04:A2:2B:1A:5C:61:80 Hit 1\ncard 04:A2:2B:1A:5C:61:81 Hit 1\n",
			[]string{"deck.txt:3:", "Hit 1 is already on line 2"}},
		{"every problem at once", head + "card 04 Hit 1\ncard 04:A2:2B:1A:5C:61:80 Foo 1\nx\n",
			[]string{"deck.txt:2:", "deck.txt:3:", "deck.txt:4:"}},
		{"binary", head + strings.Repeat("\x00", 1000), []string{"deck.txt:2:", "longer than 256 bytes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("deck.txt", []byte(tt.data))
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrDeck) {
				t.Errorf("%v does not wrap ErrDeck", err)
			}
			var le *LineError
			if !errors.As(err, &le) {
				t.Errorf("%v is not a *LineError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	d, err := Parse("deck.txt", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Parse("again", buf.Bytes())
	if err != nil {
		t.Fatalf("re-reading what Encode wrote: %v\n%s", err, buf.Bytes())
	}
	var again bytes.Buffer
	if err := back.Encode(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Errorf("encode is not stable:\n%s\n---\n%s", buf.Bytes(), again.Bytes())
	}
	if !strings.Contains(buf.String(), "card    04:A2:2B:1A:5C:61:82 Ground 1\nretired") {
		t.Errorf("cards are not grouped by kind before the retired tags:\n%s", buf.Bytes())
	}
}

func TestAddReplace(t *testing.T) {
	d := &Deck{}
	a, b, c := uid(t, "04:00:00:00:00:00:01"), uid(t, "04:00:00:00:00:00:02"), uid(t, "04:00:00:00:00:00:03")
	steps := []struct {
		name string
		do   func() error
		ok   bool
	}{
		{"add Hit 1", func() error { return d.Add(Entry{a, game.Hit, d.NextNumber(game.Hit)}) }, true},
		{"same tag again", func() error { return d.Add(Entry{a, game.Skip, 1}) }, false},
		{"same name again", func() error { return d.Add(Entry{b, game.Hit, 1}) }, false},
		{"no kind", func() error { return d.Add(Entry{b, game.NoKind, 1}) }, false},
		{"add Hit 2", func() error { return d.Add(Entry{b, game.Hit, d.NextNumber(game.Hit)}) }, true},
		{"replace with a deck tag", func() error { _, err := d.Replace(game.Hit, 1, b); return err }, false},
		{"replace a card that is not there", func() error { _, err := d.Replace(game.Hit, 3, c); return err }, false},
		{"replace Hit 1", func() error { _, err := d.Replace(game.Hit, 1, c); return err }, true},
		{"the retired tag cannot come back", func() error { return d.Add(Entry{a, game.Skip, 1}) }, false},
	}
	for _, s := range steps {
		err := s.do()
		if (err == nil) != s.ok {
			t.Fatalf("%s: err = %v, want ok = %v", s.name, err, s.ok)
		}
		if err != nil && !errors.Is(err, ErrDeck) {
			t.Errorf("%s: %v does not wrap ErrDeck", s.name, err)
		}
	}
	if e, st := d.Lookup(c); st != Active || e.Name() != "Hit 1" {
		t.Errorf("new tag is %v %v, want active Hit 1", e, st)
	}
	if e, st := d.Lookup(a); st != Retired || e.Name() != "Hit 1" {
		t.Errorf("old tag is %v %v, want retired Hit 1", e, st)
	}
	if d.Count(game.Hit) != 2 {
		t.Errorf("Count(Hit) = %d, want 2", d.Count(game.Hit))
	}
}

func TestNextNumberFillsGaps(t *testing.T) {
	d := &Deck{Cards: []Entry{
		{uid(t, "04:00:00:00:00:00:01"), game.Hit, 1},
		{uid(t, "04:00:00:00:00:00:02"), game.Hit, 3},
		{uid(t, "04:00:00:00:00:00:03"), game.Skip, 2},
	}}
	for _, tt := range []struct {
		k    game.Kind
		want int
	}{{game.Hit, 2}, {game.Skip, 1}, {game.Ground, 1}} {
		if got := d.NextNumber(tt.k); got != tt.want {
			t.Errorf("NextNumber(%v) = %d, want %d", tt.k, got, tt.want)
		}
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deck.txt")
	if _, err := Read(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Read(missing) = %v, want fs.ErrNotExist", err)
	}
	d := &Deck{}
	for i := 1; i <= 3; i++ {
		if err := d.Add(Entry{uid(t, "04:00:00:00:00:00:0"+string(rune('0'+i))), game.Skip, i}); err != nil {
			t.Fatal(err)
		}
		if err := Write(path, d); err != nil {
			t.Fatal(err)
		}
		back, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Cards) != i {
			t.Fatalf("after write %d the file has %d cards", i, len(back.Cards))
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 {
		t.Errorf("directory holds %v, want only deck.txt: a temp file was left", ents)
	}

	// A deck that would not read back is never written over a good file.
	bad := &Deck{Cards: slices.Clone(d.Cards), Retired: slices.Clone(d.Retired)}
	bad.Cards = append(bad.Cards, bad.Cards[0])
	if err := Write(path, bad); err == nil {
		t.Fatal("writing a deck with a tag twice succeeded")
	}
	if back, err := Read(path); err != nil || len(back.Cards) != 3 {
		t.Errorf("the good file was damaged: %v, %v", back, err)
	}

	// A directory that cannot be written to is reported with the file's name.
	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		if err := Write(filepath.Join(ro, "deck.txt"), d); err == nil || !strings.Contains(err.Error(), "deck.txt") {
			t.Errorf("Write into a read-only directory = %v", err)
		}
	}
	if err := Write(filepath.Join(dir, "missing", "deck.txt"), d); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("Write into a missing directory = %v", err)
	}
}
