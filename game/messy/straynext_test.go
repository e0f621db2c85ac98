package messy

import (
	"fmt"
	"strings"
	"testing"
)

// A stray card is one "lying near" the reader, "on the discard pile or on
// top of a stack" (fault.go): a card dealt and read before. A card dealt
// with the one being read, whose own read is still to come (the second of
// a pair whose first read was held back, a Ground here), is not one: the
// reader reads it next, as dealt, and cannot read it before the card dealt
// over it first. These hands once read such a Ground as a stray card ahead
// of the card dealt before it, a miss counted against the assistant that
// no real table makes (without the four: official 2000844, 2000350,
// classic and french 2000573, classic 3009974).
func TestStrayIsNotTheCardReadNext(t *testing.T) {
	for _, c := range []struct {
		rules string
		seed  uint64
	}{
		{"official", 2000844},
		{"official", 2000350},
		{"classic", 2000573},
		{"french", 2000573},
		{"classic", 3009974},
	} {
		t.Run(fmt.Sprint(c.rules, " ", c.seed), func(t *testing.T) {
			opt, deck := ruleSet(t, c.rules)
			read := map[string]bool{} // cards read to the assistant so far
			o := Options{Rules: opt, Deck: deck, Fallers: 2 + int(c.seed%6), Seed: c.seed, Faults: withoutTheFour()}
			o.Trace = func(s string) {
				if _, f, ok := strings.Cut(s, " seen  scan "); ok {
					id, _, _ := strings.Cut(f, ":")
					read[id] = true
				}
				if _, f, ok := strings.Cut(s, " FAULT "+StrayCard.String()+" "); ok {
					if id, _, _ := strings.Cut(f, " "); !read[id] {
						t.Errorf("seed %d: %s: a stray card never read yet", c.seed, s)
					}
				}
			}
			if _, err := Play(o); err != nil {
				t.Fatal(err)
			}
		})
	}
}
