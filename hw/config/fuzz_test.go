package config

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse feeds Parse anything. It must never panic; a refusal must be
// made only of Problems, each naming a line inside the file or, when it is
// about the whole file, saying what is wrong and what to do; and whatever it
// accepts must validate and survive Marshal and Parse unchanged.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.yaml")
	more, _ := filepath.Glob("testdata/bad/*.yaml")
	for _, p := range append(append(files, more...), referencePath) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"", "~", "- 1", "a: [", "seats: &s [*s]", fourSeats, fourSeats + "reader: {}\n",
		fourSeats + "timing: {tempo: 600, tie_window: 0s}\n", "\xff\xfe", "seats:\n  - {seat: 1, button: 0x5}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse("f.yaml", data)
		if err != nil {
			if b != nil {
				t.Fatal("Parse returned a Board with its error")
			}
			checkRefusal(t, err, data)
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("Parse accepted a board Validate refuses: %v", err)
		}
		out, err := Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse("f.yaml", out)
		if err != nil {
			t.Fatalf("Marshal wrote a file Parse refuses:\n%s\n%v", out, err)
		}
		if !sameBoard(b, again) {
			t.Fatalf("round trip changed the board:\n%+v\n%+v", b, again)
		}
	})
}

func checkRefusal(t *testing.T, err error, data []byte) {
	t.Helper()
	ps := Problems(err)
	if len(ps) == 0 {
		t.Fatalf("an error with no Problem in it: %v", err)
	}
	var joined []string
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, p := range ps {
		joined = append(joined, p.Error())
		if p.File != "f.yaml" || p.What == "" || p.Fix == "" {
			t.Errorf("problem without file, what or fix: %+v", p)
		}
		if p.Line < 0 || p.Line > lines {
			t.Errorf("problem at line %d of a %d-line file: %v", p.Line, lines, p)
		}
	}
	if got := err.Error(); got != strings.Join(joined, "\n") {
		t.Errorf("the error says more than its Problems:\n%s", got)
	}
}
